"""Telephone-band sound: a microphone that sends nothing above 4 kHz.

A Bluetooth headset in its hands-free profile (CVSD, 8 kHz) sends the voice band only, 0.3 to 3.4 kHz;
the system resamples it to the 16 kHz the recognizers ask for, and the band above 4 kHz stays empty.
Both models were trained on wideband speech, and the fricatives ("six", "seven", "셋") live up there:
on the report half of espeak-ng's voices, the same answers cut to 8 kHz went from 85% to 64% right in
English and from 52% to 14% in Korean (``bench.band``, bench/results/band.md).
The app cannot put the band back, so it says so once, and the storyteller can change the headset or
its profile.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field

from moderator.voice.audio import SAMPLE_RATE

NARROW_BAND_DB = -50.0
"""Speech whose loud part has less power from 4.3 to 7 kHz than this, against its power from 0.3 to
3.4 kHz, came through a telephone-band channel. Set between the choose half of espeak-ng's voices'
extremes (wideband -41.6 dB at the lowest, cut to 8 kHz -75.6 dB at the highest), nearer the wideband
side, with the real recordings' figures already seen. On the report half every one falls on its side:
wideband -41.0 dB at the lowest, telephone band -57.2 dB at the highest; real wideband speech -36.3 dB,
the real 8 kHz digit recordings -53.3 dB."""

FRAME = 512
"""32 ms analysis frames at 16 kHz, half overlapping."""

LOUD = 0.7
"""Only the loudest 30% of frames are speech enough to judge (the rest is the room, or a pause)."""

WARNING = ("the microphone sends telephone-band sound (nothing above 4 kHz), as a Bluetooth headset does "
           "in its hands-free profile: answers are heard much less well. A wired or USB headset, or the "
           "headset's wideband profile, mends it.")  # fmt: skip


def high_band_db(pcm: bytes, rate: int = SAMPLE_RATE) -> float | None:
    """The power of the loud part of ``pcm`` from 4.3 to 7 kHz against its power from 0.3 to 3.4 kHz,
    in dB (None: too short to judge, or silent). numpy is imported here: a game by keys never needs it."""
    import numpy as np

    x = np.frombuffer(pcm[: len(pcm) - len(pcm) % 2], dtype="<i2").astype(np.float64)
    if len(x) < 2 * FRAME or rate < 14_000:
        return None
    frames = np.lib.stride_tricks.sliding_window_view(x, FRAME)[:: FRAME // 2] * np.hanning(FRAME)
    power = np.abs(np.fft.rfft(frames, axis=1)) ** 2
    freq = np.fft.rfftfreq(FRAME, 1 / rate)
    energy = power.sum(axis=1)
    loud = power[energy >= np.quantile(energy, LOUD)]
    low = float(loud[:, (freq >= 300) & (freq <= 3400)].sum())
    high = float(loud[:, (freq >= 4300) & (freq <= 7000)].sum())
    if low <= 0.0:
        return None
    return float(10 * np.log10(max(high, low * 1e-12) / low))


def narrow(pcm: bytes, rate: int = SAMPLE_RATE) -> bool | None:
    """Whether ``pcm`` came through a telephone-band channel (None: cannot tell)."""
    db = high_band_db(pcm, rate)
    return None if db is None else db < NARROW_BAND_DB


@dataclass
class BandWatch:
    """The band of the first answers heard at the table, judged once: :meth:`heard` gives
    :data:`WARNING` when the median of the first ``needed`` answers is telephone-band, then never again."""

    needed: int = 3
    _seen: list[float] = field(default_factory=list)
    done: bool = False

    def heard(self, pcm: bytes) -> str | None:
        if self.done:
            return None
        db = high_band_db(pcm)
        if db is not None:
            self._seen.append(db)
        if len(self._seen) < self.needed:
            return None
        self.done = True
        return WARNING if statistics.median(self._seen) < NARROW_BAND_DB else None
