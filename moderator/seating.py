"""What every table state shares, whichever the game: players in numbered seats, clockwise, alive
or dead. The Clocktower grimoire and the Growl table both mix this in."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, Protocol, TypeVar


class SeatedPlayer(Protocol):
    @property
    def seat(self) -> int: ...

    @property
    def alive(self) -> bool: ...


P = TypeVar("P", bound=SeatedPlayer)


class Seated(Generic[P]):
    """Lookups over ``self.players`` (seat order)."""

    players: Sequence[P]

    def player(self, seat: int) -> P:
        """The player in ``seat``.

        Raises:
            KeyError: no such seat.
        """
        for p in self.players:
            if p.seat == seat:
                return p
        raise KeyError(seat)

    def seats(self) -> list[int]:
        """All seat numbers, clockwise."""
        return [p.seat for p in self.players]

    def living(self) -> list[P]:
        """The living players, clockwise."""
        return [p for p in self.players if p.alive]
