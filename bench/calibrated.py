"""The benchmarks' storyteller calibration: a voice's own takes, as `moderator doctor --calibrate` records them.

A calibrated loop is the app's loop with a :class:`~moderator.voice.calibrate.Calibration` made from
takes of the command forms, the seat word and the numbers 0-15 (data/commands ``voice.calibrate_words``,
``voice.calibrate_numbers``), each cut by the app's endpointer from a quiet room, as the doctor does.
Synthetic voices say their takes at other rates than the ones measured (``CAL_RATES``); real speakers
(the FSDD digits) give their first takes, and are measured on the others.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from dataclasses import replace

from bench.common import Condition
from bench.voicebench import Corpus, cut, scene, seed_of
from moderator.commands.phrases import phrases
from moderator.doctor import _calibration_words
from moderator.i18n import Lang
from moderator.voice import templates
from moderator.voice.asr import Recognizer
from moderator.voice.calibrate import Calibration, calibrate
from moderator.voice.loop import VoiceLoop

CAL_RATES = (155, 175)
"""The rates a synthetic voice says its calibration takes at (it is measured at 140 and 190 wpm)."""


def command_forms(lang: Lang) -> dict[str, list[str]]:
    """The forms the loop listens for, one per one-word command (and ``nobody``): calibration tries
    these only, so that the step's sentences stay those of the uncalibrated benchmark."""
    voice = phrases(lang).voice
    assert voice is not None
    forms = {i: [voice.intents[i][0]] for i in ("next", "back", "repeat", "yes", "no") if voice.intents.get(i)}
    if voice.nobody:
        forms["nobody"] = [voice.nobody[0]]
    return forms


def utterance(pcm: bytes) -> bytes | None:
    """The longest utterance the endpointer cuts from ``pcm``."""
    found = cut(pcm).utterances
    return max(found, key=len) if found else None


def synthetic_takes(corpus: Corpus, voice: str, said: Sequence[str]) -> dict[str, list[bytes]]:
    """Each of ``said`` by ``voice`` at ``CAL_RATES``, clean, cut by the endpointer."""
    takes: dict[str, list[bytes]] = {}
    for text in said:
        for rate in CAL_RATES:
            clean = corpus.clean(text, Condition(voice, rate))
            pcm = utterance(scene(clean, None, seed_of(text, voice, rate, "cal")).pcm)
            if pcm is not None:
                takes.setdefault(text, []).append(pcm)
    return takes


def to_say(lang: Lang) -> list[str]:
    """Everything a storyteller says at calibration: the command forms, then the words kept as takes."""
    forms = command_forms(lang)
    return list(dict.fromkeys([*(p for ps in forms.values() for p in ps), *_calibration_words(lang)]))


def calibrated(loop: VoiceLoop, takes: Mapping[str, Sequence[bytes]], rec: Recognizer, lang: Lang,
               forms: Mapping[str, Sequence[str]] | None = None) -> tuple[VoiceLoop, Calibration]:  # fmt: skip
    """``loop`` again, with the calibration ``takes`` make (``forms``: the commands among them)."""
    cal = calibrate(takes, command_forms(lang) if forms is None else forms, rec, lang)
    return replace(loop, calibration=cal, vouched=frozenset()), cal


def add_constant_options(ap: argparse.ArgumentParser) -> None:
    """``--margin``, ``--clearly``, ``--noisy-margin``: the takes' constants to try (calibrated runs)."""
    ap.add_argument("--margin", type=float, help="templates.MARGIN to try (calibrated)")
    ap.add_argument("--clearly", type=float, help="templates.CLEARLY to try (calibrated)")
    ap.add_argument("--noisy-margin", type=float, help="templates.NOISY_MARGIN to try (calibrated)")


def apply_constant_options(args: argparse.Namespace) -> None:
    """Set the constants :func:`add_constant_options` read."""
    for option, name in (("margin", "MARGIN"), ("clearly", "CLEARLY"), ("noisy_margin", "NOISY_MARGIN")):
        if getattr(args, option) is not None:
            setattr(templates, name, getattr(args, option))
