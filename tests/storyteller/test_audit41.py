"""What an outside audit of later nights found (audit 41, written from the rule texts only).

An ability's lasting effect ends with its holder ("Abilities": a dead player's effects end at once): the
Innkeeper's Safe and Drunk, the Sailor's Drunk. Deaths that come at once (the Shabaloth's two) are judged
together: an Innkeeper killed beside the player they keep safe still keeps them safe. And the Juggler's guesses
are taken as the docs spell them."""

from __future__ import annotations

import pytest

from moderator.clocktower.rules.status import impaired
from tests.storyteller.helpers import Game
from tests.tables import make_table

BMR = ["shabaloth", "godfather", "innkeeper", "chambermaid", "sailor", "tealady", "gossip"]
"""Seat 1 the Shabaloth, 2 the Godfather, 3 the Innkeeper, 4 the Chambermaid, 5 the Sailor, 6 the Tea Lady,
7 the Gossip. The Tea Lady's neighbours are 5 and 7."""


def night_two() -> Game:
    """At the Innkeeper's step of night 2 (the Sailor made seat 7 drunk)."""
    game = Game(make_table("bad-moon-rising", list("abcdefg"), BMR))
    game.say("next", "next", "next", "seat 6", "next", "next", "seat 1 and seat 2", "next", "next", "end day",
             "next", "seat 7", "next")  # fmt: skip
    assert game.prompt.step == "innkeeper"
    return game


def test_the_innkeepers_effects_end_when_the_innkeeper_dies() -> None:
    game = night_two()
    game.say("seat 4 and seat 6", "seat 6")  # both Safe, seat 6 drunk
    assert impaired(game.g, game.table.cat, game.player(6)) and game.tokens(4)
    game.say("seat 3 dies")  # the Innkeeper dies by hand before the Demon acts
    assert not impaired(game.g, game.table.cat, game.player(6))
    assert not any("innkeeper" in t.lower() for s in (4, 6) for t in game.tokens(s)), game.tokens(4)
    game.say("seat 4 and seat 5")  # the Shabaloth: the Innkeeper's Safe is gone; the Sailor cannot die
    assert not game.player(4).alive and game.player(5).alive


def test_two_deaths_at_once_are_judged_together() -> None:
    game = night_two()
    game.say("seat 4 and seat 6", "seat 6")
    game.say("seat 3 and seat 4")  # the Shabaloth kills the Innkeeper and seat 4, both at once
    assert not game.player(3).alive
    assert game.player(4).alive  # Safe when the Demon acted
    assert not impaired(game.g, game.table.cat, game.player(6))  # the Drunk ended with the Innkeeper


def test_the_sailors_drunk_ends_when_the_sailor_dies() -> None:
    game = night_two()
    assert impaired(game.g, game.table.cat, game.player(7))  # the Sailor's Drunk, until dusk
    game.say("seat 5 dies anyway")  # the Sailor cannot die: dies anyway is the storyteller's say
    assert not game.player(5).alive
    assert not impaired(game.g, game.table.cat, game.player(7))


SNV = ["nodashii", "cerenovus", "oracle", "sage", "juggler", "dreamer", "seamstress"]


def juggler_day() -> Game:
    game = Game(make_table("sects-and-violets", list("abcdefg"), SNV, seed=1))
    game.say("next", "next", "next", "seat 4 sage", "next", "next", "no", "next")
    assert game.prompt.step == "day"
    return game


def test_the_jugglers_guesses_in_one_sentence_each() -> None:
    """The Juggler's guesses, as the docs spell a seat and a character ("seat 4 sage"), and opened by "seat 5
    guesses" as well as "seat 5 uses ability" (an outside audit found both refused)."""
    game = juggler_day()
    game.say("seat 5 guesses seat 1 and seat 2")
    assert game.prompt.step == "juggler"
    game.say("seat 1 no dashii", "seat 2 witch", "seat 4 sage", "done")
    assert game.prompt.step == "day"
    game.say("end day")
    game.to("juggler", {"cerenovus": "seat 6", "nodashii": "seat 7", "dreamer": "seat 1"})
    assert game.prompt.truth == 2  # seat 1 the No Dashii and seat 4 the Sage were right; seat 2 is no Witch


@pytest.mark.parametrize("line", ["seat 7 is the devils advocate", "seat 7 is the devil’s advocate",
                                  "seat 7 is the Devil's Advocate"])  # fmt: skip
def test_a_name_with_an_apostrophe_typed_without_it_or_with_a_phones(line: str) -> None:
    game = Game(make_table("bad-moon-rising", list("abcdefg"), BMR))
    game.say("next", "next", "next")
    game.edit(line)
    assert game.player(7).character == "devilsadvocate"
