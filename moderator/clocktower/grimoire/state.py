"""The grimoire: who sits where, who is what, and every token on the table.

The JSON shape of :class:`Grimoire` is the state file other tools read; its field names are stable.
"""

from __future__ import annotations

from collections.abc import Callable
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
    notes: list[str] = Field(default_factory=list, description="The storyteller's own notes on this seat.")

    def has_reminder(self, name: str, source: str | None = None) -> bool:
        """Whether a reminder named ``name`` (from ``source``, if given) lies by this player."""
        return any(r.name == name and (source is None or r.source == source) for r in self.reminders)


class Mark(_State):
    """A place in the night's walk: a line's position, its seat, which of its steps."""

    position: float
    seat: int | None = None
    sub: int = 0


class Cursor(_State):
    """Where the game is: the step being run and what has been answered of it so far."""

    id: str = Field(description="A character id, a pseudo-step, 'day', or 'over'.")
    position: float = 0.0
    seat: int | None = None
    sub: int = Field(0, description="Which of the character's steps tonight.")
    stage: Literal["ask", "tell", "votes", "ghosts", "day"] = "ask"
    seats: list[int] = Field(default_factory=list, description="Seats answered so far (two seats, seat + character).")
    character: str | None = None
    asked_none: bool = Field(False, description="'next' came with a part unanswered: asked once whether nobody.")
    resume: Mark | None = Field(
        None, description="Woken out of order ('go to'): after this step the night goes on from here, the step "
        "it left included."
    )


class Question(_State):
    """A question the rules put to the storyteller, who decides: yes or no (was the Pixie mad?), or a
    seat (which of the Innkeeper's players is drunk?). The app proposes an answer; 'next' takes it."""

    ko: str
    en: str
    if_yes: list[dict[str, Any]] = Field(default_factory=list, description="Events (as JSON) to apply on yes.")
    expects: Literal["yesno", "seat", "alignment"] = "yesno"
    options: dict[str, list[dict[str, Any]]] = Field(
        default_factory=dict, description="Each answer ('yes', 'no' or a seat) and the events (as JSON) it applies."
    )
    proposed: str | None = Field(None, description="The answer the app proposes ('next' takes it).")
    step: str | None = Field(None, description="The step it is shown as (a character id), if not the cursor's.")
    seat: int | None = Field(None, description="The seat of that step's player.")


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
    exile: bool = Field(False, description="The pending vote is on an exile (a Traveller), not an execution.")
    exiles: list[int] = Field(default_factory=list, description="Travellers called for exile today.")


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
    won_by: str | None = Field(
        None,
        description="Why the game ended: 'no_demon', 'two_alive', or the id of the character whose ability "
        "decided (the Saint's, the Mayor's …).",
    )
    fabled: list[str] = Field(default_factory=list, description="The Fabled in play (the storyteller's characters).")
    notes: list[str] = Field(default_factory=list, description="The storyteller's own notes on the game.")
    step: str | None = Field(None, description="The id of the step being run, if any.")
    cursor: Cursor | None = None
    question: Question | None = None
    today: DayState = Field(default_factory=DayState)
    died_tonight: list[int] = Field(default_factory=list, description="Seats that died this night.")
    revived_tonight: list[int] = Field(
        default_factory=list, description="Seats that came back to life this night (the Shabaloth's, the Professor's)."
    )
    executed_today: int | None = Field(None, description="The seat executed (and died) today, if any.")
    died_today: list[int] = Field(
        default_factory=list, description="Seats that died by day, the last day (kept through the night after it)."
    )
    demon_killed_tonight: list[int] = Field(default_factory=list, description="Seats the Demon killed tonight.")
    memory: dict[str, str] = Field(
        default_factory=dict, description="What abilities remember across nights (keys: rules/keys.py)."
    )

    def in_play(self) -> set[str]:
        """The ids of the characters held by players."""
        return {p.character for p in self.players if p.character} | set(self.unseated)

    def living_characters(self) -> set[str]:
        """The ids of the characters held by living players."""
        return {p.character for p in self.players if p.alive and p.character}

    def beside(self, seat: int) -> list[Player]:
        """The players sitting either side of ``seat``, dead or alive."""
        return [q for d in (-1, 1) if (q := self.neighbour(seat, d, alive=False)) is not None]

    def holders(self, character: str) -> list[Player]:
        """The players whose character is ``character``."""
        return [p for p in self.players if p.character == character]

    def renumber(self, moved: dict[int, int | None]) -> None:
        """Give every seat its new number (``moved``: old to new; None: the seat is gone), wherever a
        seat is named: the players and their tokens, the cursor, today and tonight (not the memory,
        whose keys are the rules': :func:`moderator.clocktower.rules.keyseats.renumbered`)."""

        def one(s: int | None) -> int | None:
            return moved.get(s, s) if s is not None else None

        def many(seats: list[int]) -> list[int]:
            return [n for s in seats if (n := one(s)) is not None]

        self.players = sorted([p for p in self.players if one(p.seat) is not None], key=lambda p: one(p.seat) or 0)
        for p in self.players:
            p.seat = one(p.seat) or p.seat
            p.reminders = [r.model_copy(update={"by_seat": one(r.by_seat)}) for r in p.reminders]
        if self.cursor is not None:
            c = self.cursor
            r = c.resume.model_copy(update={"seat": one(c.resume.seat)}) if c.resume is not None else None
            self.cursor = c.model_copy(update={"seat": one(c.seat), "seats": many(c.seats), "resume": r})
        t = self.today
        self.today = t.model_copy(update={
            "nominators": many(t.nominators), "nominees": many(t.nominees), "pending": one(t.pending),
            "votes": {n: v for s, v in t.votes.items() if (n := one(s)) is not None}, "block": one(t.block),
            "ghosts": many(t.ghosts), "exiles": many(t.exiles),
        })  # fmt: skip
        self.died_tonight, self.revived_tonight = many(self.died_tonight), many(self.revived_tonight)
        self.died_today, self.demon_killed_tonight = many(self.died_today), many(self.demon_killed_tonight)
        self.executed_today = one(self.executed_today)

    def neighbour(
        self, seat: int, step: int, *, alive: bool = True, passed: Callable[[Player], bool] | None = None
    ) -> Player | None:
        """The nearest other player going ``step`` (+1 clockwise, -1 counterclockwise); ``passed``: who else is
        passed over (a player shown dead)."""
        order = self.seats()
        i = order.index(seat)
        for k in range(1, len(order)):
            p = self.player(order[(i + step * k) % len(order)])
            if p.seat != seat and (p.alive or not alive) and not (passed is not None and passed(p)):
                return p
        return None
