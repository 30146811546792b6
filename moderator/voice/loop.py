"""The voice front end: speak each step, listen for the answer, drive the same engine as the keyboard.

It drives a :class:`~moderator.session.Session` (a Clocktower table or a Growl evening):

- Each line goes to its channel: the storyteller's ``private`` headset or the ``public`` table
  speaker; timed lines are followed by their pause.
- Each step listens with a closed grammar built from the phrase data for what the step allows,
  plus this game's seats, names and characters (words the model lacks are left out, and said so).
- Speech that is not a command is rejected; a state-changing answer heard with doubt is read back
  for a yes/no first (:func:`judge`). "back" undoes.
- Keys work at the same time. With push-to-talk, the talk key opens the microphone for one answer.
- If an audio device is lost, the loop says so on the console and carries on from the same step
  with the keyboard (and the console instead of a lost output).
"""

from __future__ import annotations

import functools
import queue
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal, TextIO

from moderator.commands.parse import CHOOSING as _CHOOSING
from moderator.commands.parse import Command
from moderator.commands.phrases import Intent, phrases
from moderator.session import Channel, Line, Session, Spoken
from moderator.voice.asr import Recognizer
from moderator.voice.audio import SAMPLE_RATE
from moderator.voice.errors import VoiceError
from moderator.voice.keys import QUIT, TALK
from moderator.voice.listen import Utterances
from moderator.voice.models import known_phrases
from moderator.voice.names import SpokenForms, decoys, plain_forms, sayable, spoken_names
from moderator.voice.reject import normalize
from moderator.voice.result import Hypothesis, Result
from moderator.voice.speaker import ConsoleSpeaker, Speaker
from moderator.voice.stream import EARLY_END_LANGS, StreamSink

if TYPE_CHECKING:
    from moderator.voice.calibrate import Calibration

#: Answers that change nothing by themselves, or are themselves the yes/no: never read back.
NO_READBACK: frozenset[Intent] = frozenset({"next", "back", "repeat", "pause", "yes", "no", "edit", "help", "grimoire",
                                           "sheet"})  # fmt: skip

Event = tuple[Literal["speech", "key", "keys-ended", "changed", "end"], bytes | str | None]
Verdict = Literal["act", "confirm", "reject"]

#: Steps where "no" chooses nobody (a seat or a character step): there it changes the game.
CHOOSING = _CHOOSING


def judge(intent: Intent | None, confidence: float, doubtful: bool, confirm_below: float, *,
          chooses_nobody: bool = False, one_word_seat: bool = False, agreed: bool = False,
          always: frozenset[Intent] = frozenset()) -> Verdict:  # fmt: skip
    """What the loop does with an answer: carry it out, read it back for a yes/no, or ask again.

    - A state-changing answer is read back when the policy doubts it (``doubtful``) or its lowest
      word confidence is under ``confirm_below``.
    - An answer that changes nothing by itself (next, back, repeat, yes, no: see ``NO_READBACK``)
      is never read back: when the policy doubts it, it is dropped and the step is asked again.
    - Except "no" where it chooses nobody (``chooses_nobody``): a one-word answer that changes the
      game, and the word short answers and table talk turn into most ("four", "one", "two" and
      "알려줘" were heard as no): it is read back, unless the storyteller's calibration vouches for it.
    - And a seat said in one word (``one_word_seat``: a bare "three" at an English seat step): real
      spoken digits were heard as other digits at full confidence (0 as "two"), so it is read back
      ("seat three, right?"), unless ``vouched`` holds "seat"; "seat three" is acted on as before.
    - Unless the storyteller's takes agree (``agreed``): the recognizer decoded this answer and the
      takes (:meth:`~moderator.voice.templates.Templates.pick`) clearly name it too; two opinions,
      one of them this storyteller's own voice. Then it is carried out.
    - An answer the session always reads back (``always``: a change by the storyteller's hand to the
      grimoire, skip, go to …) is read back first, doubted or not, whatever the confidence.
    """
    if intent is None:
        return "reject"
    if intent in always:
        return "confirm"
    if agreed:
        return "act"
    if intent == "no" and chooses_nobody:
        return "reject" if doubtful else "confirm"
    if intent == "seat" and one_word_seat:
        return "confirm"
    if intent in NO_READBACK:
        return "reject" if doubtful else "act"
    return "confirm" if doubtful or confidence < confirm_below else "act"


@dataclass
class Heard:
    """What one utterance turned into."""

    result: Result
    command: Command | None
    confidence: float
    allowed: tuple[Intent, ...] = ()
    """What the step allowed."""
    agreed: bool = False
    """The storyteller's takes clearly name the same sentence as the recognizer (calibrated only)."""
    read_back: frozenset[Intent] = frozenset()
    """Answers the step always reads back (:attr:`moderator.session.Spoken.read_back`)."""

    def verdict(self, confirm_below: float, vouched: frozenset[Intent] = frozenset()) -> Verdict:
        """What the loop does with it; ``vouched``: one-word answers the storyteller's calibration
        vouches for (never read back for being one word)."""
        intent = self.command.intent if self.command else None
        nobody = bool(CHOOSING & set(self.allowed)) and "no" not in vouched
        one_word = len(self.result.text.split()) == 1 and "seat" not in vouched
        return judge(intent, self.confidence, self.result.doubtful, confirm_below, chooses_nobody=nobody,
                     one_word_seat=one_word, agreed=self.agreed, always=self.read_back)  # fmt: skip


@dataclass
class VoiceLoop:
    """Drives a :class:`Session` by voice, with the keyboard beside it."""

    session: Session
    recognizer: Recognizer | Future[Recognizer]
    """The model, or its loading (the first prompt is spoken while the model loads)."""
    speaker: Speaker
    utterances: Utterances | None
    confirm_below: float = 0.85
    console: TextIO = field(default_factory=lambda: sys.stdout)
    pace: float = 1.0
    """Multiplies timed pauses (0 = none)."""
    echo: bool = False
    """Also print what is said on the console (the storyteller's or the table's screen)."""
    log: list[str] = field(default_factory=list)
    vouched: frozenset[Intent] = frozenset()
    """One-word answers the storyteller's calibration vouches for: "no" at a seat step is then acted on
    ("nobody" where the language says no that way: data/commands ``voice.nobody``)."""
    calibration: Calibration | None = None
    """The storyteller's calibration: the near-field gate and their takes as templates."""
    streaming: bool = True
    """Decode each answer while it is spoken (``asr.streaming``)."""
    early_end: bool | None = None
    """With streaming, end an answer 0.2 s after it is a whole sentence of the step (``asr.early_end``);
    None: as config.toml's default for the language (English on, Korean off)."""
    detail: Literal["cue", "full"] = "full"
    """``[tts] detail``: "cue" says a new step's cue (:attr:`Spoken.cue <moderator.session.Spoken.cue>`:
    a short sound, whose turn, what to give) and the whole prompt when the same step is said again
    (``repeat``, a refusal); "full" always says the whole prompt."""
    wake: str = ""
    """``[asr] listen = "wake"``: this phrase opens the microphone for one answer, or begins it ("모더레이터
    3번"); anything else heard is table talk. Empty: every answer is heard (always or push)."""
    wake_window: float = 8.0
    """Seconds the answer may take to begin after the wake phrase alone."""

    def __post_init__(self) -> None:
        self.lang = self.session.lang
        if self.early_end is None:
            self.early_end = self.lang in EARLY_END_LANGS
        self._grammars: dict[tuple[Intent, ...], list[str]] = {}
        self._decoys_in: dict[tuple[Intent, ...], frozenset[str]] = {}
        self._meanings: dict[tuple[str, tuple[Intent, ...]], object] = {}
        self._events: queue.Queue[Event] = queue.Queue()
        self._keys_ended = False
        self._quit = False
        self._echo = ConsoleSpeaker(self.console) if self.echo else None
        self.fell_back = False
        self.forms = SpokenForms(spoken_names(self.lang))
        self.decoys = decoys(self.lang)
        self.plain = plain_forms(self.lang)
        voice = phrases(self.lang).voice
        self._numbers = frozenset(w for forms in (voice.numbers.values() if voice else ()) for f in forms
                                  for w in normalize(f).split())  # fmt: skip
        self._awake: float | None = None  # when the wake phrase alone was heard (wake mode)
        self._last_cue: tuple[Line, ...] = ()
        if self.calibration is not None:
            mine = self.calibration.vouched()
            if "nobody" in self.calibration.forms:  # "no" chooses nobody as "nobody": its takes vouch for it
                mine = (mine - {"no"}) | ({"no"} if "nobody" in mine else set())
            self.vouched = self.vouched | frozenset(i for i in mine if i in NO_READBACK)

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
        """The plain one-word forms (data/commands ``voice.plain``: "repeat", "next", "back") this step may
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
        decoys = self._decoys_in.get(tuple(sorted(set(allowed))), frozenset())
        agreed = False
        if cal is not None:  # the takes judge the decoys too: "eight" heard where the takes clearly say "six"
            result, agreed = self.second_opinion(result, pcm, grammar, allowed)
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
        decoys = self._decoys_in.get(tuple(sorted(set(allowed))), frozenset())
        if said in decoys:
            return Heard(replace(result, rejected=True, phrase=None, reason="decoy"), None, confidence, tuple(allowed))
        written = self.forms.written_form(said)
        result = replace(result, text=said, phrase=written)
        return Heard(result, self.session.parse(written, allowed), confidence, tuple(allowed))

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
        grammar = self.wake_grammar(allowed) if self.asleep() else self.grammar(allowed)
        rec, early = self.rec, bool(self.early_end)
        return lambda: StreamSink(rec, grammar, early=early)

    # -- speaking -----------------------------------------------------------------------------

    def say(self, lines: Sequence[Line]) -> None:
        """Each line on its channel, then its pause."""
        try:
            for line in lines:
                if self._echo is not None and not isinstance(self.speaker, ConsoleSpeaker):
                    self._echo.say(line.text, line.channel)
                if line.earcon:
                    self._chime(line.channel)
                self.speaker.say(line.text, line.channel)
                if line.seconds > 0 and self.pace > 0:
                    self.speaker.wait(line.seconds * self.pace, line.ambience)
        except OSError as exc:  # what a speaker raises when its device is gone
            raise _OutputLost(str(exc)) from exc

    def _chime(self, channel: Channel = "private") -> None:
        """The short sound of a new step or of the microphone opening, where the speaker has one."""
        chime = getattr(self.speaker, "chime", None)
        if callable(chime):
            chime(channel)

    def lines_of(self, spoken: Spoken) -> tuple[Line, ...]:
        """What to say of a step: its cue when cues are asked for and the step is new (its cue differs
        from the last said), else the whole prompt."""
        if self.detail != "cue" or not spoken.cue:
            return spoken.lines
        new, self._last_cue = spoken.cue != self._last_cue, spoken.cue
        return spoken.cue if new else spoken.lines

    # -- the loop -----------------------------------------------------------------------------

    def post_key(self, utterance: str) -> None:
        """A key or typed line from the keyboard thread."""
        self._events.put(("key", utterance))

    def post_change(self) -> None:
        """Another front end (the web page) changed the game: ask the step the game is at now."""
        self._events.put(("changed", None))

    def keys_ended(self) -> None:
        """The keyboard's input has ended (Ctrl-D, or the end of a piped file)."""
        self._events.put(("keys-ended", None))

    def _next_event(self) -> Event:
        while True:
            if self._quit:
                return ("end", None)
            if self.utterances is None:  # keyboard only
                if self._keys_ended and self._events.empty():
                    return ("end", None)
                event = self._events.get()
            else:
                try:
                    event = self._events.get_nowait()
                except queue.Empty:
                    heard = self._listen()
                    if heard is None:
                        continue
                    event = heard
            if event[0] == "keys-ended":
                self._keys_ended = True
                continue
            if event == ("key", QUIT):
                self._quit = True
                continue
            if event == ("key", TALK):
                if self.utterances is not None:
                    self.utterances.endpointer.talk()
                continue
            return event

    def _listen(self) -> Event | None:
        assert self.utterances is not None
        pcm = self.utterances.next(timeout=0.2)
        if pcm is not None:
            return ("speech", pcm)
        if self.utterances.error is not None:
            raise _InputLost(str(self.utterances.error))
        if self.utterances.ended():
            return ("end", None)
        return None

    def run(self) -> int:
        """Run until the input ends. A lost device hands the game to the keyboard (and the console)."""
        while True:
            try:
                return self._run()
            except _InputLost as exc:
                self.utterances = None
                lost = f"audio input lost: {exc}"
            except VoiceError as exc:  # the model, loading while the first prompt was spoken
                self.utterances = None
                lost = f"speech recognition unavailable: {exc}"
            except _OutputLost as exc:
                self.speaker = ConsoleSpeaker(self.console)
                lost = str(exc)
            self.fell_back = True
            self.console.write(f"voice: {lost}; carrying on with the keyboard, at the same step.\n")

    def close(self) -> None:
        """Stop the microphone and close the outputs (what has them)."""
        for part in (self.utterances, self.speaker):
            close = getattr(part, "close", None)
            if callable(close):
                close()

    def _run(self) -> int:
        said: list[Line] = []
        brief, announce = False, True
        while True:
            spoken = self.session.prompt(brief)
            self.say([*said, *(spoken.lines if brief else self.lines_of(spoken))] if announce else said)
            said, brief, announce = [], False, True
            over = self.session.finished()  # the game is over: back undoes the last change, anything else ends
            allowed: tuple[Intent, ...] = ("back",) if over else spoken.allowed
            self.listen_for(allowed)
            kind, payload = self._next_event()
            if kind == "end":
                return 0
            if kind == "changed":  # the page moved the game on: announce the step it is at now
                continue
            if kind == "key":
                assert isinstance(payload, str)
                if over and not self._backs(payload):
                    return 0
                said = self.session.typed(payload)
                continue
            assert isinstance(payload, bytes)
            heard = replace(self.hear(payload, allowed), read_back=spoken.read_back)
            if over and heard.command is not None and heard.command.intent not in ("back", "repeat", "pause"):
                return 0
            verdict = heard.verdict(self.confirm_below, self.vouched)
            self.log.append(f"{heard.result.text!r} -> {heard.command.intent if heard.command else heard.result.reason}"
                            f"{'' if verdict == 'act' else f' ({verdict})'}")  # fmt: skip
            if verdict == "reject" or heard.command is None:
                # Table talk is not answered (the console notes it); an answer the recogniser doubted
                # is asked for again, briefly. The step is not read out again either way.
                announce = False
                if heard.result.text:
                    why = heard.result.reason or "doubtful"
                    self.console.write(f"voice: not taken: {heard.result.text!r} ({why})\n")
                if heard.command is not None or heard.result.reason == "low-confidence":
                    said = [self.session.not_understood(spoken.allowed)]
                continue
            if verdict == "confirm" and not self._confirmed(heard):
                brief = True
                continue
            said = self.session.handle(heard.command)

    def _backs(self, typed: str) -> bool:
        """Whether a typed line at the end of the game is back (or repeat): anything else ends it."""
        try:
            command = self.session.parse(typed, ("back",))
        except ValueError:  # NotUnderstood, Ambiguous, IllegalChoice
            return False
        return command is not None and command.intent in ("back", "repeat", "pause")

    def _confirmed(self, heard: Heard) -> bool:
        """Read a doubtful answer back and wait for yes or no (speech or keys)."""
        assert heard.command is not None and heard.result.phrase is not None
        read_back = self.session.read_back(heard.result.phrase)
        self.say([read_back])
        self.listen_for(("yes", "no"))
        while True:
            kind, payload = self._next_event()
            if kind in ("end", "changed"):  # the read-back was for a step the page has moved past
                return False
            if kind == "key":
                return isinstance(payload, str) and payload.strip().lower() in ("y", "yes", "네", "next", "")
            assert isinstance(payload, bytes)
            answer = self.hear(payload, ("yes", "no"))
            if answer.command is not None and answer.command.intent in ("yes", "no"):
                return answer.command.intent == "yes"
            self.say([read_back])


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


class _InputLost(Exception):
    """The microphone has gone."""


class _OutputLost(Exception):
    """An output device has gone."""


def run_keyboard_thread(loop: VoiceLoop, reader_factory: Callable[[Callable[[str], None]], object]) -> threading.Thread:
    """Start reading keys beside the voice (daemon thread); tell the loop when the keys end."""
    reader = reader_factory(loop.post_key)

    def read() -> None:
        try:
            reader.run()  # type: ignore[attr-defined]
        finally:
            loop.keys_ended()

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    return thread
