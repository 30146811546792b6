"""What the audits' leftovers asked for (audit 41's smaller findings): a Moonchild killed at night learns it at
dawn, and the open day reminds the storyteller that they pick a living player in public."""

from __future__ import annotations

import pytest

from moderator.i18n import Lang
from tests.storyteller.helpers import Game
from tests.tables import make_table

BMR = ["po", "assassin", "ravenkeeper", "chambermaid", "moonchild", "exorcist", "gambler", "fool"]


@pytest.mark.parametrize(("lang", "word"), [("en", "Moonchild"), ("ko", "달의 아이")])
def test_a_moonchild_killed_at_night_is_reminded_by_day(lang: Lang, word: str) -> None:
    game = Game(make_table("bad-moon-rising", list("abcdefgh"), BMR, lang=lang, add=["ravenkeeper"]), lang)
    game.to("day", {"chambermaid": "seat 3 and seat 6"})
    assert word not in game.prompt.text  # alive: nothing to pick
    game.say("end day")
    game.to("po", {"gambler": "no", "exorcist": "seat 7"})
    game.say("seat 5")  # the Po kills the Moonchild
    game.to("day", {"assassin": "no", "chambermaid": "seat 3 and seat 6"})
    assert word in game.prompt.text and "5" in game.prompt.text
    game.say("end day")
    game.to("moonchild", {"exorcist": "seat 8", "po": "no", "assassin": "no"})
    game.say("seat 3")  # the pick: the Ravenkeeper dies
    game.to("day", {"ravenkeeper": "seat 1", "chambermaid": "seat 2 and seat 6"})
    assert word not in game.prompt.text  # the pick is spent
