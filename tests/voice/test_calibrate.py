"""Calibration to the storyteller, through the real recognizer: the near-field gate, the best forms,
the takes as templates, storage, and the loop using them."""

from __future__ import annotations

import array
import math
from pathlib import Path

import pytest

from bench.fakes import RecordingSpeaker, simulate_room
from moderator.voice import read_wav, render
from moderator.voice.asr import Recognizer
from moderator.voice.calibrate import Calibration, calibrate, load, save, speech_level
from moderator.voice.loop import VoiceLoop
from tests.voice.test_names import NamesSession

FORMS = {"next": ["continue"], "back": ["cancel"], "repeat": ["repeat"], "yes": ["yes"], "no": ["no"],
         "nobody": ["nobody"]}
VOICE = "gmw/en-us"


def take(tmp: Path, text: str, rate: int, seed: int = 0, voice: str = VOICE) -> bytes:
    pcm, sr = read_wav(render(text, "en", tmp / f"{text}-{rate}-{voice.replace('/', '_')}.wav", voice=voice, rate=rate))
    return simulate_room(pcm, sr, seed=seed)


def quieter(pcm: bytes, db: float) -> bytes:
    samples = array.array("h", pcm)
    gain = 10 ** (-db / 20)
    return array.array("h", (int(s * gain) for s in samples)).tobytes()


@pytest.fixture(scope="module")
def calibrated(tmp_path_factory: pytest.TempPathFactory, en_recognizer: Recognizer) -> tuple[Calibration, Path]:
    tmp = tmp_path_factory.mktemp("takes")
    takes = {p: [take(tmp, p, r, seed=r) for r in (150, 170, 190)] for ps in FORMS.values() for p in ps}
    cal = calibrate(takes, FORMS, en_recognizer, "en")
    return cal, save(cal, takes, root=tmp)


def test_calibration_learns_the_level_the_forms_and_a_threshold(calibrated: tuple[Calibration, Path]) -> None:
    cal, folder = calibrated
    assert cal.scores == {p: (3, 3) for ps in FORMS.values() for p in ps}, cal.table()
    assert cal.best == {i: ps[0] for i, ps in FORMS.items()}
    assert "no" in cal.vouched() and "next" in cal.vouched()
    assert 0 < cal.templates.threshold < float("inf")
    assert (folder / "calibration.json").is_file() and len(list((folder / "takes").glob("*.wav"))) == 18


def test_the_stored_calibration_reads_back_the_same(calibrated: tuple[Calibration, Path]) -> None:
    cal, folder = calibrated
    again = load("en", root=folder.parent.parent)
    assert again is not None
    assert (again.level, again.scores, again.best, again.forms) == (cal.level, cal.scores, cal.best, cal.forms)
    assert again.templates.threshold == pytest.approx(cal.templates.threshold)
    assert load("ko", root=folder.parent.parent) is None  # none yet: the game says so and reads back


def test_a_voice_far_below_the_storyteller_is_not_an_answer(
    tmp_path: Path, calibrated: tuple[Calibration, Path]
) -> None:
    cal, _ = calibrated
    near = take(tmp_path, "no", 160, seed=7)
    assert not cal.far(near) and not cal.far(quieter(near, 6))
    assert cal.far(quieter(near, 26))  # a player about a metre away from a headset microphone
    assert speech_level(quieter(near, 20)) < speech_level(near)


def test_a_short_answer_must_sound_like_the_storytellers_takes(
    tmp_path: Path, calibrated: tuple[Calibration, Path]
) -> None:
    cal, _ = calibrated
    templates = cal.templates
    assert not templates.doubts("no", take(tmp_path, "no", 160, seed=9))
    for other in ("four", "one", "two", "go", "know it"):
        assert templates.doubts("no", take(tmp_path, other, 160, seed=9)), other
    assert templates.distance("seat three", b"\0\0" * 1600) is None  # no take of it: no opinion


def test_the_loop_drops_a_far_voice_and_doubts_a_word_unlike_the_takes(
    tmp_path: Path, calibrated: tuple[Calibration, Path], en_recognizer: Recognizer
) -> None:
    cal, _ = calibrated
    session = NamesSession("en", {})
    loop = VoiceLoop(session, en_recognizer, RecordingSpeaker(), None, calibration=cal)  # type: ignore[arg-type]
    assert "no" in loop.vouched
    far = loop.hear(quieter(take(tmp_path, "no", 160, seed=3), 30), ("seat", "no"))
    assert far.command is None and far.result.reason == "far-field"
    mine = loop.hear(take(tmp_path, "nobody", 160, seed=3), ("seat", "no"))
    assert mine.command is not None and mine.command.intent == "no" and mine.verdict(0.85, loop.vouched) == "act"
    four = loop.hear(take(tmp_path, "four", 160, seed=3), ("yes", "no"))
    assert four.command is None or four.verdict(0.85, loop.vouched) == "reject", four.result


def test_the_grammar_keeps_the_forms_heard_best_and_drops_the_rest() -> None:
    cal = Calibration("en", 1000.0, scores={"continue": (3, 3), "next": (1, 3), "cancel": (0, 3), "undo": (3, 3),
                                             "yes": (2, 3), "yeah": (2, 3)},
                      best={"next": "continue", "back": "undo", "yes": "yes"},
                      forms={"next": ["continue", "next"], "back": ["cancel", "undo"], "yes": ["yes", "yeah"],
                             "no": ["no", "nope"]})  # fmt: skip
    assert cal.kept("next") == ["continue"] and cal.kept("back") == ["undo"]
    assert cal.kept("yes") == ["yes", "yeah"]  # heard as often: both kept, the best first
    assert cal.kept("no") == ["no", "nope"]  # never said: nothing learnt, nothing dropped
    assert cal.prefer(["seat one", "one", "nobody", "continue", "cancel", "repeat"]) == [
        "seat one", "one", "nobody", "continue", "undo", "repeat"]  # fmt: skip
    assert cal.prefer(["yes", "no", "continue", "cancel"]) == ["yes", "yeah", "no", "nope", "continue", "undo"]
    assert "cancel           0/3 dropped" in cal.table() and "undo             3/3 kept" in cal.table()


def test_a_quiet_storyteller_calibrated_is_heard_through_the_microphone_path(
    tmp_path: Path, calibrated: tuple[Calibration, Path], en_recognizer: Recognizer
) -> None:
    """The same storyteller with the headset's gain lowered to about -47 dBFS: their answers, fed block by block
    through the endpointer, start no utterance at the fixed threshold; calibrated at that level (their
    takes as loud as their answers), the loop listens down to their gate and hears them."""
    from bench.fakes import WavUtterances

    cal, _ = calibrated
    said = take(tmp_path, "seat three", 160, seed=11)
    down = 20 * math.log10(speech_level(said) / 150.0)  # its loudest blocks at about -47 dBFS
    low = Calibration("en", cal.level * 10 ** (-down / 20), scores=cal.scores, best=cal.best,
                      templates=cal.templates, forms=cal.forms)  # fmt: skip
    answer = quieter(said, down)
    deaf = WavUtterances([answer])
    assert deaf.next() is None  # uncalibrated: the fixed threshold never opens
    heard = VoiceLoop(NamesSession("en", {}), en_recognizer, RecordingSpeaker(),  # type: ignore[arg-type]
                      WavUtterances([answer]), calibration=low)  # fmt: skip
    assert heard.utterances is not None and heard.utterances.endpointer.threshold < deaf.endpointer.threshold
    pcm = heard.utterances.next()
    assert pcm is not None
    got = heard.hear(pcm, ("seat",))
    assert got.command is not None and got.command.intent == "seat" and got.command.seats == (3,), got.result
