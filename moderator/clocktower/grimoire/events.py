"""Grimoire changes as small, serialisable events. Each one knows how to apply itself."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from moderator.clocktower.grimoire.state import (
    Alignment,
    Cursor,
    DayState,
    Grimoire,
    Phase,
    Player,
    Question,
    Reminder,
    Winner,
)
from moderator.journal import Event as BaseEvent


class _Event(BaseEvent[Grimoire]):
    """A change to the grimoire."""


class Seat(_Event):
    """A player sits down (setup)."""

    kind: Literal["seat"] = "seat"
    seat: int
    name: str

    def apply(self, g: Grimoire) -> None:
        g.players = sorted(
            [*[p for p in g.players if p.seat != self.seat], Player(seat=self.seat, name=self.name)],
            key=lambda p: p.seat,
        )


class Assign(_Event):
    """A player gets a character (and, with it, an alignment and a belief)."""

    kind: Literal["assign"] = "assign"
    seat: int
    character: str
    alignment: Alignment
    believes: str | None = None

    def apply(self, g: Grimoire) -> None:
        p = g.player(self.seat)
        p.character, p.alignment, p.believes = self.character, self.alignment, self.believes


class SetAlignment(_Event):
    kind: Literal["alignment"] = "alignment"
    seat: int
    alignment: Alignment

    def apply(self, g: Grimoire) -> None:
        g.player(self.seat).alignment = self.alignment


class SetBelieves(_Event):
    kind: Literal["believes"] = "believes"
    seat: int
    believes: str | None

    def apply(self, g: Grimoire) -> None:
        g.player(self.seat).believes = self.believes


class AddReminder(_Event):
    kind: Literal["add_reminder"] = "add_reminder"
    seat: int
    source: str
    name: str
    by_seat: int | None = None

    def apply(self, g: Grimoire) -> None:
        g.player(self.seat).reminders.append(Reminder(source=self.source, name=self.name, by_seat=self.by_seat))


class RemoveReminder(_Event):
    """Removes the first matching reminder by that player (no-op if none); ``by_seat``: only one that
    player placed (two of the same lie together: the Butler's Master and a Cannibal-Butler's)."""

    kind: Literal["remove_reminder"] = "remove_reminder"
    seat: int
    source: str
    name: str
    by_seat: int | None = None

    def apply(self, g: Grimoire) -> None:
        p = g.player(self.seat)
        for i, r in enumerate(p.reminders):
            if r.source == self.source and r.name == self.name and self.by_seat in (None, r.by_seat):
                del p.reminders[i]
                return


class Die(_Event):
    kind: Literal["die"] = "die"
    seat: int
    by_demon: bool = False
    executed: bool = False
    seeming: bool = Field(False, description="They only seem to die and stay alive (the Zombuul's first death).")

    def apply(self, g: Grimoire) -> None:
        if not self.seeming:
            g.player(self.seat).alive = False
        if g.phase == "day":
            g.died_today.append(self.seat)
        if g.phase == "night":
            g.died_tonight.append(self.seat)
            if self.by_demon:
                g.demon_killed_tonight.append(self.seat)
        if self.executed:
            g.executed_today = self.seat


class Revive(_Event):
    kind: Literal["revive"] = "revive"
    seat: int
    by_hand: bool = Field(
        False, description="The storyteller's hand: a death tonight or today is taken back (never announced), "
        "any other is a revival."
    )

    def apply(self, g: Grimoire) -> None:
        g.player(self.seat).alive = True
        if self.by_hand and (self.seat in g.died_tonight or self.seat in g.died_today):
            g.died_tonight = [s for s in g.died_tonight if s != self.seat]
            g.demon_killed_tonight = [s for s in g.demon_killed_tonight if s != self.seat]
            g.died_today = [s for s in g.died_today if s != self.seat]
            if g.executed_today == self.seat:
                g.executed_today = None
            return
        if g.phase == "night":
            g.revived_tonight.append(self.seat)


class SpendGhostVote(_Event):
    kind: Literal["ghost_vote"] = "ghost_vote"
    seat: int

    def apply(self, g: Grimoire) -> None:
        g.player(self.seat).ghost_vote = False


class SetGhostVote(_Event):
    """The storyteller's hand: a ghost vote given back (or taken)."""

    kind: Literal["set_ghost_vote"] = "set_ghost_vote"
    seat: int
    has: bool

    def apply(self, g: Grimoire) -> None:
        g.player(self.seat).ghost_vote = self.has


class SetNotes(_Event):
    """The storyteller's notes on a seat, as they now stand."""

    kind: Literal["notes"] = "notes"
    seat: int | None = None
    """None: the notes on the game itself."""
    notes: list[str]

    def apply(self, g: Grimoire) -> None:
        if self.seat is None:
            g.notes = list(self.notes)
        else:
            g.player(self.seat).notes = list(self.notes)


class AddNote(_Event):
    """One more note of the storyteller's, on a seat or the game (the note alone: a save does not grow with
    every note written again)."""

    kind: Literal["note"] = "note"
    seat: int | None = None
    """None: a note on the game itself."""
    note: str

    def apply(self, g: Grimoire) -> None:
        if self.seat is None:
            g.notes = [*g.notes, self.note]
        else:
            g.player(self.seat).notes = [*g.player(self.seat).notes, self.note]


class SetFabled(_Event):
    """The Fabled in play, as they now stand."""

    kind: Literal["fabled"] = "fabled"
    fabled: list[str]

    def apply(self, g: Grimoire) -> None:
        g.fabled = list(self.fabled)


class InsertPlayer(_Event):
    """A player sits down after ``after`` (a Traveller who arrives): every later seat moves up by one,
    wherever it is named; ``memory``: the memory with its seats moved the same way."""

    kind: Literal["insert_player"] = "insert_player"
    after: int = Field(ge=0, description="The seat the newcomer sits after (0: first).")
    name: str
    memory: dict[str, str]

    def apply(self, g: Grimoire) -> None:
        g.renumber({s: s + 1 for s in g.seats() if s > self.after})
        g.players = sorted([*g.players, Player(seat=self.after + 1, name=self.name)], key=lambda p: p.seat)
        g.memory = dict(self.memory)


class RemovePlayer(_Event):
    """A player leaves the table: every later seat moves down by one; ``memory`` as for :class:`InsertPlayer`."""

    kind: Literal["remove_player"] = "remove_player"
    seat: int
    memory: dict[str, str]

    def apply(self, g: Grimoire) -> None:
        g.renumber({s: (None if s == self.seat else s - 1) for s in g.seats() if s >= self.seat})
        g.memory = dict(self.memory)


class SwapSeats(_Event):
    """Two players change seats (the Matron's): each takes the other's seat number with everything of theirs,
    wherever a seat is named; ``memory`` as for :class:`InsertPlayer`."""

    kind: Literal["swap_seats"] = "swap_seats"
    seats: tuple[int, int]
    memory: dict[str, str]

    def apply(self, g: Grimoire) -> None:
        a, b = self.seats
        g.renumber({a: b, b: a})
        g.memory = dict(self.memory)


class GainAbility(_Event):
    kind: Literal["gain_ability"] = "gain_ability"
    seat: int
    ability: str
    replace: bool = Field(False, description="Drop the abilities held so far (the Cannibal's new meal).")

    def apply(self, g: Grimoire) -> None:
        p = g.player(self.seat)
        p.abilities = [self.ability] if self.replace else [*p.abilities, self.ability]


class SetAbilities(_Event):
    """The abilities a player holds besides their own, replaced wholesale (a character swap)."""

    kind: Literal["abilities"] = "abilities"
    seat: int
    abilities: list[str]

    def apply(self, g: Grimoire) -> None:
        g.player(self.seat).abilities = list(self.abilities)


class SetPhase(_Event):
    """Dusk, dawn and the ends of days. Clears what a new night or day forgets."""

    kind: Literal["phase"] = "phase"
    phase: Phase
    night: int
    day: int

    def apply(self, g: Grimoire) -> None:
        if self.phase == "night" and g.phase != "night":
            g.died_tonight, g.demon_killed_tonight, g.revived_tonight = [], [], []
        if self.phase == "day" and g.phase != "day":
            g.executed_today = None
            g.died_today = []
        g.phase, g.night, g.day = self.phase, self.night, self.day


class SetBluffs(_Event):
    kind: Literal["bluffs"] = "bluffs"
    bluffs: list[str]

    def apply(self, g: Grimoire) -> None:
        g.bluffs = list(self.bluffs)


class SetUnseated(_Event):
    """Characters in play that no player holds (Lil' Monsta)."""

    kind: Literal["unseated"] = "unseated"
    characters: list[str]

    def apply(self, g: Grimoire) -> None:
        g.unseated = list(self.characters)


class SetWinner(_Event):
    kind: Literal["winner"] = "winner"
    winner: Winner | None
    reason: str | None = Field(
        None, description="'no_demon', 'two_alive', or the character whose ability decided (Grimoire.won_by)."
    )

    def apply(self, g: Grimoire) -> None:
        g.winner = self.winner
        g.won_by = self.reason if self.winner is not None else None
        if self.winner is not None:
            g.phase = "over"


class SetCursor(_Event):
    """The game moves to another step (or stage of one)."""

    kind: Literal["cursor"] = "cursor"
    cursor: Cursor | None

    def apply(self, g: Grimoire) -> None:
        g.cursor = self.cursor.model_copy(deep=True) if self.cursor else None
        g.step = self.cursor.id if self.cursor else None


class SetDay(_Event):
    """Today's nominations and votes, as they now stand."""

    kind: Literal["day"] = "day"
    today: DayState

    def apply(self, g: Grimoire) -> None:
        g.today = self.today.model_copy(deep=True)


class Ask(_Event):
    """Put a yes/no question to the storyteller; ``None`` clears it."""

    kind: Literal["ask"] = "ask"
    question: Question | None

    def apply(self, g: Grimoire) -> None:
        g.question = self.question.model_copy(deep=True) if self.question else None


class Remember(_Event):
    """An ability remembers something across nights (the Balloonist's last type, …)."""

    kind: Literal["remember"] = "remember"
    key: str
    value: str | None

    def apply(self, g: Grimoire) -> None:
        if self.value is None:
            g.memory.pop(self.key, None)
        else:
            g.memory[self.key] = self.value


Event = Annotated[
    Seat
    | Assign
    | SetAlignment
    | SetBelieves
    | AddReminder
    | RemoveReminder
    | Die
    | Revive
    | SpendGhostVote
    | SetGhostVote
    | SetNotes
    | AddNote
    | SetFabled
    | InsertPlayer
    | RemovePlayer
    | SwapSeats
    | GainAbility
    | SetAbilities
    | SetPhase
    | SetBluffs
    | SetUnseated
    | SetWinner
    | SetCursor
    | SetDay
    | Ask
    | Remember,
    Field(discriminator="kind"),
]


def parse_events(raw: list[dict[str, object]]) -> list[Event]:
    """Events from their JSON form (a question's ``if_yes``)."""
    from pydantic import TypeAdapter

    adapter: TypeAdapter[list[Event]] = TypeAdapter(list[Event])
    return adapter.validate_python(raw)
