"""Growl by voice: the session the voice loop drives.

:class:`GrowlSession` implements :class:`moderator.session.Session`, so the voice loop can run a
whole evening without knowing Growl, and Growl runs without importing anything of audio: every line
on the table speaker (Growl has no secrets to keep, and no storyteller), timed lines followed by
their pauses, the keyboard beside the voice.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from moderator.commands.parse import Parser
from moderator.commands.phrases import Intent
from moderator.growl.engine import Growl
from moderator.growl.frontend import GrowlLoop
from moderator.growl.prompts import Reply
from moderator.growl.words import growl_phrases, vocabulary
from moderator.i18n import Lang, Text
from moderator.session import Line, Spoken
from moderator.textloop import SessionOnText

#: Numbers listened for: gold counts, and seats up to the largest table.
NUMBERS = range(0, 21)

READ_BACK: frozenset[Intent] = frozenset({"dies", "character"})
"""Answers read back before they are carried out, whatever the confidence: a player out of the game (a
question at the table, "did seat two die?", was heard as "seat two dies"), and a night card drawn (its
rule is read out and played at once; "passed the deck" was heard as "the gift")."""


def parser_for(engine: Growl) -> Parser:
    """The game-language parser with Growl's phrases and this evening's names and cards."""
    lang = engine.lang
    return Parser(lang, vocabulary(engine.state, engine.data, spoken=lang), growl_phrases(lang, engine.data)).warm()


class GrowlSession(SessionOnText[Reply]):
    """An evening of Growl for the voice loop. ``text`` is the text front end it shares parsing,
    refusals and the state file with (its printing is not used)."""

    def __init__(self, text: GrowlLoop) -> None:
        self.text = text
        self.engine = text.engine
        self.lang: Lang = text.lang
        self.parser = parser_for(self.engine)

    def prompt(self, brief: bool = False) -> Spoken:
        with self.text.lock:  # the web page may act on the same game from another thread
            p = self.engine.prompt()
        beats = p.beats[-1:] if brief else p.beats  # after a refusal, only the question again
        lines = tuple(Line(b.text, "public", b.seconds, ambience=b.seconds > 0) for b in beats)
        return Spoken(lines, p.allowed, READ_BACK)

    def sentences(self, allowed: Sequence[Intent]) -> list[str]:
        return self.parser.sentences(allowed, numbers=NUMBERS)

    def core_sentences(self) -> list[str]:
        return self.parser.sentences(("next", "back", "repeat", "yes", "no"), numbers=())

    def _said(self, reply: Reply | None, error: str | None) -> list[Line]:
        self.text.save_state()
        lines = [Line(t, "public") for t in reply.public] if reply else []
        return lines + ([Line(error, "public")] if error else [])

    def not_understood(self, allowed: Sequence[Intent]) -> Line:
        return Line(self.text.not_understood(), "public")

    def read_back(self, phrase: str) -> Line:
        return Line(self.engine.data.texts.flow.read_back(self.lang, heard=phrase), "public")

    def known_texts(self) -> list[str]:
        """Every text of data/growl/texts.yaml with no blank to fill, in the game's language."""
        return [t for t in _texts(self.engine.data.texts, self.lang) if "{" not in t]


def _texts(node: object, lang: Lang) -> list[str]:
    if isinstance(node, Text):
        return [node(lang)]
    if isinstance(node, BaseModel):
        return [t for name in type(node).model_fields for t in _texts(getattr(node, name), lang)]
    if isinstance(node, list | tuple):
        return [t for item in node for t in _texts(item, lang)]
    return []
