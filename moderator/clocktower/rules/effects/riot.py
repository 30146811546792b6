"""The Riot (issue 26): on the third night its Minions become Riot, and on day three each nominee dies at
once, with no vote, and must nominate a living player at once, dead though they are."""

from __future__ import annotations

from moderator.clocktower.grimoire.events import Event
from moderator.clocktower.grimoire.state import Grimoire, Player
from moderator.clocktower.rules.abilities import kill
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.context import Answer, Ctx, Outcome
from moderator.clocktower.rules.daytime import (
    NOMINATED,
    RIOT_DAY,
    RIOT_NOMINATED,
    good_wins_instead,
    jinx_win,
    riot_holders,
)
from moderator.clocktower.rules.effects.base import effect
from moderator.clocktower.rules.effects.snv_minions import become
from moderator.clocktower.rules.texts import filled, step_texts
from moderator.clocktower.rules.triggers import TRIGGERS, Trigger


@effect("riot_minions")
def riot_minions(ctx: Ctx, answer: Answer) -> Outcome:
    """The night before day three: every living Minion becomes Riot (still evil), woken and shown it."""
    g = ctx.g
    if g.night != RIOT_DAY or ctx.ability not in ctx.cat:
        return Outcome()
    minions = [p for p in g.players if p.alive and ctx.cat.team(p.character) == "minion"]
    events = [e for p in minions for e in become(g, ctx.cat, p.seat, ctx.ability, ctx.ability)]
    told = [filled(step_texts().rules.became_tell, seat=p.seat, character=ctx.cat[ctx.ability].name) for p in minions]
    return Outcome(events=events, say=told)


def _riot_nominated(
    g: Grimoire, cat: Catalogue, owner: Player, nominator: int, nominee: int, close: list[Event]
) -> list[Event]:
    """Day three, a Riot alive: the nominee dies at once and there is no vote (``close``); once, however many
    Riot there are."""
    holders = riot_holders(g, cat)
    if g.day != RIOT_DAY or not holders or owner.seat != holders[0].seat or not g.player(nominee).alive:
        return []
    won = jinx_win(g, cat, nominator, nominee)  # a jinx: the Soldier a Riot nominates and executes: good wins
    if won is not None:
        return good_wins_instead(kill(g, cat, nominee), won)
    return [*kill(g, cat, nominee), *close]


TRIGGERS[RIOT_NOMINATED] = Trigger(RIOT_NOMINATED, "nominated")
NOMINATED[RIOT_NOMINATED] = _riot_nominated
