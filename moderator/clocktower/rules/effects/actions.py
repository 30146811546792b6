"""Night actions: choices that change the grimoire by marking players: poisoned, drunk, safe, chosen
(and who their Master is), protected from an execution. The kills are kills.py's; a change of who is
what or what they hold is changes.py's."""

from __future__ import annotations

from moderator.clocktower.grimoire.events import (
    AddReminder,
    Event,
    Remember,
    RemoveReminder,
)
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.context import Answer, Ctx, Outcome
from moderator.clocktower.rules.effects.base import (
    alive_target,
    character_on_script,
    effect,
    nothing,
    seat_of,
    sober,
    spend,
    spent,
)
from moderator.clocktower.rules.effects.infos import seamstress_told
from moderator.clocktower.rules.status import is_demon
from moderator.clocktower.rules.texts import filled, step_texts
from moderator.clocktower.rules.triggers import question
from moderator.errors import IllegalChoice


@effect("widow_poison", "seat")
def widow_poison(ctx: Ctx, answer: Answer) -> Outcome:
    """The chosen player is poisoned while the Widow lives."""
    if not sober(ctx):
        return Outcome(say=[step_texts().rules.impaired])
    return Outcome(events=[AddReminder(seat=seat_of(answer), source="widow", name="Poisoned", by_seat=ctx.seat)])


def widow_know_truth(ctx: Ctx) -> int | None:
    """The seat of the good player who learns that a Widow is in play."""
    return next((p.seat for p in ctx.g.players if p.has_reminder("Know", "widow")), None)


effect("widow_know", truth=widow_know_truth, seat_truth=True)(nothing)


@effect("organgrinder_drunk", "yesno")
def organgrinder_drunk(ctx: Ctx, answer: Answer) -> Outcome:
    """A nod: the Organ Grinder is drunk until dusk, and votes are open again."""
    if not answer.yes:
        return Outcome()
    return Outcome(events=[AddReminder(seat=ctx.actor.seat, source="organgrinder", name="Drunk", by_seat=ctx.seat)])


@effect("nightwatchman_choose", "seat")
def nightwatchman_choose(ctx: Ctx, answer: Answer) -> Outcome:
    """Once: the chosen player wakes and learns who the Nightwatchman is."""
    seat = seat_of(answer)
    # Drunk or poisoned: the chosen player need not be woken, or may be shown another player.
    told = step_texts().rules.nightwatchman_wake if sober(ctx) else step_texts().rules.nightwatchman_impaired
    say = filled(told, seat=seat)
    events = [*spend(ctx), AddReminder(seat=ctx.actor.seat, source="nightwatchman", name="No Ability")]
    return Outcome(events=events, say=[say])


@effect("innkeeper_protect", "two_seats")
def innkeeper_protect(ctx: Ctx, answer: Answer) -> Outcome:
    """Both are safe tonight; one of them (the first good one, else the first) is drunk until dusk."""
    seats = list(dict.fromkeys(answer.seats))
    chose = Remember(key=keys.chosen_last(ctx.ability, ctx.seat), value=" ".join(map(str, seats)))  # jinxes, by day
    if not sober(ctx):
        return Outcome(events=[chose], say=[step_texts().rules.impaired])
    events: list[Event] = [chose, *(AddReminder(seat=s, source="innkeeper", name="Safe", by_seat=ctx.seat)
                                    for s in seats)]  # fmt: skip
    drunk: dict[str, list[Event]] = {
        str(s): [AddReminder(seat=s, source="innkeeper", name="Drunk", by_seat=ctx.seat)] for s in seats
    }
    if len(seats) == 1:
        return Outcome(events=[*events, *drunk[str(seats[0])]])
    # proposed: a good player other than the Innkeeper (a drunk Innkeeper would protect nobody)
    proposed = next((s for s in seats if ctx.g.player(s).alignment == "good" and s != ctx.seat),
                    next((s for s in seats if s != ctx.seat), seats[0]))  # fmt: skip
    which = filled(step_texts().rules.innkeeper_which, seats=", ".join(str(s) for s in seats))
    return Outcome(events=[*events, question(which, drunk, str(proposed))])  # the storyteller decides


def _two_others(ctx: Ctx, answer: Answer) -> None:
    if len(set(answer.seats)) != 2 or ctx.seat in answer.seats:
        raise IllegalChoice("two_others")


def _seamstress_told(ctx: Ctx, answer: Answer) -> bool:
    return seamstress_told(ctx, answer)


@effect("seamstress_check", "two_seats", check=_two_others, told=_seamstress_told)
def seamstress_check(ctx: Ctx, answer: Answer) -> Outcome:
    """Once: learn whether the two are of one alignment."""
    return Outcome(events=[*spend(ctx), AddReminder(seat=ctx.actor.seat, source="seamstress", name="No Ability")])


effect("spy_grimoire")(nothing)


@effect("poisoner_poison", "seat")
def poisoner_poison(ctx: Ctx, answer: Answer) -> Outcome:
    """The chosen player is poisoned tonight and tomorrow (until dusk, while the Poisoner is sober)."""
    if not sober(ctx):
        return Outcome(say=[step_texts().rules.impaired])
    poisoned = AddReminder(seat=seat_of(answer), source=ctx.ability, name="Poisoned", by_seat=ctx.seat)
    return Outcome(events=[poisoned])


@effect("scarletwoman_shown")
def scarletwoman_shown(ctx: Ctx, answer: Answer) -> Outcome:
    """She has been shown her new Demon token: her marker goes."""
    return Outcome(events=[RemoveReminder(seat=ctx.actor.seat, source="scarletwoman", name="Is The Demon")])


@effect("monk_protect", "seat")
def monk_protect(ctx: Ctx, answer: Answer) -> Outcome:
    """The chosen player (not the Monk) is safe from the Demon tonight, while the Monk is sober."""
    chose = Remember(key=keys.chosen_last(ctx.ability, ctx.seat), value=str(seat_of(answer)))  # kept by day: jinxes
    if not sober(ctx):
        return Outcome(events=[chose], say=[step_texts().rules.impaired])
    return Outcome(events=[chose, AddReminder(seat=seat_of(answer), source=ctx.ability, name="Safe", by_seat=ctx.seat)])


def _moved_token(ctx: Ctx, name: str, seat: int) -> list[Event]:
    """The ability's reminder ``name`` this holder placed leaves whoever had it and goes by ``seat``."""
    events: list[Event] = [
        RemoveReminder(seat=p.seat, source=ctx.ability, name=name, by_seat=ctx.seat)
        for p in ctx.g.players
        if any(r.source == ctx.ability and r.name == name and r.by_seat == ctx.seat for r in p.reminders)
    ]
    return [*events, AddReminder(seat=seat, source=ctx.ability, name=name, by_seat=ctx.seat)]


@effect("mark_chosen", "seat")
def mark_chosen(ctx: Ctx, answer: Answer) -> Outcome:
    """The ability's own reminder (its first) moves to the chosen player while the holder is sober; a drunk
    or poisoned choice marks nobody (the Thief's Negative Vote, the Bureaucrat's 3 Votes)."""
    if not sober(ctx):
        return Outcome(say=[step_texts().rules.impaired])
    chosen = answer.seats[-1] if answer.seats else seat_of(answer)  # by day: "seat N uses their ability on seat M"
    return Outcome(events=_moved_token(ctx, ctx.cat[ctx.ability].reminders[0], chosen))


effect("mark_chosen_by_day", "two_seats")(mark_chosen)  # "seat N uses their ability on seat M" (the Cacklejack's)


@effect("butler_master", "seat")
def butler_master(ctx: Ctx, answer: Answer) -> Outcome:
    """The Master token moves to the chosen player (not the Butler), drunk or not: the storyteller
    needs it to know whose vote the Butler follows tomorrow."""
    return Outcome(events=_moved_token(ctx, "Master", seat_of(answer)))


def _devilsadvocate_check(ctx: Ctx, answer: Answer) -> None:
    seat = seat_of(answer)
    if not ctx.g.player(seat).alive:
        raise IllegalChoice("dead_choice", seat=seat)
    if ctx.g.memory.get(keys.chosen_last(ctx.ability, ctx.seat)) == str(seat):
        raise IllegalChoice("same_as_last_night", seat=seat)


@effect("devilsadvocate_protect", "seat", check=_devilsadvocate_check)
def devilsadvocate_protect(ctx: Ctx, answer: Answer) -> Outcome:
    """The chosen living player (not the one chosen last night) survives an execution tomorrow."""
    seat = seat_of(answer)
    events: list[Event] = [Remember(key=keys.chosen_last(ctx.ability, ctx.seat), value=str(seat))]
    if not sober(ctx):
        return Outcome(events=events, say=[step_texts().rules.impaired])
    mark = AddReminder(seat=seat, source=ctx.ability, name="Survives Execution", by_seat=ctx.seat)
    return Outcome(events=[*events, mark])


@effect("sailor_choose", "seat", check=alive_target)
def sailor_choose(ctx: Ctx, answer: Answer) -> Outcome:
    """A living player: the storyteller says whether the Sailor or they are drunk until dusk (the app
    proposes the chosen player). Choosing themselves, the Sailor is the drunk one."""
    if not sober(ctx):
        return Outcome(say=[step_texts().rules.impaired])
    seat, me = seat_of(answer), ctx.actor.seat
    drunk: dict[str, list[Event]] = {
        str(s): [AddReminder(seat=s, source=ctx.ability, name="Drunk", by_seat=me)] for s in dict.fromkeys([seat, me])
    }
    if seat == me:
        return Outcome(events=drunk[str(me)])
    which = filled(step_texts().rules.sailor_which, sailor=me, seat=seat)
    return Outcome(events=[question(which, drunk, str(seat))])


def _not_last_night(ctx: Ctx, answer: Answer) -> None:
    seat = seat_of(answer)
    if ctx.g.memory.get(keys.chosen_last(ctx.ability, ctx.seat)) == str(seat):
        raise IllegalChoice("same_as_last_night", seat=seat)


@effect("exorcist_choose", "seat", check=_not_last_night)
def exorcist_choose(ctx: Ctx, answer: Answer) -> Outcome:
    """A player (not last night's); if it is the Demon and the Exorcist is sober, the Demon is woken to
    learn who the Exorcist is, and does not wake to act tonight."""
    seat = seat_of(answer)
    events: list[Event] = [Remember(key=keys.chosen_last(ctx.ability, ctx.seat), value=str(seat)),
                           AddReminder(seat=seat, source=ctx.ability, name="Chosen", by_seat=ctx.seat)]  # fmt: skip
    events = [*(RemoveReminder(seat=p.seat, source=ctx.ability, name="Chosen") for p in ctx.g.players
                if p.has_reminder("Chosen", ctx.ability)), *events]  # fmt: skip
    if not sober(ctx):
        return Outcome(events=events, say=[step_texts().rules.impaired])
    if is_demon(ctx.cat, ctx.g.player(seat)):
        events += [Remember(key=keys.exorcised(ctx.g.night), value=str(ctx.actor.seat)),
                   Remember(key=keys.kept_asleep(ctx.g.night, seat), value="yes")]  # fmt: skip
        return Outcome(events=events, say=[filled(step_texts().rules.exorcist_demon, seat=seat)])
    return Outcome(events=events)


@effect("courtier_choose", "character", check=character_on_script)
def courtier_choose(ctx: Ctx, answer: Answer) -> Outcome:
    """Once: every player of the chosen character is drunk for three nights and three days (Drunk 1,
    counting up at each dusk). Drunk or poisoned, the ability is spent and nothing happens."""
    assert answer.character is not None
    events: list[Event] = spent(ctx)
    if not sober(ctx):
        return Outcome(events=events, say=[step_texts().rules.impaired])
    events += [AddReminder(seat=p.seat, source=ctx.ability, name="Drunk 1", by_seat=ctx.seat)
               for p in ctx.g.players if p.character == answer.character]  # fmt: skip
    return Outcome(events=events)
