"""A game driven by typed lines, as the storyteller types them, with the checks every edit must pass:
refused lines change nothing, the save replays to the live state, back restores what was there."""

from __future__ import annotations

import io
import json
from typing import Any

from moderator.clocktower.frontend import TextLoop
from moderator.clocktower.grimoire.journal import Journal
from moderator.clocktower.grimoire.state import Grimoire
from moderator.clocktower.prompts import Prompt, Reply
from moderator.clocktower.table import Table
from moderator.i18n import Lang


class Game:
    """A table and its text loop (JSON lines), fed one typed line at a time."""

    def __init__(self, table: Table, lang: Lang = "en") -> None:
        self.table = table
        self.out = io.StringIO()
        self.loop = TextLoop(table, lang, self.out, jsonl=True)

    @property
    def g(self) -> Grimoire:
        return self.table.g

    @property
    def prompt(self) -> Prompt:
        return self.table.prompt()

    def say(self, *lines: str) -> Reply:
        """Each line, which must be taken; the reply to the last one."""
        reply = Reply()
        for line in lines:
            got, error = self.loop.step(line)
            assert error is None, f"{line!r} refused: {error}"
            assert got is not None
            reply = got
            self.replays()
        return reply

    def refused(self, line: str) -> str:
        """The line, which must be refused and change nothing; why it was."""
        before, entries = self.g.model_dump_json(), len(self.table.journal.entries)
        got, error = self.loop.step(line)
        assert error is not None, f"{line!r} was taken: {got}"
        assert self.g.model_dump_json() == before and len(self.table.journal.entries) == entries
        return error

    def edit(self, line: str) -> Reply:
        """An edit: taken, journaled as one change, undone exactly by back, taken again."""
        before = self.g.model_copy(deep=True)
        entries = len(self.table.journal.entries)
        reply = self.say(line)
        assert len(self.table.journal.entries) == entries + 1, f"{line!r} is not one change"
        after = self.g.model_copy(deep=True)
        self.say("back")
        assert self.g == before, f"back after {line!r} did not restore the grimoire"
        self.say(line)
        assert self.g == after
        return reply

    def replays(self) -> None:
        """The save, read back and replayed, is the live game."""
        saved = Journal.model_validate_json(self.table.journal.model_dump_json())
        assert saved.state() == self.g

    def jsonl(self) -> list[dict[str, Any]]:
        """The prompts as JSON lines, emitted now."""
        self.loop.emit(self.table.prompt())
        return [json.loads(x) for x in self.out.getvalue().splitlines() if x.strip()]

    def player(self, seat: int) -> Any:
        return self.g.player(seat)

    def tokens(self, seat: int) -> list[str]:
        return [f"{r.source}:{r.name}" for r in self.g.player(seat).reminders]

    def to(self, step: str, answers: dict[str, str] | None = None, limit: int = 60) -> None:
        """Answer until the game is at ``step`` (``next`` everywhere, or the answer given per step)."""
        for _ in range(limit):
            c = self.g.cursor
            if self.prompt.step == step and self.g.question is None:
                return
            fresh = self.g.question is None and c is not None and c.stage == "ask" and not c.seats and not c.asked_none
            self.say((answers or {}).get(self.prompt.step, "next") if fresh else "next")
        raise AssertionError(f"never reached {step}: at {self.prompt.step}")
