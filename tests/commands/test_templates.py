"""The command templates as a typed tree: parsing a template, expanding it into the sentences a
closed grammar allows, reading typed text, "which one?", and each step's grammar understood there."""

from __future__ import annotations

from collections.abc import Sequence
from typing import get_args

import pytest

from moderator.clocktower.day import DAY_MOVES
from moderator.clocktower.voice import ClocktowerSession
from moderator.commands.parse import INTENTS_FOR, Command, Parser, Vocabulary
from moderator.commands.phrases import Choice, Intent, Slot, Words, expand, parse_template
from moderator.errors import Ambiguous, IllegalChoice, NotUnderstood
from moderator.growl.voice import NUMBERS, parser_for
from moderator.i18n import Lang
from tests.growl.helpers import new_engine
from tests.tables import twelve_table


def test_a_template_is_a_typed_tree() -> None:
    assert parse_template("seat {n} uses [their|the] ability") == (
        Words("seat "), Slot("n"), Words(" uses "), Choice(((Words("their"),), (Words("the"),)), optional=True),
        Words(" ability"),
    )  # fmt: skip
    assert parse_template("(showed|shown) {value}") == (
        Choice(((Words("showed"),), (Words("shown"),)), optional=False), Words(" "), Slot("value"),
    )  # fmt: skip


@pytest.mark.parametrize("bad", ["seat {nn}", "end [the day", "(a|b", "a)b", "{n"])
def test_a_bad_template_is_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_template(bad)


def test_expansion_fills_every_slot() -> None:
    nodes = parse_template("seat {n} [then] seat {m}")
    values = {"n": ["one", "two"], "m": ["three"]}
    assert expand(nodes, values) == ["seat one then seat three", "seat one seat three",
                                     "seat two then seat three", "seat two seat three"]  # fmt: skip


def test_typed_text_is_read_in_both_languages() -> None:
    vocab = Vocabulary(seats=[1, 2, 3, 4, 5], players={"ann": 2}, characters={"imp": "imp", "임프": "imp"})
    en, ko = Parser("en", vocab), Parser("ko", vocab)
    assert en.parse("seat 3 nominates seat 5") == Command("nominate", (3, 5), text="seat 3 nominates seat 5")
    assert en.parse("Ann dies", ["dies"]).seats == (2,)
    assert en.parse("showed imp", ["showed"]).value == "imp"
    assert ko.parse("3번이 5번을 지명").seats == (3, 5)
    assert ko.parse("4표", ["votes"]).number == 4
    with pytest.raises(IllegalChoice, match="no_such_seat"):  # said with the reason: "there is no seat 9"
        en.parse("seat 3 nominates seat 9")


def test_one_sentence_read_two_ways_is_ambiguous() -> None:
    # A player called "seat one" at seat 3: "seat one" is seat 1 and seat 3.
    parser = Parser("en", Vocabulary(seats=[1, 2, 3], players={"seat one": 3}))
    with pytest.raises(Ambiguous):
        parser.parse("seat one", ["seat"])
    assert "seat one" in parser.sentences(("seat",))  # the spoken grammar has it (from "seat {n}" only)
    # Two intents: the one earlier in the phrase file wins (a player named like a character).
    named = Parser("en", Vocabulary(seats=[1, 2], players={"kim": 1}, characters={"kim": "imp"}))
    assert named.parse("kim", ["seat", "character"]).intent == "seat"


def _steps() -> list[tuple[Intent, ...]]:
    """What a step may allow: every kind of answer, with "showed" and "dies" as night steps add them,
    the day's moves, votes, ghost votes, questions, and every intent alone."""
    out: list[tuple[Intent, ...]] = []
    for allowed in INTENTS_FOR.values():
        out += [(*allowed, "dies"), (*allowed, "showed", "dies"), (*allowed, "showed", "seat", "dies")]
    out += [tuple(DAY_MOVES), ("votes", "number"), ("seat",), ("yes", "no"), ("showed", "dies"), ()]
    out += [(i,) for i in get_args(Intent)]
    return out


def _not_understood(parser: Parser, numbers: Sequence[int] | None) -> list[str]:
    """Sentences of a step's closed grammar that the step's parser does not understand."""
    wrong = []
    for allowed in _steps():
        for sentence in parser.sentences(allowed, numbers=numbers):
            try:
                parser.parse(sentence, allowed)
            except NotUnderstood:
                wrong.append(f"{allowed} {sentence!r}")
    return wrong


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_every_clocktower_grammar_sentence_is_understood_at_its_step(lang: Lang) -> None:
    session = ClocktowerSession(twelve_table(lang), lang)
    assert _not_understood(session.parser, session.table.g.seats() or None) == []


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_every_growl_grammar_sentence_is_understood_at_its_step(lang: Lang) -> None:
    engine = new_engine(["a", "b", "c", "d", "e"], lang=lang)
    assert _not_understood(parser_for(engine), NUMBERS) == []


def test_a_parser_compiles_its_patterns_when_first_tried_and_the_voice_has_them_all_before_an_answer() -> None:
    """Typed play starts without compiling the hundreds of patterns it never tries at one step; the voice's
    parser is warmed as it is made, so an answer heard never waits for a pattern to compile."""
    from moderator.commands.parse import _compiled

    _compiled.cache_clear()
    parser = Parser("en", Vocabulary(seats=list(range(1, 8))))
    assert _compiled.cache_info().currsize == 0
    assert parser.parse("seat 4", ["seat"]).seats == (4,)
    tried = _compiled.cache_info().currsize
    assert 0 < tried < len({s for _, s in parser._patterns})
    session = ClocktowerSession(twelve_table("en"), "en")
    before = _compiled.cache_info()
    session.parser.parse("seat 4", ["seat"])
    assert _compiled.cache_info().misses == before.misses  # nothing left to compile
