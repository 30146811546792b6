"""The keyboard/text front end: utterances in (stdin or a file), prompts out (prose or JSON lines)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from moderator.clocktower.prompts import Prompt, Reply
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.loader import default_catalogue
from moderator.clocktower.rules.texts import step_texts
from moderator.clocktower.table import Table
from moderator.commands.parse import Command, Parser, Vocabulary, normalise
from moderator.errors import IllegalChoice
from moderator.i18n import LANGS, Lang
from moderator.textloop import TextLoopBase


def vocabulary(table: Table) -> Vocabulary:
    """What names mean in this game: its players, and every character's name in both languages."""
    return Vocabulary(
        seats=table.g.seats(),
        players={normalise(p.name): p.seat for p in table.g.players},
        characters=character_names(table.cat, first=table.script.ids),
    )


def character_names(cat: Catalogue, first: Sequence[str] = ()) -> dict[str, str]:
    """Every character's names (Korean, English) and id, to its id; the ``first`` ids (the script's)
    come first, so an example of what may be said is a character on the script."""
    names: dict[str, str] = {}
    ordered = [cat[c] for c in first if c in cat] + [c for c in cat.characters.values() if c.id not in first]
    for c in ordered:
        for lang in LANGS:
            names[normalise(c.name(lang))] = c.id
        names[c.id] = c.id
    return names


def any_game_parser(lang: Lang) -> Parser:
    """A parser for any Clocktower game in ``lang``: seats 1-15 and every character (``transcribe``)."""
    return Parser(lang, Vocabulary(seats=list(range(1, 16)), characters=character_names(default_catalogue())))


class TextLoop(TextLoopBase[Prompt, Reply]):
    """Drives a :class:`Table` from lines of text."""

    def __init__(
        self, table: Table, lang: Lang, out: TextIO, *, jsonl: bool = False, state_out: Path | None = None
    ) -> None:
        vocab = vocabulary(table)
        # Typed commands are understood in both languages, the game's language first.
        parsers = [Parser(x, vocab) for x in (lang, *(x for x in LANGS if x != lang))]
        super().__init__(lang, out, parsers, jsonl=jsonl, state_out=state_out)
        self.table = table

    def current(self) -> Prompt:
        return self.table.prompt()

    def handle(self, cmd: Command) -> Reply:
        return self.table.handle(cmd)

    def emit(self, prompt: Prompt, reply: Reply | None = None, error: str | None = None) -> None:
        """Print one prompt (with what the last command did, or why it was refused)."""
        if self.jsonl:
            obj = prompt.to_json()
            obj["reply"] = reply.say if reply else []
            obj["reply_public"] = reply.public if reply else []
            obj["error"] = error
            self.out.write(json.dumps(obj, ensure_ascii=False) + "\n")
        else:
            for line in reply.say if reply else []:
                self.out.write(f"  {line}\n")
            for line in reply.public if reply else []:
                self.out.write(f"[table] {line}\n")
            if error:
                self.out.write(f"! {error}\n")
            if prompt.public:
                self.out.write(f"[table] {prompt.public}\n")
            self.out.write(f"> {prompt.text}\n")
        self.out.flush()

    def state_text(self) -> str:
        return self.table.g.model_dump_json(by_alias=True, indent=1)

    def refused(self, exc: IllegalChoice) -> str:
        flow = step_texts().flow
        reason = step_texts().refusal(exc.reason, self.lang, **exc.slots)
        said = flow.refused(self.lang, reason=reason)
        return said + (" " + flow.kept(self.lang, got=exc.kept) if exc.kept else "")

    def asked_again(self, examples: str) -> str:
        return step_texts().flow.not_understood(self.lang, examples=examples)

    def begin(self) -> None:
        if not self.jsonl:
            for line in self.table.grimoire_lines():
                self.out.write(f"  {line}\n")
