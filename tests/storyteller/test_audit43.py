"""What an outside audit of the day found (audit 43, written from the rule texts and the docs only)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.storyteller.helpers import Game
from tests.tables import make_table

TB = ["imp", "poisoner", "empath", "chef", "monk", "washerwoman", "saint"]


def day_one() -> Game:
    game = Game(make_table("trouble-brewing", list("abcdefg"), TB))
    game.to("day")
    return game


def test_a_vote_count_no_table_could_give_is_refused() -> None:
    """Six alive and a dead player without a ghost vote: seven votes cannot be given."""
    game = day_one()
    game.say("seat 7 dies", "seat 7 has no ghost vote", "seat 1 nominates seat 2")
    assert "6 that may be given" in game.refused("7 votes")
    game.say("6 votes")
    assert game.g.today.votes == {2: 6}


def test_a_dead_voter_with_a_ghost_vote_counts_towards_what_may_be_given() -> None:
    game = day_one()
    game.say("seat 7 dies", "seat 1 nominates seat 2", "7 votes")
    assert game.g.today.votes == {2: 7}


def test_the_day_says_what_it_waits_for_while_a_vote_is_counted() -> None:
    """'end day' or another nomination while a vote waits: refused, saying so (the count, or back)."""
    game = day_one()
    game.say("seat 1 nominates seat 2")
    for line in ("end day", "seat 3 nominates seat 4"):
        said = game.refused(line)
        assert "still to be counted" in said and "back" in said, said
    game.say("back")
    assert game.g.today.pending is None
    game.say("end day")
    assert game.g.phase == "night"


def test_an_unknown_hidden_decision_is_warned_of(tmp_path: Path) -> None:
    """Audit 44: `--decide drunk=investigator` (the key is drunk_believes) decided nothing, silently."""
    (tmp_path / "in.txt").write_text("next\n", encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "moderator", "play", "--text", "--lang", "en", "--script",
                        "trouble-brewing", "--players", "a,b,c,d,e,f,g", "--decide", "drunk=investigator",
                        "--input", "in.txt"], capture_output=True, text=True, timeout=120, cwd=tmp_path)  # fmt: skip
    assert r.returncode == 0 and "unknown hidden decision" in r.stderr and "drunk_believes" in r.stderr, r.stderr
