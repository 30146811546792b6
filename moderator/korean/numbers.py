"""Numbers in words, chosen by the counter that follows them.

Korean counts people, cards and things with native numbers (네 명, 세 장, 두 개, 첫 번째) and says
seats, days, votes and seconds with Sino-Korean ones (삼 번, 이 일째, 사 표, 십 초). Native
numbers exist up to 99; past that, and before no counter, the Sino-Korean reading is used.
The readings come from hangulpy (``susa``, ``number_to_hangul``).
"""

from __future__ import annotations

import re

#: Counters that take native numbers (한 명, 두 장). 번째 is the ordinal: 첫 번째, 열한 번째.
NATIVE_COUNTERS: tuple[str, ...] = (
    "번째", "명", "장", "개", "마리", "사람", "가지", "곳", "살", "잔", "권", "대", "벌", "켤레", "쌍",
    "군데", "시간", "달", "차례", "줄", "판", "바퀴", "걸음", "시",
)  # fmt: skip
#: Counters that take Sino-Korean numbers (3번 = seat three, 2일째 = the second day).
SINO_COUNTERS: tuple[str, ...] = (
    "번", "일째", "일", "표", "초", "분", "위", "회", "층", "년", "월", "호", "점", "퍼센트", "인", "단계",
)  # fmt: skip

_COUNTERS = sorted(NATIVE_COUNTERS + SINO_COUNTERS, key=len, reverse=True)
NUMBER_RE = re.compile(r"(?P<n>[0-9]+(?:,[0-9]{3})*)(?P<counter>" + "|".join(_COUNTERS) + ")?")
_NATIVE = set(NATIVE_COUNTERS)
_MAX_SINO = 10**20


def sino(n: int) -> str:
    """Sino-Korean reading: 0 영, 3 삼, 15 십오, 10000 만. Past 10^20, digit by digit."""
    if n >= _MAX_SINO:
        return " ".join(sino(int(d)) for d in str(n))
    import hangulpy  # lazily: 0.15 s at import, needed only for Korean numbers
    return str(hangulpy.number_to_hangul(n))


def native(n: int, ordinal: bool = False) -> str:
    """Native reading before a counter: 1 한, 3 세, 20 스무, 21 스물한; ``ordinal``: 1 첫. Sino past 99."""
    if n == 0 or n > 99:
        return sino(n)
    if ordinal and n == 1:
        return "첫"
    import hangulpy  # lazily: 0.15 s at import, needed only for Korean numbers
    return str(hangulpy.susa(n, classifier=True))


def number_words(n: int, counter: str = "") -> str:
    """``n`` with its counter, in words: (4, "명") → "네 명", (3, "번") → "삼 번", (7, "") → "칠"."""
    said = native(n, ordinal=counter == "번째") if counter in _NATIVE else sino(n)
    return f"{said} {counter}" if counter else said


def numbers_in_words(text: str) -> str:
    """Every number in ``text`` in words, by the counter that follows it."""

    def one(m: re.Match[str]) -> str:
        n = int(m.group("n").replace(",", ""))
        return number_words(n, m.group("counter") or "")

    return NUMBER_RE.sub(one, text)
