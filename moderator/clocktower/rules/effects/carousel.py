"""Experimental Townsfolk who start knowing players (issue 26): the Steward's good player, the Knight's two
players who are not the Demon, the Noble's three players of whom exactly one is evil. Each proposes the
players as everyone truly is, the storyteller's to change (any player misregistering is theirs to use)."""

from __future__ import annotations

from moderator.clocktower.grimoire.events import AddReminder, Event
from moderator.clocktower.rules.context import Answer, Ctx, Outcome
from moderator.clocktower.rules.effects.base import effect, nothing


def _others(ctx: Ctx) -> list[int]:
    return [p.seat for p in ctx.g.players if p.seat != ctx.seat]


def steward_truth(ctx: Ctx) -> int | None:
    """A good player other than the Steward: the first clockwise."""
    return next((s for s in _others(ctx) if ctx.g.player(s).alignment == "good"), None)


def knight_truth(ctx: Ctx) -> list[int] | None:
    """Two players other than the Knight who are not the Demon."""
    found = [s for s in _others(ctx) if ctx.cat.team(ctx.g.player(s).character) != "demon"][:2]
    return found if len(found) == 2 else None


def noble_truth(ctx: Ctx) -> list[int] | None:
    """Three players other than the Noble, exactly one of them evil: the first evil one and two good ones."""
    evil = [s for s in _others(ctx) if ctx.g.player(s).alignment == "evil"]
    good = [s for s in _others(ctx) if ctx.g.player(s).alignment == "good"]
    return sorted([evil[0], *good[:2]]) if evil and len(good) >= 2 else None


def _seats(shown: object) -> list[int]:
    items = shown if isinstance(shown, list | tuple) else [shown]
    return [x for x in items if isinstance(x, int) and not isinstance(x, bool)]


def steward_holds(ctx: Ctx, shown: object) -> bool:
    seats = _seats(shown)
    return len(seats) == 1 and seats[0] in _others(ctx) and ctx.g.player(seats[0]).alignment == "good"


def knight_holds(ctx: Ctx, shown: object) -> bool:
    seats = set(_seats(shown))
    return len(seats) == 2 and seats <= set(_others(ctx)) and all(
        ctx.cat.team(ctx.g.player(s).character) != "demon" for s in seats)  # fmt: skip


def noble_holds(ctx: Ctx, shown: object) -> bool:
    seats = set(_seats(shown))
    evil = [s for s in seats if ctx.g.player(s).alignment == "evil"]
    return len(seats) == 3 and seats <= set(_others(ctx)) and len(evil) == 1


def _know(ctx: Ctx, answer: Answer, truth: int | list[int] | None) -> Outcome:
    """A Know token by each player shown: the ones said, else the proposal ("next")."""
    shown = list(answer.seats) or ([truth] if isinstance(truth, int) else list(truth or []))
    events: list[Event] = [AddReminder(seat=s, source=ctx.ability, name="Know", by_seat=ctx.seat) for s in shown]
    return Outcome(events=events)


@effect("steward_learn", truth=steward_truth, seat_truth=True, holds=steward_holds)
def steward_learn(ctx: Ctx, answer: Answer) -> Outcome:
    return _know(ctx, answer, steward_truth(ctx))


@effect("knight_learn", truth=knight_truth, holds=knight_holds)
def knight_learn(ctx: Ctx, answer: Answer) -> Outcome:
    return _know(ctx, answer, knight_truth(ctx))


@effect("noble_learn", truth=noble_truth, holds=noble_holds)
def noble_learn(ctx: Ctx, answer: Answer) -> Outcome:
    return _know(ctx, answer, noble_truth(ctx))


# -- the storyteller's judgement shown (the High Priestess's player, the General's side) ---------------

effect("highpriestess_point", judged="seat")(nothing)
effect("general_side", judged="alignment")(nothing)
