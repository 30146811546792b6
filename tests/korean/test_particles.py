"""Particles by the final sound of the word before: Korean words, numbers and Latin names."""

from __future__ import annotations

import pytest

from moderator.clocktower.rules.loader import default_catalogue
from moderator.i18n import Text
from moderator.korean.particles import MARKS, Final, final_sound, resolve_particles


@pytest.mark.parametrize(
    ("word", "final"),
    [
        ("사과", Final.VOWEL), ("책", Final.CONSONANT), ("서울", Final.RIEUL), ("미치광이", Final.VOWEL),
        ("3", Final.CONSONANT), ("2", Final.VOWEL), ("1", Final.RIEUL), ("10", Final.CONSONANT),
        ("Ann", Final.CONSONANT), ("Ben", Final.CONSONANT), ("Tom", Final.CONSONANT), ("Young", Final.CONSONANT),
        ("Bill", Final.RIEUL), ("Dale", Final.RIEUL), ("Jane", Final.CONSONANT), ("Jack", Final.CONSONANT),
        ("Pat", Final.CONSONANT), ("Bob", Final.CONSONANT), ("Philip", Final.CONSONANT),
        ("Anna", Final.VOWEL), ("Peter", Final.VOWEL), ("Mike", Final.VOWEL), ("Kate", Final.VOWEL),
        ("Ted", Final.VOWEL), ("Mark", Final.VOWEL), ("Chris", Final.VOWEL), ("Amy", Final.VOWEL),
        ("a", Final.VOWEL), ("L", Final.RIEUL), ("M", Final.CONSONANT), ("AJ", Final.VOWEL), ("TOM", Final.CONSONANT),
        ("'다음'", Final.CONSONANT), ("미치광이(3번)", Final.VOWEL), ("", None), ("!!", None), ("3)", None),
    ],
)  # fmt: skip
def test_final_sound(word: str, final: Final | None) -> None:
    assert final_sound(word) is final


@pytest.mark.parametrize(
    ("text", "resolved"),
    [
        ("Ann(이)가", "Ann이"), ("Anna(이)가", "Anna가"), ("Bill(으)로", "Bill로"), ("책(으)로", "책으로"),
        ("사과(으)로", "사과로"), ("Jane와(과)", "Jane과"), ("Kate을(를)", "Kate를"), ("3번은(는)", "3번은"),
        ("'다음'(이)라고", "'다음'이라고"), ("1번 Ann과(와) 2번 Ben(이)가", "1번 Ann과 2번 Ben이"),
        ("미치광이(3번)(이)가", "미치광이(3번)가"), ("악마(이)라는", "악마라는"), ("없는 말", "없는 말"),
        ("(이)가 맨 앞", "(이)가 맨 앞"),
    ],
)  # fmt: skip
def test_resolve_particles(text: str, resolved: str) -> None:
    assert resolve_particles(text) == resolved


@pytest.mark.parametrize("mark", MARKS)
def test_every_mark_resolves_after_a_word(mark: str) -> None:
    for word in ("책", "사과", "서울", "Ann", "Anna", "3"):
        assert "(" not in resolve_particles(word + mark)


def test_texts_resolve_particles_in_korean_only() -> None:
    t = Text(ko="{name}(이)가 {x}을(를) 고릅니다", en="{name} picks {x}(s)")
    assert t("ko", name="Ann", x="뱀 조련사") == "Ann이 뱀 조련사를 고릅니다"
    assert t("ko", name="민지", x="3번") == "민지가 3번을 고릅니다"
    assert t("en", name="Ann", x="seat") == "Ann picks seat(s)"


def test_a_mark_after_a_word_ending_in_its_own_syllable_is_the_particle() -> None:
    # 혁명가(이)가 also reads as 혁명 + 가(이) + 가: the mark that opens with a parenthesis is the one meant.
    assert resolve_particles("전설 캐릭터 혁명가(이)가 게임에 있습니다.") == "전설 캐릭터 혁명가가 게임에 있습니다."
    assert resolve_particles("수도사는(은) 없다") == "수도사는 없다"
    assert resolve_particles("부자를(을) 찾다") == "부자를 찾다"
    catalogue = default_catalogue()
    for char in catalogue.characters.values():
        name = char.name.ko
        for mark in ("(이)가", "(을)를", "(은)는", "(으)로", "(이)라고"):
            assert resolve_particles(name + mark).startswith(name), (name, mark)
