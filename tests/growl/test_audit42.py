"""A Korean Growl table's everyday answers that audit 41 found refused: a seat said with its player's name
("4번 영희"), an ordinal ("네 번째"), a count at the Gift's question ("세 명"), "어" and "노"."""

from __future__ import annotations

import re

import pytest

from moderator.i18n import Lang
from tests.growl.helpers import new_engine, say

KO = ["민수", "지영", "철수", "영희"]
EN = ["Ann", "Bob", "Cy", "Dee"]


@pytest.mark.parametrize("line", ["4번 영희", "4번 자리 영희", "영희 4번", "네 번째", "넷째", "4번째", "네 번째 자리"])
def test_the_start_player_said_as_a_table_says_it(line: str) -> None:
    game = new_engine(KO, lang="ko")
    assert not say(game, *["다음"] * 5)
    assert game.state.step == "start_player"
    assert not say(game, line)
    assert game.state.step == "turn" and game.state.turn_seat == 4


def test_the_first_seat_by_ordinal() -> None:
    game = new_engine(KO, lang="ko")
    assert not say(game, *["다음"] * 5, "첫 번째")
    assert game.state.turn_seat == 1


@pytest.mark.parametrize(("lang", "names", "line", "said"), [
    ("ko", KO, "4번 철수", "철수(은)는 3번"), ("en", EN, "seat 4 Bob", "Bob is in seat 2")])  # fmt: skip
def test_a_seat_and_a_name_of_two_players_is_refused_saying_whose(lang: Lang, names: list[str], line: str,
                                                                   said: str) -> None:  # fmt: skip
    game = new_engine(names, lang=lang)
    assert not say(game, *(["다음"] if lang == "ko" else ["next"]) * 5)
    errors = say(game, line)
    assert errors and said.replace("(은)는", "는") in errors[0], errors
    assert game.state.step == "start_player"


@pytest.mark.parametrize(("line", "step"), [("세 명", "card_read"), ("2명", "card_read"), ("셋", "card_read"),
                                            ("한 명", "cannot_give"), ("0명", "cannot_give"), ("어", "card_read"),
                                            ("노", "cannot_give"), ("응", "card_read")])  # fmt: skip
def test_the_gifts_question_answered_by_a_count_or_a_word(line: str, step: str) -> None:
    """The Gift: "do at least 2 players hold 5 or more cards?" A count answers it: yes from 2."""
    game = new_engine(KO, lang="ko")
    assert not say(game, *["다음"] * 5, "1번", "선물")
    assert game.state.step == "card_condition"
    assert not say(game, line)
    assert game.state.step == step


def test_a_table_of_unnamed_seats_hears_sentences_begun_with_a_capital() -> None:
    """With --count the players are seats: "Seat 2, your turn", never "… begins. seat 2, your turn"."""
    game = new_engine([""] * 5)
    assert not say(game, *["next"] * 5, "seat 2")
    said = " ".join(b.text for b in game.prompt().beats)
    assert "Seat 2, your turn" in said and not re.search(r"(^|[.!?] )[a-z]", said), said


def test_redo_puts_back_what_back_took_off() -> None:
    game = new_engine(EN)
    assert not say(game, *["next"] * 5, "seat 2")
    assert game.state.turn_seat == 2
    assert not say(game, "back")
    assert game.state.step == "start_player"
    assert not say(game, "redo")
    assert game.state.step == "turn" and game.state.turn_seat == 2
    assert not say(game, "back", "seat 3", "redo")  # a new change since: nothing to redo
    assert game.state.turn_seat == 3
