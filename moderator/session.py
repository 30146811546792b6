"""What a front end needs from a game, whichever game it is: the session protocol.

The voice loop (:mod:`moderator.voice.loop`) speaks, listens and falls back to the keyboard; a
*session* says what to speak at the current step, which sentences to listen for, and carries out
commands on its engine. Blood on the Clocktower (``moderator.clocktower.voice.ClocktowerSession``,
a storyteller's headset and a table speaker) and Growl (``moderator.growl.voice.GrowlSession``, the
table speaker only) are the two sessions. This module imports no game and nothing of audio, so the
games implement it and the voice layer drives it without knowing each other.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from moderator.commands.parse import Command
from moderator.commands.phrases import Intent
from moderator.i18n import Lang

Channel = Literal["public", "private"]
"""Where a line is said: the table speaker, or the storyteller's ear."""


@dataclass(frozen=True)
class Line:
    """One thing to say, where, and how long to wait after it (a timed sequence's pause)."""

    text: str
    channel: Channel
    seconds: float = 0.0
    ambience: bool = False
    """Whether background sound may cover the pause (rustling during the eyes-closed sniff)."""
    earcon: bool = False
    """A short sound before the line: a new step begins (the cue of ``[tts] detail = "cue"``)."""


@dataclass(frozen=True)
class Spoken:
    """The current step: what to say, and the intents an answer may have."""

    lines: tuple[Line, ...]
    allowed: tuple[Intent, ...]
    read_back: frozenset[Intent] = frozenset()
    """Answers always read back before they are carried out, whatever the confidence (the storyteller's
    changes by hand to a Clocktower grimoire)."""
    cue: tuple[Line, ...] = ()
    """What to say instead of ``lines`` when this step is new and the storyteller asked for cues
    (``[tts] detail = "cue"``): the public lines as they are, and in the headset a short sound, whose turn
    it is and what to give. Empty: the step has no cue (``lines`` are said)."""


class Session(Protocol):
    """A game the voice loop can drive."""

    lang: Lang

    def prompt(self, brief: bool = False) -> Spoken:
        """The current step. ``brief``: after a refusal, only what is needed to ask again."""
        ...

    def sentences(self, allowed: Sequence[Intent]) -> list[str]:
        """Every sentence that answers a step allowing ``allowed`` (before the model's vocabulary check)."""
        ...

    def core_sentences(self) -> list[str]:
        """The command words every step needs: their absence from the model fails at load."""
        ...

    def parse(self, phrase: str, allowed: Sequence[Intent]) -> Command | None:
        """A recognised phrase as a command, or None."""
        ...

    def handle(self, command: Command) -> list[Line]:
        """Carry out ``command``: what it did, or why it changed nothing."""
        ...

    def typed(self, line: str) -> list[Line]:
        """A line from the keyboard, understood as the text front end would."""
        ...

    def stops(self, line: str) -> bool:
        """Whether a line from the keyboard is a quit word ("quit", "종료") this step reads as no answer;
        if so, it has said that the program stops and where the game is kept."""
        ...

    def not_understood(self, allowed: Sequence[Intent]) -> Line:
        """Asking again, with examples."""
        ...

    def read_back(self, phrase: str) -> Line:
        """"Seat seven, right?" for a doubtful answer."""
        ...

    def known_texts(self) -> list[str]:
        """Texts that can be rendered before the game starts."""
        ...

    def watch_elsewhere(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` (from any thread) when another front end (the web page) has changed the
        game, so the voice drops what it was hearing for the old step and asks the new one."""
        ...

    def finished(self) -> bool:
        """Whether the game is over: the loop then hears one more answer (back undoes the last change;
        anything else ends it)."""
        ...
