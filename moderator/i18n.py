"""Bilingual texts. Korean first, English second."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict

from moderator.korean.particles import resolve_particles

Lang = Literal["ko", "en"]
LANGS: tuple[Lang, ...] = ("ko", "en")

_PLURAL = re.compile(r"\b(\d+)((?:\s+[^\s\d(]+)+?)\(s\)")
_AGREE = re.compile(r"\b(\d+)(\s+)\((\w+)\|(\w+)\)")


def resolve_plurals(text: str) -> str:
    """English plural marks: ``1 vote(s)`` is "1 vote", ``4 vote(s)`` "4 votes" (the nearest number before
    the mark decides)."""
    text = _PLURAL.sub(lambda m: m[1] + m[2] + ("" if m[1] == "1" else "s"), text)
    # a verb right after the number: ``1 (is|are) needed`` is "1 is needed", ``4 (is|are) needed`` "4 are needed"
    return _AGREE.sub(lambda m: m[1] + m[2] + (m[3] if m[1] == "1" else m[4]), text)


class Text(BaseModel):
    """A text in both languages."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    ko: str
    en: str

    def __call__(self, lang: Lang, **slots: object) -> str:
        """Return the text in ``lang`` with ``{slot}`` placeholders filled.

        Korean particle marks (``{name}(이)가``, ``{word}을(를)``) are resolved for the word the slot
        filled in (:func:`moderator.korean.particles.resolve_particles`).
        """
        if lang != "ko":
            return resolve_plurals(self.en.format(**slots)) if slots else self.en
        return resolve_particles(self.ko.format(**slots) if slots else self.ko)
