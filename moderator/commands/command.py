"""What the parser gives and knows: a :class:`Command` understood, the game's :class:`Vocabulary`,
and which intents each kind of answer allows."""

from __future__ import annotations

from dataclasses import dataclass, field

from moderator.commands.phrases import (
    Intent,
)

Value = str | int | bool | tuple[str | int | bool, ...]
"""What a command's value may be: a number, a word's meaning, a character id, or several of them."""

#: Always allowed, whatever the step expects.
ALWAYS: tuple[Intent, ...] = ("next", "back", "repeat", "pause")

#: Intents of a step that chooses a player or a character: there "no" means nobody.
CHOOSING: frozenset[Intent] = frozenset({"seat", "two_seats", "character"})

#: What a step that expects each kind of answer lets the storyteller say.
INTENTS_FOR: dict[str, tuple[Intent, ...]] = {
    "confirm": (),
    "seat": ("seat", "no"),
    "two_seats": ("two_seats", "seat", "no"),
    "character": ("character", "no"),
    "yesno": ("yes", "no"),
    "number": ("number",),
    "direction": ("direction",),
    "alignment": ("alignment",),
}


@dataclass(frozen=True)
class Command:
    """What the storyteller said, understood."""

    intent: Intent
    seats: tuple[int, ...] = ()
    character: str | None = None
    number: int | None = None
    value: Value | None = None
    """For ``showed``, ``direction``, ``alignment``, ``status``, ``go_to``: what was said (several things
    shown: a tuple of them)."""
    text: str = ""
    reminder: tuple[str, str] | None = None
    """For ``put_reminder`` and ``take_reminder``: the token, as (its character's id, its official name)."""
    words: str | None = None
    """A ``{text}`` slot as typed: a note, a new player's name."""


@dataclass
class Vocabulary:
    """What names mean in this game: players' names to seats, characters' names to ids."""

    seats: list[int] = field(default_factory=list)
    players: dict[str, int] = field(default_factory=dict)
    characters: dict[str, str] = field(default_factory=dict)
    max_number: int = 20
    reminders: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Reminder tokens by name ("monk safe", "수도승 안전"), to (character id, official name)."""
