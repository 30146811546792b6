"""Typed digits: a seat where a seat is asked, a number where a number is (Growl's gold counts),
from the text front end and from the keyboard beside the voice alike."""

from __future__ import annotations

import io

import pytest

from moderator.clocktower.frontend import TextLoop
from moderator.commands.parse import Parser, Vocabulary
from moderator.errors import IllegalChoice, NotUnderstood
from moderator.voice.keys import translate
from tests.tables import twelve_table


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_digits_are_a_seat_or_a_number_by_the_step(lang: str) -> None:
    parser = Parser(lang, Vocabulary(seats=[1, 2, 3, 4]))  # type: ignore[arg-type]
    assert parser.parse("2", ["seat", "no"]).seats == (2,)
    number = parser.parse("2", ["number"])
    assert number.intent == "number" and number.number == 2
    with pytest.raises((NotUnderstood, IllegalChoice)):  # English reads a bare number as a seat: "no seat 9"
        parser.parse("9", ["seat"])  # no seat 9 at this table
    with pytest.raises(NotUnderstood):
        parser.parse("2", ["character"])


def test_a_number_said_in_words_is_a_seat_at_an_english_seat_step() -> None:
    parser = Parser("en", Vocabulary(seats=[1, 2, 3, 4]))
    assert parser.parse("four", ["seat", "no"]).seats == (4,)
    assert parser.parse("seat four", ["seat", "no"]).seats == (4,)
    assert parser.parse("four", ["number"]).number == 4  # a number where a number is asked
    assert parser.parse("no", ["seat", "no"]).intent == "no"  # typed "no" still chooses nobody
    assert parser.parse("nobody", ["seat", "no"]).intent == "no"
    # the grammar says "no" as "nobody" where it chooses nobody, and keeps "no" at a yes/no step
    seat_step = parser.sentences(["seat", "no"])
    assert "four" in seat_step and "nobody" in seat_step and "no" not in seat_step
    assert "no" in parser.sentences(["yes", "no"])


def test_the_keyboard_leaves_digits_to_the_parser() -> None:
    assert translate("7") == "7"
    assert translate("") == "next" and translate("b") == "back" and translate("r") == "repeat"


def test_a_typed_seat_number_poisons_through_the_widow() -> None:
    table = twelve_table("en")
    loop = TextLoop(table, "en", io.StringIO())
    for line in ("next", "next", "next"):
        loop.step(line)
    assert table.g.step == "widow"
    _, error = loop.step("4")
    assert error is None, error
    assert table.g.player(4).has_reminder("Poisoned", "widow")


def test_words_run_together_are_another_word_in_english_not_in_korean() -> None:
    """"go on" is next, but "goon" (the Goon) is not; Korean may be typed with or without spaces."""
    en = Parser("en", Vocabulary(seats=[1, 2, 3], characters={"goon": "goon"}))
    assert en.parse("go on").intent == "next"
    assert en.parse("goon", ["character"]).character == "goon"
    assert en.parse("go  on").intent == "next"
    ko = Parser("ko", Vocabulary(seats=[1, 2, 3], characters={"거리의 악사": "organgrinder"}))
    assert ko.parse("거리의악사", ["character"]).character == "organgrinder"
    assert ko.parse("3 번", ["seat"]).seats == (3,)
