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

import queue
import sys
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal, TextIO

from moderator.commands.phrases import Intent, phrases
from moderator.session import Line, Session, Spoken
from moderator.voice.asr import Recognizer
from moderator.voice.band import BandWatch
from moderator.voice.errors import VoiceError
from moderator.voice.hearing import Hearing
from moderator.voice.keys import QUIT, TALK
from moderator.voice.listen import Utterances
from moderator.voice.names import SpokenForms, decoys, plain_forms, spoken_names, verified
from moderator.voice.reject import normalize
from moderator.voice.speaker import ConsoleSpeaker, Speaker
from moderator.voice.stream import EARLY_END_LANGS
from moderator.voice.verdict import CHOOSING, NO_READBACK, Heard, Verdict, judge

if TYPE_CHECKING:
    from moderator.voice.calibrate import Calibration

__all__ = ["CHOOSING", "NO_READBACK", "Heard", "Verdict", "VoiceLoop", "judge", "run_keyboard_thread"]

#: One thing that happened: an utterance, a key, the keys' end, a change by another front end, the end.
Event = tuple[Literal["speech", "key", "keys-ended", "changed", "end"], bytes | str | None]


@dataclass
class VoiceLoop(Hearing):
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
    None: as config.toml's default for the language (on in both)."""
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
        self.verified = verified(self.lang)
        voice = phrases(self.lang).voice
        self._numbers = frozenset(w for forms in (voice.numbers.values() if voice else ()) for f in forms
                                  for w in normalize(f).split())  # fmt: skip
        self._awake: float | None = None  # when the wake phrase alone was heard (wake mode)
        self._last_cue: tuple[Line, ...] = ()
        self._band = BandWatch()  # the first answers tell a telephone-band microphone (said once)
        if self.calibration is not None:
            mine = self.calibration.vouched()
            if "nobody" in self.calibration.forms:  # "no" chooses nobody as "nobody": its takes vouch for it
                mine = (mine - {"no"}) | ({"no"} if "nobody" in mine else set())
            self.vouched = self.vouched | frozenset(i for i in mine if i in NO_READBACK)
            if self.utterances is not None:  # a quiet storyteller is heard at their own level
                self.utterances.endpointer.listen_down_to(self.calibration.gate)

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
                if (over and not self._backs(payload)) or self.session.stops(payload):
                    return 0
                said = self.session.typed(payload)
                continue
            assert isinstance(payload, bytes)
            band = self._band.heard(payload)
            if band is not None:
                self.console.write(f"voice: {band}\n")
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
