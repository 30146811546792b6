"""Replays every golden playthrough in tests/playthroughs/."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.playthrough import HERE, check, load, run

FILES = sorted(HERE.rglob("*.yaml"))


def test_there_are_playthroughs() -> None:
    assert len(FILES) >= 1


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_playthrough(path: Path) -> None:
    pt = load(path)
    check(pt, run(pt))
