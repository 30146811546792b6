"""Settings from config.toml. Every key has a built-in default."""

from __future__ import annotations

import time
import tomllib
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from moderator.errors import DataError
from moderator.i18n import Lang
from moderator.paths import repo_dir


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid")


class General(_Section):
    language: Lang = "ko"
    saves: str = "saves"


class Game(_Section):
    script: str = "twelve"
    players: str = "민수,지영,서준,하은,도윤,서연,지호"
    seed: int | None = None


class Audio(_Section):
    input: str = ""
    public: str = ""
    private: str = ""
    push_to_talk: bool = False


class Asr(_Section):
    models: str = ""
    confirm_below: float = Field(0.85, ge=0.0, le=1.0)
    read_back_all: list[Lang] = Field(default_factory=lambda: list[Lang](["ko"]))
    """Languages whose every state-changing answer is read back, whatever its confidence."""


class GrowlSettings(_Section):
    pace: float = Field(1.0, ge=0.0)
    background: bool = False


class Voice(_Section):
    voice: str = ""
    rate: int = Field(170, gt=0)
    volume: float = Field(1.0, ge=0.0, le=1.0)


class Config(_Section):
    general: General = Field(default_factory=General)
    game: Game = Field(default_factory=Game)
    audio: Audio = Field(default_factory=Audio)
    asr: Asr = Field(default_factory=Asr)
    tts: dict[Lang, Voice] = Field(default_factory=dict)
    growl: GrowlSettings = Field(default_factory=GrowlSettings)


def confirm_below(config: Config, lang: Lang) -> float:
    """The confidence under which the voice loop reads a state-changing answer back, in ``lang``
    (above 1: always)."""
    return 2.0 if lang in config.asr.read_back_all else config.asr.confirm_below


def autosave_path(config: Config, kind: str) -> Path:
    """Where a game started without --save is saved: ``<general.saves>/<kind>-<date>-<time>.json``."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    folder = Path(config.general.saves)
    path = folder / f"{kind}-{stamp}.json"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{kind}-{stamp}-{n}.json"
    return path


def load_config(path: Path | None = None) -> Config:
    """Read ``path`` (default: config.toml beside the app, if there is one).

    Raises:
        DataError: the file is not valid TOML or has unknown or bad keys.
    """
    path = path or repo_dir() / "config.toml"
    if not path.is_file():
        return Config()
    try:
        return Config.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))
    except (tomllib.TOMLDecodeError, ValidationError) as exc:
        raise DataError(f"{path}: {exc}") from exc
