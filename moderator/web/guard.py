"""The web server holds its ground (issue 24): whoever reaches the port, with or without the token, can
neither hold connections open nor make the storyteller's terminal scroll.

- A connection must finish sending each request (head and body) within a few seconds; one that sends
  nothing, or half a head, is closed (:func:`guarded_protocol`). Idle keep-alive is uvicorn's own
  timeout.
- At most :data:`MAX_CONNECTIONS` connections are open at once; a newcomer past the cap is answered 503
  and closed at once, so strangers never take the file budget the save needs.
- Every request names a host this machine answers to (an address, ``localhost`` or its own name): a
  page on another site that rebinds its name to this machine is refused (:func:`host_allowed`).
- ``POST /act`` takes at most :data:`MAX_BODY` bytes of JSON (content type, UTF-8, depth and shape
  checked) before anything is carried out (:func:`read_line`).
- Refused requests are counted and said on the terminal in one line: the first at once, then one
  summary a minute at most (:class:`Refusals`). No request ever prints a traceback.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import socket
import time
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from moderator.printable import has_controls
from moderator.textloop import MAX_LINE

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Receive, Scope, Send

MAX_CONNECTIONS = 100
"""Open connections at once (a table's phones and the storyteller's page are a few dozen at most)."""
MAX_PER_ADDRESS = 60
"""Open connections from one address: a stranger flooding from theirs leaves room for every other."""
MAX_STREAMS = 40
"""Open event streams (pages showing the game) at once."""
REQUEST_TIMEOUT_S = 5.0
"""A request's head and body must arrive within one to two of these."""
MAX_BODY = 4096
"""Bytes in a ``POST /act`` body: a line is at most 500 characters."""
MAX_JSON_DEPTH = 4
"""Nesting in a ``POST /act`` body: ``{"line": "…"}`` is one."""
SUMMARY_EVERY_S = 60.0

_BUSY = (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\nconnection: close\r\n"
         b"content-length: 44\r\n\r\n503: too many connections; try again shortly")  # fmt: skip


class Refusals:
    """Requests the server refused, said on the terminal: the first at once, later ones summed up in one
    line at most every :data:`SUMMARY_EVERY_S` (called on the server's event loop only)."""

    def __init__(self, say: Callable[[str], None], every: float = SUMMARY_EVERY_S) -> None:
        self.say = say
        self.every = every
        self.total: Counter[str] = Counter()
        """Every refusal since the start, by reason."""
        self._unsaid: Counter[str] = Counter()
        self._said_at: float | None = None
        self._timer: asyncio.TimerHandle | None = None

    def refused(self, reason: str) -> None:
        self.total[reason] += 1
        now = time.monotonic()
        if self._said_at is None:
            self._said_at = now
            self.say(f"moderator: web: refused a request ({reason}); the game is unaffected, "
                     f"and further refusals are summed up here at most once a minute")  # fmt: skip
            return
        self._unsaid[reason] += 1
        if self._timer is None:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                return  # said at the next refusal on the loop, or at stop
            self._timer = loop.call_later(max(0.0, self._said_at + self.every - now), self.flush)

    def flush(self) -> None:
        """Say what was refused since the last line (nothing when nothing was)."""
        self._timer = None
        if not self._unsaid:
            return
        count = sum(self._unsaid.values())
        parts = ", ".join(f"{reason}: {n}" for reason, n in self._unsaid.most_common())
        self.say(f"moderator: web: refused {count} more request{'s' if count > 1 else ''} ({parts}); "
                 "the game is unaffected")  # fmt: skip
        self._unsaid.clear()
        self._said_at = time.monotonic()


def guarded_protocol(refusals: Refusals, max_connections: int = MAX_CONNECTIONS, timeout: float = REQUEST_TIMEOUT_S,
                     per_address: int = MAX_PER_ADDRESS) -> type[asyncio.Protocol]:  # fmt: skip
    """uvicorn's h11 protocol with connection caps and a deadline on each request's arrival.

    An address past its share, or anyone past the cap, makes room by closing the oldest connection that
    waits for a request (never sent one, or idle between two) from the address that holds the most, so a
    stranger holding connections open cannot lock out the page from another address; when none waits
    (requests, event streams), the newcomer is answered 503."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    open_: dict[Guarded, None] = {}  # insertion order: oldest first
    held: Counter[str] = Counter()  # open connections by address

    class Guarded(H11Protocol):
        _timer: asyncio.TimerHandle | None = None
        _seen: object = None
        _waited: bool = False
        _address: str = ""

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._address = str(self.client[0]) if self.client else ""
            crowded = self._address if held[self._address] >= per_address else None
            if crowded is not None or len(open_) >= max_connections:
                most = crowded or max(held, key=lambda a: held[a])
                idle = next((c for c in open_ if c._address == most and c.waiting()), None)
                idle = idle or (None if crowded else next((c for c in open_ if c.waiting()), None))
                if idle is None:
                    refusals.refused("too many connections")
                    transport.write(_BUSY)
                    transport.close()
                    return
                if idle.scope is None:
                    refusals.refused("too many connections")
                idle.close()
            open_[self] = None
            held[self._address] += 1
            self._timer = self.loop.call_later(timeout, self._tick)

        def _forget(self) -> None:
            if open_.pop(self, False) is None:  # it was open: its address holds one fewer
                held[self._address] -= 1
                if held[self._address] <= 0:
                    del held[self._address]

        def waiting(self) -> bool:
            """Whether the connection waits for the client to send a request (nothing is being done)."""
            idle = self.cycle is None or self.cycle.response_complete
            return idle and self.conn.their_state in (h11.IDLE, h11.DONE)

        def close(self) -> None:
            self._forget()
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            if not self.transport.is_closing():
                self.transport.close()

        def _tick(self) -> None:
            """Close a connection whose request has not arrived since the last tick."""
            self._timer = None
            if self.transport.is_closing():
                return
            waiting = self.conn.their_state in (h11.IDLE, h11.SEND_BODY)
            if waiting and self._waited and self.scope is self._seen:
                if self.scope is None:  # never sent a whole request: a stranger holding the line
                    refusals.refused("request not sent in time")
                self.close()
                return
            self._waited, self._seen = waiting, self.scope
            self._timer = self.loop.call_later(timeout, self._tick)

        def connection_lost(self, exc: Exception | None) -> None:
            self._forget()
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            super().connection_lost(exc)

        def send_400_response(self, msg: str) -> None:
            refusals.refused("not HTTP")
            super().send_400_response(msg)

    return Guarded


def host_allowed(header: str) -> bool:
    """Whether a ``Host`` header names this machine: an IP address (a name that rebinds to us is not one),
    ``localhost``, or this machine's own name."""
    host = header.strip().lower()
    if host.startswith("["):
        host = host[1 : host.find("]")] if "]" in host else ""
    elif host.count(":") == 1:
        host = host.rsplit(":", 1)[0]
    host = host.rstrip(".")
    if not host:
        return False
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        pass
    own = socket.gethostname().lower().rstrip(".")
    return host in ("localhost", own, f"{own}.local") or host.endswith(".localhost")


class BadBody(ValueError):
    """A ``POST /act`` body that is not ``{"line": "…"}``: the status to answer and why."""

    def __init__(self, status: int, why: str) -> None:
        super().__init__(why)
        self.status = status
        self.why = why


JSON_TYPES = ("", "application/json")
"""Content types ``/act`` takes: JSON, or none said. Never a form's (``application/x-www-form-urlencoded``,
``multipart/form-data``, ``text/plain``): another site's page can post those without asking."""


def json_depth(text: str) -> int:
    """The deepest nesting of arrays and objects in ``text`` (read as JSON, without parsing it)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


SHAPE = 'send {"line": "…"} as JSON'


def read_line(content_type: str, body: bytes) -> str:
    """The line a ``POST /act`` body carries, checked before anything is done.

    Raises:
        BadBody: not JSON of the shape ``{"line": "…"}``, too large, too deep, or a line no one types.
    """
    return read_act(content_type, body)[0]


def read_act(content_type: str, body: bytes) -> tuple[str, int | None]:
    """The line a ``POST /act`` body carries, and the view it was given on (``"seen"``: the ``rev`` of the
    view the page showed, if it says), checked before anything is done.

    Raises:
        BadBody: not JSON of the shape ``{"line": "…"}``, too large, too deep, or a line no one types.
    """
    kind = content_type.split(";", 1)[0].strip().lower()
    if kind not in JSON_TYPES and not kind.endswith("+json"):
        raise BadBody(415, f"{SHAPE} (Content-Type: application/json)")
    if len(body) > MAX_BODY:
        raise BadBody(413, f"at most {MAX_BODY} bytes: {SHAPE}")
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise BadBody(400, f"the body is not UTF-8: {SHAPE}") from None
    if json_depth(text) > MAX_JSON_DEPTH:
        raise BadBody(400, f"nested too deep: {SHAPE}")
    try:
        obj: Any = json.loads(text)
    except (ValueError, RecursionError):
        raise BadBody(400, SHAPE) from None
    raw = obj.get("line") if isinstance(obj, dict) else None
    if isinstance(raw, bool) or not isinstance(raw, str | int):
        raise BadBody(400, SHAPE)
    line = str(raw).strip()
    if len(line) > MAX_LINE:
        raise BadBody(400, f"a line is at most {MAX_LINE} characters")
    if has_controls(line):
        raise BadBody(400, "the line holds control characters or bytes that are not text")
    seen = obj.get("seen")
    return line, seen if isinstance(seen, int) and not isinstance(seen, bool) else None


async def plain(send: Send, status: int, text: str) -> None:
    """A short text answer."""
    data = text.encode("utf-8")
    headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(data)).encode()),
               (b"cache-control", b"no-store")]  # fmt: skip
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": data})


class NoTraceback:
    """ASGI middleware: an error inside the app is one counted refusal and a 500, never a traceback."""

    def __init__(self, app: ASGIApp, refusals: Refusals) -> None:
        self.app = app
        self.refusals = refusals

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = False

        async def sending(message: Any) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, sending)
        except Exception as exc:  # the page's request fails, the game does not
            self.refusals.refused(f"server error {type(exc).__name__}")
            if not started and scope["type"] == "http":
                await plain(send, 500, "500: the request failed; the game is unaffected")
