"""Day abilities: the Slayer, the Alsaahir, the Fisherman and the Amnesiac's guesses."""

from __future__ import annotations

from moderator.clocktower.grimoire.events import AddReminder, Event, Remember, SetWinner
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.abilities import abilities, kill
from moderator.clocktower.rules.context import Answer, Ctx, Outcome
from moderator.clocktower.rules.effects.base import effect, killed_public
from moderator.clocktower.rules.jinxes import ruled
from moderator.clocktower.rules.status import impaired, misregisters, registers_demon
from moderator.clocktower.rules.texts import filled, step_texts
from moderator.clocktower.rules.triggers import question


@effect("slayer_shot", "two_seats")
def slayer_shot(ctx: Ctx, answer: Answer) -> Outcome:
    """Seat A shoots seat B. Only a real, unspent Slayer can kill, and only the Demon dies."""
    shooter, target = (ctx.g.player(s) for s in answer.seats[:2])
    if "slayer" not in abilities(ctx.cat, shooter):  # a bluff: nothing happens
        return Outcome(public=[step_texts().rules.nothing_happens])
    if keys.used("slayer", shooter.seat) in ctx.g.memory:  # spent: the table sees nothing; the storyteller why
        why = filled(step_texts().flow.day_ability_not_now, seat=shooter.seat, character=ctx.cat["slayer"].name)
        return Outcome(public=[step_texts().rules.nothing_happens], say=[why])
    events: list[Event] = [
        Remember(key=keys.used("slayer", shooter.seat), value="yes"),
        AddReminder(seat=shooter.seat, source="slayer", name="No Ability"),
    ]
    works = not impaired(ctx.g, ctx.cat, shooter) and target.alive
    if works and registers_demon(ctx.g, ctx.cat, target, "slayer"):
        events += kill(ctx.g, ctx.cat, target.seat)
        return Outcome(events=events, public=killed_public(events, target.seat))
    host = any(r.source == "lleech" and r.name == "Poisoned" for r in target.reminders)
    if works and host and ruled("slayer_kills_host", ctx.g.in_play()):  # a jinx: the Lleech's host dies (and it)
        events += kill(ctx.g, ctx.cat, target.seat)
        return Outcome(events=events, public=killed_public(events, target.seat))
    reg = misregisters(ctx.g, ctx.cat, target)
    if works and reg is not None and "demon" in reg.teams:  # the Recluse: the storyteller decides, now
        asked = filled(step_texts().rules.registers_demon_to, seat=target.seat,
                       character=ctx.cat[target.character or ""].name, ability=ctx.cat["slayer"].name)  # fmt: skip
        dies = kill(ctx.g, ctx.cat, target.seat)
        return Outcome(events=[*events, question(asked, {"yes": dies, "no": []}, "no", "yesno")])
    return Outcome(events=events, public=[step_texts().rules.nothing_happens])


def evil_team(ctx: Ctx) -> list[int]:
    """Every Minion and Demon now, dead ones included (what an Alsaahir must name)."""
    return sorted(p.seat for p in ctx.g.players if ctx.cat.team(p.character) in ("minion", "demon"))


@effect("alsaahir_guess", truth=evil_team)
def alsaahir_guess(ctx: Ctx, answer: Answer) -> Outcome:
    """A public guess of which players are Minions and which are Demons. The named players must be the
    whole evil team; then the storyteller says whom the Alsaahir named as the Demon, and only a guess
    right on both wins (a real, sober Alsaahir: good wins)."""
    named = sorted(set(answer.seats))
    real = "alsaahir" in abilities(ctx.cat, ctx.actor) and not impaired(ctx.g, ctx.cat, ctx.actor)
    if named != evil_team(ctx) or not real:
        return Outcome(public=[step_texts().rules.nothing_happens])
    demons = {p.seat for p in ctx.g.players if ctx.cat.team(p.character) == "demon"}
    wins: list[Event] = [SetWinner(winner="good", reason=ctx.ability)]
    options = {str(s): (wins if {s} == demons else []) for s in named}
    asked = filled(step_texts().rules.alsaahir_demon, seats=", ".join(str(s) for s in named))
    return Outcome(events=[question(asked, options, None)])


@effect("fisherman_advice")
def fisherman_advice(ctx: Ctx, answer: Answer) -> Outcome:
    """Once per game: the storyteller gives advice in private."""
    return Outcome(
        events=[
            Remember(key=keys.used("fisherman", ctx.seat), value="yes"),
            AddReminder(seat=ctx.actor.seat, source="fisherman", name="No Ability"),
        ]
    )


def _hidden_ability(ctx: Ctx) -> str | None:
    """The Amnesiac's hidden ability, which the storyteller answers the guess against."""
    return next((a for a in ctx.actor.abilities if a != ctx.ability), None)


@effect("amnesiac_guess", truth=_hidden_ability)
def amnesiac_guess(ctx: Ctx, answer: Answer) -> Outcome:
    """Record today's guess answer (cold / warm / hot / bingo) for the record."""
    return Outcome(events=[Remember(key=keys.guessed("amnesiac", ctx.seat, ctx.g.day), value=str(answer.number or 0))])


@effect("gossip_statement")
def gossip_statement(ctx: Ctx, answer: Answer) -> Outcome:
    """A public statement: the storyteller says whether it is true (no proposal); true, a player dies
    tonight (the night step asks who)."""
    true: list[Event] = [Remember(key=keys.statement_true(ctx.ability, ctx.seat, ctx.g.day), value="yes")]
    asked = filled(step_texts().rules.gossip_true, seat=ctx.seat)
    return Outcome(events=[question(asked, {"yes": true, "no": []}, None, "yesno")])
