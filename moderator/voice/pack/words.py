"""A line's words as takes are looked up, and :func:`plan`: a line covered, word by word, by the
longest recorded phrases, with text-to-speech pieces between them."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from moderator.voice.pack.manifest import Take

SENTENCE_GAP = 0.25  # seconds after a piece that ends a sentence (as tts.SENTENCE_PAUSE)
COMMA_GAP = 0.12
WORD_GAP = 0.04


def _norm(token: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFC", token).casefold() if ch.isalnum())


def key(text: str) -> tuple[str, ...]:
    """The words of ``text`` as a take is looked up: letters and digits only, case folded."""
    return tuple(w for w in (_norm(t) for t in text.split()) if w)


@dataclass(frozen=True)
class Piece:
    """One part of a spoken line: a recorded take (``take`` set) or text for the voice."""

    text: str
    take: Take | None
    gap: float
    """Silence after it, seconds."""


def _gap(raw: str) -> float:
    end = raw.rstrip("'\"’”」』)")
    if end.endswith((".", "?", "!", ":", ";")):
        return SENTENCE_GAP
    if end.endswith(","):
        return COMMA_GAP
    return WORD_GAP


def plan(text: str, takes: dict[tuple[str, ...], Take], longest: int) -> list[Piece]:
    """``text`` covered, left to right, by the longest recorded phrases; the words between them are
    text pieces. A word that is only a symbol goes with the piece before it."""
    raw = text.split()
    words = [_norm(t) for t in raw]
    pieces: list[Piece] = []
    pending: list[str] = []

    def flush() -> None:
        if pending:
            said = " ".join(pending)
            pieces.append(Piece(said, None, _gap(said)))
            pending.clear()

    i = 0
    while i < len(raw):
        found = None
        if words[i]:
            for n in range(min(longest, len(raw) - i), 0, -1):
                span = [w for w in words[i : i + n] if w]
                if not words[i + n - 1]:
                    continue  # a span ends on a word, not a symbol
                take = takes.get(tuple(span))
                if take is not None:
                    found = (n, take)
                    break
        if found is None:
            pending.append(raw[i])
            i += 1
            continue
        flush()
        n, take = found
        said = " ".join(raw[i : i + n])
        pieces.append(Piece(said, take, _gap(said)))
        i += n
    flush()
    return pieces
