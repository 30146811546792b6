"""The Sects & Violets Demons: the Fang Gu (its kill jumps, once, to the first Outsider it kills), the
Vigormortis (Minions it kills keep their ability and poison a Townsfolk), the No Dashii (its two
nearest Townsfolk are poisoned) and the Vortox (Townsfolk information is false; a day with no
execution loses the game for good)."""

from __future__ import annotations

from moderator.clocktower.grimoire.events import AddReminder, Assign, Die, Event, Remember, SetWinner
from moderator.clocktower.grimoire.state import Grimoire, Player
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.abilities import anyone_has, kill
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.conditions import demon_blocked
from moderator.clocktower.rules.context import Answer, Ctx, Outcome
from moderator.clocktower.rules.daytime import DAY_END
from moderator.clocktower.rules.effects.base import demon_rests, effect
from moderator.clocktower.rules.jinxes import ruled
from moderator.clocktower.rules.placed import PLACED
from moderator.clocktower.rules.status import impaired, misregisters
from moderator.clocktower.rules.texts import filled, step_texts
from moderator.clocktower.rules.triggers import question
from moderator.journal import simulate


def nearest_townsfolk(g: Grimoire, cat: Catalogue, seat: int) -> list[int]:
    """The nearest Townsfolk clockwise and counterclockwise of ``seat``, alive or dead, skipping every
    other character type (one seat if it is the same player both ways; none if no Townsfolk)."""
    found: list[int] = []
    for step in (+1, -1):
        here = seat
        for _ in range(len(g.players) - 1):
            p = g.neighbour(here, step, alive=False)
            if p is None or p.seat == seat:
                break
            if cat.team(p.character) == "townsfolk":
                found.append(p.seat)
                break
            here = p.seat
    return list(dict.fromkeys(found))


def _killing(ctx: Ctx, answer: Answer) -> Outcome | None:
    """What a Demon's kill does when it does nothing: no choice (it has rested), blocked tonight, or impaired."""
    if not answer.seats:
        return demon_rests(ctx)
    if demon_blocked(ctx.g):
        return Outcome()
    if ctx.seat is not None and impaired(ctx.g, ctx.cat, ctx.actor):
        return Outcome(say=[step_texts().rules.impaired])
    return None


def _dies(events: list[Event], seat: int) -> bool:
    return any(isinstance(e, Die) and e.seat == seat for e in events)


@effect("fanggu_kill", "seat", kills=True, declined=demon_rests)
def fanggu_kill(ctx: Ctx, answer: Answer) -> Outcome:
    """The Fang Gu's kill. The first Outsider it would kill (once a game: the Once token) does not die:
    they become an evil Fang Gu, and the old Fang Gu dies instead. An Outsider who cannot die tonight
    (protected) stays as they are."""
    nothing = _killing(ctx, answer)
    if nothing is not None:
        return nothing
    seat = answer.seats[0]
    events = kill(ctx.g, ctx.cat, seat, by_demon=True)
    target = ctx.g.player(seat)
    jumped = any(p.has_reminder("Once", ctx.ability) for p in ctx.g.players)
    if jumped or seat == ctx.seat or not _dies(events, seat):
        return Outcome(events=events)
    outsider = ctx.cat.team(target.character) == "outsider"
    reg = misregisters(ctx.g, ctx.cat, target)
    if reg is not None and reg.teams and outsider != ("outsider" in reg.teams):
        # It may register as what it is not (a Spy as an Outsider, a Recluse as a Minion): the
        # storyteller says; the app proposes the truth.
        asked = filled(step_texts().rules.registers_outsider_to, seat=seat,
                       character=ctx.cat[target.character or ""].name, ability=ctx.cat[ctx.ability].name)  # fmt: skip
        jump = _jump(ctx, seat)
        options = {"yes": jump.events, "no": events}
        return Outcome(events=[question(asked, options, "yes" if outsider else "no", "yesno")])
    return _jump(ctx, seat) if outsider else Outcome(events=events)


def _jump(ctx: Ctx, seat: int) -> Outcome:
    """The Outsider in ``seat`` becomes an evil Fang Gu (Once) and does not kill tonight; the old Fang
    Gu dies instead, caught by no Scarlet Woman if the jinx says so."""
    jump: list[Event] = [
        Assign(seat=seat, character=ctx.ability, alignment="evil"),
        AddReminder(seat=seat, source=ctx.ability, name="Once", by_seat=seat),
        Remember(key=keys.acted(ctx.g.night, ctx.ability, seat), value=keys.PASSED),  # it does not kill tonight
    ]
    if ruled("jump_not_caught", ctx.g.in_play()):  # the jinx: the Scarlet Woman does not catch the old one
        jump.append(Remember(key=keys.uncaught(ctx.g.night, ctx.actor.seat), value="yes"))
    jump += kill(simulate(ctx.g, jump), ctx.cat, ctx.actor.seat, by_demon=True, force=True)
    return Outcome(events=jump, say=[filled(step_texts().rules.fanggu_jumped, seat=seat, old=ctx.actor.seat)])


@effect("vigormortis_kill", "seat", kills=True, declined=demon_rests)
def vigormortis_kill(ctx: Ctx, answer: Answer) -> Outcome:
    """The Vigormortis's kill. A Minion it kills keeps their ability (Has Ability) while the Vigormortis
    lives sober, and poisons their nearest Townsfolk one way or the other (the storyteller says which;
    the app proposes the clockwise one). By the jinx, a Mastermind keeps it even if the Vigormortis dies."""
    nothing = _killing(ctx, answer)
    if nothing is not None:
        return nothing
    seat = answer.seats[0]
    events = kill(ctx.g, ctx.cat, seat, by_demon=True)
    target = ctx.g.player(seat)
    if ctx.cat.team(target.character) != "minion" or not _dies(events, seat):
        return Outcome(events=events)
    me = ctx.actor.seat
    kept = ruled("kept_after_source_dies", {target.character or "", ctx.ability})
    events.append(AddReminder(seat=seat, source=ctx.ability, name="Has Ability", by_seat=None if kept else me))
    sides = nearest_townsfolk(ctx.g, ctx.cat, seat)
    poison: dict[str, list[Event]] = {
        str(s): [AddReminder(seat=s, source=ctx.ability, name="Poisoned", by_seat=me)] for s in sides
    }
    if len(sides) == 1:
        events += poison[str(sides[0])]
    elif sides:
        which = filled(step_texts().rules.vigormortis_which, seat=seat, seats=", ".join(str(s) for s in sides))
        events.append(question(which, poison, str(sides[0])))
    else:  # nobody to poison: said, not silently dropped
        return Outcome(events=events, say=[step_texts().rules.no_townsfolk_to_poison])
    return Outcome(events=events)


def _nodashii_poisons(g: Grimoire, cat: Catalogue, owner: Player) -> set[tuple[int, str]]:
    """The No Dashii's two nearest Townsfolk (alive or dead, other types skipped) lie Poisoned while
    it lives; whether it is sober is the token's own rule (needs_source)."""
    if not owner.alive:
        return set()
    return {(s, "Poisoned") for s in nearest_townsfolk(g, cat, owner.seat)}


PLACED["townsfolk_neighbours_poisoned"] = (_nodashii_poisons, frozenset({"Poisoned"}))


def false_info_by(g: Grimoire, cat: Catalogue, p: Player, ability: str) -> Player | None:
    """The living, sober player whose ability makes this Townsfolk's information false (the Vortox),
    if any: "even if they are drunk or poisoned, it must be false"."""
    if cat.team(ability) != "townsfolk":
        return None
    return next((v for v in anyone_has(g, cat, "townsfolk_info_false") if v.alive and not impaired(g, cat, v)), None)


def _no_execution_evil_wins(g: Grimoire, cat: Catalogue, owner: Player) -> list[Event]:
    """The day ends with no execution while the Vortox lives sober: evil wins."""
    executed = g.executed_today is not None or g.today.block is not None or keys.executed(g.day) in g.memory
    if executed or not owner.alive or impaired(g, cat, owner):
        return []
    return [SetWinner(winner="evil", reason="vortox")]


DAY_END["no_execution_evil_wins"] = _no_execution_evil_wins
