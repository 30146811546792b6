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


def _to_day(game: Game) -> None:
    """Walk the first night, giving something untrue where the Vortox refuses the true answer."""
    for _ in range(40):
        if game.prompt.step == "day":
            return
        step = game.prompt.step
        _, error = game.loop.step({"witch": "seat 7", "dreamer": "seat 1", "seamstress": "no"}.get(step, "next"))
        if error is not None:
            game.say("showed " + {"clockmaker": "2", "dreamer": "sweetheart"}.get(step, "3"))
    raise AssertionError(game.prompt.step)


def test_the_savant_under_the_vortox_is_told_both_statements_are_false() -> None:
    # Vortox: "Each night*, choose a player; they die. Townsfolk abilities yield false info." The Savant's "1 is
    # true & 1 is false" becomes two false statements; its step says so, not both at once.
    texts = {}
    for demon in ("vortox", "nodashii"):
        game = Game(make_table("sects-and-violets", list("abcdefg"),
                               [demon, "witch", "savant", "clockmaker", "oracle", "seamstress", "dreamer"]))
        _to_day(game)
        game.say("seat 3 uses their ability")
        texts[demon] = game.prompt.text
    assert "both false" in texts["vortox"] and "one true" not in texts["vortox"]
    assert "one true and one false" in texts["nodashii"]
