"""The default rejection policies on real recordings, through the real recognisers and the loop's
judge(): real Korean off-topic speech is rejected at every step kind (English is not yet: a strict
xfail that says so), and the real English yes/no clips are heard at a yes/no step. No mocks.

Real speech: ../shared/speech (CC BY 4.0; see SOURCES.md in each folder)."""

from __future__ import annotations

from pathlib import Path

import pytest

from moderator.commands.parse import INTENTS_FOR, Parser, Vocabulary
from moderator.errors import Ambiguous, NotUnderstood
from moderator.voice import Recognizer, read_wav
from moderator.voice.loop import judge

STEP_KINDS = ("seat", "number", "yesno", "confirm")


def verdicts(rec: Recognizer, lang: str, pcm: bytes, rate: int) -> dict[str, tuple[str, str | None]]:
    """Per step kind of a 7-player game: the loop's verdict and the intent heard."""
    parser = Parser(lang, Vocabulary(seats=list(range(1, 8))))  # type: ignore[arg-type]
    out: dict[str, tuple[str, str | None]] = {}
    for kind in STEP_KINDS:
        allowed = INTENTS_FOR[kind]
        result = rec.recognize(pcm, rate, parser.sentences(allowed, numbers=range(1, 8)))
        intent = None
        if not result.rejected and result.phrase is not None:
            try:
                intent = parser.parse(result.phrase, allowed).intent
            except (NotUnderstood, Ambiguous):
                intent = None
        out[kind] = (judge(intent, min(result.confidences, default=0.0), result.doubtful, 0.85), intent)
    return out


@pytest.mark.xfail(strict=True, reason="English has no off-topic rejection that keeps commands: asr.DEFAULT_POLICIES")
@pytest.mark.parametrize("name", ["en_sc_down.wav", "en_sc_right_left_up.wav"])
def test_real_english_chatter_is_never_acted_on(en_recognizer: Recognizer, speech_dir: Path, name: str) -> None:
    pcm, rate = read_wav(speech_dir / "en-speech-commands" / name)
    got = verdicts(en_recognizer, "en", pcm, rate)
    assert all(verdict != "act" for verdict, _ in got.values()), got


def test_real_english_yes_and_no_are_heard_at_a_yes_no_step(en_recognizer: Recognizer, speech_dir: Path) -> None:
    folder = speech_dir / "en-speech-commands"
    for name, word in [
        ("en_tfmicro_yes_1000ms.wav", "yes"),
        ("en_tfmicro_no_1000ms.wav", "no"),
        ("en_sc_yes.wav", "yes"),
    ]:
        pcm, rate = read_wav(folder / name)
        assert verdicts(en_recognizer, "en", pcm, rate)["yesno"] == ("act", word), name


@pytest.mark.parametrize("name", ["zeroth_ko_test_0026.wav", "zeroth_ko_test_0055.wav", "zeroth_ko_test_0099.wav"])
def test_real_korean_chatter_is_never_acted_on(ko_recognizer: Recognizer, speech_dir: Path, name: str) -> None:
    pcm, rate = read_wav(speech_dir / "ko-zeroth" / name)
    got = verdicts(ko_recognizer, "ko", pcm, rate)
    assert all(verdict == "reject" for verdict, _ in got.values()), got
