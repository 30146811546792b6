"""What happens at a nomination and as the day ends: the triggers the character files name for those
moments (``on: nominated`` and ``on: day_end`` in :data:`~moderator.clocktower.rules.triggers.TRIGGERS`)."""

from __future__ import annotations

from collections.abc import Callable

from moderator.clocktower.grimoire.events import AddReminder, Event, Remember, SetWinner
from moderator.clocktower.grimoire.state import Grimoire, Player
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.abilities import abilities, anyone_has, kill, owning
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.jinxes import guessed_character, jinxes, lacks_while, ruled
from moderator.clocktower.rules.status import impaired, impaired_for, misregisters
from moderator.clocktower.rules.texts import filled, step_texts
from moderator.clocktower.rules.triggers import TRIGGERS, Trigger, asked_by, question
from moderator.errors import IllegalChoice
from moderator.i18n import Text

NominatedFn = Callable[[Grimoire, Catalogue, Player, int, int, list[Event]], list[Event]]
DayEndFn = Callable[[Grimoire, Catalogue, Player], list[Event]]

MAYOR_ALIVE = 3
"""The Mayor's win: exactly this many players alive and no execution today."""


def _virgin_nominated(
    g: Grimoire, cat: Catalogue, owner: Player, nominator: int, nominee: int, close: list[Event]
) -> list[Event]:
    """The Virgin's first nomination spends her ability; a Townsfolk nominator is executed at once
    (``close``: the events that close the vote). A nominator who may register as a Townsfolk (the Spy)
    is a question to the storyteller, proposing no."""
    if nominee != owner.seat or keys.used("virgin", owner.seat) in g.memory:
        return []
    spend: list[Event] = [
        Remember(key=keys.used("virgin", owner.seat), value="yes"),
        AddReminder(seat=owner.seat, source="virgin", name="No Ability"),
    ]
    if impaired_for(g, cat, owner, "virgin") or not owner.alive:
        return spend
    if nominator not in g.seats():  # the storyteller's nomination (the Bishop's game)
        return spend
    p = g.player(nominator)
    if cat.team(p.character) == "townsfolk":
        return [*spend, *kill(g, cat, nominator, executed=True), *close]
    reg = misregisters(g, cat, p)
    if reg is not None and "townsfolk" in reg.teams:
        asked = filled(step_texts().rules.registers_townsfolk_to, seat=p.seat,
                       character=cat[p.character or ""].name, ability=cat["virgin"].name)  # fmt: skip
        executed = [*kill(g, cat, nominator, executed=True), *close]
        return [*spend, question(asked, {"yes": executed, "no": []}, "no", "yesno")]
    return spend


def _mayor_no_execution(g: Grimoire, cat: Catalogue, owner: Player) -> list[Event]:
    """The day ends with no execution, three players alive, the Mayor among them and sober: good wins."""
    executed = g.executed_today is not None or g.today.block is not None or keys.executed(g.day) in g.memory
    if executed or not owner.alive or impaired(g, cat, owner):
        return []
    return [SetWinner(winner=owner.alignment, reason="mayor")] if len(g.living()) == MAYOR_ALIVE else []


RIOT_DAY = 3
"""The Riot's day: its Minions become Riot the night before, and each nominee dies and nominates at once."""
RIOT_NOMINATED = "riot_nominated"
"""The trigger of the Riot's day three (registered in effects/riot.py)."""


def riot_holders(g: Grimoire, cat: Catalogue) -> list[Player]:
    """The living players with the Riot's ability (the Demon, and the Minions it made Riot)."""
    return [p for p in anyone_has(g, cat, RIOT_NOMINATED) if p.alive]


def riot_chain(g: Grimoire, cat: Catalogue, nominator: int) -> bool:
    """Whether ``nominator`` is today's last nominee on the Riot's day: they nominate at once, dead or not, even
    if they nominated before."""
    last = g.today.nominees[-1] if g.today.nominees else None
    return g.day == RIOT_DAY and last == nominator and g.today.pending is None and bool(riot_holders(g, cat))


NOMINATED: dict[str, NominatedFn] = {"virgin_nominated": _virgin_nominated}
DAY_END: dict[str, DayEndFn] = {"mayor_no_execution": _mayor_no_execution}


def nomination_events(g: Grimoire, cat: Catalogue, nominator: int, nominee: int, close: list[Event]) -> list[Event]:
    """What a nomination sets off (the Virgin's), given the events that close the vote if it ends it."""
    events: list[Event] = []
    for name, fn in NOMINATED.items():
        assert TRIGGERS[name].on == "nominated"
        for owner in anyone_has(g, cat, name):
            events += asked_by(fn(g, cat, owner, nominator, nominee, close), owning(cat, owner, name), owner.seat)
    return events


def day_end_events(g: Grimoire, cat: Catalogue) -> list[Event]:
    """What the end of the day sets off (the Mayor's win), on the grimoire after any execution."""
    events: list[Event] = []
    for name, fn in DAY_END.items():
        assert TRIGGERS[name].on == "day_end"
        for owner in anyone_has(g, cat, name):
            events += asked_by(fn(g, cat, owner), owning(cat, owner, name), owner.seat)
    return events


TRIGGERS["opposite_nominee_each_day"] = Trigger("opposite_nominee_each_day", "passive")


def _bishops(g: Grimoire, cat: Catalogue) -> list[Player]:
    """The living, sober holders of ``opposite_nominee_each_day`` (the Bishop)."""
    return [p for p in anyone_has(g, cat, "opposite_nominee_each_day") if p.alive and not impaired(g, cat, p)]


def storyteller_only_nominates(g: Grimoire, cat: Catalogue) -> Player | None:
    """A living, sober Bishop, while whom only the storyteller nominates."""
    return next(iter(_bishops(g, cat)), None)


def opposite_unnominated(g: Grimoire, cat: Catalogue) -> Player | None:
    """A living, sober Bishop when nobody of the other alignment has been nominated today: the day may not end
    yet."""
    nominated = {g.player(s).alignment for s in g.today.nominees if s in g.seats()}
    return next((p for p in _bishops(g, cat) if ("evil" if p.alignment == "good" else "good") not in nominated), None)


def good_wins_instead(deaths: list[Event], won: str) -> list[Event]:
    """``deaths`` of an execution a jinx turns into good's win (``won``: its ability, :func:`jinx_win`): whatever
    win they set off is replaced by it."""
    return [*(e for e in deaths if not isinstance(e, SetWinner)), SetWinner(winner="good", reason=won)]


def jinx_win(g: Grimoire, cat: Catalogue, nominator: int, nominee: int) -> str | None:
    """A jinx (``executed_good_wins``): the ability whose jinx makes good win when ``nominee``, nominated by
    ``nominator``, is executed: a sober holder of its first ability (the Soldier), or the player a living sober
    holder of it chose last night (the Monk's, the Innkeeper's two, the Exorcist's), nominated by a holder of its
    second (the Leviathan, a Riot). None: no such jinx."""
    if nominator not in g.seats():  # the storyteller's nomination (the Bishop's game)
        return None
    by, p = g.player(nominator), g.player(nominee)
    for j in jinxes():
        if j.rule != "executed_good_wins" or j.pair[1] not in abilities(cat, by):
            continue
        if j.pair[0] in abilities(cat, p) and not impaired(g, cat, p):  # the Soldier
            return j.pair[0]
        if any(q.alive and not impaired(g, cat, q) and j.pair[0] in abilities(cat, q)
               and str(nominee) in g.memory.get(keys.chosen_last(j.pair[0], q.seat), "").split()
               for q in g.players):  # fmt: skip
            return j.pair[0]  # the player the Monk chose last night
    return None


def vizier_refuses(g: Grimoire, cat: Catalogue, seat: int) -> None:
    """An execution at once of today's nominee ``seat`` while a living, sober Vizier (``executes_if_good_voted``)
    is in play: refused when only evil players were said to vote on it, or when the Fearmonger chose that
    player (a jinx: the Vizier wakes with the Fearmonger and cannot execute its choice at once).

    Raises:
        IllegalChoice: one of the two.
    """
    viziers = [p for p in anyone_has(g, cat, "executes_if_good_voted") if p.alive and not impaired(g, cat, p)]
    if not viziers or seat not in g.today.nominees:
        return
    if keys.evil_only_votes(g.day, seat) in g.memory:
        raise IllegalChoice("vizier_needs_good_vote", seat=seat)
    if any(lacks_while(a, g.in_play()) in {v.character for v in viziers} for a in abilities(cat, g.player(seat))):
        raise IllegalChoice("vizier_immune", seat=seat)  # a jinx: the Magician is immune to the Vizier's ability
    feared = any(r.source == "fearmonger" and r.name == "Fear" for r in g.player(seat).reminders)
    if feared and ruled("vizier_not_fear", g.in_play()):
        raise IllegalChoice("vizier_not_feared", seat=seat)


def guess_target(g: Grimoire, p: Player) -> str | None:
    """The character ``p`` may publicly guess after an execution, by a jinx (:func:`guessed_character`): the one
    whose ability a jinx showed them and keeps from them, or the second of the pair on the script."""
    shown = g.memory.get(keys.jinxed(p.character or "", p.seat))
    return guessed_character(p.character, shown, g.in_play() | set(g.script))


def jinx_guess(g: Grimoire, cat: Catalogue, guesser: int, guessed: int) -> tuple[list[Event], list[Text], list[Text]]:
    """A public guess a jinx allows after an execution (``guess_after_execution``: the Alchemist-Spy guesses the
    Spy): the events (right: the Demon must choose that player tonight), what the storyteller is told, and what
    the table is. Once after each execution, by a living guesser, of a living player.

    Raises:
        IllegalChoice: nobody may guess so now.
    """
    p, q = g.player(guesser), g.player(guessed)
    target = guess_target(g, p)
    if target is None or not p.alive:
        raise IllegalChoice("no_jinx_guess", seat=guesser)
    if g.executed_today is None:
        raise IllegalChoice("guess_after_execution", seat=guesser)
    night = g.night if g.phase == "night" else g.night + 1
    used = keys.today("jinx_guess", guesser, night)
    if used in g.memory:
        raise IllegalChoice("guessed_already", seat=guesser)
    if not q.alive:
        raise IllegalChoice("dead_target", seat=guessed)
    rules = step_texts().rules
    name = cat[target].name
    events: list[Event] = [Remember(key=used, value=str(guessed))]
    public = [filled(rules.jinx_guessed_public, seat=guesser, guessed=guessed, character=name)]
    if q.character == target:
        events.append(Remember(key=keys.must_choose(night), value=str(guessed)))
        return events, [filled(rules.jinx_guess_right, seat=guessed, character=name)], public
    return events, [filled(rules.jinx_guess_wrong, seat=guessed, character=name)], public
