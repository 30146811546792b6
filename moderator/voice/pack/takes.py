"""A recorded take made ready and judged: trimmed to its speech, its level evened out, and what is
wrong with it (level, clipping, length, what the recognizer heard)."""

from __future__ import annotations

import math

from moderator.voice.audio import SAMPLE_RATE, rms

QUIET_RMS = 500.0  # speech below this level (16-bit RMS, about -36 dBFS) is too quiet to use
CLIP_LEVEL = 32000
CLIP_FRACTION = 0.001
MIN_SECONDS = 0.2
EMPTY = "empty: nothing was heard"
KEEP_SILENCE = 0.05  # seconds kept before and after the speech when a take is trimmed


def trim(pcm: bytes, rate: int = SAMPLE_RATE) -> bytes:
    """``pcm`` cut to its speech (10 ms frames within 35 dB of the loudest), a little silence kept."""
    frame = rate // 100 * 2
    levels = [rms(pcm[i : i + frame]) for i in range(0, len(pcm) - len(pcm) % 2, frame)]
    if not levels or max(levels) <= 0:
        return b""
    floor = max(levels) / 56.0  # 35 dB
    loud = [i for i, v in enumerate(levels) if v >= floor]
    pad = round(KEEP_SILENCE * 100)
    start, end = max(0, loud[0] - pad), min(len(levels), loud[-1] + 1 + pad)
    return pcm[start * frame : end * frame]


SPEECH_RMS = 3200.0  # about -20 dBFS: what espeak-ng's speech measures, so takes and its pieces match
PEAK = 30000


def levelled(pcm: bytes, target: float = SPEECH_RMS) -> bytes:
    """``pcm`` scaled to ``target`` RMS (its peak kept under :data:`PEAK`), so the takes of a pack
    and espeak-ng's pieces between them sound about as loud."""
    import array

    level = rms(pcm)
    if level <= 0:
        return pcm
    samples = array.array("h")
    samples.frombytes(pcm)
    peak = max(abs(x) for x in samples)
    gain = min(target / level, PEAK / max(peak, 1))
    return array.array("h", (max(-32768, min(32767, round(x * gain))) for x in samples)).tobytes()


def letters(text: str) -> int:
    return sum(ch.isalpha() for ch in text)


def check_take(pcm: bytes, said: str, heard: str | None) -> list[str]:
    """What is wrong with a take of ``said`` (the phrase as the voice says it): level, clipping,
    length, and what the recognizer heard (``heard``; None: not checked). Empty: it is fine."""
    import array

    problems: list[str] = []
    seconds = len(pcm) / 2 / SAMPLE_RATE
    if seconds < MIN_SECONDS:
        return [EMPTY]
    level = rms(pcm)
    if level < QUIET_RMS:
        problems.append(f"too quiet ({20 * math.log10(max(level, 1) / 32768):.0f} dBFS): come closer or speak up")
    samples = array.array("h")
    samples.frombytes(pcm)
    clipped = sum(1 for s in samples if abs(s) >= CLIP_LEVEL)
    if clipped > CLIP_FRACTION * len(samples):
        problems.append("clipped (too loud): move back or turn the input down")
    most = 2.0 + 0.35 * letters(said)
    if seconds > most:
        problems.append(f"too long ({seconds:.1f} s for {letters(said)} syllables)")
    if heard is not None:
        error = char_error(said, heard)
        if error > 0.5:
            problems.append(f"heard {heard!r} ({error:.0%} off): re-record if it was unclear")
    return problems


def char_error(ref: str, hyp: str) -> float:
    """Character error rate: edit distance over the reference's length, letters only (the benchmarks' measure)."""
    r = "".join(ch for ch in ref.lower() if ch.isalpha())
    h = "".join(ch for ch in hyp.lower() if ch.isalpha())
    if not r:
        return 0.0 if not h else 1.0
    row = list(range(len(h) + 1))
    for i, rc in enumerate(r, start=1):
        prev, row[0] = row[0], i
        for j, hc in enumerate(h, start=1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (rc != hc))
    return row[-1] / len(r)
