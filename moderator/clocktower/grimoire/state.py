"""The grimoire: who sits where, who is what, and every token on the table.

The JSON shape of :class:`Grimoire` is the state file other tools read; its field names are stable.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from moderator.seating import Seated

Alignment = Literal["good", "evil"]
Phase = Literal["setup", "night", "day", "over"]
Winner = Literal["good", "evil"]


class _State(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, validate_assignment=True)


class Reminder(_State):
    """A reminder token lying by a player's character token."""

    source: str = Field(alias="from", description="The id of the character whose token this is.")
    name: str = Field(description="The official reminder name, e.g. 'Poisoned'.")
    by_seat: int | None = Field(None, description="The seat of the player whose ability placed it.")


class Player(_State):
    """One seat at the table."""

    seat: int = Field(ge=1, description="Numbered from 1, clockwise.")
    name: str
    character: str | None = None
    believes: str | None = Field(None, description="What the player thinks they are, if not their character.")
    alignment: Alignment = "good"
    alive: bool = True
    ghost_vote: bool = True
    reminders: list[Reminder] = Field(default_factory=list)
    abilities: list[str] = Field(
        default_factory=list, description="Abilities held besides their own (Pixie, Cannibal, Philosopher …)."
    )

    def has_reminder(self, name: str, source: str | None = None) -> bool:
        """Whether a reminder named ``name`` (from ``source``, if given) lies by this player."""
        return any(r.name == name and (source is None or r.source == source) for r in self.reminders)


class Cursor(_State):
    """Where the game is: the step being run and what has been answered of it so far."""

    id: str = Field(description="A character id, a pseudo-step, 'day', or 'over'.")
    position: float = 0.0
    seat: int | None = None
    sub: int = Field(0, description="Which of the character's steps tonight.")
    stage: Literal["ask", "tell", "votes", "ghosts", "day"] = "ask"
    seats: list[int] = Field(default_factory=list, description="Seats answered so far (two seats, seat + character).")
    character: str | None = None


class Question(_State):
    """A question the rules put to the storyteller, who decides: yes or no (was the Pixie mad?), or a
    seat (which of the Innkeeper's players is drunk?). The app proposes an answer; 'next' takes it."""

    ko: str
    en: str
    if_yes: list[dict[str, Any]] = Field(default_factory=list, description="Events (as JSON) to apply on yes.")
    expects: Literal["yesno", "seat"] = "yesno"
    options: dict[str, list[dict[str, Any]]] = Field(
        default_factory=dict, description="Each answer ('yes', 'no' or a seat) and the events (as JSON) it applies."
    )
    proposed: str | None = Field(None, description="The answer the app proposes ('next' takes it).")


class DayState(_State):
    """Today's nominations and votes."""

    nominators: list[int] = Field(default_factory=list)
    nominees: list[int] = Field(default_factory=list)
    pending: int | None = Field(None, description="The nominee whose vote count is awaited.")
    votes: dict[int, int] = Field(default_factory=dict)
    block: int | None = Field(None, description="The player about to die, if any.")
    block_votes: int = 0
    ghosts: list[int] = Field(
        default_factory=list, description="Dead voters whose vote token is removed at the end of the day."
    )


class Grimoire(_State, Seated[Player]):
    """The whole state of a Clocktower game."""

    script: str
    phase: Phase = "setup"
    night: int = 0
    day: int = 0
    players: list[Player] = Field(default_factory=list)
    bluffs: list[str] = Field(default_factory=list)
    unseated: list[str] = Field(
        default_factory=list, description="Characters in play that no player holds (Lil' Monsta)."
    )
    winner: Winner | None = None
    step: str | None = Field(None, description="The id of the step being run, if any.")
    cursor: Cursor | None = None
    question: Question | None = None
    today: DayState = Field(default_factory=DayState)
    died_tonight: list[int] = Field(default_factory=list, description="Seats that died this night.")
    executed_today: int | None = Field(None, description="The seat executed (and died) today, if any.")
    demon_killed_tonight: list[int] = Field(default_factory=list, description="Seats the Demon killed tonight.")
    memory: dict[str, str] = Field(
        default_factory=dict, description="What abilities remember across nights (keys: rules/keys.py)."
    )


    def in_play(self) -> set[str]:
        """The ids of the characters held by players."""
        return {p.character for p in self.players if p.character} | set(self.unseated)

    def holders(self, character: str) -> list[Player]:
        """The players whose character is ``character``."""
        return [p for p in self.players if p.character == character]

    def neighbour(self, seat: int, step: int, *, alive: bool = True) -> Player | None:
        """The nearest other player going ``step`` (+1 clockwise, -1 counterclockwise)."""
        order = self.seats()
        i = order.index(seat)
        for k in range(1, len(order)):
            p = self.player(order[(i + step * k) % len(order)])
            if p.seat != seat and (p.alive or not alive):
                return p
        return None
