"""The web server holds its ground (issue 24, item 1), on loopback only: connections that send nothing
or half a head past the cap while every change is saved, bodies that are too large, too deep, not JSON
or not text, a ``Host`` that is not this machine, more event streams than the cap, one view built per
change for every stream, one terminal line for a flood of refusals, and NOT SAVED while the save
cannot be written anywhere."""

from __future__ import annotations

import asyncio
import http.client
import io
import json
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from moderator.clocktower.frontend import TextLoop
from moderator.clocktower.voice import ClocktowerSession
from moderator.savefile import LiveSave, decode, read_bytes
from moderator.web.clocktower import ClocktowerWeb
from moderator.web.guard import MAX_CONNECTIONS, MAX_STREAMS, REQUEST_TIMEOUT_S, Refusals, host_allowed, json_depth
from moderator.web.server import Running, View, start
from tests.web.test_voice_sync import new_table


class CountingWeb(ClocktowerWeb):
    """The page's game, counting how often its view is built."""

    views = 0

    def view(self) -> View:
        self.views += 1
        return super().view()


@dataclass
class Served:
    running: Running
    loop: TextLoop
    web: CountingWeb
    live: LiveSave
    said: list[str] = field(default_factory=list)

    @property
    def port(self) -> int:
        return self.running.port

    def path(self, route: str) -> str:
        return f"{route}?token={self.running.token}"

    def entries(self) -> int:
        """Changes in the save on disk."""
        return len(decode(read_bytes(self.live.path), self.live.path, "clocktower")["entries"])


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    (tmp_path / "saves").mkdir()
    (tmp_path / "rescue").mkdir()
    table = new_table()
    live = LiveSave(tmp_path / "saves" / "game.json", "clocktower", tmp_path / "rescue" / "r.json", lambda _: None)
    live.open()
    table.persist = live
    live(table.journal)
    loop = TextLoop(table, "en", io.StringIO())
    web = CountingWeb(table, loop)
    said: list[str] = []
    running = start(web, "127.0.0.1", 0, say=said.append)
    yield Served(running, loop, web, live, said)
    running.stop()
    live.close()


def request(port: int, method: str, path: str, body: bytes | None = None,
            headers: dict[str, str] | None = None) -> tuple[int, bytes]:  # fmt: skip
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        r = conn.getresponse()
        return r.status, r.read()
    finally:
        conn.close()


def act(s: Served, line: str) -> dict[str, object]:
    status, body = request(s.port, "POST", s.path("/act"), json.dumps({"line": line}).encode(),
                           {"Content-Type": "application/json"})  # fmt: skip
    assert status == 200, body
    result: dict[str, object] = json.loads(body)
    return result


def closed_by_server(sock: socket.socket) -> bool:
    """Whether the server closed ``sock`` (it may first have sent a 503)."""
    sock.setblocking(False)
    try:
        while chunk := sock.recv(4096):
            if not chunk:
                return True
    except BlockingIOError:
        return False
    except OSError:
        return True
    return True


def test_half_open_connections_past_the_cap_lose_nothing(served: Served) -> None:
    before = served.entries()
    strangers = []
    for i in range(MAX_CONNECTIONS + 50):
        sock = socket.create_connection(("127.0.0.1", served.port), timeout=5)
        if i % 2:
            sock.sendall(b"GET /state.json HTTP/1.1\r\nHo")  # half a head, then nothing
        strangers.append(sock)
    try:
        for seat in range(1, 6):  # the storyteller's page still acts, and every change is saved
            assert act(served, f"seat {seat} is poisoned")["ok"] is True
        assert served.entries() == before + 5
        time.sleep(0.2)
        closed = sum(closed_by_server(s) for s in strangers)
        assert closed >= 50, f"only {closed} of the strangers' connections were closed past the cap"
        deadline = time.monotonic() + 2 * REQUEST_TIMEOUT_S + 3
        while closed < len(strangers) and time.monotonic() < deadline:
            time.sleep(0.5)
            closed = sum(closed_by_server(s) for s in strangers)
        assert closed == len(strangers), "a connection that sent no whole request was kept open"
    finally:
        for s in strangers:
            s.close()
    assert len(served.said) == 1 and served.said[0].startswith("moderator: web: refused a request")


@pytest.mark.parametrize(
    ("headers", "body", "status"),
    [
        ({"Content-Type": "application/json"}, b"[" * 3000, 400),  # nested too deep
        ({"Content-Type": "application/json"}, b'{"line": "seat 1\\udc80"}', 400),  # a lone surrogate
        ({"Content-Type": "application/json"}, b'{"line": "\\u001b]0;PWNED\\u0007next"}', 400),  # an escape
        ({"Content-Type": "application/json"}, b'{"line": "note seat 3 x\\u2028> FAKE"}', 400),  # a line separator
        ({"Content-Type": "application/json"}, b"\xff\xfe", 400),  # not UTF-8
        ({"Content-Type": "application/json"}, b'{"line": ["next"]}', 400),
        ({"Content-Type": "application/json"}, json.dumps({"line": "x" * 600}).encode(), 400),
        ({"Content-Type": "multipart/form-data; boundary=x"}, b'{"line": "next"}', 415),
        ({"Content-Type": "application/x-www-form-urlencoded"}, b'{"line": "next"}', 415),  # a form another site posts
        ({"Content-Type": "text/plain"}, b'{"line": "next"}', 415),
        ({"Content-Type": "application/json"}, json.dumps({"line": "next", "pad": "x" * 5000}).encode(), 413),
    ],
)
def test_a_bad_body_is_refused_before_anything_is_done(
    served: Served, headers: dict[str, str], body: bytes, status: int
) -> None:
    before = served.entries()
    got, answer = request(served.port, "POST", served.path("/act"), body, headers)
    assert got == status
    assert json.loads(answer)["ok"] is False
    assert served.entries() == before and len(served.loop.table.journal.entries) == before


def test_a_body_that_says_it_is_huge_is_not_read(served: Served) -> None:
    with socket.create_connection(("127.0.0.1", served.port), timeout=5) as sock:
        sock.sendall(f"POST {served.path('/act')} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     "Content-Length: 200000000\r\n\r\n".encode())  # fmt: skip
        assert sock.recv(4096).startswith(b"HTTP/1.1 413")
    with socket.create_connection(("127.0.0.1", served.port), timeout=5) as sock:  # chunked, no length given
        sock.sendall(f"POST {served.path('/act')} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     "Transfer-Encoding: chunked\r\n\r\n".encode())  # fmt: skip
        for _ in range(3):
            sock.sendall(b"1000\r\n" + b" " * 4096 + b"\r\n")
        assert sock.recv(4096).startswith(b"HTTP/1.1 413")


def test_a_host_that_is_not_this_machine_is_refused(served: Served) -> None:
    assert request(served.port, "GET", served.path("/state.json"), headers={"Host": "evil.example"})[0] == 421
    assert request(served.port, "GET", served.path("/state.json"), headers={"Host": "evil.example:80"})[0] == 421
    for host in (f"127.0.0.1:{served.port}", f"localhost:{served.port}", "192.168.0.7", socket.gethostname()):
        assert request(served.port, "GET", served.path("/state.json"), headers={"Host": host})[0] == 200
    assert host_allowed("[::1]:8000") and not host_allowed("") and not host_allowed("127.0.0.1.evil.example")


def test_event_streams_are_capped_and_share_one_view_per_change(served: Served) -> None:
    streams = []
    try:
        for _ in range(MAX_STREAMS):
            sock = socket.create_connection(("127.0.0.1", served.port), timeout=5)
            sock.sendall(f"GET {served.path('/events')} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
            streams.append(sock)
            assert _events(sock, 1) == 1
        status, body = request(served.port, "GET", served.path("/events"))
        assert status == 503 and b"close one" in body
        views = served.web.views
        assert act(served, "next")["ok"] is True  # the game is unaffected, and every page follows it
        for sock in streams:
            assert _events(sock, 2) == 2
        assert served.web.views - views <= 2, "the view was rebuilt for each stream"
    finally:
        for sock in streams:
            _received.pop(sock, None)
            sock.close()


_received: dict[socket.socket, bytes] = {}


def _events(sock: socket.socket, n: int) -> int:
    """How many events an event stream has sent, reading until there are ``n`` (within 5 s)."""
    deadline = time.monotonic() + 5
    while _received.get(sock, b"").count(b"data: {") < n and time.monotonic() < deadline:
        _received[sock] = _received.get(sock, b"") + sock.recv(65536)
    return _received[sock].count(b"data: {")


def test_refusals_are_summed_up_in_one_line() -> None:
    said: list[str] = []

    async def flood() -> None:
        refusals = Refusals(said.append, every=0.05)
        for i in range(1000):
            refusals.refused("no token" if i % 2 else "unknown host")
        await asyncio.sleep(0.2)

    asyncio.run(flood())
    assert len(said) == 2
    assert said[1] == ("moderator: web: refused 999 more requests (no token: 500, unknown host: 499); "
                       "the game is unaffected")  # fmt: skip


def test_json_depth() -> None:
    assert json_depth('{"line": "[[[{{{"}') == 1
    assert json_depth('{"a": [[1], {"b": [2]}]}') == 4
    assert json_depth('"\\"[[["') == 0


def test_not_saved_is_said_on_every_reply_until_the_save_works(served: Served, tmp_path: Path) -> None:
    saves, rescue = tmp_path / "saves", tmp_path / "rescue"
    for folder in (saves, rescue):  # a file where each folder was: no write can succeed, root or not
        shutil.rmtree(folder)
        folder.write_text("in the way", encoding="utf-8")
    result = act(served, "seat 2 is poisoned")
    assert result["ok"] is True and str(result["not_saved"]).startswith("NOT SAVED — cannot write")  # the game's en
    assert str(served.live.problem("ko")).startswith("NOT SAVED — 저장되지 않았습니다")
    assert "! NOT SAVED — " in served.loop.out.getvalue()  # type: ignore[attr-defined]
    assert str(served.web.view()["not_saved"]).startswith("NOT SAVED")
    session = ClocktowerSession(served.loop.table, "en", served.loop)
    assert session.typed("seat 3 is poisoned")[0].text == "Not saved. Check the disk."
    for folder in (saves, rescue):
        folder.unlink()
        folder.mkdir()
    result = act(served, "seat 4 is poisoned")
    assert result["ok"] is True and result["not_saved"] is None
    assert served.entries() == len(served.loop.table.journal.entries)  # everything held in memory is saved
    assert session.typed("back")[0].text != "Not saved. Check the disk."


def test_a_stranger_reconnecting_from_another_address_never_crowds_out_the_page(served: Served) -> None:
    """From 127.0.0.2, a stranger keeps 300 connections waiting, opening a new one for each the server closes,
    while the page (127.0.0.1) acts: every action is answered and saved."""
    before = served.entries()
    stop = threading.Event()
    opened = [0]

    def flood() -> None:
        held: list[socket.socket] = []
        while not stop.is_set():
            held = [s for s in held if not closed_by_server(s)]
            while len(held) < 300 and not stop.is_set():
                sock = socket.socket()
                sock.bind(("127.0.0.2", 0))
                try:
                    sock.connect(("127.0.0.1", served.port))
                except OSError:
                    sock.close()
                    break
                held.append(sock)
                opened[0] += 1
            time.sleep(0.01)
        for s in held:
            s.close()

    stranger = threading.Thread(target=flood, daemon=True)
    stranger.start()
    try:
        time.sleep(1)
        lines = [f"seat {1 + n // 2 % 7} is {'poisoned' if n % 2 == 0 else 'sober'}" for n in range(20)]
        acted = [act(served, line)["ok"] for line in lines]
    finally:
        stop.set()
        stranger.join(timeout=10)
    assert acted == [True] * 20 and opened[0] > 300
    assert served.entries() == before + 20
