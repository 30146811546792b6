"""``moderator growl``: run an evening of Growl from the keyboard or a file of utterances.

Wire it into moderator/cli.py with ``register(sub, voice, web)`` on the top-level subparsers; ``voice``
runs a session by voice (the app's voice layer, handed in so this game imports nothing of audio);
``web`` serves the table view beside it (``--web``; handed in the same way).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Callable
from pathlib import Path

from moderator.cli_common import (
    PlayByVoice,
    Subparsers,
    WebOptions,
    add_web_arguments,
    input_lines,
    live_saving,
    player_names,
    web_options,
)
from moderator.config import Config, autosave_path
from moderator.errors import SetupError
from moderator.growl.data import GrowlData, default_data
from moderator.growl.engine import Growl
from moderator.growl.frontend import GrowlLoop
from moderator.growl.journal import GrowlJournal
from moderator.i18n import Lang
from moderator.messages import msg, set_lang
from moderator.stateout import state_out_held, state_out_target

ServeWeb = Callable[[GrowlLoop, WebOptions], None]
"""Start the table view on an evening (in the background) and say where it is."""


def register(subparsers: Subparsers, voice: PlayByVoice | None = None, web: ServeWeb | None = None) -> None:
    """Add the ``growl`` subcommand; ``voice`` runs it by voice (without it, the keyboard); ``web`` serves
    the table view of ``growl --web``."""
    p = subparsers.add_parser("growl", help="moderate Growl (4–10 players): setup, turns, nights, growl, gold")
    p.add_argument("--players", help="names, comma-separated, clockwise from seat 1")
    p.add_argument("--count", type=count_arg, help="the number of players, when names are not given")
    p.add_argument("--lang", choices=["ko", "en"])
    p.add_argument("--text", action="store_true", help="use the keyboard / text, not voice")
    p.add_argument("--input", help="read utterances from this file, one per line")
    p.add_argument("--jsonl", action="store_true", help="one JSON object per prompt")
    p.add_argument("--state-out", help="rewrite the state JSON here after every step")
    p.add_argument("--seed", type=int, help="seed for the app's random choices (start-player ties)")
    p.add_argument("--save", help="save the evening's journal here after every change")
    p.add_argument("--game", help="resume the evening saved in this journal (saving goes on to it unless --save)")
    p.add_argument("--pace", type=pace_arg, help="multiply timed pauses (0 = no waiting); default: config.toml")
    add_web_arguments(p)
    p.set_defaults(func=cmd_growl, voice=voice, serve_web=web)


def count_arg(text: str) -> int:
    """``--count``: a whole number (the rules' range is checked with the players)."""
    try:
        count = int(text)
    except ValueError:
        count = -1
    if count < 0:  # not a number, or "-2 players" (it said "now 0")
        raise argparse.ArgumentTypeError(msg("bad_count", text=text))
    return count


def pace_arg(text: str) -> float:
    """``--pace``: a finite number from 0 (no waiting) to 10."""
    try:
        pace = float(text)
    except ValueError:
        pace = math.nan
    if not 0.0 <= pace <= 10.0:  # NaN fails too
        raise argparse.ArgumentTypeError(msg("bad_pace", text=text))
    return pace


def names_from(args: argparse.Namespace, data: GrowlData, lang: Lang | None = None) -> list[str]:
    """Players' names from --players, or empty names from --count.

    Raises:
        SetupError: neither given, a count outside the rules' range, or a name twice.
    """
    if args.players:
        names = player_names(args.players, lang)
    elif args.count is not None:
        names = []
    else:
        raise SetupError(msg("growl_players_needed"))
    span = data.setup.players
    said = data.texts.cli
    n = len(names) if args.players else args.count  # a count is checked before any list is made of it
    if not span.min <= n <= span.max:
        raise SetupError(said.player_count(lang or "en", min=span.min, max=span.max, n=n))
    names = names or [""] * n
    named = [n.casefold() for n in names if n]
    if len(set(named)) != len(named):
        raise SetupError(said.same_name(lang or "en"))
    return names


def open_journal(
    args: argparse.Namespace, data: GrowlData, lang: Lang | None = None
) -> tuple[GrowlJournal, Path | None]:
    """The evening to play and where to save it: resumed from --game, or new (in ``lang``)."""
    if args.game:
        path = Path(args.game)
        return GrowlJournal.load(path), Path(args.save) if args.save else path
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    return GrowlJournal.new(names_from(args, data, lang), seed, lang), Path(args.save) if args.save else None


def cmd_growl(args: argparse.Namespace, config: Config) -> int:
    data = default_data()
    wanted: Lang = args.lang or config.general.language
    journal, save = open_journal(args, data, wanted)
    lang: Lang = args.lang or journal.start.lang or config.general.language  # a resumed evening keeps its own
    set_lang(lang)  # the command line's lines in the evening's language
    if save is None and not args.input:  # a live evening is always saved: never a lost game
        save = autosave_path(config, "growl")
    if args.state_out:  # checked before anything is written: never the save, a device or a stranger's file
        args.state_out = str(state_out_target(args.state_out, save))
    resumed = Path(args.game) if args.game else None  # the only save this evening may write over
    with state_out_held(args.state_out), live_saving(save, "growl", config, "evening", resumed) as persist:
        return _run(args, config, Growl(journal, data, lang, persist=persist), lang)


def _run(args: argparse.Namespace, config: Config, engine: Growl, lang: Lang) -> int:
    state_out = Path(args.state_out) if args.state_out else None
    pace = args.pace if args.pace is not None else config.growl.pace
    loop = GrowlLoop(engine, lang, sys.stdout, jsonl=args.jsonl, state_out=state_out, pace=pace)
    options = web_options(args)
    if options is not None:
        serve: ServeWeb | None = args.serve_web
        if serve is None:
            raise SetupError("this build of the app has no web page")
        serve(loop, options)
    if args.input:
        return loop.run(input_lines(args.input))
    voice: PlayByVoice | None = args.voice
    if not args.text and not args.jsonl and voice is not None:
        from moderator.growl.voice import GrowlSession

        loop.save_state()
        voiced = voice(GrowlSession(loop), config, pace=pace, ambience=config.growl.background)
        if voiced is not None:
            return voiced
    return loop.run(sys.stdin)
