"""A pick made "when you learn that you died" (the Klutz's, the Moonchild's), given as the dead player's
ability by day: `seat N uses their ability on seat M`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.storyteller.helpers import Game
from tests.tables import make_table

SNV = ["vigormortis", "witch", "klutz", "clockmaker", "dreamer", "mathematician", "flowergirl"]
BMR = ["zombuul", "godfather", "moonchild", "grandmother", "sailor", "chambermaid", "exorcist"]


def test_the_klutz_question_takes_their_pick_said_as_their_ability() -> None:
    game = Game(make_table("sects-and-violets", list("abcdefg"), SNV))
    game.to("day")
    game.say("seat 3 dies")
    assert game.g.question is not None and game.prompt.step == "klutz"
    assert "question" in game.refused("seat 4 uses their ability on seat 1")  # not the player asked
    game.say("seat 3 uses their ability on seat 1")  # the Vigormortis: evil, so good loses
    assert game.g.winner == "evil"


def test_a_klutz_pick_given_once_is_not_given_again() -> None:
    game = Game(make_table("sects-and-violets", list("abcdefg"), SNV))
    game.to("day")
    game.say("seat 3 dies", "seat 5")  # the Dreamer: good, nothing happens
    assert game.g.winner is None and game.g.question is None
    reply = game.say("seat 3 uses their ability on seat 1")
    assert game.g.winner is None
    assert any("nothing happens" in s.lower() for s in reply.say), reply.say


def test_the_moonchild_pick_said_by_day_is_proposed_at_its_night_step() -> None:
    game = Game(make_table("bad-moon-rising", list("abcdefg"), BMR))
    game.to("day")
    game.say("seat 3 dies")
    assert "Moonchild" in game.prompt.text
    assert "seat" in game.refused("seat 3 uses their ability").lower()  # whom they picked is needed
    assert "dead" in game.refused("seat 3 uses their ability on seat 3")
    game.say("seat 3 uses their ability on seat 6")
    assert "Moonchild" not in game.prompt.text  # the day's reminder of the pick is gone once it is said
    game.say("end day")
    game.to("moonchild")
    assert "seat 6" in game.prompt.text.lower()
    game.say("next")  # the Chambermaid is good: dies (the Moonchild sober)
    assert not game.player(6).alive


def test_a_dead_players_other_abilities_stay_refused() -> None:
    """Only the pick their death brings: a dead Slayer does not shoot."""
    game = Game(make_table("trouble-brewing", list("abcdefg"), ["imp", "poisoner", "slayer", "chef", "monk",
                                                               "washerwoman", "saint"]))  # fmt: skip
    game.to("day")
    game.say("seat 3 dies")
    assert "dead" in game.refused("seat 3 slays seat 1")


def test_setup_says_its_hidden_decisions_in_the_game_language(tmp_path: Path) -> None:
    """`moderator setup`: words, not the state's ids, except the key `--decide` takes."""
    for lang, words in (("ko", ["현상금 사냥꾼(3번)", "악마의 블러프", "--decide evil_townsfolk="]),
                        ("en", ["Bounty Hunter (seat 3)", "Demon bluffs", "--decide evil_townsfolk="])):  # fmt: skip
        r = subprocess.run([sys.executable, "-m", "moderator", "setup", "--script", "hunter-x-hunter", "--players",
                            "a,b,c,d,e,f,g", "--add", "imp,poisoner", "--require", "bountyhunter", "--seed", "3",
                            "--lang", lang], capture_output=True, text=True, timeout=120, cwd=tmp_path)  # fmt: skip
        assert r.returncode == 0, r.stderr
        assert all(w in r.stdout for w in words), r.stdout
        assert "[evil]" not in r.stdout and "decision evil_townsfolk" not in r.stdout
