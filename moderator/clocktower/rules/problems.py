"""Collect every data problem with its file, position and id, then report them all at once."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from moderator.errors import DataError
from moderator.printable import printable

SHOWN = 20
"""Problems listed in one report; past them, how many more."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong in one data file."""

    file: str
    where: str
    id: str
    message: str

    def __str__(self) -> str:
        where = f" {self.where}" if self.where else ""
        ident = f" ({printable(self.id[:60])})" if self.id else ""
        message = self.message if len(self.message) <= 400 else self.message[:400] + "…"
        return printable(f"{self.file}:{where}{ident}: {message}")


class DataProblems(DataError):
    """Several data problems, reported together."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        lines = [str(p) for p in problems[:SHOWN]]
        if len(problems) > SHOWN:
            lines.append(f"… and {len(problems) - SHOWN} more problems in the same file(s)")
        super().__init__("\n".join(lines))


@dataclass
class Problems:
    """A collector for :class:`Problem` s."""

    items: list[Problem] = field(default_factory=list)

    def add(self, file: Path | str, where: str, ident: str, message: str) -> None:
        self.items.append(Problem(str(file), where, ident, message))

    def __bool__(self) -> bool:
        return bool(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def raise_if_any(self) -> None:
        """Raise :class:`DataProblems` if anything was collected."""
        if self.items:
            raise DataProblems(list(self.items))
