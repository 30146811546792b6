"""The catalogue: every official character from the facts, and the 32 seed characters described."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from moderator.clocktower.rules.catalogue import Catalogue, Character
from moderator.clocktower.rules.loader import default_catalogue, load_catalogue
from moderator.clocktower.rules.schema import Step
from moderator.i18n import Lang, Text

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "data"
REFERENCE = DATA / "reference"

SEED_IDS = frozenset(
    [
        "pixie", "snakecharmer", "lycanthrope", "fisherman", "ravenkeeper", "cannibal", "drunk", "lunatic", "widow",
        "organgrinder", "kazali", "lilmonsta", "shugenja", "bountyhunter", "empath", "oracle", "undertaker",
        "alsaahir", "nightwatchman", "slayer", "alchemist", "magician", "grandmother", "balloonist", "villageidiot",
        "fortuneteller", "innkeeper", "gambler", "acrobat", "seamstress", "philosopher", "amnesiac",
    ]
)  # fmt: skip
ADDED_IDS = frozenset(["imp", "poisoner", "spy", "scarletwoman", "baron", "recluse"])
"""The evil characters a storyteller most often adds to the seed scripts, and the Recluse: described too."""
TROUBLE_BREWING_IDS = frozenset(
    ["washerwoman", "librarian", "investigator", "chef", "monk", "soldier", "virgin", "mayor", "butler", "saint"]
)
"""The rest of Trouble Brewing (issue 17): its other characters are among the two sets above."""
BAD_MOON_RISING_IDS = frozenset(
    ["tinker", "fool", "assassin", "devilsadvocate", "sailor", "chambermaid", "exorcist", "tealady", "professor",
     "pukka", "gossip", "courtier", "minstrel", "pacifist", "moonchild", "goon", "godfather", "mastermind",
     "zombuul", "shabaloth", "po"]
)
"""The rest of Bad Moon Rising (issue 17); the Grandmother, Innkeeper, Gambler and Lunatic are seeds."""
SECTS_AND_VIOLETS_IDS = frozenset(
    ["clockmaker", "dreamer", "mathematician", "flowergirl", "towncrier", "savant", "artist", "juggler", "sage",
     "sweetheart", "fanggu", "vigormortis", "nodashii", "vortox", "eviltwin", "witch", "cerenovus", "pithag",
     "mutant", "barber", "klutz"]
)
"""Sects & Violets characters described so far (issue 17); the Snake Charmer, Oracle, Seamstress and
Philosopher are seeds."""
TRAVELLER_IDS = frozenset(
    ["thief", "bureaucrat", "barista", "harlot", "butcher", "cacklejack", "gunslinger", "matron", "gangster",
     "bonecollector", "judge", "apprentice", "beggar", "deviant", "scapegoat", "gnome", "bishop", "voudon"]
)
"""Every Traveller (issue 26)."""
EXPERIMENTAL_IDS = frozenset(["steward", "knight", "noble", "highpriestess", "general"])
EXPERIMENTAL_GOOD_IDS = frozenset(
    ["huntsman", "damsel", "banshee", "heretic", "hatter", "atheist", "choirboy", "king", "farmer", "engineer",
     "poppygrower", "preacher", "princess", "cultleader", "golem", "hermit", "ogre", "plaguedoctor", "politician",
     "puzzlemaster", "snitch", "zealot"]
)  # fmt: skip
"""Experimental Townsfolk described so far (issue 26)."""
FABLED_IDS = frozenset(
    ["angel", "buddhist", "deusexfiasco", "djinn", "doomsayer", "duchess", "ferryman", "fibbin", "fiddler",
     "hellslibrarian", "revolutionary", "sentinel", "spiritofivory", "toymaker"]
)
"""Every Fabled, and the Loric put in play like one (issue 26)."""
LORIC_IDS = frozenset(["stormcatcher", "bootlegger", "gardener", "bigwig", "godofug", "hindu", "knaves", "pope", "tor",
                       "ventriloquist", "zenomancer"])
"""Every Loric (issue 26): with them, all 181 official characters are described."""
EXPERIMENTAL_EVIL_IDS = frozenset(
    ["boomdandy", "harpy", "wizard", "xaan", "marionette", "mezepheles", "goblin", "fearmonger", "psychopath",
     "vizier", "summoner", "boffin", "wraith", "yaggababble", "legion", "lordoftyphon", "riot", "alhadikhia",
     "leviathan", "lleech", "ojo"]
)
"""Every Experimental Minion and Demon (issue 26)."""
DESCRIBED = (SEED_IDS | ADDED_IDS | TROUBLE_BREWING_IDS | BAD_MOON_RISING_IDS | SECTS_AND_VIOLETS_IDS | TRAVELLER_IDS
             | EXPERIMENTAL_IDS | FABLED_IDS | LORIC_IDS | EXPERIMENTAL_EVIL_IDS | EXPERIMENTAL_GOOD_IDS)  # fmt: skip
HANGUL = re.compile(r"[\uac00-\ud7a3]")


def _json(name: str) -> Any:
    return json.loads((REFERENCE / name).read_text(encoding="utf-8"))


FACTS: dict[str, dict[str, Any]] = {f["id"]: f for f in _json("characters-facts.json")}
ALL_IDS = sorted(FACTS)
KO_NAMES: dict[str, dict[str, Any]] = yaml.safe_load((DATA / "names.yaml").read_text(encoding="utf-8"))["ko"]


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue(DATA)


def _korean(text: str) -> bool:
    return bool(HANGUL.search(text))


def _english(text: str) -> bool:
    return bool(re.search(r"[A-Za-z]", text)) and not _korean(text)


def _bilingual(text: Text) -> None:
    assert text.ko.strip() and _korean(text.ko), f"not Korean: {text.ko!r}"
    assert text.en.strip() and _english(text.en), f"not English: {text.en!r}"


def test_the_facts_file_has_181_characters() -> None:
    assert len(FACTS) == 181


def test_every_official_id_loads_and_nothing_else(cat: Catalogue) -> None:
    assert sorted(cat.characters) == ALL_IDS
    assert len(cat.characters) == 181


@pytest.mark.parametrize("cid", ALL_IDS)
def test_each_character_matches_its_facts(cat: Catalogue, cid: str) -> None:
    fact = FACTS[cid]
    char = cat[cid]
    assert char.id == cid
    assert char.name.en == fact["name"]
    assert char.team == fact["team"]
    assert char.edition == fact["edition"]
    assert char.first_night == fact["firstNight"]
    assert char.other_night == fact["otherNight"]
    official = [*fact["reminders"], *fact["remindersGlobal"]]
    assert set(char.reminders) == set(official)
    assert len(char.reminders) == len(set(char.reminders)), "a reminder is listed twice"
    # The character's own reminders come first, in the official order.
    assert list(char.reminders[: len(fact["reminders"])]) == list(dict.fromkeys(fact["reminders"]))


@pytest.mark.parametrize("cid", ALL_IDS)
def test_team_lookup_and_membership(cat: Catalogue, cid: str) -> None:
    assert cid in cat
    assert cat.get(cid) is cat[cid]
    assert cat.team(cid) == FACTS[cid]["team"]


def test_unknown_ids_are_not_characters(cat: Catalogue) -> None:
    assert "notacharacter" not in cat
    assert cat.get("notacharacter") is None
    assert cat.team("notacharacter") is None
    assert cat.team(None) is None
    with pytest.raises(KeyError):
        cat["notacharacter"]


def test_exactly_the_seed_characters_and_the_usual_additions_are_described(cat: Catalogue) -> None:
    assert len(SEED_IDS) == 32
    assert set(cat.described()) == DESCRIBED
    assert cat.described() == sorted(cat.described())
    assert {c.id for c in cat.characters.values() if c.described} == DESCRIBED


def test_every_described_character_has_a_file() -> None:
    files = {p.stem for p in (DATA / "characters").glob("*.yaml")}
    assert files == DESCRIBED


def test_every_official_character_is_described(cat: Catalogue) -> None:
    """Issue 26: all 181 official characters have prompts, effects and Korean texts of their own; none is
    left to the facts alone (a script's homemade character is the only one with the generic prompt)."""
    assert set(ALL_IDS) == DESCRIBED
    assert [cid for cid in ALL_IDS if not cat[cid].described or cat[cid].data is None] == []


@pytest.mark.parametrize("cid", sorted(DESCRIBED))
def test_described_character_names_and_ability_in_both_languages(cat: Catalogue, cid: str) -> None:
    char = cat[cid]
    assert char.data is not None
    assert char.data.id == cid
    _bilingual(char.name)
    assert char.name.en == FACTS[cid]["name"]
    _bilingual(char.data.ability)
    assert char.ability_text == char.data.ability


@pytest.mark.parametrize("cid", sorted(SEED_IDS))
def test_described_korean_name_comes_from_a_seed(cat: Catalogue, cid: str, seeds_dir: Path) -> None:
    seeds = " ".join(p.read_text(encoding="utf-8") for p in sorted(seeds_dir.glob("*.txt")))
    assert seeds, f"no seed texts under {seeds_dir}"
    assert cat[cid].name.ko in seeds


def _night_steps(char: Character) -> tuple[list[Step], list[Step]]:
    assert char.data is not None
    return list(char.data.night.first), list(char.data.night.other)


@pytest.mark.parametrize("cid", sorted(DESCRIBED))
def test_described_night_steps_exactly_when_the_facts_wake_it(cat: Catalogue, cid: str) -> None:
    first, other = _night_steps(cat[cid])
    placed = cat[cid].data.night.after is not None  # type: ignore[union-attr]  # steps placed by hand (the Djinn's)
    assert bool(first) == (FACTS[cid]["firstNight"] is not None) or (placed and FACTS[cid]["firstNight"] is None)
    assert bool(other) == (FACTS[cid]["otherNight"] is not None) or (placed and FACTS[cid]["otherNight"] is None)


@pytest.mark.parametrize("cid", sorted(DESCRIBED))
def test_described_prompts_in_both_languages(cat: Catalogue, cid: str) -> None:
    char = cat[cid]
    assert char.data is not None
    first, other = _night_steps(char)
    for step in [*first, *other, *char.data.day]:
        _bilingual(step.prompt)
        if step.public is not None:
            _bilingual(step.public)
        assert step.expects, "a step expects at least one kind of answer"
    if char.data.notes is not None:
        _bilingual(char.data.notes)
    for dec in char.data.decisions:
        _bilingual(dec.prompt)


@pytest.mark.parametrize("cid", sorted(DESCRIBED))
def test_described_reminders_are_exactly_the_official_ones(cat: Catalogue, cid: str) -> None:
    char = cat[cid]
    assert char.data is not None
    own = [r.en for r in char.data.reminders]
    assert sorted(own) == sorted({*FACTS[cid]["reminders"], *FACTS[cid]["remindersGlobal"]})
    assert len(own) == len(set(own)), "one entry per official reminder"
    for spec in char.data.reminders:
        assert spec.ko.strip()
        if re.search(r"[A-Za-z]", spec.en):  # a word, not a mark like the Amnesiac's "?"
            assert _korean(spec.ko), f"{cid} reminder {spec.en}: no Korean name"
        assert char.reminder(spec.en) is spec


def test_prompts_fill_their_slots() -> None:
    text = Text(ko="{seat}번 {name}", en="seat {seat}, {name}")
    assert text("ko", seat=3, name="a") == "3번 a"
    assert text("en", seat=3, name="a") == "seat 3, a"
    assert text("en") == "seat {seat}, {name}"


def test_night_sheet_and_counts_come_from_the_reference(cat: Catalogue) -> None:
    sheet = _json("nightsheet.json")
    assert cat.sheet.firstNight == sheet["firstNight"]
    assert cat.sheet.otherNight == sheet["otherNight"]
    rows = {r["players"]: r for r in _json("player-counts.json")}
    assert sorted(cat.counts) == list(range(5, 16))
    for n, row in rows.items():
        assert cat.counts[n].model_dump() == row


def test_jinxes_come_from_the_reference_both_ways(cat: Catalogue) -> None:
    pairs = _json("jinx-pairs.json")
    assert pairs
    for item in pairs:
        for other in item["with"]:
            assert cat.jinxed(item["id"], other)
            assert cat.jinxed(other, item["id"])
    listed = {(i["id"], o) for i in pairs for o in i["with"]}
    unjinxed = next(
        (a, b) for a in ALL_IDS for b in ALL_IDS if a != b and (a, b) not in listed and (b, a) not in listed
    )
    assert not cat.jinxed(*unjinxed)


def test_homebrew_extends_a_copy(cat: Catalogue) -> None:
    brew = Character(id="mybrew", name=Text(ko="내꺼", en="Mine"), team="townsfolk", first_night=3, other_night=None)
    bigger = cat.with_homebrew([brew])
    assert "mybrew" in bigger and "mybrew" not in cat
    assert bigger["mybrew"] is brew
    assert len(bigger.characters) == len(cat.characters) + 1
    assert bigger.team("mybrew") == "townsfolk"


def test_default_catalogue_is_the_data_catalogue(cat: Catalogue) -> None:
    default = default_catalogue()
    assert default is default_catalogue()
    assert sorted(default.characters) == sorted(cat.characters)
    assert default.described() == cat.described()


def test_every_character_has_a_korean_name_exactly_once() -> None:
    """A Korean name for each of the 181: in its own file when described, else in data/names.yaml."""
    assert set(KO_NAMES) | DESCRIBED == set(ALL_IDS)
    assert not set(KO_NAMES) & DESCRIBED
    assert all(entry["own"] is True for entry in KO_NAMES.values())  # no seed names them


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_no_two_characters_share_a_name(cat: Catalogue, lang: Lang) -> None:
    names = [c.name(lang) for c in cat.characters.values()]
    assert len(set(names)) == len(names) == 181


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_every_name_is_heard_as_its_own_character(cat: Catalogue, lang: Lang) -> None:
    """Typed or spoken at a character step, each of the 181 names means that character and no other."""
    from moderator.clocktower.frontend import any_game_parser

    parser = any_game_parser(lang)
    wrong = {c.id: parser.parse(c.name(lang), ["character"]).character for c in cat.characters.values()}
    assert {cid: got for cid, got in wrong.items() if got != cid} == {}
