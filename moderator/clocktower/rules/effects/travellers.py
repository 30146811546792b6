"""The Travellers' own effects (issue 26): a day's kill by the Gunslinger or the Gangster, the Bone
Collector's borrowed ability, the Apprentice's gained one, a once-per-game choice the storyteller runs
(the Judge's). The Thief's and the Bureaucrat's marks are ``mark_chosen`` (actions.py)."""

from __future__ import annotations

from moderator.clocktower.grimoire.events import (
    AddReminder,
    Event,
    GainAbility,
    Remember,
    RemoveReminder,
    SetDay,
    SpendGhostVote,
    SwapSeats,
)
from moderator.clocktower.grimoire.state import Player
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.abilities import abilities, kill
from moderator.clocktower.rules.context import Answer, Ctx, Outcome
from moderator.clocktower.rules.effects.base import (
    character_on_script,
    dead_target,
    effect,
    killed_public,
    seat_of,
    sober,
    spent,
)
from moderator.clocktower.rules.keyseats import renumbered
from moderator.clocktower.rules.texts import filled, step_texts
from moderator.clocktower.rules.triggers import TRIGGERS, Trigger
from moderator.errors import IllegalChoice

TRIGGERS["dead_vote_only"] = Trigger("dead_vote_only", "passive")  # the Voudon's votes, read by the day (day.py)
# the Deviant's: having used their day ability today (funny), the sober holder does not die by exile (travellers.py)
# the Beggar's: a living holder's hand counts only by spending a vote token (rules/votes.py)
TRIGGERS["votes_need_token"] = Trigger("votes_need_token", "passive")
# the Butcher's: after the day's execution the living sober holder may nominate once more (nominations.py)
TRIGGERS["nominates_after_execution"] = Trigger("nominates_after_execution", "passive")
TRIGGERS["survives_exile_when_used_today"] = Trigger("survives_exile_when_used_today", "passive")


def _target(ctx: Ctx, answer: Answer) -> int:
    """The player chosen: the second seat of "seat N uses their ability on seat M"."""
    return answer.seats[1] if len(answer.seats) > 1 else seat_of(answer)


def _living_target(ctx: Ctx, answer: Answer) -> None:
    target = _target(ctx, answer)
    if target not in ctx.g.seats() or not ctx.g.player(target).alive:
        raise IllegalChoice("dead_choice", seat=target)


def _living_neighbour(ctx: Ctx, answer: Answer) -> None:
    """The Gangster's choice: one of their two living neighbours."""
    _living_target(ctx, answer)
    beside = {p.seat for p in (ctx.g.neighbour(ctx.actor.seat, -1), ctx.g.neighbour(ctx.actor.seat, 1)) if p}
    if _target(ctx, answer) not in beside:
        raise IllegalChoice("not_a_neighbour", seat=_target(ctx, answer))


def _day_kill(ctx: Ctx, answer: Answer) -> Outcome:
    """The chosen player dies now (not by execution), while the holder is sober."""
    if not sober(ctx):
        return Outcome(public=[step_texts().rules.nothing_happens])
    target = _target(ctx, answer)
    deaths = kill(ctx.g, ctx.cat, target)
    return Outcome(events=deaths, public=killed_public(deaths, target))


def _a_voter(ctx: Ctx, answer: Answer) -> None:
    """The Gunslinger's choice: right after the day's first vote is counted (not after a later one), a player
    who voted (when the storyteller named the voters; a count alone leaves it to them)."""
    _living_target(ctx, answer)
    if not ctx.g.today.votes:
        raise IllegalChoice("no_vote_yet")
    if len(ctx.g.today.votes) > 1:
        raise IllegalChoice("after_first_vote_only")
    named = ctx.g.memory.get(keys.voters(ctx.g.day), "").split()
    if named and str(_target(ctx, answer)) not in named:
        raise IllegalChoice("did_not_vote", seat=_target(ctx, answer))


def _nominated_the_amigo(ctx: Ctx, answer: Answer) -> None:
    """The Gnome's choice: a living player who nominated the Gnome's Amigo today."""
    _living_target(ctx, answer)
    t = ctx.g.today
    amigos = {p.seat for p in ctx.g.players if p.has_reminder("Amigo", ctx.ability)}
    if not any(a == _target(ctx, answer) and b in amigos for a, b in zip(t.nominators, t.nominees, strict=False)):
        raise IllegalChoice("not_the_amigos_nominator", seat=_target(ctx, answer))


effect("gunslinger_shot", "two_seats", check=_a_voter)(_day_kill)
effect("gangster_kill", "two_seats", check=_living_neighbour)(_day_kill)
effect("gnome_kill", "two_seats", check=_nominated_the_amigo)(_day_kill)


@effect("bonecollector_restore", "seat", check=dead_target)
def bonecollector_restore(ctx: Ctx, answer: Answer) -> Outcome:
    """Once: a dead player has their ability again until dusk (Has Ability), even one spent (its No Ability
    and its use are taken back), and a first-night ability is used again tonight, after the Bone Collector's
    step; the Bone Collector's is spent (No Ability), drunk or not, and a drunk or poisoned choice restores
    nothing."""
    events: list[Event] = spent(ctx)
    if not sober(ctx):
        return Outcome(events=events, say=[step_texts().rules.impaired])
    target = ctx.g.player(seat_of(answer))
    events.append(AddReminder(seat=target.seat, source=ctx.ability, name="Has Ability", by_seat=ctx.seat))
    return Outcome(events=[*events, *_unspent(ctx, target)])


def _unspent(ctx: Ctx, p: Player) -> list[Event]:
    """Every ability of ``p``'s works again: its No Ability tokens go, its use is forgotten; one used on the
    first night only is used again tonight (remembered as gained by this ability)."""
    held = abilities(ctx.cat, p)
    events: list[Event] = [RemoveReminder(seat=p.seat, source=r.source, name=r.name)
                           for r in p.reminders if r.name == "No Ability" and r.source in held]  # fmt: skip
    events += [Remember(key=keys.used(a, p.seat), value=None) for a in held if keys.used(a, p.seat) in ctx.g.memory]
    for a in held:
        char = ctx.cat.get(a)
        if char is not None and char.first_night is not None and char.other_night is None:
            events.append(Remember(key=keys.gained(ctx.g.night, p.seat, a), value=ctx.ability))
    return events


def _apprentice_choice(ctx: Ctx, answer: Answer) -> None:
    """A Townsfolk for a good Apprentice, a Minion for an evil one, from the script."""
    cid = answer.character
    want = "townsfolk" if ctx.actor.alignment == "good" else "minion"
    if cid is None or cid not in ctx.cat or ctx.cat[cid].team != want:
        raise IllegalChoice("apprentice_team", team=want)
    character_on_script(ctx, answer)


@effect("apprentice_gain", "character", check=_apprentice_choice)
def apprentice_gain(ctx: Ctx, answer: Answer) -> Outcome:
    """The first night: the Apprentice has that ability for the game (Is The Apprentice by them)."""
    assert answer.character is not None
    events: list[Event] = [
        GainAbility(seat=ctx.actor.seat, ability=answer.character),
        Remember(key=keys.gained(ctx.g.night, ctx.actor.seat, answer.character), value="yes"),
        AddReminder(seat=ctx.actor.seat, source=ctx.ability, name="Is The Apprentice", by_seat=ctx.seat),
    ]
    return Outcome(events=events)


SWAPS_A_DAY = 3
"""The Matron's: at most this many pairs of players swap seats a day."""


def _a_swap(ctx: Ctx, answer: Answer) -> None:
    """Two other seats, two different ones, fewer than three swaps so far today."""
    if len(answer.seats) != 3:
        raise IllegalChoice("seat_count", need=3)
    a, b = answer.seats[1:]
    if a == b:
        raise IllegalChoice("same_seat")
    for s in (a, b):
        if s not in ctx.g.seats():
            raise IllegalChoice("no_such_seat", seat=s)
    if int(ctx.g.memory.get(keys.times_today(ctx.ability, ctx.g.day), "0")) >= SWAPS_A_DAY:
        raise IllegalChoice("swaps_today", most=SWAPS_A_DAY)


@effect("seats_swapped", "two_seats", check=_a_swap)
def seats_swapped(ctx: Ctx, answer: Answer) -> Outcome:
    """'seat N uses their ability on seat A and seat B' (or 'swap seat A and seat B' by day): the two players
    change seats, each with their name, character, life and tokens; nobody learns anything."""
    a, b = answer.seats[1:]
    key = keys.times_today(ctx.ability, ctx.g.day)
    done = int(ctx.g.memory.get(key, "0"))
    moved = SwapSeats(seats=(a, b), memory=renumbered(ctx.g.memory, {a: b, b: a}))
    said = filled(step_texts().rules.seats_swapped, seat=a, other=b, left=SWAPS_A_DAY - done - 1)
    return Outcome(events=[moved, Remember(key=key, value=str(done + 1))], say=[said])


def _gives_a_token(ctx: Ctx, answer: Answer) -> None:
    """A dead player with their vote token gives it to a holder of this ability (the Beggar)."""
    target = _target(ctx, answer)
    if target not in ctx.g.seats() or ctx.ability not in abilities(ctx.cat, ctx.g.player(target)):
        raise IllegalChoice("not_the_holder", seat=target, character=ctx.cat[ctx.ability].name)
    if ctx.actor.alive or not ctx.actor.ghost_vote:
        raise IllegalChoice("no_ghost_vote", seat=ctx.actor.seat)


@effect("vote_token_given", "two_seats", check=_gives_a_token)
def vote_token_given(ctx: Ctx, answer: Answer) -> Outcome:
    """'seat N uses their ability on seat M', N dead: N's vote token goes to M (the Beggar), who learns N's
    alignment."""
    target = _target(ctx, answer)
    held = int(ctx.g.memory.get(keys.vote_tokens(target), "0"))
    events: list[Event] = [
        SpendGhostVote(seat=ctx.actor.seat),
        Remember(key=keys.vote_tokens(target), value=str(held + 1)),
    ]
    said = filled(step_texts().rules.vote_token_given, seat=target, giver=ctx.actor.seat,
                  alignment=step_texts().flow.alignment[ctx.actor.alignment])  # fmt: skip
    return Outcome(events=events, say=[said])


def _another_players_nomination(ctx: Ctx, answer: Answer) -> None:
    """The Judge's: today's nomination under way or last voted was made by another player, and is no exile."""
    t = ctx.g.today
    if not t.nominators or t.exile:
        raise IllegalChoice("no_nomination_to_rule")
    if t.nominators[-1] == ctx.actor.seat:
        raise IllegalChoice("own_nomination")


@effect("judge_ruling", check=_another_players_nomination)
def judge_ruling(ctx: Ctx, answer: Answer) -> Outcome:
    """Once, spent: the execution of the nomination ruled on fails (its nominee comes off the block; the votes
    to beat stay). A ruling that it goes ahead the storyteller carries out by hand ('seat N is executed'). A
    drunk or poisoned Judge's ruling has no force."""
    t = ctx.g.today
    events = used_once(ctx, answer).events
    if sober(ctx) and t.block is not None and t.block == t.nominees[-1]:
        events.append(SetDay(today=t.model_copy(update={"block": None})))
    return Outcome(events=events)


@effect("noted_today")
def noted_today(ctx: Ctx, answer: Answer) -> Outcome:
    """A day ability the storyteller judges (the Deviant was funny): only remembered as used today."""
    return Outcome()


@effect("used_once")
def used_once(ctx: Ctx, answer: Answer) -> Outcome:
    """A once-per-game ability the storyteller carries out by hand (the Judge's ruling): spent, No Ability."""
    return Outcome(events=spent(ctx))
