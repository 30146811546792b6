"""Blood on the Clocktower for the voice loop: prompts in the storyteller's headset, public lines on
the table speaker. The engine stays audio-free; this module knows only the session protocol."""

from __future__ import annotations

import io
from collections.abc import Sequence

from moderator.clocktower.frontend import TextLoop, vocabulary
from moderator.clocktower.prompts import Reply
from moderator.clocktower.rules.nightorder import night_sheet
from moderator.clocktower.rules.texts import step_texts
from moderator.clocktower.table import Table
from moderator.commands.parse import Parser, normalise
from moderator.commands.phrases import Intent
from moderator.i18n import Lang
from moderator.session import Line, Spoken
from moderator.textloop import SessionOnText


class ClocktowerSession(SessionOnText[Reply]):
    """A Blood on the Clocktower table: prompts in the storyteller's headset, public lines on the
    table speaker."""

    def __init__(self, table: Table, lang: Lang, text: TextLoop | None = None) -> None:
        self.table = table
        self.lang = lang
        vocab = vocabulary(table)
        # Listen only for this game's words: its players, and the script's characters in this language.
        cat, script = table.cat, table.script.ids
        vocab.characters = {normalise(cat[c].name(lang)): c for c in script if c in cat}
        self.parser = Parser(lang, vocab)
        # The text front end this session shares typed parsing, refusals and --state-out with (its
        # printing is not used).
        self.text = text if text is not None else TextLoop(table, lang, io.StringIO())

    def prompt(self, brief: bool = False) -> Spoken:
        with self.text.lock:  # the web page may act on the same game from another thread
            p = self.table.prompt()
        lines = [Line(p.public, "public")] if p.public else []
        return Spoken((*lines, Line(p.text, "private")), p.allowed)

    def sentences(self, allowed: Sequence[Intent]) -> list[str]:
        return self.parser.sentences(allowed, numbers=self.table.g.seats() or None)

    def core_sentences(self) -> list[str]:
        return self.parser.sentences(("next", "back", "repeat", "yes", "no", "seat"), numbers=self.table.g.seats())

    def _said(self, reply: Reply | None, error: str | None) -> list[Line]:
        self.text.save_state()
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

