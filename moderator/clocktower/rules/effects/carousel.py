"""Experimental Townsfolk who start knowing players (issue 26): the Steward's good player, the Knight's two
players who are not the Demon, the Noble's three players of whom exactly one is evil. Each proposes the
players as everyone truly is, the storyteller's to change: a player who may misregister (the Recluse, the Spy)
may be shown as what they may register as."""

from __future__ import annotations

from moderator.clocktower.grimoire.events import AddReminder, Event
from moderator.clocktower.rules.context import Answer, Ctx, Outcome
from moderator.clocktower.rules.effects.base import effect, may_be, nothing
from moderator.clocktower.rules.status import misregisters, registers_demon


def _may_be_demon(ctx: Ctx, seat: int, demon: bool) -> bool:
    """Whether the player in ``seat`` is, or may register as, the Demon (``demon``) or not the Demon (Lil'
    Monsta's babysitter is the Demon)."""
    p = ctx.g.player(seat)
    reg = misregisters(ctx.g, ctx.cat, p)
    shows = registers_demon(ctx.g, ctx.cat, p, ctx.ability, seat=ctx.seat)
    return shows == demon or (reg is not None and (("demon" in reg.teams) if demon else bool(reg.teams)))


def _others(ctx: Ctx) -> list[int]:
    return [p.seat for p in ctx.g.players if p.seat != ctx.seat]


def steward_truth(ctx: Ctx) -> int | None:
    """A good player other than the Steward: the first clockwise."""
    return next((s for s in _others(ctx) if ctx.g.player(s).alignment == "good"), None)


def knight_truth(ctx: Ctx) -> list[int] | None:
    """Two players other than the Knight who are not the Demon."""
    found = [s for s in _others(ctx)
             if not registers_demon(ctx.g, ctx.cat, ctx.g.player(s), ctx.ability, seat=ctx.seat)][:2]  # fmt: skip
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
    return len(seats) == 1 and seats[0] in _others(ctx) and may_be(ctx, seats[0], "good")


def knight_holds(ctx: Ctx, shown: object) -> bool:
    seats = set(_seats(shown))
    return len(seats) == 2 and seats <= set(_others(ctx)) and all(_may_be_demon(ctx, s, False) for s in seats)


def noble_holds(ctx: Ctx, shown: object) -> bool:
    seats = set(_seats(shown))
    surely_evil = [s for s in seats if not may_be(ctx, s, "good")]
    maybe_evil = [s for s in seats if may_be(ctx, s, "evil")]
    return len(seats) == 3 and seats <= set(_others(ctx)) and len(surely_evil) <= 1 and bool(maybe_evil)


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
