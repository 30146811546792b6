"""Notes the rules add to a character's night step: what any Demon's step must know."""

from __future__ import annotations

from dataclasses import dataclass, field

from moderator.clocktower.grimoire.state import Grimoire
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.conditions import demon_blocked
from moderator.clocktower.rules.texts import filled, step_texts
from moderator.i18n import Text


@dataclass(frozen=True)
class Note:
    """A text and its slots; a list slot (seats) is read out like a true answer."""

    text: Text
    slots: dict[str, object] = field(default_factory=dict)


def step_notes(g: Grimoire, cat: Catalogue, cid: str) -> list[Note]:
    """At a Demon's step: a Lycanthrope kill tonight, and each Lunatic's choices."""
    if cat.team(cid) != "demon":
        return []
    flow = step_texts().flow
    exorcist = g.memory.get(keys.exorcised(g.night))
    if exorcist is not None:
        notes = [Note(flow.exorcised, {"seat": exorcist})]
    else:
        by = g.memory.get(keys.demon_blocked(g.night), "")
        if by and not by.isdigit() and by in cat:  # an ability that stops the kill (the Princess's, the Toymaker's)
            notes = [Note(filled(flow.demon_blocked_by, character=cat[by].name))]
        else:  # the Lycanthrope's kill (its seat)
            notes = [Note(flow.demon_blocked)] if demon_blocked(g) else []
    must = g.memory.get(keys.must_choose(g.night), "")
    if must.isdigit() and int(must) in g.seats():  # a jinx: a right public guess after the execution
        target = g.player(int(must))
        notes.append(Note(filled(step_texts().rules.must_choose, seat=target.seat,
                                 character=cat[target.character or ""].name if target.character in cat else "")))
    for lunatic in g.players:
        chosen = [
            p.seat
            for p in g.players
            if any(r.source == "lunatic" and r.name == "Chosen" and r.by_seat == lunatic.seat for r in p.reminders)
        ]
        if chosen:
            notes.append(Note(flow.lunatic_chose, {"lunatic": lunatic.seat, "chosen": chosen}))
    return notes
