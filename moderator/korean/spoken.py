"""The spoken form of a Korean line: what the voice says, never what the console shows.

Numbers become words by their counter, symbols are spelled out or turned into pauses, particle
marks are resolved, and the line is cut into short sentences, each to be followed by a short pause. What is left is
Hangul, the letters of Latin names, spaces and the pause marks ``. , ? !``; never a digit or another
symbol.
"""

from __future__ import annotations

import re
import unicodedata

from moderator.korean.numbers import numbers_in_words
from moderator.korean.particles import resolve_particles

#: What may reach the voice besides letters and spaces: espeak-ng pauses on them, never says them.
PAUSES = ".,?!"

# Symbols spelled out before the numbers are read ("6+" 육 플러스, "+1" 플러스 일, "3~5" 삼에서 오).
_SPELLED: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?<=\d)\s*\+"), " 플러스"),
    (re.compile(r"\+\s*(?=\d)"), "플러스 "),
    (re.compile(r"(?<![\w])-\s*(?=\d)"), "마이너스 "),
    (re.compile(r"(?<=\d)\s*[~\-–]\s*(?=[\d+\-])"), "에서 "),
    (re.compile(r"\s*%"), " 퍼센트"),
    (re.compile(r"\s*&\s*"), " 그리고 "),
)
# Symbols that become pauses or spaces.
_PAUSED = str.maketrans(
    {
        ":": ", ", ";": ". ", "/": ", ", "(": ", ", ")": ", ", "[": ", ", "]": ", ", "{": ", ", "}": ", ",
        "'": "", '"': "", "‘": "", "’": "", "“": "", "”": "", "「": "", "」": "", "『": "", "』": "",
        "…": ". ", "·": ", ", "×": " ", "~": " ", "–": ", ", "—": ", ", "\n": ". ",
    }
)  # fmt: skip
_SENTENCE_END = re.compile(r"(?<=[.?!])\s+")
_SPACES = re.compile(r"\s+")
_COMMAS = re.compile(r"\s*,[\s,]*")
_PAUSE_AFTER_PAUSE = re.compile(r",\s*(?=[.?!])|(?<=[.?!])\s*,")


def _allowed(ch: str) -> bool:
    if ch.isspace() or ch in PAUSES:
        return True
    if ch.isascii():
        return ch.isalpha()
    return unicodedata.category(ch).startswith("L")  # Hangul and other letters; no symbols


# "미치광이(3번)가" is said "미치광이가, 삼 번,": the particle stays with its word.
_ASIDE_BEFORE_PARTICLE = re.compile(r"\(([^()]*)\)([가-힣]+)")


def _symbols_out(text: str) -> str:
    text = _ASIDE_BEFORE_PARTICLE.sub(r"\2, \1,", text)
    for pattern, words in _SPELLED:
        text = pattern.sub(words, text)
    return text.translate(_PAUSED)


def _tidy(text: str) -> str:
    text = "".join(ch if _allowed(ch) else " " for ch in text)
    text = _COMMAS.sub(", ", text)
    text = _PAUSE_AFTER_PAUSE.sub("", text)
    text = _SPACES.sub(" ", text).strip(" ,")
    return re.sub(r"\s+(?=[.?!,])", "", text)


#: A sentence longer than this (letters) is said in parts, cut at its commas: one instruction at a time.
LONG_SENTENCE = 28
_SHORT_PART = 8


def _letters(text: str) -> int:
    return sum(ch.isalpha() for ch in text)


def _parts(sentence: str) -> list[str]:
    """A long sentence cut at its commas into parts of at least a few syllables, each ending in its comma."""
    if _letters(sentence) <= LONG_SENTENCE:
        return [sentence]
    parts: list[str] = []
    for piece in sentence.split(", "):
        if parts and (_letters(parts[-1]) < _SHORT_PART or _letters(piece) < _SHORT_PART):
            parts[-1] += ", " + piece
        else:
            parts.append(piece)
    return [p if p[-1] in PAUSES else p + "," for p in parts]


def spoken_sentences(text: str) -> list[str]:
    """The spoken form of ``text``, one short sentence (or part of a long one) per item.

    The voice leaves a short pause between the items.
    """
    said = _tidy(numbers_in_words(_symbols_out(resolve_particles(text))))
    sentences = [s.strip(" ,") for s in _SENTENCE_END.split(said) if s.strip(" ,.?!")]
    return [part for s in sentences for part in _parts(s)]


def spoken(text: str) -> str:
    """The spoken form of ``text`` as one string."""
    return " ".join(spoken_sentences(text))
