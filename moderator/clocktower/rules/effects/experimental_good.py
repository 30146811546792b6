"""The Experimental (Carousel) Townsfolk and Outsiders (issue 26): the Huntsman's one shot at the Damsel,
the Damsel's Minions, the Banshee's wail, the King and the Choirboy, the Farmer's heir, the Preacher's sermon,
the Princess's spared night, the Cult Leader's and the Ogre's alignments, the Golem's nomination, the
Puzzlemaster's guess, and one rule several share: ``death_step``, a death that wakes its holder that night
(the Poppy Grower's evil team meeting, the Plague Doctor's Minion ability, the Hatter's tea party).

What the storyteller does by hand (a new character picked, a Minion ability acted) is said; the change is
made with the grimoire's edits ('seat N is the X')."""

from __future__ import annotations

from moderator.clocktower.grimoire.events import AddReminder, Event, Remember, SetAbilities, SetAlignment, SetWinner
from moderator.clocktower.grimoire.state import Grimoire, Player
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.abilities import abilities, kill, owning
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.conditions import CONDITIONS
from moderator.clocktower.rules.context import Answer, Ctx, Outcome
from moderator.clocktower.rules.daytime import NOMINATED
from moderator.clocktower.rules.effects.base import alive_target, effect, nothing, seat_of, sober, spend, spent
from moderator.clocktower.rules.effects.snv_minions import become
from moderator.clocktower.rules.jinxes import ruled_pair
from moderator.clocktower.rules.status import acts_alive, impaired, is_demon, kept_evil, shown_dead, team_of
from moderator.clocktower.rules.texts import filled, step_texts
from moderator.clocktower.rules.triggers import TRIGGERS, Death, Trigger, demon_spared
from moderator.errors import IllegalChoice

# -- a death that wakes its holder that night -------------------------------------------------------


def _death_step(g: Grimoire, cat: Catalogue, owner: Player, dead: Player, d: Death) -> list[Event]:
    """The holder died sober: its step with ``wake_if: death_pending`` runs tonight (or the night after a
    death by day), once, though it is dead (the Poppy Grower's, the Plague Doctor's, the Hatter's)."""
    if dead.seat != owner.seat or impaired(g, cat, dead):
        return []
    ability = owning(cat, owner, "death_step") or owner.character or ""
    night = g.night if g.phase == "night" else g.night + 1
    return [Remember(key=keys.death_pending(ability, owner.seat), value=str(night))]


TRIGGERS["death_step"] = Trigger("death_step", "death", _death_step)


# -- conditions --------------------------------------------------------------------------------------


def _first_time(ctx: Ctx) -> bool:
    """Alive, and this step has never run for the player before (a Damsel made during the game: the
    Minions learn of it the night it is made)."""
    return acts_alive(ctx.g, ctx.cat, ctx.actor) and not any(
        keys.acted(n, ctx.ability, ctx.seat) in ctx.g.memory for n in range(1, ctx.g.night))  # fmt: skip


def _dead_outnumber_living(ctx: Ctx) -> bool:
    """The King's: alive, and the dead (with one registering dead: the Zombuul) are as many as the living or
    more."""
    dead = sum(1 for p in ctx.g.players if shown_dead(ctx.cat, p))
    return acts_alive(ctx.g, ctx.cat, ctx.actor) and dead >= len(ctx.g.players) - dead


def _king_killed_by_demon_tonight(ctx: Ctx) -> bool:
    """The Choirboy's: alive, and the Demon killed a King tonight."""
    kings = {p.seat for p in ctx.g.players if p.character == "king"}
    return acts_alive(ctx.g, ctx.cat, ctx.actor) and bool(kings & set(ctx.g.demon_killed_tonight))


def _nominee_executed(ctx: Ctx) -> bool:
    """The Princess's: alive, and the player they nominated on their first day was executed that day."""
    nominee = ctx.g.memory.get(_princess_key(ctx.g.day, ctx.seat))
    return acts_alive(ctx.g, ctx.cat, ctx.actor) and nominee is not None and nominee == str(ctx.g.executed_today)


def _once_for_all(ctx: Ctx) -> bool:
    """Alive, and nobody has used this ability yet (the Minions' one guess at the Damsel)."""
    return acts_alive(ctx.g, ctx.cat, ctx.actor) and keys.used(ctx.ability, None) not in ctx.g.memory


CONDITIONS.update({
    "once_for_all": _once_for_all,
    "first_time": _first_time,
    "dead_outnumber_living": _dead_outnumber_living,
    "king_killed_by_demon_tonight": _king_killed_by_demon_tonight,
    "nominee_executed": _nominee_executed,
})  # fmt: skip


# -- the Huntsman and the Damsel --------------------------------------------------------------------


def _not_in_play_townsfolk(ctx: Ctx) -> list[str]:
    in_play = ctx.g.in_play()
    return [c for c in ctx.script if c in ctx.cat and ctx.cat[c].team == "townsfolk" and c not in in_play]


@effect("huntsman_choose", "seat", check=alive_target)
def huntsman_choose(ctx: Ctx, answer: Answer) -> Outcome:
    """Once: a living player chosen; the Damsel, if chosen and the Huntsman sober, becomes a Townsfolk not
    in play (the app proposes the first on the script; the storyteller may make it another with an edit)."""
    if not answer.seats:
        return Outcome()
    events: list[Event] = spent(ctx)
    target = ctx.g.player(seat_of(answer))
    if not sober(ctx) or target.character != "damsel":
        return Outcome(events=events)
    rules = step_texts().rules
    choices = _not_in_play_townsfolk(ctx)
    if not choices:
        return Outcome(events=events, say=[rules.no_townsfolk_left])
    events += become(ctx.g, ctx.cat, target.seat, choices[0], ctx.ability)
    return Outcome(events=events, say=[filled(rules.damsel_becomes, seat=target.seat,
                                              character=ctx.cat[choices[0]].name)])  # fmt: skip


def _a_damsel_guess(ctx: Ctx, answer: Answer) -> None:
    """The Damsel's guess is a Minion's: 'seat N uses their ability on seat M', N a Minion."""
    if team_of(ctx.cat, ctx.actor) != "minion":
        raise IllegalChoice("minion_guesses", seat=ctx.actor.seat)
    if len(answer.seats) < 2:
        raise IllegalChoice("seat_count", need=2)


@effect("damsel_guess", "two_seats", check=_a_damsel_guess)
def damsel_guess(ctx: Ctx, answer: Answer) -> Outcome:
    """A Minion publicly guesses the Damsel, once for all the Minions (Guess Used): right, while a
    Damsel is in play sober, and the Damsel's team loses."""
    guessed = ctx.g.player(answer.seats[1])
    events: list[Event] = [Remember(key=keys.used("damsel", None), value="yes")]
    damsels = [p for p in ctx.g.players if "damsel" in abilities(ctx.cat, p)]  # the Hermit's Damsel ability too
    events += [AddReminder(seat=p.seat, source="damsel", name="Guess Used") for p in damsels]
    if guessed in damsels and not impaired(ctx.g, ctx.cat, guessed):
        events.append(SetWinner(winner="evil" if guessed.alignment == "good" else "good", reason="damsel"))
    return Outcome(events=events, public=[step_texts().rules.damsel_guessed])


@effect("cult_joined", "yesno")
def cult_joined(ctx: Ctx, answer: Answer) -> Outcome:
    """The Cult Leader's cult vote by day: yes, every good player joined, and the Cult Leader's team (its
    alignment now) wins, while it is sober; no, nothing happens."""
    if not answer.yes or not sober(ctx):
        return Outcome()
    return Outcome(events=[SetWinner(winner=ctx.actor.alignment, reason=ctx.ability)])


# -- the Banshee, the King and the Choirboy ----------------------------------------------------------


@effect("banshee_wail")
def banshee_wail(ctx: Ctx, answer: Answer) -> Outcome:
    """The Demon killed the Banshee (sober): Has Ability, everyone is told; it may nominate twice a day and
    vote twice on each nomination, alive or dead."""
    if not sober(ctx):
        return Outcome(say=[step_texts().rules.impaired])
    events: list[Event] = [AddReminder(seat=ctx.actor.seat, source=ctx.ability, name="Has Ability", by_seat=ctx.seat)]
    return Outcome(events=events, at_dawn=[filled(step_texts().rules.banshee_public, seat=ctx.actor.seat)])


def _demon_seat(ctx: Ctx) -> int | None:
    return next((p.seat for p in ctx.g.players if p.alive and is_demon(ctx.cat, p)), None)


effect("choirboy_learn", truth=_demon_seat, seat_truth=True)(nothing)
effect("king_shown", truth=lambda ctx: ctx.seat, seat_truth=True)(nothing)


def _alive_character(ctx: Ctx) -> str | None:
    """A living player's character (the first clockwise from the King, not the King)."""
    return next((p.character for p in ctx.g.players if p.alive and p.seat != ctx.seat), None)


def _living_character(ctx: Ctx, answer: Answer) -> None:
    living = {p.character for p in ctx.g.players if p.alive}
    if answer.character is None or answer.character not in living:
        raise IllegalChoice("living_character")


effect("king_learn", "character", truth=_alive_character, check=_living_character, info_check=True)(nothing)


# -- the Farmer, the Preacher, the Princess ---------------------------------------------------------


def _living_good_other(ctx: Ctx, answer: Answer) -> None:
    alive_target(ctx, answer)
    p = ctx.g.player(seat_of(answer))
    if p.alignment != "good" or p.seat == ctx.seat:
        raise IllegalChoice("good_player_needed", seat=p.seat)


def _farmer_heir(ctx: Ctx) -> int | None:
    return next((p.seat for p in ctx.g.players if p.alive and p.alignment == "good" and p.seat != ctx.seat
                 and p.character != ctx.ability), None)  # fmt: skip


@effect("farmer_heir", "seat", check=_living_good_other, proposal=_farmer_heir)
def farmer_heir(ctx: Ctx, answer: Answer) -> Outcome:
    """The Farmer died tonight (sober): a living good player the storyteller picks becomes a Farmer."""
    if not answer.seats or not sober(ctx):
        return Outcome()
    heir = seat_of(answer)
    return Outcome(events=become(ctx.g, ctx.cat, heir, ctx.ability, ctx.ability),
                   say=[filled(step_texts().rules.became_farmer, seat=heir)])  # fmt: skip


@effect("preacher_choose", "seat")
def preacher_choose(ctx: Ctx, answer: Answer) -> Outcome:
    """A Minion chosen by a sober Preacher learns it and has no ability while the Preacher is sober
    (No Ability, read as drunk)."""
    if not answer.seats or not sober(ctx):
        return Outcome()
    p = ctx.g.player(seat_of(answer))
    if team_of(ctx.cat, p) != "minion":
        return Outcome()
    return Outcome(events=[AddReminder(seat=p.seat, source=ctx.ability, name="No Ability", by_seat=ctx.seat)],
                   say=[filled(step_texts().rules.preacher_minion, seat=p.seat)])  # fmt: skip


def _princess_key(day: int, seat: int | None) -> keys.MemoryKey:
    return keys.MemoryKey(f"princess:{day}:{seat}")


def _princess_nominates(
    g: Grimoire, cat: Catalogue, owner: Player, nominator: int, nominee: int, close: list[Event]
) -> list[Event]:
    """The Princess's first nomination on the game's first day is remembered (their Demon may be spared)."""
    if nominator != owner.seat or g.day != 1 or any(k.startswith("princess:1:") for k in g.memory):
        return []
    return [Remember(key=_princess_key(g.day, owner.seat), value=str(nominee))]


@effect("princess_spares")
def princess_spares(ctx: Ctx, answer: Answer) -> Outcome:
    """The Princess nominated today's executee on their first day: the Demon kills nobody tonight."""
    if not sober(ctx):
        return Outcome(say=[step_texts().rules.impaired])
    return Outcome(events=demon_spared(ctx.g, ctx.cat, ctx.g.night, ctx.ability, ctx.seat))


# -- alignments: the Cult Leader, the Ogre ---------------------------------------------------------


def _living_neighbour(ctx: Ctx, answer: Answer) -> None:
    """The Cult Leader's: one of their two living neighbours, whose alignment they take."""
    beside = {p.seat for p in (ctx.g.neighbour(ctx.actor.seat, -1), ctx.g.neighbour(ctx.actor.seat, 1)) if p}
    if seat_of(answer) not in beside:
        raise IllegalChoice("not_a_neighbour", seat=seat_of(answer))


def _cult_neighbour(ctx: Ctx) -> int | None:
    """The proposal: the living neighbour clockwise."""
    beside = ctx.g.neighbour(ctx.actor.seat, 1)
    return beside.seat if beside is not None else None


@effect("cultleader_align", "seat", check=_living_neighbour, proposal=_cult_neighbour)
def cultleader_align(ctx: Ctx, answer: Answer) -> Outcome:
    """The Cult Leader becomes the alignment of the living neighbour the storyteller picks (told)."""
    if not answer.seats or not sober(ctx):
        return Outcome()
    alignment = ctx.g.player(seat_of(answer)).alignment
    if alignment == ctx.actor.alignment or kept_evil(ctx.g, ctx.actor, alignment):  # a jinx (the Pit-Hag's)
        return Outcome()
    return Outcome(events=[SetAlignment(seat=ctx.actor.seat, alignment=alignment)])


@effect("ogre_friend", "seat")
def ogre_friend(ctx: Ctx, answer: Answer) -> Outcome:
    """The Ogre's friend (Friend): the Ogre becomes their alignment, without being told, drunk or not."""
    if not answer.seats:
        return Outcome()
    friend = ctx.g.player(seat_of(answer))
    events: list[Event] = [AddReminder(seat=friend.seat, source=ctx.ability, name="Friend", by_seat=ctx.seat)]
    if friend.alignment != ctx.actor.alignment and not kept_evil(ctx.g, ctx.actor, friend.alignment):
        events.append(SetAlignment(seat=ctx.actor.seat, alignment=friend.alignment))
    return Outcome(events=events)


@effect("spent_if_yes", "yesno")
def spent_if_yes(ctx: Ctx, answer: Answer) -> Outcome:
    """A once-per-game ability the player may use or keep (the Engineer's): yes spends it (No Ability); the
    storyteller makes what it does with the grimoire's edits."""
    if not answer.yes:
        return Outcome()
    return Outcome(events=spent(ctx))


# -- the Golem, the Plague Doctor, the Puzzlemaster -------------------------------------------------


def _golem_nominates(
    g: Grimoire, cat: Catalogue, owner: Player, nominator: int, nominee: int, close: list[Event]
) -> list[Event]:
    """The Golem's one nomination: May Not Nominate; a nominee who is not the Demon dies (the vote goes on)."""
    if nominator != owner.seat or keys.used("golem", owner.seat) in g.memory:
        return []
    events: list[Event] = [Remember(key=keys.used("golem", owner.seat), value="yes"),
                           AddReminder(seat=owner.seat, source="golem", name="May Not Nominate")]  # fmt: skip
    if impaired(g, cat, owner) or is_demon(cat, g.player(nominee)):
        return events
    return [*events, *kill(g, cat, nominee)]


def _a_minion(ctx: Ctx, answer: Answer) -> None:
    if answer.character is None or answer.character not in ctx.cat or ctx.cat[answer.character].team != "minion":
        raise IllegalChoice("minion_needed")


@effect("storyteller_ability", "character", check=_a_minion)
def storyteller_ability(ctx: Ctx, answer: Answer) -> Outcome:
    """The Plague Doctor died: the storyteller holds the named Minion's ability (Storyteller Ability)."""
    assert answer.character is not None
    instead = ruled_pair("minion_gains_instead", answer.character, ctx.ability)
    minion = next((p for p in ctx.g.players if p.alive and ctx.cat.team(p.character) == "minion"), None)
    if instead and minion is not None:  # a jinx: a Minion gains it (the Scarlet Woman's), and learns this
        gained = SetAbilities(seat=minion.seat, abilities=[*minion.abilities, answer.character])
        told = filled(step_texts().rules.minion_gains, seat=minion.seat, character=ctx.cat[answer.character].name)
        return Outcome(events=[AddReminder(seat=ctx.actor.seat, source=ctx.ability, name="Storyteller Ability"),
                               gained], say=[told])  # fmt: skip
    return Outcome(events=[AddReminder(seat=ctx.actor.seat, source=ctx.ability, name="Storyteller Ability"),
                           Remember(key=keys.learnt(ctx.ability, ctx.seat), value=answer.character)])  # fmt: skip


@effect("puzzlemaster_guess", "two_seats")
def puzzlemaster_guess(ctx: Ctx, answer: Answer) -> Outcome:
    """Once: the Puzzlemaster guesses the drunk player (their Drunk token); right and sober, they are
    shown the Demon; otherwise a player who is not (false information)."""
    events: list[Event] = [*spend(ctx), AddReminder(seat=ctx.actor.seat, source=ctx.ability, name="Guess Used")]
    guessed = ctx.g.player(answer.seats[-1])
    rules = step_texts().rules
    demon = _demon_seat(ctx)
    if sober(ctx) and guessed.has_reminder("Drunk", ctx.ability) and demon is not None:
        right = filled(rules.puzzle_right, seat=demon)
        return Outcome(events=events, say=[right], tonight=[filled(rules.puzzle_tonight, seat=ctx.actor.seat,
                                                                    told=right)])  # fmt: skip
    return Outcome(events=events, say=[rules.puzzle_wrong],
                   tonight=[filled(rules.puzzle_tonight, seat=ctx.actor.seat, told=rules.puzzle_wrong)])


NOMINATED["golem_nominates"] = _golem_nominates
NOMINATED["princess_nominates"] = _princess_nominates
TRIGGERS["golem_nominates"] = Trigger("golem_nominates", "nominated")
TRIGGERS["princess_nominates"] = Trigger("princess_nominates", "nominated")
