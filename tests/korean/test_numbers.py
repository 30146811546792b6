"""Numbers in words by their counter: native for people and things, Sino-Korean for seats and days."""

from __future__ import annotations

import pytest

from moderator.korean.numbers import native, number_words, numbers_in_words, sino


@pytest.mark.parametrize(
    ("n", "counter", "said"),
    [
        (4, "명", "네 명"), (3, "장", "세 장"), (2, "개", "두 개"), (1, "명", "한 명"), (20, "명", "스무 명"),
        (21, "장", "스물한 장"), (99, "개", "아흔아홉 개"), (100, "명", "백 명"), (0, "개", "영 개"),
        (1, "번째", "첫 번째"), (2, "번째", "두 번째"), (11, "번째", "열한 번째"), (3, "마리", "세 마리"),
        (3, "번", "삼 번"), (15, "번", "십오 번"), (2, "일째", "이 일째"), (4, "표", "사 표"), (30, "초", "삼십 초"),
        (1, "위", "일 위"), (7, "", "칠"), (10000, "", "만"), (0, "", "영"),
    ],
)  # fmt: skip
def test_number_words_by_counter(n: int, counter: str, said: str) -> None:
    assert number_words(n, counter) == said


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("4명입니다", "네 명입니다"),
        ("3번과 5번", "삼 번과 오 번"),
        ("2일째 낮", "이 일째 낮"),
        ("3분의 1 지점", "삼 분의 일 지점"),
        ("금화 토큰 3개를 받으세요", "금화 토큰 세 개를 받으세요"),
        ("5장 이상 가진 플레이어가 2명 이상", "다섯 장 이상 가진 플레이어가 두 명 이상"),
        ("12,345", "만이천삼백사십오"),
        ("10시간", "열 시간"),
    ],
)
def test_numbers_in_a_sentence(text: str, said: str) -> None:
    assert numbers_in_words(text) == said


def test_native_past_99_is_sino() -> None:
    assert native(100) == sino(100) == "백"
    assert native(1, ordinal=True) == "첫"


def test_huge_numbers_are_read_digit_by_digit() -> None:
    assert sino(10**21) == " ".join(["일"] + ["영"] * 21)
