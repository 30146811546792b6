"""The keyboard/text front end: utterances in (stdin or a file), prompts out (prose or JSON lines)."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, TextIO

from moderator.clocktower.prompts import Prompt, Reply
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.effects.snv_demons import false_info_by
from moderator.clocktower.rules.loader import default_catalogue
from moderator.clocktower.rules.texts import step_texts
from moderator.clocktower.shown import shown_kind
from moderator.clocktower.table import ANYWHERE, WHEN_OVER, Table
from moderator.commands.parse import Command, Parser, Vocabulary, normalise
from moderator.commands.phrases import Intent
from moderator.errors import IllegalChoice
from moderator.i18n import LANGS, Lang
from moderator.messages import msg
from moderator.textloop import TextLoopBase


def vocabulary(table: Table) -> Vocabulary:
    """What names mean in this game: its players, every character's name in both languages, and every
    character's reminder tokens."""
    return Vocabulary(
        seats=table.g.seats(),
        players={normalise(p.name): p.seat for p in table.g.players},
        characters=character_names(table.cat, first=table.script.ids),
        reminders=reminder_names(table.cat),
    )


def seating(table: Table) -> tuple[tuple[int, str], ...]:
    """Who sits where: when it changes (a Traveller arrives, a player leaves) the words are made anew."""
    return tuple((p.seat, p.name) for p in table.g.players)


Tokens = dict[str, tuple[str, str]]
"""Reminder tokens by name, to (the character's id, the official name)."""


def reminder_names(cat: Catalogue, ids: Sequence[str] | None = None, lang: Lang | None = None) -> Tokens:
    """Every reminder token (of the characters ``ids``) by its character's name and its own, in both
    languages or in ``lang`` ("monk safe", "수도승 안전"), to (the character's id, the official name)."""
    names: dict[str, tuple[str, str]] = {}
    bare: dict[str, set[tuple[str, str]]] = {}
    for c in (cat[i] for i in ids if i in cat) if ids is not None else cat.characters.values():
        for r in dict.fromkeys(c.reminders):
            spec = c.reminder(r)
            ko = spec.ko if spec is not None else r
            said = {"en": [(c.name("en"), r)], "ko": [(c.name("ko"), ko)]}
            forms = said[lang] if lang else [*said["en"], *said["ko"], (c.name("ko"), r), (c.id, r)]
            for char, token in forms:
                names.setdefault(normalise(f"{char} {token}"), (c.id, r))
                bare.setdefault(normalise(token), set()).add((c.id, r))
    # A token's own name alone ("악마 역할", "is the demon") where only one character has it.
    for token, owners in bare.items():
        if len(owners) == 1 and token:
            names.setdefault(token, next(iter(owners)))
    return names


def character_names(cat: Catalogue, first: Sequence[str] = ()) -> dict[str, str]:
    """Every character's names (Korean, English) and id, to its id; the ``first`` ids (the script's)
    come first, so an example of what may be said is a character on the script."""
    names: dict[str, str] = {}
    ordered = [cat[c] for c in first if c in cat] + [c for c in cat.characters.values() if c.id not in first]
    for c in ordered:
        for lang in LANGS:
            names[normalise(c.name(lang))] = c.id
        names[c.id] = c.id
        for alias in c.data.aliases if c.data is not None else []:
            names.setdefault(normalise(alias), c.id)
    return names


def any_game_parser(lang: Lang) -> Parser:
    """A parser for any Clocktower game in ``lang``: seats 1-15 and every character (``transcribe``)."""
    return Parser(lang, Vocabulary(seats=list(range(1, 16)), characters=character_names(default_catalogue())))


@dataclass(frozen=True)
class Timer:
    """The day's or a nomination's timer, shown on the page and the table's screen (not a change of the
    game: never journaled, gone when the program ends)."""

    kind: Literal["day", "nomination"]
    seconds: int
    ends: float
    """When it runs out, in seconds since the epoch (the pages count down to it, corrected by the server's
    clock, which each event stream sends first)."""

    def view(self) -> dict[str, object]:
        """What the pages count down from: the kind, the length, when it ends (epoch milliseconds)."""
        return {"kind": self.kind, "seconds": self.seconds, "ends_at": round(self.ends * 1000)}


MAX_TIMER_S = 3 * 3600
"""The longest timer (three hours): a longer one is no day."""


class TextLoop(TextLoopBase[Prompt, Reply]):
    """Drives a :class:`Table` from lines of text."""

    def __init__(
        self, table: Table, lang: Lang, out: TextIO, *, jsonl: bool = False, state_out: Path | None = None
    ) -> None:
        super().__init__(lang, out, [], jsonl=jsonl, state_out=state_out)
        self.table = table
        self.saved_at: Path | None = None
        """Where the game is saved (said as the program ends after the game)."""
        self.warnings: list[str] = []
        """What setup warned of (printed on stderr), shown again with the first JSON line's reply."""
        self._seating: tuple[tuple[int, str], ...] | None = None
        self.timer: Timer | None = None
        self._fresh()

    def _fresh(self) -> None:
        """Typed commands are understood in both languages, the game's language first, with the words of
        the table as it is now seated."""
        if self._seating == seating(self.table):
            return
        vocab = vocabulary(self.table)
        self.parsers = [Parser(x, vocab) for x in (self.lang, *(x for x in LANGS if x != self.lang))]
        self._seating = seating(self.table)

    def parse(self, line: str) -> Command | None:
        self._fresh()
        return super().parse(line)

    def current(self) -> Prompt:
        return self.table.prompt()

    def greeting(self) -> Reply | None:
        """With --jsonl, setup's warnings ride on the first line (a reader of the JSON sees them too)."""
        if not self.jsonl or not self.warnings:
            return None
        return Reply(shown=[msg("warning", lang=self.lang, text=w) for w in self.warnings])

    def handle(self, cmd: Command) -> Reply:
        if cmd.intent == "help":
            return Reply(shown=self.help_lines())
        if cmd.intent in ("timer", "nomination_timer", "stop_timer"):
            return self._timer(cmd)
        return self.table.handle(cmd)

    def _timer(self, cmd: Command) -> Reply:
        """Start or stop the page's timer (the watchers are told, as after any change)."""
        edits = step_texts().edits
        if cmd.intent == "stop_timer":
            if self.timer is None:
                return Reply(say=[edits.no_timer(self.lang)])
            self.timer = None
            return Reply(say=[edits.timer_stopped(self.lang)])
        day = cmd.intent == "timer"
        given = cmd.number
        seconds = (5 * 60 if given is None else given * 60) if day else (60 if given is None else given)
        if not 0 < seconds <= MAX_TIMER_S:
            raise IllegalChoice("not_a_timer", seconds=seconds)
        self.timer = Timer("day" if day else "nomination", seconds, time.time() + seconds)
        said = edits.timer_started(self.lang, minutes=seconds // 60) if day else \
            edits.nomination_timer_started(self.lang, seconds=seconds)
        return Reply(say=[said])

    def finished(self) -> bool:
        return self.table.g.winner is not None

    def step_key(self) -> str:
        return str(len(self.table.journal.entries))

    def step_changed(self) -> str:
        return step_texts().edits.step_changed(self.lang)

    def farewell(self) -> None:
        if self.saved_at is not None and not self.jsonl:
            self.out.write(step_texts().edits.ended(self.lang, path=self.saved_at) + "\n")
            self.out.flush()

    def help_lines(self) -> list[str]:
        """What may be said at this step, one example each, then what may be said at any step."""
        edits = step_texts().edits
        parser = self.parsers[0]
        allowed = self.allowed()
        own = [i for i in allowed if i not in ANYWHERE]
        lines = [self.table.words.t(edits.help_title), *self._help(parser, [*own, "next", "back", "repeat"])]
        over = self.table.g.winner is not None
        anywhere = [i for i in allowed if i in (WHEN_OVER if over else ANYWHERE)]
        if anywhere:
            lines += [self.table.words.t(edits.help_edits), *self._help(parser, anywhere)]
        return lines

    def _help(self, parser: Parser, intents: Sequence[Intent]) -> list[str]:
        describe = parser.data.describe
        out = []
        for intent in dict.fromkeys(intents):
            example = parser.examples([intent])
            if example and intent in describe:
                out.append("  " + step_texts().edits.help_line(self.lang, example=example[0], what=describe[intent]))
        return out

    def _shown_samples(self, parser: Parser) -> dict[str, str]:
        """Examples of what this information step shows, for "say one of …" ("showed 1" and "1" where it
        shows a number, not "showed seat 3 and seat 5" and "4" to an Empath)."""
        p = self.table.prompt()
        kind = shown_kind(p.truth, p.shows_player) if p.truth is not None else "any"
        false = self._must_be_false(p)  # the Vortox's: the true answer is refused, so no example gives it
        if kind == "number" and isinstance(p.truth, int):
            n = (1 if p.truth != 1 else 0) if false else p.truth
            return {"values": str(n), "k": str(n)}
        if kind == "yesno":
            return {"values": parser.plain_yes() if bool(p.truth) != false else parser.data.values.no[0]}
        if kind == "character" and isinstance(p.truth, str):
            cat = self.table.cat
            other = next((c for c in self.table.script.ids if c != p.truth and c in cat), p.truth) if false else p.truth
            return {"values": cat[other].name(self.lang)} if other in cat else {}
        return {}

    def _must_be_false(self, p: Prompt) -> bool:
        """Whether the information this step gives must be false (a Townsfolk's, while the Vortox lives sober)."""
        g, cat = self.table.g, self.table.cat
        if p.seat is None or p.seat not in g.seats() or p.step not in cat:
            return False
        return false_info_by(g, cat, g.player(p.seat), p.step) is not None

    def not_understood(self) -> str:
        """Asking again, with examples of this step's own answers (help lists the rest)."""
        own = [i for i in self.allowed() if i not in ANYWHERE]
        samples = self._shown_samples(self.parsers[0])
        examples = [*self.parsers[0].examples(own, **samples), *self.parsers[0].examples(["help"])[:1]]
        return self.asked_again(", ".join(f"'{e}'" for e in dict.fromkeys(examples)))

    def emit(self, prompt: Prompt, reply: Reply | None = None, error: str | None = None) -> None:
        """Print one prompt (with what the last command did, or why it was refused)."""
        if self.jsonl:
            obj = prompt.to_json()
            obj["reply"] = reply.say if reply else []
            obj["reply_public"] = reply.public if reply else []
            obj["reply_shown"] = reply.shown if reply else []
            obj["error"] = error
            obj["not_saved"] = self.not_saved()
            self.out.write(json.dumps(obj, ensure_ascii=False) + "\n")
        else:
            for line in reply.say if reply else []:
                self.out.write(f"  {line}\n")
            for line in reply.public if reply else []:
                self.out.write(f"[table] {line}\n")
            for line in reply.shown if reply else []:
                self.out.write(f"  | {line}\n")
            if error:
                self.out.write(f"! {error}\n")
            if unsaved := self.not_saved():
                self.out.write(f"! {unsaved}\n")
            if prompt.public:
                self.out.write(f"[table] {prompt.public}\n")
            self.out.write(f"> {prompt.text}\n")
        self.out.flush()

    def state_text(self) -> str:
        return self.table.g.model_dump_json(by_alias=True, indent=1)

    def not_saved(self) -> str | None:
        return self.table.unsaved(self.lang)

    def kept(self) -> str:
        return self.table.kept(self.lang)

    _acting: Intent | None = None
    """The intent being carried out (its refusal is worded by it)."""

    def act(self, cmd: Command) -> tuple[Reply | None, str | None]:
        self._acting = cmd.intent
        try:
            return super().act(cmd)
        finally:
            self._acting = None

    def refused(self, exc: IllegalChoice) -> str:
        """Why a line changed nothing; where a player chose (a step's answer about a player), that they
        choose again; a hand edit or a day move asks nobody to."""
        flow = step_texts().flow
        reason = step_texts().refusal(exc.reason, self.lang, **exc.slots)
        intent = self._acting
        chose = intent not in ANYWHERE and self.table.prompt().seat is not None
        said = (flow.refused if chose else flow.refused_plain)(self.lang, reason=reason)
        return said + (" " + flow.kept(self.lang, got=exc.kept) if exc.kept else "")

    def asked_again(self, examples: str) -> str:
        return step_texts().flow.not_understood(self.lang, examples=examples)

    def begin(self) -> None:
        if not self.jsonl:
            for line in self.table.grimoire_lines():
                self.out.write(f"  {line}\n")
