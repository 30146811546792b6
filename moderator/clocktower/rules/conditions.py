"""Named wake conditions: does this player's ability wake (or work) at this step?"""

from __future__ import annotations

from collections.abc import Callable

from moderator.clocktower.grimoire.state import Grimoire
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.context import Ctx
from moderator.clocktower.rules.jinxes import jinxes, knows_and_lacks
from moderator.clocktower.rules.status import acts_alive, impaired

Condition = Callable[[Ctx], bool]


def demon_blocked(g: Grimoire) -> bool:
    """Whether the Lycanthrope killed tonight, or the Exorcist chose the Demon, so the Demon cannot."""
    return keys.demon_blocked(g.night) in g.memory or keys.exorcised(g.night) in g.memory


def _alive(ctx: Ctx) -> bool:
    return acts_alive(ctx.g, ctx.cat, ctx.actor)


def _first_of_them(ctx: Ctx) -> bool:
    """Alive, and the first living player of this character clockwise from seat 1: a step all of them share
    wakes once (Legion's players, who agree on one kill)."""
    first = next((p.seat for p in ctx.g.players if p.character == ctx.ability and acts_alive(ctx.g, ctx.cat, p)), None)
    return _alive(ctx) and first in (None, ctx.seat)


def _sees_grimoire(ctx: Ctx) -> bool:
    """Alive, and no jinx hides the Grimoire now (``grimoire_hidden``: a living, sober Poppy Grower keeps it
    from the Spy)."""
    hidden = [j.pair[0] for j in jinxes() if j.rule == "grimoire_hidden" and j.pair[1] == ctx.ability]
    keeper = any(p.alive and p.character in hidden and not impaired(ctx.g, ctx.cat, p) for p in ctx.g.players)
    return _alive(ctx) and not keeper


def _always(_ctx: Ctx) -> bool:
    return True


def picked_by_jinx(ctx: Ctx) -> bool:
    """A jinx (``demon_chooses_nightly``): the Demon chose this player tonight, and this ability is the first of
    the pair (the Ravenkeeper with the Leviathan): it acts tonight as though the Demon had killed it."""
    if ctx.g.phase != "night" or ctx.g.memory.get(keys.jinx_pick(ctx.g.night)) != str(ctx.seat):
        return False
    return any(j.rule == "demon_chooses_nightly" and j.pair[0] == ctx.ability and j.pair[1] in ctx.g.in_play()
               for j in jinxes())  # fmt: skip


def _died_tonight(ctx: Ctx) -> bool:
    """Died tonight; or, by a jinx (``demon_chooses_nightly``: the Farmer's with the Leviathan), was chosen by the
    Demon tonight and acts as though it had died."""
    return ctx.seat in ctx.g.died_tonight or picked_by_jinx(ctx)


def _two_others_alive(ctx: Ctx) -> bool:
    """Alive, with two other living players to choose (the Chambermaid's How to Run: not woken otherwise, as on the
    Mastermind's extra night)."""
    return _alive(ctx) and sum(1 for p in ctx.g.living() if p.seat != ctx.seat) >= 2


def _executed_today(ctx: Ctx) -> bool:
    return ctx.actor.alive and ctx.g.executed_today is not None


def _ability_unused(ctx: Ctx) -> bool:
    spent = keys.used(ctx.ability, ctx.seat) in ctx.g.memory or ctx.actor.has_reminder("No Ability", ctx.ability)
    return acts_alive(ctx.g, ctx.cat, ctx.actor) and not spent


def _jinxed_out(ctx: Ctx) -> bool:
    """A jinx (``knows_and_lacks``): the other character is in play, so this unused ability is lost (the
    Engineer's with Legion): the player wakes to learn it."""
    return _ability_unused(ctx) and bool(knows_and_lacks(ctx.ability, ctx.g.in_play()))


def _unused_today(ctx: Ctx) -> bool:
    return acts_alive(ctx.g, ctx.cat, ctx.actor) and keys.today(ctx.ability, ctx.seat, ctx.g.day) not in ctx.g.memory


def _unused_before_nominations(ctx: Ctx) -> bool:
    """Unused today, and nobody nominated yet today (the Psychopath's "each day, before nominations")."""
    return _unused_today(ctx) and not ctx.g.today.nominees


def _grandchild_killed_tonight(ctx: Ctx) -> bool:
    return any(
        r.name == "Grandchild" and r.by_seat == ctx.seat and p.seat in ctx.g.demon_killed_tonight
        for p in ctx.g.players
        for r in p.reminders
    )


def _known_died(ctx: Ctx) -> bool:
    known = ctx.g.memory.get(keys.known(ctx.ability, ctx.seat))
    return ctx.actor.alive and known is not None and not ctx.g.player(int(known)).alive


EVIL_INFO_MIN_PLAYERS = 7
"""Below this many players, the evil team does not learn each other on the first night."""


def evil_info_night(g: Grimoire, cat: Catalogue, in_play: set[str]) -> bool:
    """Whether the first night has Minion and Demon info (and what belongs to it, the Lunatic's): from
    seven players, Travellers not counted, or with fewer where a Fabled in play gives it (its setup's
    ``evil_info``: the Toymaker's); none where a character in play or a Fabled or Loric skips it (``no_evil_info``:
    Lil' Monsta's, the Tor's)."""
    players = sum(1 for p in g.players if not (p.character in cat and cat.team(p.character) == "traveller"))
    enough = players >= EVIL_INFO_MIN_PLAYERS or any(cat.setup(c).evil_info for c in g.fabled)
    return enough and not any(cat.setup(c).no_evil_info for c in [*in_play, *g.fabled])


def _evil_info(ctx: Ctx) -> bool:
    return ctx.actor.alive and evil_info_night(ctx.g, ctx.cat, ctx.g.in_play())


def _became_demon(ctx: Ctx) -> bool:
    """They became the Demon (their Is The Demon token) and still are (not swapped away since)."""
    p = ctx.actor
    demon = p.character is not None and ctx.cat.team(p.character) == "demon"
    return p.alive and demon and p.has_reminder("Is The Demon", ctx.ability)


def _statement_true(ctx: Ctx) -> bool:
    """Today's public statement was judged true (the Gossip's): a player dies tonight."""
    return ctx.actor.alive and keys.statement_true(ctx.ability, ctx.seat, ctx.g.day) in ctx.g.memory


def death_step_due(g: Grimoire, ability: str, seat: int | None) -> bool:
    """A death trigger left a step for tonight or a night before (``keys.death_pending``: the night it
    is due), and it has not run since (the Sweetheart's, even if it died after its place in the night)."""
    due = g.memory.get(keys.death_pending(ability, seat))
    if due is None or not due.isdigit() or int(due) > g.night:
        return False
    return not any(keys.acted(n, ability, seat) in g.memory for n in range(int(due), g.night))


def _learnt_death(ctx: Ctx) -> bool:
    """The player has died and learnt it (a day death at once, a night death at dawn), and has not
    made the choice it brings yet (the Moonchild's)."""
    spent = keys.used(ctx.ability, ctx.seat) in ctx.g.memory
    return not ctx.actor.alive and ctx.seat is not None and keys.learnt_death(ctx.seat) in ctx.g.memory and not spent


def _learnt_death_unpicked(ctx: Ctx) -> bool:
    """As ``learnt_death``, and the public pick it brings not said yet (the Moonchild's day reminder)."""
    return _learnt_death(ctx) and keys.picked(ctx.ability, ctx.seat) not in ctx.g.memory


def _nobody_died_today(ctx: Ctx) -> bool:
    """Nobody died by day today, shown-dead deaths included (the Zombuul's)."""
    return ctx.actor.alive and not ctx.g.died_today


def _outsider_died_today(ctx: Ctx) -> bool:
    """An Outsider died by day today (the Godfather's)."""
    return ctx.actor.alive and any(ctx.cat.team(ctx.g.player(s).character) == "outsider" for s in ctx.g.died_today)


def _three_visitors(ctx: Ctx) -> bool:
    """Exactly three players are marked as today's visitors (the Duchess's: else it does not act)."""
    return sum(1 for p in ctx.g.players if p.has_reminder("Visitor", ctx.ability)) == 3


CONDITIONS: dict[str, Condition] = {
    "alive": _alive,
    "first_of_them": _first_of_them,
    "always": _always,
    "died_tonight": _died_tonight,
    "two_others_alive": _two_others_alive,
    "executed_today": _executed_today,
    "ability_unused": _ability_unused,
    "jinxed_out": _jinxed_out,
    "unused_today": _unused_today,
    "unused_before_nominations": _unused_before_nominations,
    "grandchild_killed_tonight": _grandchild_killed_tonight,
    "known_died": _known_died,
    "evil_info": _evil_info,
    "became_demon": _became_demon,
    "statement_true": _statement_true,
    "learnt_death": _learnt_death,
    "sees_grimoire": _sees_grimoire,
    "learnt_death_unpicked": _learnt_death_unpicked,
    "nobody_died_today": _nobody_died_today,
    "outsider_died_today": _outsider_died_today,
    "three_visitors": _three_visitors,
}
SEATLESS: set[str] = {"three_visitors"}
"""The conditions a step with no seat may name (a Fabled's): they read the grimoire, not a player. The effect
modules add theirs (the Toymaker's ``final_night_marked``)."""
