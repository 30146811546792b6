"""Named triggers: abilities that act on game events rather than at a night step."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from moderator.grimoire.events import AddReminder, Event, GainAbility, RemoveReminder
from moderator.grimoire.state import Grimoire, Player
from moderator.rules.catalogue import Catalogue

On = Literal["death", "passive"]


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
    learnt = g.memory.get(f"learnt:pixie:{owner.seat}")
    mad = owner.has_reminder("Mad", "pixie") or g.memory.get(f"mad:pixie:{owner.seat}") == "yes"
    if learnt is None or not mad or not dead.has_reminder("Mad", "pixie") or not owner.alive:
        return []
    return [
        GainAbility(seat=owner.seat, ability=learnt),
        AddReminder(seat=owner.seat, source="pixie", name="Has Ability", by_seat=owner.seat),
    ]


TRIGGERS: dict[str, Trigger] = {
    t.name: t
    for t in (
        Trigger("cannibal_eat", "death", _cannibal_eat),
        Trigger("pixie_gain", "death", _pixie_gain),
        Trigger("grandmother_dies_with_grandchild", "passive"),
        Trigger("babysitter_is_demon", "passive"),
        Trigger("secret_votes", "passive"),
        Trigger("bountyhunter_next", "passive"),
    )
}
