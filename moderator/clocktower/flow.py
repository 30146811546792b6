"""The Clocktower flow as a declaration: each stage of the game, what is asked in it (its prompt,
which says what may be said), and what an answer does (its act, which moves the cursor on when the
stage ends). The engine (table.py) only looks the current stage up here; no step name is tested.

A cursor's stage is named by its id when that id is declared here (the pseudo-steps, the day, the
end), else it is a character's step; with the cursor's stage after a dot when that is declared too
(``day.votes``, ``character.tell``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from moderator.clocktower.day import DayFlow
from moderator.clocktower.daysteps import DayStepFlow
from moderator.clocktower.edits import EditFlow
from moderator.clocktower.grimoire.state import Cursor
from moderator.clocktower.navigate import NavFlow
from moderator.clocktower.night import NightFlow
from moderator.clocktower.nominations import NominationFlow
from moderator.clocktower.prompts import Prompt, Reply
from moderator.commands.parse import Command


class Stages(NightFlow, DayFlow, EditFlow, NavFlow):
    """Every stage's prompt and act, on one game, and what the storyteller may do at any of them."""


@dataclass(frozen=True)
class Stage:
    """One stage of the game."""

    prompt: Callable[[Stages, Cursor], Prompt]
    """What is asked, and what may be said (the prompt's ``allowed``)."""
    act: Callable[[Stages, Cursor, Command, Prompt], Reply]
    """What an allowed answer does; the stage ends when it moves the cursor on."""
    final: bool = False
    """The game is over: no question is put any more."""


PSEUDO = Stage(NightFlow._pseudo_prompt, NightFlow._pseudo)

STAGES: dict[str, Stage] = {
    "dusk": PSEUDO,
    "minioninfo": PSEUDO,
    "demoninfo": PSEUDO,
    "character": Stage(NightFlow._step_prompt, NightFlow._night_step),
    "character.tell": Stage(NightFlow._tell_prompt, NightFlow._tell),
    "character.day": Stage(DayStepFlow._day_step_prompt, DayStepFlow._day_step),
    "dawn": Stage(NightFlow._dawn_prompt, NightFlow._dawn),
    "day": Stage(DayFlow._day_prompt, DayFlow._day_move),
    "day.votes": Stage(NominationFlow._votes_prompt, NominationFlow._votes),
    "day.ghosts": Stage(DayFlow._ghosts_prompt, DayFlow._ghost),
    "over": Stage(DayFlow._over_prompt, DayFlow._over, final=True),
}


def stage_of(c: Cursor) -> Stage:
    """The stage the cursor is in."""
    kind = c.id if c.id in STAGES else "character"
    return STAGES.get(f"{kind}.{c.stage}", STAGES[kind])
