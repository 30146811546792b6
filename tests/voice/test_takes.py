"""The storyteller's takes as a second opinion beside the recognizer, through the real recognizers:
numbers and the seat word said at calibration, sentences of a step judged by their last word, the
noise gate, agreement (acted on) and a rescue (read back)."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.fakes import RecordingSpeaker, simulate_room
from moderator.commands.phrases import Intent
from moderator.doctor import _calibration_words
from moderator.i18n import Lang
from moderator.voice import read_wav, render
from moderator.voice.asr import Recognizer
from moderator.voice.calibrate import Calibration, calibrate, load, save
from moderator.voice.loop import VoiceLoop
from moderator.voice.result import Result
from moderator.voice.templates import Templates, snr
from tests.voice.test_names import NamesSession

FORMS: dict[Lang, dict[str, list[str]]] = {
    "en": {"next": ["continue"], "back": ["cancel"], "repeat": ["repeat that"], "yes": ["yes"], "no": ["no"],
           "nobody": ["nobody"]},
    "ko": {"next": ["계속"], "back": ["돌아가"], "repeat": ["다시"], "yes": ["맞아"], "no": ["아니요"]},
}  # fmt: skip
SEAT: tuple[Intent, ...] = ("seat", "no")
NUMBER: tuple[Intent, ...] = ("number",)


def said(tmp: Path, lang: Lang, text: str, rate: int, seed: int = 0, snr_db: float | None = None) -> bytes:
    """``text`` said by espeak-ng's default voice of ``lang`` in a quiet room (``snr_db``: with white noise)."""
    path = tmp / f"{lang}-{text}-{rate}.wav"
    if not path.exists():
        render(text, lang, path, rate=rate)
    pcm, sr = read_wav(path)
    pcm = simulate_room(pcm, sr, seed=seed)
    if snr_db is None:
        return pcm
    x = np.frombuffer(pcm, dtype="<i2").astype(np.float64)
    power = float((x[np.abs(x) > 0.05 * np.abs(x).max()] ** 2).mean())
    noise = np.random.default_rng(seed).standard_normal(len(x)) * math.sqrt(power / 10 ** (snr_db / 10))
    return np.clip(x + noise, -32768, 32767).astype("<i2").tobytes()


def calibrated(tmp: Path, lang: Lang, rec: Recognizer) -> Calibration:
    words = [p for ps in FORMS[lang].values() for p in ps] + _calibration_words(lang)
    takes = {w: [said(tmp, lang, w, r, seed=r) for r in (150, 175)] for w in words}
    return calibrate(takes, FORMS[lang], rec, lang)


@pytest.fixture(scope="module")
def en_cal(tmp_path_factory: pytest.TempPathFactory, en_recognizer: Recognizer) -> tuple[Calibration, Path]:
    tmp = tmp_path_factory.mktemp("en-takes")
    return calibrated(tmp, "en", en_recognizer), tmp


def test_calibration_keeps_the_numbers_and_the_seat_word_as_takes(en_cal: tuple[Calibration, Path]) -> None:
    cal, tmp = en_cal
    assert {"seat", "zero", "seven", "fifteen"} <= set(cal.templates.takes)
    assert cal.templates.parts("seat four") == ["seat", "four"] and cal.templates.covers("seat four")
    assert not cal.templates.covers("seat four nominates seat five")  # more than two words with takes
    assert cal.best == {i: ps[0] for i, ps in FORMS["en"].items()}  # numbers are no command's form
    assert "seat             2/2 takes" in cal.table() or "seat             1/2 takes" in cal.table(), cal.table()
    again = load("en", save(cal, {}, root=tmp / "none").parent.parent)
    assert again is not None  # a calibration stored with no takes still reads (and judges nothing)


def test_the_takes_name_the_seat_said_and_the_loop_acts_on_it(en_cal: tuple[Calibration, Path],
                                                              en_recognizer: Recognizer) -> None:  # fmt: skip
    """A bare "three" at a seat step is read back without takes (real digits were heard as other
    digits at full confidence); with this storyteller's takes agreeing, it is carried out."""
    cal, tmp = en_cal
    session = NamesSession("en", {})
    plain = VoiceLoop(session, en_recognizer, RecordingSpeaker(), None)  # type: ignore[arg-type]
    mine = VoiceLoop(session, en_recognizer, RecordingSpeaker(), None, calibration=cal)  # type: ignore[arg-type]
    for text, seat in (("three", 3), ("seat five", 5), ("seven", 7)):
        pcm = said(tmp, "en", text, 160, seed=11)
        before, after = plain.hear(pcm, SEAT), mine.hear(pcm, SEAT)
        assert after.command is not None and after.command.seats == (seat,), after.result
        assert after.agreed and after.verdict(0.85, mine.vouched) == "act", after.result
        if " " not in text:
            assert before.verdict(0.85, plain.vouched) == "confirm"  # one word, no takes: read back
        ranked = cal.templates.ranked(pcm, plain.grammar(SEAT))
        assert ranked[0][1] in (text, f"seat {text}"), ranked[:3]


def test_a_rescue_is_read_back_and_a_navigation_rescue_is_dropped(en_cal: tuple[Calibration, Path],
                                                                 en_recognizer: Recognizer) -> None:  # fmt: skip
    """Where the recognizer heard nothing it could place, the takes' clear choice is proposed, doubted:
    a number is read back, "cancel" is not carried out on the takes' word alone."""
    cal, tmp = en_cal
    loop = VoiceLoop(NamesSession("en", {}), en_recognizer, RecordingSpeaker(), None, calibration=cal)  # type: ignore[arg-type]
    nothing = Result("", (), True, reason="not-a-phrase")
    grammar = loop.grammar(NUMBER)
    four, agreed = loop.second_opinion(nothing, said(tmp, "en", "four", 165, seed=5), grammar, NUMBER)
    assert (four.phrase, four.doubtful, four.rejected, agreed) == ("four", True, False, False), four
    back, _ = loop.second_opinion(nothing, said(tmp, "en", "cancel", 165, seed=5), grammar, NUMBER)
    assert back.phrase == "cancel" and back.doubtful
    heard = loop.session.parse(back.phrase, NUMBER)
    assert heard is not None and heard.intent == "back"
    # what the loop does with each: the number is read back, the navigation dropped (asked again)
    from moderator.voice.loop import Heard

    assert Heard(four, loop.session.parse("four", NUMBER), 0.0, NUMBER).verdict(0.85) == "confirm"
    assert Heard(back, heard, 0.0, NUMBER).verdict(0.85) == "reject"
    # the recognizer's answer unlike the takes' clear choice: the takes' answer, read back
    wrong = Result("two", (), False, phrase="two")
    six, agreed = loop.second_opinion(wrong, said(tmp, "en", "six", 165, seed=6), grammar, NUMBER)
    assert (six.phrase, six.doubtful, agreed) == ("six", True, False), six


def test_table_talk_and_noise_get_no_opinion(en_cal: tuple[Calibration, Path]) -> None:
    """A long sentence is no take's length; an answer in loud noise is not judged at all (its distances
    would measure the noise)."""
    cal, tmp = en_cal
    t: Templates = cal.templates
    grammar = ["one", "two", "three", "four", "five", "six", "seven", "continue", "cancel", "repeat that"]
    talk = said(tmp, "en", "I think the demon is sitting right next to me tonight", 170, seed=2)
    assert t.pick(t.ranked(talk, grammar)) is None
    noisy = said(tmp, "en", "four", 160, seed=3, snr_db=10.0)
    assert snr(noisy) < snr(said(tmp, "en", "four", 160, seed=3)) - 12
    assert t.ranked(noisy, grammar) == [] and t.distance("four", noisy) is None


def test_korean_seats_and_numbers_are_judged_by_the_storytellers_takes(
    tmp_path: Path, ko_recognizer: Recognizer
) -> None:
    """Korean: 자리, then the number, from the takes of each; the takes name what was said."""
    cal = calibrated(tmp_path, "ko", ko_recognizer)
    loop = VoiceLoop(NamesSession("ko", {}), ko_recognizer, RecordingSpeaker(), None, calibration=cal)  # type: ignore[arg-type]
    right = 0
    cases = [("자리 셋", SEAT, 3), ("자리 일곱", SEAT, 7), ("넷", NUMBER, 4), ("다섯", NUMBER, 5)]
    for text, allowed, n in cases:
        pcm = said(tmp_path, "ko", text, 140, seed=9)
        ranked = cal.templates.ranked(pcm, loop.grammar(allowed))
        assert ranked and ranked[0][1] == text, (text, ranked[:3])
        heard = loop.hear(pcm, allowed)
        got = heard.command.seats if heard.command and allowed == SEAT else (heard.command.number if heard.command
                                                                              else None)  # fmt: skip
        right += got in ((n,), n) and heard.verdict(0.85, loop.vouched) in ("act", "confirm")
    assert right == len(cases)


def test_the_takes_judge_a_decoy_too(en_cal: tuple[Calibration, Path], en_recognizer: Recognizer) -> None:
    """"eight" is a decoy at a 7-seat number step: heard, it is rejected; but where the recognizer heard
    "eight" and the takes clearly say "six", "six" is read back; where the takes say "eight", rejected."""
    cal, tmp = en_cal
    loop = VoiceLoop(NamesSession("en", {}), en_recognizer, RecordingSpeaker(), None, calibration=cal)  # type: ignore[arg-type]
    grammar = loop.grammar(NUMBER)
    decoys = loop._decoys_in[NUMBER]
    assert "eight" in grammar and "eight" in decoys
    eight = Result("eight", (), False, phrase="eight")
    six, agreed = loop.second_opinion(eight, said(tmp, "en", "six", 165, seed=8), grammar, NUMBER)
    assert (six.phrase, six.doubtful, agreed) == ("six", True, False), six
    same, agreed = loop.second_opinion(eight, said(tmp, "en", "eight", 165, seed=8), grammar, NUMBER)
    assert same.phrase == "eight" and agreed  # then hear() rejects it as the decoy it is
    heard = loop.hear(said(tmp, "en", "eight", 165, seed=8), NUMBER)
    assert heard.command is None and heard.result.reason == "decoy", heard.result


def test_an_answer_in_a_reverberant_room_is_not_doubted_when_clearly_nearest_its_takes(
    en_cal: tuple[Calibration, Path], en_recognizer: Recognizer
) -> None:
    """Takes from a quiet room, the answer in a reverberant one: every distance grows past the threshold,
    but "yes" is still far nearer its own takes than any other answer's, so it is not doubted."""
    from bench.heldout import reverb

    cal, tmp = en_cal
    loop = VoiceLoop(NamesSession("en", {}), en_recognizer, RecordingSpeaker(), None, calibration=cal)  # type: ignore[arg-type]
    yesno: tuple[Intent, ...] = ("yes", "no", "next", "back", "repeat")
    pcm = reverb(said(tmp, "en", "yes", 160, seed=4), seed=4)
    ranked = cal.templates.ranked(pcm, loop.grammar(yesno))
    assert ranked[0][1] == "yes" and ranked[0][0] > cal.templates.threshold, ranked  # far, yet nearest
    assert cal.templates.pick(ranked) is None  # too far to vouch for it
    heard = loop.hear(pcm, yesno)
    assert heard.command is not None and heard.command.intent == "yes", heard.result
    assert heard.verdict(0.85, loop.vouched) == "act", heard.result


def test_a_calibration_without_number_takes_names_no_answer_at_a_number_step(
    tmp_path: Path, en_recognizer: Recognizer
) -> None:
    """A calibration stored before the numbers were taken (commands only) knows no "four": where the
    recognizer heard "four", the takes say nothing, and the recognizer decides."""
    takes = {p: [said(tmp_path, "en", p, r, seed=r) for r in (150, 175)] for ps in FORMS["en"].values() for p in ps}
    old = calibrate(takes, FORMS["en"], en_recognizer, "en")
    loop = VoiceLoop(NamesSession("en", {}), en_recognizer, RecordingSpeaker(), None, calibration=old)  # type: ignore[arg-type]
    grammar = loop.grammar(NUMBER)
    four = said(tmp_path, "en", "four", 165, seed=5)
    assert not old.templates.covers("four")
    result, agreed = loop.second_opinion(Result("four", (), False, phrase="four"), four, grammar, NUMBER)
    assert (result.phrase, result.doubtful, agreed) == ("four", False, False), result
    heard = loop.hear(four, NUMBER)
    assert heard.result.reason != "takes", heard.result


@settings(max_examples=60, deadline=None)
@given(answer=st.binary(max_size=6000), take=st.binary(min_size=0, max_size=4000))
def test_any_bytes_are_judged_without_error(answer: bytes, take: bytes) -> None:
    """Whatever bytes reach the takes (an odd length, silence, a click), they are judged or not, never raise."""
    t = Templates()
    for phrase in ("seat", "four", "five"):
        t.add(phrase, take)
        t.add(phrase, take[::-1])
    t.fit_threshold()
    ranked = t.ranked(answer, ["seat four", "four", "five", "nobody"])
    assert all(d >= 0 for d, _ in ranked) and {s for _, s in ranked} <= {"seat four", "four", "five"}
    assert t.pick(ranked) in (None, "seat four", "four", "five")
    assert t.distance("nobody", answer) is None


def test_in_noise_the_takes_only_doubt_an_answer_they_rank_below_another(
    en_cal: tuple[Calibration, Path], en_recognizer: Recognizer
) -> None:
    """At 10 dB the takes name nothing; the recognizer's answer stands where its takes are the nearest,
    and is doubted (read back, or asked again) where another answer's takes are nearer. (How often the
    nearest is right in noise is the benchmark's: bench.heldout --calibrated.)"""
    cal, tmp = en_cal
    loop = VoiceLoop(NamesSession("en", {}), en_recognizer, RecordingSpeaker(), None, calibration=cal)  # type: ignore[arg-type]
    grammar = loop.grammar(NUMBER)
    noisy = said(tmp, "en", "four", 160, seed=12, snr_db=10.0)
    assert cal.templates.ranked(noisy, grammar) == [] and cal.templates.pick([]) is None
    nearest = cal.templates.ranked(noisy, grammar, noisy=True)[0][1]
    other = "two" if nearest != "two" else "three"
    kept, _ = loop.second_opinion(Result(nearest, (), False, phrase=nearest), noisy, grammar, NUMBER)
    assert (kept.phrase, kept.doubtful) == (nearest, False), kept
    wrong, agreed = loop.second_opinion(Result(other, (), False, phrase=other), noisy, grammar, NUMBER)
    assert (wrong.phrase, wrong.doubtful, wrong.reason, agreed) == (other, True, "noisy-takes", False), wrong
