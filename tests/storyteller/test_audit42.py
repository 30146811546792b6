"""What the audits' leftovers asked for (audit 41's smaller findings): a Moonchild killed at night learns it at
dawn, and the open day reminds the storyteller that they pick a living player in public."""

from __future__ import annotations

import re

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


TB = ["imp", "poisoner", "empath", "chef", "monk", "washerwoman", "saint"]
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]


@pytest.mark.parametrize(("lang", "right", "wrong", "said"), [
    ("en", "seat 3 Cy", "seat 3 Bob", "Bob is in seat 2"), ("en", "Cy in seat 3", "Bob in seat 3", "Bob is in seat 2"),
    ("ko", "3번 Cy", "3번 Bob", "2번입니다"), ("ko", "세 번째", "3번 자리 Bob", "2번입니다")])  # fmt: skip
def test_a_seat_said_with_its_players_name(lang: Lang, right: str, wrong: str, said: str) -> None:
    """"Seat 3, Cy" is seat 3; a seat and a name of two players is refused, saying whose seat it is."""
    game = Game(make_table("trouble-brewing", NAMES, TB, lang=lang), lang)
    game.to("poisoner")
    assert said in game.refused(wrong)
    game.say(right)
    assert any("Poisoned" in t for t in game.tokens(3)), game.tokens(3)


SNV = ["vortox", "witch", "clockmaker", "dreamer", "seamstress", "artist", "mutant"]


@pytest.mark.parametrize("vortox", [True, False])
def test_the_examples_of_an_information_step_are_answers_it_takes(vortox: bool) -> None:
    """Asked again, the storyteller hears examples: under the Vortox a Townsfolk's true answer is refused, so
    the example is another one; otherwise the true one (any other is refused for a sober player)."""
    chars = SNV if vortox else ["nodashii", *SNV[1:]]
    game = Game(make_table("sects-and-violets", list("abcdefg"), chars))
    game.to("clockmaker")
    truth = game.prompt.truth
    asked = game.refused("purple elephants")
    shown = re.findall(r"'showed (\d+)'", asked)
    assert shown and (int(shown[0]) != truth) == vortox, (asked, truth)
    game.say(f"showed {shown[0]}")
