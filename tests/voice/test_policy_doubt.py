"""The doubt band of the rejection policy: below the floor rejected, between the floor and the doubt
threshold accepted but doubtful, above it accepted; the same for N-best rescues and dictation distance.
These test the policy's arithmetic on given hypotheses (the recogniser is tested in test_recognition)."""

from __future__ import annotations

import pytest

from moderator.voice.reject import RejectPolicy, decide
from moderator.voice.result import Hypothesis, Word
from moderator.voice.verdict import judge

PHRASES = ["자리 하나", "자리 둘", "계속"]
BAND = RejectPolicy(unk_in_grammar=False, min_word_conf=0.6, doubt_below=0.95)


def hyp(text: str, *confs: float) -> Hypothesis:
    return Hypothesis(
        text, tuple(Word(w, c, i, i + 1) for i, (w, c) in enumerate(zip(text.split(), confs, strict=True)))
    )


@pytest.mark.parametrize(
    ("confs", "rejected", "doubtful"),
    [((1.0, 0.99), False, False), ((1.0, 0.9), False, True), ((0.7, 1.0), False, True), ((1.0, 0.5), True, False)],
)
def test_confidence_band(confs: tuple[float, float], rejected: bool, doubtful: bool) -> None:
    d = decide(hyp("자리 하나", *confs), PHRASES, policy=BAND, unk=None)
    assert (d.rejected, d.doubtful) == (rejected, doubtful)
    assert d.phrase == "자리 하나"


def test_nbest_rescue_is_doubtful_unless_told_otherwise() -> None:
    top = hyp("자리 자리", 1.0, 1.0)
    rescue = RejectPolicy(unk_in_grammar=False, nbest_rescue=5)
    d = decide(top, PHRASES, policy=rescue, unk=None, alternatives=["자리 자리", "자리 둘"])
    assert not d.rejected and d.phrase == "자리 둘" and d.doubtful
    trusting = RejectPolicy(unk_in_grammar=False, nbest_rescue=5, nbest_doubtful=False)
    assert not decide(top, PHRASES, policy=trusting, unk=None, alternatives=["자리 둘"]).doubtful
    assert decide(top, PHRASES, policy=rescue, unk=None, alternatives=["자리 셋"]).rejected


def test_dictation_distance_band() -> None:
    pol = RejectPolicy(unk_in_grammar=False, dictation="distance", max_distance=1.0, doubt_distance=0.0)
    grammar = Hypothesis("seat two", (Word("seat", 1.0, 0, 1), Word("two", 1.0, 1, 2)))
    phrases = ["seat two", "seat three"]
    same = decide(grammar, phrases, policy=pol, unk=None, dictation=Hypothesis("seat two"))
    near = decide(grammar, phrases, policy=pol, unk=None, dictation=Hypothesis("see two"))
    far = decide(grammar, phrases, policy=pol, unk=None, dictation=Hypothesis("what are we having for dinner"))
    assert (same.rejected, same.doubtful) == (False, False)
    assert (near.rejected, near.doubtful) == (False, True)
    assert far.rejected and far.reason == "dictation-too-far"


def test_unknown_word_winning_rejects_or_doubts() -> None:
    garbage = Hypothesis("<garbage>", (Word("<garbage>", 1.0, 0, 1),))
    plain = Hypothesis("계속", (Word("계속", 1.0, 0, 1),))
    strict = RejectPolicy(unk_in_grammar=True)
    assert decide(garbage, PHRASES, policy=strict, unk="<garbage>", without_unk=plain).rejected
    lenient = RejectPolicy(unk_in_grammar=True, unk_doubtful=True)
    d = decide(garbage, PHRASES, policy=lenient, unk="<garbage>", without_unk=plain)
    assert (d.rejected, d.phrase, d.doubtful) == (False, "계속", True)
    chain = Hypothesis("자리 자리", (Word("자리", 1.0, 0, 1), Word("자리", 1.0, 1, 2)))
    assert decide(garbage, PHRASES, policy=lenient, unk="<garbage>", without_unk=chain).rejected


@pytest.mark.parametrize(
    ("fits", "misfit"),
    [((-2.0, -3.1), False), ((-2.0, -5.2), True), ((-6.0, -1.0), True), ((None, None), False), ((None, -9.0), True)],
)
def test_a_word_that_fits_the_sound_badly_is_a_misfit_never_rejected(
    fits: tuple[float | None, float | None], misfit: bool
) -> None:
    """``misfit_below`` (English: pocketsphinx's acoustic fit, Word.fit): the worst word decides; an engine
    that gives no fit (None) is never a misfit. A misfit is neither rejected nor doubtful."""
    pol = RejectPolicy(unk_in_grammar=False, misfit_below=-4.6)
    words = tuple(Word(w, 1.0, i, i + 1, f) for i, (w, f) in enumerate(zip(["seat", "two"], fits, strict=True)))
    d = decide(Hypothesis("seat two", words), ["seat two", "seat three"], policy=pol, unk=None)
    assert (d.rejected, d.phrase, d.doubtful, d.misfit) == (False, "seat two", False, misfit)
    off = decide(Hypothesis("seat two", words), ["seat two"], policy=RejectPolicy(unk_in_grammar=False), unk=None)
    assert not off.misfit


def test_a_misfit_reads_a_change_back_and_takes_any_other_answer() -> None:
    """judge(): a misfit seat is read back; continue, yes and no are carried out (they are weighed against
    talk's words instead); a read-back answer stays one."""
    assert judge("seat", 1.0, False, 0.85, misfit=True) == "confirm"
    assert judge("seat", 1.0, False, 0.85) == "act"
    for intent in ("next", "repeat", "yes", "no"):
        assert judge(intent, 1.0, False, 0.85, misfit=True) == "act"
    assert judge("no", 1.0, False, 0.85, chooses_nobody=True, misfit=True) == "confirm"
    assert judge("seat", 1.0, False, 0.85, agreed=True, misfit=True) == "act"  # the storyteller's takes agree
