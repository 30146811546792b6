"""The Clocktower journal: grimoire events over the starting grimoire."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import ValidationError

from moderator.clocktower.grimoire.events import Event
from moderator.clocktower.grimoire.state import Grimoire
from moderator.errors import StateFileError
from moderator.journal import Entry as BaseEntry
from moderator.journal import Journal as BaseJournal
from moderator.journal import write_atomic
from moderator.savefile import read_bytes

__all__ = ["Entry", "Journal", "load_state", "write_atomic"]

Entry = BaseEntry[Event]


class Journal(BaseJournal[Grimoire, Event]):
    """Every change to a Clocktower grimoire, in order."""

    game = "clocktower"

    @classmethod
    def new(cls, script: str) -> Journal:
        """An empty game on ``script``."""
        return cls(start=Grimoire(script=script))


def load_state(path: Path) -> Grimoire:
    """Read a state file: either a bare grimoire JSON or a saved game.

    Raises:
        StateFileError: unreadable or of neither shape (one line naming the file).
    """
    raw = read_bytes(path)
    try:
        doc = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        doc = None
    if doc is None or (isinstance(doc, dict) and "start" in doc and "entries" in doc):
        return Journal.load(path).state()  # a save, or damaged: the save reader names the fault
    try:
        return Grimoire.model_validate(doc)
    except (ValidationError, RecursionError) as exc:
        raise StateFileError(f"{path}: neither a moderator save nor a grimoire state") from exc
