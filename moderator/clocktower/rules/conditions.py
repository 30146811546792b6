"""Named wake conditions: does this player's ability wake (or work) at this step?"""

from __future__ import annotations

from collections.abc import Callable

from moderator.clocktower.grimoire.state import Grimoire
from moderator.clocktower.rules.context import Ctx

Condition = Callable[[Ctx], bool]


def used_key(ability: str, seat: int | None) -> str:
    """The memory key that marks a once-per-game ability as spent."""
    return f"used:{ability}:{seat}"


def known_key(ability: str, seat: int | None) -> str:
    """The memory key of the player an ability currently knows (the Bounty Hunter's evil player)."""
    return f"known:{ability}:{seat}"


def demon_blocked(g: Grimoire) -> bool:
    """Whether the Lycanthrope killed tonight, so the Demon cannot."""
    return f"demon_blocked:{g.night}" in g.memory


def _alive(ctx: Ctx) -> bool:
    return ctx.actor.alive


def _always(_ctx: Ctx) -> bool:
    return True


def _died_tonight(ctx: Ctx) -> bool:
    return ctx.seat in ctx.g.died_tonight


def _executed_today(ctx: Ctx) -> bool:
    return ctx.actor.alive and ctx.g.executed_today is not None


def _ability_unused(ctx: Ctx) -> bool:
    spent = used_key(ctx.ability, ctx.seat) in ctx.g.memory or ctx.actor.has_reminder("No Ability", ctx.ability)
    return ctx.actor.alive and not spent


def today_key(ability: str, seat: int | None, day: int) -> str:
    """The memory key that marks a day ability as used today."""
    return f"today:{ability}:{seat}:{day}"


def acted_key(night: int, ability: str, seat: int | None) -> str:
    """The memory key that marks a night step as done tonight (it never wakes twice in a night)."""
    return f"acted:{night}:{ability}:{seat}"


def _unused_today(ctx: Ctx) -> bool:
    return ctx.actor.alive and today_key(ctx.ability, ctx.seat, ctx.g.day) not in ctx.g.memory


def _grandchild_killed_tonight(ctx: Ctx) -> bool:
    return any(
        r.name == "Grandchild" and r.by_seat == ctx.seat and p.seat in ctx.g.demon_killed_tonight
        for p in ctx.g.players
        for r in p.reminders
    )


def _known_died(ctx: Ctx) -> bool:
    known = ctx.g.memory.get(known_key(ctx.ability, ctx.seat))
    return ctx.actor.alive and known is not None and not ctx.g.player(int(known)).alive


CONDITIONS: dict[str, Condition] = {
    "alive": _alive,
    "always": _always,
    "died_tonight": _died_tonight,
    "executed_today": _executed_today,
    "ability_unused": _ability_unused,
    "unused_today": _unused_today,
    "grandchild_killed_tonight": _grandchild_killed_tonight,
    "known_died": _known_died,
}
