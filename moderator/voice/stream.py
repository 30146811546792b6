"""Decoding while the speech goes on: the endpointer hands each block of an utterance to a worker
thread that feeds the recognizer, so that when the utterance ends its decoding is (nearly) done, and
an answer that is already a whole sentence of the step can end the utterance early.

- :class:`Stream` (from :meth:`Recognizer.stream <moderator.voice.recognizer.Recognizer.stream>`):
  one utterance's incremental decoding in a closed grammar: ``feed``, ``partial``, ``finish``.
- :class:`StreamSink`: what the endpointer talks to (from its audio thread: it never waits): blocks
  in, a worker thread decoding them, the latest partial text, and at the end an :class:`Utterance`
  (the PCM, as bytes, carrying the decoding's future).
- **Early end** (``asr.early_end``, on by default in English: :data:`EARLY_END_LANGS`): after
  :data:`EARLY_HANGOVER` s of silence (instead of the endpointer's hangover), the utterance ends when
  what has been decoded so far is a whole sentence of the step's grammar that begins no longer one
  ("seat three" at a seat step; not at a two-seat step, where "seat three and seat five" may follow).
  After 0.15 s it changed answers on real English digits (right 147 -> 136 of 210 at the seat step):
  pocketsphinx decodes a shorter silence after the word differently. After 0.2 s, the endpointer's
  ``tail``, the utterance is the very audio the full hangover hands on (it keeps 0.2 s of the
  silence), so an answer said alone does not change, and it comes 0.1 s sooner; what does change is
  speech that goes on 0.2-0.3 s after a whole answer: it is split there (docs/benchmarks.md, "Issue 14,
  part 3").
"""

from __future__ import annotations

import queue
import threading
from abc import ABC, abstractmethod
from collections.abc import Sequence
from concurrent.futures import Future
from typing import Protocol

from moderator.voice.reject import normalize
from moderator.voice.result import Hypothesis


class Streamer(Protocol):
    """What a sink decodes with: a recognizer that may open a stream for these phrases (the recognizer module
    imports this one, never the other way)."""

    def stream(self, phrases: Sequence[str]) -> Stream | None: ...

EARLY_HANGOVER = 0.2
"""Seconds of silence after a whole sentence (that begins no longer one) that end the utterance: the
endpointer's ``tail`` (the silence it keeps after an answer), so the audio is the same as after the
full hangover. The endpointer's full hangover (0.3 s) still ends every other utterance: a pause inside "seat ... three"
leaves "seat" undecided, which is no sentence (bench/results/endpoint-*.md: 0.15 s pauses inside a
seat sentence)."""


EARLY_END_LANGS: tuple[str, ...] = ("en",)
"""Where the early end is on by default (config.toml's ``asr.early_end``). Not Korean: there, on
espeak-ng's held-out voices and the Zeroth sentences, it changed 7 of 352 outcomes, mostly for the worse
(a real sentence split after a whole answer and acted on), and its p95 stayed 348 ms (docs/benchmarks.md)."""


CATCH_UP = 0.1
"""How long the endpointer waits (from the audio thread) for the decoding to reach the present
before it judges whether the answer is whole; late, the utterance just ends after the full hangover."""


class Stream(ABC):
    """One utterance's incremental decoding inside a closed grammar (used from one thread)."""

    phrases: tuple[str, ...]

    @abstractmethod
    def feed(self, pcm: bytes) -> None:
        """More audio (16 kHz, 16-bit mono), in order."""

    @abstractmethod
    def partial(self) -> str:
        """The words decoded so far (normalised)."""

    @abstractmethod
    def finish(self, pcm: bytes) -> Hypothesis | None:
        """The utterance is ``pcm`` (what was fed is a prefix of it, else None): the final hypothesis,
        or None when this stream gives none (the caller decodes ``pcm`` in one pass)."""

    def close(self) -> None:  # noqa: B027 (most streams hold nothing)
        """Release what the stream holds (also after :meth:`finish`)."""


class Utterance(bytes):
    """The PCM of one utterance, with its decoding while it was spoken (None: none)."""

    decoded: Future[Hypothesis | None] | None = None
    phrases: tuple[str, ...] = ()


class StreamSink:
    """The endpointer's side of streaming: called from the audio thread, never blocks on decoding."""

    def __init__(
        self, rec: Streamer, phrases: Sequence[str], *, early: bool = False, decoys: frozenset[str] = frozenset(),
    ) -> None:  # fmt: skip
        self.rec = rec
        self.early = early
        """Whether a whole sentence may end the utterance early (``asr.early_end``)."""
        self.phrases = tuple(normalize(p) for p in phrases)
        words = [p.split() for p in self.phrases]
        self._whole = set(self.phrases) - {normalize(d) for d in decoys}
        """The sentences that may end an utterance early: not a decoy (``voice.decoys``), which is talk
        heard as itself, and may go on into more talk."""
        self._begins_longer = {" ".join(w[:k]) for w in words for k in range(1, len(w))}
        self.latest = ""
        self._caught_up = threading.Condition()
        self._put = self._done = 0
        self._blocks: queue.Queue[bytes | tuple[bytes, Future[Hypothesis | None]] | None] = queue.Queue()
        self._thread = threading.Thread(target=self._work, daemon=True, name="stream")
        self._thread.start()

    def block(self, pcm: bytes) -> None:
        with self._caught_up:
            self._put += 1
        self._blocks.put(pcm)

    def complete(self, wait: float = CATCH_UP) -> bool:
        """Whether what is decoded so far (waiting up to ``wait`` s for the blocks given) is a whole
        sentence that begins no longer one (always False unless ``early``)."""
        if not self.early:
            return False
        with self._caught_up:
            self._caught_up.wait_for(lambda: self._done >= self._put, timeout=wait)
        text = self.latest
        return text in self._whole and text not in self._begins_longer

    def end(self, pcm: bytes) -> Utterance:
        """The utterance is over: ``pcm`` (as cut), with the future of its decoding."""
        done: Future[Hypothesis | None] = Future()
        self._blocks.put((pcm, done))
        out = Utterance(pcm)
        out.decoded, out.phrases = done, self.phrases
        return out

    def abandon(self) -> None:
        self._blocks.put(None)

    def _work(self) -> None:
        stream: Stream | None
        try:
            stream = self.rec.stream(self.phrases)
        except Exception:  # no streaming: the utterance is decoded in one pass at its end
            stream = None
        try:
            while True:
                item = self._blocks.get()
                if item is None:
                    return
                if isinstance(item, tuple):
                    pcm, done = item
                    try:
                        done.set_result(stream.finish(pcm) if stream is not None else None)
                    except Exception:  # the caller decodes in one pass
                        done.set_result(None)
                    return
                if stream is not None:
                    try:
                        stream.feed(item)
                        self.latest = stream.partial()
                    except Exception:
                        stream.close()
                        stream = None
                with self._caught_up:
                    self._done += 1
                    self._caught_up.notify_all()
        finally:
            if stream is not None:
                stream.close()
