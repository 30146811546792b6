"""English talk forced into a closed grammar fits the words it is forced into badly: such an answer is a
misfit (``RejectPolicy.misfit_below`` on pocketsphinx's ``Word.fit``), so a seat is read back and not
carried out; answers said plainly are no misfits. Real espeak-ng speech through pocketsphinx and the loop."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from bench.fakes import RecordingSpeaker
from bench.voicebench import cut
from moderator.commands.parse import INTENTS_FOR
from moderator.commands.phrases import Intent
from moderator.voice.asr import Recognizer
from moderator.voice.loop import Heard, VoiceLoop
from moderator.voice.recognizer import DEFAULT_POLICIES
from moderator.voice.sphinx import FIT_FLOOR, fit
from tests.voice.test_names import NamesSession
from tests.voice.test_stream import take

SEAT: tuple[Intent, ...] = INTENTS_FOR["seat"]
FORCED = ("security", "history", "seasons")
"""Common words (wordfreq's, in bench.fit's choose half) that espeak-ng's default English voice says and a
seat step's grammar hears as "seat two", "seat three" and "seat one"; none of them is in tests/talk/outside."""


@given(st.floats(min_value=0.0, max_value=1.0), st.integers(min_value=1, max_value=3000))
def test_a_fit_is_a_log_likelihood_per_frame(ascore: float, frames: int) -> None:
    got = fit(ascore, frames)
    assert FIT_FLOOR <= got <= 0.0
    assert got >= fit(ascore / 2, frames)  # a worse acoustic score never fits better


def acted(heards: list[Heard], loop: VoiceLoop) -> list[str]:
    return [str(h.result.phrase) for h in heards if h.command is not None and h.verdict(loop.confirm_below) == "act"]


def test_talk_forced_into_a_seat_is_read_back_not_carried_out(tmp_path: Path, en_recognizer: Recognizer) -> None:
    line = DEFAULT_POLICIES["pocketsphinx"].misfit_below
    assert line is not None and en_recognizer.policy.misfit_below == line
    loop = VoiceLoop(NamesSession("en", {}), en_recognizer, RecordingSpeaker(), None)  # type: ignore[arg-type]
    shipped = en_recognizer.policy
    before: list[str] = []
    for word in FORCED:
        utterances = cut(take(tmp_path, word, "en")).utterances
        heards = [loop.hear(u, SEAT) for u in utterances]
        assert not acted(heards, loop), word
        assert any(h.result.phrase and h.result.phrase.startswith("seat") and h.result.misfit for h in heards), word
        assert any(h.verdict(loop.confirm_below) == "confirm" for h in heards), word  # read back: "seat two, right?"
        en_recognizer.policy = replace(shipped, misfit_below=None)
        try:  # the same sound without the line: carried out as a seat
            before += acted([loop.hear(u, SEAT) for u in utterances], loop)
        finally:
            en_recognizer.policy = shipped
    assert len(before) == len(FORCED), before


def test_answers_said_plainly_are_not_doubted(tmp_path: Path, en_recognizer: Recognizer) -> None:
    loop = VoiceLoop(NamesSession("en", {}), en_recognizer, RecordingSpeaker(), None)  # type: ignore[arg-type]
    line = en_recognizer.policy.misfit_below
    assert line is not None
    yes_no = INTENTS_FOR["yesno"]
    for text, allowed, phrase in [("seat three", SEAT, "seat three"), ("seat five", SEAT, "seat five"),
                                  ("continue", INTENTS_FOR["confirm"], "continue"),
                                  ("yes", yes_no, "yes"), ("no", yes_no, "no")]:  # fmt: skip
        (utterance,) = cut(take(tmp_path, text, "en")).utterances
        heard = loop.hear(utterance, allowed)
        fits = [w.fit for w in heard.result.words]
        assert heard.result.phrase == phrase and not heard.result.misfit, (text, fits)
        assert all(f is not None and line <= f <= 0.0 for f in fits), (text, fits)
        assert acted([heard], loop) == [phrase]
