"""The storyteller's own takes as templates: a second opinion on short answers.

At calibration the storyteller says each command word, the numbers and the seat word. An answer is
compared with those takes: MFCCs of the speech (cepstral mean removed), and the dynamic time warping
distance to the nearest take (the root mean square frame distance along the best path; the DTW is
dtaidistance's, in C). A sentence of the step made of words with takes ("자리 넷": 자리, then 넷) is
judged by its last word: the end of the answer is compared with the takes of that word, where the
start may be the first word (the sentences of a step differ in their last word: 자리 하나, 자리 둘).

- Too far from every take of the phrase the recognizer heard, and the answer is doubted.
- :meth:`Templates.pick`: the step's sentence clearly nearest the answer, if one is (within the
  threshold, and the nearest sentence of another meaning ``MARGIN`` times farther). The voice loop uses it as a second
  opinion beside the recognizer's (moderator.voice.loop).
- The takes are quiet; for an answer much noisier than they are (``NOISIER_DB``) :meth:`Templates.ranked`
  says nothing unless asked (``noisy=True``): in noise the distances measure the noise too, and the
  loop then only doubts an answer whose own takes are not the nearest.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from moderator.voice._deps import require

Features = NDArray[np.float64]

RATE = 16_000
FRAME, HOP, FFT, MELS, CEPS = 400, 160, 512, 26, 13  # 25 ms frames every 10 ms, 13 cepstra from 26 mel bands


def _mel_bank() -> NDArray[np.float64]:
    def mel(hz: NDArray[np.float64]) -> NDArray[np.float64]:
        return 2595 * np.log10(1 + hz / 700)

    edges_mel = np.linspace(mel(np.array(100.0)), mel(np.array(7600.0)), MELS + 2)
    edges = np.floor((FFT + 1) * (700 * (10 ** (edges_mel / 2595) - 1)) / RATE).astype(int)
    bank = np.zeros((MELS, FFT // 2 + 1))
    for i in range(MELS):
        lo, mid, hi = edges[i], edges[i + 1], edges[i + 2]
        bank[i, lo:mid] = (np.arange(lo, mid) - lo) / max(mid - lo, 1)
        bank[i, mid:hi] = (hi - np.arange(mid, hi)) / max(hi - mid, 1)
    return bank


_BANK = _mel_bank()
_DCT = np.cos(np.pi / MELS * (np.arange(MELS)[None, :] + 0.5) * np.arange(CEPS)[:, None])


def _samples(pcm: bytes) -> NDArray[np.float64]:
    """The 16-bit samples of ``pcm`` (an odd last byte dropped)."""
    return np.frombuffer(pcm[: len(pcm) // 2 * 2], dtype="<i2").astype(np.float64)


def speech_frames(pcm: bytes) -> NDArray[np.float64]:
    """The 25 ms frames of ``pcm`` (16 kHz, 16-bit), trimmed to the speech: from the first to the
    last frame within 30 dB of the loudest."""
    x = _samples(pcm)
    if len(x) < FRAME:
        x = np.pad(x, (0, FRAME - len(x)))
    x = np.append(x[0], x[1:] - 0.97 * x[:-1])
    n = 1 + (len(x) - FRAME) // HOP
    frames = np.lib.stride_tricks.sliding_window_view(x, FRAME)[::HOP][:n]
    energy = 10 * np.log10((frames**2).mean(axis=1) + 1e-9)
    loud = np.flatnonzero(energy > energy.max() - 30)
    return np.asarray(frames[loud[0] : loud[-1] + 1], dtype=np.float64)


def features(pcm: bytes) -> Features:
    """MFCCs (13 per 10 ms) of the speech in ``pcm``, cepstral mean removed (the microphone's colour)."""
    frames = speech_frames(pcm) * np.hamming(FRAME)
    power = np.abs(np.fft.rfft(frames, FFT)) ** 2 / FFT
    ceps = np.log(power @ _BANK.T + 1e-9) @ _DCT.T
    return np.asarray(ceps - ceps.mean(axis=0), dtype=np.float64)


def snr(pcm: bytes) -> float:
    """How far the speech in ``pcm`` stands above its noise, in dB: the loud frames (95th percentile
    of the 25 ms frame energies) over the quiet ones (10th percentile)."""
    x = _samples(pcm)
    if len(x) < FRAME:
        return 0.0
    energy = 10 * np.log10((np.lib.stride_tricks.sliding_window_view(x, FRAME)[::HOP] ** 2).mean(axis=1) + 1e-9)
    return float(np.percentile(energy, 95) - np.percentile(energy, 10))


MARGIN = 1.2
"""How much farther the second-nearest sentence must be for :meth:`Templates.pick` to name the nearest
(chosen on the choose half of the held-out voices and on three of the six real digit speakers:
docs/benchmarks.md, "Issue 14, part 4")."""

CLEARLY = 1.5
"""An answer farther than the threshold from its takes is still not doubted when the nearest other
meaning is this many times farther (in a room unlike the calibration's, every distance grows; speech
that is no command is about as far from each)."""

LENGTH_RATIO = 2.0
"""An answer more than this many times longer or shorter than a take is not that take."""

ENDING_SLACK = 1.5
"""The threshold is fitted on whole takes; a word at the end of a sentence (:func:`_ending`) is said
otherwise than alone, and is allowed this much more (chosen on the choose half of the held-out voices)."""

NOISY_MARGIN = 1.15
"""In noise, an answer is doubted when another meaning's takes are this many times nearer than its own
(choose halves: 1.0 left no silent wrong change in Korean at 20 and 10 dB but cost English a quarter of
its right answers at 10 dB; 1.15 keeps most of both: docs/benchmarks.md, "Issue 14, part 4")."""

NOISIER_DB = 12.0
"""An answer whose speech stands this much less above its noise than the takes' (:func:`snr`, their
median) is too noisy to compare with them."""


def _sumsq(a: Features, b: Features) -> float:
    """The summed squared Euclidean frame distances along the best DTW path (dtaidistance's, in C)."""
    ndim = require("dtaidistance.dtw_ndim", "for_takes")
    d = float(ndim.distance_fast(np.ascontiguousarray(a), np.ascontiguousarray(b), use_pruning=False))
    return d * d


def dtw(a: Features, b: Features) -> float:
    """The DTW distance between two feature sequences: the root of the summed squared Euclidean frame
    distances along the best path, over ``len(a) + len(b)`` (a root mean square per frame)."""
    return float(np.sqrt(_sumsq(a, b) / (len(a) + len(b))))


def _comparable(n: int, m: int) -> bool:
    return n <= LENGTH_RATIO * m and m <= LENGTH_RATIO * n


def _ending(heard: Features, first: Features, second: Features, cache: dict[tuple[int, int], float]) -> float:
    """The distance of the end of ``heard`` to ``second``, where the start (a split every third frame)
    may be ``first``: each part within ``LENGTH_RATIO`` of its take's length."""
    n, best = len(heard), float("inf")
    for b in range(3, n - 2, 3):
        if _comparable(b, len(first)) and _comparable(n - b, len(second)):
            key = (b, id(second))
            if key not in cache:  # the same ending against each take of the first word
                cache[key] = _sumsq(heard[b:], second)
            best = min(best, cache[key] / (n - b + len(second)))
    return float(np.sqrt(best))


@dataclass
class Templates:
    """The storyteller's takes, per phrase, and the distance above which an answer is doubted."""

    takes: dict[str, list[Features]] = field(default_factory=dict)
    threshold: float = float("inf")
    snrs: list[float] = field(default_factory=list)
    """How far each take's speech stands above its noise (:func:`snr`)."""

    def add(self, phrase: str, pcm: bytes) -> None:
        self.takes.setdefault(phrase, []).append(features(pcm))
        self.snrs.append(snr(pcm))

    def parts(self, sentence: str) -> list[str]:
        """``sentence`` as phrases with takes, the longest run of words first ("자리 넷": 자리, 넷;
        "열 하나" has takes of its own); [] when a word has none."""
        words, out, i = sentence.split(), [], 0
        while i < len(words):
            j = next((j for j in range(len(words), i, -1) if self.takes.get(" ".join(words[i:j]))), None)
            if j is None:
                return []
            out.append(" ".join(words[i:j]))
            i = j
        return out

    def covers(self, sentence: str) -> bool:
        """Whether the takes can judge ``sentence``: a phrase with takes, or two."""
        return 1 <= len(self.parts(sentence)) <= 2

    def clean_enough(self, pcm: bytes) -> bool:
        """Whether ``pcm`` is about as quiet as the takes (``NOISIER_DB``)."""
        return not self.snrs or snr(pcm) >= float(np.median(self.snrs)) - NOISIER_DB

    def ranked(self, pcm: bytes, sentences: Sequence[str], *, noisy: bool = False) -> list[tuple[float, str]]:
        """The ``sentences`` the takes cover, nearest ``pcm`` first, each with its distance (infinite where
        no take is comparable in length); [] when ``pcm`` is too noisy to judge (``noisy``: ranked anyway)."""
        if not noisy and not self.clean_enough(pcm):
            return []
        heard = features(pcm)
        cache: dict[tuple[int, int], float] = {}
        out = []
        for s in dict.fromkeys(sentences):
            if self.covers(s):
                out.append((self._distance(heard, s, cache), s))
        return sorted(out)

    def _distance(self, heard: Features, sentence: str, cache: dict[tuple[int, int], float]) -> float:
        parts = [self.takes[p] for p in self.parts(sentence)]
        if len(parts) == 1:
            return min((dtw(heard, t) for t in parts[0] if _comparable(len(heard), len(t))), default=float("inf"))
        return min(_ending(heard, a, b, cache) for a in parts[0] for b in parts[1])

    def pick(self, ranked: Sequence[tuple[float, str]], meaning: Callable[[str], object] = str,
             margin: float | None = None) -> str | None:  # fmt: skip
        """The nearest of ``ranked`` (:meth:`ranked`) if it is clearly so: within the threshold, and the
        nearest sentence of another ``meaning`` ("four" and "seat four" mean the same) ``margin`` times
        farther (default ``MARGIN``); None otherwise, or with no other meaning to tell it from."""
        if not ranked:
            return None
        d1, best = ranked[0]
        clear = self.nearest_by(ranked, best, meaning, MARGIN if margin is None else margin)
        return best if clear and d1 <= self.limit(best) else None

    def nearest_by(self, ranked: Sequence[tuple[float, str]], sentence: str, meaning: Callable[[str], object],
                   ratio: float | None = None) -> bool:  # fmt: skip
        """Whether ``sentence`` is the nearest of ``ranked`` with the nearest other meaning ``ratio``
        (default ``CLEARLY``) times farther, however far both are."""
        ratio = CLEARLY if ratio is None else ratio
        if not ranked or meaning(ranked[0][1]) != meaning(sentence):
            return False
        others = [d for d, s in ranked[1:] if meaning(s) != meaning(sentence)]
        return bool(others) and others[0] >= ratio * ranked[0][0]

    def outranked(self, ranked: Sequence[tuple[float, str]], sentence: str, meaning: Callable[[str], object],
                  ratio: float | None = None) -> bool:  # fmt: skip
        """Whether another meaning than ``sentence``'s is the nearest of ``ranked``, ``ratio`` (default
        ``NOISY_MARGIN``) times nearer than ``sentence``'s nearest; False where ``sentence``'s is not ranked."""
        ratio = NOISY_MARGIN if ratio is None else ratio
        mine = [d for d, s in ranked if meaning(s) == meaning(sentence)]
        return bool(mine) and mine[0] > ratio * ranked[0][0]

    def beyond(self, ranked: Sequence[tuple[float, str]], sentence: str) -> bool:
        """Whether ``sentence`` is ranked farther than its :meth:`limit`."""
        return any(s == sentence and d > self.limit(sentence) for d, s in ranked)

    def limit(self, sentence: str) -> float:
        """The distance above which an answer is not ``sentence``: the threshold, ``ENDING_SLACK`` times
        it for a sentence judged by its ending."""
        return self.threshold * (ENDING_SLACK if len(self.parts(sentence)) == 2 else 1.0)

    def distance(self, phrase: str, pcm: bytes) -> float | None:
        """The distance from ``pcm`` to ``phrase`` (None: the takes do not cover it, or ``pcm`` is too noisy)."""
        if not self.covers(phrase) or not self.clean_enough(pcm):
            return None
        return self._distance(features(pcm), phrase, {})

    def doubts(self, phrase: str, pcm: bytes) -> bool:
        """Whether ``pcm``, heard as ``phrase``, is too far from every take of it."""
        return self.beyond(self.ranked(pcm, [phrase]), phrase)

    def fit_threshold(self, margin: float = 0.5) -> float:
        """Set the threshold from the takes themselves: between the farthest take from its own
        phrase's other takes (leave one out) and the nearest take of another phrase, ``margin`` of
        the way up; with one phrase only, 1.5x the farthest same-phrase distance."""
        same, other = _distances(self.takes)
        if not same:
            return self.threshold
        high = max(same)
        self.threshold = high + margin * (min(other) - high) if other and min(other) > high else 1.5 * high
        return self.threshold


def _distances(takes: dict[str, list[Features]]) -> tuple[list[float], list[float]]:
    same: list[float] = []
    other: list[float] = []
    items: Sequence[tuple[str, Features]] = [(p, f) for p, fs in takes.items() for f in fs]
    for i, (p, f) in enumerate(items):
        mine = [dtw(f, g) for j, (q, g) in enumerate(items) if q == p and j != i]
        if mine:
            same.append(min(mine))
        others = [dtw(f, g) for q, g in items if q != p]
        if others:
            other.append(min(others))
    return same, other
