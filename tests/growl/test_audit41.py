"""What an outside audit of a Korean Growl table found (audit 41, written from the rules and the docs only):
"we lost" is no answer to a yes/no question, "nobody" ends the night card's deaths, a humans' win has a loser,
and a bare native number names a seat ("넷"), a word that is also a number ("네") read back first."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from moderator.cli_common import input_lines
from moderator.growl.engine import Growl
from moderator.growl.frontend import GrowlLoop
from tests.growl.helpers import new_engine, say

KO = ["민수", "지영", "철수", "영희"]
SETUP_KO = ["다음"] * 5
NIGHTS = ["1번", "블러드 하운드", "다음", "없음", "다음", "다음", "최면", "다음", "없음", "다음", "다음",
          "숙청", "다음", "없음", "다음", "다음"]  # fmt: skip
"""Three nights with nobody dying, up to the growl."""


def at_growl() -> Growl:
    game = new_engine(KO, lang="ko")
    assert not say(game, *SETUP_KO, *NIGHTS)
    assert game.state.step == "growl", game.state.step
    return game


@pytest.mark.parametrize("line", ["졌어요", "우리 팀이 졌어요", "we lost"])
def test_we_lost_is_no_answer_to_the_growl(line: str) -> None:
    game = at_growl()
    errors = say(game, line)
    assert errors and "네 또는 아니요" in errors[0]
    assert game.state.winner is None and game.state.step == "growl"


def test_we_lost_is_still_a_losers_answer_at_gold() -> None:
    game = at_growl()
    assert not say(game, "아니요", "졌어요")  # humans win; seat 1 lost
    assert 1 not in game.state.gained


def test_a_humans_win_has_a_loser() -> None:
    """At every count a Bite is dealt (setup.yaml, at least one): its holder lost when the humans won."""
    game = at_growl()
    errors = say(game, "아니요", "1", "1", "1", "1")
    assert errors and "졌어요" in errors[-1], errors
    assert game.state.step == "gold"
    assert not say(game, "졌어요")  # the last one lost: the game closes
    assert game.state.step == "standings"


@pytest.mark.parametrize("line", ["없음", "아무도 없어", "아니요", "nobody", "다음"])
def test_nobody_died_of_the_night_card(line: str) -> None:
    game = new_engine(KO, lang="ko")
    assert not say(game, *SETUP_KO, "1번", "블러드 하운드")
    assert game.state.step == "card_read"
    assert not say(game, line)
    assert game.state.step != "card_read" and not game.state.dead()


@pytest.mark.parametrize(("line", "seat"), [("넷", 4), ("셋", 3), ("둘", 2), ("자리 넷", 4), ("네 번", 4)])
def test_a_bare_native_number_is_a_seat(line: str, seat: int) -> None:
    game = new_engine(KO, lang="ko")
    assert not say(game, *SETUP_KO, line)
    assert game.state.turn_seat == seat


def test_a_number_that_is_also_a_word_is_read_back() -> None:
    game = new_engine(KO, lang="ko")
    errors = say(game, *SETUP_KO, "네", "네")  # read back, then yes: seat 4
    assert len(errors) == 1 and "4번으로 할까요" in errors[0]
    assert game.state.turn_seat == 4


@pytest.mark.parametrize("line", ["１", "１장"])
def test_full_width_digits_are_digits(line: str) -> None:
    game = at_growl()
    assert not say(game, "아니요", line)
    assert game.state.player(1).gold == 2  # the winner's token and one Gold card


def test_a_byte_order_mark_is_no_part_of_the_first_line(tmp_path: Path) -> None:
    feed = tmp_path / "in.txt"
    feed.write_bytes("\ufeff다음\n다음\n".encode())
    assert [x.strip() for x in input_lines(str(feed))] == ["다음", "다음"]


def test_next_after_a_read_back_asks_again() -> None:
    """A guess read back ("블러드 하운드로 할까요?") is not dropped by a bare "다음", which may mean either: asked
    again; a yes takes it (the audit saw the turn end with no night card recorded)."""
    game = new_engine(KO, lang="ko")
    errors = say(game, *SETUP_KO, "1번", "블라드 하운드", "다음", "네")
    assert len(errors) == 2 and all("블러드 하운드로 할까요" in e for e in errors), errors
    assert game.state.night_cards == ["blood_hound"]


def test_a_read_back_is_the_last_thing_the_table_hears() -> None:
    game = new_engine(KO, lang="ko")
    assert not say(game, *SETUP_KO, "1번")
    out = io.StringIO()
    GrowlLoop(game, "ko", out, pace=0).run(["블라드 하운드"])
    lines = [x for x in out.getvalue().splitlines() if x.strip()]
    assert "블러드 하운드로 할까요" in lines[-1], lines[-3:]
