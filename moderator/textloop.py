"""The text front end of any game, written once: lines in (stdin or a file), prompts out (prose or
JSON lines), the state file rewritten after every line. Each game says how its prompts look, what
its state file holds and how it words a refusal; the loop itself is the same for both games (as
:mod:`moderator.voice.loop` is for voice)."""

from __future__ import annotations

import sys
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, Generic, Protocol, TextIO, TypeVar

from moderator.commands.parse import Command, Parser, parse_any
from moderator.commands.phrases import Intent
from moderator.errors import IllegalChoice, Tentative
from moderator.i18n import Lang
from moderator.journal import write_atomic
from moderator.messages import msg
from moderator.printable import has_controls
from moderator.session import Line


class _Prompt(Protocol):
    @property
    def allowed(self) -> tuple[Intent, ...]: ...


MAX_LINE = 500
"""Longer typed lines are no answer (nothing a storyteller says is this long)."""

P = TypeVar("P", bound=_Prompt)
R = TypeVar("R")


class TextLoopBase(ABC, Generic[P, R]):
    """Drives a game's engine from lines of text. ``P`` is the game's prompt, ``R`` its reply."""

    def __init__(self, lang: Lang, out: TextIO, parsers: Sequence[Parser], *, jsonl: bool = False,
                 state_out: Path | None = None) -> None:  # fmt: skip
        self.lang = lang
        self.out = out
        self.jsonl = jsonl
        self.state_out = state_out
        self.parsers = list(parsers)
        """Typed commands are understood with each in turn: the game's language first."""
        self._state_failed = False
        """The state file could not be written last time (said once, until it works again)."""
        self.lock = threading.RLock()
        """Held around every call into the engine, so a second front end (the web page) on another thread
        acts on the same game one command at a time."""
        self.watchers: list[Callable[[], None]] = []
        """Called after every command, once the state is saved (the web page is pushed the change)."""
        self.elsewhere: list[Callable[[], None]] = []
        """Called when a second front end (the web page) changed the game: the voice asks the new step."""
        self._pending: tuple[Command, str] | None = None
        """A line read back (:meth:`read_back`), and the step it was for: a yes next carries it out."""

    # -- what each game says -------------------------------------------------------------------

    @abstractmethod
    def current(self) -> P:
        """The engine's prompt for the step the game is at."""

    @abstractmethod
    def handle(self, cmd: Command) -> R:
        """The engine carries out ``cmd``.

        Raises:
            IllegalChoice: the rules refuse it now; nothing changed.
        """

    @abstractmethod
    def emit(self, prompt: P, reply: R | None = None, error: str | None = None) -> None:
        """Print one prompt, after what the last command did or why it was refused."""

    @abstractmethod
    def state_text(self) -> str:
        """The state file's text (--state-out)."""

    @abstractmethod
    def refused(self, exc: IllegalChoice) -> str:
        """Why a command changed nothing, in the game's words."""

    @abstractmethod
    def asked_again(self, examples: str) -> str:
        """Not understood: asking again, with ``examples`` of what the step takes."""

    def begin(self) -> None:
        """Before the first prompt (the Clocktower grimoire, in prose)."""

    def greeting(self) -> R | None:
        """Said with the first prompt (a resumed Growl evening: where it is)."""
        return None

    def finished(self) -> bool:
        """Whether the game has ended: the loop then takes one more line (back undoes the last change;
        anything else, or the end of the input, ends the program)."""
        return False

    def farewell(self) -> None:
        """What is printed as the program ends after the game (where it is saved)."""

    def step_key(self) -> str:
        """What the game is at (changes with every change): an answer heard for one step is never
        carried out at another (:class:`SessionOnText`). Empty: not kept."""
        return ""

    def step_changed(self) -> str:
        """Said when an answer was for a step the game has moved past."""
        return ""

    def echo(self, line: str) -> None:
        """A line read, before it is handled (Growl echoes it in prose)."""

    def not_saved(self) -> str | None:
        """While the game's changes are saved nowhere: NOT SAVED and why (every reply says it)."""
        return None

    # -- the loop ------------------------------------------------------------------------------

    def allowed(self) -> tuple[Intent, ...]:
        return self.current().allowed

    def save_state(self) -> None:
        """Rewrite --state-out (a path that cannot be written is said once, and the game goes on), then
        tell the watchers the state may have changed."""
        with self.lock:
            if self.state_out is not None:
                try:
                    write_atomic(self.state_out, self.state_text())
                except OSError as exc:
                    if not self._state_failed:
                        print(f"moderator: cannot write the state file {self.state_out} ({exc.strerror or exc}); "
                              "the game goes on, and the save holds everything", file=sys.stderr)  # fmt: skip
                    self._state_failed = True
                else:
                    self._state_failed = False
        for watch in self.watchers:
            watch()

    def changed_elsewhere(self) -> None:
        """Another front end (the web page) changed the game: tell the one driving it (the voice)."""
        for tell in self.elsewhere:
            tell()

    def parse(self, line: str) -> Command | None:
        """The command ``line`` says in any of the parsers' languages, or None.

        Raises:
            IllegalChoice: a seat that does not exist, a number that is not one.
        """
        return parse_any(self.parsers, line, self.allowed(), strict=True)

    def not_understood(self) -> str:
        """Asking again, with examples of what the step takes."""
        return self.asked_again(", ".join(f"'{e}'" for e in self.parsers[0].examples(self.allowed())))

    def step(self, line: str) -> tuple[R | None, str | None]:
        """Handle one utterance; return the reply, or the reason it changed nothing. No line, whatever
        its bytes or length, ends the game. A line read back (a question, a maybe: :class:`Tentative`) is
        carried out only if the next line, at the same step, is a yes; a bare "next" then is asked again (it
        may mean either), a no drops it, anything else is heard as itself."""
        with self.lock:
            pending, self._pending = self._pending, None
            if len(line) > MAX_LINE or has_controls(line):
                return None, self.not_understood()  # too long, a control character, or not text: nothing done
            if pending is not None and pending[1] == self.step_key():
                yes = parse_any(self.parsers, line, ("yes",))
                if yes is not None and yes.intent == "yes":
                    return self.act(pending[0])
                if any(p.declines(line) for p in self.parsers):  # "no" to the read-back: nothing done
                    return None, self.parsers[0].data.talk.read_back_declined
                went_on = parse_any(self.parsers, line, ("next",))
                if went_on is not None and went_on.intent == "next":  # yes, or on without it? asked again
                    self._pending = pending
                    return None, self.read_back(pending[0])
            try:
                cmd = self.parse(line)
            except Tentative as exc:
                assert isinstance(exc.command, Command)
                self._pending = (exc.command, self.step_key())
                return None, self.read_back(exc.command)
            except IllegalChoice as exc:
                return None, self.refused(exc)
            if cmd is None:
                return None, self.not_understood()
            return self.act(cmd)

    def read_back(self, cmd: Command) -> str:
        """A line that is no fact yet, read back: what it would do, and that a yes does it."""
        return self.parsers[0].read_back(cmd)

    def act(self, cmd: Command) -> tuple[R | None, str | None]:
        """Carry out a command; return the reply, or the reason it changed nothing."""
        with self.lock:
            try:
                return self.handle(cmd), None
            except IllegalChoice as exc:
                return None, self.refused(exc)

    def run(self, lines: Iterable[str]) -> int:
        """Run until the input ends. Returns the exit code."""
        self.save_state()
        self.begin()
        self.emit(self.current(), self.greeting())
        for raw in lines:
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            with self.lock:
                if self.quits(line):
                    if self.not_saved() and not self._quit_asked:  # the game is only in memory: asked once
                        self._quit_asked = True
                        print(f"moderator: {msg('quit_unsaved', lang=self.lang)}", file=sys.stderr)
                        continue
                    self.stopped()
                    return 0
                ended = self.finished()
                self.echo(line)
                if ended and not self._goes_on(line):
                    break
                reply, error = self.step(line)
                prompt = self.current()
            self.save_state()
            self.emit(prompt, reply, error)  # outside the lock: Growl's prose waits out its timed lines
        if self.finished():
            self.farewell()
        return 0

    def quits(self, line: str) -> bool:
        """Whether a typed ``line`` stops the program: one of the languages' quit words ("quit", "종료"),
        which this step reads as no answer (a player typed by name stays that player)."""
        said = " ".join(line.casefold().split())
        if not any(said in p.data.talk.quit for p in self.parsers):
            return False
        try:
            return self.parse(said) is None
        except (IllegalChoice, Tentative):
            return False

    _quit_asked = False
    """A quit while nothing could be saved was said once (a second one stops)."""

    def stopped(self) -> None:
        """Stopped by a typed quit: said where it is kept (or that it is not)."""
        print(f"moderator: {self.not_saved() or self.kept()}", file=sys.stderr)

    def kept(self) -> str:
        """Where the game's changes are kept, said as it stops (the game's engine knows)."""
        return msg("stopped", lang=self.lang)

    def _goes_on(self, line: str) -> bool:
        """When the game is over: whether ``line`` is back, or asks for something (the grimoire, help):
        anything else ends the program."""
        try:
            cmd = self.parse(line)
        except IllegalChoice:
            return False
        return cmd is not None and cmd.intent not in ("next",)


class SessionOnText(ABC, Generic[R]):
    """What a game's voice session shares with its text front end: the recognised sentence read by
    the session's parser, commands and typed lines carried out by the text loop (its refusals, its
    state file, its lock), and the page's changes passed on. Each game says how a reply is heard."""

    text: TextLoopBase[Any, R]
    parser: Parser
    asked: str | None = None
    """The step the last prompt asked (:meth:`TextLoopBase.step_key`): a command heard for it is carried
    out only while the game is still there."""

    @abstractmethod
    def _said(self, reply: R | None, error: str | None) -> list[Line]:
        """The lines a reply (or a refusal) is spoken as."""

    def parse(self, phrase: str, allowed: Sequence[Intent]) -> Command | None:
        return parse_any([self.parser], phrase, allowed)

    def ask(self) -> None:
        """Remember the step a prompt asks (call it where the prompt is made)."""
        self.asked = self.text.step_key() or None

    def handle(self, command: Command) -> list[Line]:
        with self.text.lock:
            if self.asked is not None and self.text.step_key() != self.asked:  # the page moved the game on
                return self._said(None, self.text.step_changed())
            return self._warned(self._said(*self.text.act(command)))

    def _warned(self, lines: list[Line]) -> list[Line]:
        """A reply, said after "not saved" while the game's changes are saved nowhere."""
        if self.text.not_saved() is None:
            return lines
        return [Line(msg("not_saved_voice", lang=self.text.lang), "private"), *lines]

    def finished(self) -> bool:
        return self.text.finished()

    def typed(self, line: str) -> list[Line]:
        return self._warned(self._said(*self.text.step(line)))

    def stops(self, line: str) -> bool:
        with self.text.lock:
            if not self.text.quits(line):
                return False
        self.text.stopped()
        return True

    def watch_elsewhere(self, callback: Callable[[], None]) -> None:
        self.text.elsewhere.append(callback)
