"""Replays every golden Growl playthrough in tests/growl/playthroughs/."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.growl.playthrough import HERE, check, check_transcript, load, run

FILES = sorted(HERE.rglob("*.yaml"))


def test_there_are_the_six_playthroughs() -> None:
    assert {p.stem for p in FILES} >= {
        "four_players", "nine_players_sniff", "ended_early", "all_hallows_eve_nobody_dead", "gift_unmet",
        "three_game_evening",
    }  # fmt: skip


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_playthrough(path: Path, request: pytest.FixtureRequest) -> None:
    pt = load(path)
    if pt.known_fault:
        request.node.add_marker(pytest.mark.xfail(reason=pt.known_fault, strict=True))
    check(pt, run(pt))
    check_transcript(pt)
