"""What the Growl engine says: a prompt for the current step, and the reply to a command.

The shape follows the Clocktower engine's (step, seat, expects, text, public), with ``beats``
for timed sequences. Everything Growl says is for the whole table, so ``public`` is ``text``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from moderator.commands.phrases import Intent

Expect = Literal["confirm", "seat", "character", "yesno", "number"]


@dataclass(frozen=True)
class Beat:
    """One line of a prompt, and how long to wait after saying it."""

    text: str
    seconds: float = 0.0
    """Seconds of silence after the line (before --pace scaling)."""

    def __post_init__(self) -> None:  # a sentence an unnamed seat opens begins with a capital ("Seat 2, ...")
        object.__setattr__(self, "text", _SEAT_FIRST.sub("Seat", self.text))


_SEAT_FIRST = re.compile(r"(?:^|(?<=[a-z'][.!?] ))seat(?= [0-9])")
"""An unnamed player's "seat N" where it opens an English sentence (a player's own name is left as written)."""


@dataclass(frozen=True)
class Prompt:
    """The current step, ready to be spoken or printed."""

    step: str
    seat: int | None
    expects: list[Expect]
    beats: tuple[Beat, ...]
    allowed: tuple[Intent, ...] = ()
    phase: str = "setup"
    game: int = 0
    night: int = 0
    turn_seat: int | None = None

    @property
    def text(self) -> str:
        """All the beats as one text."""
        return " ".join(b.text for b in self.beats)

    @property
    def public(self) -> str:
        """What the table hears: everything."""
        return self.text

    def to_json(self) -> dict[str, object]:
        return {
            "step": self.step,
            "seat": self.seat,
            "expects": list(self.expects),
            "text": self.text,
            "public": self.public,
            "truth": None,
            "phase": self.phase,
            "game": self.game,
            "night": self.night,
            "turn_seat": self.turn_seat,
            "beats": [{"text": b.text, "seconds": b.seconds} for b in self.beats],
        }


@dataclass
class Reply:
    """What a command did, said to the table before the next prompt."""

    public: list[str] = field(default_factory=list)
