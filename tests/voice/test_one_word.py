"""One-word answers that change the game are read back unless the storyteller's calibration vouches."""

from __future__ import annotations

from moderator.voice.loop import Heard, judge
from moderator.voice.result import Result


def test_no_at_a_seat_or_character_step_is_read_back() -> None:
    assert judge("no", 1.0, False, 0.85, chooses_nobody=True) == "confirm"
    assert judge("no", 1.0, True, 0.85, chooses_nobody=True) == "reject"  # doubted: asked again
    assert judge("no", 1.0, False, 0.85) == "act"  # a yes/no step: the answer itself


def test_the_step_decides_whether_no_chooses_nobody() -> None:
    def heard(*allowed: str) -> Heard:
        from moderator.commands.parse import Command

        return Heard(Result("no", (), False, phrase="no"), Command("no"), 1.0, allowed)  # type: ignore[arg-type]

    assert heard("seat", "no").verdict(0.85) == "confirm"
    assert heard("character", "no").verdict(0.85) == "confirm"
    assert heard("yes", "no").verdict(0.85) == "act"
    assert heard("seat", "no").verdict(0.85, vouched=frozenset({"no"})) == "act"
