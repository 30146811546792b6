"""Audit 46: when two players exchange characters by hand (`swap seat 1 and seat 5`), each ability's own
state goes with it (the Virgin's spent ability, the Seamstress's used one), and what is about a player stays
(the Fortune Teller's Red Herring)."""

from __future__ import annotations

from tests.storyteller.helpers import Game
from tests.tables import make_table

TB = ["virgin", "chef", "imp", "poisoner", "fortuneteller", "empath", "monk"]


def test_a_spent_virgin_stays_spent_after_a_swap() -> None:
    game = Game(make_table("trouble-brewing", list("abcdefg"), TB))
    game.to("day", {"poisoner": "seat 7", "fortuneteller": "seat 1 and seat 2"})
    game.say("seat 2 nominates seat 1")  # the Chef, a Townsfolk: executed at once, the Virgin spent
    assert not game.player(2).alive
    game.edit("swap seat 1 and seat 6")
    assert game.player(6).character == "virgin" and game.player(6).has_reminder("No Ability", "virgin")
    assert not game.player(1).has_reminder("No Ability", "virgin")


def test_a_red_herring_stays_with_its_player_after_a_swap() -> None:
    game = Game(make_table("trouble-brewing", list("abcdefg"), TB, decide={"red_herring": "6"}))
    assert game.player(6).has_reminder("Red Herring", "fortuneteller")
    game.edit("swap seat 5 and seat 6")  # the Fortune Teller and the Empath exchange characters
    assert game.player(6).has_reminder("Red Herring", "fortuneteller")
    assert game.player(6).character == "fortuneteller"


def test_a_used_once_per_game_ability_stays_used_after_a_swap() -> None:
    game = Game(make_table("sects-and-violets", list("abcdefg"),
                           ["vigormortis", "witch", "seamstress", "clockmaker", "dreamer", "mathematician", "sage"]))
    game.to("seamstress", {"witch": "seat 4"})
    game.say("seat 4 and seat 5")
    assert game.g.memory.get("used:seamstress:3")
    game.to("day", {"witch": "seat 4", "dreamer": "seat 4"})
    game.edit("swap seat 3 and seat 7")
    assert "used:seamstress:7" in game.g.memory and "used:seamstress:3" not in game.g.memory
