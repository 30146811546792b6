"""One journaled engine base for every game: record, undo, persist and replay, written once.

A game's engine holds its journal and the current state (the journal's replay). Every change is one
journal entry, saved through ``persist`` before the command that made it returns, so a crash loses
nothing; "back" pops one entry (never below the ``floor``: the setup, or the first game's start);
resuming replays the journal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Generic, TypeVar, cast

from moderator.errors import IllegalChoice
from moderator.i18n import Lang
from moderator.journal import Journal
from moderator.messages import msg

S = TypeVar("S")
J = TypeVar("J", bound=Journal[Any, Any])


class JournaledEngine(Generic[S, J]):
    """The journal, the current state ``S`` and how to persist the journal ``J``."""

    def __init__(self, journal: J, persist: Callable[[J], None] | None = None, *, floor: int = 0) -> None:
        self.journal = journal
        self.persist = persist
        self.floor = floor
        """Entries that "back" never pops."""
        self._state: S = cast(S, journal.state())
        self._undone: list[Any] = []
        """What "back" took off, the last first: "redo" puts it back; any new change forgets it."""

    def _record(self, label: str, events: Sequence[Any]) -> None:
        """Append one entry of ``events``, make its replay the current state, and save (a new change: what
        "back" took off can no longer be redone)."""
        self._state = cast(S, self.journal.push(label, events))
        self._undone.clear()
        self._save()

    def _pop(self) -> bool:
        """Undo the last entry above the floor, and save; False when there is nothing to undo."""
        if len(self.journal.entries) <= self.floor:
            return False
        entry = self.journal.pop()
        self._state = cast(S, self.journal.state())
        self._save()
        self._undone.append(entry)
        return True

    def _redo(self) -> Any | None:
        """Put back the last entry "back" took off (saved first); None when there is none."""
        if not self._undone:
            return None
        entry = self._undone[-1]
        self._state = cast(S, self.journal.push(entry.label, entry.events))
        self._save()
        self._undone.pop()
        return entry

    def _pop_to(self, length: int, *, redoable: bool = False) -> None:
        """Undo entries until ``length`` are left (never below the floor), and save once (``redoable``: "redo"
        puts them back, one at a time)."""
        length = max(length, self.floor)
        taken: list[Any] = []
        while len(self.journal.entries) > length:
            taken.append(self.journal.pop())
        self._state = cast(S, self.journal.state())
        self._save()
        if redoable:
            self._undone += taken

    @contextmanager
    def _all_or_none(self) -> Iterator[None]:
        """The changes made inside are kept all, or none: a refusal (``IllegalChoice``) inside pops every
        entry made since, then goes on up (several deaths said in one line, one of them refused)."""
        length, undone = len(self.journal.entries), list(self._undone)
        try:
            yield
        except IllegalChoice:
            self._pop_to(length)
            self._undone = undone  # nothing changed: what could be redone still can
            raise

    def unsaved(self, lang: Lang | None = None) -> str | None:
        """Why the game's last change is saved nowhere, in ``lang`` (``persist`` says so with a ``problem``),
        or None."""
        problem = getattr(self.persist, "problem", None)
        said = problem(lang) if callable(problem) else None
        return said if isinstance(said, str) else None

    def kept(self, lang: Lang | None = None) -> str:
        """Where the game's changes are, said as the program stops: in its save, in the rescue file while the
        save cannot be written, or nowhere (no save was asked for)."""
        if self.persist is None:
            return msg("stopped_unsaved", lang=lang)
        where = getattr(self.persist, "where", None)
        said = where(lang) if callable(where) else None
        return said if isinstance(said, str) else msg("stopped", lang=lang)

    def _save(self) -> None:
        if self.persist is not None:
            self.persist(self.journal)
