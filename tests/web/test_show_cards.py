"""What the players' screen shows for a step's true answer: one card per piece of information, one heading
each by its kind, for every step of random games on all six bundled scripts."""

from __future__ import annotations

import io
from typing import Any

from moderator.clocktower.frontend import TextLoop
from moderator.clocktower.prompts import Prompt
from moderator.clocktower.rules.scripts import bundled_scripts
from moderator.clocktower.shown import shown_kind
from moderator.clocktower.table import Table
from moderator.web.clocktower import CARD_KINDS, show_cards
from moderator.web.texts import labels
from tests.tables import make_table
from tests.test_fuzz import _table as random_table
from tests.test_fuzz import play_randomly


def shown(table: Table, prompt: Prompt) -> list[dict[str, Any]]:
    """The cards, without their empty parts."""
    return [{k: v for k, v in card.items() if v not in (None, [])} for card in show_cards(table, prompt)]


def _table(assign: list[str], say: list[str], decide: dict[str, str] | None = None, script_id: str = "twelve") -> Table:
    table = make_table(script_id, [chr(ord("a") + i) for i in range(len(assign))], assign, decide=decide)
    loop = TextLoop(table, "en", io.StringIO(), jsonl=True)
    loop.run([])
    for line in say:
        _reply, error = loop.step(line)
        assert error is None, (line, error)
    return table


def test_the_widows_know_player_is_a_player_on_the_screen_not_a_number() -> None:
    table = _table(
        ["kazali", "lycanthrope", "pixie", "drunk", "fisherman", "ravenkeeper", "cannibal"],
        ["next", "seat 7", "widow", "next", "next", "next", "seat 2"],
        {"faux_paw": "5", "drunk_believes": "snakecharmer"},
    )
    prompt = table.prompt()
    assert prompt.step == "widow" and isinstance(prompt.truth, int)
    assert shown(table, prompt) == [{"kind": "player", "seats": [prompt.truth]}]


def test_a_count_stays_a_number() -> None:
    assign = ["imp", "empath", "poisoner", "chef", "monk", "soldier", "saint"]
    table = _table(assign, ["next", "next", "next", "no", "next"], script_id="trouble-brewing")
    prompt = table.prompt()
    assert prompt.step == "empath" and isinstance(prompt.truth, int)
    assert shown(table, prompt) == [{"kind": "number", "number": prompt.truth}]


def test_characters_in_a_list_are_shown_as_characters() -> None:
    """The Godfather learns the Outsiders in play: their tokens, not the Godfather's own."""
    assign = ["po", "godfather", "tinker", "moonchild", "chambermaid", "sailor", "innkeeper"]
    table = _table(assign, ["next"], script_id="bad-moon-rising")
    loop = TextLoop(table, "en", io.StringIO(), jsonl=True)
    while table.prompt().step != "godfather":  # "no" where a step wants a choice (the Sailor's)
        _reply, error = loop.step("next")
        if error is not None:
            assert loop.step("no")[1] is None
    prompt = table.prompt()
    assert prompt.truth == ["moonchild", "tinker"]
    assert shown(table, prompt) == [{"kind": "characters", "characters": ["moonchild", "tinker"]}]


def test_the_washerwoman_sees_one_card_two_players_and_a_token() -> None:
    assign = ["imp", "washerwoman", "poisoner", "chef", "monk", "soldier", "saint"]
    table = _table(assign, ["next", "next", "next", "no"], script_id="trouble-brewing")
    while table.prompt().step != "washerwoman":
        TextLoop(table, "en", io.StringIO()).step("next")
    prompt = table.prompt()
    (card,) = shown(table, prompt)
    assert card["kind"] == "pair" and len(card["characters"]) == 1 and len(card["seats"]) == 2


def test_a_minion_is_shown_the_demon_and_the_minions_not_your_minions() -> None:
    assign = ["imp", "empath", "poisoner", "chef", "monk", "soldier", "saint"]
    table = _table(assign, ["next"], script_id="trouble-brewing")
    prompt = table.prompt()
    assert prompt.step == "minioninfo"
    assert shown(table, prompt) == [{"kind": "demon", "seats": [1]}, {"kind": "fellow_minions", "seats": [3]}]
    TextLoop(table, "en", io.StringIO()).step("next")
    prompt = table.prompt()
    assert prompt.step == "demoninfo"
    assert [c["kind"] for c in shown(table, prompt)] == ["minions", "not_in_play"]


FITS = {  # what a card of each kind holds: (characters, seats), as counts allowed
    "pair": ({1}, {2}), "player_is": ({1}, {1}), "character": ({1}, {0}), "characters": (range(1, 9), {0}),
    "player": ({0}, range(1, 20)), "demon": ({0}, range(1, 4)), "minions": ({0}, range(0, 5)),
    "fellow_minions": ({0}, range(1, 5)), "not_in_play": (range(0, 4), {0}), "number": ({0}, {0}),
    "yes": ({0}, {0}), "no": ({0}, {0}), "alignment": ({0}, {0}), "direction": ({0}, {0}), "you_are": ({0, 1}, {0}),
}  # fmt: skip
SHOWS = {"yesno": {"yes", "no"}, "number": {"number"}, "player": {"player"},
         "character": {"character", "characters", "alignment", "direction"}}  # a word shown: a token, good/evil, a way


def test_every_kind_has_one_heading_in_each_language() -> None:
    assert set(FITS) == set(CARD_KINDS)
    for lang in ("ko", "en"):
        words = labels(lang)
        headings = [words[k] for k in CARD_KINDS if k not in ("yes", "no")]
        assert all(headings) and len(set(headings)) == len(headings), lang


def test_every_step_of_random_games_shows_cards_that_fit_their_kind() -> None:
    seen: set[str] = set()

    def each(table: Table, _loop: TextLoop) -> None:
        prompt = table.prompt()
        cards = show_cards(table, prompt)
        assert cards, prompt.step
        for card in cards:
            chars, seats = FITS[card["kind"]]
            assert len(card["characters"]) in chars and len(card["seats"]) in seats, (prompt.step, card)
            assert all(c in table.cat.characters for c in card["characters"]), (prompt.step, card)
            assert all(s in table.g.seats() for s in card["seats"]), (prompt.step, card)
            if card["kind"] == "number":
                assert isinstance(card["number"], int), (prompt.step, card)
            if card["kind"] in ("alignment", "direction"):
                assert card["value"] is not None, (prompt.step, card)
            seen.add(card["kind"])
        truth_kind = shown_kind(prompt.truth, prompt.shows_player) if prompt.truth is not None else "any"
        if table.g.question is None and truth_kind in SHOWS and prompt.step != "dawn":
            assert {c["kind"] for c in cards} <= SHOWS[truth_kind], (prompt.step, prompt.truth, cards)

    for script_id in sorted(bundled_scripts()):
        for seed in range(4):
            play_randomly(random_table(script_id, 7 + 2 * seed, seed, "en"), seed, each, steps=150)
    assert len(seen) >= 12, sorted(seen)  # the random games meet most kinds
