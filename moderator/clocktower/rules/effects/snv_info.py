"""Sects & Violets information Townsfolk and the Sweetheart: the Clockmaker, Dreamer, Mathematician,
Flowergirl, Town Crier, Savant, Artist, Juggler, Sage and Sweetheart.

Besides their effects, this module registers the wake conditions and the triggers they need
(``first_day``, ``juggled``, ``killed_by_demon_tonight``, ``death_pending``; ``sweetheart_dies``,
``voters_asked``) in the registries of rules/conditions.py and rules/triggers.py, which the character
files name.

The Mathematician's count is what the app can see (see :func:`abnormal_seats`); the prompt names the
players counted and asks the storyteller to add what it cannot (a kill that failed, a protection).
"""

from __future__ import annotations

from moderator.clocktower.grimoire.events import AddReminder, Event, Remember, RemoveReminder
from moderator.clocktower.grimoire.state import Grimoire, Player
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.conditions import CONDITIONS, death_step_due, picked_by_jinx
from moderator.clocktower.rules.context import Answer, Ctx, Outcome
from moderator.clocktower.rules.effects.base import effect, nothing
from moderator.clocktower.rules.effects.infos import registered_character, registers_team
from moderator.clocktower.rules.jinxes import registers_as_demon, ruled
from moderator.clocktower.rules.status import impaired, misregisters, registers_demon, registers_evil, team_of
from moderator.clocktower.rules.texts import filled, step_texts
from moderator.clocktower.rules.triggers import TRIGGERS, Death, Trigger
from moderator.errors import IllegalChoice
from moderator.i18n import Text

JUGGLES = 5
"""The Juggler guesses up to this many players' characters."""

# -- the Clockmaker ----------------------------------------------------------------------------------


def _demon_like(ctx: Ctx, p: Player) -> bool:
    chosen = ctx.registers_as(p.seat)
    if chosen is not None:  # a Recluse registering as a Minion this time is no Demon
        return chosen == "demon"
    if registers_as_demon(p.character, ctx.ability):  # a jinx: the Summoner to the Clockmaker
        return True
    return registers_demon(ctx.g, ctx.cat, p, ctx.ability, ctx.flips)


def _seats_between(g: Grimoire, a: int, b: int) -> int:
    """Steps around the circle from seat ``a`` to seat ``b``, the short way (the dead count)."""
    seats = g.seats()
    d = abs(seats.index(a) - seats.index(b))
    return min(d, len(seats) - d)


def clockmaker_truth(ctx: Ctx) -> int | None:
    """Steps from the Demon to its nearest Minion, as they register (a Recluse may be either)."""
    demons = [p for p in ctx.g.players if _demon_like(ctx, p)]
    minions = [p for p in ctx.g.players if registers_team(ctx, p, "minion") and not _demon_like(ctx, p)]
    steps = [_seats_between(ctx.g, d.seat, m.seat) for d in demons for m in minions if d.seat != m.seat]
    return min(steps) if steps else None


effect("clockmaker_steps", truth=clockmaker_truth)(nothing)

# -- the Dreamer ---------------------------------------------------------------------------------------


def _dreamer_check(ctx: Ctx, answer: Answer) -> None:
    seat = answer.seats[0] if answer.seats else None
    if seat == ctx.seat:
        raise IllegalChoice("not_self")
    if seat is not None and team_of(ctx.cat, ctx.g.player(seat)) == "traveller":
        raise IllegalChoice("not_traveller")


def dreamer_told(ctx: Ctx, answer: Answer) -> str | None:
    """The chosen player's character, as it registers: a player the storyteller has misregister shows
    as the team it registers as (the storyteller picks a character of it)."""
    if not answer.seats:
        return None
    return registered_character(ctx, ctx.g.player(answer.seats[0]))


def _false_character(ctx: Ctx, good: bool) -> str | None:
    """A character of the other alignment to show beside the true one: one on the script and not in
    play where there is one (a Minion for a good player, a Townsfolk for an evil one)."""
    teams = ("minion", "demon") if good else ("townsfolk", "outsider")
    pool = [c for c in ctx.script if c in ctx.cat and ctx.cat[c].team in teams]
    pool = pool or [c.id for c in ctx.cat.characters.values() if c.team in teams]
    return next((c for c in pool if c not in ctx.g.in_play()), pool[0] if pool else None)


def dreamer_hint(ctx: Ctx, answer: Answer) -> Text | None:
    """The false character proposed beside the true one: of the alignment the chosen player does not
    register as."""
    if not answer.seats:
        return None
    p = ctx.g.player(answer.seats[0])
    false = _false_character(ctx, not registers_evil(ctx.g, ctx.cat, p, ctx.ability, ctx.flips))
    if false is None:
        return None
    return filled(step_texts().rules.dreamer_false, character=ctx.cat[false].name)


effect("dreamer_learn", "seat", check=_dreamer_check, told=dreamer_told, hint=dreamer_hint,
       beside_false=True)(nothing)

# -- the Mathematician -------------------------------------------------------------------------------


def abnormal_seats(ctx: Ctx) -> list[int]:
    """The players whose ability worked abnormally since dawn because of another character, as the app
    can see it: a player drunk or poisoned now whose night step ran tonight (for information, only if what
    they were given was untrue: the failure is recorded as it is given), or who used a day ability
    today (the Drunk counts: the jinx lets the Mathematician learn it); and, with the Lunatic jinx, a
    Lunatic who attacked tonight another player than the ones the Demon killed; and a drunk or poisoned
    player whose passive ability failed to keep someone alive since dawn (a poisoned Soldier the Demon
    killed: the death remembered it). The Mathematician's own step is not counted."""
    g = ctx.g
    acted = {keys.acted_seat(k, g.night) for k, v in g.memory.items() if v != keys.PASSED}
    used = {int(k.split(":")[2]) for k in g.memory if k.startswith("today:") and k.endswith(f":{g.day}")}
    failed = {p.seat for p in g.players if keys.failed("night", g.night, p.seat) in g.memory
              or keys.failed("day", g.day, p.seat) in g.memory}  # fmt: skip
    # Information given tonight: a drunk or poisoned player given the truth anyway worked normally.
    told = {int(k.split(":")[3]) for k in g.memory if k.startswith(f"shown:n{g.night}:") and k.split(":")[3].isdigit()}
    acted -= told - failed
    found = []
    for p in g.players:
        if p.seat == ctx.seat:
            continue
        drunk_counts = p.character != "drunk" or ruled("drunk_counts", g.in_play())
        abnormal = p.seat in failed or ((p.seat in acted or p.seat in used) and impaired(g, ctx.cat, p))
        if abnormal and drunk_counts:
            found.append(p.seat)
        elif p.character == "lunatic" and p.seat in acted and ruled("lunatic_attack_counts", g.in_play()):
            chosen = {q.seat for q in g.players if q.has_reminder("Chosen", "lunatic")}
            if chosen != set(g.demon_killed_tonight):
                found.append(p.seat)
    return found


def mathematician_truth(ctx: Ctx) -> int:
    """How many players' abilities worked abnormally since dawn (see :func:`abnormal_seats`)."""
    return len(abnormal_seats(ctx))


def mathematician_hint(ctx: Ctx, answer: Answer) -> Text:
    seats = abnormal_seats(ctx)
    rules = step_texts().rules
    if not seats:
        return rules.none_counted
    said = ", ".join(str(s) for s in seats)
    named = Text(ko=said, en=("seat " if len(seats) == 1 else "seats ") + said)
    return filled(rules.mathematician_counted, seats=named)


effect("mathematician_count", truth=mathematician_truth, hint=mathematician_hint, inexact=True)(nothing)

# -- the Flowergirl and the Town Crier ---------------------------------------------------------------


def _seats_in(g: Grimoire, key: str) -> list[Player]:
    return [g.player(int(s)) for s in g.memory.get(key, "").split() if int(s) in g.seats()]


def flowergirl_truth(ctx: Ctx) -> bool:
    """Whether a player who registers as the Demon voted today (the seats said at the votes)."""
    return any(_demon_like(ctx, p) for p in _seats_in(ctx.g, keys.voters(ctx.g.day)))


def flowergirl_hint(ctx: Ctx, answer: Answer) -> Text | None:
    """A vote given as a count only leaves who voted unknown: the storyteller judges."""
    return step_texts().rules.voters_unsaid if keys.votes_unsaid(ctx.g.day) in ctx.g.memory else None


def towncrier_truth(ctx: Ctx) -> bool:
    """Whether a player who registers as a Minion nominated today."""
    return any(registers_team(ctx, p, "minion") for p in _seats_in(ctx.g, keys.nominators(ctx.g.day)))


def _mark(ctx: Ctx, name: str) -> list[Event]:
    return [AddReminder(seat=ctx.actor.seat, source=ctx.ability, name=name, by_seat=ctx.seat)]


@effect("flowergirl_learn", truth=flowergirl_truth, hint=flowergirl_hint, inexact=True)
def flowergirl_learn(ctx: Ctx, answer: Answer) -> Outcome:
    """Nod or shake: the Flowergirl's reminder for today (Demon Voted or Demon Not Voted) is replaced."""
    return Outcome(events=_replace_mark(ctx, ("Demon Voted", "Demon Not Voted"), flowergirl_truth(ctx)))


@effect("towncrier_learn", truth=towncrier_truth)
def towncrier_learn(ctx: Ctx, answer: Answer) -> Outcome:
    """Nod or shake: the Town Crier's reminder for today (Minion Nominated or Minions Not Nominated)."""
    return Outcome(events=_replace_mark(ctx, ("Minion Nominated", "Minions Not Nominated"), towncrier_truth(ctx)))


def _replace_mark(ctx: Ctx, names: tuple[str, str], truth: bool) -> list[Event]:
    gone: list[Event] = [RemoveReminder(seat=ctx.actor.seat, source=ctx.ability, name=n)
                         for n in names if ctx.actor.has_reminder(n, ctx.ability)]  # fmt: skip
    return [*gone, *_mark(ctx, names[0] if truth else names[1])]


# -- the Savant and the Artist -----------------------------------------------------------------------

effect("savant_statements", gives_info=True)(nothing)


@effect("artist_question", "yesno", gives_info=True)
def artist_question(ctx: Ctx, answer: Answer) -> Outcome:
    """Once per game: the storyteller answers one yes/no question in private; the ability is spent."""
    return Outcome(events=[Remember(key=keys.used(ctx.ability, ctx.seat), value="yes"), *_mark(ctx, "No Ability")])


# -- the Juggler -------------------------------------------------------------------------------------


def _guesses(g: Grimoire, seat: int | None, day: int) -> list[tuple[int, str]]:
    said = g.memory.get(keys.juggled(seat, day), "")
    return [(int(s), c) for s, c in (x.split("=", 1) for x in said.split())]


def _juggler_check(ctx: Ctx, answer: Answer) -> None:
    if answer.character is None or answer.character not in ctx.cat:
        raise IllegalChoice("character_needed")


@effect("juggler_guess", "seat", "character", check=_juggler_check)
def juggler_guess(ctx: Ctx, answer: Answer) -> Outcome:
    """One guess (a player and a character), remembered for tonight; up to five. A player may be guessed more than
    once (the wiki's example: Benjamin the Pit-Hag, Benjamin the Witch, Amy the Pit-Hag: one right); the same
    guess said again counts once."""
    assert answer.character is not None
    guess = (answer.seats[0], answer.character)
    guesses = [g for g in _guesses(ctx.g, ctx.seat, ctx.g.day) if g != guess] + [guess]
    said = Remember(key=keys.juggled(ctx.seat, ctx.g.day), value=" ".join(f"{s}={c}" for s, c in guesses))
    return Outcome(events=[said], again=len(guesses) < JUGGLES)


def juggled_guesses(ctx: Ctx) -> list[tuple[int, str]]:
    """The guesses the Juggler's ability counts tonight: this player's own from today; with the Cannibal
    jinx, a Cannibal holding the Juggler ability counts the executed Juggler's."""
    g = ctx.g
    own = _guesses(g, ctx.seat, g.day)
    if own or g.executed_today is None or ctx.actor.character == ctx.ability:
        return own
    if ruled("cannibal_learns_juggles", g.in_play()):
        return _guesses(g, g.executed_today, g.day)
    return []


def _guessed_right(ctx: Ctx, seat: int, cid: str) -> bool:
    """Whether the player registers as the character guessed (a Recluse guessed as a Minion may)."""
    p = ctx.g.player(seat)
    if p.character == cid:
        return True
    reg = misregisters(ctx.g, ctx.cat, p) if p.seat in ctx.flips else None
    return reg is not None and cid in ctx.cat and ctx.cat[cid].team in reg.teams


def juggler_truth(ctx: Ctx) -> int:
    """How many of the guesses were right, as the players register."""
    return sum(1 for s, c in juggled_guesses(ctx) if _guessed_right(ctx, s, c))


@effect("juggler_count", truth=juggler_truth)
def juggler_count(ctx: Ctx, answer: Answer) -> Outcome:
    """One Correct reminder for each right guess, by the Juggler."""
    return Outcome(events=_mark(ctx, "Correct") * juggler_truth(ctx))


def _first_day(ctx: Ctx) -> bool:
    """The Juggler's first day (day one, or the day after it was made mid-game: the Pit-Hag's): its guesses not
    made yet."""
    first = ctx.g.memory.get(keys.first_day(ctx.seat or 0), "1")
    return ctx.actor.alive and str(ctx.g.day) == first and keys.juggled(ctx.seat, ctx.g.day) not in ctx.g.memory


def _juggled(ctx: Ctx) -> bool:
    return ctx.actor.alive and bool(juggled_guesses(ctx))


# -- the Sage ----------------------------------------------------------------------------------------


def sage_truth(ctx: Ctx) -> int | None:
    """The Demon's seat: one the storyteller has register as the Demon first (the Recluse, by the jinx);
    a living Demon before a dead one (the Fang Gu that jumped is dead: the Demon now is the new one)."""
    demons = sorted((p for p in ctx.g.players if p.seat != ctx.seat and _demon_like(ctx, p)), key=lambda p: not p.alive)
    flipped = [p for p in demons if p.seat in ctx.flips]
    found = flipped or demons
    return found[0].seat if found else None


def sage_hint(ctx: Ctx, answer: Answer) -> Text | None:
    """The second player proposed: the nearest living good player clockwise from the Demon."""
    demon = sage_truth(ctx)
    if demon is None:
        return None
    seats = ctx.g.seats()
    i = seats.index(demon)
    other = next((s for k in range(1, len(seats)) if (s := seats[(i + k) % len(seats)]) != ctx.seat
                  and ctx.g.player(s).alive and ctx.g.player(s).alignment == "good"), None)  # fmt: skip
    return filled(step_texts().rules.sage_other, seat=other) if other is not None else None


effect("sage_learn", truth=sage_truth, hint=sage_hint, seat_truth=True)(nothing)


def _killed_by_demon_tonight(ctx: Ctx) -> bool:
    """The Demon killed this player tonight; or, by a jinx, chose them (the Sage with the Leviathan)."""
    return ctx.seat in ctx.g.demon_killed_tonight or picked_by_jinx(ctx)


# -- the Sweetheart ----------------------------------------------------------------------------------


def _sweetheart_dies(g: Grimoire, cat: Catalogue, owner: Player, dead: Player, d: Death) -> list[Event]:
    """The Sweetheart has died sober: its night step (tonight, or tonight after a day death) makes one
    player drunk for the rest of the game. After a day death it comes first that night, so the player is drunk
    before anyone acts (the wiki's example: the Demon made drunk kills nobody)."""
    if dead.seat != owner.seat or impaired(g, cat, dead):
        return []
    if g.phase == "night":
        return [Remember(key=keys.death_pending("sweetheart", owner.seat), value=str(g.night))]
    night = str(g.night + 1)
    return [Remember(key=keys.death_pending("sweetheart", owner.seat), value=night),
            Remember(key=keys.first_tonight("sweetheart", owner.seat), value=night)]  # fmt: skip


def _death_pending(ctx: Ctx) -> bool:
    """The player died sober (tonight, today, or tonight after its place in the night): its on-death
    step runs tonight, once."""
    return death_step_due(ctx.g, ctx.ability, ctx.seat)


def sweetheart_proposal(ctx: Ctx) -> int | None:
    """The player proposed to make drunk: the first living good Townsfolk."""
    return next((p.seat for p in ctx.g.players if p.alive and p.alignment == "good"
                 and team_of(ctx.cat, p) == "townsfolk"), None)  # fmt: skip


@effect("sweetheart_drunk", "seat", proposal=sweetheart_proposal)
def sweetheart_drunk(ctx: Ctx, answer: Answer) -> Outcome:
    """The chosen player is drunk for the rest of the game."""
    if not answer.seats:
        return Outcome()
    return Outcome(events=[AddReminder(seat=answer.seats[0], source=ctx.ability, name="Drunk", by_seat=ctx.seat)])


# -- registered by name ------------------------------------------------------------------------------

CONDITIONS.update(
    {
        "first_day": _first_day,
        "juggled": _juggled,
        "killed_by_demon_tonight": _killed_by_demon_tonight,
        "death_pending": _death_pending,
    }
)
TRIGGERS["sweetheart_dies"] = Trigger("sweetheart_dies", "death", _sweetheart_dies)
TRIGGERS["voters_asked"] = Trigger("voters_asked", "passive")  # read by the votes (day.py)
