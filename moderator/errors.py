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


class Ambiguous(ModeratorError, ValueError):
    """An utterance that matches more than one thing ("which one?")."""


class StateFileError(ModeratorError, ValueError):
    """A saved game or state file cannot be read."""
