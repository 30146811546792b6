"""From audio blocks to utterances: a small energy endpointer fed by the microphone's callback.

The microphone (sounddevice) and a WAV file (tests) feed the same callback, block by block, so
tests run the same path as the table. While the app speaks (half-duplex), blocks are dropped.
"""

from __future__ import annotations

import queue
import statistics
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from moderator.voice.audio import SAMPLE_RATE, microphone, rms
from moderator.voice.stream import CATCH_UP, EARLY_HANGOVER, StreamSink

START = 300.0
"""The lowest level that starts an answer, uncalibrated (RMS of 16-bit samples, about -40 dBFS)."""

QUIETEST = 60.0
"""The lowest start level a calibration may set (RMS of 16-bit samples, about -55 dBFS): below it, the
room's noise floor is all a microphone gives."""

MADE_UP = 0.0
"""Seconds of the kept ``tail`` of silence an early end may make up from the quiet block before them instead of
waiting for them (the early end then comes that much sooner): 0, it waits (bench.early_end --made-up)."""


@dataclass
class Endpointer:
    """Cuts a stream of blocks into utterances: speech starts above ``threshold`` RMS and ends after
    ``hangover`` seconds below it. ``pre_roll`` seconds before the start are kept."""

    on_utterance: Callable[[bytes], None]
    rate: int = SAMPLE_RATE
    threshold: float = START
    """The lowest level that counts as speech (RMS of 16-bit samples)."""
    start_over_noise: float = 3.0
    """Speech starts this many times above the room's noise floor (about +10 dB) ..."""
    stay_over_noise: float = 2.0
    """... and goes on while it stays this many times above it (hysteresis)."""
    hangover: float = 0.3  # bench/results/endpoint-ko.md: 0.15 s pauses in "자리 일곱" never split; p95 ~0.4 s
    pre_roll: float = 0.2
    tail: float = 0.2
    """Silence kept after the speech: the rest of the hangover is cut (long silences confuse decoders)."""
    max_length: float = 12.0
    muted: threading.Event = field(default_factory=threading.Event)
    push_to_talk: bool = False
    """Listen only after :meth:`talk` (a key press), for one utterance or ``talk_window`` seconds."""
    talk_window: float = 8.0
    _talking: float | None = None
    _pre: list[bytes] = field(default_factory=list)
    _speech: list[bytes] = field(default_factory=list)
    _silent: float = 0.0
    noise: float | None = None
    """The room's noise floor, learnt from the blocks between utterances (None until the first block,
    which only teaches it: the pre-roll keeps that block if speech starts right after)."""
    _levels: list[float] = field(default_factory=list)
    streamer: Callable[[], StreamSink] | None = None
    """Decoding while the speech goes on (set per step by the loop): each utterance's blocks go to a
    sink from this factory, the utterance comes out as an :class:`~moderator.voice.stream.Utterance`
    carrying its decoding, and a whole sentence ends it after ``early_hangover`` s of silence."""
    early_hangover: float = EARLY_HANGOVER
    made_up: float = field(default_factory=lambda: MADE_UP)
    """Seconds of the kept tail an early end makes up from the last quiet block (:data:`MADE_UP`)."""
    catch_up: float = CATCH_UP
    """How long the audio thread waits for the decoding to reach the present before it judges whether the
    answer is whole (the benchmarks, which feed audio faster than it is spoken, wait for it)."""
    _sink: StreamSink | None = None

    def _learn_noise(self, level: float) -> None:
        """Follow the floor down quickly and up slowly, so speech does not raise it."""
        if self.noise is None:
            self.noise = level
        elif level < self.noise:
            self.noise = 0.5 * self.noise + 0.5 * level
        else:
            self.noise = 0.98 * self.noise + 0.02 * level

    def __call__(self, indata: bytes, frames: int, time: Any, status: Any) -> None:
        """The block callback (sounddevice's signature)."""
        if self.muted.is_set():  # half-duplex: what is heard while the app speaks is dropped
            self._pre.clear()
            self._speech.clear()
            self._drop_sink()
            return
        seconds = frames / self.rate
        if self.push_to_talk and not self._speech:
            if self._talking is None:  # the talk key has not been pressed: nothing is heard
                self._pre.clear()
                return
            self._talking += seconds
            if self._talking > self.talk_window:
                self._talking = None
                return
        level = rms(indata)
        floor = self.noise or 0.0
        if not self._speech:
            self._pre = [*self._pre, indata][-max(1, round(self.pre_roll / seconds)) :]
            if self.noise is not None and level >= max(self.threshold, self.start_over_noise * floor):
                self._speech = list(self._pre)
                self._silent = 0.0
                self._drop_sink()
                if self.streamer is not None:
                    self._sink = self.streamer()
                    for block in self._speech:
                        self._sink.block(block)
            else:
                self._learn_noise(level)
            return
        loud = level >= max(self.threshold, self.stay_over_noise * floor)
        self._speech.append(indata)
        if self._sink is not None:
            self._sink.block(indata, loud)
        self._silent = 0.0 if loud else self._silent + seconds
        self._levels.append(level)
        length = len(self._speech) * seconds
        if length >= self.max_length:  # never quiet enough to end: the room got louder; learn that
            self.noise = statistics.median(self._levels)
            self.flush()
        elif self._silent >= self.hangover:
            self.flush()
        elif (self._silent >= self.early_hangover - self.made_up - 1e-9 and self._sink is not None
              and self._sink.complete(self.catch_up)):  # fmt: skip
            self.flush(early=True)  # a whole sentence of the step, and silence after it: no need to wait longer

    def flush(self, *, early: bool = False) -> None:
        """End the current utterance, if any, and hand it on (``early``: a whole sentence ended it, and the
        part of the tail not waited for, :attr:`made_up`, is made up from the quiet block before it)."""
        if self._speech:
            blocks = len(self._speech)
            if blocks:
                seconds = len(self._speech[0]) / 2 / self.rate
                silent = round(self._silent / seconds) if seconds else 0
                keep = round(self.tail / seconds) if seconds else 0
                blocks -= max(0, silent - keep)
            pcm = b"".join(self._speech[:blocks])
            short = self.tail - self._silent
            if early and self.made_up and short > 1e-9 and self._silent > 0:
                quiet = self._speech[blocks - 1]
                pcm += quiet * max(1, round(short / (len(quiet) / 2 / self.rate)))
            self._speech, self._pre, self._silent, self._levels = [], [], 0.0, []
            self._talking = None
            sink, self._sink = self._sink, None
            self.on_utterance(sink.end(pcm) if sink is not None else pcm)

    def _drop_sink(self) -> None:
        if self._sink is not None:
            self._sink.abandon()
            self._sink = None

    def listen_down_to(self, level: float) -> None:
        """A calibrated storyteller whose voice is quieter than :attr:`threshold`: speech starts at
        ``level`` (their near-field gate), never below :data:`QUIETEST`; a louder one changes nothing."""
        self.threshold = min(self.threshold, max(QUIETEST, level))

    def talk(self) -> None:
        """The push-to-talk key: listen for the next utterance (up to ``talk_window`` seconds)."""
        self._talking = 0.0


class Utterances:
    """A queue of utterances (PCM at :data:`SAMPLE_RATE`) that a source fills."""

    def __init__(self, *, push_to_talk: bool = False) -> None:
        self.queue: queue.Queue[bytes | None] = queue.Queue()
        self.endpointer = Endpointer(self.queue.put, push_to_talk=push_to_talk)
        self.error: BaseException | None = None
        """Set when the source has failed (the microphone was unplugged)."""

    def ended(self) -> bool:
        """Whether no utterance will ever come again (a finite source has run out)."""
        return False

    def next(self, timeout: float | None = None) -> bytes | None:
        """The next utterance; None when the source has ended (or on timeout)."""
        try:
            return self.queue.get(timeout=timeout)
        except queue.Empty:
            return None


class MicUtterances(Utterances):
    """Utterances from the microphone, in a background thread."""

    def __init__(self, device: int | str | None = None, *, push_to_talk: bool = False) -> None:
        super().__init__(push_to_talk=push_to_talk)
        self.device = device
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            with microphone(self.endpointer, device=self.device):
                while not self._stop.wait(0.1):
                    pass
        except BaseException as exc:
            self.error = exc
            self.queue.put(None)

    def close(self) -> None:
        self._stop.set()
