"""Focused checks of rules the carousel golden playthroughs reach only once: the storyteller's judgement
recorded at the High Priestess's and the General's steps, the Riot's nominee nominating though dead, the
storyteller nominated only with the Atheist on the script, and a poisoned Heretic who swaps nothing. Each runs
through the command line like a golden playthrough (tests/test_audit26.py's run and check)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.test_audit26 import check, run

NIGHT_ONE = ["next", "next", "next"]
"""Dusk, the Minion info and the Demon info."""


def _play(sc: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[list[Any], Any]:
    prompts, state = run(sc, tmp_path, capsys)
    fails = check(sc, prompts, state)
    assert not fails, "; ".join(fails)
    return prompts, state


def test_the_judgement_shown_is_remembered(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sc = {"assign": "imp,poisoner,highpriestess,general,monk,soldier,virgin", "add": "highpriestess,general",
          "input": [*NIGHT_ONE, "seat 6", "seat 5", "good", "next"], "expect": {"phase": ["day", 1, 1]}}  # fmt: skip
    _, state = _play(sc, tmp_path, capsys)
    assert state["memory"]["shown:n1:highpriestess:3:0"] == "5"
    assert state["memory"]["shown:n1:general:4:0"] == '"good"'


def test_the_riot_nominee_nominates_though_dead(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    to_day_three = [*NIGHT_ONE, "seat 7", "next", "next", "next", "next", "end day", *["next"] * 10, "end day",
                    *["next"] * 10]  # fmt: skip
    sc = {"assign": "riot,poisoner,chef,empath,monk,washerwoman,virgin", "add": "riot",
          "input": [*to_day_three, "seat 4 nominates seat 5", "seat 5 nominates seat 3", "seat 6 nominates seat 5"],
          "expect": {"phase": ["day", 3, 3], "dead": [3, 5], "alive": [4, 6], "character": {2: "riot"}}}  # fmt: skip
    prompts, _ = _play(sc, tmp_path, capsys)
    assert "already" in (prompts[-1].get("error") or "")  # seat 5 was nominated today: once a day still


def test_the_storyteller_is_nominated_only_with_the_atheist_on_script(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sc = {"assign": "imp,poisoner,chef,empath,monk,washerwoman,virgin",
          "input": [*NIGHT_ONE, "seat 7", "next", "next", "next", "next", "next", "seat 2 nominates the storyteller"],
          "expect": {"phase": ["day", 1, 1], "winner": None}}  # fmt: skip
    prompts, _ = _play(sc, tmp_path, capsys)
    assert "Atheist" in (prompts[-1].get("error") or "")


def test_a_poisoned_heretic_swaps_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sc = {"assign": "imp,poisoner,heretic,chef,empath,monk,washerwoman", "add": "heretic",
          "input": [*NIGHT_ONE, "seat 3", "next", "next", "next", "next", "seat 4 nominates seat 1", "4 votes",
                    "end day"],
          "expect": {"dead": [1], "winner": "good"}}  # fmt: skip
    _play(sc, tmp_path, capsys)
