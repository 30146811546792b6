"""What happens before dawn is announced: the dawn triggers the character files name, then the
tokens that last until dawn are removed."""

from __future__ import annotations

from collections.abc import Callable

from moderator.clocktower.grimoire.events import Event
from moderator.clocktower.grimoire.state import Grimoire
from moderator.clocktower.rules.abilities import kill
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.status import impaired
from moderator.clocktower.rules.triggers import TRIGGERS
from moderator.clocktower.rules.victory import expiring
from moderator.journal import simulate

DawnFn = Callable[[Grimoire, Catalogue], list[Event]]


def _acrobat_dawn(g: Grimoire, cat: Catalogue) -> list[Event]:
    """An Acrobat whose chosen player is drunk or poisoned now dies (unless impaired itself)."""
    events: list[Event] = []
    for p in g.players:
        for r in p.reminders:
            if r.source == "acrobat" and r.name == "Chosen" and r.by_seat is not None:
                acrobat = g.player(r.by_seat)
                if acrobat.alive and not impaired(g, cat, acrobat) and impaired(g, cat, p):
                    events += kill(g, cat, acrobat.seat)
    return events


DAWN: dict[str, DawnFn] = {"acrobat_dawn": _acrobat_dawn}
"""The functions of the triggers that run at dawn (``on: dawn`` in :data:`TRIGGERS`)."""


def dawn_events(g: Grimoire, cat: Catalogue) -> list[Event]:
    """Before dawn is announced: every dawn trigger a described character names, then the dawn-long
    tokens removed."""
    named = [t for c in cat.characters.values() if c.data is not None for t in c.data.triggers]
    events: list[Event] = []
    for name in dict.fromkeys(named):
        if TRIGGERS[name].on == "dawn":
            events += DAWN[name](g, cat)
    after = simulate(g, events)
    return events + expiring(after, cat, "dawn")
