"""Shared helpers for the speech benchmarks: synthetic speech conditions and a render cache."""

from __future__ import annotations

import hashlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from bench.fakes import simulate_room
from moderator.voice import read_wav, render

REPO = Path(__file__).resolve().parent.parent
MODELS = REPO / "models"
SPEECH = REPO.parent / "shared" / "speech"  # ../shared/speech, see its SOURCES.md files


def need_real_speech(what: str) -> None:
    """Stop with one line when the real recordings (../shared/speech, beside the repository for
    developers only) are absent."""
    if not SPEECH.is_dir():
        raise SystemExit(f"{what} needs the real recordings in ../shared/speech ({SPEECH}), which is absent here")
RESULTS = Path(__file__).resolve().parent / "results"


@dataclass(frozen=True)
class Condition:
    voice: str
    rate: int

    @property
    def label(self) -> str:
        return f"{self.voice}@{self.rate}"


# espeak-ng has one Korean voice; its variants (+f2, +m3, ...) change pitch and timbre.
VOICES = {
    "ko": ["ko", "ko+f2", "ko+m3", "ko+f4"],
    "en": ["gmw/en-us", "gmw/en", "gmw/en-gb-x-rp", "gmw/en-us+f2"],
}
RATES = [140, 175, 210]


def conditions(lang: str, voices: list[str] | None = None, rates: list[int] | None = None) -> list[Condition]:
    return [Condition(v, r) for v in (voices or VOICES[lang]) for r in (rates or RATES)]


class Speaker:
    """Renders phrases through moderator.voice.tts.render, cached on disk, then simulates a room."""

    def __init__(self, lang: str, cache: Path | None = None, room: bool = True) -> None:
        self.lang = lang
        self.room = room
        self.cache = cache or Path(tempfile.gettempdir()) / "moderator-bench-tts"
        self.cache.mkdir(parents=True, exist_ok=True)

    def pcm(self, text: str, cond: Condition) -> bytes:
        key = hashlib.sha1(f"{self.lang}|{cond.voice}|{cond.rate}|{text}".encode()).hexdigest()[:20]
        path = self.cache / f"{key}.wav"
        if not path.exists():  # rendered aside, then moved in: benchmarks run side by side share the cache
            part = path.with_name(f"{path.stem}.{os.getpid()}.part.wav")
            render(text, self.lang, part, voice=cond.voice, rate=cond.rate)
            os.replace(part, path)
        pcm, rate = read_wav(path)
        assert rate == 16_000
        seed = int(key[:8], 16)
        return simulate_room(pcm, rate, seed=seed) if self.room else pcm
