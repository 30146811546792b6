"""Where things live: the bundled data (rules, scripts, phrases, default settings) and the user's
own files (settings, saves, prompt audio, speech models), each where the platform expects them.

Bundled data is found through :mod:`importlib.resources`: an installed wheel carries data/ and
config.toml as ``moderator/_data`` (setup.py maps them there); a checkout (or an editable install)
reads them from the repository. Nothing is ever read from outside the package or the checkout.

User files follow :mod:`platformdirs` (on Linux the XDG folders: ``~/.config/moderator``,
``~/.local/share/moderator``, ``~/.cache/moderator``). ``$MODERATOR_DATA`` overrides the data folder
and ``$MODERATOR_CACHE_DIR`` the cache, for tests and experiments.
"""

from __future__ import annotations

import os
from importlib.resources import files
from pathlib import Path

import platformdirs

from moderator.errors import DataError

APP = "moderator"
_PACKAGE = Path(__file__).resolve().parent
_CHECKOUT = _PACKAGE.parent


def _bundled() -> Path | None:
    """``moderator/_data`` inside an installed package, if this is one."""
    bundled = files("moderator") / "_data"
    if bundled.is_dir():
        return Path(str(bundled))
    return None


def data_dir() -> Path:
    """The rules data: $MODERATOR_DATA, else the copy inside the installed package, else the
    checkout's data/ folder."""
    env = os.environ.get("MODERATOR_DATA")
    if env:
        return Path(env)
    return _bundled() or _CHECKOUT / "data"


def default_config_file() -> Path:
    """The commented default settings (config.toml) that ship with the app."""
    bundled = _bundled()
    return bundled / "config.toml" if bundled else _CHECKOUT / "config.toml"


def checkout_dir() -> Path | None:
    """The repository the package runs from, when it runs from a checkout (None once installed)."""
    return None if _bundled() else _CHECKOUT


def user_config_file() -> Path:
    """The user's own settings file (made from the default on first run)."""
    return Path(platformdirs.user_config_path(APP)) / "config.toml"


def user_data_dir() -> Path:
    """The user's data folder: saves, speech models they add, voice packs."""
    return Path(platformdirs.user_data_path(APP))


def default_saves_dir() -> Path:
    """Where games are saved unless config.toml's ``general.saves`` or ``--save`` says otherwise."""
    return user_data_dir() / "saves"


def cache_dir() -> Path:
    """Rendered prompt audio and model views: ``$MODERATOR_CACHE_DIR`` or the platform's cache."""
    env = os.environ.get("MODERATOR_CACHE_DIR")
    return Path(env) if env else Path(platformdirs.user_cache_path(APP))


def models_dirs() -> list[Path]:
    """Folders searched for speech models a user adds: the user's data folder, then a checkout's
    models/ folder."""
    found = [user_data_dir() / "models"]
    checkout = checkout_dir()
    if checkout is not None:
        found.append(checkout / "models")
    return found


def may_overwrite(path: Path, magic: bytes, what: str) -> None:
    """A file the user named for the app to write (``say --out``, ``voice-pack export``): absent, or a regular
    file that already holds ``what`` (it begins with ``magic``). Never a device, a folder, a link's target
    elsewhere, or any other file (a save).

    Raises:
        DataError: one line naming the file and why it is left alone.
    """
    if not os.path.lexists(path):
        return
    if path.is_symlink() or not path.is_file():
        raise DataError(f"{path}: not a plain file; left as it is: name a new file to write")
    try:
        with path.open("rb") as f:
            head = f.read(len(magic))
    except OSError as exc:
        raise DataError(f"{path}: cannot be read ({exc.strerror or exc}); left as it is") from exc
    if head != magic:
        raise DataError(f"{path}: already holds something else than {what}; left as it is: name a new file to write")
