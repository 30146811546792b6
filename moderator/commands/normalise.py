"""Text as the parser compares it: normalised (case, NFC, punctuation, a minus sign kept as a word),
with a map back to what was typed; names looked up with or without their spaces; numbers checked."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import TypeVar

from moderator.commands.phrases import (
    spaced,
)
from moderator.errors import IllegalChoice

T = TypeVar("T")

_MINUS = "-\u2212\u2010\u2011\u2012\u2013\u2014\ufe63\uff0d"
_KEPT = re.compile(r"[\w\s']")
_APOSTROPHES = "\u2019\u2018\u02bc\u0060\u00b4"
"""Typed for an apostrophe (a phone's ’, a ʼ, a backtick): read as one."""


def one_off(typed: str, name: str) -> bool:
    """Whether ``typed`` is ``name`` with one letter (for Hangul, one jamo) changed, added or left out."""
    a, b = unicodedata.normalize("NFD", typed), unicodedata.normalize("NFD", name)
    if a == b or abs(len(a) - len(b)) > 1 or len(b) < 3:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b, strict=True)) == 1
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


def normalise(text: str) -> str:
    """Lower case, NFC, no punctuation, single spaces. A minus sign before a number is kept as the
    word "minus", so "-1" never reads as 1."""
    return normalise_mapped(text)[0]


def normalise_mapped(text: str) -> tuple[str, list[int]]:
    """:func:`normalise` of ``text``, and for each of its characters the index in ``text`` (as NFC) it
    came from: what a free slot matched (a note, a name) is taken back as it was typed."""
    nfc = unicodedata.normalize("NFC", text)
    chars = [(c, i) for i, ch in enumerate(nfc) for c in ch.casefold()]
    marked: list[tuple[str, int]] = []
    for j, (c, i) in enumerate(chars):
        if c in _MINUS and (j == 0 or chars[j - 1][0].isspace() or chars[j - 1][0] == "("):
            k = j + 1
            while k < len(chars) and chars[k][0].isspace():
                k += 1
            if k < len(chars) and chars[k][0] in "0123456789":
                marked += [(x, i) for x in " minus "]
                continue
        c = "'" if c in _APOSTROPHES else c
        marked.append((c if _KEPT.match(c) else " ", i))
    out: list[tuple[str, int]] = []
    for c, i in marked:
        if c.isspace():
            if out and out[-1][0] != " ":
                out.append((" ", i))
        else:
            out.append((c, i))
    if out and out[-1][0] == " ":
        out.pop()
    return "".join(c for c, _ in out), [i for _, i in out]


_NARROW = {**{0xFF01 + i: 0x21 + i for i in range(0x5E)}, 0x3000: 0x20, 0xFEFF: None}
"""A keyboard's full-width forms (an East Asian input method's "１", "ｓｅａｔ") as the ASCII they stand for, the
ideographic space as a space, and a byte-order mark dropped."""


def narrow(text: str) -> str:
    """``text`` with full-width ASCII typed as ASCII ("１" is 1) and no byte-order mark."""
    return text.translate(_NARROW)


def check_numbers(utterance: str, text: str) -> None:
    """Refuse, with the reason, a number that is not 0 to 999 in ASCII digits (², ①, ٣, -1, 4301…)."""
    odd = any(unicodedata.category(ch) in ("Nd", "No") and ch not in "0123456789" for ch in utterance)
    if odd or re.search(r"(?:^|\s)minus\s+[0-9]", text) or re.search(r"[0-9]{4,}", text):
        raise IllegalChoice("bad_number", text=utterance[:40])


def ascii_number(text: str) -> int | None:
    """``text`` as a number if it is 1 to 3 ASCII digits (not ², ①, ٣ or a 4,000-digit string)."""
    return int(text) if re.fullmatch(r"[0-9]{1,3}", text) else None


def lookup(table: Mapping[str, T], raw: str) -> T | None:
    """What ``raw`` names in ``table`` (keys normalised); the patterns let spaces and apostrophes be left out
    ("거리의악사" for "거리의 악사", "devils advocate"), so a name typed without them is found too."""
    key = normalise(raw)
    if key in table:
        return table[key]
    flat = key.replace(" ", "").replace("'", "")
    return next((v for k, v in table.items() if k.replace(" ", "").replace("'", "") == flat), None)


def typed(utterance: str, m: re.Match[str], slot: str) -> str:
    """What ``slot`` matched in the normalised ``utterance``, as it was typed (case and punctuation kept)."""
    raw = unicodedata.normalize("NFC", utterance)
    said, where = normalise_mapped(utterance)
    start, end = m.span(slot)
    # out to the words around it: the punctuation typed before and after the slot is its own ("<3", "(said 2)")
    first = where[start - 1] + 1 if start > 0 else 0
    last = where[end] if end < len(said) else len(raw)
    return raw[first:last].strip()


def one_of(words: Iterable[str]) -> str:
    """A regular expression matching any of ``words`` (normalised, the longest first; nothing if none)."""
    items = sorted({normalise(w) for w in words if w}, key=len, reverse=True)
    return "|".join(spaced(w.split(" ")) for w in items) or "(?!)"
