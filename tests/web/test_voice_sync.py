"""The page and the voice on one game: a command from the page is carried out under the same lock,
and the voice, waiting for an answer to the old step, announces the step the game is at now (a refused
command from the page changes nothing and is not announced)."""

from __future__ import annotations

import io
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future

from bench.fakes import RecordingSpeaker
from bench.web_harness import ASSIGN, PLAYERS
from moderator.clocktower.frontend import TextLoop
from moderator.clocktower.table import Table
from moderator.clocktower.voice import ClocktowerSession
from moderator.voice.asr import Recognizer
from moderator.voice.loop import VoiceLoop
from moderator.web.clocktower import ClocktowerWeb
from tests.tables import make_table


def new_table() -> Table:
    return make_table("twelve", PLAYERS.split(","), ASSIGN.split(","))


def wait_for(cond: Callable[[], bool], timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def test_the_voice_announces_what_the_page_did() -> None:
    table = new_table()
    text = TextLoop(table, "en", io.StringIO())
    session = ClocktowerSession(table, "en", text)
    speaker = RecordingSpeaker()
    never: Future[Recognizer] = Future()  # keyboard only: the model is never needed
    voice = VoiceLoop(session, never, speaker, None, console=io.StringIO())
    session.watch_elsewhere(voice.post_change)
    page = ClocktowerWeb(table, text, echo=False)
    runner = threading.Thread(target=voice.run, daemon=True)
    runner.start()
    wait_for(lambda: any("Night falls" in t for _, t in speaker.said))

    assert page.act("next")["ok"]
    wait_for(lambda: any("Kazali" in t for _, t in speaker.said))
    said = len(speaker.said)
    refused = page.act("seat 99")
    assert not refused["ok"] and refused["error"]
    time.sleep(0.3)
    assert len(speaker.said) == said  # nothing changed, nothing announced
    assert table.g.cursor is not None and table.g.cursor.id == "kazali"

    voice.keys_ended()
    runner.join(timeout=5)
    assert not runner.is_alive()
