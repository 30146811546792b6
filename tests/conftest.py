"""Test-wide settings.

- The user's folders (settings, saves, caches) are a temporary folder for the whole run, so the
  tests never read or write the real ones: XDG_CONFIG_HOME, XDG_DATA_HOME and XDG_STATE_HOME point
  there (the speech model view and rendered prompts keep their cache, MODERATOR_CACHE_DIR or
  XDG_CACHE_HOME, unless unset).
- Fresh processes (``python -m moderator …`` from another folder) import this checkout's moderator
  (PYTHONPATH), not whichever one the environment has installed.
- ``@pytest.mark.shared``: a test that reads ../shared (the seed texts, the real recordings). The
  app never needs it; when it is absent, such a test skips with one line saying so. A test that
  uses the ``seeds_dir`` or ``speech_dir`` fixture is marked automatically.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("MODERATOR_SHARED", REPO.parent / "shared"))
SHARED_FIXTURES = {"seeds_dir", "speech_dir"}

_HOME = Path(tempfile.mkdtemp(prefix="moderator-tests-home-"))
atexit.register(shutil.rmtree, _HOME, ignore_errors=True)  # each process (and xdist worker) its own, gone at exit
for _var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
    os.environ[_var] = str(_HOME / _var.lower())
os.environ["PYTHONPATH"] = os.pathsep.join([str(REPO), *filter(None, [os.environ.get("PYTHONPATH")])])


def shared_reason() -> str:
    return f"needs ../shared (seed texts, real recordings), which is not beside the repository ({SHARED})"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "shared: reads ../shared (seeds, real recordings); skips when it is absent")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    present = SHARED.is_dir()
    for item in items:
        if SHARED_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.shared)
        if not present and item.get_closest_marker("shared"):
            item.add_marker(pytest.mark.skip(reason=shared_reason()))


@pytest.fixture(scope="session")
def seeds_dir() -> Path:
    """../shared/seeds: the Korean source documents."""
    return SHARED / "seeds"


@pytest.fixture(scope="session")
def speech_dir() -> Path:
    """../shared/speech: real recordings (see SOURCES.md in each folder)."""
    return SHARED / "speech"


@pytest.fixture(autouse=True)
def _english_command_line_between_tests() -> Iterator[None]:
    """``main()`` sets the command line's language for the rest of its process (the settings' language,
    Korean by default); a test run is one process, so each test starts from the module's own default."""
    from moderator.messages import lang, set_lang

    if lang() != "en":
        set_lang("en")
    yield
