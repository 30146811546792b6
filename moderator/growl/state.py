"""The table as the app knows it: seats, names, who is alive, gold, the turn, the night cards.

Nothing secret is here: the app never learns who is a werewolf.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from moderator.growl.texts import Winner
from moderator.i18n import Lang
from moderator.seating import Seated

Phase = Literal["setup", "day", "night", "end"]

#: Each step and the phase it belongs to. The engine's steps are exactly these.
STEP_PHASE: dict[str, Phase] = {
    "start": "setup",
    "setup_night_cards": "setup",
    "setup_remove": "setup",
    "setup_first_wolves": "setup",
    "setup_deal": "setup",
    "setup_place": "setup",
    "sniff": "setup",
    "start_player": "setup",
    "turn": "day",
    "card_condition": "night",
    "card_read": "night",
    "cannot_give": "night",
    "passing": "night",
    "checks": "night",
    "growl": "end",
    "gold": "end",
    "standings": "end",
    "evening_over": "end",
}


def _known_step(step: str) -> str:
    if step not in STEP_PHASE:
        raise ValueError(f"{step!r} is no step of Growl")
    return step


Step = Annotated[str, AfterValidator(_known_step)]
"""A step's id, checked where it is read (a save written by hand names no step the engine lacks)."""


class Player(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seat: int
    name: str = ""
    alive: bool = True
    gold: int = 0


class GameResult(BaseModel):
    """One finished game of the evening."""

    model_config = ConfigDict(extra="forbid")

    game: int
    winner: Winner | None
    gained: dict[int, int] = Field(default_factory=dict, description="Gold tokens taken, by seat.")


class GrowlState(BaseModel, Seated[Player]):
    """The evening so far: the current game and the games before it."""

    model_config = ConfigDict(extra="forbid")

    seed: int
    players: list[Player]
    lang: Lang | None = Field(None, description="The evening's language: a resumed evening keeps it (--lang wins).")
    game: int = 0
    step: Step = "start"
    seat: int | None = Field(None, description="The seat the current step is about (the gold count).")
    night: int = 0
    turns: int = Field(0, description="Day turns ended this game.")
    turn_seat: int | None = None
    drawer: int | None = Field(None, description="Who drew the last night card.")
    night_cards: list[str] = Field(default_factory=list, description="Card ids drawn this game, in order.")
    winner: Winner | None = None
    gained: dict[int, int] = Field(default_factory=dict, description="Gold tokens taken this game, by seat.")
    reported: list[int] = Field(default_factory=list, description="Deaths reported at the current step.")
    ended_at: str | None = Field(None, description="The step at which deaths ended the game early (None: not so).")
    gold_cards: int = Field(0, description="Gold cards the winners said they hold this game.")
    history: list[GameResult] = Field(default_factory=list)

    @property
    def phase(self) -> Phase:
        return STEP_PHASE.get(self.step, "setup")


    def dead(self) -> list[Player]:
        return [p for p in self.players if not p.alive]

    def next_living(self, seat: int) -> int | None:
        """The next living seat clockwise after ``seat`` (``seat`` itself if it is the only one)."""
        seats = self.seats()
        start = seats.index(seat) if seat in seats else -1
        for i in range(1, len(seats) + 1):
            p = self.players[(start + i) % len(seats)]
            if p.alive:
                return p.seat
        return None


def state_json(s: GrowlState) -> dict[str, object]:
    """The state file other tools read (--state-out): the current game and the evening's standings."""
    return {
        "game": s.game,
        "phase": s.phase,
        "step": s.step,
        "night": s.night,
        "turn_seat": s.turn_seat,
        "players": [{"seat": p.seat, "name": p.name, "alive": p.alive, "gold": p.gold} for p in s.players],
        "night_cards": list(s.night_cards),
        "winner": s.winner,
        "history": [h.model_dump() for h in s.history],
        "seed": s.seed,
    }
