"""The catalogue as the app uses it: read (pass one) and cross-checked against the code's registries
of effects, conditions and triggers (pass two). This sits above the registries, so the catalogue
itself imports none of them."""

from __future__ import annotations

from pathlib import Path

from moderator.clocktower.rules.catalogue import Catalogue, read_catalogue
from moderator.clocktower.rules.crossref import check_characters
from moderator.clocktower.rules.problems import Problems
from moderator.paths import data_dir


def load_catalogue(root: Path | None = None, problems: Problems | None = None) -> Catalogue:
    """Load the catalogue from ``root`` (default: data/).

    With ``problems`` given, every problem is collected there and whatever loads is returned.
    Without it, the first problems are raised together.

    Raises:
        DataError: the data does not load or does not agree with itself (only without ``problems``).
    """
    own = problems is None
    problems = problems if problems is not None else Problems()
    catalogue, files = read_catalogue(root, problems)
    check_characters(catalogue, files, problems)
    if own:
        problems.raise_if_any()
    return catalogue


_CACHE: dict[Path, Catalogue] = {}


def default_catalogue() -> Catalogue:
    """The catalogue from data/, loaded once per process."""
    root = data_dir().resolve()
    if root not in _CACHE:
        _CACHE[root] = load_catalogue(root)
    return _CACHE[root]
