"""The default rejection policies on real recordings, through the real recognisers and the loop's
judge(): real Korean off-topic speech is rejected at every step kind, by the Korean and by the
English model; real English speech that is more than one word is never acted on (a single spoken
word, "down", still is: a strict xfail that says so); the real English yes/no clips are heard at a
yes/no step. No mocks.

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


def test_real_english_words_that_are_no_command_are_never_acted_on(en_recognizer: Recognizer, speech_dir: Path) -> None:
    pcm, rate = read_wav(speech_dir / "en-speech-commands" / "en_sc_right_left_up.wav")
    got = verdicts(en_recognizer, "en", pcm, rate)
    assert all(verdict != "act" for verdict, _ in got.values()), got


@pytest.mark.xfail(strict=True, reason="a single spoken word is forced into a command word: asr.DEFAULT_POLICIES")
def test_a_real_single_english_word_is_never_acted_on(en_recognizer: Recognizer, speech_dir: Path) -> None:
    pcm, rate = read_wav(speech_dir / "en-speech-commands" / "en_sc_down.wav")
    got = verdicts(en_recognizer, "en", pcm, rate)
    assert all(verdict != "act" for verdict, _ in got.values()), got


def test_real_sentences_are_seldom_commands_to_the_english_model(en_recognizer: Recognizer, speech_dir: Path) -> None:
    """Table talk in any language: the English grammar forces a sentence into a command word, which
    then covers little of the speech. All 30 real Korean sentences at a seat step and a confirm step:
    at least 90% are never acted on (measured: 28 of 30)."""
    parser = Parser("en", Vocabulary(seats=list(range(1, 8))))
    acted = []
    for path in sorted((speech_dir / "ko-zeroth").glob("*.wav")):
        pcm, rate = read_wav(path)
        for kind in ("seat", "confirm"):
            result = en_recognizer.recognize(pcm, rate, parser.sentences(INTENTS_FOR[kind], numbers=range(1, 8)))
            if not result.rejected:
                acted.append((path.name, kind, result.text))
    files = {name for name, _, _ in acted}
    assert len(files) <= 3, acted


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
