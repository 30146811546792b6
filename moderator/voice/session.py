"""What the voice loop needs from a game, whichever game it is.

The voice loop (:mod:`moderator.voice.loop`) speaks, listens and falls back to the keyboard; a
*session* says what to speak at the current step, which sentences to listen for, and carries out
commands on its engine. Blood on the Clocktower (:class:`ClocktowerSession`, a storyteller's
headset and a table speaker) and Growl (``moderator.growl.voice.GrowlSession``, the table speaker
only) are the two sessions; both engines stay free of audio.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from moderator.commands.parse import Command, Parser, parse_any
from moderator.commands.phrases import Intent
from moderator.errors import IllegalChoice
from moderator.frontends.text import TextLoop, vocabulary
from moderator.game.prompts import Reply
from moderator.game.table import Table
from moderator.i18n import Lang
from moderator.rules.nightorder import night_sheet
from moderator.rules.texts import step_texts
from moderator.voice.speaker import Channel


@dataclass(frozen=True)
class Line:
    """One thing to say, where, and how long to wait after it (a timed sequence's pause)."""

    text: str
    channel: Channel
    seconds: float = 0.0
    ambience: bool = False
    """Whether background sound may cover the pause (rustling during the eyes-closed sniff)."""


@dataclass(frozen=True)
class Spoken:
    """The current step: what to say, and the intents an answer may have."""

    lines: tuple[Line, ...]
    allowed: tuple[Intent, ...]


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

    def not_understood(self, allowed: Sequence[Intent]) -> Line:
        """Asking again, with examples."""
        ...

    def read_back(self, phrase: str) -> Line:
        """"Seat seven, right?" for a doubtful answer."""
        ...

    def known_texts(self) -> list[str]:
        """Texts that can be rendered before the game starts."""
        ...


class ClocktowerSession:
    """A Blood on the Clocktower table: prompts in the storyteller's headset, public lines on the
    table speaker."""

    def __init__(self, table: Table, lang: Lang) -> None:
        self.table = table
        self.lang = lang
        vocab = vocabulary(table)
        # Listen only for this game's words: its players, and the script's characters in this language.
        cat, script = table.cat, table.script.ids
        vocab.characters = {cat[c].name(lang).casefold(): c for c in script if c in cat}
        self.parser = Parser(lang, vocab)
        self._keyboard = TextLoop(table, lang, io.StringIO())  # its parsing, not its printing

    def prompt(self, brief: bool = False) -> Spoken:
        p = self.table.prompt()
        lines = [Line(p.public, "public")] if p.public else []
        return Spoken((*lines, Line(p.text, "private")), p.allowed)

    def sentences(self, allowed: Sequence[Intent]) -> list[str]:
        return self.parser.sentences(allowed, numbers=self.table.g.seats() or None)

    def core_sentences(self) -> list[str]:
        return self.parser.sentences(("next", "back", "repeat", "yes", "no", "seat"), numbers=self.table.g.seats())

    def parse(self, phrase: str, allowed: Sequence[Intent]) -> Command | None:
        return parse_any([self.parser], phrase, allowed)

    def handle(self, command: Command) -> list[Line]:
        try:
            return _reply_lines(self.table.handle(command))
        except IllegalChoice as exc:
            reason = step_texts().refusal(exc.reason, self.lang, **exc.slots)
            return [Line(step_texts().flow.refused(self.lang, reason=reason), "private")]

    def typed(self, line: str) -> list[Line]:
        reply, error = self._keyboard.step(line)
        return _reply_lines(reply) + ([Line(error, "private")] if error else [])

    def not_understood(self, allowed: Sequence[Intent]) -> Line:
        examples = ", ".join(self.parser.examples(allowed))
        return Line(step_texts().flow.not_understood(self.lang, examples=examples), "private")

    def read_back(self, phrase: str) -> Line:
        return Line(step_texts().flow.read_back(self.lang, heard=phrase), "private")

    def known_texts(self) -> list[str]:
        """Every sheet line of the first two nights, the pseudo-steps, and their public lines."""
        texts = step_texts()
        lang, table = self.lang, self.table
        out = [p.prompt(lang) for p in texts.pseudo.values()]
        out += [p.public(lang) for p in texts.pseudo.values() if p.public]
        for night in (1, 2):
            out += [s.prompt(table.cat, lang) for s in night_sheet(table.script, table.cat, night, table.g)]
        return out


def _reply_lines(reply: Reply | None) -> list[Line]:
    if reply is None:
        return []
    return [Line(t, "public") for t in reply.public] + [Line(t, "private") for t in reply.say]

