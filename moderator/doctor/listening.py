"""Listening to the microphone for the checks: its blocks in a queue, read as levels or as utterances."""

from __future__ import annotations

import queue
import time
from typing import TYPE_CHECKING, Any

from moderator.doctor.base import db

if TYPE_CHECKING:
    from moderator.doctor.core import Doctor


class Tap:
    """The microphone's block callback: every block into a queue, for the checks to read in order."""

    def __init__(self, blocks: queue.Queue[bytes]) -> None:
        self.blocks = blocks

    def __call__(self, indata: bytes, frames: int, time: Any, status: Any) -> None:
        self.blocks.put(indata)


def levels(doctor: Doctor, blocks: queue.Queue[bytes], seconds: float, what: str,
           keep: list[bytes] | None = None) -> list[float]:
    """The level of each block heard for ``seconds`` (with a meter on a terminal); ``keep``: the
    blocks themselves are also put there."""
    from moderator.voice.audio import SAMPLE_RATE, rms

    doctor.out.write(f"       {what} ({seconds:.0f} s)\n")
    found: list[float] = []
    samples, wanted = 0, int(seconds * SAMPLE_RATE)
    deadline = time.monotonic() + seconds + 10
    while samples < wanted and time.monotonic() < deadline:
        try:
            block = blocks.get(timeout=1.0)
        except queue.Empty:
            continue
        samples += len(block) // 2
        found.append(rms(block))
        if keep is not None:
            keep.append(block)
        _meter(doctor, found)
    if doctor.out.isatty():
        doctor.out.write("\n")
    return found


def _meter(doctor: Doctor, found: list[float]) -> None:
    if not doctor.out.isatty() or len(found) % 2:
        return
    level = db(found[-1])
    bar = "#" * max(0, min(40, int((level + 60) * 40 / 60)))
    doctor.out.write(f"\r       [{bar:<40}] {level:6.1f} dBFS")
    doctor.out.flush()


def utterance(doctor: Doctor, blocks: queue.Queue[bytes], endpointer: Any, heard: list[bytes]) -> bytes | None:
    deadline = time.monotonic() + doctor.options.listen_seconds
    while not heard and time.monotonic() < deadline:
        try:
            block = blocks.get(timeout=0.5)
        except queue.Empty:
            continue
        endpointer(block, len(block) // 2, None, None)
    return heard.pop(0) if heard else None
