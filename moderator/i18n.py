"""Bilingual texts. Korean first, English second."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

Lang = Literal["ko", "en"]
LANGS: tuple[Lang, ...] = ("ko", "en")


class Text(BaseModel):
    """A text in both languages."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    ko: str
    en: str

    def __call__(self, lang: Lang, **slots: object) -> str:
        """Return the text in ``lang`` with ``{slot}`` placeholders filled."""
        template = self.ko if lang == "ko" else self.en
        return template.format(**slots) if slots else template
