"""Test doubles for the voice layer, shared by the tests and the benchmark (they are not part of the
app): a speaker that records, utterances from WAV files fed through the microphone's callback path,
and a room that makes synthetic speech look like a microphone take."""

from __future__ import annotations

import array
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from moderator.session import Channel
from moderator.voice.audio import SAMPLE_RATE, SAMPLE_WIDTH, WavSource
from moderator.voice.listen import Utterances

EARCON = "<earcon>"
"""What :class:`RecordingSpeaker` keeps for the sound of a new step."""


@dataclass
class RecordingSpeaker:
    """A speaker that keeps what was said, per channel (no sound card)."""

    said: list[tuple[Channel, str]] = field(default_factory=list)
    waits: list[tuple[float, bool]] = field(default_factory=list)

    def say(self, text: str, channel: Channel) -> None:
        self.said.append((channel, text))

    def chime(self, channel: Channel) -> None:
        """The new step's sound, kept as the text ``EARCON``."""
        self.said.append((channel, EARCON))

    def wait(self, seconds: float, ambience: bool = False) -> None:
        self.waits.append((seconds, ambience))

    def on(self, channel: Channel) -> list[str]:
        return [t for c, t in self.said if c == channel]


class WavUtterances(Utterances):
    """Utterances from WAV files (or 16 kHz PCM), fed block by block through the microphone's
    callback path."""

    def __init__(self, files: Sequence[Path | bytes], *, silence: float = 0.8, push_to_talk: bool = False) -> None:
        super().__init__(push_to_talk=push_to_talk)
        self.files = list(files)
        self.silence = silence
        self._fed = 0

    def next(self, timeout: float | None = None) -> bytes | None:
        while self.queue.empty() and self._fed < len(self.files):
            source = WavSource(self.files[self._fed], rate=SAMPLE_RATE)
            self._fed += 1
            source.run(self.endpointer)
            pad = WavSource(bytes(int(self.silence * SAMPLE_RATE) * 2), rate=SAMPLE_RATE)
            pad.run(self.endpointer)
            self.endpointer.flush()
        return super().next(timeout=0)

    def ended(self) -> bool:
        return self._fed >= len(self.files) and self.queue.empty()


def simulate_room(pcm: bytes, rate: int, *, pad: float = 0.3, noise: float = 30.0, seed: int = 0) -> bytes:
    """Make synthetic speech look like a microphone take: ``pad`` seconds of lead-in and tail,
    and a faint Gaussian noise floor (``noise`` is the standard deviation in sample units;
    30 is about -60 dBFS). Deterministic for a given ``seed``.

    Digitally silent, abruptly cut TTS audio confuses the decoders' silence and CMN handling
    (pocketsphinx drops words on it); real microphones always have a noise floor.
    """
    lead = bytes(int(pad * rate) * SAMPLE_WIDTH)
    data = array.array("h")
    data.frombytes(lead + pcm + lead)
    if sys.byteorder == "big":  # PCM is little-endian
        data.byteswap()
    if noise > 0:
        rnd = random.Random(seed)
        gauss = rnd.gauss
        for i, x in enumerate(data):
            data[i] = max(-32768, min(32767, x + round(gauss(0.0, noise))))
    if sys.byteorder == "big":
        data.byteswap()
    return data.tobytes()
