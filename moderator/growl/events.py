"""Changes to the Growl table as small, serialisable events. Each one knows how to apply itself."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from moderator.growl.state import GameResult, GrowlState, Step
from moderator.growl.texts import Winner
from moderator.journal import Event as BaseEvent


class _Event(BaseEvent[GrowlState]):
    """A change to the Growl table."""


class NewGame(_Event):
    """A game of the evening begins: everyone alive, no nights yet; gold is kept."""

    kind: Literal["new_game"] = "new_game"
    game: int
    step: Step

    def apply(self, s: GrowlState) -> None:
        for p in s.players:
            p.alive = True
        s.game, s.step, s.seat, s.reported = self.game, self.step, None, []
        s.night, s.turns, s.turn_seat, s.drawer = 0, 0, None, None
        s.night_cards, s.winner, s.gained, s.gold_cards = [], None, {}, 0
        s.ended_at = None


class Goto(_Event):
    """The game moves on to another step."""

    kind: Literal["goto"] = "goto"
    step: Step
    seat: int | None = None

    def apply(self, s: GrowlState) -> None:
        if self.seat is not None and self.seat not in s.seats():
            raise ValueError(f"no seat {self.seat}")
        s.step, s.seat, s.reported = self.step, self.seat, []


class EndEarly(_Event):
    """Deaths left too few alive: the game ends at once, at ``at`` (the step the death was told at)."""

    kind: Literal["end_early"] = "end_early"
    at: str

    def apply(self, s: GrowlState) -> None:
        s.ended_at = self.at


class SetTurn(_Event):
    """The deck goes to ``seat``; ``ended`` counts the turn that just ended."""

    kind: Literal["turn"] = "turn"
    seat: int | None
    ended: bool = False

    def apply(self, s: GrowlState) -> None:
        s.turn_seat = self.seat
        if self.ended:
            s.turns += 1


class Die(_Event):
    """A player's home tile is flipped to its dead side."""

    kind: Literal["die"] = "die"
    seat: int

    def apply(self, s: GrowlState) -> None:
        s.player(self.seat).alive = False
        s.reported.append(self.seat)


class DrawNightCard(_Event):
    """A night card came up: the night begins."""

    kind: Literal["night_card"] = "night_card"
    card: str
    drawer: int | None

    def apply(self, s: GrowlState) -> None:
        s.night += 1
        s.night_cards.append(self.card)
        s.drawer = self.drawer


class SetWinner(_Event):
    kind: Literal["winner"] = "winner"
    winner: Winner | None

    def apply(self, s: GrowlState) -> None:
        s.winner = self.winner


class GainGold(_Event):
    """A winner takes gold tokens."""

    kind: Literal["gold"] = "gold"
    seat: int
    amount: int
    cards: int = 0

    def apply(self, s: GrowlState) -> None:
        s.player(self.seat).gold += self.amount
        s.gold_cards += self.cards
        s.gained[self.seat] = s.gained.get(self.seat, 0) + self.amount


class CloseGame(_Event):
    """The game goes into the evening's record."""

    kind: Literal["close_game"] = "close_game"

    def apply(self, s: GrowlState) -> None:
        s.history.append(GameResult(game=s.game, winner=s.winner, gained=dict(s.gained)))


GrowlEvent = Annotated[
    NewGame | Goto | EndEarly | SetTurn | Die | DrawNightCard | SetWinner | GainGold | CloseGame,
    Field(discriminator="kind"),
]


