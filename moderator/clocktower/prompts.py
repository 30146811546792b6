"""What the engine says: a prompt for the current step, and the reply to a command."""

from __future__ import annotations

from dataclasses import dataclass, field

from moderator.clocktower.rules.schema import Expect
from moderator.commands.phrases import Intent


@dataclass(frozen=True)
class Prompt:
    """The current step, ready to be spoken or printed."""

    step: str
    """A character id, a pseudo-step (dusk, minioninfo, demoninfo, dawn), 'day' or 'over'."""
    seat: int | None
    expects: list[Expect]
    text: str
    """For the storyteller's ears only."""
    public: str | None
    """For the whole table, or None."""
    truth: object | None
    allowed: tuple[Intent, ...] = ()
    alternatives: tuple[object, ...] = ()
    """Other answers that are true if someone misregisters (the storyteller may give one instead)."""
    phase: str = "night"
    night: int = 0
    day: int = 0
    shows_player: bool = False
    """The truth, a seat, is a player to point at (not a count): for the players' screen."""
    part: str | None = None
    """The part of the answer awaited: seat, second_seat, character, yesno, number, direction, alignment,
    none (whether nobody, after 'next' with a part unanswered), or None (nothing: say next)."""

    def to_json(self) -> dict[str, object]:
        return {
            "step": self.step,
            "seat": self.seat,
            "expects": self.expects,
            "text": self.text,
            "public": self.public,
            "truth": self.truth,
            "alternatives": list(self.alternatives),
            "phase": self.phase,
            "night": self.night,
            "day": self.day,
            "part": self.part,
        }


@dataclass
class Reply:
    """What a command did, to say before the next prompt."""

    say: list[str] = field(default_factory=list)
    public: list[str] = field(default_factory=list)
    shown: list[str] = field(default_factory=list)
    """Lines to read on the screen (the grimoire, the sheet, help): printed, and by voice read out."""
