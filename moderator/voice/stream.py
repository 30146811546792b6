"""Decoding while the speech goes on: the endpointer hands each block of an utterance to a worker
thread that feeds the recognizer, so that when the utterance ends its decoding is (nearly) done, and
an answer that is already a whole sentence of the step can end the utterance early.

- :class:`Stream` (from :meth:`Recognizer.stream <moderator.voice.recognizer.Recognizer.stream>`):
  one utterance's incremental decoding in a closed grammar: ``feed``, ``partial``, ``finish``.
- :class:`StreamSink`: what the endpointer talks to (from its audio thread: it never waits): blocks
  in, a worker thread decoding them, the latest partial text, and at the end an :class:`Utterance`
  (the PCM, as bytes, carrying the decoding's future).
- **Early end** (``asr.early_end``, on by default: :data:`EARLY_END_LANGS`): after
  :data:`EARLY_HANGOVER` s of silence (instead of the endpointer's hangover), the utterance ends when
  what has been decoded so far is a whole sentence of the step's grammar that begins no longer one
  ("seat three" at a seat step; not at a two-seat step, where "seat three and seat five" may follow).
  After 0.15 s it changed answers on real English digits (right 147 -> 136 of 210 at the seat step):
  pocketsphinx decodes a shorter silence after the word differently. After 0.2 s, the endpointer's
  ``tail``, the utterance is the very audio the full hangover hands on (it keeps 0.2 s of the
  silence), so an answer said alone does not change, and it comes 0.1 s sooner; what does change is
  speech that goes on 0.2-0.3 s after a whole answer: it is split there (docs/benchmarks.md, "Issue 14,
  part 3").
- **Settling** (Vosk): Vosk's partial trails the audio by 0.2-0.4 s, so at 0.2 s of silence it often
  holds nothing yet, or a word since replaced. Such a stream (:attr:`Stream.lags`) is asked instead to
  *settle*: a second recognizer fed the same blocks gives its final result, which is the decoding of
  the utterance if it ends there (the audio the endpointer hands on), and is kept as that. (After the
  full hangover the first recognizer has also heard the 0.1 s of quiet beyond the cut, which moves a few
  short words in a loud room: bench/results/early-end-ko.md.) A settled answer whose last
  word began less than :data:`SAID` s before the speech went quiet is not whole: told the utterance is
  over, a grammar decoder finishes a sentence that was only begun ("자리", a pause, "자리 둘").
"""

from __future__ import annotations

import queue
import threading
from abc import ABC, abstractmethod
from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Protocol

from moderator.voice.audio import SAMPLE_RATE
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


EARLY_END_LANGS: tuple[str, ...] = ("ko", "en")
"""Where the early end is on by default (config.toml's ``asr.early_end``)."""


SAID = 0.1
"""A settled answer (:meth:`Stream.settle`) is whole only if its last word began at least this long (s)
before the speech went quiet: a decoder told the utterance is over may finish a sentence its grammar
wants finished ("자리" said, then a pause, settles as "자리 둘", "둘" put in the silence)."""


CATCH_UP = 0.1
"""How long the endpointer waits (from the audio thread) for the decoding to reach the present
before it judges whether the answer is whole; late, the utterance just ends after the full hangover."""


class Stream(ABC):
    """One utterance's incremental decoding inside a closed grammar (used from one thread)."""

    phrases: tuple[str, ...]

    lags = False
    """Whether :meth:`partial` trails the audio (Vosk's network looks ahead, so a word is in it only some
    0.2-0.4 s after it is said). Then whether an answer is whole is asked of :meth:`settle`, once a pause."""

    @abstractmethod
    def feed(self, pcm: bytes) -> None:
        """More audio (16 kHz, 16-bit mono), in order."""

    @abstractmethod
    def partial(self) -> str:
        """The words decoded so far (normalised)."""

    def settle(self) -> Hypothesis:
        """The decoding as it would be if the utterance ended with what was fed, with the words' times
        where the engine gives them: only for a stream that :attr:`lags`, which may answer it once per
        utterance (then an empty hypothesis, nothing whole)."""
        return Hypothesis(self.partial())

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


@dataclass(frozen=True)
class _Settle:
    """A request to the worker: settle the stream for this pause (:meth:`StreamSink.complete`)."""

    pause: int


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
        self._made = False
        """The worker has opened its stream (or found there is none)."""
        self._lags = False
        """The stream's partial trails the audio (:attr:`Stream.lags`): a pause asks it to settle."""
        self._pause = 0
        """Which pause this is: counted up by each loud block (:meth:`block`)."""
        self._asked: int | None = None
        self._settled: tuple[int, Hypothesis] | None = None
        """The pause a settle answered for, and its decoding."""
        self._fed = 0.0
        self._spoken = 0.0
        """Seconds of the utterance given (:meth:`block`), and where its last loud block ended."""
        self._blocks: queue.Queue[bytes | _Settle | tuple[bytes, Future[Hypothesis | None]] | None] = queue.Queue()
        self._thread = threading.Thread(target=self._work, daemon=True, name="stream")
        self._thread.start()

    def block(self, pcm: bytes, loud: bool = True) -> None:
        """One more block of the utterance; ``loud``: speech, which ends a pause."""
        with self._caught_up:
            self._put += 1
            self._pause += loud
            self._fed += len(pcm) / 2 / SAMPLE_RATE
            if loud:
                self._spoken = self._fed
        self._blocks.put(pcm)

    def complete(self, wait: float = CATCH_UP) -> bool:
        """Whether what is decoded so far (waiting up to ``wait`` s for the blocks given) is a whole
        sentence that begins no longer one (always False unless ``early``). Where the partial trails the
        audio, the stream is asked to settle, once a pause: later calls in the same pause take its answer."""
        if not self.early:
            return False
        with self._caught_up:
            if not self._made:
                self._caught_up.wait_for(lambda: self._made, timeout=wait)
            if not self._lags:
                self._caught_up.wait_for(lambda: self._done >= self._put, timeout=wait)
                text = self.latest
            else:  # the settle is queued behind the blocks given
                pause = self._pause
                if self._asked != pause:
                    self._asked = pause
                    self._blocks.put(_Settle(pause))

                def answered() -> bool:
                    return self._settled is not None and self._settled[0] == pause

                self._caught_up.wait_for(answered, timeout=wait)
                settled = self._settled[1] if answered() and self._settled is not None else Hypothesis("")
                if settled.words and settled.words[-1].start > self._spoken - SAID:
                    return False  # its last word was made up in the silence: "자리" forced into "자리 둘"
                text = normalize(settled.text)
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
        with self._caught_up:
            self._made, self._lags = True, stream is not None and stream.lags
            self._caught_up.notify_all()
        try:
            while True:
                item = self._blocks.get()
                if item is None:
                    return
                if isinstance(item, _Settle):
                    try:
                        settled = stream.settle() if stream is not None else Hypothesis("")
                    except Exception:
                        settled = Hypothesis("")
                    with self._caught_up:
                        self._settled = (item.pause, settled)
                        self._caught_up.notify_all()
                    continue
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
