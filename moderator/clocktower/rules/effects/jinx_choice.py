"""The Leviathan's and the Riot's nightly choice, a jinx (``demon_chooses_nightly``) with the Banshee, the Farmer,
the Ravenkeeper and the Sage, as the official release data has it: "Each night*, the Leviathan chooses an alive
good player (different to previous nights): a chosen Banshee dies & gains their ability" (the Farmer, the
Ravenkeeper, the Sage: "uses their ability but does not die"). The chosen player's own step then wakes, out of
order where its place has gone by (conditions ``died_tonight`` and ``killed_by_demon_tonight`` hold for them)."""

from __future__ import annotations

from moderator.clocktower.grimoire.events import Event, Remember
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.abilities import abilities, kill
from moderator.clocktower.rules.conditions import CONDITIONS
from moderator.clocktower.rules.context import Answer, Ctx, Outcome
from moderator.clocktower.rules.effects.base import effect, may_be, seat_of, sober
from moderator.clocktower.rules.jinxes import Jinx, jinxes
from moderator.clocktower.rules.texts import filled, step_texts
from moderator.errors import IllegalChoice


def _jinxes(ctx: Ctx) -> list[Jinx]:
    """This Demon's ``demon_chooses_nightly`` jinxes whose first character is in play."""
    in_play = ctx.g.in_play()
    return [j for j in jinxes()
            if j.rule == "demon_chooses_nightly" and j.pair[1] == ctx.ability and j.pair[0] in in_play]  # fmt: skip


def _picked_before(ctx: Ctx) -> set[str]:
    return {ctx.g.memory[k] for n in range(1, ctx.g.night) if (k := keys.jinx_pick(n)) in ctx.g.memory}


def _choice_due(ctx: Ctx) -> bool:
    """Not the first night, the Demon alive, the first living holder of the ability (the Riot's Minions made Riot
    do not choose), and one of the jinxed characters in play."""
    holders = [p for p in ctx.g.players if p.alive and ctx.ability in abilities(ctx.cat, p)]
    return (ctx.g.night > 1 and ctx.actor.alive and bool(holders) and holders[0].seat == ctx.seat
            and bool(_jinxes(ctx)))  # fmt: skip


def _check(ctx: Ctx, answer: Answer) -> None:
    seat = seat_of(answer)
    if not ctx.g.player(seat).alive:
        raise IllegalChoice("dead_choice", seat=seat)
    if not may_be(ctx, seat, "good"):
        raise IllegalChoice("good_player_needed", seat=seat)
    if str(seat) in _picked_before(ctx):
        raise IllegalChoice("chosen_before", seat=seat)


@effect("demon_jinx_choice", "seat", check=_check, must_answer=True)
def demon_jinx_choice(ctx: Ctx, answer: Answer) -> Outcome:
    """Remembered for tonight (and so never again); a sober Demon's choice of a jinxed character whose jinx says it
    dies (``chosen_dies``: the Banshee) kills it as the Demon's kill would; of the others (the Farmer, the
    Ravenkeeper, the Sage), their step wakes tonight, and they do not die."""
    seat = seat_of(answer)
    events: list[Event] = [Remember(key=keys.jinx_pick(ctx.g.night), value=str(seat))]
    if not sober(ctx):
        return Outcome(events=events, say=[step_texts().rules.impaired])
    held = set(abilities(ctx.cat, ctx.g.player(seat)))
    hit = sorted((j for j in _jinxes(ctx) if j.pair[0] in held), key=lambda j: j.pair[0])
    if any(j.chosen_dies for j in hit):
        return Outcome(events=[*events, *kill(ctx.g, ctx.cat, seat, by_demon=True)])
    if hit:
        name = ctx.cat[hit[0].pair[0]].name
        return Outcome(events=events, say=[filled(step_texts().rules.jinx_pick_acts, seat=seat, character=name)])
    return Outcome(events=events)


CONDITIONS["demon_jinx_choice"] = _choice_due
