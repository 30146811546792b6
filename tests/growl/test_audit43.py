"""What an outside audit of English Growl evenings found (audit 43, written from the rulebook and the docs
only): everyday English at each step, a growl nobody is left to answer, and All Hallows Eve's question."""

from __future__ import annotations

import pytest

from moderator.growl.engine import Growl
from tests.growl.helpers import new_engine, say

EN = ["Ann", "Bill", "Cara", "Dan"]
SETUP = ["next"] * 5


def at(*lines: str) -> Growl:
    game = new_engine(EN)
    assert not say(game, *SETUP, *lines)
    return game


@pytest.mark.parametrize("line", ["Cara has it", "it's Cara", "Cara's got the start tile", "Cara starts",
                                  "Cara goes first", "me, Cara", "seat 3 starts"])  # fmt: skip
def test_the_start_player_in_everyday_english(line: str) -> None:
    game = at()
    assert not say(game, line)
    assert game.state.step == "turn" and game.state.turn_seat == 3


@pytest.mark.parametrize("line", ["pass", "next player", "I'm done", "Ann's done", "nothing happened",
                                  "passed it on", "Bill's turn", "your turn Bill", "Bill, go"])  # fmt: skip
def test_the_end_of_a_turn_in_everyday_english(line: str) -> None:
    game = at("Ann")
    assert not say(game, line)
    assert game.state.turn_seat == 2


@pytest.mark.parametrize("line", ["Cara's dead", "Cara dead", "Cara's out", "we lost Cara", "Cara got killed"])
def test_a_death_in_everyday_english(line: str) -> None:
    game = at("Ann")
    assert not say(game, line)
    assert not game.state.player(3).alive


@pytest.mark.parametrize("line", ["we got blood hound", "night card: blood hound", "blood hound came up",
                                  "the blood hound"])  # fmt: skip
def test_a_night_card_in_everyday_english(line: str) -> None:
    game = at("Ann")
    assert not say(game, line)
    assert game.state.night_cards == ["blood_hound"]


@pytest.mark.parametrize("line", ["nobody died", "no one died", "no deaths", "everyone's fine", "all good",
                                  "nobody's dead", "everyone survived"])  # fmt: skip
def test_nobody_died_in_everyday_english(line: str) -> None:
    game = at("Ann", "blood hound", "next")
    assert game.state.step == "cannot_give"
    assert not say(game, line)
    assert game.state.step != "cannot_give" and all(p.alive for p in game.state.players)


@pytest.mark.parametrize(("line", "winner"), [
    ("everyone growled", "werewolves"), ("yes, everyone", "werewolves"), ("wolves win", "werewolves"),
    ("not everyone", "humans"), ("humans win", "humans"), ("the humans won", "humans"),
    ("someone didn't growl", "humans"), ("nah", "humans")])  # fmt: skip
def test_the_growl_answered_in_everyday_english(line: str, winner: str) -> None:
    nights = ["Ann", "blood hound", "next", "nobody", "next", "next", "hypnosis", "next", "nobody", "next", "next",
              "the purge", "next", "nobody", "next", "next"]  # fmt: skip
    game = at(*nights)
    assert game.state.step == "growl", game.state.step
    assert not say(game, line)
    assert game.state.winner == winner


def test_a_growl_nobody_is_left_to_answer_is_the_werewolves_win() -> None:
    """Everyone died at the night's checks: no human survived, so no question (rulebook: the werewolves win when
    every human is dead or a werewolf); 'next' goes on to the gold."""
    game = at("Ann", "blood hound", "next", "nobody", "next", "seat 1 dies", "seat 2 dies", "seat 3 dies",
              "seat 4 dies")  # fmt: skip
    assert game.state.step == "growl"
    said = " ".join(b.text for b in game.prompt().beats)
    assert "werewolves win" in said and "Answer yes or no" not in said
    assert say(game, "no") and game.state.winner is None  # the humans cannot have won: refused
    assert not say(game, "next")
    assert game.state.winner == "werewolves" and game.state.step == "gold"


def test_all_hallows_eve_asks_for_a_death_or_nobody_not_a_yes() -> None:
    game = at("Ann", "blood hound", "next", "nobody", "next", "next", "hypnosis", "next", "nobody", "next", "next",
              "all hallows eve")  # fmt: skip
    assert game.state.step == "card_condition"
    errors = say(game, "next")
    assert errors and "seat 3 dies" in errors[0] and "yes or no" not in errors[0], errors
