"""Night actions: choices that change the grimoire."""

from __future__ import annotations

import random

from moderator.clocktower.grimoire.events import (
    AddReminder,
    Assign,
    Event,
    GainAbility,
    Remember,
    RemoveReminder,
    Revive,
    SetAbilities,
    SetAlignment,
    SetBluffs,
)
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.abilities import kill
from moderator.clocktower.rules.conditions import demon_blocked
from moderator.clocktower.rules.context import Answer, Ctx, Outcome
from moderator.clocktower.rules.effects.base import (
    character_on_script,
    effect,
    good_character_on_script,
    nothing,
    seat_of,
    sober,
)
from moderator.clocktower.rules.effects.infos import seamstress_told
from moderator.clocktower.rules.jinxes import decided_after, described, ruled
from moderator.clocktower.rules.setup import decisions, given_at_setup, made_or_asked, still_given
from moderator.clocktower.rules.status import impaired, is_demon, misregisters
from moderator.clocktower.rules.texts import filled, step_texts
from moderator.clocktower.rules.triggers import question
from moderator.errors import IllegalChoice
from moderator.i18n import Text
from moderator.journal import simulate


def _spend(ctx: Ctx) -> list[Event]:
    return [Remember(key=keys.used(ctx.ability, ctx.seat), value="yes")]


@effect("snakecharmer_swap", "seat")
def snakecharmer_swap(ctx: Ctx, answer: Answer) -> Outcome:
    """Choosing the Demon swaps characters and alignments; the old Demon is poisoned for good."""
    target = ctx.g.player(seat_of(answer))
    me = ctx.actor
    if not sober(ctx) or not is_demon(ctx.cat, target) or target.seat == me.seat:
        return Outcome(say=[step_texts().rules.impaired] if not sober(ctx) else [])
    assert target.character is not None and me.character is not None
    events: list[Event] = [
        Assign(seat=me.seat, character=target.character, alignment=target.alignment),
        Assign(seat=target.seat, character=me.character, alignment=me.alignment),
        AddReminder(seat=target.seat, source="snakecharmer", name="Poisoned", by_seat=me.seat),
        # The new Snake Charmer's turn has passed tonight: it does not wake again.
        Remember(key=keys.acted(ctx.g.night, ctx.ability, target.seat), value="yes"),
    ]
    if me.abilities or target.abilities:
        # A Philosopher-Snake Charmer's old Demon becomes a (poisoned) Philosopher with that ability.
        events += [SetAbilities(seat=me.seat, abilities=list(target.abilities)),
                   SetAbilities(seat=target.seat, abilities=list(me.abilities))]  # fmt: skip
    old = Text(ko=ctx.name(me.character, "ko"), en=ctx.name(me.character))
    thumb = step_texts().rules.thumb  # each shown the alignment they now have
    said = filled(step_texts().rules.snakecharmer_swapped, old=old, demon_thumb=thumb[target.alignment],
                  old_thumb=thumb[me.alignment])  # fmt: skip
    return Outcome(events=events, say=[said])


def _alive_target(ctx: Ctx, answer: Answer) -> None:
    if not ctx.g.player(seat_of(answer)).alive:
        raise IllegalChoice("dead_choice", seat=seat_of(answer))


@effect("lycanthrope_kill", "seat", check=_alive_target, must_answer=True)
def lycanthrope_kill(ctx: Ctx, answer: Answer) -> Outcome:
    """A good target dies and the Demon kills nobody tonight; the faux paw is never killed."""
    target = ctx.g.player(seat_of(answer))
    if not sober(ctx) or target.alignment != "good" or target.has_reminder("Faux Paw"):
        return Outcome()
    events = kill(ctx.g, ctx.cat, target.seat)
    if events:
        events.append(Remember(key=keys.demon_blocked(ctx.g.night), value=str(target.seat)))
    return Outcome(events=events)


@effect("demon_kill", "seat")
def demon_kill(ctx: Ctx, answer: Answer) -> Outcome:
    """The Demon's kill, unless the Lycanthrope killed tonight or the Demon is drunk or poisoned."""
    if not answer.seats:
        return Outcome()
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


def _kazali_check(ctx: Ctx, answer: Answer) -> None:
    seat, cid = seat_of(answer), answer.character
    if cid is None or cid not in ctx.cat or ctx.cat[cid].team != "minion" or (ctx.script and cid not in ctx.script):
        raise IllegalChoice("minion_needed")
    if cid in ctx.g.in_play():
        raise IllegalChoice("minion_in_play")
    if seat == ctx.seat:
        raise IllegalChoice("demon_self")
    if ctx.cat.team(ctx.g.player(seat).character) == "minion":
        raise IllegalChoice("minion_already", seat=seat)


@effect("kazali_minions", "seat", "character", check=_kazali_check, repeats=True, must_answer=True)
def kazali_minions(ctx: Ctx, answer: Answer) -> Outcome:
    """The chosen player becomes the chosen Minion, evil, with its setup decisions proposed (a Widow's
    Know player); the good character it replaces may become a Demon bluff."""
    assert answer.character is not None
    seat = seat_of(answer)
    made = 1 + sum(1 for p in ctx.g.players if ctx.cat.team(p.character) == "minion")
    wanted = ctx.cat.counts[len(ctx.g.players)].minion if len(ctx.g.players) in ctx.cat.counts else made
    old = ctx.g.player(seat).character
    events: list[Event] = [Assign(seat=seat, character=answer.character, alignment="evil")]
    if old and len(ctx.g.bluffs) < 3 and old not in ctx.g.bluffs:
        events.append(SetBluffs(bluffs=[*ctx.g.bluffs, old]))
    after = simulate(ctx.g, events)
    rng = random.Random(f"{ctx.g.night}:{seat}:{answer.character}")
    given = given_at_setup(ctx.g.memory)
    found = decisions(after, ctx.cat, ctx.script, rng, given, seats={seat}, strict=False)
    if made >= wanted:  # the Minions are made: decisions that waited for the Kazali (a jinx) come now
        waiting = {p.seat for p in after.players if p.character and decided_after(p.character, {ctx.ability})}
        found += decisions(after, ctx.cat, ctx.script, rng, given, seats=waiting, deferred=True,
                           strict=False) if waiting else []  # fmt: skip
    given = still_given(given, found)
    events += made_or_asked(found, given, ("mark", "evil"))  # the storyteller decides; the app proposes
    left = [c for c in ctx.script or ctx.cat.characters if ctx.cat.team(c) == "minion" and c not in after.in_play()]
    if made < wanted and not left:  # the script has no other Minion: the step ends, and says so
        return Outcome(events=events, say=[step_texts().rules.no_minion_left])
    return Outcome(events=events, again=made < wanted)


def _babysitter_check(ctx: Ctx, answer: Answer) -> None:
    """With the Magician in play (the jinx), the Magician chooses, and only a living Minion can babysit.
    Otherwise the Minions may give it to anyone: seed 000 has a good player babysit and stay good."""
    if answer.seats and ruled("magician_picks_babysitter", ctx.g.in_play()):
        p = ctx.g.player(answer.seats[0])
        if ctx.cat.team(p.character) != "minion" or not p.alive:
            raise IllegalChoice("living_minion_needed")


def _no_minion_awake(ctx: Ctx, _answer: Answer) -> Text | None:
    """No Minion alive to wake: the storyteller chooses the babysitter."""
    if any(p.alive and ctx.cat.team(p.character) == "minion" for p in ctx.g.players):
        return None
    return step_texts().rules.no_minion_alive


@effect("lilmonsta_babysit", "seat", check=_babysitter_check, must_answer=True, idle=_no_minion_awake)
def lilmonsta_babysit(ctx: Ctx, answer: Answer) -> Outcome:
    """The chosen player babysits Lil' Monsta tonight: they are the Demon."""
    events: list[Event] = [
        RemoveReminder(seat=p.seat, source="lilmonsta", name="Is The Demon")
        for p in ctx.g.players
        if p.has_reminder("Is The Demon", "lilmonsta")
    ]
    events.append(AddReminder(seat=seat_of(answer), source="lilmonsta", name="Is The Demon"))
    return Outcome(events=events)


@effect("nightwatchman_choose", "seat")
def nightwatchman_choose(ctx: Ctx, answer: Answer) -> Outcome:
    """Once: the chosen player wakes and learns who the Nightwatchman is."""
    seat = seat_of(answer)
    # Drunk or poisoned: the chosen player need not be woken, or may be shown another player.
    told = step_texts().rules.nightwatchman_wake if sober(ctx) else step_texts().rules.nightwatchman_impaired
    say = filled(told, seat=seat)
    events = [*_spend(ctx), AddReminder(seat=ctx.actor.seat, source="nightwatchman", name="No Ability")]
    return Outcome(events=events, say=[say])


@effect("grandmother_check")
def grandmother_check(ctx: Ctx, answer: Answer) -> Outcome:
    """The Demon killed the grandchild: the Grandmother dies too."""
    return Outcome(events=kill(ctx.g, ctx.cat, ctx.actor.seat))


@effect("innkeeper_protect", "two_seats")
def innkeeper_protect(ctx: Ctx, answer: Answer) -> Outcome:
    """Both are safe tonight; one of them (the first good one, else the first) is drunk until dusk."""
    if not sober(ctx):
        return Outcome(say=[step_texts().rules.impaired])
    seats = list(dict.fromkeys(answer.seats))
    events: list[Event] = [AddReminder(seat=s, source="innkeeper", name="Safe", by_seat=ctx.seat) for s in seats]
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


def _two_others(ctx: Ctx, answer: Answer) -> None:
    if len(set(answer.seats)) != 2 or ctx.seat in answer.seats:
        raise IllegalChoice("two_others")


def _seamstress_told(ctx: Ctx, answer: Answer) -> bool:
    return seamstress_told(ctx, answer)


@effect("seamstress_check", "two_seats", check=_two_others, told=_seamstress_told)
def seamstress_check(ctx: Ctx, answer: Answer) -> Outcome:
    """Once: learn whether the two are of one alignment."""
    return Outcome(events=[*_spend(ctx), AddReminder(seat=ctx.actor.seat, source="seamstress", name="No Ability")])


@effect("philosopher_choose", "character", check=good_character_on_script)
def philosopher_choose(ctx: Ctx, answer: Answer) -> Outcome:
    """Once: gain a good ability; a player of that character is drunk while the Philosopher is sober."""
    assert answer.character is not None
    if not sober(ctx):  # a drunk or poisoned Philosopher's choice gains nothing, now or later
        return Outcome(events=_spend(ctx), say=[step_texts().rules.impaired])
    events: list[Event] = [
        *_spend(ctx),
        GainAbility(seat=ctx.actor.seat, ability=answer.character),
        Remember(key=keys.gained(ctx.g.night, ctx.actor.seat, answer.character), value="yes"),
    ]
    if sober(ctx):
        events += [
            AddReminder(seat=p.seat, source="philosopher", name="Drunk", by_seat=ctx.seat)
            for p in ctx.g.holders(answer.character)
            if p.seat != ctx.seat
        ]
    # The gained ability's own setup decisions (the Grandmother's grandchild, the Fortune Teller's red
    # herring): proposed, the storyteller's.
    after = simulate(ctx.g, events)
    rng = random.Random(f"{ctx.g.night}:{ctx.actor.seat}:{answer.character}")
    found = [f for f in decisions(after, ctx.cat, ctx.script, rng, {}, seats={ctx.actor.seat}, strict=False)
             if f.owner == answer.character]  # fmt: skip
    events += made_or_asked(found, {}, ("mark", "evil"))
    jinx = described(answer.character, ctx.ability)
    if jinx is not None and jinx.rule == "gained_turns_townsfolk_evil":  # the storyteller's choice: asked
        good = [p for p in ctx.g.players if p.seat != ctx.seat and p.alignment == "good"]
        town = [p.seat for p in good if ctx.cat.team(p.character) == "townsfolk"]
        options: dict[str, list[Event]] = {"no": []}
        options.update({str(s): [SetAlignment(seat=s, alignment="evil")] for s in town})
        events.append(question(filled(step_texts().rules.jinx_turns_evil, jinx=jinx.text), options, "no"))
    return Outcome(events=events)


def _held_ability(ctx: Ctx) -> str | None:
    """The ability held (or the one a jinx keeps from them, which they are shown all the same)."""
    return next(iter(ctx.actor.abilities), None) or ctx.g.memory.get(keys.jinxed(ctx.ability, ctx.seat))


def _the_held_ability(ctx: Ctx, answer: Answer) -> None:
    held = _held_ability(ctx)
    if held is not None and answer.character not in (None, held):
        raise IllegalChoice("held_ability", character=ctx.cat[held].name)


@effect("learn_character", "character", truth=_held_ability, check=_the_held_ability, info_check=True)
def learn_character(ctx: Ctx, answer: Answer) -> Outcome:
    """Remember the character shown (the Alchemist's Minion ability is its held ability)."""
    cid = answer.character or _held_ability(ctx)
    return Outcome(events=[Remember(key=keys.learnt(ctx.ability, ctx.seat), value=cid)] if cid else [])


def _in_play_townsfolk(ctx: Ctx, answer: Answer) -> None:
    cid = answer.character
    if cid is None or cid not in ctx.g.in_play() or ctx.cat[cid].team != "townsfolk" or cid == ctx.ability:
        raise IllegalChoice("townsfolk_in_play")


def _a_townsfolk(ctx: Ctx) -> str | None:
    """The first in-play Townsfolk in seat order, other than the Pixie's own: a true answer to propose
    (any in-play Townsfolk is true)."""
    return next((p.character for p in ctx.g.players if p.character and p.character != ctx.ability
                 and ctx.cat.team(p.character) == "townsfolk"), None)  # fmt: skip


@effect("pixie_learn", "character", truth=_a_townsfolk, check=_in_play_townsfolk, info_check=True)
def pixie_learn(ctx: Ctx, answer: Answer) -> Outcome:
    """The Pixie learns a Townsfolk in play ("next" takes the one proposed); the Mad reminder goes by that
    Townsfolk. Shown another token (false information: a drunk or poisoned Pixie), they learn it, and no
    player is marked."""
    cid = answer.character or _a_townsfolk(ctx)
    if cid is None:
        raise IllegalChoice("character_needed")
    learnt = Remember(key=keys.learnt("pixie", ctx.seat), value=cid)
    townsfolk = ctx.cat.team(cid) == "townsfolk"
    holders = [p for p in ctx.g.holders(cid) if p.seat != ctx.seat and townsfolk]
    if not holders:
        return Outcome(events=[learnt])
    return Outcome(events=[learnt, AddReminder(seat=holders[0].seat, source="pixie", name="Mad", by_seat=ctx.seat)])


effect("amnesiac_act", truth=_held_ability)(nothing)  # the hidden ability, to run it by
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
    if not sober(ctx):
        return Outcome(say=[step_texts().rules.impaired])
    return Outcome(events=[AddReminder(seat=seat_of(answer), source=ctx.ability, name="Safe", by_seat=ctx.seat)])


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


@effect("tinker_might_die", "yesno")
def tinker_might_die(ctx: Ctx, answer: Answer) -> Outcome:
    """The storyteller says yes: the Tinker dies now (while sober; a drunk or poisoned Tinker does not)."""
    if not answer.yes or not sober(ctx):
        return Outcome()
    return Outcome(events=kill(ctx.g, ctx.cat, ctx.actor.seat))


@effect("assassin_kill", "seat")
def assassin_kill(ctx: Ctx, answer: Answer) -> Outcome:
    """Once: the chosen player dies even if they could not (no protection, no first death survived).
    Drunk or poisoned, the ability is spent all the same and nobody dies."""
    events = [*_spend(ctx), AddReminder(seat=ctx.actor.seat, source=ctx.ability, name="No Ability")]
    if not sober(ctx):
        return Outcome(events=events, say=[step_texts().rules.impaired])
    return Outcome(events=[*events, *kill(ctx.g, ctx.cat, seat_of(answer), force=True)])


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


@effect("sailor_choose", "seat", check=_alive_target)
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


def _dead_target(ctx: Ctx, answer: Answer) -> None:
    if ctx.g.player(seat_of(answer)).alive:
        raise IllegalChoice("alive_choice", seat=seat_of(answer))


@effect("professor_revive", "seat", check=_dead_target)
def professor_revive(ctx: Ctx, answer: Answer) -> Outcome:
    """Once: a dead player who truly is a Townsfolk comes back to life (the ability is spent either way;
    drunk or poisoned, nobody comes back)."""
    target = ctx.g.player(seat_of(answer))
    events: list[Event] = [*_spend(ctx), AddReminder(seat=ctx.actor.seat, source=ctx.ability, name="No Ability")]
    if not sober(ctx):
        return Outcome(events=events, say=[step_texts().rules.impaired])
    if ctx.cat.team(target.character) == "townsfolk":
        events += [Revive(seat=target.seat), AddReminder(seat=target.seat, source=ctx.ability, name="Alive")]
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


@effect("gossip_kill", "seat")
def gossip_kill(ctx: Ctx, answer: Answer) -> Outcome:
    """The Gossip's true statement: the player the storyteller chooses dies (not a Demon's kill).
    A drunk or poisoned Gossip kills nobody."""
    if not sober(ctx):
        return Outcome(say=[step_texts().rules.impaired])
    return Outcome(events=kill(ctx.g, ctx.cat, seat_of(answer)))


@effect("courtier_choose", "character", check=character_on_script)
def courtier_choose(ctx: Ctx, answer: Answer) -> Outcome:
    """Once: every player of the chosen character is drunk for three nights and three days (Drunk 3,
    counting down at each dusk). Drunk or poisoned, the ability is spent and nothing happens."""
    assert answer.character is not None
    events: list[Event] = [*_spend(ctx), AddReminder(seat=ctx.actor.seat, source=ctx.ability, name="No Ability")]
    if not sober(ctx):
        return Outcome(events=events, say=[step_texts().rules.impaired])
    events += [AddReminder(seat=p.seat, source=ctx.ability, name="Drunk 3", by_seat=ctx.seat)
               for p in ctx.g.players if p.character == answer.character]  # fmt: skip
    return Outcome(events=events)
