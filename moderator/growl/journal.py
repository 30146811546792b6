"""The Growl journal: table events over the evening's starting state. Undo pops; resume replays."""

from __future__ import annotations

from collections.abc import Sequence

from moderator.growl.events import GrowlEvent
from moderator.growl.state import GrowlState, Player
from moderator.i18n import Lang
from moderator.journal import Journal

__all__ = ["GrowlJournal"]


class GrowlJournal(Journal[GrowlState, GrowlEvent]):
    """Every change to one evening of Growl, in order."""

    game = "growl"

    @classmethod
    def new(cls, names: Sequence[str], seed: int, lang: Lang | None = None) -> GrowlJournal:
        """An evening for players seated clockwise from seat 1 (empty names: seats only), in ``lang``."""
        players = [Player(seat=i, name=n) for i, n in enumerate(names, start=1)]
        return cls(start=GrowlState(seed=seed, players=players, lang=lang))
