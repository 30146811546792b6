"""The voice loop with real parts: espeak-ng speech, fed block by block through the microphone's
callback path (WavUtterances), recognised by the real Vosk / pocketsphinx models, driving the real
engine. Only the loudspeaker is a recording fake, so that what was said can be checked."""

from __future__ import annotations

import io
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest

from bench.fakes import RecordingSpeaker, WavUtterances
from moderator.clocktower.rules.texts import step_texts
from moderator.clocktower.table import Table
from moderator.clocktower.voice import ClocktowerSession
from moderator.config import Config
from moderator.i18n import Lang
from moderator.session import Channel
from moderator.voice import render
from moderator.voice.asr import Recognizer
from moderator.voice.keys import QUIT, TALK
from moderator.voice.listen import Utterances
from moderator.voice.loop import VoiceLoop
from moderator.voice.speaker import Speaker
from tests.tables import TWELVE, twelve_table


@pytest.fixture(scope="module")
def ko() -> Recognizer:
    from moderator.voice.app import recognizer_for

    return recognizer_for("ko", Config())


@pytest.fixture(scope="module")
def en() -> Recognizer:
    from moderator.voice.app import recognizer_for

    return recognizer_for("en", Config())


GOLDEN = Path(__file__).parent / "golden"


def voice_loop(table: Table, lang: Lang, rec: Recognizer | Future[Recognizer], speaker: Speaker, utterances: Utterances,
               **kw: Any) -> VoiceLoop:  # fmt: skip
    return VoiceLoop(ClocktowerSession(table, lang), rec, speaker, utterances, **kw)


def spoken(tmp: Path, lang: Lang, answers: list[str], push_to_talk: bool = False) -> WavUtterances:
    """The answers as speech: the golden espeak-ng renders (fixed bytes, see golden/make.py), else
    rendered now."""
    files = []
    for i, text in enumerate(answers):
        golden = GOLDEN / lang / f"{'_'.join(text.split())}.wav"
        files.append(golden if golden.is_file() else render(text, lang, tmp / f"{i:02}.wav"))
    return WavUtterances(files, push_to_talk=push_to_talk)


def test_a_first_night_by_korean_voice(tmp_path: Path, ko: Recognizer) -> None:
    table = twelve_table("ko")
    speaker = RecordingSpeaker()
    # 아니요 at a seat step chooses nobody: it is read back, and 맞아 confirms it
    answers = ["계속", "계속", "계속", "자리 넷", "계속", "자리 넷", "아니요", "맞아", "계속"]
    loop = voice_loop(table, "ko", ko, speaker, spoken(tmp_path, "ko", answers), confirm_below=0.5)
    loop.run()
    g = table.g
    assert g.phase == "day" and g.day == 1, loop.log
    assert g.player(4).has_reminder("Poisoned", "widow"), loop.log  # the Widow's choice, by voice
    assert g.player(2).character == "snakecharmer" and g.player(4).character == "pixie"  # no Demon picked
    assert not g.player(3).has_reminder("Poisoned")
    assert len(loop.log) == len(answers) - 1  # the 맞아 to the read-back is not logged as an answer


def test_low_confidence_is_read_back_and_no_undoes_nothing(tmp_path: Path, en: Recognizer) -> None:
    table = twelve_table("en")
    speaker = RecordingSpeaker()
    answers = ["continue", "continue", "continue", "seat four", "no", "seat four", "yes", "continue"]
    loop = voice_loop(table, "en", en, speaker, spoken(tmp_path, "en", answers), confirm_below=1.01)
    loop.run()
    read_back = step_texts().flow.read_back("en", heard="seat four")
    assert speaker.on("private").count(read_back) == 2  # asked twice: once refused, once confirmed
    g = table.g
    assert g.player(4).has_reminder("Poisoned", "widow")
    assert g.step == "snakecharmer"  # after the Widow's Know step, the Snake Charmer wakes


def test_private_text_never_reaches_the_table_speaker(tmp_path: Path, ko: Recognizer) -> None:
    table = twelve_table("ko")
    speaker = RecordingSpeaker()
    answers = ["계속", "계속", "계속", "자리 넷", "계속", "자리 넷", "아니요", "계속"]
    voice_loop(table, "ko", ko, speaker, spoken(tmp_path, "ko", answers), confirm_below=0.5).run()
    public = speaker.on("public")
    allowed = {p.public("ko") for p in step_texts().pseudo.values() if p.public}
    assert public and all(any(line.startswith(a) for a in allowed) for line in public), public
    secrets = {table.cat[c].name("ko") for c in TWELVE} | {"악마", "하수인", "블러프"}
    assert not [line for line in public if any(s in line for s in secrets)]
    assert any("뱀 조련사" in line for line in speaker.on("private"))


class LostSpeaker(RecordingSpeaker):
    """A headset that is unplugged after ``works`` sentences; then the storyteller types ``typed``."""

    def __init__(self, works: int, typed: list[str]) -> None:
        super().__init__()
        self.works = works
        self.typed = typed
        self.loop: VoiceLoop | None = None

    def say(self, text: str, channel: Channel) -> None:
        if len(self.said) >= self.works:
            assert self.loop is not None
            for line in self.typed:
                self.loop.post_key(line)
            self.loop.keys_ended()
            raise OSError("PortAudio: device unavailable")
        super().say(text, channel)


def test_a_lost_output_falls_back_to_the_keyboard_at_the_same_step(tmp_path: Path, en: Recognizer) -> None:
    table = twelve_table("en")
    console = io.StringIO()
    speaker = LostSpeaker(4, ["seat 4", "next"])
    answers = ["continue", "continue", "continue"]
    loop = voice_loop(table, "en", en, speaker, spoken(tmp_path, "en", answers), console=console)
    speaker.loop = loop
    assert loop.run() == 0
    out = console.getvalue()
    assert loop.fell_back and "device unavailable" in out and "keyboard" in out
    assert "> Widow" in out  # the step the headset was lost at, now on the console: nothing lost
    assert table.g.player(4).has_reminder("Poisoned", "widow")  # the keyboard carried the night on
    assert table.g.step == "snakecharmer"


class DeadMicrophone(Utterances):
    def __init__(self) -> None:
        super().__init__()
        self.error = OSError("input device unplugged")


def test_a_lost_microphone_falls_back_to_the_keyboard(en: Recognizer) -> None:
    table = twelve_table("en")
    console = io.StringIO()
    speaker = RecordingSpeaker()
    loop = voice_loop(table, "en", en, speaker, DeadMicrophone(), console=console)
    loop.keys_ended()  # stdin closed: heard only once the microphone has gone
    assert loop.run() == 0
    assert loop.fell_back and "input device unplugged" in console.getvalue()
    assert table.g.step == "dusk" and loop.utterances is None
    assert speaker.said  # the headset still works: it is only the microphone that went


def test_after_a_lost_microphone_keys_carry_the_game_on(en: Recognizer) -> None:
    table = twelve_table("en")
    loop = voice_loop(table, "en", en, RecordingSpeaker(), DeadMicrophone(), console=io.StringIO())
    for key in ("next", "next", "next"):
        loop.post_key(key)
    loop.keys_ended()
    loop.run()
    assert table.g.step == "widow"


def test_keys_work_beside_the_voice(tmp_path: Path, en: Recognizer) -> None:
    table = twelve_table("en")
    loop = voice_loop(table, "en", en, RecordingSpeaker(), spoken(tmp_path, "en", ["continue"]))
    loop.post_key("next")  # the pedal, before anyone speaks
    loop.post_key("back")
    loop.post_key("next")
    loop.run()
    assert table.g.step == "demoninfo"  # next, back, next by keys, then "continue" by voice


def test_push_to_talk_hears_only_after_the_talk_key(tmp_path: Path, en: Recognizer) -> None:
    table = twelve_table("en")
    audio = spoken(tmp_path, "en", ["continue", "continue", "continue"], push_to_talk=True)
    loop = voice_loop(table, "en", en, RecordingSpeaker(), audio)
    loop.post_key(TALK)  # one press: one answer heard; the two said without a press are not
    loop.run()
    assert table.g.step == "minioninfo" and len(loop.log) == 1, loop.log


def test_without_push_to_talk_every_answer_is_heard(tmp_path: Path, en: Recognizer) -> None:
    table = twelve_table("en")
    loop = voice_loop(table, "en", en, RecordingSpeaker(), spoken(tmp_path, "en", ["continue", "continue"]))
    loop.run()
    assert table.g.step == "demoninfo" and len(loop.log) == 2, loop.log


def test_a_model_that_fails_to_load_in_the_background_leaves_the_keyboard(tmp_path: Path) -> None:
    """The first prompt is spoken while the model loads; if the load fails, the keys carry on."""
    from moderator.voice.errors import ModelNotFoundError

    loading: Future[Recognizer] = Future()
    loading.set_exception(ModelNotFoundError("no English model here"))
    table = twelve_table("en")
    console = io.StringIO()
    speaker = RecordingSpeaker()
    loop = voice_loop(table, "en", loading, speaker, spoken(tmp_path, "en", ["continue"]), console=console)
    loop.post_key("next")
    loop.keys_ended()
    assert loop.run() == 0
    assert speaker.said[0][0] == "public"  # the table was told to close its eyes before the model was needed
    assert loop.fell_back and "speech recognition unavailable" in console.getvalue()
    assert "no English model here" in console.getvalue()
    assert table.g.step == "minioninfo"  # the key was taken; the speech was not


def test_ctrl_d_stops_the_game_even_with_the_microphone_on(tmp_path: Path, en: Recognizer) -> None:
    table = twelve_table("en")
    loop = voice_loop(table, "en", en, RecordingSpeaker(), spoken(tmp_path, "en", ["continue", "continue"]))
    loop.post_key("next")
    loop.post_key(QUIT)
    assert loop.run() == 0
    assert table.g.step == "minioninfo" and loop.log == []  # nothing heard after the stop


@pytest.mark.parametrize("typed", ["quit", "EXIT"])
def test_a_typed_quit_stops_the_game_with_the_microphone_on(tmp_path: Path, en: Recognizer, typed: str) -> None:
    table = twelve_table("en")
    console = io.StringIO()
    loop = voice_loop(table, "en", en, RecordingSpeaker(), spoken(tmp_path, "en", ["continue", "continue"]),
                      console=console)  # fmt: skip
    loop.post_key("next")
    loop.post_key(typed)
    assert loop.run() == 0
    assert table.g.step == "minioninfo" and loop.log == []  # nothing heard after the stop
