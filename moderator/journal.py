"""An append-only journal of events over a starting state: undo pops, resume replays.

The Clocktower grimoire and the Growl table both keep one. Saving is crash-safe and checked
(moderator.savefile).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar, cast

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from moderator.messages import msg
from moderator.savefile import FORMAT, DamagedSave, SaveError, backup_of, decode, encode, read_bytes, write_atomic

__all__ = ["Entry", "Event", "Journal", "simulate", "write_atomic"]


class _Applies(Protocol):
    def apply(self, state: Any) -> None: ...


S = TypeVar("S", bound=BaseModel)
E = TypeVar("E")  # an event: anything with .apply(state) (pydantic cannot take a Protocol bound)


class Event(BaseModel, Generic[S]):
    """One change to a state of type ``S``: small, serialisable, frozen; it knows how to apply itself."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    def apply(self, state: S) -> None:  # pragma: no cover - every event overrides it
        raise NotImplementedError


def simulate(state: S, events: Sequence[_Applies]) -> S:
    """``state`` after ``events``, leaving ``state`` as it is (what a change would make, before it is made)."""
    after = state.model_copy(deep=True)
    for e in events:
        e.apply(after)
    return after


class Entry(BaseModel, Generic[E]):
    """One acknowledged change: a label for people and the events it made."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    label: str
    events: list[E]


class Journal(BaseModel, Generic[S, E]):
    """The starting state and the entries since. The current state is their replay."""

    model_config = ConfigDict(extra="forbid")
    game: ClassVar[str] = ""
    """Which game's saves these are (see moderator.savefile.GAMES)."""

    format: int = FORMAT
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

    def body(self) -> dict[str, Any]:
        """The journal as JSON data (what a save holds besides its format, game and checksum)."""
        return self.model_dump(mode="json", by_alias=True)

    def save(self, path: Path) -> None:
        """Write a save of this journal atomically (the previous one kept as ``<path>.bak``)."""
        write_atomic(path, encode(self.body(), self.game), keep_backup=True)

    @classmethod
    def load(cls, path: Path) -> Self:
        """Read a save of this game, checked and replayed.

        Raises:
            SaveError: one line naming the file and the fault; when the file is damaged and the
                previous save beside it is good, the line offers that one.
        """
        try:
            return cls._load(path)
        except SaveError as exc:
            backup = backup_of(path)
            if not isinstance(exc, DamagedSave) or not backup.is_file():
                raise
            try:
                good = cls._load(backup)
            except SaveError:
                raise exc from None
            raise SaveError(msg("backup_good", error=exc, n=len(good.entries), backup=backup)) from exc

    @classmethod
    def _load(cls, path: Path) -> Self:
        doc = decode(read_bytes(path), path, cls.game)
        body = {k: v for k, v in doc.items() if k not in ("game", "checksum")}
        try:
            journal = cls.model_validate(body)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(x) for x in first["loc"])
            raise DamagedSave(msg("save_damaged", path=path, why=f"{where}: {first['msg']}")) from exc
        except RecursionError as exc:
            raise DamagedSave(msg("save_damaged", path=path, why="nested too deep")) from exc
        journal.replayable(path)
        return journal

    def replayable(self, path: Path) -> None:
        """Check that every entry applies to the state before it.

        Raises:
            SaveError: names the first entry that does not.
        """
        s = self.start.model_copy(deep=True)
        for i, entry in enumerate(self.entries, start=1):
            try:
                for event in entry.events:
                    cast(_Applies, event).apply(s)
            except Exception as exc:
                why = f"{type(exc).__name__} {exc}"
                raise DamagedSave(msg("save_unreplayable", path=path, i=i, label=entry.label, why=why)) from exc
