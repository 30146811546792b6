"""Timed lines: the sniff, the passing countdown and the growl wait as data says, scaled by --pace."""

from __future__ import annotations

import io

from moderator.growl.frontend import GrowlLoop
from tests.growl.helpers import SETUP, new_engine, say

EIGHT = ["a", "b", "c", "d", "e", "f", "g", "h"]


class FakeSleep:
    """Records the waits instead of sleeping."""

    def __init__(self) -> None:
        self.waits: list[float] = []

    def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)


def test_the_sniff_waits_as_pacing_yaml_says() -> None:
    g = new_engine(EIGHT)
    say(g, *SETUP)
    assert g.state.step == "sniff"
    sleep, out = FakeSleep(), io.StringIO()
    GrowlLoop(g, "en", out, pace=1.0, sleep=sleep).emit(g.prompt())
    assert sleep.waits == [3, 8, 3]
    assert out.getvalue().splitlines()[1:5] == [
        "[table] Everyone, close your eyes.",
        "[table] Werewolves, quietly open your eyes and look at each other.",
        "[table] Werewolves, close your eyes.",
        "[table] Everyone, open your eyes.",
    ]


def test_pace_scales_and_zero_or_json_lines_never_wait() -> None:
    g = new_engine(EIGHT)
    say(g, *SETUP)
    for pace, jsonl, waits in ((0.5, False, [1.5, 4, 1.5]), (0, False, []), (1.0, True, [])):
        sleep = FakeSleep()
        GrowlLoop(g, "en", io.StringIO(), jsonl=jsonl, pace=pace, sleep=sleep).emit(g.prompt())
        assert sleep.waits == waits


def test_under_eight_players_there_is_no_sniff() -> None:
    g = new_engine(EIGHT[:7])
    say(g, *SETUP)
    assert g.state.step == "start_player"


def test_the_passing_counts_down_the_last_seconds() -> None:
    g = new_engine(["a", "b", "c", "d"])
    say(g, *SETUP, "seat 1", "insomnia", "next", "nobody")
    assert g.state.step == "passing"
    sleep, out = FakeSleep(), io.StringIO()
    GrowlLoop(g, "ko", out, sleep=sleep).emit(g.prompt())
    assert sleep.waits == [15, 1, 1, 1, 1, 1]
    assert [x.removeprefix("[table] ") for x in out.getvalue().splitlines()[1:6]] == ["5", "4", "3", "2", "1"]


def test_a_refused_answer_repeats_only_the_question_without_waiting() -> None:
    g = new_engine(["a", "b", "c", "d"])
    say(g, *SETUP, "seat 1", "seat 2 dies", "seat 3 dies")
    assert g.state.step == "growl"
    sleep, out = FakeSleep(), io.StringIO()
    loop = GrowlLoop(g, "en", out, sleep=sleep)
    reply, error = loop.step("next")
    loop.emit(g.prompt(), reply, error)
    assert sleep.waits == []
    assert out.getvalue().splitlines() == [
        "! Not now. Please answer yes or no.",
        "[table] Did every living player growl? Answer yes or no.",
    ]
