"""Night actions that change who is what: characters swapped or made (the Snake Charmer's, the
Kazali's), the Demon babysat (Lil' Monsta's), abilities gained or learnt (the Philosopher's, the
Alchemist's and the Amnesiac's, the Pixie's)."""

from __future__ import annotations

import random

from moderator.clocktower.grimoire.events import (
    AddReminder,
    Assign,
    Event,
    GainAbility,
    Remember,
    RemoveReminder,
    SetAbilities,
    SetAlignment,
    SetBluffs,
)
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.bag import line_sides
from moderator.clocktower.rules.context import Answer, Ctx, Outcome
from moderator.clocktower.rules.decisions import decisions, given_at_setup, made_or_asked, still_given
from moderator.clocktower.rules.effects.base import (
    effect,
    good_character_on_script,
    nothing,
    seat_of,
    sober,
    spend,
)
from moderator.clocktower.rules.jinxes import decided_after, described, prompt_instead
from moderator.clocktower.rules.status import is_demon
from moderator.clocktower.rules.texts import filled, step_texts
from moderator.clocktower.rules.triggers import question
from moderator.errors import IllegalChoice
from moderator.i18n import Text
from moderator.journal import simulate


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
        Remember(key=keys.acted(ctx.g.night, ctx.ability, target.seat), value=keys.PASSED),
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


def _kazali_check(ctx: Ctx, answer: Answer) -> None:
    seat, cid = seat_of(answer), answer.character
    if cid is None or cid not in ctx.cat or ctx.cat[cid].team != "minion" or (ctx.script and cid not in ctx.script):
        raise IllegalChoice("minion_needed")
    if ctx.g.player(seat).character == cid:  # that Minion dealt at setup (by hand, the line already sat): said
        return
    if cid in ctx.g.in_play():
        raise IllegalChoice("minion_in_play")
    if seat == ctx.seat:
        raise IllegalChoice("demon_self")
    if ctx.cat.team(ctx.g.player(seat).character) == "minion":
        raise IllegalChoice("minion_already", seat=seat)
    if ctx.actor.character and ctx.cat.setup(ctx.actor.character).seated == "evil_in_line":
        _keeps_the_line(ctx, seat)
    beside = {q.seat for q in ctx.g.beside(ctx.actor.seat)}
    if ctx.cat.setup(cid).seated == "beside_demon" and seat not in beside:  # the Marionette: next to the Demon
        raise IllegalChoice("beside_demon_needed", seat=seat, character=ctx.cat[cid].name)


def _minions_wanted(ctx: Ctx, made: int) -> int:
    """How many Minions the Kazali (or the Lord of Typhon) makes: the table's (``made`` at a table size with no
    count), and the Lord's one more."""
    n = len(ctx.g.players)
    wanted = ctx.cat.counts[n].minion if n in ctx.cat.counts else made
    return wanted + sum(ctx.cat.setup(c).minions for c in ctx.g.in_play())


def _keeps_the_line(ctx: Ctx, seat: int) -> None:
    """The Lord of Typhon's Minions are made outward from it on both sides: each next to the line of evil players
    it is in the middle of, and one side at most one longer than the other once all are made."""
    players = ctx.g.players
    me = next(i for i, p in enumerate(players) if p.seat == ctx.actor.seat)
    evil = {p.seat for p in players if p.alignment == "evil"} | {seat}
    left, right = line_sides(ctx.g, me, evil)
    if left + right + 1 < len(evil):
        raise IllegalChoice("line_broken", seat=seat, character=ctx.cat[ctx.actor.character or ""].name)
    made = sum(1 for p in players if ctx.cat.team(p.character) == "minion") + 1
    if abs(left - right) > 1 + max(0, _minions_wanted(ctx, made) - made):
        raise IllegalChoice("line_uneven", seat=seat)


@effect("kazali_minions", "seat", "character", check=_kazali_check, repeats=True, must_answer=True)
def kazali_minions(ctx: Ctx, answer: Answer) -> Outcome:
    """The chosen player becomes the chosen Minion, evil, with its setup decisions proposed (a Widow's
    Know player); the good character it replaces may become a Demon bluff."""
    assert answer.character is not None
    seat = seat_of(answer)
    old = ctx.g.player(seat).character
    made = (old != answer.character) + sum(1 for p in ctx.g.players if ctx.cat.team(p.character) == "minion")
    wanted = _minions_wanted(ctx, made)
    events: list[Event] = [Assign(seat=seat, character=answer.character, alignment="evil")]
    if old and old != answer.character and len(ctx.g.bluffs) < 3 and old not in ctx.g.bluffs:
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
    """With the Magician alive (a jinx that changes this step, ``prompt_instead``), the storyteller chooses, and only
    a living Minion can babysit. Otherwise the Minions may give it to anyone: seed 000 has a good player babysit
    and stay good."""
    if answer.seats and prompt_instead(ctx.ability, ctx.g.living_characters()) is not None:
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


@effect("philosopher_choose", "character", check=good_character_on_script)
def philosopher_choose(ctx: Ctx, answer: Answer) -> Outcome:
    """Once: gain a good ability; a player of that character is drunk while the Philosopher is sober."""
    assert answer.character is not None
    if not sober(ctx):  # a drunk or poisoned Philosopher's choice gains nothing, now or later
        return Outcome(events=spend(ctx), say=[step_texts().rules.impaired])
    events: list[Event] = [
        *spend(ctx),
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
