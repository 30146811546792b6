"""The HTTP side of the live grimoire: one page, its state pushed over server-sent events, and the
page's commands, all behind a random access token.

Every path answers 403 without ``?token=…``: the players at the table share the Wi-Fi. The routes:
``/`` the page (static/index.html), ``/view.json`` what the page draws, ``/state.json`` the state
JSON contract (the same text as ``--state-out``), ``/events`` the view again after every change
(text/event-stream), ``POST /act`` one command (``{"line": "seat 3"}``), carried out as if typed.

The server runs uvicorn in a daemon thread on a socket bound before it starts (so a busy port fails
at once, and port 0 picks a free one). The game itself is not thread-safe: every call into it goes
through the game's lock (:attr:`moderator.textloop.TextLoopBase.lock`), in a worker thread.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import secrets
import socket
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar
from urllib.parse import parse_qs

from moderator.textloop import TextLoopBase
from moderator.web._deps import require
from moderator.web.guard import (
    MAX_BODY,
    MAX_STREAMS,
    SHAPE,
    BadBody,
    NoTraceback,
    Refusals,
    guarded_protocol,
    host_allowed,
    plain,
    read_act,
)
from moderator.web.icons import icon_png, icon_svg, manifest

if TYPE_CHECKING:
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response
    from starlette.types import ASGIApp, Receive, Scope, Send
    from uvicorn import Server

View = dict[str, Any]

TABLE_PATHS = frozenset({"/table", "/table.json", "/table-events", "/icon.svg"})
"""What the table's token opens: its screen, its view, its stream."""

KEEPALIVE_S = 15.0
"""A ping this often keeps an idle event stream open through phones' and proxies' timeouts; a page that hears
nothing for longer knows its stream has dropped."""
PING = b"event: ping\ndata: \n\n"


class WebGame(Protocol):
    """A game the page can show and act on."""

    def view(self) -> View:
        """What the page draws, as JSON."""
        ...

    def table_view(self) -> View:
        """What the table's screen draws: nothing a player may not see."""
        ...

    def state_text(self) -> str:
        """The state JSON contract (``--state-out``)."""
        ...

    def act(self, line: str) -> View:
        """Carry out ``line`` as if typed: ``{"ok", "error", "reply"}``."""
        ...

    def watch(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` (from any thread) after every change, whoever made it."""
        ...


L = TypeVar("L", bound=TextLoopBase[Any, Any])
R = TypeVar("R")


class WebOnText(Generic[L, R]):
    """What a game's page shares with its text front end: the state JSON and the changes it watches
    come from the text loop, and a line from the page is carried out as a typed one is (its refusals,
    its state file), then the voice is told. Each game says what the page draws and what a reply reads."""

    def __init__(self, loop: L) -> None:
        self.loop = loop

    def watch(self, callback: Callable[[], None]) -> None:
        self.loop.watchers.append(callback)

    def state_text(self) -> str:
        with self.loop.lock:
            return self.loop.state_text()

    def _step(self, line: str) -> tuple[R | None, str | None]:
        """Carry out ``line`` as if typed (the caller holds the lock): the reply, or the refusal."""
        reply, error = self.loop.step(line)
        self.loop.save_state()
        if error is None:
            self.loop.changed_elsewhere()
        return reply, error


@dataclass
class Hub:
    """Wakes every open event stream when the game changes (from any thread); the view each stream
    sends is built once per change, whatever the number of streams."""

    version: int = 0
    loop: asyncio.AbstractEventLoop | None = None
    streams: set[asyncio.Event] = field(default_factory=set)
    _texts: dict[str, tuple[int, str]] = field(default_factory=dict)
    _building: asyncio.Lock | None = None

    def changed(self) -> None:
        self.version += 1
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._wake)

    def _wake(self) -> None:
        for ev in self.streams:
            ev.set()

    async def view_text(self, game: WebGame, which: str = "view") -> str:
        """The current view (``which``: the storyteller's page, or the ``table`` screen) as one event, built
        at most once per change."""
        from starlette.concurrency import run_in_threadpool

        if self._building is None:
            self._building = asyncio.Lock()
        async with self._building:
            version = self.version
            cached = self._texts.get(which)
            if cached is None or cached[0] != version:
                build = game.table_view if which == "table" else game.view
                view = {**await run_in_threadpool(build), "rev": version}  # an act names the view it was given on
                cached = (version, f"data: {_json(view)}\n\n")
                self._texts[which] = cached
            return cached[1]


class Gate:
    """ASGI middleware in front of the app: the ``Host`` a request names (DNS rebinding), its token,
    and the event streams, capped (:mod:`moderator.web.guard`)."""

    def __init__(self, app: ASGIApp, token: str, hub: Hub, game: WebGame, refusals: Refusals,
                 table_token: str = "") -> None:  # fmt: skip
        self.app = app
        self.token = token
        self.table_token = table_token
        """Opens only the table's screen (:data:`TABLE_PATHS`): a URL for a screen the players see."""
        self.hub = hub
        self.game = game
        self.refusals = refusals

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        host = next((v.decode("latin-1") for k, v in scope.get("headers", []) if k == b"host"), None)
        if host is not None and not host_allowed(host):
            self.refusals.refused("unknown host")
            await plain(send, 421, "421: this page answers only at the address the app printed")
            return
        path = scope.get("path", "")
        if not self.allows(scope.get("query_string", b""), path):
            self.refusals.refused("no token")
            await plain(send, 403, "403: this page needs its access token (open the URL the app printed)")
            return
        if path in ("/events", "/table-events") and scope.get("method") == "GET":
            await self.events(receive, send, "table" if path == "/table-events" else "view")
            return
        await self.app(scope, receive, send)

    def allows(self, query: bytes, path: str = "/") -> bool:
        """Whether the query's token opens ``path``: the storyteller's every path, the table's its screen."""
        given = parse_qs(query.decode("latin-1")).get("token", [""])[0].encode()
        if hmac.compare_digest(given, self.token.encode()):
            return True
        return bool(self.table_token) and path in TABLE_PATHS and hmac.compare_digest(given, self.table_token.encode())

    async def events(self, receive: Receive, send: Send, which: str = "view") -> None:
        """The view now, then again after every change (coalesced), with keep-alive comments, until the
        page goes. Past :data:`MAX_STREAMS` a newcomer is told so and the game is unaffected."""
        hub = self.hub
        hub.loop = asyncio.get_running_loop()
        if len(hub.streams) >= MAX_STREAMS:
            self.refusals.refused("too many pages open")
            await plain(send, 503, f"503: {MAX_STREAMS} pages already follow this game; close one and reload")
            return
        woken = asyncio.Event()
        hub.streams.add(woken)
        gone = False

        async def disconnected() -> None:
            nonlocal gone
            while (await receive())["type"] != "http.disconnect":
                pass
            gone = True
            woken.set()

        listener = asyncio.create_task(disconnected())
        try:
            await send({"type": "http.response.start", "status": 200, "headers": [
                (b"content-type", b"text/event-stream; charset=utf-8"), (b"cache-control", b"no-store"),
                (b"x-accel-buffering", b"no")]})  # fmt: skip
            clock = f"event: clock\ndata: {round(time.time() * 1000)}\n\n".encode()  # the pages' timers count by it
            await send({"type": "http.response.body", "body": clock, "more_body": True})
            while not gone:
                woken.clear()
                await send({"type": "http.response.body", "body": (await hub.view_text(self.game, which)).encode(),
                            "more_body": True})  # fmt: skip
                while not woken.is_set():
                    try:
                        await asyncio.wait_for(woken.wait(), KEEPALIVE_S)
                    except TimeoutError:
                        # an event the page sees (a comment it would not): silence then means a dropped stream
                        await send({"type": "http.response.body", "body": PING, "more_body": True})
            await send({"type": "http.response.body", "body": b"", "more_body": False})
        finally:
            listener.cancel()
            hub.streams.discard(woken)


def page_html(name: str = "index.html") -> str:
    """A page: one HTML file with its script and style inline (``index.html``, the storyteller's;
    ``table.html``, the table's screen; ``sw.js``, the service worker)."""
    return (resources.files("moderator.web") / "static" / name).read_text(encoding="utf-8")


def _json(obj: object) -> str:
    return json.dumps(obj, ensure_ascii=False)


def build_app(game: WebGame, token: str, hub: Hub, refusals: Refusals | None = None,
              table_token: str = "") -> ASGIApp:  # fmt: skip
    """The Starlette app for ``game``, behind the gate (host, tokens, event streams)."""
    require("starlette", "for_web_page")
    from starlette.applications import Starlette
    from starlette.concurrency import run_in_threadpool
    from starlette.responses import HTMLResponse, JSONResponse, Response
    from starlette.routing import Route

    refused = refusals or Refusals(lambda line: print(line, file=sys.stderr))

    async def index(request: Request) -> Response:
        return HTMLResponse(page_html(), headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})

    async def view(request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(game.view), headers={"Cache-Control": "no-store"})

    async def table(request: Request) -> Response:
        return HTMLResponse(page_html("table.html"),
                            headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})  # fmt: skip

    async def table_json(request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(game.table_view), headers={"Cache-Control": "no-store"})

    async def app_manifest(request: Request) -> Response:
        lang = str((await run_in_threadpool(game.table_view)).get("lang", "en"))
        return JSONResponse(manifest(token, lang), media_type="application/manifest+json")

    async def worker(request: Request) -> Response:
        return Response(page_html("sw.js"), media_type="text/javascript",
                        headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"})  # fmt: skip

    async def svg(request: Request) -> Response:
        return Response(icon_svg(), media_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"})

    async def png(request: Request) -> Response:
        size = 512 if request.url.path.endswith("512.png") else 192
        return Response(icon_png(size), media_type="image/png", headers={"Cache-Control": "max-age=86400"})

    async def state(request: Request) -> Response:
        text = await run_in_threadpool(game.state_text)
        return Response(text, media_type="application/json", headers={"Cache-Control": "no-store"})

    async def act(request: Request) -> Response:
        """One line, checked whole before anything is carried out."""
        try:
            length = request.headers.get("content-length")
            if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
                raise BadBody(413, f"at most {MAX_BODY} bytes: {SHAPE}")
            body = bytearray()
            async for chunk in request.stream():
                body += chunk
                if len(body) > MAX_BODY:
                    raise BadBody(413, f"at most {MAX_BODY} bytes: {SHAPE}")
            line, seen = read_act(request.headers.get("content-type", ""), bytes(body))
        except BadBody as exc:
            refused.refused(f"bad /act body ({exc.status})")
            return JSONResponse({"ok": False, "error": exc.why, "reply": []}, status_code=exc.status)
        if seen is not None and seen != hub.version:  # tapped on a page behind the game (a double tap, a dropped
            return JSONResponse({"ok": False, "stale": True, "error": None, "reply": []})  # stream): nothing done
        return JSONResponse(await run_in_threadpool(game.act, line))

    app: Starlette = Starlette(routes=[
        Route("/", index), Route("/view.json", view), Route("/state.json", state), Route("/act", act, methods=["POST"]),
        Route("/table", table), Route("/table.json", table_json), Route("/manifest.webmanifest", app_manifest),
        Route("/sw.js", worker), Route("/icon.svg", svg), Route("/icon-192.png", png), Route("/icon-512.png", png),
    ])  # fmt: skip
    return NoTraceback(Gate(app, token, hub, game, refused, table_token), refused)


@dataclass
class Running:
    """A server serving in the background."""

    url: str
    """The page's URL with its token (the host as bound; see terminal.py for the LAN address)."""
    token: str
    host: str
    port: int
    server: Server
    thread: threading.Thread
    refusals: Refusals
    table_token: str = ""
    """Opens only the table's screen (``/table?token=…``)."""

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=5)
        self.refusals.flush()


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: a free one).

    Raises:
        OSError: the address is taken or not this machine's.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(64)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def start(game: WebGame, host: str = "127.0.0.1", port: int = 0, token: str | None = None,
          say: Callable[[str], None] | None = None, table_token: str | None = None) -> Running:  # fmt: skip
    """Serve ``game`` in a background thread; return once it accepts connections.

    Raises:
        WebDependencyError: starlette or uvicorn is not installed.
        OSError: the address cannot be bound.
        RuntimeError: the server did not start within 10 s.

    ``say`` prints the server's one-line notes (refused requests); the terminal's stderr by default.
    """
    require("uvicorn", "for_web_page")
    import uvicorn

    token = token or secrets.token_urlsafe(12)
    table_token = table_token or secrets.token_urlsafe(12)
    hub = Hub()
    game.watch(hub.changed)
    sock = bind(host, port)
    bound = sock.getsockname()[1]
    refusals = Refusals(say or (lambda line: print(line, file=sys.stderr, flush=True)))
    app = build_app(game, token, hub, refusals, table_token)
    config = uvicorn.Config(app, http=guarded_protocol(refusals), ws="none", lifespan="off", log_level="critical",
                            access_log=False, timeout_keep_alive=5, timeout_graceful_shutdown=1)  # fmt: skip
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, name="moderator-web", daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the web server did not start")
        time.sleep(0.01)
    shown = f"[{host}]" if ":" in host else host
    return Running(f"http://{shown}:{bound}/?token={token}", token, host, bound, server, thread, refusals, table_token)
