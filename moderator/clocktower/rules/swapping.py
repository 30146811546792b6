"""What moves with a character when two players exchange characters (the storyteller's ``swap``): the
tokens and memory that record its ability's own state (spent, a guess used, who it knows). The ones about a
player (a Red Herring, a Know mark, Poisoned) stay on that player, placed now by the character's new holder."""

from __future__ import annotations

from moderator.clocktower.grimoire.events import AddReminder, Event, Remember, RemoveReminder
from moderator.clocktower.grimoire.state import Grimoire, Player, Reminder
from moderator.clocktower.rules.abilities import abilities
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.status import spec

ABILITY_KEYS = frozenset({"used", "known", "learnt", "shown", "type", "jinxed", "last", "charged", "volley",
                          "kept_sober", "picked", "death", "today"})  # fmt: skip
"""The memory keys (rules/keys.py) ``<kind>:<ability>:<seat>…`` that are the state of that seat's ability."""


def _own_state(cat: Catalogue, p: Player, r: Reminder) -> bool:
    """Whether ``r``, by ``p``, is their own ability's state: placed by it on them, not a mark about a player
    (a decision's mark) nor a status (the Sailor's Drunk on themselves)."""
    char = cat.get(r.source)
    marks = {d.reminder for d in char.data.decisions if d.kind == "mark"} if char and char.data else set()
    s = spec(cat, r)
    return (r.source in abilities(cat, p) and r.by_seat in (None, p.seat) and r.name not in marks
            and (s is None or s.status is None))  # fmt: skip


def ability_state_moves(g: Grimoire, cat: Catalogue, a: int, b: int) -> list[Event]:
    """The events that carry seat ``a``'s and seat ``b``'s ability state across to each other, as their
    characters are exchanged (call with the grimoire before the exchange)."""
    taken: list[Event] = []
    put: list[Event] = []
    for here, there in ((a, b), (b, a)):
        p = g.player(here)
        mine = set(abilities(cat, p))
        for r in p.reminders:
            if _own_state(cat, p, r):
                taken.append(RemoveReminder(seat=here, source=r.source, name=r.name, by_seat=r.by_seat))
                put.append(AddReminder(seat=there, source=r.source, name=r.name,
                                       by_seat=there if r.by_seat is not None else None))  # fmt: skip
        for q in g.players:  # what it placed on players stays on them, placed now by its new holder
            for r in q.reminders:
                if r.by_seat == here and r.source in mine and not (q.seat == here and _own_state(cat, p, r)):
                    taken.append(RemoveReminder(seat=q.seat, source=r.source, name=r.name, by_seat=here))
                    put.append(AddReminder(seat=q.seat, source=r.source, name=r.name, by_seat=there))
        for key, value in g.memory.items():
            parts = key.split(":")
            if len(parts) >= 3 and parts[0] in ABILITY_KEYS and parts[1] in mine and parts[2] == str(here):
                taken.append(Remember(key=key, value=None))
                put.append(Remember(key=":".join([parts[0], parts[1], str(there), *parts[3:]]), value=value))
    return [*taken, *put]
