"""The shape of data/growl/cards.yaml, setup.yaml and pacing.yaml, and what they answer."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from moderator.i18n import Text

#: The "no effect unless" checks a night card can name; the table answers them (texts.yaml).
Condition = Literal["anyone_dead", "two_hold_five"]
CardKind = Literal["night", "final"]


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class DeckCard(Model):
    """A kind of card in the deck, with how many carry each player-count mark ("base" = unmarked)."""

    id: str
    name: Text
    counts: dict[str, int]

    def total(self, removed: set[str] | frozenset[str] = frozenset()) -> int:
        return sum(n for mark, n in self.counts.items() if mark not in removed)


class NightCard(Model):
    id: str
    kind: CardKind
    name: Text
    aliases: list[str] = Field(default_factory=list)
    condition: Condition | None = None
    effect: Text | None = Field(None, description="Read out by the app; None = read the physical card.")


class Unnamed(Model):
    """What the table may say for a night card without naming it."""

    id: str
    names: list[str]


class Cards(Model):
    deck: list[DeckCard]
    night_cards: list[NightCard]
    unnamed: Unnamed

    def night_card(self, card_id: str) -> NightCard | None:
        return next((c for c in self.night_cards if c.id == card_id), None)

    def deck_card(self, card_id: str) -> DeckCard | None:
        return next((c for c in self.deck if c.id == card_id), None)

    def pool(self, kind: CardKind) -> int:
        return sum(1 for c in self.night_cards if c.kind == kind)


class Span(Model):
    min: int = Field(ge=1)
    max: int = Field(ge=1)


class Draw(Model):
    night: int = Field(ge=0)
    final: int = Field(ge=1)


class Removal(Model):
    players: tuple[int, int]
    remove: list[str]


class FirstWolves(Model):
    bites: int = Field(ge=1)
    gold: int = Field(ge=0)


class Thresholds(Model):
    werewolf: int = Field(ge=1)
    death: int = Field(ge=1)


class GoldRule(Model):
    per_win: int = Field(ge=0)
    per_card: int = Field(ge=0)


class Setup(Model):
    players: Span
    draw: Draw
    removal: list[Removal]
    first_werewolves: dict[int, FirstWolves]
    deal: int = Field(ge=1)
    sniff_from: int
    thresholds: Thresholds
    end_alive_at_most: int = Field(ge=0)
    gold: GoldRule

    @property
    def nights(self) -> int:
        """Night phases in a game: one per night card in the deck."""
        return self.draw.night + self.draw.final

    def removed(self, count: int) -> list[str]:
        """The marks removed at ``count`` players."""
        for r in self.removal:
            if r.players[0] <= count <= r.players[1]:
                return list(r.remove)
        return []


class SniffPacing(Model):
    close_eyes: float = Field(ge=0)
    wolves_look: float = Field(ge=0)
    wolves_close: float = Field(ge=0)


class PassPacing(Model):
    seconds: int = Field(ge=0)
    countdown_from: int = Field(ge=0)


class GrowlPacing(Model):
    wolf_zeroes: float = Field(ge=0)
    all_wolves: float = Field(ge=0)


class Pacing(Model):
    sniff: SniffPacing
    passing: PassPacing
    growl: GrowlPacing
