"""Deciding whether a closed-grammar result is a real command or off-topic speech.

A closed grammar alone rejects nothing: Vosk turns the phrase list into a *bigram* model, so
table chatter comes out as a string of command words (bench/REPORT.md: 0/30 real Korean
sentences rejected). The checks below are applied in order; each can be switched off.

1. empty result -> rejected (``silence``);
2. the unknown-word token of the model (``<UNK>`` / ``[unk]``, or pocketsphinx's ``<garbage>``) was in
   the grammar and won (with ``unk_doubtful``: the phrase heard without it is taken, doubtful);
3. the text is not exactly one legal phrase (``not-a-phrase``: bigram chains like "이 이 번"),
   unless ``nbest_rescue`` is on and a lower-ranked N-best alternative is a legal phrase;
4. any word confidence below ``min_word_conf``;
5. a free-dictation pass over the same audio, compared with the grammar phrase:
   ``agree`` needs the same text (spaces ignored), ``distance`` needs a character edit distance
   to the phrase of at most ``max_distance`` (relative to the phrase length).

An accepted phrase can still be *doubtful* (the loop then reads a state change back and drops a
next/back/repeat/yes/no): when it was found only lower in the N-best list (``nbest_doubtful``),
when a word confidence is below ``doubt_below``, or when the dictation distance is above
``doubt_distance``. The doubt band sits between the rejection threshold and the doubt threshold.

An accepted phrase is a *misfit* when a word's acoustic fit is below ``misfit_below``
(:attr:`~moderator.voice.result.Word.fit`): a change to the game is then read back, as for a low
confidence, and an answer that changes nothing by itself is taken as it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from moderator.voice.audio import rms
from moderator.voice.result import Hypothesis, Word

DictationCheck = Literal["off", "agree", "distance"]

_BRACKETED = re.compile(r"\[([^\]]*)\]")


@dataclass(frozen=True)
class RejectPolicy:
    unk_in_grammar: bool = True
    unk_doubtful: bool = False  # when the unknown word wins: the phrase heard without it, doubtful (not rejected)
    require_exact_phrase: bool = True
    nbest_rescue: int = 0  # Vosk: look this far down the N-best list for a legal phrase (0 = off)
    nbest_doubtful: bool = True  # a phrase rescued from below the top of the N-best list is doubtful
    min_word_conf: float | None = None  # reject when a word confidence is below this
    doubt_below: float | None = None  # doubtful when a word confidence is below this (and not rejected)
    misfit_below: float | None = None  # a misfit when a word's acoustic fit (Word.fit) is below this
    dictation: DictationCheck = "off"
    max_distance: float = 0.5  # "distance": reject when the dictation is further than this
    doubt_distance: float | None = None  # "distance": doubtful when further than this (and not rejected)
    max_uncovered: float | None = None  # reject when more than this share of the loud audio is outside the words
    loud_rel: float = 0.2  # a 20 ms frame is loud above this share of the utterance's loudest frame

    @property
    def needs_dictation(self) -> bool:
        return self.dictation != "off"

    def uncovered(self, pcm: bytes, words: Sequence[Word]) -> float | None:
        """For the ``max_uncovered`` check: the share of ``pcm``'s (16 kHz) loud audio outside ``words``;
        None when the policy does not check it or nothing was recognised."""
        if self.max_uncovered is None or not words:
            return None
        return speech_outside_words(pcm, words, loud_rel=self.loud_rel)


@dataclass(frozen=True)
class Decision:
    rejected: bool
    phrase: str | None
    reason: str | None
    distance: float | None = None
    doubtful: bool = False
    misfit: bool = False
    """A word fits the sound badly (``misfit_below``): an answer that changes the game is read back."""


def normalize(text: str) -> str:
    """Lower-case, collapse whitespace."""
    return " ".join(text.lower().split())


def compact(text: str) -> str:
    """Text for character comparison: lower-case, no spaces, ``[5]`` -> ``5``."""
    return _BRACKETED.sub(r"\1", normalize(text)).replace(" ", "")


def edit_distance(a: Sequence[str], b: Sequence[str]) -> int:
    """Levenshtein distance between two sequences (characters or words)."""
    if len(a) < len(b):
        a, b = b, a
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]


def char_distance(heard: str, phrase: str) -> float:
    """Character edit distance between ``heard`` and ``phrase`` (spaces ignored), relative to the phrase."""
    target = compact(phrase)
    return edit_distance(compact(heard), target) / max(1, len(target))


def nearest_phrase(heard: str, phrases: Iterable[str]) -> tuple[str | None, float]:
    """The legal phrase closest to ``heard`` and its relative character distance."""
    best: tuple[str | None, float] = (None, float("inf"))
    for phrase in phrases:
        d = char_distance(heard, phrase)
        if d < best[1]:
            best = (phrase, d)
    return best


def speech_outside_words(pcm: bytes, words: Sequence[Word], *, rate: int = 16000, loud_rel: float = 0.2,
                         floor: float = 300.0, frame: float = 0.02, margin: float = 0.1) -> float:  # fmt: skip
    """The share of the utterance's loud 20 ms frames that lie outside every recognised word.

    A grammar forces table talk into a command, but the decoder spends most of the talk on silence and
    fillers around the command's word: the words cover little of the speech. A real command is
    covered almost whole (bench/results/policy-en.md). Each word is widened by ``margin`` seconds on
    both sides: decoders end a word before its last breath of sound."""
    step = max(1, round(frame * rate)) * 2
    levels = [rms(pcm[i : i + step]) for i in range(0, len(pcm) - step + 1, step)]
    if not levels:
        return 0.0
    limit = max(floor, loud_rel * max(levels))
    loud = [i for i, level in enumerate(levels) if level > limit]
    if not loud:
        return 0.0
    inside = sum(any(w.start - margin <= (i + 0.5) * frame <= w.end + margin for w in words) for i in loud)
    return 1.0 - inside / len(loud)


def decide(
    grammar: Hypothesis,
    phrases: Sequence[str],
    *,
    policy: RejectPolicy,
    unk: str | None,
    dictation: Hypothesis | None = None,
    alternatives: Sequence[str] = (),
    without_unk: Hypothesis | None = None,
    uncovered: float | None = None,
) -> Decision:
    """Apply ``policy`` to a closed-grammar hypothesis (and optionally a dictation pass).

    ``without_unk`` is the same audio decoded in the grammar without the unknown word, for
    ``unk_doubtful`` policies: when the unknown word wins, that phrase is taken, as doubtful."""
    text = normalize(grammar.text)
    if not text:
        return Decision(True, None, "silence")
    words = text.split()
    if unk is not None and unk.lower() in words:
        if policy.unk_doubtful and without_unk is not None:
            d = decide(without_unk, phrases, policy=policy, unk=None, dictation=dictation)
            return d if d.rejected else Decision(False, d.phrase, None, d.distance, doubtful=True)
        return Decision(True, None, "unknown-word")
    legal = {normalize(p): p for p in phrases}
    phrase = legal.get(text)
    doubtful = False
    if phrase is None:
        phrase = next((legal[a] for a in map(normalize, alternatives) if a in legal), None)
        doubtful = phrase is not None and policy.nbest_doubtful
    if phrase is None:
        if policy.require_exact_phrase:
            return Decision(True, None, "not-a-phrase")
        phrase, _ = nearest_phrase(text, phrases)
        doubtful = True
    if policy.min_word_conf is not None and grammar.min_conf < policy.min_word_conf:
        return Decision(True, phrase, "low-confidence")
    if policy.max_uncovered is not None and uncovered is not None and uncovered > policy.max_uncovered:
        return Decision(True, phrase, "speech-outside-words")
    if policy.doubt_below is not None and grammar.min_conf < policy.doubt_below:
        doubtful = True
    fit = grammar.min_fit
    misfit = policy.misfit_below is not None and fit is not None and fit < policy.misfit_below
    if policy.needs_dictation:
        if dictation is None:
            raise ValueError(f"the {policy.dictation!r} check needs a dictation hypothesis")
        assert phrase is not None
        distance = char_distance(dictation.text, phrase)
        if policy.dictation == "agree" and distance > 0:
            return Decision(True, phrase, "dictation-disagrees", distance)
        if policy.dictation == "distance" and distance > policy.max_distance:
            return Decision(True, phrase, "dictation-too-far", distance)
        if policy.doubt_distance is not None and distance > policy.doubt_distance:
            doubtful = True
        return Decision(False, phrase, None, distance, doubtful, misfit)
    return Decision(False, phrase, None, doubtful=doubtful, misfit=misfit)
