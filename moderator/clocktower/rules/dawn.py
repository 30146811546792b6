"""What happens before dawn is announced: the dawn triggers the character files name, then the
tokens that last until dawn are removed."""

from __future__ import annotations

from collections.abc import Callable

from moderator.clocktower.grimoire.events import Event, SetGhostVote
from moderator.clocktower.grimoire.state import Grimoire
from moderator.clocktower.rules.abilities import kill
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.status import counted_living, impaired
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


FINAL_DAY_ALIVE = 3
"""The final day: three players alive (the next execution, or the night after it, decides the game)."""


def _ferryman_dawn(g: Grimoire, cat: Catalogue) -> list[Event]:
    """With the Ferryman in play, on the final day every dead player gets their vote token back."""
    if "ferryman" not in g.fabled or len(counted_living(g, cat)) != FINAL_DAY_ALIVE:
        return []
    return [SetGhostVote(seat=p.seat, has=True) for p in g.players if not p.alive and not p.ghost_vote]


DAWN: dict[str, DawnFn] = {"acrobat_dawn": _acrobat_dawn, "ferryman_dawn": _ferryman_dawn}
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

