"""What is told at a dawn or a dusk besides the night's own steps, kept in the grimoire's memory (a JSON list of
texts a key): the table's news at dawn (the Banshee's wail, the Vizier named), the storyteller's at dusk (what a
day ability owes tonight, what to announce before the game)."""

from __future__ import annotations

import json

from moderator.clocktower.grimoire.events import Remember
from moderator.clocktower.grimoire.state import Grimoire
from moderator.clocktower.rules import keys
from moderator.i18n import Text


def dawn_news(g: Grimoire, texts: list[Text]) -> Remember:
    """``texts`` added to what the table is told at this night's dawn (:func:`told_at_dawn`)."""
    return _noted(g, keys.dawn_news(g.night), texts)


def told_at_dawn(g: Grimoire) -> list[Text]:
    """What the table is told at this night's dawn besides its deaths (the Banshee's wail)."""
    return _notes(g, keys.dawn_news(g.night))


def dawn_roll(g: Grimoire, character: str, seats: list[int]) -> Remember:
    """The players ``character`` chose tonight in public: at dawn the table hears which of them live and which
    died (the Al-Hadikhia's three, even if none changed)."""
    return Remember(key=keys.dawn_roll(g.night, character), value=" ".join(map(str, seats)))


def rolled_at_dawn(g: Grimoire) -> list[tuple[str, list[int]]]:
    """Tonight's public choices (:func:`dawn_roll`): the character, and the players it chose."""
    head = keys.dawn_roll(g.night, "")
    return [(k[len(head):], [int(s) for s in v.split()]) for k, v in sorted(g.memory.items()) if k.startswith(head)]


def dusk_news(g: Grimoire, texts: list[Text]) -> Remember:
    """``texts`` added to what the storyteller is told at the coming night's dusk (:func:`told_at_dusk`)."""
    return _noted(g, keys.dusk_news(g.night if g.phase == "night" else g.night + 1), texts)


def told_at_dusk(g: Grimoire, night: int | None = None) -> list[Text]:
    """What the storyteller is told at this night's dusk (or ``night``'s): what a day ability owes tonight (the
    Puzzlemaster's), what to announce before the game (the Djinn, the Revolutionary's pair)."""
    return _notes(g, keys.dusk_news(g.night if night is None else night))


def _noted(g: Grimoire, key: str, texts: list[Text]) -> Remember:
    kept = json.loads(g.memory.get(key, "[]"))
    return Remember(key=key, value=json.dumps([*kept, *(t.model_dump() for t in texts)], ensure_ascii=False))


def _notes(g: Grimoire, key: str) -> list[Text]:
    return [Text.model_validate(t) for t in json.loads(g.memory.get(key, "[]"))]
