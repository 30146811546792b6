"""Reminders an ability keeps in place: the triggers ``on: placed`` (the No Dashii's poisoned
neighbours). After every change the app works out where those tokens must lie now and moves them,
so the grimoire follows deaths and character changes without anyone placing them by hand."""

from __future__ import annotations

from collections.abc import Callable

from moderator.clocktower.grimoire.events import AddReminder, Event, RemoveReminder
from moderator.clocktower.grimoire.state import Grimoire, Player
from moderator.clocktower.rules.abilities import abilities, anyone_has
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.triggers import TRIGGERS

PlacedFn = Callable[[Grimoire, Catalogue, Player], set[tuple[int, str]]]
"""The (seat, reminder name) pairs the owner's ability keeps in place now."""

PLACED: dict[str, tuple[PlacedFn, frozenset[str]]] = {}
"""Each ``on: placed`` trigger's function and the reminder names it looks after (filled by the
effect modules that define them)."""


def _sources(cat: Catalogue, name: str) -> set[str]:
    return {cid for cid, c in cat.characters.items() if c.data is not None and name in c.data.triggers}


def placed_events(g: Grimoire, cat: Catalogue) -> list[Event]:
    """The reminders to add and remove so that every ``placed`` trigger's tokens lie where they must."""
    events: list[Event] = []
    for name, (fn, names) in PLACED.items():
        assert TRIGGERS[name].on == "placed"
        sources = _sources(cat, name)
        wanted: set[tuple[int, str, str, int]] = set()
        for owner in anyone_has(g, cat, name):
            source = next(a for a in abilities(cat, owner) if a in sources)
            wanted |= {(seat, source, rem, owner.seat) for seat, rem in fn(g, cat, owner)}
        lying = {
            (p.seat, r.source, r.name, r.by_seat)
            for p in g.players
            for r in p.reminders
            if r.source in sources and r.name in names and r.by_seat is not None
        }
        events += [RemoveReminder(seat=s, source=src, name=n) for s, src, n, _ in sorted(lying - wanted)]
        events += [AddReminder(seat=s, source=src, name=n, by_seat=b) for s, src, n, b in sorted(wanted - lying)]
    return events
