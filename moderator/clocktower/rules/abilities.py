"""Which abilities a player has, and how deaths ripple through them."""

from __future__ import annotations

from moderator.clocktower.grimoire.events import Die, Event
from moderator.clocktower.grimoire.state import Grimoire, Player
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.status import protected
from moderator.clocktower.rules.triggers import TRIGGERS, Death


def acts_as(cat: Catalogue, p: Player) -> str | None:
    """The character whose night steps ``p``'s own token follows.

    A character that never wakes but believes it is another (the Drunk) wakes as what it believes.
    """
    if p.character is None or p.character not in cat:
        return p.character
    char = cat[p.character]
    wakes = char.first_night is not None or char.other_night is not None
    if not wakes and char.data is not None and char.data.setup.believes and p.believes:
        return p.believes
    return p.character


def abilities(cat: Catalogue, p: Player) -> list[str]:
    """Every ability ``p`` acts with: their own (or believed) character, then the ones they hold."""
    own = acts_as(cat, p)
    return [a for a in dict.fromkeys([*([own] if own else []), *p.abilities])]


def triggers_of(cat: Catalogue, p: Player) -> list[str]:
    """The named triggers of every ability ``p`` has."""
    names: list[str] = []
    for cid in abilities(cat, p):
        char = cat.get(cid)
        if char is not None and char.data is not None:
            names += char.data.triggers
    return names


def anyone_has(g: Grimoire, cat: Catalogue, trigger: str) -> list[Player]:
    """The players with a trigger named ``trigger``."""
    return [p for p in g.players if trigger in triggers_of(cat, p)]


def kill(g: Grimoire, cat: Catalogue, seat: int, *, by_demon: bool = False, executed: bool = False) -> list[Event]:
    """The events of ``seat`` dying now, with what the death sets off. Nothing if already dead or safe."""
    p = g.player(seat)
    if not p.alive or (g.phase == "night" and protected(g, cat, p)):
        return []
    death = Death(seat, by_demon=by_demon, executed=executed)
    events: list[Event] = [Die(seat=seat, by_demon=by_demon, executed=executed)]
    after = g.model_copy(deep=True)
    for e in events:
        e.apply(after)
    dead = after.player(seat)
    for owner in after.players:
        for name in triggers_of(cat, owner):
            trig = TRIGGERS[name]
            if trig.on == "death" and trig.fn is not None:
                events += trig.fn(after, cat, owner, dead, death)
    return events
