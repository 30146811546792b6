"""``moderator validate``: data/ passes; broken data and broken scripts fail with precise messages."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from moderator.cli import main
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.loader import load_catalogue
from moderator.clocktower.rules.problems import DataProblems, Problem, Problems
from moderator.clocktower.rules.scripts import (
    bundled_scripts,
    complete,
    load_script,
    missing_for_a_game,
    normalise_id,
    parse_script,
    resolve_script,
)
from moderator.errors import DataError
from moderator.validate import validate

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "data"
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "scripts"
FACTS: dict[str, dict[str, Any]] = {
    f["id"]: f for f in json.loads((DATA / "reference" / "characters-facts.json").read_text(encoding="utf-8"))
}

Edit = Callable[[dict[str, Any]], None]


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue(DATA)


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    root = tmp_path / "data"
    shutil.copytree(DATA, root)
    return root


def _edit(root: Path, cid: str, change: Edit) -> Path:
    path = root / "characters" / f"{cid}.yaml"
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(raw)
    path.write_text(yaml.safe_dump(raw, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def _find(problems: list[Problem], file: Path, ident: str, text: str) -> Problem:
    found = [p for p in problems if Path(p.file) == file and p.id == ident and text in p.message]
    assert len(found) == 1, f"expected one problem in {file.name} ({ident}) saying {text!r}; got {problems}"
    return found[0]


def _parse(name: str, cat: Catalogue) -> tuple[Path, list[Problem]]:
    path = FIXTURES / name
    problems = Problems()
    parse_script(path, cat, problems)
    return path, problems.items


# --- data/ -----------------------------------------------------------------------------------


def test_the_real_data_passes() -> None:
    report = validate([])
    assert report.problems == []
    assert report.checked, "validate says what it checked"
    assert any("181 characters" in line and "181 described" in line for line in report.checked)


def test_a_clean_copy_of_the_data_passes(data_copy: Path) -> None:
    assert validate([], root=data_copy).problems == []


def test_the_bundled_scripts_that_lack_teams_get_a_note() -> None:
    notes = validate([]).notes
    for stem, path in bundled_scripts().items():
        ids = [x for x in json.loads(path.read_text(encoding="utf-8")) if isinstance(x, str)]
        teams = {FACTS[normalise_id(x)]["team"] for x in ids}
        missing = [t for t in ("minion", "demon") if t not in teams]
        mine = [n for n in notes if str(path) in n]
        if missing:
            assert len(mine) == 1, stem
            for team in missing:
                assert f"no {team}" in mine[0]
        else:
            assert mine == [], stem


def test_every_problem_in_the_data_is_reported_at_once(data_copy: Path) -> None:
    chars = data_copy / "characters"

    def unknown_effect(raw: dict[str, Any]) -> None:
        raw["night"]["first"][0]["effect"] = "no_such_effect"

    def drop_faux_paw(raw: dict[str, Any]) -> None:
        raw["reminders"] = [r for r in raw["reminders"] if r["en"] != "Faux Paw"]

    def unknown_key(raw: dict[str, Any]) -> None:
        raw["colour"] = "red"

    def first_night_step(raw: dict[str, Any]) -> None:
        raw["night"]["first"] = [{"prompt": {"ko": "깨우세요.", "en": "Wake them."}}]

    def wrong_id(raw: dict[str, Any]) -> None:
        raw["id"] = "slayerr"

    _edit(data_copy, "empath", unknown_effect)
    _edit(data_copy, "lycanthrope", drop_faux_paw)
    _edit(data_copy, "fisherman", unknown_key)
    _edit(data_copy, "ravenkeeper", first_night_step)
    _edit(data_copy, "slayer", wrong_id)

    problems = validate([], root=data_copy).problems

    p = _find(problems, chars / "empath.yaml", "empath", "unknown effect 'no_such_effect'")
    assert p.where == "night.first.0.effect"
    p = _find(problems, chars / "lycanthrope.yaml", "lycanthrope", "official reminder 'Faux Paw' has no entry")
    assert p.where == "reminders"
    p = _find(problems, chars / "fisherman.yaml", "fisherman", "Extra inputs are not permitted")
    assert p.where == "colour"
    p = _find(problems, chars / "ravenkeeper.yaml", "ravenkeeper", "the official order does not wake it")
    assert p.where == "night.first"
    p = _find(problems, chars / "slayer.yaml", "slayerr", "the file name says 'slayer'")
    assert p.where == "id"
    _find(problems, chars / "slayer.yaml", "slayerr", "not an official character id")
    assert len(problems) == 6, "\n".join(map(str, problems))
    for problem in problems:
        assert problem.file in str(problem) and f"({problem.id})" in str(problem)


SINGLE_BREAKS: list[tuple[str, str, str, str]] = [
    # character file, what to break, where, message
    ("cannibal", "trigger", "triggers.0", "unknown trigger 'no_such_trigger'"),
    ("ravenkeeper", "wake_if", "night.other.0.wake_if", "unknown condition 'no_such_condition'"),
    ("empath", "extra_reminder", "reminders", "'Bogus' is not an official reminder of Empath"),
    ("empath", "no_other_steps", "night.other", "the official order wakes it, but it has no steps"),
    ("fortuneteller", "expects", "night.first.0.expects", "effect 'fortuneteller_check' needs ['two_seats']"),
    ("villageidiot", "decision_when", "decisions.0.when", "unknown condition 'sometimes'"),
    ("grandmother", "decision_reminder", "decisions.0.reminder", "'Nephew' is not one of its reminders"),
    ("slayer", "day_effect", "day.0.effect", "unknown effect 'no_such_shot'"),
    ("widow", "bad_status", "reminders.0.status", "Input should be 'drunk' or 'poisoned'"),
]


def _break(kind: str) -> Edit:
    def change(raw: dict[str, Any]) -> None:
        if kind == "trigger":
            raw["triggers"] = ["no_such_trigger"]
        elif kind == "wake_if":
            raw["night"]["other"][0]["wake_if"] = "no_such_condition"
        elif kind == "extra_reminder":
            raw["reminders"] = [{"en": "Bogus", "ko": "가짜"}]
        elif kind == "no_other_steps":
            del raw["night"]["other"]
        elif kind == "expects":
            raw["night"]["first"][0]["expects"] = ["confirm"]
        elif kind == "decision_when":
            raw["decisions"][0]["when"] = "sometimes"
        elif kind == "decision_reminder":
            raw["decisions"][0]["reminder"] = "Nephew"
        elif kind == "day_effect":
            raw["day"][0]["effect"] = "no_such_shot"
        elif kind == "bad_status":
            raw["reminders"][0]["status"] = "tipsy"

    return change


@pytest.mark.parametrize(("cid", "kind", "where", "message"), SINGLE_BREAKS)
def test_each_kind_of_data_problem_names_file_place_and_id(
    data_copy: Path, cid: str, kind: str, where: str, message: str
) -> None:
    path = _edit(data_copy, cid, _break(kind))
    problems = validate([], root=data_copy).problems
    p = _find(problems, path, cid, message)
    assert p.where == where
    assert len(problems) == 1, "\n".join(map(str, problems))


def test_unreadable_yaml_is_a_problem_not_a_crash(data_copy: Path) -> None:
    path = data_copy / "characters" / "oracle.yaml"
    path.write_text("id: oracle\nname: {ko: [unclosed\n", encoding="utf-8")
    problems = validate([], root=data_copy).problems
    _find(problems, path, "oracle", "cannot read")


def test_broken_step_texts_are_reported(data_copy: Path) -> None:
    path = data_copy / "steps.yaml"
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    del raw["templates"]["generic"]
    path.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    problems = validate([], root=data_copy).problems
    assert len(problems) == 1
    assert Path(problems[0].file) == path
    assert "generic" in problems[0].message


def test_a_broken_script_in_the_data_is_reported(data_copy: Path) -> None:
    bad = data_copy / "scripts" / "broken.json"
    shutil.copy(FIXTURES / "unknown-id.json", bad)
    problems = validate([], root=data_copy).problems
    assert len(problems) == 1
    p = _find(problems, bad, "notacharacter", "unknown character id")
    assert p.where == "[3]"


def test_load_catalogue_raises_every_problem_together(data_copy: Path) -> None:
    _edit(data_copy, "empath", _break("extra_reminder"))
    _edit(data_copy, "cannibal", _break("trigger"))
    with pytest.raises(DataProblems) as info:
        load_catalogue(data_copy)
    assert len(info.value.problems) == 2
    text = str(info.value)
    assert "empath.yaml" in text and "(empath)" in text
    assert "cannibal.yaml" in text and "(cannibal)" in text
    assert isinstance(info.value, DataError)


# --- script files ---------------------------------------------------------------------------


def test_unknown_id_names_file_index_and_id(cat: Catalogue) -> None:
    path, problems = _parse("unknown-id.json", cat)
    assert len(problems) == 1
    p = problems[0]
    assert (Path(p.file), p.where, p.id) == (path, "[3]", "notacharacter")
    assert "unknown character id" in p.message
    assert str(p) == f"{path}: [3] (notacharacter): {p.message}"


def test_duplicate_id_names_the_second_entry(cat: Catalogue) -> None:
    path, problems = _parse("duplicate-id.json", cat)
    assert len(problems) == 1
    p = problems[0]
    assert (Path(p.file), p.where) == (path, "[4]")
    assert normalise_id(p.id) == "washerwoman"
    assert "twice" in p.message


def test_bad_meta_names_file_index_and_meta(cat: Catalogue) -> None:
    path, problems = _parse("bad-meta.json", cat)
    assert len(problems) == 1
    p = problems[0]
    assert (Path(p.file), p.where, p.id) == (path, "[0]", "_meta")
    assert "colour" in p.message


def test_homebrew_without_ability_names_file_index_and_id(cat: Catalogue) -> None:
    path, problems = _parse("homebrew-no-ability.json", cat)
    assert len(problems) == 1
    p = problems[0]
    assert (Path(p.file), p.where, p.id) == (path, "[2]", "brewer")
    assert "ability" in p.message


def test_not_an_array(cat: Catalogue) -> None:
    path, problems = _parse("not-an-array.json", cat)
    assert len(problems) == 1
    assert Path(problems[0].file) == path
    assert "array" in problems[0].message


def test_invalid_json(cat: Catalogue) -> None:
    path, problems = _parse("invalid-json.json", cat)
    assert len(problems) == 1
    assert Path(problems[0].file) == path
    assert "JSON" in problems[0].message


def test_a_missing_script_file_is_a_problem(cat: Catalogue, tmp_path: Path) -> None:
    problems = Problems()
    parse_script(tmp_path / "nowhere.json", cat, problems)
    assert len(problems) == 1
    assert "nowhere.json" in problems.items[0].file


def test_custom_order_naming_an_off_script_character(cat: Catalogue) -> None:
    path, problems = _parse("bad-order.json", cat)
    assert len(problems) == 1
    p = problems[0]
    assert (Path(p.file), p.where, p.id) == (path, "_meta.firstNight[2]", "poisoner")


def test_every_bad_entry_of_a_script_is_reported(cat: Catalogue) -> None:
    path, problems = _parse("many-problems.json", cat)
    got = {(p.where, p.id) for p in problems}
    assert got == {("[2]", "nobody"), ("[3]", "chef"), ("[4]", ""), ("[5]", "brewer")}
    assert all(Path(p.file) == path for p in problems)
    by_where = {p.where: p.message for p in problems}
    assert "int" in by_where["[4]"]
    assert "team" in by_where["[5]"]


def test_good_entries_still_load_beside_bad_ones(cat: Catalogue) -> None:
    problems = Problems()
    script = parse_script(FIXTURES / "many-problems.json", cat, problems)
    assert script.ids == ["chef", "imp"]
    assert script.name == "Many problems"


def test_a_valid_script_in_every_form_loads(cat: Catalogue) -> None:
    path = FIXTURES / "valid.json"
    problems = Problems()
    script = parse_script(path, cat, problems)
    assert problems.items == []
    assert script.ids == ["chef", "poisoner", "fortuneteller", "imp", "saint", "brewer"]
    assert script.name == "All the forms"
    assert script.author == "tests"
    first = ["dusk", "brewer", "minioninfo", "demoninfo", "poisoner", "fortuneteller", "chef", "dawn"]
    assert script.first_order == first
    assert script.other_order == ["dusk", "imp", "poisoner", "brewer", "fortuneteller", "dawn"]
    assert [c.id for c in script.homebrew] == ["brewer"]
    brew = script.homebrew[0]
    assert brew.team == "townsfolk"
    assert (brew.first_night, brew.other_night) == (30, 40)
    assert brew.reminders == ("Brewed", "Spilt")
    assert brew.ability_text is not None and brew.ability_text.en == "Each night, you learn a number."
    assert not brew.described


def test_load_script_knows_the_homebrew(cat: Catalogue) -> None:
    script, merged = load_script(str(FIXTURES / "valid.json"), cat)
    assert "brewer" in merged and "brewer" not in cat
    assert script.by_team(merged, "townsfolk") == ["chef", "fortuneteller", "brewer"]
    assert script.by_team(merged, "outsider") == ["saint"]
    assert script.by_team(merged, "minion") == ["poisoner"]
    assert script.by_team(merged, "demon") == ["imp"]
    assert missing_for_a_game(script, merged) == []


@pytest.mark.parametrize(
    "name", ["unknown-id.json", "duplicate-id.json", "bad-meta.json", "homebrew-no-ability.json", "not-an-array.json"]
)
def test_load_script_raises_with_the_file_named(cat: Catalogue, name: str) -> None:
    with pytest.raises(DataProblems) as info:
        load_script(str(FIXTURES / name), cat)
    assert info.value.problems
    assert str(FIXTURES / name) in str(info.value)


def test_scripts_resolve_by_path_stem_and_meta_name() -> None:
    bundled = bundled_scripts()
    assert set(bundled) == {
        "twelve", "hunter-x-hunter", "finger-pointing", "trouble-brewing", "bad-moon-rising", "sects-and-violets"
    }
    for stem, path in bundled.items():
        assert resolve_script(stem) == path
        assert resolve_script(str(path)) == path
        meta = next(x for x in json.loads(path.read_text(encoding="utf-8")) if isinstance(x, dict))
        assert resolve_script(meta["name"]) == path
        assert resolve_script(meta["name"].upper()) == path
    with pytest.raises(DataError) as info:
        resolve_script("no-such-script")
    for stem in bundled:
        assert stem in str(info.value)


@pytest.mark.parametrize(
    "stem", ["twelve", "hunter-x-hunter", "finger-pointing", "trouble-brewing", "bad-moon-rising", "sects-and-violets"]
)
def test_bundled_scripts_load_with_their_ids(cat: Catalogue, stem: str) -> None:
    path = bundled_scripts()[stem]
    raw = json.loads(path.read_text(encoding="utf-8"))
    script, _ = load_script(stem, cat)
    assert script.ids == [x for x in raw if isinstance(x, str)]
    assert script.name == next(x["name"] for x in raw if isinstance(x, dict) and x["id"] == "_meta")
    missing = missing_for_a_game(script, cat)
    teams = {FACTS[c]["team"] for c in script.ids}
    assert missing == [t for t in ("townsfolk", "minion", "demon") if t not in teams]


def test_complete_adds_catalogue_characters(cat: Catalogue) -> None:
    script, _ = load_script("hunter-x-hunter", cat)
    assert "demon" in missing_for_a_game(script, cat)
    done = complete(script, cat, ["Imp", "poisoner", "imp"])
    assert done.ids == [*script.ids, "imp", "poisoner"]
    assert missing_for_a_game(done, cat) == []
    assert "imp" not in script.ids, "the original script is unchanged"
    with pytest.raises(DataError):
        complete(script, cat, ["notacharacter"])


# --- the command line -----------------------------------------------------------------------


def test_cli_validate_passes_on_the_data(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate"]) == 0
    out = capsys.readouterr()
    assert "ok" in out.out.splitlines()
    assert "error" not in out.err


def test_cli_validate_passes_on_a_valid_script(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(FIXTURES / "valid.json")]) == 0
    assert str(FIXTURES / "valid.json") in capsys.readouterr().out


@pytest.mark.parametrize(
    ("name", "needle"),
    [
        ("unknown-id.json", "[3] (notacharacter)"),
        ("duplicate-id.json", "[4] (Washer_Woman)"),
        ("bad-meta.json", "[0] (_meta)"),
        ("homebrew-no-ability.json", "[2] (brewer)"),
        ("not-an-array.json", "array"),
        ("invalid-json.json", "JSON"),
    ],
)
def test_cli_validate_fails_on_a_broken_script(capsys: pytest.CaptureFixture[str], name: str, needle: str) -> None:
    path = FIXTURES / name
    assert main(["validate", str(path)]) != 0
    err = capsys.readouterr().err
    line = next(x for x in err.splitlines() if str(path) in x)
    assert needle in line


def test_cli_validate_lists_every_broken_script(capsys: pytest.CaptureFixture[str]) -> None:
    paths = [FIXTURES / n for n in ("unknown-id.json", "bad-meta.json", "not-an-array.json")]
    assert main(["validate", *map(str, paths)]) == 1
    err = capsys.readouterr().err
    for path in paths:
        assert str(path) in err
    assert "3 problems" in err


def test_cli_validate_fails_on_broken_data(
    data_copy: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _edit(data_copy, "empath", _break("extra_reminder"))
    _edit(data_copy, "cannibal", _break("trigger"))
    monkeypatch.setenv("MODERATOR_DATA", str(data_copy))
    assert main(["validate"]) == 1
    err = capsys.readouterr().err
    assert str(data_copy / "characters" / "empath.yaml") in err and "(empath)" in err
    assert str(data_copy / "characters" / "cannibal.yaml") in err and "(cannibal)" in err
    assert "2 problems" in err


# --- data/names.yaml ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "cid", "message"),
    [
        ("notacharacter: {name: 아무개, own: true}", "notacharacter", "not an official character id"),
        ("empath: {name: 공감자, own: true}", "empath", "described in data/characters/empath.yaml"),
        ("bigwig: {name: 요리사, own: true}", "bigwig", "'요리사' is also the name of chef"),
        ("bigwig: {name: '  ', own: true}", "bigwig", "an empty name"),
        ("bigwig: {name: 거물}", "names", "Field required"),
    ],
)
def test_a_bad_korean_name_is_a_problem(data_copy: Path, entry: str, cid: str, message: str) -> None:
    # Every official character is described now: the Big Wig's file is taken away, to name it here again.
    (data_copy / "characters" / "bigwig.yaml").unlink()
    path = data_copy / "names.yaml"
    path.write_text(f"ko:\n  bigwig: {{name: 거물, own: true}}\n  {entry}\n", encoding="utf-8")
    if entry.startswith("bigwig:"):
        path.write_text(f"ko:\n  {entry}\n", encoding="utf-8")
    problems = validate([], root=data_copy).problems
    _find(problems, path, cid, message)
    assert len(problems) == 1, "\n".join(map(str, problems))


def test_an_unreadable_names_file_is_a_problem_and_the_names_fall_back(data_copy: Path) -> None:
    path = data_copy / "names.yaml"
    path.write_text("ko: {bigwig: [unclosed\n", encoding="utf-8")
    problems = validate([], root=data_copy).problems
    _find(problems, path, "names", "cannot read")


# --- hostile scripts (issue 24) ---------------------------------------------------------------------


def _brew(i: int) -> dict[str, Any]:
    return {"id": f"hb_{i}", "name": f"Brew {i}", "team": "townsfolk", "ability": "Each night, learn a number."}


def test_a_script_past_the_limits_is_refused_in_one_problem(cat: Catalogue, tmp_path: Path) -> None:
    huge = tmp_path / "huge.json"
    huge.write_text(json.dumps([{"id": "_meta", "name": "huge"}, "imp", *(_brew(i) for i in range(20_000))]))
    problems = Problems()
    parse_script(huge, cat, problems)  # refused before a single entry is read (bench/hostile.py times it)
    assert [p.message for p in problems.items] == [
        "a script holds at most 600 entries and 300 homebrew characters; this one has 20002 entries, 20000 of "
        "them homebrew"
    ]
    fits = tmp_path / "fits.json"
    fits.write_text(json.dumps(["imp", "washerwoman", *(_brew(i) for i in range(300))]))
    script, _ = load_script(str(fits), cat)
    assert len(script.homebrew) == 300
    big = tmp_path / "big.json"
    big.write_bytes(b"[" + b" " * (4 * 2**20) + b"]")
    with pytest.raises(DataError, match="larger than 4 MB"):
        load_script(str(big), cat)


def test_a_scripts_names_hold_no_control_characters(cat: Catalogue, tmp_path: Path) -> None:
    path = tmp_path / "evil.json"
    path.write_text(json.dumps([
        {"id": "_meta", "name": "evil\n\x1b]0;PWNED\x07"}, "imp\nmoderator: fake", "washerwoman",
        {"id": "hb_x", "name": "X\x1b[2J", "team": "townsfolk", "ability": "a"},
        {"id": "hb_y", "name": "Y", "team": "townsfolk", "ability": "line one\nline\ttwo"},
        *(f"nobody{i}" for i in range(30)),
    ]))  # fmt: skip
    problems = Problems()
    script = parse_script(path, cat, problems)
    assert {p.where for p in problems.items} >= {"[0]", "[1]", "[3]"}
    assert all("control character" in p.message for p in problems.items if p.where in ("[0]", "[3]"))
    ability = script.homebrew[0].ability_text
    assert ability is not None and ability.en == "line one line two"  # a longer text's newline is a space
    report = str(DataProblems(problems.items))
    assert "\x1b" not in report and "\x07" not in report
    assert report.count("\n") == 20 and report.endswith("more problems in the same file(s)")
