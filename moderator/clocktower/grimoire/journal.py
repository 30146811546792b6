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

__all__ = ["Entry", "Journal", "load_state", "write_atomic"]

Entry = BaseEntry[Event]


class Journal(BaseJournal[Grimoire, Event]):
    """Every change to a Clocktower grimoire, in order."""

    @classmethod
    def new(cls, script: str) -> Journal:
        """An empty game on ``script``."""
        return cls(start=Grimoire(script=script))


def load_state(path: Path) -> Grimoire:
    """Read a state file: either a bare grimoire JSON or a saved journal.

    Raises:
        StateFileError: unreadable or of neither shape.
    """
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise StateFileError(f"{path}: cannot read the state: {exc}") from exc
    try:
        if isinstance(raw, dict) and "start" in raw and "entries" in raw:
            return Journal.model_validate(raw).state()
        return Grimoire.model_validate(raw)
    except ValidationError as exc:
        raise StateFileError(f"{path}: not a game state: {exc}") from exc
