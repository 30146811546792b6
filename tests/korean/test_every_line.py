"""Every Korean line both games can say reaches the voice sayable, with the right particles.

The lines: the night sheets of the bundled scripts with every character in play, data/steps.yaml
and data/growl/texts.yaml with sample values (names ending both ways), the Growl cards
(bench/ko_lines.py). The written form keeps its digits; the spoken form has none, nor any symbol.
"""

from __future__ import annotations

import re

import pytest

from bench.ko_lines import Line, korean_lines
from moderator.korean import spoken_sentences
from moderator.korean.particles import MARKS, Final, final_sound
from tests.korean.test_spoken import assert_sayable

LINES = korean_lines()

# A slot directly followed by a bare particle: the particle cannot know the word it follows.
_BARE_PARTICLE = re.compile(r"\}(이|가|은|는|을|를|과|와|으로|로|이라고|라고|이나|나|이며|며)(?![가-힣(])")
# A particle after a name (Latin, or one of the sample Korean names) in the written line.
_AFTER_NAME = re.compile(
    r"(?P<word>[A-Za-z]+|서연|민준|지우|하은|유리)(?P<p>이|가|은|는|을|를|과|와|으로|로)(?![가-힣])"
)
_PARTICLES = {
    "이": ("이", "가"), "가": ("이", "가"), "은": ("은", "는"), "는": ("은", "는"), "을": ("을", "를"),
    "를": ("을", "를"), "과": ("과", "와"), "와": ("과", "와"), "으로": ("으로", "로"), "로": ("으로", "로"),
}  # fmt: skip


def test_the_lines_cover_both_games() -> None:
    keys = {line.key.split("/")[0] for line in LINES}
    assert {"twelve", "hunter-x-hunter", "finger-pointing", "steps", "growl", "growl-cards"} <= keys
    assert len(LINES) > 200


@pytest.mark.parametrize("line", LINES, ids=lambda x: x.key)
def test_spoken_form_is_sayable(line: Line) -> None:
    said = spoken_sentences(line.written)
    assert said, line.written
    for sentence in said:
        assert_sayable(sentence)


@pytest.mark.parametrize("line", LINES, ids=lambda x: x.key)
def test_particles_are_resolved_and_right(line: Line) -> None:
    assert not _BARE_PARTICLE.search(line.template), f"use a particle mark after the slot: {line.template}"
    assert not any(mark in line.written for mark in MARKS), line.written
    for m in _AFTER_NAME.finditer(line.written):
        consonant, vowel = _PARTICLES[m.group("p")]
        final = final_sound(m.group("word"))
        want = vowel if final is Final.VOWEL or (final is Final.RIEUL and consonant == "으로") else consonant
        assert m.group("p") == want, f"{m.group()!r} in {line.written!r}"


def test_the_tie_names_its_players_with_a_particle() -> None:
    ties = [x.written for x in LINES if x.key == "growl/setup.start_tie"]
    assert "1번 Ann, 2번 Anna가 동점이어서 무작위로 골랐습니다." in ties
    assert "1번 Anna, 2번 Ann이 동점이어서 무작위로 골랐습니다." in ties
