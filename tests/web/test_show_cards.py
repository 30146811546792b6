"""What the players' screen shows for a step's true answer: a count as a number, a seat as a player."""

from __future__ import annotations

import io

from moderator.clocktower.frontend import TextLoop
from moderator.clocktower.table import Table
from moderator.web.clocktower import show_cards
from tests.tables import make_table


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
    assert show_cards(table, prompt) == [{"kind": "player", "seats": [prompt.truth]}]


def test_a_count_stays_a_number() -> None:
    assign = ["imp", "empath", "poisoner", "chef", "monk", "soldier", "saint"]
    table = _table(assign, ["next", "next", "next", "no", "next"], script_id="trouble-brewing")
    prompt = table.prompt()
    assert prompt.step == "empath" and isinstance(prompt.truth, int)
    assert show_cards(table, prompt) == [{"kind": "number", "number": prompt.truth}]


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
    assert show_cards(table, prompt) == [{"kind": "character", "characters": ["moonchild", "tinker"]}]
