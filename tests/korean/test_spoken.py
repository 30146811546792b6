"""The spoken form: no digit or symbol reaches the voice; the written form keeps them."""

from __future__ import annotations

import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from moderator.korean import spoken, spoken_sentences
from moderator.korean.spoken import PAUSES

#: ASCII characters that must never reach the voice: digits and symbols (the pause marks excepted).
FORBIDDEN = set(string.digits) | (set(string.punctuation) - set(PAUSES))


def assert_sayable(said: str) -> None:
    bad = sorted({ch for ch in said if ch in FORBIDDEN or not (ch.isalpha() or ch.isspace() or ch in PAUSES)})
    assert not bad, f"{said!r} has {bad}"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("6+ / 9+ 표시가 있는 카드", "육 플러스, 구 플러스 표시가 있는 카드"),
        ("헌터×헌터", "헌터 헌터"),
        ("정답: 3번 Ann.", "정답, 삼 번 Ann."),
        ("미치광이(3번)가 고른 플레이어", "미치광이가, 삼 번, 고른 플레이어"),
        ("'다음'이라고 말해 주세요.", "다음이라고 말해 주세요."),
        ('돌보는 플레이어는 "악마입니다".', "돌보는 플레이어는 악마입니다."),
        ("[+0 또는 +1 외지인]", "플러스 영 또는 플러스 일 외지인"),
        ("3~5명", "삼에서 다섯 명"),
        ("50%", "오십 퍼센트"),
        ("1번 Ann(이)가 죽었습니다", "일 번 Ann이 죽었습니다"),
    ],
)
def test_spoken_form(text: str, said: str) -> None:
    assert spoken(text) == said


def test_one_sentence_per_item() -> None:
    assert spoken_sentences("밤이 됩니다. 모두 눈을 감게 하세요.") == ["밤이 됩니다.", "모두 눈을 감게 하세요."]
    assert spoken_sentences("맞습니까? 네!") == ["맞습니까?", "네!"]
    assert spoken_sentences("...") == []
    assert spoken_sentences("-") == []


_KOREAN = st.characters(min_codepoint=0xAC00, max_codepoint=0xD7A3)
_ASCII = st.characters(min_codepoint=0x20, max_codepoint=0x7E)
_TOKENS = st.one_of(
    st.text(_KOREAN, min_size=1, max_size=4),
    st.integers(0, 10**25).map(str),
    st.sampled_from(["명", "번", "장", "개", "번째", "일째", "표", "초", "(이)가", "을(를)", "와(과)", "(으)로"]),
    st.text(_ASCII, min_size=1, max_size=3),
    st.sampled_from(["×", "…", "·", "→", "「", "」", "“", "”", "’", "~", "–", "—", "\n", "\t", "①", "½", "²", "٣"]),
)


@settings(max_examples=400, deadline=None)
@given(st.lists(_TOKENS, max_size=12).map("".join))
def test_no_digit_or_symbol_ever_reaches_the_voice(text: str) -> None:
    for sentence in spoken_sentences(text):
        assert_sayable(sentence)
        assert sentence.strip() == sentence and sentence


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["명", "장", "개", "번째", "번", "일째", "표", "초", ""]))
def test_every_number_is_said_in_hangul(n: int, counter: str) -> None:
    said = spoken(f"{n}{counter}")
    assert said and all("가" <= ch <= "힣" or ch == " " for ch in said)
    assert said.endswith(counter)
