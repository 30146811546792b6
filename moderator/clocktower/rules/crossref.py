"""Pass two of validation: does each character file agree with the facts and the code's registries?"""

from __future__ import annotations

from pathlib import Path

from moderator.clocktower.rules.catalogue import PSEUDO_STEPS, Catalogue, Character
from moderator.clocktower.rules.conditions import CONDITIONS
from moderator.clocktower.rules.dawn import DAWN
from moderator.clocktower.rules.effects import EFFECTS
from moderator.clocktower.rules.problems import Problems
from moderator.clocktower.rules.schema import Step
from moderator.clocktower.rules.texts import StepTexts
from moderator.clocktower.rules.triggers import TRIGGERS

DECISION_CONDITIONS = frozenset({"always", "several_copies"})


def check_characters(catalogue: Catalogue, files: dict[str, Path], problems: Problems) -> None:
    """Check every described character; add a problem for each disagreement."""
    for cid, path in files.items():
        char = catalogue.get(cid)
        if char is not None and char.data is not None:
            _check_one(char, path, problems, frozenset(catalogue.characters))


def _check_one(char: Character, path: Path, problems: Problems, known: frozenset[str]) -> None:
    data = char.data
    assert data is not None
    own = [r.en for r in data.reminders]
    for name in sorted(set(char.reminders) - set(own)):
        problems.add(path, "reminders", char.id, f"official reminder '{name}' has no entry")
    for name in sorted(set(own) - set(char.reminders)):
        problems.add(path, "reminders", char.id, f"'{name}' is not an official reminder of {char.name.en}")
    for night, wakes, night_steps in (
        ("first", char.first_night, data.night.first),
        ("other", char.other_night, data.night.other),
    ):
        if wakes is not None and not night_steps:
            problems.add(path, f"night.{night}", char.id, "the official order wakes it, but it has no steps")
        if wakes is None and night_steps and data.night.after is None:
            problems.add(path, f"night.{night}", char.id, "it has steps, but the official order does not wake it")
    after = data.night.after
    if after is not None and after not in PSEUDO_STEPS and after not in known:
        problems.add(path, "night.after", char.id, f"'{after}' is neither a pseudo-step nor a character")
    steps: list[tuple[str, Step]] = [(f"night.first.{i}", s) for i, s in enumerate(data.night.first)]
    steps += [(f"night.other.{i}", s) for i, s in enumerate(data.night.other)]
    steps += [(f"day.{i}", s) for i, s in enumerate(data.day)]
    for where, step in steps:
        if step.effect is not None and step.effect not in EFFECTS:
            problems.add(path, f"{where}.effect", char.id, f"unknown effect '{step.effect}'")
        elif step.effect is not None and not set(EFFECTS[step.effect].expects) <= set(step.expects):
            problems.add(
                path, f"{where}.expects", char.id, f"effect '{step.effect}' needs {list(EFFECTS[step.effect].expects)}"
            )
        if step.wake_if not in CONDITIONS:
            problems.add(path, f"{where}.wake_if", char.id, f"unknown condition '{step.wake_if}'")
    if data.day_note_if is not None and data.day_note_if not in CONDITIONS:
        problems.add(path, "day_note_if", char.id, f"unknown condition '{data.day_note_if}'")
    for i, trig in enumerate(data.triggers):
        if trig not in TRIGGERS:
            problems.add(path, f"triggers.{i}", char.id, f"unknown trigger '{trig}'")
        elif TRIGGERS[trig].on == "dawn" and trig not in DAWN:
            problems.add(path, f"triggers.{i}", char.id, f"dawn trigger '{trig}' has no function")
    for i, dec in enumerate(data.decisions):
        if dec.when not in DECISION_CONDITIONS:
            problems.add(path, f"decisions.{i}.when", char.id, f"unknown condition '{dec.when}'")
        if (dec.kind == "mark" or dec.reminder) and dec.reminder not in char.reminders:
            problems.add(path, f"decisions.{i}.reminder", char.id, f"'{dec.reminder}' is not one of its reminders")


def check_step_texts(texts: StepTexts, catalogue: Catalogue, path: Path, problems: Problems) -> None:
    """data/steps.yaml against the registries: each pseudo-step's effect tells a truth, each claim
    names a character whose first day step has an effect."""
    for pid, pseudo in texts.pseudo.items():
        if pseudo.effect is not None and (pseudo.effect not in EFFECTS or EFFECTS[pseudo.effect].truth is None):
            problems.add(path, f"pseudo.{pid}.effect", pid, f"'{pseudo.effect}' is not an effect with a true answer")
    for command, cid in texts.claims.items():
        char = catalogue.get(cid)
        if char is None:
            problems.add(path, f"claims.{command}", cid, "not a character")
        elif char.data is not None and (not char.data.day or char.data.day[0].effect is None):
            # (a file that does not load, or names an unknown effect, has its own problem already)
            problems.add(path, f"claims.{command}", cid, "the character has no day step with an effect")
