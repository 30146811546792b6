"""Named triggers: abilities that act on game events rather than at a night step."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from moderator.clocktower.grimoire.events import (
    AddReminder,
    Ask,
    Assign,
    Event,
    GainAbility,
    Remember,
    RemoveReminder,
    Revive,
    SetWinner,
)
from moderator.clocktower.grimoire.state import Grimoire, Player, Question
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.jinxes import ruled_pair
from moderator.clocktower.rules.news import dusk_news
from moderator.clocktower.rules.status import acts_alive, counted_living, impaired, is_demon
from moderator.clocktower.rules.texts import filled, step_texts
from moderator.i18n import Text

On = Literal["death", "executed", "passive", "dawn", "nominated", "day_end", "placed", "chosen"]
"""When a trigger runs: at a death, at an execution nobody dies of (rules.abilities.kill), at dawn
(rules.dawn holds those), when a player is nominated or as the day ends (rules.daytime holds those), after
every change to keep its tokens in place (rules.placed holds those), when a player is chosen at a night step
(effects/bmr.py holds those), or never (read by name)."""


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


def question(
    text: Text,
    options: dict[str, list[Event]],
    proposed: str | None,
    expects: Literal["yesno", "seat"] = "seat",
    step: str | None = None,
    seat: int | None = None,
) -> Ask:
    """Put a question to the storyteller: each answer's events, and the one the app proposes (None:
    no proposal, the storyteller must answer); ``step``, ``seat``: the step it is shown as (a character's)."""
    return Ask(question=Question(ko=text.ko, en=text.en, expects=expects, proposed=proposed, step=step, seat=seat,
                                 options={k: [e.model_dump() for e in v] for k, v in options.items()}))  # fmt: skip


def asked_by(events: list[Event], step: str | None, seat: int | None) -> list[Event]:
    """``events`` with every question that names no step shown as ``step``'s (at ``seat``): a question an
    ability raises is that ability's, even when it is answered after the night has moved on."""
    if step is None:
        return events
    return [
        Ask(question=e.question.model_copy(update={"step": step, "seat": seat}))
        if isinstance(e, Ask) and e.question is not None and e.question.step is None
        else e
        for e in events
    ]


def demon_spared(g: Grimoire, cat: Catalogue, night: int, source: str, by_seat: int | None) -> list[Event]:
    """The Demon kills nobody on ``night`` by ``source``'s ability (the Princess's): remembered, and Doesn't Kill by
    each living Demon."""
    return [Remember(key=keys.demon_blocked(night), value=source),
            *(AddReminder(seat=p.seat, source=source, name="Doesn't Kill", by_seat=by_seat)
              for p in g.players if p.alive and is_demon(cat, p))]  # fmt: skip


def _cannibal_eat(g: Grimoire, cat: Catalogue, owner: Player, dead: Player, d: Death) -> list[Event]:
    if not d.executed or dead.seat == owner.seat or dead.character is None or not owner.alive:
        return []
    events: list[Event] = [
        *(RemoveReminder(seat=p.seat, source="cannibal", name="Lunch") for p in g.players
          if p.seat != dead.seat and p.has_reminder("Lunch", "cannibal")),  # one Lunch: the latest meal
        GainAbility(seat=owner.seat, ability=dead.character, replace=True),
        AddReminder(seat=dead.seat, source="cannibal", name="Lunch", by_seat=owner.seat),
    ]
    nominated_by = dict(zip(g.today.nominees, g.today.nominators, strict=False)).get(dead.seat)
    if nominated_by == owner.seat and ruled_pair("nominated_executed_spares", "cannibal", dead.character) \
            and not impaired(g, cat, owner):  # a jinx: the Princess the Cannibal nominated: no kill tonight
        events += demon_spared(g, cat, g.night + 1, dead.character, owner.seat)
    if ruled_pair("learns_gained", "cannibal", dead.character):  # a jinx: told that night (the Zealot's)
        told = filled(step_texts().rules.learns_gained, seat=owner.seat, character=cat["cannibal"].name,
                      ability=cat[dead.character].name)  # fmt: skip
        events.append(dusk_news(g, [told]))
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
    if learnt is None or not marked or not owner.alive or learnt not in cat or impaired(g, cat, owner):
        return []  # a dead, drunk or poisoned Pixie gains nothing
    gain: list[Event] = [
        GainAbility(seat=owner.seat, ability=learnt),
        RemoveReminder(seat=dead.seat, source="pixie", name="Mad"),
        AddReminder(seat=owner.seat, source="pixie", name="Has Ability", by_seat=owner.seat),
    ]
    name = cat[learnt].name
    asked = filled(step_texts().rules.pixie_mad, seat=owner.seat, character=name)
    question = Question(ko=asked.ko, en=asked.en, if_yes=[e.model_dump() for e in gain])
    return [Ask(question=question)]


def _babysat(p: Player) -> bool:
    """Whether ``p`` holds the Lil' Monsta token (is the Demon for the game)."""
    return p.has_reminder("Is The Demon", "lilmonsta")


def scarlet_catcher(g: Grimoire, cat: Catalogue, dead: Player) -> Player | None:
    """The Scarlet Woman who becomes the Demon that just died (or, by the Lil' Monsta jinx, is given
    the Lil' Monsta token): alive, sober, and five or more were alive."""
    if (cat.team(dead.character) != "demon" and not _babysat(dead)) or len(counted_living(g, cat)) + 1 < 5:
        return None
    if keys.uncaught(g.night, dead.seat) in g.memory:  # a jinx: this Demon's death is caught by nobody (Fang Gu)
        return None
    return next((p for p in g.players if acts_alive(g, cat, p) and "scarletwoman" in (p.character, *p.abilities)
                 and not impaired(g, cat, p)), None)  # fmt: skip


def _scarletwoman_becomes_demon(g: Grimoire, cat: Catalogue, owner: Player, dead: Player, d: Death) -> list[Event]:
    sw = scarlet_catcher(g, cat, dead)
    if sw is None or sw.seat != owner.seat or dead.character is None:
        return []
    if _babysat(dead):  # the jinx with Lil' Monsta: she is given the token tonight
        return [RemoveReminder(seat=dead.seat, source="lilmonsta", name="Is The Demon"),
                AddReminder(seat=sw.seat, source="lilmonsta", name="Is The Demon")]  # fmt: skip
    return [Assign(seat=sw.seat, character=dead.character, alignment="evil"),
            AddReminder(seat=sw.seat, source="scarletwoman", name="Is The Demon", by_seat=sw.seat)]  # fmt: skip


def _imp_star_pass(g: Grimoire, cat: Catalogue, owner: Player, dead: Player, d: Death) -> list[Event]:
    """The Imp killed itself: a living Minion becomes the Imp (the storyteller chooses; the app proposes).
    A Scarlet Woman who catches the Demon becomes it without a choice; either way the new Imp is woken
    to be shown the Imp token and does not kill again tonight."""
    if not d.by_demon or dead.seat != owner.seat or dead.character is None:
        return []
    imp = dead.character
    sw = scarlet_catcher(g, cat, dead)
    if sw is not None:
        told = filled(step_texts().rules.star_pass_scarletwoman, seat=sw.seat)
        shown = Remember(key=keys.acted(g.night, imp, sw.seat), value="yes")
        return [shown, question(told, {str(sw.seat): []}, str(sw.seat))]
    minions = [p for p in g.players if p.alive and cat.team(p.character) == "minion"]
    if not minions:
        return []
    first = minions[0]
    become: list[Event] = [Assign(seat=first.seat, character=imp, alignment="evil"),
                           Remember(key=keys.acted(g.night, imp, first.seat), value="yes")]  # fmt: skip
    options: dict[str, list[Event]] = {str(first.seat): []}
    for m in minions[1:]:
        assert first.character is not None
        options[str(m.seat)] = [Assign(seat=first.seat, character=first.character, alignment=first.alignment),
                                Assign(seat=m.seat, character=imp, alignment="evil"),
                                Remember(key=keys.acted(g.night, imp, m.seat), value="yes")]  # fmt: skip
    return [*become, question(step_texts().rules.star_pass, options, str(first.seat))]


def _saint_executed(g: Grimoire, cat: Catalogue, owner: Player, dead: Player, d: Death) -> list[Event]:
    """The Saint (sober and healthy) dies by execution: their team loses (a good Saint: evil wins)."""
    if not d.executed or dead.seat != owner.seat or impaired(g, cat, dead):
        return []
    return [SetWinner(winner="good" if dead.alignment == "evil" else "evil", reason="saint")]


HINDU_REINCARNATIONS = 4
"""The first this many players to die are reincarnated (the Hindu's)."""


def _hindu_reincarnates(g: Grimoire, cat: Catalogue, _owner: Player, dead: Player, d: Death) -> list[Event]:
    """One of the first four players to die comes back at once, alive, as a Traveller of their alignment: the
    first Traveller not in play is proposed; the storyteller gives another by hand ('seat N is the good X')."""
    done = int(g.memory.get(keys.reincarnated("hindu"), "0"))
    free = [c.id for c in cat.characters.values() if c.team == "traveller" and c.id not in g.in_play()]
    if done >= HINDU_REINCARNATIONS or not free:
        return []
    return [
        Remember(key=keys.reincarnated("hindu"), value=str(done + 1)),
        Revive(seat=dead.seat),
        Assign(seat=dead.seat, character=free[0], alignment=dead.alignment),
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
        Trigger("acrobat_dawn", "dawn"),
        Trigger("hindu_reincarnates", "death", _hindu_reincarnates),
        Trigger("ferryman_dawn", "dawn"),
        Trigger("scarletwoman_becomes_demon", "death", _scarletwoman_becomes_demon),
        Trigger("imp_star_pass", "death", _imp_star_pass),
        Trigger("saint_executed", "death", _saint_executed),
        Trigger("safe_from_demon", "passive"),
        Trigger("demon_kill_bounces", "passive"),
        Trigger("first_death_survived", "passive"),
        Trigger("cannot_die", "passive"),
        Trigger("neighbours_cannot_die", "passive"),
        Trigger("virgin_nominated", "nominated"),
        Trigger("mayor_no_execution", "day_end"),
        Trigger("townsfolk_neighbours_poisoned", "placed"),
        Trigger("townsfolk_info_false", "passive"),
        Trigger("no_execution_evil_wins", "day_end"),
        Trigger("executed_good_may_live", "passive"),
        Trigger("executed_ally_may_take", "passive"),
        Trigger("executes_if_good_voted", "passive"),
        Trigger("first_death_seems", "passive"),
    )
}
