"""Where the rules data lives."""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir() -> Path:
    """The data/ folder: $MODERATOR_DATA, else the one beside the package (a checkout)."""
    env = os.environ.get("MODERATOR_DATA")
    if env:
        return Path(env)
    return _PACKAGE.parent / "data"


def repo_dir() -> Path:
    """The checkout the package runs from (config.toml and models/ live here)."""
    return _PACKAGE.parent
