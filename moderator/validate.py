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
from moderator.config import Config
from moderator.errors import DataError
from moderator.i18n import LANGS, Lang, resolve_plurals
from moderator.paths import data_dir


@dataclass
class Report:
    """What validation found: problems fail it; notes (a script with no Demon …) do not."""

    problems: list[Problem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    checked: list[str] = field(default_factory=list)


def validate(paths: list[Path], root: Path | None = None, *, config: Config | None = None,
             names: bool = True) -> Report:  # fmt: skip
    """Validate data/ (under ``root``) and the given script files; with ``names``, also that every
    character and Growl card can be said in each language to its model (see :func:`_speakable`)."""
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
    seeds: dict[str, set[str]] = {}
    for path in [*sorted(scripts), *paths]:
        # scripts given to check: the notes about the bundled ones (two need characters added) are not theirs
        seeds[str(path)] = _script(path, cat, problems, report, notes=not paths or path in paths)
    if names and problems:
        report.notes.append("speakable names not checked: fix the problems above first "
                            "(a broken file's names are not its own)")
    elif names:
        _speakable(cat, {p: ids for p, ids in seeds.items() if Path(p) not in paths}, root, problems, report,
                   config or Config())  # fmt: skip
    report.problems = problems.items
    return report


def _script(path: Path, cat: Catalogue, problems: Problems, report: Report, *, notes: bool = True) -> set[str]:
    before = len(problems)
    script = parse_script(path, cat, problems)
    report.checked.append(resolve_plurals(f"{path}: {len(script.ids)} character(s)"))
    if len(problems) == before and notes:
        merged = cat.with_homebrew(script.homebrew)
        missing = missing_for_a_game(script, merged)
        if missing:
            report.notes.append(
                f"{path}: cannot make a legal game as it is: no {', no '.join(missing)}; "
                "complete it with characters from the catalogue (--add)"
            )
    return set(script.ids)


def _speakable(cat: Catalogue, seeds: dict[str, set[str]], root: Path, problems: Problems, report: Report,
               config: Config) -> None:  # fmt: skip
    """Every character (all of the catalogue) and Growl card has a spoken form of known words, per
    language and model: a name on a bundled script that cannot be said is a problem, any other a
    note. Skipped with a note when the voice extra or a model is missing."""
    try:
        from moderator.voice.app import models_dir
        from moderator.voice.models import locate_model
        from moderator.voice.names import spoken_names, unsayable
        from moderator.voice.vocab import Vocabulary
    except ImportError as exc:  # pragma: no cover - the voice extra is not installed
        report.notes.append(f"speakable names not checked: {exc}")
        return
    for lang in LANGS:
        try:
            vocab = Vocabulary(locate_model(lang, models_dir(config, lang)))
        except Exception as exc:  # a missing model: nothing to check against
            report.notes.append(f"speakable names ({lang}) not checked: {exc}")
            continue
        aliases = spoken_names(lang)
        names = {c.id: c.name(lang) for c in cat.characters.values()}
        bad = set(unsayable(names.values(), aliases, vocab.has_word))
        for path, ids in seeds.items():
            for cid in sorted(i for i in ids if names.get(i) in bad):
                problems.add(path, lang, cid, f"'{names[cid]}' cannot be said to the {lang} model "
                             f"{vocab.spec.source}: add a spoken form of known words under voice.names in "
                             f"data/commands/{lang}.yaml")  # fmt: skip
        if bad:
            report.notes.append(f"{len(bad)} of {len(names)} character names cannot be said in {lang} "
                                f"({vocab.spec.source}): {', '.join(sorted(bad))}")  # fmt: skip
        cards = _card_names(root, lang)
        mute = sorted(card for card, said in cards.items() if not any(not unsayable([n], aliases, vocab.has_word)
                                                                      for n in said))  # fmt: skip
        for card in mute:
            problems.add(root / "growl" / "cards.yaml", lang, card, f"no name of this card can be said in {lang}")
        report.checked.append(f"speakable names ({lang}, {vocab.spec.source}): {len(names) - len(bad)} of "
                              f"{len(names)} characters, {len(cards) - len(mute)} of {len(cards)} "
                              "Growl cards")  # fmt: skip
        vocab.save()


def _card_names(root: Path, lang: Lang) -> dict[str, list[str]]:
    """Each Growl night card's names said aloud in ``lang`` (none when the Growl data is broken)."""
    from moderator.growl.data import load_data
    from moderator.growl.words import card_names

    try:
        data = load_data(root / "growl")
    except DataError:
        return {}
    out: dict[str, list[str]] = {}
    for name, card in card_names(data, spoken=lang).items():
        out.setdefault(card, []).append(name)
    return out
