"""Particles chosen by the final sound of the word before them, for Korean and Latin names.

Texts mark a particle with both forms, the batchim form first or in parentheses, the way Korean
writers do: ``{name}(이)가``, ``{word}을(를)``, ``{a}와(과)``, ``{x}(으)로``, ``{y}(이)라고``.
:func:`resolve_particles` replaces each mark by the one form that fits the word before it. A
word's final sound: Hangul by its last syllable (hangulpy), digits as read in Sino-Korean, Latin
names by how they are said in Korean (Ann 앤, Ben 벤, Bill 빌: a final consonant; Anna, Peter,
Mike, Ted: none). Closing quotes and a parenthesis after the word are looked through:
``'다음'(이)라고`` → ``'다음'이라고``.
"""

from __future__ import annotations

import re
from enum import Enum


class Final(Enum):
    """What ends a word, as far as particles care."""

    VOWEL = "vowel"
    CONSONANT = "consonant"
    RIEUL = "rieul"
    """ㄹ: a consonant, but takes 로 (not 으로)."""


# mark → (after a consonant, after a vowel, after ㄹ)
_MARKS: dict[str, tuple[str, str, str]] = {}


def _pair(with_batchim: str, without: str, *marks: str, rieul: str | None = None) -> None:
    for mark in marks:
        _MARKS[mark] = (with_batchim, without, with_batchim if rieul is None else rieul)


_pair("은", "는", "은(는)", "(은)는", "는(은)")
_pair("이", "가", "이(가)", "(이)가", "가(이)")
_pair("을", "를", "을(를)", "(을)를", "를(을)")
_pair("과", "와", "과(와)", "와(과)", "(와)과")
_pair("으로", "로", "(으)로", "으로(로)", rieul="로")
_pair("이라고", "라고", "(이)라고")
_pair("이라는", "라는", "(이)라는")
_pair("이나", "나", "(이)나")
_pair("이랑", "랑", "(이)랑")
_pair("이야", "야", "(이)야")
_pair("이며", "며", "(이)며")
_pair("이에요", "예요", "(이)에요")
_pair("이다", "다", "(이)다")

MARKS: tuple[str, ...] = tuple(sorted(_MARKS, key=len, reverse=True))
_MARK_RES = tuple(
    re.compile("|".join(re.escape(m) for m in MARKS if m.startswith("(") == first)) for first in (True, False)
)
"""The marks opening with a parenthesis first: in ``혁명가(이)가`` the word's own 가 and ``(이)`` read as
the mark ``가(이)`` too, but the mark is ``(이)가``."""

_CLOSERS = "'\"’”」』]》〉"
_PAIRS = {")": "(", "]": "[", "）": "（"}

# Latin letters said alone (an initial, an acronym's last letter): 엘, 엠, 엔, 알 end in a consonant.
_LETTER_FINAL = {"l": Final.RIEUL, "r": Final.RIEUL, "m": Final.CONSONANT, "n": Final.CONSONANT}
_VOWELS = set("aeiouy")


def _hangul_final(ch: str) -> Final:
    code = ord(ch) - 0xAC00
    jong = code % 28
    if jong == 0:
        return Final.VOWEL
    return Final.RIEUL if jong == 8 else Final.CONSONANT


def _digits_final(digits: str) -> Final:
    """A number's final sound, read in Sino-Korean (3 삼, 1 일, 10 십, 100 백, 2 이)."""
    import hangulpy  # lazily: 0.15 s at import, needed only for Korean numbers
    said = hangulpy.number_to_hangul(int(digits))
    return _hangul_final(said[-1])


def _latin_final(word: str) -> Final:
    """How a Latin name ends in Korean: rules of thumb from the usual loanword spellings."""
    w = word.lower()
    if len(w) == 1 or (word.isupper() and len(w) <= 4):
        return _LETTER_FINAL.get(w[-1], Final.VOWEL)
    last, before = w[-1], w[-2]
    if last == "e" and before not in _VOWELS:  # silent e: Jane 제인, Dale 데일, Kate 케이트
        last, before = before, w[-3] if len(w) > 2 else ""
        if last == "l":
            return Final.RIEUL
        return Final.CONSONANT if last in "mn" else Final.VOWEL
    if last in "mn" or w.endswith("ng"):
        return Final.CONSONANT  # Tom 톰, Ann 앤, Young 영
    if last == "l":
        return Final.RIEUL  # Bill 빌, Paul 폴
    short = before in _VOWELS and (len(w) < 3 or w[-3] not in _VOWELS)
    if w.endswith("ck") or (last in "ktpb" and short):
        return Final.CONSONANT  # Jack 잭, Pat 팻, Bob 밥, Philip 필립
    return Final.VOWEL  # Anna, Peter 피터, Ted 테드, Mark 마크, Chris 크리스


def final_sound(text: str) -> Final | None:
    """The final sound of the last word of ``text``, or None if it ends in nothing sayable.

    Closing quotes and a trailing parenthesised part are skipped: ``미치광이(3번)`` ends like 미치광이.
    """
    i = len(text)
    while i > 0:
        ch = text[i - 1]
        if ch in _CLOSERS:
            i -= 1
        elif ch in _PAIRS:
            opener = text.rfind(_PAIRS[ch], 0, i - 1)
            if opener < 0:
                return None
            i = opener
        else:
            break
    return _final_of_word(text[:i])


def _final_of_word(text: str) -> Final | None:
    if not text:
        return None
    ch = text[-1]
    if "가" <= ch <= "힣":
        return _hangul_final(ch)
    if ch.isdigit() and ch.isascii():
        m = re.search(r"[0-9][0-9,]*$", text)
        return _digits_final(m.group().replace(",", "") if m else ch)
    if ch.isascii() and ch.isalpha():
        m = re.search(r"[A-Za-z]+$", text)
        return _latin_final(m.group() if m else ch)
    return None


def pick(mark: str, final: Final | None) -> str:
    """The form of particle ``mark`` after a word ending in ``final`` (the written pair when unknown)."""
    consonant, vowel, rieul = _MARKS[mark]
    if final is None:
        return mark
    return {Final.CONSONANT: consonant, Final.VOWEL: vowel, Final.RIEUL: rieul}[final]


def resolve_particles(text: str) -> str:
    """Every particle mark in ``text`` replaced by its form for the word before it."""
    for marks in _MARK_RES:
        if "(" not in text:
            return text
        out: list[str] = []
        last = 0
        for m in marks.finditer(text):
            out.append(text[last : m.start()])
            out.append(pick(m.group(), final_sound("".join(out))))
            last = m.end()
        out.append(text[last:])
        text = "".join(out)
    return text
