"""``moderator validate``: every data file and script, both passes, every problem at once."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.crossref import check_step_texts
from moderator.clocktower.rules.jinxes import read_jinxes
from moderator.clocktower.rules.loader import load_catalogue
from moderator.clocktower.rules.problems import Problem, Problems
from moderator.clocktower.rules.scripts import bundled_scripts, missing_for_a_game, parse_script
from moderator.clocktower.rules.texts import read_step_texts
from moderator.commands.phrases import read_phrases
from moderator.errors import DataError
from moderator.i18n import LANGS
from moderator.paths import data_dir


@dataclass
class Report:
    """What validation found: problems fail it; notes (a script with no Demon …) do not."""

    problems: list[Problem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    checked: list[str] = field(default_factory=list)


def validate(paths: list[Path], root: Path | None = None) -> Report:
    """Validate data/ (under ``root``) and the given script files."""
    root = root or data_dir()
    problems = Problems()
    report = Report()
    cat = load_catalogue(root, problems)
    report.checked.append(f"{len(cat.characters)} characters, {len(cat.described())} described")
    try:
        check_step_texts(read_step_texts(root / "steps.yaml"), cat, root / "steps.yaml", problems)
    except DataError as exc:
        problems.add(root / "steps.yaml", "", "", str(exc))
    try:
        for i, jinx in enumerate(read_jinxes(root / "jinxes.yaml")):
            if not cat.jinxed(*jinx.pair):
                problems.add(root / "jinxes.yaml", f"[{i}]", "+".join(jinx.pair), "not an official jinx pair")
    except DataError as exc:
        problems.add(root / "jinxes.yaml", "", "", str(exc))
    for lang in LANGS:
        try:
            read_phrases(root / "commands" / f"{lang}.yaml")
        except DataError as exc:
            problems.add(root / "commands" / f"{lang}.yaml", "", "", str(exc))
    try:
        from moderator.growl.data import load_data

        load_data(root / "growl")
        report.checked.append("growl data")
    except DataError as exc:
        for line in str(exc).splitlines():
            problems.add(root / "growl", "", "", line)
    scripts = [*(root / "scripts").glob("*.json")] if root != data_dir() else list(bundled_scripts().values())
    for path in [*sorted(scripts), *paths]:
        _script(path, cat, problems, report)
    report.problems = problems.items
    return report


def _script(path: Path, cat: Catalogue, problems: Problems, report: Report) -> None:
    before = len(problems)
    script = parse_script(path, cat, problems)
    report.checked.append(f"{path}: {len(script.ids)} characters")
    if len(problems) == before:
        merged = cat.with_homebrew(script.homebrew)
        missing = missing_for_a_game(script, merged)
        if missing:
            report.notes.append(
                f"{path}: cannot make a legal game as it is: no {', no '.join(missing)}; "
                "complete it with characters from the catalogue (--add)"
            )
