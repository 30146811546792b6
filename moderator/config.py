"""Settings from config.toml. Every key has a built-in default."""

from __future__ import annotations

import time
import tomllib
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from moderator.errors import DataError
from moderator.i18n import Lang
from moderator.paths import default_config_file, default_saves_dir, user_config_file


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    @field_validator("*", mode="after")
    @classmethod
    def _no_control_characters(cls, value: object) -> object:
        """A text value holds no NUL or other control character (a path with one cannot be opened)."""
        if isinstance(value, str) and any(ord(ch) < 32 or ord(ch) == 127 for ch in value):
            raise ValueError("holds a control character (such as NUL); write it without")
        return value


class General(_Section):
    language: Lang = "ko"
    saves: str = ""
    """Where games are saved; "" = the platform's data folder (see :func:`saves_dir`)."""


class Game(_Section):
    script: str = "twelve"
    players: str = "민수,지영,서준,하은,도윤,서연,지호"
    seed: int | None = None


class Audio(_Section):
    input: str = ""
    public: str = ""
    private: str = ""
    push_to_talk: bool = False
    """The older name of ``asr.listen = "push"`` (true still means it)."""
    talk_key: str = "auto"
    """Where the headset's play/pause button (or a pedal's key) is read in push mode: "auto" = every input
    device that has such a key and may be read, "" = none (Space only), else a device such as
    /dev/input/by-id/...-event-kbd."""


Listen = Literal["always", "push", "wake"]
Detail = Literal["cue", "full"]


EARLY_END: tuple[Lang, ...] = ("ko", "en")
"""Languages ``asr.early_end`` is on for by default (the voice loop's default too)."""


class Asr(_Section):
    models: str = ""
    confirm_below: float = Field(0.85, ge=0.0, le=1.0, allow_inf_nan=False)
    read_back_all: list[Lang] = Field(default_factory=lambda: list[Lang](["ko"]))
    """Languages whose every state-changing answer is read back, whatever its confidence."""
    calibration: bool = True
    """Use the storyteller's calibration (`moderator doctor --calibrate`): the near-field gate and the
    template check of short answers."""
    streaming: bool = True
    """Decode each answer while it is spoken (moderator/voice/stream.py)."""
    listen: Listen = "always"
    """When the microphone is heard: "always" (whenever the app is not speaking), "push" (one answer after
    the headset's play/pause button, a pedal or Space), "wake" (one answer after the wake phrase)."""
    wake_phrase: str = ""
    """The wake phrase; "" = the language's own (data/commands: ``voice.wake``) or the one chosen at
    calibration."""
    early_end: list[Lang] = Field(default_factory=lambda: list[Lang](EARLY_END))
    """Languages where, with streaming, an answer is taken 0.2 s after it is a whole sentence of the step
    instead of after the endpointer's 0.3 s of silence: the same audio (the endpointer keeps 0.2 s of
    silence after an answer anyway), 0.1 s sooner. Korean settles its decoding to tell a whole answer
    (moderator/voice/stream.py; docs/benchmarks.md, "The Korean early end"). ``true`` / ``false`` mean
    every / no language."""

    @field_validator("early_end", mode="before")
    @classmethod
    def _every_or_none(cls, value: object) -> object:
        if isinstance(value, bool):
            return ["ko", "en"] if value else []
        return value


class GrowlSettings(_Section):
    pace: float = Field(1.0, ge=0.0, le=10.0, allow_inf_nan=False)
    """0 = no waiting; 1 = the rulebook's pauses; at most 10 times them."""
    background: bool = False


class Voice(_Section):
    voice: str = ""
    rate: int = Field(170, ge=40, le=450)
    """Words per minute (espeak-ng speaks 80 to 450)."""
    volume: float = Field(1.0, ge=0.0, le=1.0, allow_inf_nan=False)
    pack: str = ""
    """A recorded voice pack (`moderator voice-pack list`) spliced in; what it lacks, espeak-ng says."""


DEFAULT_VOICES: dict[Lang, Voice] = {"ko": Voice(rate=170), "en": Voice(rate=175)}


class Tts(_Section):
    """How the app speaks: ``detail`` for every language, then each language's voice."""

    detail: Detail = "cue"
    """At each new step the storyteller's headset hears "cue" (a short sound, the character, the seat and
    the player, the truth to give and any drunk or poisoned note) or "full" (the whole instructions);
    ``repeat`` and the page always give the full instructions."""
    ko: Voice = Field(default_factory=lambda: DEFAULT_VOICES["ko"])
    en: Voice = Field(default_factory=lambda: DEFAULT_VOICES["en"])

    def get(self, lang: str) -> Voice | None:
        """The voice settings of ``lang`` (None for a language the app does not speak)."""
        return self.ko if lang == "ko" else self.en if lang == "en" else None

    def __getitem__(self, lang: Lang) -> Voice:
        voice = self.get(lang)
        if voice is None:
            raise KeyError(lang)
        return voice

    def with_voice(self, lang: Lang, voice: Voice) -> Tts:
        """These settings with ``lang`` speaking with ``voice``."""
        return self.model_copy(update={lang: voice})


class Config(_Section):
    general: General = Field(default_factory=General)
    game: Game = Field(default_factory=Game)
    audio: Audio = Field(default_factory=Audio)
    asr: Asr = Field(default_factory=Asr)
    tts: Tts = Field(default_factory=Tts)
    """``detail``, and per language; a language left out speaks with :data:`DEFAULT_VOICES`."""
    growl: GrowlSettings = Field(default_factory=GrowlSettings)

    @property
    def listen(self) -> Listen:
        """``asr.listen``, with the older ``audio.push_to_talk = true`` meaning "push"."""
        return "push" if self.audio.push_to_talk and self.asr.listen == "always" else self.asr.listen


def confirm_below(config: Config, lang: Lang) -> float:
    """The confidence under which the voice loop reads a state-changing answer back, in ``lang``
    (above 1: always)."""
    return 2.0 if lang in config.asr.read_back_all else config.asr.confirm_below


def saves_dir(config: Config) -> Path:
    """config.toml's ``general.saves`` (``~`` expanded), else the platform's saves folder."""
    return Path(config.general.saves).expanduser() if config.general.saves else default_saves_dir()


def autosave_path(config: Config, kind: str) -> Path:
    """Where a game started without --save is saved: ``<saves folder>/<kind>-<date>-<time>.json``."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    folder = saves_dir(config)
    path = folder / f"{kind}-{stamp}.json"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{kind}-{stamp}-{n}.json"
    return path


def ensure_user_config() -> tuple[Path, bool]:
    """The user's settings file, made from the shipped defaults if it does not exist yet.

    Returns the path and whether it was made just now. A folder that cannot be written leaves the
    user on the built-in defaults (the path is then missing; :func:`load_config` copes).
    """
    path = user_config_file()
    if path.is_file():
        return path, False
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(default_config_file().read_text(encoding="utf-8"), encoding="utf-8")
    except OSError:
        return path, False
    return path, True


def brief_errors(exc: ValidationError, shown: int = 3) -> str:
    """A validation error in one short line: the first few problems, and how many more."""
    errors = exc.errors()
    said = "; ".join(f"{'.'.join(str(x) for x in e['loc'])[:60]}: {e['msg'][:100]}" for e in errors[:shown])
    return said + (f"; and {len(errors) - shown} more" if len(errors) > shown else "")


def load_config(path: Path | None = None) -> Config:
    """Read ``path`` (``--config``), else the user's settings file; the built-in defaults fill in
    every key the file leaves out, and stand in for a user file that does not exist.

    Raises:
        DataError: ``path`` does not exist, or a file is not valid UTF-8 TOML, or has unknown or bad keys.
    """
    if path is not None and not path.is_file():
        raise DataError(f"{path}: not a file" if path.exists() else f"{path}: no such settings file")
    path = path or user_config_file()
    if not path.is_file():
        return Config()
    try:
        return Config.model_validate(tomllib.loads(path.read_text(encoding="utf-8-sig")))  # Notepad's BOM is fine
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"{path}: cannot read the settings ({exc})") from exc
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{path}: not valid TOML ({exc})") from exc
    except RecursionError as exc:
        raise DataError(f"{path}: nested too deep to be settings") from exc
    except ValidationError as exc:
        raise DataError(f"{path}: {brief_errors(exc)}") from exc
