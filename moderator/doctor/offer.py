"""The calibration offered once at the start of a game by voice."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

from moderator.config import Config
from moderator.doctor.base import YES, Options
from moderator.doctor.core import Doctor
from moderator.i18n import Lang

OFFERED = "offered"
"""The file, in the user's calibration folder of a language, that says calibration was offered at the
start of a game (and what was answered): it is not offered again (``moderator doctor --calibrate`` calibrates)."""


def offer_calibration(config: Config, lang: Lang, stdin: TextIO | None = None, out: TextIO | None = None,
                      root: Path | None = None, takes: int = 3, *, force: bool = False,
                      word_takes: int = 2) -> bool:  # fmt: skip
    """At the start of a game by voice, when this user has no calibration for ``lang``, has not been
    offered one, and a terminal can answer: offer it once ("Calibrate now? [y/N]"), and calibrate on
    yes. Not offered with ``asr.calibration = false`` or when stdin is no terminal. ``force`` (the
    game's ``--calibrate``): calibrate now, unasked. Returns whether a calibration was made."""
    from moderator.voice.calibrate import calibration_dir, load

    stdin, out = stdin or sys.stdin, out or sys.stdout
    folder = calibration_dir(lang, root)
    if force:
        Doctor(config, Options(lang, config.game.script, noise_seconds=2.0, calibrate=True, takes=takes,
                       word_takes=word_takes),
               out=out).calibrate_now(root)  # fmt: skip
        return load(lang, root) is not None
    if not config.asr.calibration or (folder / OFFERED).exists() or not stdin.isatty():
        return False
    if load(lang, root) is not None:
        return False
    out.write(f"voice: not calibrated to your voice yet. Calibrate now? You say each command word {takes} times "
              f"and each number {word_takes} times (about three minutes); skipped, `moderator doctor --calibrate` "
              "does it later. [y/N] ")  # fmt: skip
    out.flush()
    answer = stdin.readline().strip().casefold()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / OFFERED).write_text(f"{answer or 'n'}\n", encoding="utf-8")
    if not answer.startswith(YES):
        out.write("voice: calibration skipped (not asked again).\n")
        return False
    doctor = Doctor(config, Options(lang, config.game.script, noise_seconds=2.0, calibrate=True, takes=takes,
                       word_takes=word_takes), out=out)
    doctor.calibrate_now(root)
    return load(lang, root) is not None
