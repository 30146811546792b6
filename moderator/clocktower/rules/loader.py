"""The catalogue as the app uses it: read (pass one) and cross-checked against the code's registries
of effects, conditions and triggers (pass two). This sits above the registries, so the catalogue
itself imports none of them."""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import tempfile
from pathlib import Path

from moderator import __version__
from moderator.clocktower.rules.catalogue import Catalogue, read_catalogue
from moderator.clocktower.rules.problems import Problems
from moderator.paths import cache_dir, data_dir


def load_catalogue(root: Path | None = None, problems: Problems | None = None) -> Catalogue:
    """Load the catalogue from ``root`` (default: data/).

    With ``problems`` given, every problem is collected there and whatever loads is returned.
    Without it, the first problems are raised together.

    Raises:
        DataError: the data does not load or does not agree with itself (only without ``problems``).
    """
    from moderator.clocktower.rules.crossref import check_characters  # every effect module: not on a cached start

    own = problems is None
    problems = problems if problems is not None else Problems()
    catalogue, files = read_catalogue(root, problems)
    check_characters(catalogue, files, problems)
    if own:
        problems.raise_if_any()
    return catalogue


_CACHE: dict[Path, Catalogue] = {}

RULES = Path(__file__).resolve().parent
"""The rules' code: its effects, conditions and triggers are what pass two checks the data against."""


def default_catalogue() -> Catalogue:
    """The catalogue from data/, loaded once per process, and from the disk cache when neither the data
    nor the rules' code changed since it was last checked (issue 26: start-up does not grow with the
    catalogue; reading 181 character files costs far more than one cached file)."""
    root = data_dir().resolve()
    if root not in _CACHE:
        _CACHE[root] = _cached(root)
    return _CACHE[root]


def data_key(root: Path) -> str:
    """A hash of everything a checked catalogue depends on: the data files it reads, the rules' code and
    the app's version."""
    digest = hashlib.sha256(__version__.encode())
    files = [*sorted((root / "characters").glob("*.yaml")), *sorted((root / "reference").glob("*.json")),
             root / "names.yaml", *sorted(RULES.rglob("*.py"))]  # fmt: skip
    for path in files:
        digest.update(path.name.encode())
        with contextlib.suppress(OSError):
            digest.update(path.read_bytes())
    return digest.hexdigest()[:32]


def _cached(root: Path) -> Catalogue:
    """The checked catalogue of ``root``, from the cache when its key matches, else loaded and stored (a
    cache that cannot be read or written is only slower)."""
    folder = cache_dir() / "catalogue"
    path = folder / f"{data_key(root)}.pickle"
    with contextlib.suppress(Exception):  # absent, damaged, or from another Python: load it anew
        with path.open("rb") as f:
            found = pickle.load(f)
        if isinstance(found, Catalogue):
            return found
    catalogue = load_catalogue(root)
    with contextlib.suppress(OSError, pickle.PicklingError):
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob("*.pickle"):  # one version kept
            old.unlink(missing_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            pickle.dump(catalogue, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
    return catalogue
