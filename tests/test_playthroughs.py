"""Replays every golden playthrough in tests/playthroughs/."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.playthrough import HERE, check, load, run

FILES = sorted(HERE.rglob("*.yaml"))


def test_there_are_playthroughs() -> None:
    assert len(FILES) >= 1


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_playthrough(path: Path, request: pytest.FixtureRequest) -> None:
    pt = load(path)
    if pt.known_fault:  # shown by an independent audit, not fixed yet: it must fail until it is
        request.node.add_marker(pytest.mark.xfail(reason=pt.known_fault, strict=True))
    check(pt, run(pt))
