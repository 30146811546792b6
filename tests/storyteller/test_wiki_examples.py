"""Small rulings from the wiki's examples that audit x's author noticed beside their scenarios."""

from __future__ import annotations

from tests.storyteller.helpers import Game
from tests.tables import make_table


def test_the_minstrel_triggered_two_days_running_keeps_one_token_renewed() -> None:
    # Minstrel: "When a Minion dies by execution, all other players (except Travellers) are drunk until dusk
    # tomorrow." A second Minion executed the next day renews the time, with one Everyone Is Drunk token.
    game = Game(make_table("bad-moon-rising", list("abcdefgh"),
                           ["po", "assassin", "godfather", "minstrel", "chambermaid", "gambler", "tealady", "sailor"]))
    game.to("day", {"sailor": "seat 5", "chambermaid": "seat 1 and seat 2"})
    game.say("seat 2 is executed", "end day")
    assert game.tokens(4) == ["minstrel:Everyone Is Drunk"]
    game.to("day", {"sailor": "seat 5", "chambermaid": "seat 1 and seat 6", "gambler": "seat 1 po", "po": "no"})
    game.say("seat 3 is executed", "end day")
    assert game.tokens(4) == ["minstrel:Everyone Is Drunk"]  # one token; drunk until the next dusk
    game.to("day", {"sailor": "seat 5", "chambermaid": "seat 1 and seat 6", "gambler": "seat 1 po", "po": "no"})
    game.say("end day")
    assert game.tokens(4) == []  # gone at the dusk after the day it was renewed for
