"""One error base, split by cause, so each front end can answer each cause differently."""

from __future__ import annotations


class ModeratorError(Exception):
    """Base of every error the moderator raises on purpose."""


class DataError(ModeratorError, ValueError):
    """A data or script file is malformed. The message names the file, position and id."""


class SetupError(ModeratorError, ValueError):
    """A setup request cannot make a legal game."""


class IllegalChoice(ModeratorError, ValueError):
    """A choice that the rules do not allow right now. The state is unchanged.

    ``reason`` names a text in data/steps.yaml (``refusals``); ``slots`` fill it.
    """

    def __init__(self, reason: str, **slots: object) -> None:
        self.reason = reason
        self.slots = slots
        self.kept: str | None = None
        """What stays chosen although this answer was refused (a seat said before the character)."""
        super().__init__(f"{reason}: {slots}" if slots else reason)


class NotUnderstood(ModeratorError, ValueError):
    """An utterance that matches no command allowed now."""


class Tentative(NotUnderstood):
    """An utterance that reads as a command but is no fact yet: a question ("3번 죽었어?"), a maybe
    ("지명한 것 같아"), a bare word that is also a number ("네" at a count), a name typed close to one.
    ``command`` is what it would mean; the front end reads it back and carries it out on a yes."""

    def __init__(self, command: object, heard: str, why: str) -> None:
        super().__init__(heard)
        self.command = command
        self.heard = heard
        self.why = why


class Ambiguous(ModeratorError, ValueError):
    """An utterance that matches more than one thing ("which one?")."""


class StateFileError(ModeratorError, ValueError):
    """A saved game or state file cannot be read."""
