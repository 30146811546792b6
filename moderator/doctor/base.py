"""What every check of the doctor shares: a check's result, the options, and small helpers."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from moderator.config import Config
from moderator.i18n import Lang, Text
from moderator.paths import data_dir
from moderator.yamlio import load_yaml

Status = Literal["ok", "warn", "fail", "skip"]
Channel = Literal["public", "private"]
MARK: dict[Status, str] = {"ok": "ok  ", "warn": "WARN", "fail": "FAIL", "skip": "skip"}
YES = ("y", "네", "예", "응")
"""How an answer to a yes/no question starts when it is yes."""


@dataclass
class Check:
    """The result of one check: what was found and, when it is not ok, the fix."""

    name: str
    status: Status
    detail: str
    fix: str = ""


@dataclass
class Options:
    lang: Lang
    script: str
    noise_seconds: float = 3.0
    voice_seconds: float = 4.0
    listen_seconds: float = 8.0
    """How long to wait for each spoken command."""
    audio: bool = True
    calibrate: bool | None = None
    """Calibrate to the storyteller's voice: True = do, False = skip, None = ask (skipped when nobody can answer)."""
    takes: int = 3
    """How many times the storyteller says each command word when calibrating."""
    word_takes: int = 2
    """How many times each number and the seat word (kept as takes only) is said when calibrating."""


class DoctorTexts(BaseModel):
    """data/doctor.yaml: what doctor says on each output."""

    model_config = ConfigDict(extra="forbid")
    test_lines: dict[Literal["public", "private", "both"], Text]


def doctor_texts() -> DoctorTexts:
    return DoctorTexts.model_validate(load_yaml((data_dir() / "doctor.yaml").read_text(encoding="utf-8")))


def output_line(which: Literal["public", "private", "both"], lang: Lang) -> str:
    return doctor_texts().test_lines[which](lang)


def voice_settings(config: Config, lang: str) -> Any:
    from moderator.voice.speaker import VoiceSettings

    voice = config.tts.get(lang)
    return VoiceSettings(voice.voice or None, voice.rate, voice.volume) if voice else VoiceSettings()


def db(level: float) -> float:
    import math

    return 20 * math.log10(max(level, 1.0) / 32768)


def rss_mb() -> float:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return text[:300] or type(exc).__name__
