"""The public guess some jinxes allow after each execution (the Alchemist-Spy guessing the Spy), run as a
storyteller types it: refused before any execution, of a dead player, and twice after one execution; right,
the Demon's step says whom it must choose."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_audit29 import check

SCRIPT = Path(__file__).parents[1] / "audit29" / "v" / "jx.json"
NIGHT_ONE = ["next"] * 8


def _scenario(say: list[str], expect: dict[str, object]) -> dict[str, object]:
    return {"name": "jinx guess", "script": str(SCRIPT), "lang": "en", "players": list("abcdefg"),
            "assign": ["imp", "alchemist", "chef", "empath", "spy", "soldier", "monk"],
            "decide": {"alchemist_ability": "spy"}, "seed": 0, "say": say, "expect": expect}  # fmt: skip


@pytest.mark.parametrize(
    ("say", "refusal"),
    [
        ([*NIGHT_ONE, "seat 2 guesses seat 5"], "only after an execution"),
        ([*NIGHT_ONE, "seat 3 nominates seat 4", "5 votes", "end day", "seat 2 guesses seat 4"], "is dead"),
        ([*NIGHT_ONE, "seat 3 nominates seat 4", "5 votes", "end day", "seat 2 guesses seat 6",
          "seat 2 guesses seat 5"], "guessed already"),
        ([*NIGHT_ONE, "seat 3 nominates seat 4", "5 votes", "end day", "seat 5 guesses seat 2"], "no public guess"),
    ],
)
def test_a_guess_is_refused_when_the_jinx_does_not_allow_it(say: list[str], refusal: str, tmp_path: Path) -> None:
    fails = check(_scenario(say, {"errors": 1, "prompts": [{"error_contains": refusal}]}), tmp_path)
    assert not fails, fails


def test_a_right_guess_binds_the_demon_and_a_wrong_one_does_not(tmp_path: Path) -> None:
    executed = [*NIGHT_ONE, "seat 3 nominates seat 4", "5 votes", "end day"]
    right = _scenario([*executed, "seat 2 guesses seat 5", "next", "next", "next"],
                      {"errors": 0, "prompts": [{"step": "imp", "night": 2, "text_contains": "must choose seat 5"}]})
    (tmp_path / "right").mkdir()
    assert not check(right, tmp_path / "right")
    wrong = _scenario([*executed, "seat 2 guesses seat 6", "next", "next", "next"],
                      {"errors": 0, "never": [{"step": "imp", "text_contains": "must choose"}],
                       "prompts": [{"step": "imp", "night": 2}]})  # fmt: skip
    (tmp_path / "wrong").mkdir()
    assert not check(wrong, tmp_path / "wrong")
