"""Growl's rules as data: the bundled files load, and a broken file is reported by file and key."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import get_args

import pytest

from moderator.errors import DataError
from moderator.growl.data import default_data, load_data
from moderator.growl.texts import Refusal, Refusals
from moderator.growl.words import card_names
from moderator.paths import data_dir

SOURCE = data_dir() / "growl"


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """A copy of data/growl to break."""
    return Path(shutil.copytree(SOURCE, tmp_path / "growl"))


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_bundled_data_loads_with_the_reference_tables() -> None:
    data = default_data()
    table = {n: (fw.bites, fw.gold) for n, fw in data.setup.first_werewolves.items()}
    assert table == {4: (1, 3), 5: (1, 4), 6: (2, 4), 7: (2, 5), 8: (2, 6), 9: (3, 6), 10: (3, 7)}
    assert [data.setup.removed(n) for n in (4, 5, 6, 8, 9, 10)] == [
        ["6+", "9+"], ["6+", "9+"], ["9+"], ["9+"], [], []
    ]  # fmt: skip
    bite = data.cards.deck_card("bite")
    assert bite is not None and bite.total() == 20 and bite.total({"6+", "9+"}) == 12
    assert data.cards.pool("night") == 8 and data.cards.pool("final") == 8
    assert data.setup.nights == 3


def test_every_refusal_the_engine_can_raise_has_a_text() -> None:
    assert set(get_args(Refusal)) == set(Refusals.model_fields)


def test_card_names_in_both_languages_map_to_one_id() -> None:
    names = card_names(default_data())
    assert names["선물"] == names["the gift"] == names["gift"] == "the_gift"
    assert names["할로윈의 밤"] == names["all hallows eve"] == "all_hallows_eve"
    assert names["밤 카드"] == names["night card"] == "night_card"


def test_an_unknown_key_names_the_file_and_the_key(copy: Path) -> None:
    edit(copy / "setup.yaml", "deal: 3", "deal: 3\nsniff_form: 8")
    with pytest.raises(DataError, match=r"setup\.yaml: sniff_form: Extra inputs are not permitted"):
        load_data(copy)


def test_a_wrong_value_names_the_nested_key(copy: Path) -> None:
    edit(copy / "setup.yaml", "10: {bites: 3, gold: 7}", "10: {bites: three, gold: 7}")
    with pytest.raises(DataError, match=r"setup\.yaml: first_werewolves\.10\.bites: "):
        load_data(copy)


def test_an_unknown_condition_names_the_card(copy: Path) -> None:
    edit(copy / "cards.yaml", "condition: two_hold_five", "condition: two_hold_six")
    with pytest.raises(DataError, match=r"cards\.yaml: night_cards\.6\.condition: "):
        load_data(copy)


def test_problems_in_several_files_are_all_reported(copy: Path) -> None:
    edit(copy / "pacing.yaml", "seconds: 20", "seconds: -1")
    edit(copy / "texts.yaml", "who:", "whom:")
    with pytest.raises(DataError) as err:
        load_data(copy)
    assert "pacing.yaml: passing.seconds" in str(err.value)
    assert "texts.yaml: who: Field required" in str(err.value)
    assert "texts.yaml: whom: Extra inputs" in str(err.value)


def test_a_first_werewolf_deal_that_does_not_add_up_is_refused(copy: Path) -> None:
    edit(copy / "setup.yaml", "7: {bites: 2, gold: 5}", "7: {bites: 2, gold: 6}")
    with pytest.raises(DataError, match=r"setup\.yaml: first_werewolves\.7: 2 bites \+ 6 gold is not 7 cards"):
        load_data(copy)


def test_a_removal_gap_and_an_unknown_mark_are_refused(copy: Path) -> None:
    edit(copy / "setup.yaml", '{players: [6, 8], remove: ["9+"]}', '{players: [6, 7], remove: ["10+"]}')
    with pytest.raises(DataError) as err:
        load_data(copy)
    assert "setup.yaml: removal.1.remove: unknown mark '10+'" in str(err.value)
    assert "setup.yaml: removal: 8 players is covered 0 times" in str(err.value)


def test_texts_whose_languages_use_different_slots_are_refused(copy: Path) -> None:
    edit(copy / "texts.yaml", 'ko: "{who} 차례입니다. 카드를', 'ko: "{seat} 차례입니다. 카드를')
    with pytest.raises(DataError, match=r"texts\.yaml: day\.turn: ko uses \['seat'\], en uses \['who'\]"):
        load_data(copy)


def test_one_name_for_two_cards_is_refused(copy: Path) -> None:
    edit(copy / "cards.yaml", "aliases: [gift]", "aliases: [gift, purge]")
    with pytest.raises(DataError, match=r"cards\.yaml: night_cards\.\d+: the name 'purge' is also the_gift's"):
        load_data(copy)


def test_a_phrase_for_an_unknown_intent_or_slot_is_refused(copy: Path) -> None:
    edit(copy / "phrases.yaml", '  number: ["{k} gold"', '  number: ["{q} gold"')
    with pytest.raises(DataError, match=r"phrases\.yaml: en\.number\.0: .*unknown slot \{q\}"):
        load_data(copy)
    edit(copy / "phrases.yaml", '  number: ["{q} gold"', '  growl: ["{k} gold"')
    with pytest.raises(DataError, match=r"phrases\.yaml: en\.growl\.\[key\]"):
        load_data(copy)


def test_a_missing_file_is_named(copy: Path) -> None:
    (copy / "pacing.yaml").unlink()
    with pytest.raises(DataError, match=r"pacing\.yaml: cannot read"):
        load_data(copy)
