"""The night sheet against the official order in nightsheet.json, for scripts and for grimoires."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml

from moderator.cli import main
from moderator.clocktower.grimoire.events import (
    AddReminder,
    Assign,
    Die,
    Event,
    GainAbility,
    Seat,
    SetBelieves,
    SetPhase,
    SetUnseated,
)
from moderator.clocktower.grimoire.journal import Journal
from moderator.clocktower.grimoire.state import Grimoire
from moderator.clocktower.rules.abilities import kill
from moderator.clocktower.rules.catalogue import PSEUDO_STEPS, Catalogue
from moderator.clocktower.rules.jinxes import holder_lacks
from moderator.clocktower.rules.loader import load_catalogue
from moderator.clocktower.rules.nightorder import SheetStep, night_sheet
from moderator.clocktower.rules.problems import Problems
from moderator.clocktower.rules.scripts import Script, complete, load_script, parse_script
from moderator.clocktower.rules.setup import setup_game
from moderator.config import Config
from moderator.i18n import LANGS, Lang

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "data"
REFERENCE = DATA / "reference"
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "scripts"
FACTS: dict[str, dict[str, Any]] = {
    f["id"]: f for f in json.loads((REFERENCE / "characters-facts.json").read_text(encoding="utf-8"))
}
_OFFICIAL: dict[str, list[str]] = json.loads((REFERENCE / "nightsheet.json").read_text(encoding="utf-8"))
# The night ends at dawn: what the official sheet places after it (the Vizier's and the Leviathan's
# announcements) comes last, as dawn breaks, in its order.
SHEET = {k: [*o[: o.index("dawn")], *o[o.index("dawn") + 1 :], "dawn"] for k, o in _OFFICIAL.items()}
COUNTS: dict[int, dict[str, int]] = {
    r["players"]: r for r in json.loads((REFERENCE / "player-counts.json").read_text(encoding="utf-8"))
}
STEP_TEXTS: dict[str, Any] = yaml.safe_load((DATA / "steps.yaml").read_text(encoding="utf-8"))
BUNDLED = ["twelve", "hunter-x-hunter", "finger-pointing"]
SEATABLE = sorted(c for c, f in FACTS.items() if f["team"] in ("townsfolk", "outsider", "minion", "demon"))
TOWNSFOLK = sorted(c for c, f in FACTS.items() if f["team"] == "townsfolk")
NEVER_WAKE = [c for c in SEATABLE if FACTS[c]["firstNight"] is None and FACTS[c]["otherNight"] is None]


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue(DATA)


# --- the oracle: the official order, read straight off nightsheet.json --------------------------


def _key(night: int) -> str:
    return "firstNight" if night == 1 else "otherNight"


def wakes(cid: str, night: int) -> bool:
    """Its official place that night, or ours (the Djinn's jinxes, right after dusk on the first night)."""
    return FACTS[cid][_key(night)] is not None or (cid, night) == ("djinn", 1)


def expected_script_sheet(ids: Iterable[str], night: int) -> list[str]:
    """What the official script tool prints: every waking script character, dusk, dawn, evil info on night 1."""
    wanted = {c for c in ids if wakes(c, night) and c != "djinn"} | {"dusk", "dawn"}
    if night == 1:
        wanted |= {"minioninfo", "demoninfo"}
    sheet = [x for x in SHEET[_key(night)] if x in wanted]
    if night == 1 and "djinn" in ids:  # no official place: our step for its jinxes, right after dusk
        sheet.insert(1, "djinn")
    return sheet


NO_ABILITY_WHILE = {"hatter": "legion", "magician": "vizier"}
"""Jinxes that take a character's ability away while another is in play (the official texts: "If Legion is in
play, the Hatter has no ability"; "If the Vizier is in play, the Magician has no ability"): no step on the sheet."""


def expected_grimoire_sheet(
    g: Grimoire, night: int, abilities: dict[int, list[str]], evil_info: bool
) -> list[tuple[str, int | None]]:
    """(id, seat) in official order: living players' abilities, a Ravenkeeper who died tonight, unseated."""
    lines: list[tuple[str, int | None]] = []
    for x in SHEET[_key(night)]:
        # no Demon in play, no Demon info (the Summoner's [No Demon])
        held = [*(p.character for p in g.players), *g.unseated]
        demon = any(c in FACTS and FACTS[c]["team"] == "demon" for c in held)
        if x in ("dusk", "dawn") or (x == "minioninfo" and evil_info) or (x == "demoninfo" and evil_info and demon):
            lines.append((x, None))
            continue
        if NO_ABILITY_WHILE.get(x) in held:
            continue
        for p in g.players:
            acting = p.alive or (x == "ravenkeeper" and p.seat in g.died_tonight)
            acting = acting or (x in ("sage", "banshee") and p.seat in g.demon_killed_tonight)
            acting = acting or (x == "farmer" and p.seat in g.died_tonight)  # "If you die at night"
            if x in abilities.get(p.seat, []) and acting:
                lines.append((x, p.seat))
        if x in g.unseated:
            lines.append((x, None))
    return lines


def got(steps: Sequence[SheetStep]) -> list[tuple[str, int | None]]:
    return [(s.id, s.seat) for s in steps]


def table(cat: Catalogue, characters: list[str], believes: dict[int, str] | None = None) -> Grimoire:
    """A grimoire of len(characters) players, seat i holding characters[i-1], built from events."""
    g = Grimoire(script="test")
    events: list[Event] = [Seat(seat=i, name=f"p{i}") for i in range(1, len(characters) + 1)]
    for i, cid in enumerate(characters, start=1):
        evil = FACTS[cid]["team"] in ("minion", "demon")
        events.append(Assign(seat=i, character=cid, alignment="evil" if evil else "good"))
    for seat, cid in (believes or {}).items():
        events.append(SetBelieves(seat=seat, believes=cid))
    for e in events:
        e.apply(g)
    return g


def apply(g: Grimoire, *events: Event) -> None:
    for e in events:
        e.apply(g)


def own_abilities(g: Grimoire) -> dict[int, list[str]]:
    """Each seat's abilities by the rules: a Drunk acts as what it believes; then abilities held."""
    out: dict[int, list[str]] = {}
    for p in g.players:
        assert p.character is not None
        own = p.believes if p.character == "drunk" and p.believes else p.character
        out[p.seat] = list(dict.fromkeys([own, *p.abilities]))
    return out


def assert_official_order(steps: Sequence[SheetStep], night: int) -> None:
    index = {x: i for i, x in enumerate(SHEET[_key(night)])}
    official = [index[s.id] for s in steps if s.id in index]
    assert official == sorted(official), [s.id for s in steps]
    assert steps[0].id == "dusk"


# --- the script's full sheet (--all-in-play) -----------------------------------------------------


@pytest.mark.parametrize("stem", BUNDLED)
@pytest.mark.parametrize("night", [1, 2, 3])
def test_bundled_script_full_sheet(cat: Catalogue, stem: str, night: int) -> None:
    script, merged = load_script(stem, cat)
    steps = night_sheet(script, merged, night, None)
    assert [s.id for s in steps] == expected_script_sheet(script.ids, night)
    assert all(s.seat is None and s.player is None for s in steps)
    positions = [s.position for s in steps]
    assert positions == sorted(positions) and len(set(positions)) == len(positions)


def test_full_sheets_of_the_seed_scripts_spelled_out(cat: Catalogue) -> None:
    """Read by hand off nightsheet.json, so the oracle itself is checked once."""
    twelve, _ = load_script("twelve", cat)
    assert [s.id for s in night_sheet(twelve, cat, 1, None)] == [
        "dusk", "kazali", "minioninfo", "lunatic", "demoninfo", "lilmonsta", "widow", "snakecharmer",
        "organgrinder", "pixie", "dawn",
    ]  # fmt: skip
    assert [s.id for s in night_sheet(twelve, cat, 2, None)] == [
        "dusk", "snakecharmer", "organgrinder", "lunatic", "lycanthrope", "lilmonsta", "kazali", "ravenkeeper",
        "dawn",
    ]  # fmt: skip


def _random_scripts(count: int, seed: int) -> list[list[str]]:
    rng = random.Random(seed)
    ids = sorted(FACTS)
    return [rng.sample(ids, rng.randint(10, 25)) for _ in range(count)]


@pytest.mark.parametrize("night", [1, 2])
def test_many_generated_scripts_follow_the_official_order(cat: Catalogue, night: int) -> None:
    for ids in _random_scripts(200, seed=20 + night):
        script = Script(name="generated", source="generated", ids=ids)
        steps = night_sheet(script, cat, night, None)
        assert [s.id for s in steps] == expected_script_sheet(ids, night), ids
        assert all(s.seat is None for s in steps)


def test_generated_scripts_in_a_file_follow_the_official_order(cat: Catalogue, tmp_path: Path) -> None:
    """Through the real loader: mixed id spellings and the deprecated object form."""
    for n, ids in enumerate(_random_scripts(40, seed=7)):
        entries: list[object] = [{"id": "_meta", "name": f"generated {n}"}]
        entries += [{"id": c} if i % 3 == 0 else c for i, c in enumerate(ids)]
        path = tmp_path / f"g{n}.json"
        path.write_text(json.dumps(entries), encoding="utf-8")
        script, merged = load_script(str(path), cat)
        for night in (1, 2):
            assert [s.id for s in night_sheet(script, merged, night, None)] == expected_script_sheet(ids, night)


@pytest.mark.parametrize("cid", sorted(FACTS))
def test_every_official_character_alone_on_a_script(cat: Catalogue, cid: str) -> None:
    script = Script(name="one", source="one", ids=[cid])
    for night in (1, 2):
        ids = [s.id for s in night_sheet(script, cat, night, None)]
        assert (cid in ids) == wakes(cid, night)
        assert ids[0] == "dusk" and "dawn" in ids


def test_undescribed_steps_get_the_generic_prompt(cat: Catalogue) -> None:
    # Every official character is described: a script's homemade one (the fixture's Brewer) is not.
    script, cat = load_script(str(REPO / "tests" / "fixtures" / "scripts" / "valid.json"), cat)
    generic = STEP_TEXTS["templates"]["generic"]
    assert {"brewer", "chef"} <= {s.id for s in night_sheet(script, cat, 1, None)}
    for s in night_sheet(script, cat, 1, None):
        if s.id == "brewer":
            assert s.steps == ()
            assert generic["en"] in s.prompt(cat, "en")
            assert generic["ko"] in s.prompt(cat, "ko")
            assert s.to_json(cat, "en")["described"] is False
        if s.id == "chef":
            data = cat["chef"].data
            assert data is not None
            assert data.night.first[0].prompt.en in s.prompt(cat, "en")
            assert data.night.first[0].prompt.ko in s.prompt(cat, "ko")
            assert s.to_json(cat, "en")["described"] is True
        if s.id in PSEUDO_STEPS:
            assert s.prompt(cat, "en") == STEP_TEXTS["pseudo"][s.id]["prompt"]["en"]


# --- custom orders and homebrew ------------------------------------------------------------------


def test_a_meta_custom_order_is_followed(cat: Catalogue) -> None:
    script, merged = load_script(str(FIXTURES / "valid.json"), cat)
    assert script.first_order is not None and script.other_order is not None
    first = [s.id for s in night_sheet(script, merged, 1, None)]
    assert first == script.first_order
    other = [s.id for s in night_sheet(script, merged, 2, None)]
    assert other == script.other_order
    # The custom order differs from the official one here, so this is not the official order by chance.
    official = [x for x in expected_script_sheet([c for c in script.ids if c != "brewer"], 2)]
    assert [x for x in other if x != "brewer"] != official


def _custom(tmp_path: Path, first: list[str], other: list[str], ids: list[str]) -> Path:
    path = tmp_path / "custom.json"
    meta = {"id": "_meta", "name": "Custom order", "firstNight": first, "otherNight": other}
    path.write_text(json.dumps([meta, *ids]), encoding="utf-8")
    return path


def test_a_custom_order_with_a_grimoire(cat: Catalogue, tmp_path: Path) -> None:
    ids = ["empath", "chef", "fortuneteller", "poisoner", "imp", "soldier", "saint", "mayor"]
    first = ["dusk", "empath", "chef", "minioninfo", "demoninfo", "fortuneteller", "poisoner", "dawn"]
    other = ["dusk", "empath", "fortuneteller", "imp", "poisoner", "dawn"]
    script, merged = load_script(str(_custom(tmp_path, first, other, ids)), cat)
    g = table(merged, ids)
    seat = {c: i for i, c in enumerate(ids, start=1)}
    assert got(night_sheet(script, merged, 1, g)) == [(x, seat.get(x)) for x in first]
    apply(g, SetPhase(phase="night", night=2, day=1))
    assert got(night_sheet(script, merged, 2, g)) == [(x, seat.get(x)) for x in other]


def test_a_custom_order_without_the_special_entries_still_has_dusk_and_dawn(cat: Catalogue, tmp_path: Path) -> None:
    """The schema calls 'dusk', 'minioninfo', 'demoninfo' and 'dawn' optional entries of a custom order."""
    ids = ["empath", "chef", "fortuneteller", "poisoner", "imp"]
    first, other = ["fortuneteller", "chef", "empath", "poisoner"], ["imp", "fortuneteller", "poisoner", "empath"]
    path = _custom(tmp_path, first, other, ids)
    script, merged = load_script(str(path), cat)
    sheet = [s.id for s in night_sheet(script, merged, 1, None)]
    assert sheet[0] == "dusk" and sheet[-1] == "dawn", sheet
    assert "minioninfo" in sheet and "demoninfo" in sheet, sheet
    assert [x for x in sheet if x not in PSEUDO_STEPS] == first
    sheet = [s.id for s in night_sheet(script, merged, 2, None)]
    assert sheet[0] == "dusk" and sheet[-1] == "dawn", sheet
    assert "minioninfo" not in sheet and "demoninfo" not in sheet, sheet
    assert [x for x in sheet if x not in PSEUDO_STEPS] == other
    # With a grimoire of fewer than seven players there is no evil info, custom order or not.
    g = table(merged, ["empath", "chef", "fortuneteller", "poisoner", "imp"])
    assert [s.id for s in night_sheet(script, merged, 1, g)] == ["dusk", *first, "dawn"]


def test_a_character_left_out_of_a_custom_order_still_wakes(cat: Catalogue, tmp_path: Path) -> None:
    ids = ["empath", "chef", "poisoner", "imp"]
    path = _custom(tmp_path, ["dusk", "poisoner", "empath", "dawn"], ["dusk", "imp", "dawn"], ids)
    script, merged = load_script(str(path), cat)
    first = [s.id for s in night_sheet(script, merged, 1, None)]
    assert "chef" in first and first.index("chef") < first.index("dawn")
    assert first.index("poisoner") < first.index("empath")
    other = [s.id for s in night_sheet(script, merged, 2, None)]
    assert "empath" in other and "poisoner" in other and other.index("empath") < other.index("dawn")


def test_a_homebrew_character_wakes_by_its_number(cat: Catalogue, tmp_path: Path) -> None:
    brew = {"id": "brewer", "name": "Brewer", "team": "townsfolk", "ability": "Brews.", "firstNight": 40,
            "otherNight": 40}  # fmt: skip
    ids = ["chef", "empath", "poisoner", "imp"]
    path = tmp_path / "brew.json"
    path.write_text(json.dumps([{"id": "_meta", "name": "Brew"}, *ids, brew]), encoding="utf-8")
    script, merged = load_script(str(path), cat)
    for night in (1, 2):
        official = expected_script_sheet(ids, night)
        # Number 40 sits right after the official character with that number.
        before = [x for x in SHEET[_key(night)][: 40 + 1] if x in official]
        want = [*before, "brewer", *official[len(before) :]]
        assert [s.id for s in night_sheet(script, merged, night, None)] == want


def test_a_homebrew_character_that_never_wakes(cat: Catalogue, tmp_path: Path) -> None:
    brew = {"id": "sleeper", "name": "Sleeper", "team": "outsider", "ability": "Sleeps."}
    path = tmp_path / "sleep.json"
    path.write_text(json.dumps(["chef", "imp", brew]), encoding="utf-8")
    script, merged = load_script(str(path), cat)
    assert merged["sleeper"].first_night is None and merged["sleeper"].other_night is None
    for night in (1, 2):
        assert "sleeper" not in [s.id for s in night_sheet(script, merged, night, None)]


# --- with a grimoire ----------------------------------------------------------------------------


def test_a_grimoire_wakes_each_player_at_its_place(cat: Catalogue) -> None:
    chars = ["imp", "poisoner", "empath", "fortuneteller", "ravenkeeper", "pixie", "snakecharmer", "chef", "saint"]
    g = table(cat, chars)
    for night in (1, 2):
        want = expected_grimoire_sheet(g, night, own_abilities(g), evil_info=True)
        steps = night_sheet(None, cat, night, g)
        assert got(steps) == want
        for s in steps:
            if s.seat is not None:
                assert s.player == f"p{s.seat}"
                assert s.character == chars[s.seat - 1]


@pytest.mark.parametrize("cid", [c for c in SEATABLE if c not in ("drunk", "lilmonsta")])
def test_first_night_only_and_other_night_only(cat: Catalogue, cid: str) -> None:
    g = table(cat, [cid, *NEVER_WAKE[:4]])
    for night in (1, 2, 5):
        mine = [s.id for s in night_sheet(None, cat, night, g) if s.seat == 1]
        assert mine == ([cid] if wakes(cid, night) else [])


@pytest.mark.parametrize("cid", [c for c in SEATABLE if c not in ("lilmonsta",)])
def test_the_dead_are_skipped_except_a_ravenkeeper_who_died_tonight(cat: Catalogue, cid: str) -> None:
    g = table(cat, [cid, "ravenkeeper", "ravenkeeper", *NEVER_WAKE[:4]])
    apply(g, SetPhase(phase="day", night=1, day=1), Die(seat=1, executed=True), Die(seat=2, executed=True))
    apply(g, SetPhase(phase="night", night=2, day=1), Die(seat=3, by_demon=True))
    assert g.died_tonight == [3]
    steps = got(night_sheet(None, cat, 2, g))
    assert not [s for s in steps if s[1] in (1, 2)], "died before tonight: skipped"
    assert ("ravenkeeper", 3) in steps
    # The next night the Ravenkeeper has had its chance.
    apply(g, SetPhase(phase="day", night=2, day=2), SetPhase(phase="night", night=3, day=2))
    assert not [s for s in got(night_sheet(None, cat, 3, g)) if s[1] in (1, 2, 3)]


ACT_DEAD = ("lilmonsta", "ravenkeeper", "sage", "banshee", "farmer")
"""Characters whose step runs for a player who died tonight (the Farmer's heir, the Banshee's wail)."""


@pytest.mark.parametrize("cid", [c for c in SEATABLE if wakes(c, 2) and c not in ACT_DEAD])
def test_dying_tonight_does_not_wake_other_characters(cat: Catalogue, cid: str) -> None:
    g = table(cat, [cid, *NEVER_WAKE[:4]])
    apply(g, SetPhase(phase="night", night=2, day=1), Die(seat=1, by_demon=True))
    assert [s for s in got(night_sheet(None, cat, 2, g)) if s[1] == 1] == []


@pytest.mark.parametrize("believed", TOWNSFOLK)
def test_the_drunk_wakes_where_its_townsfolk_would(cat: Catalogue, believed: str) -> None:
    chars = ["imp", "poisoner", "drunk", "chef", "empath", "undertaker", "soldier"]
    if believed in chars:
        chars[chars.index(believed)] = "mayor"
    g = table(cat, chars, believes={3: believed})
    for night in (1, 2):
        steps = night_sheet(None, cat, night, g)
        assert got(steps) == expected_grimoire_sheet(g, night, own_abilities(g), evil_info=True)
        drunk = [s for s in steps if s.seat == 3]
        if wakes(believed, night):
            assert [s.id for s in drunk] == [believed]
            assert drunk[0].character == "drunk"
            assert "drunk" in drunk[0].status
            assert drunk[0].position == SHEET[_key(night)].index(believed)
        else:
            assert drunk == []


def test_the_drunk_prompt_says_both_characters(cat: Catalogue) -> None:
    g = table(cat, ["imp", "poisoner", "drunk", "chef", "saint"], believes={3: "empath"})
    step = next(s for s in night_sheet(None, cat, 1, g) if s.seat == 3)
    for lang in LANGS:
        text = step.prompt(cat, lang)
        assert cat["drunk"].name(lang) in text and cat["empath"].name(lang) in text
        assert "p3" in text


def test_a_drunk_who_believes_nothing_does_not_wake(cat: Catalogue) -> None:
    g = table(cat, ["imp", "poisoner", "drunk", "chef", "saint"])
    for night in (1, 2):
        assert [s for s in night_sheet(None, cat, night, g) if s.seat == 3] == []


def test_a_pixie_with_the_ability_wakes_as_that_townsfolk(cat: Catalogue) -> None:
    g = table(cat, ["imp", "poisoner", "pixie", "fortuneteller", "soldier", "saint", "mayor"])
    apply(
        g,
        SetPhase(phase="night", night=2, day=1),
        Die(seat=4, by_demon=True),
        GainAbility(seat=3, ability="fortuneteller"),
        AddReminder(seat=3, source="pixie", name="Has Ability", by_seat=3),
    )
    steps = night_sheet(None, cat, 2, g)
    assert got(steps) == expected_grimoire_sheet(g, 2, own_abilities(g), evil_info=True)
    pixie = [s for s in steps if s.seat == 3]
    assert [(s.id, s.character) for s in pixie] == [("fortuneteller", "pixie")]
    assert pixie[0].position == SHEET["otherNight"].index("fortuneteller")


def test_a_cannibal_wakes_as_the_executed_player(cat: Catalogue) -> None:
    g = table(cat, ["imp", "poisoner", "cannibal", "empath", "soldier", "saint", "mayor"])
    assert [s for s in night_sheet(None, cat, 2, g) if s.seat == 3] == []
    apply(g, SetPhase(phase="day", night=1, day=1))
    apply(g, *kill(g, cat, 4, executed=True))
    apply(g, SetPhase(phase="night", night=2, day=1))
    assert g.player(3).abilities == ["empath"]
    steps = night_sheet(None, cat, 2, g)
    assert [(s.id, s.character) for s in steps if s.seat == 3] == [("empath", "cannibal")]
    assert got(steps) == expected_grimoire_sheet(g, 2, own_abilities(g), evil_info=False)
    # A later meal replaces the first.
    apply(g, SetPhase(phase="day", night=2, day=2))
    apply(g, *kill(g, cat, 5, executed=True))
    apply(g, GainAbility(seat=3, ability="undertaker", replace=True), SetPhase(phase="night", night=3, day=2))
    assert [s.id for s in night_sheet(None, cat, 3, g) if s.seat == 3] == ["undertaker"]


def test_a_cannibal_who_ate_an_evil_player_is_poisoned(cat: Catalogue) -> None:
    g = table(cat, ["imp", "poisoner", "cannibal", "empath", "soldier", "saint", "mayor"])
    apply(g, SetPhase(phase="day", night=1, day=1))
    apply(g, *kill(g, cat, 2, executed=True))
    apply(g, SetPhase(phase="night", night=2, day=1))
    step = next(s for s in night_sheet(None, cat, 2, g) if s.seat == 3)
    assert (step.id, step.character) == ("poisoner", "cannibal")
    assert "poisoned" in step.status


def test_a_philosopher_wakes_at_the_chosen_characters_place(cat: Catalogue) -> None:
    g = table(cat, ["imp", "poisoner", "philosopher", "soldier", "saint", "mayor", "chef"])
    apply(g, SetPhase(phase="night", night=2, day=1), GainAbility(seat=3, ability="oracle"))
    steps = night_sheet(None, cat, 2, g)
    assert_official_order(steps, 2)
    mine = [s for s in steps if s.seat == 3]
    oracle = [s for s in mine if s.id == "oracle"]
    assert len(oracle) == 1 and oracle[0].character == "philosopher"
    assert oracle[0].position == SHEET["otherNight"].index("oracle")
    assert {s.id for s in mine} <= {"philosopher", "oracle"}


def test_an_alchemist_wakes_with_its_minion_ability(cat: Catalogue) -> None:
    g = table(cat, ["imp", "spy", "alchemist", "soldier", "saint", "mayor", "chef"])
    apply(g, GainAbility(seat=3, ability="poisoner"))
    first = night_sheet(None, cat, 1, g)
    assert got(first) == expected_grimoire_sheet(g, 1, own_abilities(g), evil_info=True)
    assert [s.id for s in first if s.seat == 3] == ["alchemist", "poisoner"]
    apply(g, SetPhase(phase="night", night=2, day=1))
    other = night_sheet(None, cat, 2, g)
    assert got(other) == expected_grimoire_sheet(g, 2, own_abilities(g), evil_info=True)
    assert [s.id for s in other if s.seat == 3] == ["poisoner"]


def test_an_alchemist_from_setup_wakes_with_the_proposed_minion(cat: Catalogue) -> None:
    script, merged = load_script("finger-pointing", cat)
    script = complete(script, merged, ["imp", "poisoner", "spy", "scarletwoman"])
    for seed in range(10):
        names = [f"p{i}" for i in range(9)]
        # No extra Village Idiots: they may take the Alchemist's place (see test_setup).
        events, _, proposals = setup_game(script, merged, names, seed=seed, require=["alchemist"], extra_copies=0)
        g = Grimoire(script=script.name)
        apply(g, *events)
        prop = next(p for p in proposals if p.decision.id == "alchemist_ability")
        assert prop.chosen is not None and FACTS[prop.chosen]["team"] == "minion"
        seat = g.holders("alchemist")[0].seat
        for night in (1, 2):
            steps = night_sheet(script, merged, night, g)
            assert got(steps) == expected_grimoire_sheet(g, night, own_abilities(g), evil_info=True)
            if wakes(prop.chosen, night) and not holder_lacks("alchemist", prop.chosen):
                assert (prop.chosen, seat) in got(steps)
            if holder_lacks("alchemist", prop.chosen):  # the jinx: shown the Widow or Spy, not holding it
                assert (prop.chosen, seat) not in got(steps)


@pytest.mark.parametrize("players", range(5, 16))
def test_minion_and_demon_info_only_with_seven_or_more(cat: Catalogue, players: int) -> None:
    row = COUNTS[players]
    minions = ["poisoner", "spy", "scarletwoman"][: row["minion"]]
    good = ["chef", "empath", "soldier", "mayor", "saint", "virgin", "slayer", "monk", "recluse", "butler"]
    good += ["undertaker"]
    g = table(cat, ["imp", *minions, *good[: players - 1 - len(minions)]])
    first = [s.id for s in night_sheet(None, cat, 1, g)]
    assert ("minioninfo" in first) == (players >= 7)
    assert ("demoninfo" in first) == (players >= 7)
    assert got(night_sheet(None, cat, 1, g)) == expected_grimoire_sheet(g, 1, own_abilities(g), players >= 7)
    other = [s.id for s in night_sheet(None, cat, 2, g)]
    assert "minioninfo" not in other and "demoninfo" not in other


def test_lil_monsta_unseated_wakes_and_skips_evil_info(cat: Catalogue) -> None:
    g = table(cat, ["poisoner", "spy", "chef", "empath", "soldier", "saint", "mayor", "virgin"])
    apply(g, SetUnseated(characters=["lilmonsta"]))
    for night in (1, 2):
        steps = night_sheet(None, cat, night, g)
        ids = [s.id for s in steps]
        assert "minioninfo" not in ids and "demoninfo" not in ids
        assert ("lilmonsta", None) in got(steps)
        assert got(steps) == expected_grimoire_sheet(g, night, own_abilities(g), evil_info=False)


def test_many_random_grimoires_follow_the_official_order(cat: Catalogue) -> None:
    rng = random.Random(99)
    pool = [c for c in SEATABLE if c != "lilmonsta"]
    for _ in range(150):
        n = rng.randint(5, 15)
        chars = rng.sample(pool, n)
        believes = {}
        if "drunk" in chars:
            believes[chars.index("drunk") + 1] = rng.choice([t for t in TOWNSFOLK if t not in chars])
        g = table(cat, chars, believes)
        for seat in rng.sample(g.seats(), rng.randint(0, 2)):
            apply(g, GainAbility(seat=seat, ability=rng.choice(pool)))
        evil_info = n >= 7 and "poppygrower" not in chars  # the Poppy Grower keeps the evil team apart
        assert got(night_sheet(None, cat, 1, g)) == expected_grimoire_sheet(g, 1, own_abilities(g), evil_info)
        apply(g, SetPhase(phase="day", night=1, day=1))
        for seat in rng.sample(g.seats(), rng.randint(0, 3)):
            apply(g, Die(seat=seat, executed=True))
        apply(g, SetPhase(phase="night", night=2, day=1))
        for seat in rng.sample([p.seat for p in g.living()], rng.randint(0, 2)):
            apply(g, Die(seat=seat, by_demon=True))
        assert got(night_sheet(None, cat, 2, g)) == expected_grimoire_sheet(g, 2, own_abilities(g), False)


def test_status_of_a_poisoned_player_shows_on_the_sheet(cat: Catalogue) -> None:
    g = table(cat, ["imp", "widow", "empath", "chef", "soldier", "saint", "mayor"])
    apply(g, AddReminder(seat=3, source="widow", name="Poisoned", by_seat=2))
    step = next(s for s in night_sheet(None, cat, 1, g) if s.seat == 3)
    assert step.status == frozenset({"poisoned"})
    status = step.to_json(cat, "en")["status"]
    assert isinstance(status, list) and "poisoned" in status
    # The Widow's poison ends when the Widow dies.
    apply(g, SetPhase(phase="night", night=2, day=1), Die(seat=2, by_demon=True))
    step = next(s for s in night_sheet(None, cat, 2, g) if s.seat == 3)
    assert step.status == frozenset()


def test_bundled_setups_follow_the_official_order(cat: Catalogue) -> None:
    extra = ["imp", "poisoner", "spy", "scarletwoman"]
    for stem in BUNDLED:
        script, merged = load_script(stem, cat)
        if stem != "twelve":
            script = complete(script, merged, extra)
        for seed in range(15):
            players = 5 + seed % 5
            events, _, _ = setup_game(script, merged, [f"p{i}" for i in range(players)], seed=seed)
            g = Grimoire(script=script.name)
            apply(g, *events)
            evil_info = players >= 7 and "lilmonsta" not in g.in_play()
            for night in (1, 2):
                steps = night_sheet(script, merged, night, g)
                assert got(steps) == expected_grimoire_sheet(g, night, own_abilities(g), evil_info), (stem, seed)


# --- the command line --------------------------------------------------------------------------


@pytest.mark.parametrize("stem", BUNDLED)
@pytest.mark.parametrize(("night", "number"), [("first", 1), ("other", 2), ("4", 4)])
def test_cli_json_all_in_play(capsys: pytest.CaptureFixture[str], stem: str, night: str, number: int) -> None:
    assert main(["night-order", "--script", stem, "--all-in-play", "--night", night, "--json"]) == 0
    steps = json.loads(capsys.readouterr().out)
    assert all("id" in s and "seat" in s for s in steps)
    assert [s["id"] for s in steps] == expected_script_sheet(_script_ids(stem), number)
    assert all(s["seat"] is None for s in steps)
    assert all(isinstance(s["prompt"], str) and s["prompt"] for s in steps)


def _script_ids(stem: str) -> list[str]:
    raw = json.loads((DATA / "scripts" / f"{stem}.json").read_text(encoding="utf-8"))
    return [x for x in raw if isinstance(x, str)]


def test_cli_with_add(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["night-order", "--script", "hunter-x-hunter", "--add", "imp,poisoner", "--night", "other", "--json"]
    assert main(args) == 0
    ids = [s["id"] for s in json.loads(capsys.readouterr().out)]
    assert ids == expected_script_sheet([*_script_ids("hunter-x-hunter"), "imp", "poisoner"], 2)


@pytest.mark.parametrize("lang", LANGS)
def test_cli_text_output(capsys: pytest.CaptureFixture[str], cat: Catalogue, lang: Lang) -> None:
    assert main(["night-order", "--script", "twelve", "--all-in-play", "--lang", lang]) == 0
    lines = capsys.readouterr().out.splitlines()
    steps = expected_script_sheet(_script_ids("twelve"), 1)
    assert len(lines) == 1 + len(steps)
    for line, cid in zip(lines[1:], steps, strict=True):
        if cid in PSEUDO_STEPS:
            assert STEP_TEXTS["pseudo"][cid]["prompt"][lang] in line
        else:
            assert cat[cid].name(lang) in line


def test_cli_json_with_a_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    names = "a,b,c,d,e,f,g,h"
    assert main(["setup", "--script", "twelve", "--players", names, "--seed", "3", "--out", str(save)]) == 0
    capsys.readouterr()
    g = Journal.load(save).state()
    for night, number in (("first", 1), ("other", 2)):
        assert main(["night-order", "--game", str(save), "--night", night, "--json"]) == 0
        steps = json.loads(capsys.readouterr().out)
        assert all("id" in s and "seat" in s for s in steps)
        for s in steps:
            if s["id"] in PSEUDO_STEPS or s["id"] in g.unseated:
                assert s["seat"] is None
            else:
                assert isinstance(s["seat"], int) and s["player"] == g.player(s["seat"]).name
        evil_info = "lilmonsta" not in g.in_play()
        want = expected_grimoire_sheet(g, number, own_abilities(g), evil_info)
        assert [(s["id"], s["seat"]) for s in steps] == want


def test_cli_rejects_a_bad_night(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["night-order", "--script", "twelve", "--night", "zero"]) != 0
    assert main(["night-order", "--script", "twelve", "--night", "0"]) != 0


def test_parse_problems_do_not_reach_the_sheet(cat: Catalogue) -> None:
    problems = Problems()
    script = parse_script(FIXTURES / "many-problems.json", cat, problems)
    assert problems
    assert [s.id for s in night_sheet(script, cat, 1, None)] == expected_script_sheet(["chef", "imp"], 1)


def test_cli_without_a_script_prints_the_settings_script(capsys: pytest.CaptureFixture[str]) -> None:
    """`moderator night-order` alone: the sheet of the script `play` would start on (config [game] script)."""
    assert main(["night-order", "--json"]) == 0
    alone = [s["id"] for s in json.loads(capsys.readouterr().out)]
    assert main(["night-order", "--script", Config().game.script, "--all-in-play", "--json"]) == 0
    assert alone == [s["id"] for s in json.loads(capsys.readouterr().out)] and "kazali" in alone
