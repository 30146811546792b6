"""Relations the rules tie to a character, kept true after any change of character or alignment.

A setup decision that marks a player (the Evil Twin's twin, the Fortune Teller's red herring, the
Grandmother's grandchild, the Widow's and the Lycanthrope's good player, the drunk Village Idiot) holds
only while its holder has the ability. One with ``recheck`` (the twin, of the other alignment; the
Widow's good player until told) holds only while the marked player still fits what the decision may
choose; one among several copies (the drunk Village Idiot) only on one copy, still of that character.
Whatever changed them (a Fang Gu's jump, the Pit-Hag, the Barber, the Snake Charmer, the storyteller's
hand), a mark that no longer holds is taken off, and the decision is made again: the first with a choice
asked of the storyteller with the app's proposal, unless a question is already waiting.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from moderator.clocktower.grimoire.events import Event, RemoveReminder
from moderator.clocktower.grimoire.state import Grimoire, Player, Reminder
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.abilities import abilities
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.decisions import decision_events, decisions, made_or_asked, options_of
from moderator.clocktower.rules.schema import Decision
from moderator.clocktower.rules.status import spec


@dataclass(frozen=True)
class Broken:
    """A mark that no longer holds, and who should decide it again (None: nobody holds the ability)."""

    seat: int
    reminder: Reminder
    holder: int | None


def _mark_decisions(cat: Catalogue) -> dict[tuple[str, str], Decision]:
    """Every marking decision, by (owner character, reminder name)."""
    found: dict[tuple[str, str], Decision] = {}
    for cid, char in cat.characters.items():
        for dec in char.data.decisions if char.data is not None else []:
            if dec.kind == "mark" and dec.reminder:
                found[(cid, dec.reminder)] = dec
    return found


def _holds(cat: Catalogue, p: Player | None, owner: str) -> bool:
    return p is not None and owner in abilities(cat, p)


def broken(g: Grimoire, cat: Catalogue, script: Sequence[str]) -> list[Broken]:
    """The decision marks in ``g`` that no longer hold."""
    marks = _mark_decisions(cat)
    found: list[Broken] = []
    for q in g.players:
        for r in q.reminders:
            dec = marks.get((r.source, r.name))
            if dec is None:
                continue
            if dec.when == "several_copies":  # while there are several copies, on exactly one of them
                copies = g.holders(r.source)
                kept = _kept_copy(g, r, copies)
                if kept is not q:
                    found.append(Broken(q.seat, r, copies[0].seat if len(copies) >= 2 and kept is None else None))
                continue
            holder = g.player(r.by_seat) if r.by_seat in g.seats() else None
            if not _holds(cat, holder, r.source):
                found.append(Broken(q.seat, r, None))
            elif holder is not None and _rechecked(g, dec, r.source, holder.seat) and str(q.seat) not in options_of(
                g, cat, script, dec, holder.seat, r.source
            ):
                found.append(Broken(q.seat, r, holder.seat))
    return found


def _rechecked(g: Grimoire, dec: Decision, owner: str, seat: int) -> bool:
    """Whether the decision's mark must still fit its target now (see ``Decision.recheck``)."""
    if dec.recheck == "until_told":
        return not any(keys.acted(n, owner, seat) in g.memory for n in range(1, g.night + 1))
    return dec.recheck == "always"


def _kept_copy(g: Grimoire, r: Reminder, copies: list[Player]) -> Player | None:
    """Of the copies of a character, the one whose mark stands: the first marked (a drunk Village Idiot stays
    drunk when the others become something else; a second mark is one too many)."""
    return next((p for p in copies if p.has_reminder(r.name, r.source)), None)


def _own_marks(cat: Catalogue, cid: str) -> set[str]:
    """The reminders a character's setup decisions lay (the Drunk's Is The Drunk)."""
    char = cat.get(cid)
    return {d.reminder for d in char.data.decisions if d.reminder} if char is not None and char.data else set()


def _moved_types(was: Mapping[int, tuple[str | None, object]], after: Grimoire, cat: Catalogue) -> list[Event]:
    """The reminders that lie by a player of some types (``ReminderSpec.holder_teams``) taken off a player
    whose character changed from one of them to another type (a babysitting Minion made a Townsfolk); and
    those their old character laid on themselves (the Drunk made the real Empath is no longer drunk)."""
    events: list[Event] = []
    for p in after.players:
        old = was.get(p.seat, (None, None))[0]
        if old == p.character:
            continue
        for r in p.reminders:
            s = spec(cat, r)
            if s is not None and s.holder_teams and cat.team(old) in s.holder_teams \
                    and cat.team(p.character) not in s.holder_teams:
                events.append(RemoveReminder(seat=p.seat, source=r.source, name=r.name))
            elif old is not None and r.source == old and r.by_seat in (None, p.seat) and r.name in _own_marks(cat, old):
                # what their old character's setup marked them with (Is The Drunk) goes with that character;
                # a token its ability lays later stays (the Scarlet Woman's, once she is the Demon)
                events.append(RemoveReminder(seat=p.seat, source=r.source, name=r.name))
    return events


def repaired(before: Grimoire, after: Grimoire, cat: Catalogue, script: Sequence[str]) -> list[Event]:
    """After ``before`` became ``after``: if a character or an alignment changed, the marks that no longer
    hold are taken off and decided again (see the module). Nothing otherwise."""
    was = {p.seat: (p.character, p.alignment) for p in before.players}
    if all(was.get(p.seat) == (p.character, p.alignment) for p in after.players):
        return []
    moved = _moved_types(was, after, cat)
    gone = broken(after, cat, script)
    if not gone:
        return moved
    events: list[Event] = [*moved, *(RemoveReminder(seat=b.seat, source=b.reminder.source, name=b.reminder.name)
                                     for b in gone)]  # fmt: skip
    g = after.model_copy(deep=True)
    for e in events:
        e.apply(g)
    seats = {b.holder for b in gone if b.holder is not None}
    if not seats:
        return events
    marks = _mark_decisions(cat)
    ids = {d.id for b in gone if (d := marks.get((b.reminder.source, b.reminder.name)))}
    rng = random.Random(f"{g.night}:{g.day}:{sorted(seats)}")
    found = [f for f in decisions(g, cat, script, rng, {}, seats=seats, strict=False) if f.decision.id in ids]
    if after.question is not None:  # one question at a time: made as proposed (the storyteller may edit)
        return [*events, *decision_events(found)]
    return [*events, *made_or_asked(found, {}, ("mark",))]
