"""The keyboard/text front end: utterances in (stdin or a file), prompts out (prose or JSON lines)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

from moderator.clocktower.grimoire.journal import write_atomic
from moderator.clocktower.prompts import Prompt, Reply
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.loader import default_catalogue
from moderator.clocktower.rules.texts import step_texts
from moderator.clocktower.table import Table
from moderator.commands.parse import Command, Parser, Vocabulary, parse_any
from moderator.errors import IllegalChoice
from moderator.i18n import LANGS, Lang


def vocabulary(table: Table) -> Vocabulary:
    """What names mean in this game: its players, and every character's name in both languages."""
    return Vocabulary(
        seats=table.g.seats(),
        players={p.name.casefold(): p.seat for p in table.g.players},
        characters=character_names(table.cat),
    )


def character_names(cat: Catalogue) -> dict[str, str]:
    """Every character's names (Korean, English) and id, to its id."""
    names: dict[str, str] = {}
    for c in cat.characters.values():
        for lang in LANGS:
            names[c.name(lang).casefold()] = c.id
        names[c.id] = c.id
    return names


def any_game_parser(lang: Lang) -> Parser:
    """A parser for any Clocktower game in ``lang``: seats 1-15 and every character (``transcribe``)."""
    return Parser(lang, Vocabulary(seats=list(range(1, 16)), characters=character_names(default_catalogue())))


class TextLoop:
    """Drives a :class:`Table` from lines of text."""

    def __init__(
        self, table: Table, lang: Lang, out: TextIO, *, jsonl: bool = False, state_out: Path | None = None
    ) -> None:
        self.table = table
        self.lang = lang
        self.out = out
        self.jsonl = jsonl
        self.state_out = state_out
        vocab = vocabulary(table)
        # Typed commands are understood in both languages, the game's language first.
        self.parsers = [Parser(x, vocab) for x in (lang, *(x for x in LANGS if x != lang))]

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

    def save_state(self) -> None:
        if self.state_out is not None:
            write_atomic(self.state_out, self.table.g.model_dump_json(by_alias=True, indent=1))

    def step(self, line: str) -> tuple[Reply | None, str | None]:
        """Handle one utterance; return the reply, or the reason it changed nothing."""
        prompt = self.table.prompt()
        cmd = parse_any(self.parsers, line, prompt.allowed)
        if cmd is None:
            examples = ", ".join(f"'{e}'" for e in self.parsers[0].examples(prompt.allowed))
            return None, step_texts().flow.not_understood(self.lang, examples=examples)
        return self.act(cmd)

    def act(self, cmd: Command) -> tuple[Reply | None, str | None]:
        """Carry out a command; return the reply, or the reason it changed nothing."""
        try:
            return self.table.handle(cmd), None
        except IllegalChoice as exc:
            reason = step_texts().refusal(exc.reason, self.lang, **exc.slots)
            return None, step_texts().flow.refused(self.lang, reason=reason)

    def run(self, lines: Iterable[str]) -> int:
        """Run until the input ends or the game is over. Returns the exit code."""
        self.save_state()
        if not self.jsonl:
            for line in self.table.grimoire_lines():
                self.out.write(f"  {line}\n")
        self.emit(self.table.prompt())
        for raw in lines:
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            reply, error = self.step(line)
            self.save_state()
            self.emit(self.table.prompt(), reply, error)
        return 0
