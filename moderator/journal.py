"""An append-only journal of events over a starting state: undo pops, resume replays.

The Clocktower grimoire and the Growl table both keep one. Saving is crash-safe.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Generic, Protocol, Self, TypeVar, cast

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from moderator.errors import StateFileError


class _Applies(Protocol):
    def apply(self, state: Any) -> None: ...


S = TypeVar("S", bound=BaseModel)
E = TypeVar("E")  # an event: anything with .apply(state) (pydantic cannot take a Protocol bound)


class Event(BaseModel, Generic[S]):
    """One change to a state of type ``S``: small, serialisable, frozen; it knows how to apply itself."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    def apply(self, state: S) -> None:  # pragma: no cover - every event overrides it
        raise NotImplementedError


class Entry(BaseModel, Generic[E]):
    """One acknowledged change: a label for people and the events it made."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    label: str
    events: list[E]


class Journal(BaseModel, Generic[S, E]):
    """The starting state and the entries since. The current state is their replay."""

    model_config = ConfigDict(extra="forbid")

    format: int = 1
    start: S
    entries: list[Entry[E]] = Field(default_factory=list)

    def state(self) -> S:
        """The state after every entry, replayed from the start."""
        s = self.start.model_copy(deep=True)
        for entry in self.entries:
            for event in entry.events:
                cast(_Applies, event).apply(s)
        return s

    def push(self, label: str, events: Sequence[E]) -> S:
        """Append one entry and return the new state."""
        self.entries.append(Entry[E](label=label, events=list(events)))
        return self.state()

    def pop(self) -> Entry[E] | None:
        """Undo: remove and return the last entry, or None when there is nothing to undo."""
        return self.entries.pop() if self.entries else None

    def save(self, path: Path) -> None:
        """Write atomically: a temporary file beside ``path``, fsync, then rename."""
        write_atomic(path, self.model_dump_json(by_alias=True, indent=1))

    @classmethod
    def load(cls, path: Path) -> Self:
        """Read a saved journal.

        Raises:
            StateFileError: the file is missing, not JSON, or not a journal of this kind.
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
