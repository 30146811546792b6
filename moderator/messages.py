"""The command line's own lines in the language the user asked for (``--lang``): its notices, the faults
of the files it is given, and argparse's errors. A game's lines are the game's; these are the rest.

The language is set once, as the command line starts (:func:`set_lang`); before that, and in code that
runs without a command line, it is English.
"""

from __future__ import annotations

import argparse
import errno
from collections.abc import Sequence
from functools import cache
from typing import Any

from pydantic import BaseModel, ConfigDict

from moderator.i18n import Lang, Text
from moderator.korean import resolve_particles
from moderator.paths import data_dir
from moderator.yamlio import load_yaml


class Catalogue(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    messages: dict[str, Text]
    os_reasons: dict[str, Text]
    argparse_ko: dict[str, str]


_lang: Lang = "en"


@cache
def catalogue() -> Catalogue:
    """data/messages.yaml, read once."""
    return Catalogue.model_validate(load_yaml((data_dir() / "messages.yaml").read_text(encoding="utf-8")))


def set_lang(lang: Lang) -> None:
    """The language of every line from now on, argparse's errors included."""
    global _lang
    _lang = lang
    _argparse_in(lang)


def lang() -> Lang:
    return _lang


def msg(key: str, *, lang: Lang | None = None, **slots: object) -> str:
    """The message ``key`` in the current language (``lang``: in that one, a game's), its slots filled
    (``{x!r}`` quotes, as Python does)."""
    text = catalogue().messages[key]
    if (lang or _lang) == "ko":
        return resolve_particles(text.ko.format(**slots))
    return text.en.format(**slots)


def os_reason(exc: OSError) -> str:
    """Why the system refused, in the current language (the system's own words where none is kept)."""
    name = errno.errorcode.get(exc.errno or -1, "")
    known = catalogue().os_reasons.get(name)
    if known is not None:
        return known.ko if _lang == "ko" else known.en
    text = " ".join(str(exc.strerror or exc).split()) or type(exc).__name__
    return text if len(text) <= 200 else text[:197] + "..."


def lang_in(argv: Sequence[str]) -> Lang | None:
    """The ``--lang`` of a command line not parsed yet (``--lang ko``, ``--lang=ko``), if any."""
    for i, arg in enumerate(argv):
        value = arg.split("=", 1)[1] if arg.startswith("--lang=") else argv[i + 1] if arg == "--lang" and i + 1 < len(
            argv) else None  # fmt: skip
        if value in ("ko", "en"):
            return "ko" if value == "ko" else "en"
    return None


def _argparse_in(lang: Lang) -> None:
    """argparse says its errors through gettext; in Korean, through this catalogue instead."""
    table = catalogue().argparse_ko if lang == "ko" else {}

    def gettext(message: str) -> str:
        return table.get(message, message)

    def ngettext(singular: str, plural: str, n: int) -> str:
        return gettext(singular if n == 1 else plural)

    module: Any = argparse
    module._ = gettext
    module.ngettext = ngettext
