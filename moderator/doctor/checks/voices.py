"""espeak-ng's voices: a line rendered in each language, and how long it took."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from moderator.doctor.base import Check, one_line, output_line, voice_settings
from moderator.doctor.registry import check
from moderator.i18n import LANGS
from moderator.paths import cache_dir

if TYPE_CHECKING:
    from moderator.doctor.core import Doctor


@check("voices", order=30)
def voices(doctor: Doctor) -> None:
    from moderator.voice.speaker import PromptCache

    for lang in LANGS:
        try:
            cache = PromptCache(cache_dir() / "prompts", lang, voice_settings(doctor.config, lang))
            started = time.perf_counter()
            wav = cache.get(output_line("private", lang))
            took = time.perf_counter() - started
            voice = cache.settings.voice or "the first " + lang + " voice"
            doctor.add(Check(f"voice {lang}", "ok", f"espeak-ng {voice}; a line rendered in {took:.2f} s "
                             f"({wav.stat().st_size // 1000} kB)"))  # fmt: skip
        except Exception as exc:
            doctor.add(Check(f"voice {lang}", "fail", one_line(exc),
                             f"install espeak-ng (apt-get install espeak-ng libespeak-ng1) or set [tts.{lang}] "
                             f"voice to one that `espeak-ng --voices={lang}` lists"))  # fmt: skip
