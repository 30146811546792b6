"""The storyteller's own takes as templates: a second opinion on short answers.

A one-word answer the grammar accepts ("no", "네") is also compared with the storyteller's takes of
the same phrase, recorded at calibration: MFCCs of the speech (cepstral mean removed), and the
length-normalised dynamic time warping distance to the nearest take. Too far from every take of
that phrase, and the answer is doubted (not acted on by itself). numpy only, no model.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

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


def speech_frames(pcm: bytes) -> NDArray[np.float64]:
    """The 25 ms frames of ``pcm`` (16 kHz, 16-bit), trimmed to the speech: from the first to the
    last frame within 30 dB of the loudest."""
    x = np.frombuffer(pcm, dtype="<i2").astype(np.float64)
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


def dtw(a: Features, b: Features) -> float:
    """The DTW distance between two feature sequences (Euclidean frames), divided by ``len(a) + len(b)``."""
    cost = np.sqrt(((a[:, None, :] - b[None, :, :]) ** 2).sum(axis=2))
    n, m = cost.shape
    inf = float("inf")
    prev: list[float] = [0.0] + [inf] * m
    for i in range(n):
        row: list[float] = cost[i].tolist()
        cur: list[float] = [inf] * (m + 1)
        for j in range(1, m + 1):
            cur[j] = row[j - 1] + min(prev[j - 1], prev[j], cur[j - 1])
        prev = cur
    return float(prev[m] / (n + m))


@dataclass
class Templates:
    """The storyteller's takes, per phrase, and the distance above which an answer is doubted."""

    takes: dict[str, list[Features]] = field(default_factory=dict)
    threshold: float = float("inf")

    def add(self, phrase: str, pcm: bytes) -> None:
        self.takes.setdefault(phrase, []).append(features(pcm))

    def distance(self, phrase: str, pcm: bytes) -> float | None:
        """The distance from ``pcm`` to the nearest take of ``phrase`` (None: no take of it)."""
        takes = self.takes.get(phrase)
        if not takes:
            return None
        heard = features(pcm)
        return min(dtw(heard, t) for t in takes)

    def doubts(self, phrase: str, pcm: bytes) -> bool:
        """Whether ``pcm``, heard as ``phrase``, is too far from every take of it."""
        d = self.distance(phrase, pcm)
        return d is not None and d > self.threshold

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
