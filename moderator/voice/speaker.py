"""Speaking on two outputs: ``public`` (the table speaker) and ``private`` (the storyteller's headset).

Text is rendered with espeak-ng (pyttsx3) to WAV, cached by content, and played through
sounddevice on the device chosen for that channel. Private text never goes to the public device.
"""

from __future__ import annotations

import array
import contextlib
import hashlib
import math
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TextIO

from moderator.session import Channel
from moderator.voice._deps import require
from moderator.voice.audio import SAMPLE_RATE, read_wav, resample
from moderator.voice.pack import Prerendering, Prompts
from moderator.voice.tts import render_lines, spoken_lines


class Speaker(Protocol):
    """Something that says text on a channel. Raises OSError when its device is gone."""

    def say(self, text: str, channel: Channel) -> None: ...

    def wait(self, seconds: float, ambience: bool = False) -> None:
        """A timed pause (the sniff, a countdown); ``ambience``: background sound may cover it."""
        ...


@dataclass(frozen=True)
class VoiceSettings:
    """espeak-ng settings for one language."""

    voice: str | None = None
    rate: int | None = None
    volume: float | None = None


class PromptCache(Prerendering):
    """Rendered prompts on disk, keyed by language, settings and text."""

    def __init__(self, folder: Path, lang: str, settings: VoiceSettings) -> None:
        self.folder = folder
        self.lang = lang
        self.settings = settings
        self._lock = threading.Lock()

    def path(self, text: str) -> Path:
        key = f"{self.lang}|{self.settings}|{text}".encode()
        return self.folder / f"{hashlib.sha1(key).hexdigest()[:20]}.wav"

    def get(self, text: str) -> Path:
        """The WAV of ``text`` as the voice says it (:func:`spoken_lines`), rendering it first if needed."""
        lines = spoken_lines(text, self.lang)
        path = self.path("\n".join(lines))
        with self._lock:
            if not path.is_file():
                s = self.settings
                render_lines(lines, self.lang, path, voice=s.voice, rate=s.rate, volume=s.volume)
        return path



@dataclass
class ConsoleSpeaker:
    """What the voice loop falls back to when the output device is gone: the console."""

    out: TextIO
    sleep: Callable[[float], None] = time.sleep

    def say(self, text: str, channel: Channel) -> None:
        self.out.write(f"{'[table] ' if channel == 'public' else '> '}{text}\n")
        self.out.flush()

    def wait(self, seconds: float, ambience: bool = False) -> None:
        self.sleep(seconds)


def earcon_pcm(rate: int = SAMPLE_RATE, level: float = 8000.0) -> bytes:
    """The short sound of a new step (``[tts] detail = "cue"``): two rising tones, 0.17 s in all, soft at
    each end so they do not click. Unlike any voice, so it is heard at a glance under table noise."""
    samples = array.array("h")
    for freq, seconds in ((880.0, 0.07), (0.0, 0.03), (1320.0, 0.07)):
        n = round(seconds * rate)
        fade = max(1, round(0.01 * rate))
        for i in range(n):
            gain = min(1.0, i / fade, (n - 1 - i) / fade) if freq else 0.0
            samples.append(round(level * gain * math.sin(2 * math.pi * freq * i / rate)))
    return samples.tobytes()


def ambience_pcm(seconds: float, rate: int, level: float = 600.0, seed: int = 0) -> bytes:
    """Soft brown noise (a low rumble) to cover rustling while eyes are closed; fades in and out."""
    rnd = random.Random(seed)
    n = max(0, round(seconds * rate))
    fade = max(1, min(n // 2, rate // 2))
    samples = array.array("h", bytes(2 * n))
    value = 0.0
    for i in range(n):
        value = 0.98 * value + rnd.uniform(-1.0, 1.0)
        gain = min(1.0, i / fade, (n - 1 - i) / fade)
        samples[i] = max(-32768, min(32767, round(value * level * gain / 7)))
    return samples.tobytes()


class AudioSpeaker:
    """Plays rendered prompts through sounddevice: each channel on its own output device.

    ``speaking`` is set while it plays (or holds a timed pause), so a half-duplex microphone can drop
    what it hears meanwhile. ``ambience``: background sound under pauses that allow it.

    One output stream per device stays open for the game (opening a device per sentence costs time
    and can click); both channels share it when they name the same device. Every prompt is 16 kHz."""

    def __init__(
        self, cache: Prompts, public: int | str | None, private: int | str | None, *, ambience: bool = False
    ) -> None:
        self.cache = cache
        self.devices: dict[Channel, int | str | None] = {"public": public, "private": private}
        self.speaking = threading.Event()
        self.ambience = ambience
        self._streams: dict[int | str | None, Any] = {}

    def wait(self, seconds: float, ambience: bool = False) -> None:
        """Hold a timed pause, with the microphone muted; under background sound when allowed."""
        if seconds <= 0:
            return
        self.speaking.set()
        try:
            if ambience and self.ambience:
                self._play(ambience_pcm(seconds, SAMPLE_RATE), SAMPLE_RATE, "public")
            else:
                time.sleep(seconds)
        finally:
            self.speaking.clear()

    def chime(self, channel: Channel) -> None:
        """The short sound of a new step (:func:`earcon_pcm`) on ``channel``."""
        self.speaking.set()
        try:
            self._play(earcon_pcm(), SAMPLE_RATE, channel)
        finally:
            self.speaking.clear()

    def say(self, text: str, channel: Channel) -> None:
        """Render (or fetch) and play ``text``, blocking until it has been played.

        Raises:
            OSError: the output device is gone (PortAudio errors are OSErrors here).
        """
        if not text.strip():
            return
        pcm, rate = read_wav(self.cache.get(text))
        self.speaking.set()
        try:
            self._play(pcm, rate, channel)
        finally:
            self.speaking.clear()

    def _play(self, pcm: bytes, rate: int, channel: Channel) -> None:
        sd = require("sounddevice", "for_audio_output")
        device = self.devices[channel]
        if rate != SAMPLE_RATE:
            pcm = resample(pcm, rate, SAMPLE_RATE)
        try:
            out = self._streams.get(device)
            if out is None:
                out = sd.RawOutputStream(samplerate=SAMPLE_RATE, channels=1, dtype="int16", device=device)
                out.start()
                self._streams[device] = out
            out.write(pcm)
            time.sleep(float(out.latency))  # what is still in the device's buffer
        except sd.PortAudioError as exc:
            self._streams.pop(device, None)
            raise OSError(f"audio output lost: {exc}") from exc

    def close(self) -> None:
        """Close the output streams."""
        for out in self._streams.values():
            with contextlib.suppress(Exception):
                out.close()
        self._streams.clear()


def list_devices() -> list[dict[str, object]]:
    """The audio devices PortAudio sees: index, name, inputs, outputs.

    Raises:
        VoiceDependencyError: sounddevice (or PortAudio) is not installed.
    """
    sd = require("sounddevice", "for_device_list")
    devices = sd.query_devices()
    return [
        {"index": i, "name": d["name"], "inputs": d["max_input_channels"], "outputs": d["max_output_channels"]}
        for i, d in enumerate(devices)
    ]
