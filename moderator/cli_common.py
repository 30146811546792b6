"""What the command lines of the app and of each game share: the handler type, the language
argument, the voice runner a game's ``play`` is handed (so no game imports the voice layer), and the
web page's options (the web server is handed in the same way)."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias

from moderator.commands.parse import normalise
from moderator.commands.phrases import expand, parse_template, phrases
from moderator.config import Config, autosave_path
from moderator.errors import SetupError
from moderator.i18n import LANGS, Lang
from moderator.journal import Journal
from moderator.messages import msg
from moderator.printable import has_controls, printable
from moderator.savefile import LiveSave, SaveError
from moderator.session import Session

Handler = Callable[[argparse.Namespace, Config], int]
SaveJournal = Callable[[Journal[Any, Any]], None]
"""Write a game's journal to its save (what an engine's ``persist`` is handed)."""
if TYPE_CHECKING:
    Subparsers: TypeAlias = argparse._SubParsersAction[argparse.ArgumentParser]
else:
    Subparsers = argparse._SubParsersAction


class PlayByVoice(Protocol):
    """Run a session by voice; None when there is no voice (the keyboard takes over)."""

    def __call__(self, session: Session, config: Config, *, pace: float = 1.0, ambience: bool = False) -> int | None:
        ...


@contextmanager
def live_saving(
    path: Path | None, game: str, config: Config, what: str, resumed: Path | None = None,
) -> Iterator[SaveJournal | None]:  # fmt: skip
    """While the block runs, a live game's save (locked and checked) and the function that writes a
    journal to it after every change; None when nothing is saved. The lock is released at the end.
    ``resumed``: the save the game was resumed from, the only one it may write over.

    Raises:
        SaveError: the file is in use by another moderator, is not a save of this game, or holds
            another game.
    """
    if path is None:
        yield None
        return
    rescue = autosave_path(config, f"{game}-rescue")
    live = LiveSave(path, game, rescue, lambda line: print(line, file=sys.stderr), resumed)
    live.open()
    print(f"moderator: {msg('saving', what=what, path=path)}", file=sys.stderr)
    try:
        yield live
    finally:
        live.close()


def port_arg(text: str) -> int:
    """``--port``: 0 (any free port) to 65535."""
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(msg("bad_port", text=text))
    return port


def input_lines(path: str) -> Iterator[str]:
    """The lines of an --input file; bytes that are not UTF-8 become '?' (no line ends a game).

    Raises:
        SaveError: not a regular file.
    """
    file = Path(path)
    if path != "-" and not (file.is_file() or file.is_char_device() or file.is_fifo()):
        raise SaveError(msg("not_input", path=path))
    with open(file, encoding="utf-8-sig", errors="replace") as f:  # a byte-order mark is no part of the first line
        yield from f


@cache
def _command_words() -> frozenset[str]:
    """Every command said without a value, in either language ("next", "다음", "yes", "뒤로" …): no name
    may be one, or it would take that command's place at a seat step."""
    found: set[str] = set()
    for lang in LANGS:
        data = phrases(lang)
        for templates in data.intents.values():
            for t in templates:
                if "{" not in t:
                    found.update(normalise(x) for x in expand(parse_template(t), {}))
        found.update(normalise(w) for w in [*data.values.yes, *data.values.no])
    return frozenset(found)


_SEAT_PHRASE = re.compile(r"^(?:seats?|자리)?\s*[0-9]+\s*(?:번)?$")


def player_names(raw: str, lang: Lang | None = None) -> list[str]:
    """The names of ``--players`` (comma-separated, clockwise from seat 1).

    Raises:
        SetupError: a name that is empty, holds a control character or is not text, is only digits or a
            seat ("3", "seat 3", "3번"), is a command word of either language ("yes", "다음"), or is given
            twice; the message names it and says why, in ``lang`` (the game's) if given.
    """
    names = [n.strip() for n in raw.split(",")]
    if names and not names[-1] and len(names) > 1:
        names.pop()  # a trailing comma
    seen: dict[str, int] = {}
    for i, name in enumerate(names, start=1):
        shown = printable(name)
        if not name:
            raise SetupError(msg("name_empty", lang=lang, n=i))
        if has_controls(name):
            raise SetupError(msg("name_controls", lang=lang, n=i, name=shown))
        key = normalise(name)
        if not key:  # only symbols (an emoji): nothing the storyteller could say or type to name them
            raise SetupError(msg("name_no_letters", lang=lang, n=i, name=shown))
        if _SEAT_PHRASE.match(key):
            raise SetupError(msg("name_seat", lang=lang, n=i, name=shown))
        if key in _command_words():
            raise SetupError(msg("name_command", lang=lang, n=i, name=shown))
        if key in seen:
            raise SetupError(msg("name_twice", lang=lang, n=i, name=shown, first=seen[key]))
        seen[key] = i
    return names


def lang_of(args: argparse.Namespace, config: Config) -> Lang:
    """``--lang``, else config.toml's language."""
    lang: Lang = args.lang or config.general.language
    return lang


@dataclass(frozen=True)
class WebOptions:
    """Where the live grimoire page is served: localhost unless a LAN address is asked for."""

    host: str = "127.0.0.1"
    port: int = 8765
    """0: any free port (the URL printed says which)."""


def add_web_arguments(p: argparse.ArgumentParser) -> None:
    """``--web``, ``--port N`` and ``--web-host H``."""
    p.add_argument("--web", action="store_true", help="also serve the live grimoire page (URL and QR code printed)")
    p.add_argument("--port", type=port_arg, default=8765, help="the web page's port (default 8765; 0: any free port)")
    p.add_argument(
        "--web-host", default="127.0.0.1", help="where to serve (default: this machine only; 0.0.0.0: the Wi-Fi too)"
    )


def web_options(args: argparse.Namespace) -> WebOptions | None:
    """The web options asked for, or None without ``--web``."""
    return WebOptions(host=args.web_host, port=args.port) if getattr(args, "web", False) else None
