"""The append-only journal: every grimoire change is an event. Undo pops, resume replays."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from moderator.errors import StateFileError
from moderator.grimoire.events import Event
from moderator.grimoire.state import Grimoire


class Entry(BaseModel):
    """One acknowledged change: a label for people and the events it made."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    label: str
    events: list[Event]


class Journal(BaseModel):
    """The starting grimoire and the entries since. The current grimoire is their replay."""

    model_config = ConfigDict(extra="forbid")

    format: int = 1
    start: Grimoire
    entries: list[Entry] = Field(default_factory=list)

    @classmethod
    def new(cls, script: str) -> Journal:
        """An empty game on ``script``."""
        return cls(start=Grimoire(script=script))

    def state(self) -> Grimoire:
        """The grimoire after every entry, replayed from the start."""
        g = self.start.model_copy(deep=True)
        for entry in self.entries:
            for event in entry.events:
                event.apply(g)
        return g

    def push(self, label: str, events: Sequence[Event]) -> Grimoire:
        """Append one entry and return the new grimoire."""
        self.entries.append(Entry(label=label, events=list(events)))
        return self.state()

    def pop(self) -> Entry | None:
        """Undo: remove and return the last entry, or None when there is nothing to undo."""
        return self.entries.pop() if self.entries else None

    def save(self, path: Path) -> None:
        """Write atomically: a temporary file beside ``path``, fsync, then rename."""
        write_atomic(path, self.model_dump_json(by_alias=True, indent=1))

    @classmethod
    def load(cls, path: Path) -> Journal:
        """Read a saved journal.

        Raises:
            StateFileError: the file is missing, not JSON, or not a journal.
        """
        try:
            return cls.model_validate_json(path.read_text(encoding="utf-8"))
        except (OSError, ValidationError, ValueError) as exc:
            raise StateFileError(f"{path}: cannot load the saved game: {exc}") from exc


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that a crash leaves either the old or the new file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    dir_fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


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
