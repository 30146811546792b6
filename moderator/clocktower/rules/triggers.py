"""Named triggers: abilities that act on game events rather than at a night step."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from moderator.clocktower.grimoire.events import AddReminder, Ask, Event, GainAbility, RemoveReminder
from moderator.clocktower.grimoire.state import Grimoire, Player, Question
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.texts import filled, step_texts

On = Literal["death", "passive", "dawn"]
"""When a trigger runs: at a death, at dawn (rules.dawn holds those), or never (read by name)."""


@dataclass(frozen=True)
class Death:
    """A player has just died."""

    seat: int
    by_demon: bool = False
    executed: bool = False


DeathFn = Callable[[Grimoire, Catalogue, Player, Player, Death], list[Event]]


@dataclass(frozen=True)
class Trigger:
    """A named trigger: ``on`` says when it runs; passive ones are read by other rules by name."""

    name: str
    on: On
    fn: DeathFn | None = None


def _cannibal_eat(g: Grimoire, cat: Catalogue, owner: Player, dead: Player, d: Death) -> list[Event]:
    if not d.executed or dead.seat == owner.seat or dead.character is None:
        return []
    events: list[Event] = [
        GainAbility(seat=owner.seat, ability=dead.character, replace=True),
        AddReminder(seat=dead.seat, source="cannibal", name="Lunch", by_seat=owner.seat),
    ]
    poisoned = owner.has_reminder("Poisoned", "cannibal")
    if dead.alignment == "evil" and not poisoned:
        events.append(AddReminder(seat=owner.seat, source="cannibal", name="Poisoned", by_seat=owner.seat))
    if dead.alignment == "good" and poisoned:
        events.append(RemoveReminder(seat=owner.seat, source="cannibal", name="Poisoned"))
    return events


def _pixie_gain(g: Grimoire, cat: Catalogue, owner: Player, dead: Player, d: Death) -> list[Event]:
    """The Townsfolk the Pixie learnt has died: ask whether the Pixie was mad about being it."""
    learnt = g.memory.get(keys.learnt("pixie", owner.seat))
    marked = any(r.name == "Mad" and r.source == "pixie" and r.by_seat == owner.seat for r in dead.reminders)
    if learnt is None or not marked or not owner.alive or learnt not in cat:
        return []
    gain: list[Event] = [
        GainAbility(seat=owner.seat, ability=learnt),
        RemoveReminder(seat=dead.seat, source="pixie", name="Mad"),
        AddReminder(seat=owner.seat, source="pixie", name="Has Ability", by_seat=owner.seat),
    ]
    name = cat[learnt].name
    asked = filled(step_texts().rules.pixie_mad, seat=owner.seat, character=name)
    question = Question(ko=asked.ko, en=asked.en, if_yes=[e.model_dump() for e in gain])
    return [Ask(question=question)]


TRIGGERS: dict[str, Trigger] = {
    t.name: t
    for t in (
        Trigger("cannibal_eat", "death", _cannibal_eat),
        Trigger("pixie_gain", "death", _pixie_gain),
        Trigger("grandmother_dies_with_grandchild", "passive"),
        Trigger("babysitter_is_demon", "passive"),
        Trigger("secret_votes", "passive"),
        Trigger("bountyhunter_next", "passive"),
        Trigger("acrobat_dawn", "dawn"),
    )
}
