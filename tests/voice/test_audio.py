"""WAV I/O, resampling and the sounddevice-style block source."""

from __future__ import annotations

import array
import itertools
import math
from pathlib import Path
from typing import Any

from bench.fakes import simulate_room
from moderator.voice import BlockCollector, WavSource, read_wav, write_wav
from moderator.voice.audio import resample_python


def _tone(rate: int, seconds: float, freq: float = 440.0) -> bytes:
    n = int(rate * seconds)
    return array.array("h", (round(8000 * math.sin(2 * math.pi * freq * i / rate)) for i in range(n))).tobytes()


def test_wav_source_feeds_fixed_blocks_with_sounddevice_signature(tmp_path: Path) -> None:
    pcm = _tone(16_000, 0.33)
    wav = write_wav(tmp_path / "t.wav", pcm, 16_000)
    calls: list[tuple[int, int, Any, Any]] = []
    collector = BlockCollector()

    def callback(indata: bytes, frames: int, time: Any, status: Any) -> None:
        calls.append((len(indata), frames, time, status))
        collector(indata, frames, time, status)

    WavSource(wav, blocksize=1600).run(callback)
    assert [c[0] for c in calls] == [3200] * 4  # 5280 samples -> 4 blocks, last padded
    assert all(c[1] == 1600 and c[3] is None for c in calls)
    got = collector.take()
    assert got[: len(pcm)] == pcm and set(got[len(pcm) :]) <= {0}


def test_resample_python_keeps_length_and_pitch() -> None:
    src = _tone(22_050, 0.5)
    out = resample_python(src, 22_050, 16_000)
    assert len(out) == 2 * (len(src) // 2 * 16_000 // 22_050)
    samples = array.array("h")
    samples.frombytes(out)
    crossings = sum(1 for a, b in itertools.pairwise(samples) if a < 0 <= b)
    assert abs(crossings - 220) <= 2  # still 440 Hz


def test_simulate_room_is_deterministic(tmp_path: Path) -> None:
    pcm = _tone(16_000, 0.1)
    a = simulate_room(pcm, 16_000, seed=3)
    assert a == simulate_room(pcm, 16_000, seed=3) != simulate_room(pcm, 16_000, seed=4)
    assert len(a) == len(pcm) + 2 * 2 * 4800
    path = write_wav(tmp_path / "r.wav", a, 16_000)
    assert read_wav(path) == (a, 16_000)
