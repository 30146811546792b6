"""Bilingual texts. Korean first, English second."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from moderator.korean.particles import resolve_particles

Lang = Literal["ko", "en"]
LANGS: tuple[Lang, ...] = ("ko", "en")


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
            return self.en.format(**slots) if slots else self.en
        return resolve_particles(self.ko.format(**slots) if slots else self.ko)
