"""Hearing one answer at a step: the step's grammar (its sentences, the decoys, the plain one-word forms,
the wake phrase in wake mode), the recognizer and its rejection policy, the storyteller's takes as a
second opinion, and the parse. A part of :class:`~moderator.voice.loop.VoiceLoop`, which holds the
state these methods use."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import replace
from typing import TYPE_CHECKING, TextIO

from moderator.commands.phrases import Intent
from moderator.i18n import Lang
from moderator.session import Channel, Session
from moderator.voice.asr import Recognizer
from moderator.voice.audio import SAMPLE_RATE
from moderator.voice.errors import VoiceError
from moderator.voice.listen import Utterances
from moderator.voice.models import known_phrases
from moderator.voice.names import SpokenForms, sayable
from moderator.voice.reject import normalize
from moderator.voice.result import Hypothesis, Result
from moderator.voice.speaker import Speaker
from moderator.voice.stream import StreamSink
from moderator.voice.verdict import Heard

if TYPE_CHECKING:
    from moderator.voice.calibrate import Calibration


class Hearing:
    """The voice loop's hearing (its fields are :class:`~moderator.voice.loop.VoiceLoop`'s)."""

    session: Session
    recognizer: Recognizer | Future[Recognizer]
    speaker: Speaker
    utterances: Utterances | None
    console: TextIO
    calibration: Calibration | None
    streaming: bool
    early_end: bool | None
    wake: str
    wake_window: float
    lang: Lang
    forms: SpokenForms
    decoys: list[str]
    plain: dict[Intent, tuple[str, ...]]
    verified: dict[Intent, list[str]]
    _numbers: frozenset[str]
    _grammars: dict[tuple[Intent, ...], list[str]]
    _decoys_in: dict[tuple[Intent, ...], frozenset[str]]
    _meanings: dict[tuple[str, tuple[Intent, ...]], object]
    _awake: float | None

    # -- grammars -----------------------------------------------------------------------------

    def grammar(self, allowed: Sequence[Intent]) -> list[str]:
        """The sentences to listen for at a step that allows ``allowed``, names in their spoken
        forms (data/commands: ``voice.names``), and the decoys (``voice.decoys``): sentences with a
        word the model lacks (a player's name, say) and no spoken form it knows are left out, and
        said so once on the console."""
        key = tuple(sorted(set(allowed)))
        if key not in self._grammars:
            sentences = self.session.sentences(key)
            if self.calibration is not None:  # the forms heard best on the storyteller's voice
                sentences = self.calibration.prefer(sentences)
            kept, _ = known_phrases(self.forms.expand(sentences), self.rec.has_word)
            said = {self.forms.written_form(s) for s in kept}
            _, missing = known_phrases([s for s in sentences if s not in said], self.rec.has_word)
            # decoys are heard as themselves and rejected; only a decoy the typed phrases read as yes
            # or no is that answer (네 is yes at a yes/no step, never 4 at a number step)
            added = [d for d in self.decoys if d not in kept and d not in said and sayable(d, self.rec.has_word)]
            self._decoys_in[key] = frozenset(d for d in added if not self._means(d, key))
            kept = [*kept, *added, *self._plain_for(kept, key)]
            if missing:
                self.console.write(f"voice: not in the {self.lang} model, so not listened for: "
                                   f"{', '.join(missing)}\n")  # fmt: skip
            self._grammars[key] = kept
        return self._grammars[key]

    def _plain_for(self, kept: Sequence[str], allowed: Sequence[Intent]) -> list[str]:
        """The plain one-word forms (data/commands ``voice.plain``: "repeat") this step may
        hear: those that mean their command here, where no sentence of the step is a bare number."""
        if not self.plain or any(all(w in self._numbers for w in s.split()) for s in kept):
            return []
        return [f for i, forms in self.plain.items() for f in forms  # where it means its command here
                if f not in kept and self.rec.has_word(f) and _intent_of(self._meaning(f, allowed)) == i]  # fmt: skip

    def wake_grammar(self, allowed: Sequence[Intent]) -> list[str]:
        """The sentences heard while asleep in wake mode: the wake phrase alone, or before an answer."""
        return [self.wake, *(f"{self.wake} {s}" for s in self.grammar(allowed))]

    def asleep(self) -> bool:
        """Wake mode, and no wake phrase alone heard in the last ``wake_window`` seconds."""
        if not self.wake:
            return False
        return self._awake is None or time.monotonic() - self._awake > self.wake_window

    def _meaning(self, spoken: str, allowed: Sequence[Intent]) -> object:
        """What a sentence of the step's grammar means there ("four" and "seat four": seat 4)."""
        key = (spoken, tuple(sorted(set(allowed))))
        if key not in self._meanings:
            try:
                command = self.session.parse(self.forms.written_form(spoken), allowed)
            except ValueError:  # NotUnderstood, Ambiguous, IllegalChoice
                command = None
            self._meanings[key] = spoken if command is None else (
                command.intent, command.seats, command.number, command.value, command.character)
        return self._meanings[key]

    def _means(self, phrase: str, allowed: Sequence[Intent]) -> bool:
        """Whether the typed phrases read ``phrase`` as a yes or a no here."""
        try:
            command = self.session.parse(phrase, allowed)
        except ValueError:  # NotUnderstood, Ambiguous
            return False
        return command is not None and command.intent in ("yes", "no")

    @property
    def rec(self) -> Recognizer:
        """The loaded model (waiting for it if it is still loading), its vocabulary checked.

        Raises:
            VoiceError: the model could not be loaded, or lacks the command words.
        """
        if isinstance(self.recognizer, Future):
            started = time.perf_counter()
            try:
                self.recognizer = self.recognizer.result()
            except (OSError, ImportError, RuntimeError) as exc:  # VoiceErrors pass through as they are
                raise VoiceError(f"the {self.lang} model did not load: {exc}") from exc
            waited = time.perf_counter() - started
            if waited > 0.05:
                self.console.write(f"voice: waited {waited:.1f} s for the {self.lang} model\n")
            self.check_vocabulary()
        return self.recognizer

    def check_vocabulary(self) -> None:
        """Fail at load, clearly, if the command words themselves are not in the model."""
        self.rec.check_vocabulary(self.session.core_sentences())

    # -- hearing ------------------------------------------------------------------------------

    def hear(self, pcm: bytes, allowed: Sequence[Intent]) -> Heard:
        """Recognise one utterance inside the step's grammar and parse it. With a calibration, a
        voice far below the storyteller's is not an answer, and the storyteller's takes give a second
        opinion (:meth:`second_opinion`)."""
        cal = self.calibration
        if cal is not None and cal.far(pcm):
            return Heard(Result("", (), True, reason="far-field"), None, 0.0, tuple(allowed))
        if self.asleep():
            return self._hear_woken(pcm, allowed)
        self._awake = None  # one answer after the wake phrase
        grammar = self.grammar(allowed)
        result = self.rec.recognize(pcm, SAMPLE_RATE, grammar, decoded=_decoded(pcm, grammar))
        confidence = min(result.confidences, default=0.0)
        agreed = False
        if cal is not None:  # the takes judge the decoys too: "eight" heard where the takes clearly say "six"
            result, agreed = self.second_opinion(result, pcm, grammar, allowed)
        if not agreed and self._talk_wins(result, pcm, allowed):
            result = replace(result, rejected=True, phrase=None, reason="talk")
        return self._parsed(result, allowed, confidence, agreed)

    def _talk_wins(self, result: Result, pcm: bytes, allowed: Sequence[Intent]) -> bool:
        """Whether a ``voice.verify`` command heard ("repeat that") loses to table talk's words when the
        answer is decoded again against them (:meth:`Recognizer.verify`)."""
        if result.rejected or result.phrase is None or not self.verified:
            return False
        talk = self.verified.get(_intent_of(self._meaning(result.phrase, allowed)))  # type: ignore[call-overload]
        return bool(talk) and not self.rec.verify(pcm, SAMPLE_RATE, result.phrase, talk)

    def _parsed(self, result: Result, allowed: Sequence[Intent], confidence: float, agreed: bool = False) -> Heard:
        """A recognised phrase of the step as its command: a decoy is rejected, a spoken form is given back
        its written name, and the session parses it."""
        decoys = self._decoys_in.get(tuple(sorted(set(allowed))), frozenset())
        if result.phrase in decoys:
            result = replace(result, rejected=True, phrase=None, reason="decoy")
        if result.rejected or result.phrase is None:
            return Heard(result, None, confidence, tuple(allowed))
        written = self.forms.written_form(result.phrase)
        result = replace(result, phrase=written)
        return Heard(result, self.session.parse(written, allowed), confidence, tuple(allowed), agreed)

    def _hear_woken(self, pcm: bytes, allowed: Sequence[Intent]) -> Heard:
        """Wake mode, asleep: the wake phrase alone wakes the microphone for one answer (a short sound
        says so); the wake phrase and an answer is that answer; anything else is table talk."""
        grammar = self.wake_grammar(allowed)
        result = self.rec.recognize(pcm, SAMPLE_RATE, grammar, decoded=_decoded(pcm, grammar))
        confidence = min(result.confidences, default=0.0)
        if result.rejected or result.phrase is None:
            return Heard(result, None, confidence, tuple(allowed))
        if result.phrase == normalize(self.wake):
            self._awake = time.monotonic()
            self._chime()
            return Heard(replace(result, rejected=True, phrase=None, reason="woken"), None, confidence, tuple(allowed))
        said = result.phrase.removeprefix(normalize(self.wake)).strip()
        return self._parsed(replace(result, text=said, phrase=said), allowed, confidence)

    def second_opinion(self, result: Result, pcm: bytes, sentences: Sequence[str],
                       allowed: Sequence[Intent]) -> tuple[Result, bool]:  # fmt: skip
        """The storyteller's takes beside the recognizer (a calibration only), over the step's
        ``sentences`` (:meth:`Templates.ranked <moderator.voice.templates.Templates.ranked>`). Where the
        recognizer heard a sentence the takes do not cover, they say nothing (a calibration made before
        the numbers were taken knows no "넷"):

        - both name the same meaning, the takes clearly: it is carried out (``True``: agreed), also where
          the recognizer decoded that sentence but its rejection policy doubted it;
        - the takes clearly name another meaning, or one where the recognizer decoded nothing of the
          step: that sentence, doubted (a state-changing answer is read back, any other dropped);
        - the takes name none clearly: the recognizer's answer, doubted if it is far from the takes of it
          and not clearly nearer them than any other meaning (``templates.CLEARLY``);
        - in noise (:meth:`Templates.clean_enough <moderator.voice.templates.Templates.clean_enough>`) the
          takes name nothing, but the recognizer's answer is doubted where another meaning is nearer
          the takes: in noise a right answer is still mostly nearest its takes, a wrong one seldom.
        """
        assert self.calibration is not None
        templates = self.calibration.templates
        meaning = functools.partial(self._meaning, allowed=allowed)
        heard = result.phrase if not result.rejected else (result.text if result.text in sentences else None)
        covered = heard is None or templates.covers(heard)
        said = heard if covered and not result.rejected else None  # the recognizer's answer, the takes can judge
        clean = templates.clean_enough(pcm)
        if not clean and said is None:
            return result, False
        ranked = templates.ranked(pcm, sentences, noisy=True)
        if not clean:  # in noise the takes name nothing, but an answer they rank below another is doubted
            if said is not None and templates.outranked(ranked, said, meaning):
                return replace(result, doubtful=True, reason="noisy-takes"), False
            return result, False
        pick = templates.pick(ranked, meaning) if covered else None
        if pick is None:
            if said is not None and templates.beyond(ranked, said) and not templates.nearest_by(ranked, said, meaning):
                return replace(result, doubtful=True, reason="far-from-takes"), False
            return result, False
        if heard is not None and meaning(pick) == meaning(heard):
            return replace(result, rejected=False, phrase=heard, doubtful=False), True
        return replace(result, text=pick, rejected=False, phrase=pick, doubtful=True, reason="takes"), False

    def listen_for(self, allowed: Sequence[Intent]) -> None:
        """Decode the next utterance while it is spoken, in the grammar of a step allowing ``allowed``
        (``asr.streaming``; see :mod:`moderator.voice.stream`)."""
        if self.utterances is None:
            return
        loading = isinstance(self.recognizer, Future) and not self.recognizer.done()
        # while the model loads, keys are not held up for it: that answer is decoded when it ends
        self.utterances.endpointer.streamer = None if loading else self.streamer_for(allowed)

    def streamer_for(self, allowed: Sequence[Intent]) -> Callable[[], StreamSink] | None:
        """What an endpointer streams an utterance at a step allowing ``allowed`` into (None: off)."""
        if not self.streaming:
            return None
        asleep = self.asleep()
        grammar = self.wake_grammar(allowed) if asleep else self.grammar(allowed)
        decoys = self._decoys_in.get(tuple(sorted(set(allowed))), frozenset())
        if asleep:
            decoys = frozenset(f"{self.wake} {d}" for d in decoys)
        rec, early = self.rec, bool(self.early_end)
        return lambda: StreamSink(rec, grammar, early=early, decoys=decoys)

    def _chime(self, channel: Channel = "private") -> None:
        """The short sound of a new step or of the microphone opening, where the speaker has one."""
        chime = getattr(self.speaker, "chime", None)
        if callable(chime):
            chime(channel)


def _intent_of(meaning: object) -> object:
    """The intent of a :meth:`VoiceLoop._meaning` (None for a sentence that means nothing there)."""
    return meaning[0] if isinstance(meaning, tuple) else None


def _decoded(pcm: bytes, grammar: Sequence[str]) -> Hypothesis | None:
    """The decoding done while ``pcm`` was spoken, if it was, in this grammar (None: decode it now)."""
    done = getattr(pcm, "decoded", None)
    if done is None or tuple(getattr(pcm, "phrases", ())) != tuple(normalize(p) for p in grammar):
        return None
    try:
        result: Hypothesis | None = done.result(timeout=5.0)
    except Exception:  # TimeoutError, or the stream failed: decode in one pass
        return None
    return result
