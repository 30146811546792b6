"""What an outside audit of Korean Growl evenings found (audit 44, written from the rulebook and the docs
only): a "네" at a step where a seat is a death, a loser's "저 졌어요", symbols in what the table hears, and
everyday Korean at each step."""

from __future__ import annotations

import io

import pytest

from moderator.growl.engine import Growl
from moderator.growl.frontend import GrowlLoop
from tests.growl.helpers import new_engine, say

KO = ["민수", "지영", "철수", "영희"]
SETUP = ["다음"] * 5


def at(*lines: str) -> Growl:
    game = new_engine(KO, lang="ko")
    assert not say(game, *SETUP, *lines)
    return game


@pytest.mark.parametrize("before", [["1번", "블러드 하운드", "다음"], ["1번", "블러드 하운드", "다음", "없음", "다음"]])
def test_a_yes_twice_where_a_seat_is_a_death_kills_nobody(before: list[str]) -> None:
    """Before the passing and at the checks a bare seat is a death: "네" (yes, or four?) is not read back as
    seat 4 there, where a second "네" would have killed seat 4; it is refused, saying how to report one."""
    game = at(*before)
    assert game.state.step in ("cannot_give", "checks")
    loop = GrowlLoop(game, "ko", io.StringIO(), pace=0)
    for _ in range(2):
        _, error = loop.step("네")
        assert error is not None and "4번 사망" in error, error
    assert all(p.alive for p in game.state.players)


def test_a_bare_native_number_is_still_a_seat_there() -> None:
    game = at("1번", "블러드 하운드", "다음")
    assert not say(game, "넷")
    assert not game.state.player(4).alive


def at_gold() -> Growl:
    nights = ["1번", "블러드 하운드", "다음", "없음", "다음", "다음", "최면", "다음", "없음", "다음", "다음",
              "숙청", "다음", "없음", "다음", "다음"]  # fmt: skip
    game = at(*nights, "아니요")  # the humans win: seat 1 may be on the losing team
    assert game.state.step == "gold" and game.state.winner == "humans"
    return game


@pytest.mark.parametrize("line", ["저 졌어요", "우리 졌어", "난 졌어", "졌다", "우리 팀 졌어"])
def test_a_loser_said_with_words_around_it_gains_nothing(line: str) -> None:
    game = at_gold()
    seat = game.state.seat or 1
    assert not say(game, line)
    assert game.state.gained.get(seat, 0) == 0


def test_not_lost_is_not_lost() -> None:
    from moderator.commands.parse import Command
    from moderator.growl.data import default_data
    from moderator.growl.steps.end import said_lost

    data = default_data()
    assert said_lost(data, Command("no", text="저 졌어요")) and said_lost(data, Command("no", text="lost, sorry"))
    assert not said_lost(data, Command("no", text="안 졌어")) and not said_lost(data, Command("no", text="없어요"))


@pytest.mark.parametrize("count", [4, 5, 6, 7, 8])
def test_the_card_marks_reach_the_table_as_words(count: int) -> None:
    """"6+ / 9+" is how the cards are marked; the table hears "6인 이상과 9인 이상", no symbol."""
    for lang in ("ko", "en"):
        game = new_engine([""] * count, lang=lang)
        said = []
        for _ in range(3):
            said.append(" ".join(b.text for b in game.prompt().beats))
            say(game, "다음" if lang == "ko" else "next")
        text = " ".join(said)
        assert "+" not in text and "/" not in text, text


@pytest.mark.parametrize(("lines", "check"), [
    (["영희부터"], "turn4"), (["4번부터"], "turn4"), (["영희가 시작해요"], "turn4"),
    (["1번", "내 차례 끝"], "turn2"), (["1번", "턴 끝"], "turn2"), (["1번", "넘길게요"], "turn2"),
    (["1번", "다음 차례"], "turn2"), (["1번", "철수 죽었대"], "dead3")])  # fmt: skip
def test_everyday_korean_at_each_turn(lines: list[str], check: str) -> None:
    game = at(*lines)
    if check.startswith("turn"):
        assert game.state.turn_seat == int(check[-1])
    else:
        assert not game.state.player(int(check[-1])).alive


@pytest.mark.parametrize("line", ["아무도 안 죽었어", "다 살았어", "죽은 사람 없어", "아무도"])
def test_nobody_died_in_everyday_korean(line: str) -> None:
    game = at("1번", "블러드 하운드", "다음")
    assert game.state.step == "cannot_give"
    assert not say(game, line)
    assert game.state.step != "cannot_give" and all(p.alive for p in game.state.players)


@pytest.mark.parametrize(("line", "winner"), [("다들 으르렁댔어", "werewolves"), ("늑대 승리", "werewolves"),
                                              ("한 명 안 했어", "humans"), ("인간 승리", "humans")])  # fmt: skip
def test_the_growl_in_everyday_korean(line: str, winner: str) -> None:
    nights = ["1번", "블러드 하운드", "다음", "없음", "다음", "다음", "최면", "다음", "없음", "다음", "다음",
              "숙청", "다음", "없음", "다음", "다음"]  # fmt: skip
    game = at(*nights)
    assert game.state.step == "growl"
    assert not say(game, line)
    assert game.state.winner == winner
