"""The Clocktower journal: grimoire events over the starting grimoire."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import Field, ValidationError

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
    script: list[Any] | None = Field(
        None, description="The script file as it was read when the game began (its JSON), so that the save "
        "resumes wherever the app or the file has gone since; None in saves made before saves kept it.")

    @classmethod
    def new(cls, script: str, kept: list[Any] | None = None) -> Journal:
        """An empty game on ``script`` (``kept``: that script's JSON, kept in the save)."""
        return cls(start=Grimoire(script=script), script=kept)


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
