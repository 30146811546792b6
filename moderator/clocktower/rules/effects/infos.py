"""Information effects: each computes the true answer at the moment its step starts."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from moderator.clocktower.grimoire.events import AddReminder, Event, Remember, RemoveReminder
from moderator.clocktower.grimoire.state import Grimoire, Player
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.abilities import abilities
from moderator.clocktower.rules.context import Answer, Ctx, Outcome
from moderator.clocktower.rules.effects.base import TruthFn, effect, info, nothing
from moderator.clocktower.rules.jinxes import lacks_while, prompt_instead, ruled
from moderator.clocktower.rules.status import (
    misregisters,
    registers_demon,
    registers_evil,
    shown_alive_neighbour,
    shown_dead,
    team_of,
)
from moderator.clocktower.rules.texts import filled, step_texts
from moderator.clocktower.rules.victory import demon_players
from moderator.i18n import Text


def _evil(ctx: Ctx, p: Player) -> bool:
    return registers_evil(ctx.g, ctx.cat, p, ctx.ability, ctx.flips)


def registered_character(ctx: Ctx, p: Player) -> str | None:
    """The character ``p`` shows as to the acting ability: their own, or, where the storyteller has them
    misregister (``ctx.flips``: the Spy, the Recluse), the character type they register as, of which the
    storyteller picks one ("a Townsfolk of your choice"). Every ability that learns a character uses it."""
    if p.seat in ctx.flips:
        reg = misregisters(ctx.g, ctx.cat, p)
        if reg is not None and reg.teams:
            return ctx.registers_as(p.seat) or reg.teams[0]
    return p.character


def empath_truth(ctx: Ctx) -> int:
    """Evil living neighbours, skipping the dead (and one registering dead: the Zombuul), counted now (after the
    Demon's kill)."""
    seat = ctx.actor.seat
    near = (shown_alive_neighbour(ctx.g, ctx.cat, seat, +1), shown_alive_neighbour(ctx.g, ctx.cat, seat, -1))
    sides = {p.seat: p for p in near if p is not None}
    return sum(1 for p in sides.values() if _evil(ctx, p))


def oracle_truth(ctx: Ctx) -> int:
    """How many dead players are evil (one registering dead, the Zombuul, counts)."""
    return sum(1 for p in ctx.g.players if shown_dead(ctx.cat, p) and _evil(ctx, p))


def undertaker_truth(ctx: Ctx) -> str | None:
    """The character of the player executed today (the Drunk shows as the Drunk)."""
    seat = ctx.g.executed_today
    return registered_character(ctx, ctx.g.player(seat)) if seat is not None else None


def shugenja_truth(ctx: Ctx) -> str:
    """Which way the nearest evil player sits: clockwise, counterclockwise, or either on a tie."""
    seats = ctx.g.seats()
    i, n = seats.index(ctx.actor.seat), len(seats)

    def distance(step: int) -> int:
        for k in range(1, n):
            if _evil(ctx, ctx.g.player(seats[(i + step * k) % n])):
                return k
        return n

    cw, ccw = distance(+1), distance(-1)
    return "either" if cw == ccw else ("clockwise" if cw < ccw else "counterclockwise")


def grandmother_truth(ctx: Ctx) -> dict[str, object] | None:
    """The grandchild's seat and character."""
    for p in ctx.g.players:
        if any(r.name == "Grandchild" and r.source == "grandmother" for r in p.reminders):
            return {"seat": p.seat, "character": registered_character(ctx, p)}
    return None


def _first(seats: list[int]) -> int | None:
    return seats[0] if seats else None


def bountyhunter_options(ctx: Ctx) -> list[int]:
    """Evil players the Bounty Hunter could be shown (not ones already shown): the truly evil first (what
    the app proposes), then those who only register as evil."""
    shown = set(ctx.g.memory.get(keys.shown_so_far("bountyhunter", ctx.seat), "").split())
    found = [p for p in ctx.g.players if (_evil(ctx, p) or _may_register_evil(ctx, p))
             and str(p.seat) not in shown and p.seat != ctx.seat]  # fmt: skip
    return [p.seat for p in sorted(found, key=lambda p: (p.alignment != "evil", not _evil(ctx, p)))]


def _may_register_evil(ctx: Ctx, p: Player) -> bool:
    """Whether ``p`` may register as evil if the storyteller has them (the Recluse)."""
    reg = misregisters(ctx.g, ctx.cat, p)
    return reg is not None and reg.alignment == "evil"


def balloonist_options(ctx: Ctx) -> list[int]:
    """Players of another character type than the one shown last time."""
    last = ctx.g.memory.get(keys.told_type("balloonist", ctx.seat))
    return [p.seat for p in ctx.g.players if p.seat != ctx.seat and team_of(ctx.cat, p) != last]


def registers_team(ctx: Ctx, p: Player, team: str) -> bool:
    """Whether ``p`` shows as a character of ``team`` to the acting ability (a Spy the storyteller has
    register as a Townsfolk, a Recluse as a Minion; see ``ctx.flips``)."""
    if p.seat in ctx.flips:
        reg = misregisters(ctx.g, ctx.cat, p)
        if reg is not None and reg.teams:
            chosen = ctx.registers_as(p.seat)
            return team == chosen if chosen is not None else team in reg.teams
    return team_of(ctx.cat, p) == team


def pair_truth(team: str, zero: bool = False) -> TruthFn:
    """Two players, one of whom is a character of ``team`` (the Washerwoman's, Librarian's and
    Investigator's first night): the first player who registers so (a misregistering one first, when
    the storyteller has it register), the character, and the next player clockwise as the other.
    A character that only registers as the team is named by the team: the storyteller picks one.
    Nobody of the team: 0 where the ability says so (``zero``: the Librarian's "or that zero are in
    play"); for the others a misregistering that would leave nobody is no answer they can be given
    (a lone Spy registering as good to the Investigator): the answer stays as everyone truly is. With
    nobody else of the team, the player themselves if they are of it (a Washerwoman who is the only
    Townsfolk is shown her own token)."""

    def truth(ctx: Ctx) -> object:
        others = [p for p in ctx.g.players if p.seat != ctx.seat]
        flipped = [p for p in others if p.seat in ctx.flips and registers_team(ctx, p, team)]
        found = flipped + [p for p in others if p.seat not in ctx.flips and registers_team(ctx, p, team)]
        if not found and not zero and ctx.flips:
            return truth(replace(ctx, flips=frozenset()))
        me = ctx.g.player(ctx.seat) if ctx.seat in ctx.g.seats() else None
        if not found and not zero and me is not None and registers_team(ctx, me, team):
            found = [me]  # "by any Townsfolk character token": the Washerwoman's own, when she is the only one
        if not found:
            return 0
        shown = found[0]
        seats = ctx.g.seats()
        i = seats.index(shown.seat)
        other = next(s for k in range(1, len(seats)) if (s := seats[(i + k) % len(seats)]) != ctx.seat)
        character = shown.character
        if shown in flipped and team_of(ctx.cat, shown) != team:
            character = team
        return {"character": character, "players": [shown.seat, other]}

    return truth


def may_register_team(ctx: Ctx, p: Player, team: str) -> bool:
    """Whether ``p`` is, or may register as, a character of ``team`` (a Spy as a Townsfolk or an Outsider,
    a Recluse as a Minion), whatever the storyteller chose this time."""
    if team_of(ctx.cat, p) == team:
        return True
    reg = misregisters(ctx.g, ctx.cat, p)
    return reg is not None and team in reg.teams


def _pair_shown(shown: object) -> tuple[list[int], list[str]]:
    """The seats and the characters of an answer shown at a pair step (the truth's form too)."""
    if isinstance(shown, dict):
        players = shown.get("players")
        shown = (*(players if isinstance(players, list) else []), shown.get("character"))
    items = shown if isinstance(shown, list | tuple) else (shown,)
    seats = list(dict.fromkeys(x for x in items if isinstance(x, int) and not isinstance(x, bool)))
    return seats, [x for x in items if isinstance(x, str)]


def _fits_pair(ctx: Ctx, p: Player, team: str, character: str | None) -> bool:
    """Whether ``p`` may be the one of the pair shown as ``character`` (any of ``team`` when unnamed): it
    is that character, or it may register as one of the team it is not."""
    if character is None or p.character == character:
        return may_register_team(ctx, p, team)
    return team_of(ctx.cat, p) != team and may_register_team(ctx, p, team)


def _proposed(ctx: Ctx, team: str, zero: bool) -> str | None:
    """The character of the proposal (:func:`pair_truth`), where it names one."""
    truth = pair_truth(team, zero)(ctx)
    character = truth.get("character") if isinstance(truth, dict) else None
    return character if isinstance(character, str) and character in ctx.cat else None


def pair_holds(team: str, zero: bool = False) -> Callable[[Ctx, object], bool]:
    """Whether an answer is true at a pair step: the storyteller chooses which player of the team to show,
    and which other player (the rules name neither), so any two players of whom one is, or may register
    as, the character shown, itself of ``team`` (players said alone: the proposal's character); or 0
    where nobody is of the team and the ability says so (``zero``)."""

    def holds(ctx: Ctx, shown: object) -> bool:
        others = [p for p in ctx.g.players if p.seat != ctx.seat]
        if isinstance(shown, int) and not isinstance(shown, bool):
            return zero and shown == 0 and not any(team_of(ctx.cat, p) == team for p in others)
        seats, characters = _pair_shown(shown)
        if len(characters) > 1 or len(seats) not in (0, 2) or not set(seats) <= set(ctx.g.seats()):
            return False
        character = characters[0] if characters else _proposed(ctx, team, zero)  # players said alone: its token
        if character is not None and (character not in ctx.cat or ctx.cat.team(character) != team):
            return False
        players = [ctx.g.player(s) for s in seats] if seats else ctx.g.players  # a token alone: anyone
        return any(_fits_pair(ctx, p, team, character) for p in players)

    return holds


def pair_apply(team: str, marker: str, zero: bool = False) -> Callable[[Ctx, Answer], Outcome]:
    """Mark the two players shown: ``marker`` by the one of the team, Wrong by the other. The players the
    storyteller said they showed (the one who is, or may register as, the character shown gets the
    marker; the first said if neither is), else the proposal."""

    def apply(ctx: Ctx, answer: Answer) -> Outcome:
        if len(answer.seats) == 2 and all(s in ctx.g.seats() for s in answer.seats):
            right, wrong = answer.seats
            token = answer.character or _proposed(ctx, team, zero)
            if not _fits_pair(ctx, ctx.g.player(right), team, token) and _fits_pair(
                    ctx, ctx.g.player(wrong), team, token):  # fmt: skip
                right, wrong = wrong, right
        else:
            shown = pair_truth(team, zero)(ctx)
            if not isinstance(shown, dict):
                return Outcome()
            right, wrong = shown["players"]
        marks = [AddReminder(seat=right, source=ctx.ability, name=marker, by_seat=ctx.seat),
                 AddReminder(seat=wrong, source=ctx.ability, name="Wrong", by_seat=ctx.seat)]  # fmt: skip
        return Outcome(events=list[Event](marks))

    return apply


def chef_truth(ctx: Ctx) -> int:
    """How many pairs of evil players sit next to each other (the dead count; every pair once)."""
    seats = ctx.g.seats()
    n = len(seats)
    evil = [_evil(ctx, ctx.g.player(s)) for s in seats]
    return sum(1 for i in range(n) if evil[i] and evil[(i + 1) % n]) if n > 2 else int(all(evil) and n == 2)


# The Librarian alone may learn that zero are in play ("Or that zero are in play.").
for _name, _team, _marker, _zero in (("washerwoman_learn", "townsfolk", "Townsfolk", False),
                                     ("librarian_learn", "outsider", "Outsider", True),
                                     ("investigator_learn", "minion", "Minion", False)):  # fmt: skip
    effect(_name, truth=pair_truth(_team, _zero), holds=pair_holds(_team, _zero))(pair_apply(_team, _marker, _zero))

info("chef_pairs", chef_truth)
info("empath_count", empath_truth)
info("oracle_count", oracle_truth)
info("undertaker_learn", undertaker_truth)
info("shugenja_direction", shugenja_truth)
info("grandmother_learn", grandmother_truth)


def bountyhunter_hint(ctx: Ctx, _answer: Answer) -> Text | None:
    """On the first night: the evil Townsfolk to wake and tell they are evil."""
    if ctx.g.night != 1:
        return None
    who = next((p for p in ctx.g.players if p.alignment == "evil" and ctx.cat.team(p.character) == "townsfolk"), None)
    return filled(step_texts().rules.bountyhunter_evil, seat=who.seat, name=who.name) if who else None


@effect("bountyhunter_learn", truth=lambda ctx: _first(bountyhunter_options(ctx)), options=bountyhunter_options,
        hint=bountyhunter_hint)  # fmt: skip
def bountyhunter_learn(ctx: Ctx, answer: Answer) -> Outcome:
    """Move the Know token to the player shown, and remember them: the same one is never shown twice."""
    seat = _shown(answer, bountyhunter_options(ctx))
    if seat is None:
        return Outcome()
    key = keys.shown_so_far("bountyhunter", ctx.seat)
    shown = f"{ctx.g.memory.get(key, '')} {seat}".strip()
    events = [Remember(key=key, value=shown), Remember(key=keys.known(ctx.ability, ctx.seat), value=str(seat))]
    return Outcome(events=[*events, *_move_know(ctx, seat)])


def _shown(answer: Answer, options: list[int]) -> int | None:
    """The player the storyteller showed: the one said, else the first true one (what "next" takes)."""
    return answer.seats[0] if answer.seats else _first(options)


def _move_know(ctx: Ctx, seat: int) -> list[Event]:
    """The acting ability's Know token leaves whoever had it and goes by ``seat``."""
    events: list[Event] = [
        RemoveReminder(seat=p.seat, source=ctx.ability, name="Know")
        for p in ctx.g.players
        if any(r.source == ctx.ability and r.name == "Know" and r.by_seat == ctx.seat for r in p.reminders)
    ]
    return [*events, AddReminder(seat=seat, source=ctx.ability, name="Know", by_seat=ctx.seat)]


@effect("balloonist_learn", truth=lambda ctx: _first(balloonist_options(ctx)), options=balloonist_options)
def balloonist_learn(ctx: Ctx, answer: Answer) -> Outcome:
    """Move the Know token and remember the type shown, so the next player is of another type."""
    seat = _shown(answer, balloonist_options(ctx))
    if seat is None:
        return Outcome()
    team = team_of(ctx.cat, ctx.g.player(seat))
    told = Remember(key=keys.told_type("balloonist", ctx.seat), value=str(team))
    return Outcome(events=[told, *_move_know(ctx, seat)])


def _chosen(answer: Answer, ctx: Ctx) -> list[Player]:
    return [ctx.g.player(s) for s in answer.seats]


def ravenkeeper_told(ctx: Ctx, answer: Answer) -> str | None:
    """The chosen player's character."""
    return next((registered_character(ctx, p) for p in _chosen(answer, ctx)), None)


def villageidiot_told(ctx: Ctx, answer: Answer) -> str | None:
    """The chosen player's alignment, as it registers."""
    return next(("evil" if _evil(ctx, p) else "good" for p in _chosen(answer, ctx)), None)


def fortuneteller_told(ctx: Ctx, answer: Answer) -> bool:
    """Whether either chosen player registers as the Demon (the red herring does)."""
    return any(registers_demon(ctx.g, ctx.cat, p, ctx.ability, ctx.flips, ctx.seat) for p in _chosen(answer, ctx))


def seamstress_told(ctx: Ctx, answer: Answer) -> bool:
    """Whether the two chosen players register as the same alignment."""
    a, b = _chosen(answer, ctx)
    return _evil(ctx, a) == _evil(ctx, b)


def _run_asleep(ctx: Ctx, ability: str | None) -> bool:
    """Whether every step of ``ability`` tonight is the storyteller's, the player not woken (the Gossip's kill)."""
    char = ctx.cat.get(ability or "")
    if char is None or char.data is None:
        return False
    steps = char.data.night.first if ctx.g.night == 1 else char.data.night.other
    return bool(steps) and all(s.by_storyteller for s in steps)


def chambermaid_told(ctx: Ctx, answer: Answer) -> int:
    """How many of the two chosen players the night has woken so far for their own ability (every night
    step the storyteller ran for them tonight, whatever the ability, but not a step run while another
    ability kept them asleep: the exorcised Demon wakes only to learn the Exorcist)."""
    night = ctx.g.night
    woke = {keys.acted_seat(k, night) for k, v in ctx.g.memory.items()
            if v != keys.PASSED and not _run_asleep(ctx, keys.acted_ability(k, night))}  # fmt: skip
    woke -= {s for s in ctx.g.seats() if keys.kept_asleep(night, s) in ctx.g.memory}
    if ruled("chambermaid_sees_mathematician", ctx.g.in_play()):  # it wakes later tonight, and counts
        woke |= {p.seat for p in ctx.g.players if p.alive and "mathematician" in abilities(ctx.cat, p)}
    return sum(1 for p in _chosen(answer, ctx) if p.seat in woke)


effect("chambermaid_count", "two_seats", told=chambermaid_told)(nothing)
effect("ravenkeeper_learn", "seat", told=ravenkeeper_told)(nothing)
effect("villageidiot_check", "seat", told=villageidiot_told)(nothing)
effect("fortuneteller_check", "two_seats", told=fortuneteller_told)(nothing)


def _magicians(g: Grimoire) -> list[int]:
    """The Magicians, shown with the evil team (as the Demon to the Minions, as a Minion to the Demon), unless a jinx
    takes the ability away (``no_ability_while``: the Vizier's)."""
    return [p.seat for p in g.players if p.character == "magician" and not lacks_while("magician", g.in_play())]


def _minion_info(ctx: Ctx) -> dict[str, object]:
    """What the Minions learn: each other and the Demon (a Magician shows as a Demon too). A Minion who
    believes it is another character (the Marionette) is not woken with them: only the Demon learns it."""
    g, cat = ctx.g, ctx.cat
    minions = [p.seat for p in g.players
               if p.character and cat.team(p.character) == "minion" and not cat.setup(p.character).believes]
    demons = [p.seat for p in demon_players(g, cat)]
    return {"minions": minions, "demon": sorted(demons + _magicians(g))}


def _demon_info(ctx: Ctx) -> dict[str, object]:
    """What the Demon learns: its Minions (a Magician among them), three bluffs, and any Lunatic. A Minion the
    Demon is shown apart, not knowing which neighbour it is (a jinx: the Marionette while the Magician lives), is
    not pointed at among them."""
    g, cat = ctx.g, ctx.cat
    alive = g.living_characters()
    minions = [p.seat for p in g.players if cat.team(p.character) == "minion"
               and not (p.character and cat.setup(p.character).believes and prompt_instead(p.character, alive))]
    lunatics = [p.seat for p in g.players if p.character == "lunatic"]
    info_: dict[str, object] = {"minions": sorted(minions + _magicians(g)), "bluffs": list(g.bluffs)}
    if lunatics:
        info_["lunatic"] = lunatics
    return info_


info("minion_info", _minion_info)
info("demon_info", _demon_info)
info("bluffs_shown", lambda ctx: {"bluffs": list(ctx.g.bluffs)})  # the Summoner's, with no Demon to show them
