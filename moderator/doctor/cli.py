"""``moderator doctor`` on the command line: its options, and yes/no questions asked on the terminal."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from moderator.config import Config
from moderator.doctor.base import YES, Options
from moderator.doctor.core import Doctor
from moderator.i18n import LANGS, Lang


def _ask_terminal(question: str) -> bool | None:
    if not sys.stdin.isatty():
        return None
    try:
        answer = input(f"       {question} [y/n] ").strip().casefold()
    except EOFError:
        return None
    return answer.startswith(YES)


def cmd_doctor(args: argparse.Namespace, config: Config) -> int:
    lang: Lang = args.lang or config.general.language
    options = Options(lang, args.script or config.game.script, noise_seconds=args.noise_seconds,
                      voice_seconds=args.voice_seconds, listen_seconds=args.listen_seconds,
                      audio=not args.no_audio, calibrate=args.calibrate, takes=args.takes,
                      word_takes=args.word_takes)  # fmt: skip
    return Doctor(config, options, ask=_ask_terminal).run()


def register(sub: Any) -> None:
    p = sub.add_parser("doctor", help="check the headset, speaker, microphone, voices and models before a game")
    p.add_argument("--lang", choices=list(LANGS), help="the language to test commands in")
    p.add_argument("--script", help="check that every character name on this script can be said")
    p.add_argument("--noise-seconds", type=float, default=3.0, help="how long to listen to the quiet room")
    p.add_argument("--voice-seconds", type=float, default=4.0, help="how long to listen to your voice")
    p.add_argument("--listen-seconds", type=float, default=8.0, help="how long to wait for each command")
    p.add_argument("--no-audio", action="store_true", help="skip the devices, outputs and microphone")
    p.add_argument("--calibrate", action=argparse.BooleanOptionalAction, default=None,
                   help="calibrate to your voice (default: ask); --no-calibrate skips it")
    p.add_argument("--takes", type=int, default=3, help="how many times to say each command word when calibrating")
    p.add_argument("--word-takes", type=int, default=2,
                   help="how many times to say each number and the seat word when calibrating (0: none)")
    p.set_defaults(func=cmd_doctor)
