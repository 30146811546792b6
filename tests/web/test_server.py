"""The server without a browser: the token on every path, /state.json the same text as --state-out,
a bad /act body, the page's command path, and a port already taken."""

from __future__ import annotations

import io
import json
import socket
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from moderator.cli_common import WebOptions
from moderator.clocktower.frontend import TextLoop
from moderator.errors import SetupError
from moderator.web.clocktower import ClocktowerWeb
from moderator.web.serve import _serve
from moderator.web.server import Running, start
from tests.web.test_voice_sync import new_table


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Running, TextLoop]]:
    table = new_table()
    loop = TextLoop(table, "en", io.StringIO(), state_out=tmp_path / "state.json")
    loop.save_state()
    running = start(ClocktowerWeb(table, loop), "127.0.0.1", 0)
    yield running, loop
    running.stop()


def fetch(url: str, body: bytes | None = None) -> tuple[int, bytes]:
    req = urllib.request.Request(url, data=body, method="POST" if body is not None else "GET",
                                 headers={"Content-Type": "application/json"} if body is not None else {})  # fmt: skip
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            return int(r.status), r.read()
    except urllib.error.HTTPError as e:
        return int(e.code), e.read()


def test_the_state_json_is_the_state_out_text(served: tuple[Running, TextLoop], tmp_path: Path) -> None:
    running, loop = served
    base = f"http://127.0.0.1:{running.port}"
    code, body = fetch(f"{base}/state.json?token={running.token}")
    assert code == 200
    assert body.decode() == (tmp_path / "state.json").read_text(encoding="utf-8") == loop.state_text()
    assert fetch(f"{base}/state.json")[0] == 403
    assert fetch(f"{base}/state.json?token={running.token}x")[0] == 403


def test_acting_through_the_typed_path(served: tuple[Running, TextLoop], tmp_path: Path) -> None:
    running, loop = served
    act = f"http://127.0.0.1:{running.port}/act?token={running.token}"
    assert fetch(act, b"not json")[0] == 400
    code, body = fetch(act, json.dumps({"line": "seat 99"}).encode())
    assert code == 200 and json.loads(body)["ok"] is False
    code, body = fetch(act, json.dumps({"line": "next"}).encode())
    assert json.loads(body) == {"ok": True, "error": None, "reply": [], "not_saved": None}
    state = json.loads((tmp_path / "state.json").read_text(encoding="utf-8"))
    assert state["cursor"]["id"] == "kazali"
    code, body = fetch(act, json.dumps({"line": "back"}).encode())  # undoable, like the keys
    assert json.loads(body)["ok"]
    assert loop.table.g.cursor is not None and loop.table.g.cursor.id == "dusk"
    printed = loop.out.getvalue()  # type: ignore[attr-defined]
    assert "< (web) next" in printed and "< (web) back" in printed


def test_a_port_already_taken() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        table = new_table()
        loop = TextLoop(table, "en", io.StringIO())
        with pytest.raises(SetupError, match="another --port"):
            _serve(ClocktowerWeb(table, loop), WebOptions("127.0.0.1", port))


def test_only_this_machine_is_called_this_machine() -> None:
    from moderator.web.serve import loopback

    assert all(loopback(h) for h in ("localhost", "127.0.0.1", "127.3.4.5", "::1", "[::1]"))
    assert not any(loopback(h) for h in ("0.0.0.0", "::", "", "192.168.1.2", "localhost.evil.example"))


def _first_view(running: Running) -> dict[str, object]:
    """The first view the event stream sends (what an opened page draws)."""
    url = f"http://127.0.0.1:{running.port}/events?token={running.token}"
    with urllib.request.urlopen(url, timeout=5) as r:
        for raw in r:
            line = raw.decode("utf-8").rstrip("\n")
            if line.startswith("data: {"):
                view: dict[str, object] = json.loads(line[len("data: "):])
                return view
    raise AssertionError("no view")


def test_a_tap_on_a_page_behind_the_game_does_nothing(served: tuple[Running, TextLoop]) -> None:
    """Audit: a page whose stream had dropped showed the old seats and killed the wrong player; a double tap
    on Next skipped a step. A line sent with the view it was given on (``seen``) is refused, doing nothing,
    once the game has moved on; a line without one is carried out as before."""
    running, loop = served
    act = f"http://127.0.0.1:{running.port}/act?token={running.token}"
    rev = _first_view(running)["rev"]
    assert isinstance(rev, int)
    assert json.loads(fetch(act, json.dumps({"line": "next", "seen": rev}).encode())[1])["ok"] is True
    here = loop.table.g.cursor
    answer = json.loads(fetch(act, json.dumps({"line": "next", "seen": rev}).encode())[1])
    assert answer["ok"] is False and answer["stale"] is True
    assert loop.table.g.cursor == here  # the second tap of a double tap: nothing done
    now = _first_view(running)["rev"]
    assert now != rev
    assert json.loads(fetch(act, json.dumps({"line": "back", "seen": now}).encode())[1])["ok"] is True
    assert json.loads(fetch(act, json.dumps({"line": "next"}).encode())[1])["ok"] is True  # no view named: done


def test_with_jsonl_what_the_page_did_is_a_json_line(tmp_path: Path) -> None:
    """Audit: with --jsonl an edit or a step taken on the page printed nothing, and a reader of the JSON lines
    saw a stale prompt. It prints the JSON line a typed line would: the reply, and the prompt now."""
    table = new_table()
    loop = TextLoop(table, "en", io.StringIO(), jsonl=True)
    running = start(ClocktowerWeb(table, loop, echo=True), "127.0.0.1", 0)
    try:
        act = f"http://127.0.0.1:{running.port}/act?token={running.token}"
        assert json.loads(fetch(act, json.dumps({"line": "seat 3 dies"}).encode())[1])["ok"] is True
        assert json.loads(fetch(act, json.dumps({"line": "next"}).encode())[1])["ok"] is True
    finally:
        running.stop()
    rows = [json.loads(x) for x in loop.out.getvalue().splitlines()]  # type: ignore[attr-defined]
    assert len(rows) == 2 and all("step" in r for r in rows)
    assert rows[0]["step"] == "dusk" and rows[-1]["step"] == "kazali"
