"""Registering as something one is not (the Recluse, the Spy): what each of the storyteller's
choices makes true.

A true answer is computed as everyone truly is: that is what the app proposes. Then each way the
misregistering players could register (every combination, they are few) is computed again; the
answers that differ are the alternatives the storyteller may give instead, with ``showed``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import combinations

from moderator.clocktower.grimoire.state import Player
from moderator.clocktower.rules.context import Ctx
from moderator.clocktower.rules.status import misregisters

MAX_COMBINED = 4
"""At most this many misregistering players are combined (2**4 answers)."""


def misregistering(ctx: Ctx) -> list[Player]:
    """The players who may register as something they are not right now (not the one acting)."""
    return [p for p in ctx.g.players if p.seat != ctx.seat and misregisters(ctx.g, ctx.cat, p) is not None]


def alternatives(ctx: Ctx, answer: Callable[[Ctx], object]) -> tuple[list[Player], list[object]]:
    """Who could change ``answer`` by misregistering, and the other answers that would then be true. A
    player is named only where their own misregistering makes a difference (the executed Spy changes
    what the Undertaker learns; a Recluse beside it changes nothing)."""
    players = misregistering(ctx)[:MAX_COMBINED]
    truth = answer(ctx)
    who: dict[int, Player] = {}
    found: list[object] = []
    values: dict[tuple[frozenset[int], tuple[tuple[int, str], ...]], object] = {(frozenset(), ()): truth}
    for k in range(1, len(players) + 1):
        for combo in combinations(players, k):
            flips = frozenset(p.seat for p in combo)
            for teams in _team_choices(ctx, combo):
                value = answer(replace(ctx, flips=flips, as_team=teams))
                values[(flips, teams)] = value
                if value == truth:
                    continue
                for p in combo:  # without p, the others registering the same way: does p matter?
                    rest = (flips - {p.seat}, tuple(t for t in teams if t[0] != p.seat))
                    if values.get(rest, truth) != value:
                        who[p.seat] = p
                if value not in found:
                    found.append(value)
    return sorted(who.values(), key=lambda p: p.seat), found


def _team_choices(ctx: Ctx, combo: tuple[Player, ...]) -> list[tuple[tuple[int, str], ...]]:
    """Every way the players of ``combo`` may register by character type (the Recluse as a Minion, or as a
    Demon; the Spy as a Townsfolk, or as an Outsider)."""
    choices: list[tuple[tuple[int, str], ...]] = [()]
    for p in combo:
        reg = misregisters(ctx.g, ctx.cat, p)
        teams = reg.teams if reg is not None and reg.teams else []
        if len(teams) > 1:
            choices = [(*c, (p.seat, t)) for c in choices for t in teams]
    return choices
