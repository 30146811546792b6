"""Whether a grimoire read from a file (a bare state, or a save written by an older version without a checksum)
is one the app can run: the checks a state made by the app always passes."""

from __future__ import annotations

from moderator.clocktower.grimoire.state import Grimoire
from moderator.clocktower.rules.catalogue import PSEUDO_STEPS, Catalogue

MOST_SEATS = 20
"""The most seats a game can have (15 players and 5 Travellers)."""
CURSOR_IDS = frozenset({*PSEUDO_STEPS, "day", "over"})
"""The steps a cursor may name besides a character's."""


def grimoire_problem(g: Grimoire, cat: Catalogue) -> str | None:
    """What makes ``g`` a state the app cannot run (named, in a few words), or None."""
    seats = [p.seat for p in g.players]
    if not seats:
        return "it has no players"
    if seats != list(range(1, len(seats) + 1)):
        return f"its seats are not numbered 1 to {len(seats)} once each ({', '.join(map(str, seats[:25]))})"
    if len(seats) > MOST_SEATS:
        return f"it has {len(seats)} seats; a game has at most {MOST_SEATS}"
    unknown = sorted({c for p in g.players for c in (p.character, p.believes) if c and c not in cat})
    unknown += sorted({c for c in [*g.bluffs, *g.unseated, *g.fabled] if c not in cat})
    if unknown:
        return f"unknown character ids: {', '.join(unknown[:10])}"
    c = g.cursor
    if c is not None and c.id not in CURSOR_IDS and c.id not in cat:
        return f"its step {c.id!r} is no step of a game"
    named = [s for s in [c.seat if c else None, *(c.seats if c else []), *g.died_tonight, *g.today.nominators,
                         *g.today.nominees] if s is not None]  # fmt: skip
    if any(s not in seats for s in named):
        return f"it names a seat it does not have ({', '.join(str(s) for s in named if s not in seats)})"
    return None
