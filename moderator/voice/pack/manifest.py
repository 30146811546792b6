"""A voice pack's manifest: its takes (what each says, its file and checksum) and the phrases skipped,
validated with extra keys refused; and the one error a pack raises."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from moderator.i18n import Lang
from moderator.voice.errors import VoiceError

FORMAT = 1
Kind = Literal["step", "seat", "character", "card"]
NAME_RE = re.compile(r"^[\w][\w.-]{0,39}$")

MAX_MANIFEST_BYTES = 4 * 1024 * 1024  # 5,000 takes at a few hundred bytes each


class PackError(VoiceError):
    """A voice pack that is missing, damaged or refused; the message is one line."""


@dataclass(frozen=True)
class Phrase:
    """One thing to read: its written form and what it is (a step's fixed part, a seat, a name)."""

    text: str
    kind: Kind = "step"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Take(_Model):
    text: str = Field(min_length=1, max_length=2000)
    kind: Kind
    file: str
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    seconds: float = Field(ge=0.0, le=30.0)
    warnings: list[str] = Field(default_factory=list)


class Manifest(_Model):
    format: Literal[1] = 1
    name: str
    lang: Lang
    synthetic: bool = False
    """Takes made by a machine (tests, benchmarks), not recorded by a person."""
    source: str = ""
    """Who or what read the takes."""
    takes: list[Take] = Field(default_factory=list)
    skipped: list[str] = Field(default_factory=list)
