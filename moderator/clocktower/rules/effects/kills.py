"""Night actions of life and death: the Demons' kills and what stops them (the Lycanthrope's, the
Pukka's delayed death), deaths by an ability's own rule (the Grandmother's, the Gambler's, the
Tinker's, the Assassin's, the Gossip's, the Acrobat's), the Lunatic's pretended kill and the
Professor's revival."""

from __future__ import annotations

from moderator.clocktower.grimoire.events import (
    AddReminder,
    Event,
    Remember,
    RemoveReminder,
    Revive,
)
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.abilities import kill
from moderator.clocktower.rules.conditions import demon_blocked
from moderator.clocktower.rules.context import Answer, Ctx, Outcome
from moderator.clocktower.rules.effects.base import (
    alive_target,
    dead_target,
    demon_rests,
    effect,
    seat_of,
    sober,
    spent,
)
from moderator.clocktower.rules.status import impaired, misregisters
from moderator.clocktower.rules.texts import filled, step_texts
from moderator.clocktower.rules.triggers import question


@effect("lycanthrope_kill", "seat", check=alive_target, must_answer=True, kills=True)
def lycanthrope_kill(ctx: Ctx, answer: Answer) -> Outcome:
    """A good target dies and the Demon kills nobody tonight; the faux paw is never killed."""
    target = ctx.g.player(seat_of(answer))
    if not sober(ctx) or target.alignment != "good" or target.has_reminder("Faux Paw"):
        return Outcome()
    events = kill(ctx.g, ctx.cat, target.seat)
    if events:
        events.append(Remember(key=keys.demon_blocked(ctx.g.night), value=str(target.seat)))
    return Outcome(events=events)


@effect("demon_kill", "seat", kills=True, declined=demon_rests)
def demon_kill(ctx: Ctx, answer: Answer) -> Outcome:
    """The Demon's kill, unless the Lycanthrope killed tonight or the Demon is drunk or poisoned. Nobody
    chosen: the Demon has rested (:func:`demon_rests`)."""
    if not answer.seats:
        return demon_rests(ctx)
    if demon_blocked(ctx.g):
        return Outcome()
    if ctx.seat is not None and not sober(ctx):
        return Outcome(say=[step_texts().rules.impaired])
    return Outcome(events=kill(ctx.g, ctx.cat, answer.seats[0], by_demon=True))


@effect(
    "lunatic_info",
    truth=lambda ctx: sum(
        1 for p in ctx.g.players if ctx.cat[p.character or "x"].team == "minion" if p.character in ctx.cat
    ),
)
def lunatic_info(ctx: Ctx, answer: Answer) -> Outcome:
    return Outcome()


@effect("lunatic_attack", "seat")
def lunatic_attack(ctx: Ctx, answer: Answer) -> Outcome:
    """Mark the Lunatic's choices; the real Demon is told them when it wakes."""
    return Outcome(
        events=[AddReminder(seat=s, source="lunatic", name="Chosen", by_seat=ctx.seat) for s in answer.seats]
    )


@effect("grandmother_check")
def grandmother_check(ctx: Ctx, answer: Answer) -> Outcome:
    """The Demon killed the grandchild: the Grandmother dies too, unless she is drunk or poisoned (the wiki's
    example: the Grandmother drunk by the Sailor lives)."""
    if not sober(ctx):
        return Outcome(say=[step_texts().rules.impaired])
    return Outcome(events=kill(ctx.g, ctx.cat, ctx.actor.seat))


@effect("gambler_guess", "seat", "character")
def gambler_guess(ctx: Ctx, answer: Answer) -> Outcome:
    """A wrong guess kills the Gambler; where the player may register as the character guessed (the Recluse
    as the Po), the storyteller says whether they do, the app proposing not."""
    assert answer.character is not None
    target = ctx.g.player(seat_of(answer))
    if target.character == answer.character or not sober(ctx):
        return Outcome()
    dies = kill(ctx.g, ctx.cat, ctx.actor.seat)
    reg = misregisters(ctx.g, ctx.cat, target)
    if reg is not None and ctx.cat.team(answer.character) in reg.teams:
        named = ctx.cat[target.character or ""].name
        asked = filled(step_texts().rules.registers_as_guessed, seat=target.seat, character=named,
                       guessed=ctx.cat[answer.character].name)  # fmt: skip
        return Outcome(events=[question(asked, {"yes": [], "no": dies}, "no", "yesno")])
    return Outcome(events=dies)


@effect("acrobat_choose", "seat")
def acrobat_choose(ctx: Ctx, answer: Answer) -> Outcome:
    """Mark the choice; if it is (or becomes, by dawn) drunk or poisoned, the Acrobat dies."""
    seat = seat_of(answer)
    events: list[Event] = [AddReminder(seat=seat, source="acrobat", name="Chosen", by_seat=ctx.seat)]
    if sober(ctx) and impaired(ctx.g, ctx.cat, ctx.g.player(seat)):
        events += kill(ctx.g, ctx.cat, ctx.actor.seat)
    return Outcome(events=events)


@effect("tinker_might_die", "yesno")
def tinker_might_die(ctx: Ctx, answer: Answer) -> Outcome:
    """The storyteller says yes: the Tinker dies now (while sober; a drunk or poisoned Tinker does not)."""
    if not answer.yes or not sober(ctx):
        return Outcome()
    return Outcome(events=kill(ctx.g, ctx.cat, ctx.actor.seat))


@effect("assassin_kill", "seat", kills=True)
def assassin_kill(ctx: Ctx, answer: Answer) -> Outcome:
    """Once: the chosen player dies even if they could not (no protection, no first death survived).
    Drunk or poisoned, the ability is spent all the same and nobody dies."""
    events = spent(ctx)
    if not sober(ctx):
        return Outcome(events=events, say=[step_texts().rules.impaired])
    return Outcome(events=[*events, *kill(ctx.g, ctx.cat, seat_of(answer), force=True)])


@effect("professor_revive", "seat", check=dead_target)
def professor_revive(ctx: Ctx, answer: Answer) -> Outcome:
    """Once: a dead player who truly is a Townsfolk comes back to life (the ability is spent either way;
    drunk or poisoned, nobody comes back); one whose ability wakes on the first night only uses it tonight."""
    target = ctx.g.player(seat_of(answer))
    events: list[Event] = spent(ctx)
    if not sober(ctx):
        return Outcome(events=events, say=[step_texts().rules.impaired])
    if ctx.cat.team(target.character) == "townsfolk":
        events += [Revive(seat=target.seat), AddReminder(seat=target.seat, source=ctx.ability, name="Alive")]
        made = ctx.cat.get(target.character or "")
        night = made.data.night if made is not None and made.data is not None else None
        if made is not None and night is not None and {s.effect for s in night.first} - {s.effect for s in night.other}:
            # one who wakes on the first night only wakes now to use it (the wiki's How to Run: the Grandmother)
            events.append(Remember(key=keys.gained(ctx.g.night, target.seat, made.id), value=ctx.ability))
    return Outcome(events=events)


def _delayed_demon_deaths(ctx: Ctx) -> list[Event]:
    """What a Demon set up the time before happens at its place in the night, awake or not (the Exorcist
    only keeps it from acting tonight): each player it poisoned is healthy again and dies, the Demon's
    kill, unless protected from it (the Innkeeper's guest: then only healthy again). A drunk or poisoned
    Demon does nothing; a Lycanthrope kill tonight stops the death; the first night nobody dies."""
    events: list[Event] = []
    if not sober(ctx):
        return events
    dies = ctx.g.night > 1 and keys.demon_blocked(ctx.g.night) not in ctx.g.memory
    for p in ctx.g.players:
        if any(r.source == ctx.ability and r.name == "Poisoned" and r.by_seat == ctx.seat for r in p.reminders):
            events.append(RemoveReminder(seat=p.seat, source=ctx.ability, name="Poisoned"))
            if dies:
                events += kill(ctx.g, ctx.cat, p.seat, by_demon=True)
    return events


def _pukka_declined(ctx: Ctx) -> Outcome:
    """No new player poisoned (an exorcised Pukka makes no choice); last time's still dies."""
    return Outcome(events=_delayed_demon_deaths(ctx))


@effect("pukka_poison", "seat", declined=_pukka_declined)
def pukka_poison(ctx: Ctx, answer: Answer) -> Outcome:
    """The player poisoned last time dies (the Demon's kill) and is healthy again, even when the Exorcist
    keeps the Pukka asleep; the chosen player is poisoned, unless the Pukka is asleep, drunk or poisoned."""
    if not sober(ctx):
        return Outcome(say=[step_texts().rules.impaired])
    events = _delayed_demon_deaths(ctx)
    if answer.seats and keys.exorcised(ctx.g.night) not in ctx.g.memory:
        events.append(AddReminder(seat=answer.seats[0], source=ctx.ability, name="Poisoned", by_seat=ctx.seat))
    return Outcome(events=events)


@effect("gossip_kill", "seat", kills=True)
def gossip_kill(ctx: Ctx, answer: Answer) -> Outcome:
    """The Gossip's true statement: the player the storyteller chooses dies (not a Demon's kill).
    A drunk or poisoned Gossip kills nobody."""
    if not sober(ctx):
        return Outcome(say=[step_texts().rules.impaired])
    return Outcome(events=kill(ctx.g, ctx.cat, seat_of(answer)))
