"""The storyteller's hand by voice, with the real parts: espeak-ng speech through the microphone's
callback path, the real recognizers, the real engine. "edit" opens one change; every change is read
back before it is carried out, and "no" leaves the grimoire as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.fakes import RecordingSpeaker, WavUtterances, simulate_room
from moderator.clocktower.voice import ANY_STEP, EDITING, ClocktowerSession
from moderator.commands.phrases import HAND
from moderator.config import Config
from moderator.voice.asr import Recognizer
from moderator.voice.audio import SAMPLE_RATE, read_wav
from moderator.voice.loop import VoiceLoop, judge
from moderator.voice.tts import render
from tests.tables import twelve_table
from tests.voice.test_loop import spoken


@pytest.fixture(scope="module")
def en() -> Recognizer:
    from moderator.voice.app import recognizer_for

    return recognizer_for("en", Config())


@pytest.fixture(scope="module")
def ko() -> Recognizer:
    from moderator.voice.app import recognizer_for

    return recognizer_for("ko", Config())


def test_an_edit_of_the_grimoire_is_always_read_back() -> None:
    assert judge("status", 1.0, False, 0.85, agreed=True, always=HAND) == "confirm"
    assert judge("skip", 1.0, False, 0.85, always=HAND) == "confirm"
    assert judge("revives", 0.4, True, 0.85, always=HAND) == "confirm"  # doubted: read back all the same
    assert judge("seat", 1.0, False, 0.85, always=HAND) == "act"
    assert judge("dies", 1.0, False, 0.85) == "act"  # a session that reads nothing back always (Growl's deaths)
    assert ClocktowerSession(twelve_table("en"), "en").prompt().read_back == HAND


def test_edits_by_english_voice(tmp_path: Path, en: Recognizer) -> None:
    table = twelve_table("en")
    answers = ["continue", "continue", "continue",  # dusk, Minion info, Demon info: the Widow's step
               "edit", "seat four is poisoned", "yes",  # read back, then done
               "edit", "seat six is drunk", "no",  # read back, and refused: nothing changes
               "edit", "swap seat two and seat five", "yes"]  # fmt: skip
    speaker = RecordingSpeaker()
    loop = VoiceLoop(ClocktowerSession(table, "en"), en, speaker, spoken(tmp_path, "en", answers), confirm_below=0.5)
    loop.run()
    g = table.g
    assert g.player(4).has_reminder("Poisoned", "storyteller"), loop.log
    assert not g.player(6).reminders, loop.log
    assert (g.player(2).character, g.player(5).character) == ("fisherman", "snakecharmer"), loop.log
    said = " ".join(text for _, text in speaker.said)
    assert "seat four is poisoned, right?" in said and "Say the change" in said
    assert g.cursor is not None and g.cursor.id == "widow"  # the night waited at its step


def in_a_room(tmp: Path, lang: str, answers: list[str]) -> WavUtterances:
    """The answers rendered by espeak-ng and heard in a quiet room (its noise floor before and after)."""
    pcm = [simulate_room(read_wav(render(a, lang, tmp / f"{i:02}.wav"))[0], SAMPLE_RATE, seed=i)
           for i, a in enumerate(answers)]  # fmt: skip
    return WavUtterances(pcm)


def test_edits_by_korean_voice(tmp_path: Path, ko: Recognizer) -> None:
    table = twelve_table("ko")
    answers = ["계속", "계속", "계속", "고치기", "자리 넷 사망", "맞아", "고치기", "마도서"]
    speaker = RecordingSpeaker()
    loop = VoiceLoop(ClocktowerSession(table, "ko"), ko, speaker, in_a_room(tmp_path, "ko", answers), confirm_below=0.5,
                     streaming=False)  # decoded whole: the same verdict however busy the machine is
    loop.run()
    g = table.g
    assert not g.player(4).alive, loop.log  # read back ("자리 넷 사망, 맞습니까?"), then carried out
    said = [text for _, text in speaker.said]
    assert "자리 넷 사망, 맞습니까?" in said, said
    assert any(t.startswith("마도서, 1번째 밤") for t in said)  # the grimoire, read out


def test_the_grammars_listen_for_edits_only_after_edit() -> None:
    session = ClocktowerSession(twelve_table("en"), "en")
    normal = session.prompt().allowed
    assert set(ANY_STEP) <= set(normal) and "set_character" not in normal
    session.handle(session.parse("edit", normal))  # type: ignore[arg-type]
    assert session.prompt().allowed == EDITING
    sentences = session.sentences(EDITING)
    assert "seat three is the imp" in sentences and "put widow poisoned on seat four" in sentences
    session.handle(session.parse("cancel", EDITING))  # type: ignore[arg-type]
    assert session.prompt().allowed == normal  # back out of the edit: nothing undone


def test_the_timers_are_heard_at_every_step() -> None:
    said = (("ko", "낮 타이머", "지명 타이머", "타이머 정지"),
            ("en", "timer three minutes", "nomination timer", "stop the timer"))  # fmt: skip
    for lang, day, nomination, stop in said:
        session = ClocktowerSession(twelve_table(lang), lang)  # type: ignore[arg-type]
        allowed = session.prompt().allowed
        assert {day, nomination, stop} <= set(session.sentences(allowed)), lang
        session.handle(session.parse(day, allowed))  # type: ignore[arg-type]
        timer = session.text.timer  # type: ignore[attr-defined]
        assert timer is not None and timer.kind == "day" and timer.seconds == (300 if lang == "ko" else 180)
        session.handle(session.parse(nomination, allowed))  # type: ignore[arg-type]
        assert session.text.timer.kind == "nomination" and session.text.timer.seconds == 60  # type: ignore[attr-defined]
        session.handle(session.parse(stop, allowed))  # type: ignore[arg-type]
        assert session.text.timer is None  # type: ignore[attr-defined]
