"""What the command lines of the app and of each game share: the handler type, the language
argument, and the voice runner a game's ``play`` is handed (so no game imports the voice layer)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, TypeAlias

from moderator.config import Config
from moderator.i18n import Lang
from moderator.session import Session

Handler = Callable[[argparse.Namespace, Config], int]
if TYPE_CHECKING:
    Subparsers: TypeAlias = argparse._SubParsersAction[argparse.ArgumentParser]
else:
    Subparsers = argparse._SubParsersAction


class PlayByVoice(Protocol):
    """Run a session by voice; None when there is no voice (the keyboard takes over)."""

    def __call__(self, session: Session, config: Config, *, pace: float = 1.0, ambience: bool = False) -> int | None:
        ...


def lang_of(args: argparse.Namespace, config: Config) -> Lang:
    """``--lang``, else config.toml's language."""
    lang: Lang = args.lang or config.general.language
    return lang
