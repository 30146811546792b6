"""Rules the engine enforces: turn order past the dead, the richest start, shared ranks, gold checks."""

from __future__ import annotations

import pytest

from moderator.errors import SetupError
from moderator.growl.state import GrowlState, Player
from moderator.growl.steps.end import ranking
from moderator.growl.steps.setup import richest
from moderator.i18n import Lang
from tests.growl.helpers import SETUP, new_engine, say


def table(alive: list[bool], gold: list[int] | None = None, seed: int = 0, game: int = 2) -> GrowlState:
    golds = gold or [0] * len(alive)
    players = [Player(seat=i + 1, alive=a, gold=g) for i, (a, g) in enumerate(zip(alive, golds, strict=True))]
    return GrowlState(seed=seed, players=players, game=game)


def test_the_deck_passes_to_the_next_living_player_clockwise() -> None:
    s = table([True, False, False, True, True])
    assert [s.next_living(x) for x in (1, 4, 5)] == [4, 5, 1]
    assert table([False, True, False]).next_living(2) == 2
    assert table([False, False]).next_living(1) is None


def test_the_richest_starts_and_a_tie_is_broken_by_the_seed() -> None:
    assert richest(table([True] * 4, [1, 5, 2, 0])) == (2, [2])
    picks = {richest(table([True] * 4, [3, 1, 3, 3], seed=n))[0] for n in range(30)}
    assert picks == {1, 3, 4}
    once = [richest(table([True] * 4, [3, 1, 3, 3], seed=7, game=g))[0] for g in (2, 2)]
    assert once[0] == once[1]


def test_equal_gold_shares_a_rank() -> None:
    assert ranking(table([True] * 4, [2, 5, 2, 0])) == [(1, 2, 5), (2, 1, 2), (2, 3, 2), (4, 4, 0)]


def end_early(names: list[str]) -> list[str]:
    """Setup, then deaths until two are left: the game is at the growl."""
    deaths = [f"seat {n} dies" for n in range(1, len(names) - 1)]
    return [*SETUP, "seat 1", *deaths]


def test_more_gold_cards_than_the_box_holds_are_refused() -> None:
    g = new_engine(["a", "b", "c", "d"])
    say(g, *end_early(["a", "b", "c", "d"]), "no")
    assert say(g, "13") == ["Not now. There are 12 Gold cards in all; 0 have been counted this game already."]
    assert say(g, "10", "3") == ["Not now. There are 12 Gold cards in all; 10 have been counted this game already."]
    assert g.state.player(1).gold == 11 and g.state.step == "gold" and g.state.seat == 2


def test_a_humans_win_needs_a_living_winner() -> None:
    g = new_engine(["a", "b", "c", "d"])
    say(g, *end_early(["a", "b", "c", "d"]), "no", "1", "lost", "lost")
    errors = say(g, "lost")
    assert errors == ["Not now. If the humans won, at least one living player is a human winner. "
                      "Say 'back' to answer again from the one who was wrong."]
    assert say(g, "0") == [] and g.state.step == "standings"


def test_a_bare_no_at_the_gold_step_is_refused_as_unclear_in_both_languages() -> None:
    """A bare no may mean "my team lost" or "no Gold cards": refused with the way to say each, nothing
    given or lost; then "lost" and "none" each do what they say."""
    games: list[tuple[Lang, list[str], str, str, str]] = [("en", ["a", "b", "c", "d"], "no", "lost", "none"),
                                                          ("ko", ["가", "나", "다", "라"], "아니요", "졌어요", "없음")]
    for lang, names, no, lost, none in games:
        g = new_engine(names, lang=lang)
        say(g, *end_early(names), "아니요" if lang == "ko" else "no")  # the humans win
        before = g.journal.model_dump_json()
        (refusal,) = say(g, no)
        assert ("'lost'" if lang == "en" else "'졌어요'") in refusal and g.journal.model_dump_json() == before
        assert say(g, none, lost) == []
        assert g.state.gained.get(1) == 1 and 2 not in g.state.gained, (lang, g.state.gained)


def test_deaths_at_the_same_moment_can_still_be_reported_at_the_growl() -> None:
    """At the night's checks several players die at once: the first two reports end the game, and
    the others are still told at the growl, without the ending said again."""
    g = new_engine(["a", "b", "c", "d"])
    say(g, *SETUP, "seat 1", "blood hound", "next", "nobody", "next", "seat 1 dies", "seat 2 dies")
    assert g.state.step == "growl" and g.state.ended_at == "checks"
    say(g, "seat 3 dies", "seat 4 dies")
    assert g.state.living() == [] and g.state.step == "growl"
    assert "ends at once" not in g.prompt().text  # the ending is not replayed
    assert say(g, "no") == ["Not now. Nobody is alive, so the humans cannot win."]
    assert say(g, "yes") == [] and g.state.winner == "werewolves"


def test_a_day_death_that_ends_the_game_closes_the_record() -> None:
    """In the day a card kills one player at a time: once a day death has ended the game, no more deaths."""
    g = new_engine(["a", "b", "c", "d"])
    say(g, *end_early(["a", "b", "c", "d"]))
    assert say(g, "seat 3 dies") == ["Not now. This game is over already."]
    assert g.state.player(3).alive


def test_growl_takes_four_to_ten_players() -> None:
    for count in (3, 11):
        with pytest.raises(SetupError, match=f"Growl takes 4 to 10 players, not {count}"):
            new_engine([f"p{i}" for i in range(count)])


def test_dead_players_take_no_turn_and_cannot_die_twice() -> None:
    g = new_engine(["a", "b", "c", "d", "e"])
    say(g, *SETUP, "seat 1", "seat 2 dies")
    assert say(g, "b dies") == ["Not now. b, seat 2 is dead already."]
    say(g, "next")
    assert g.state.turn_seat == 3


def test_an_answer_that_does_not_fit_the_step_is_refused() -> None:
    g = new_engine(["a", "b", "c", "d"])
    say(g, *SETUP)
    assert say(g, "next") == ["Not now. Say the start player's seat or name."]
    errors = say(g, "seat 1", "yes")
    assert errors and errors[0].startswith("I didn't understand. Say one of:")
    assert g.state.step == "turn"


def test_every_prompt_fills_its_slots_in_both_languages() -> None:
    lines = [*SETUP, "seat 2", "next", "caged", "seat 4 dies", "next", "nobody", "next", "next", "the gift",
             "yes", "next", "next", "next", "next", "all hallows eve", "next", "next", "next", "next",
             "no", "1", "lost", "lost", "0", "lost", "yes", *SETUP, "next", "seat 3 dies", "seat 4 dies",
             "seat 5 dies", "yes", "0", "0", "lost", "lost", "lost", "no"]  # fmt: skip
    for lang in ("ko", "en"):
        g = new_engine(["a", "b", "c", "d", "e"] if lang == "en" else ["가", "나", "다", "라", "마"], lang=lang)
        seen: list[str] = []
        for line in lines:
            seen.append(g.prompt().text)
            assert say(g, line) == [], (lang, line, g.state.step)
        seen.append(g.prompt().text)
        assert g.state.step == "evening_over" and g.state.game == 2
        assert not [t for t in seen if "{" in t or "}" in t or not t]


def test_a_refusal_suggests_names_in_the_games_language() -> None:
    games: list[tuple[Lang, list[str], str]] = [("en", ["a", "b", "c", "d"], "'blood hound'"),
                                                 ("ko", ["가", "나", "다", "라"], "'블러드 하운드'")]
    for lang, names, card in games:
        g = new_engine(names, lang=lang)
        say(g, *SETUP, "seat 1")
        (refusal,) = say(g, "flibbertigibbet")
        assert card in refusal, refusal


def test_gold_none_is_a_winner_with_no_gold_cards_and_lost_is_a_loser() -> None:
    games: list[tuple[Lang, list[str], list[str], str]] = [
        ("ko", ["가", "나", "다", "라"], ["없어요", "없음", "0"], "졌어요"),
        ("en", ["a", "b", "c", "d"], ["none", "no gold", "0"], "lost"),
    ]
    for lang, names, none, lost in games:
        g = new_engine(names, lang=lang)
        say(g, *end_early(names), "아니요" if lang == "ko" else "no")  # the humans win
        assert say(g, *none, lost) == []
        assert g.state.gained == {1: 1, 2: 1, 3: 1}, (lang, g.state.gained)


def test_a_negative_gold_count_is_refused() -> None:
    g = new_engine(["a", "b", "c", "d"])
    say(g, *end_early(["a", "b", "c", "d"]), "no")
    assert say(g, "-1") and say(g, "−2") and g.state.gained == {}


def test_a_korean_table_says_its_gold_count_as_it_would() -> None:
    names = ["가", "나", "다", "라"]
    g = new_engine(names, lang="ko")
    say(g, *end_early(names), "아니요")  # the humans win
    assert say(g, "2장이요", "금화 한 장 있어요", "두 개요") == []
    assert g.state.gained == {1: 3, 2: 2, 3: 3}


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_a_shared_rank_and_a_shared_win_are_said_as_such(lang: Lang) -> None:
    """A Korean table says 공동 1위 and 공동 우승 … 금화 N개씩, not "1위 …, 1위 …"."""
    from moderator.growl.data import default_data
    from moderator.growl.steps import STEPS
    from moderator.growl.steps.base import Ctx, View

    def said(view: View) -> str:
        return " ".join(b.text for b in view.beats)

    tied = table([True] * 4, [5, 2, 5, 0]).model_copy(update={"step": "standings", "game": 1})
    standings = said(STEPS["standings"].view(Ctx(tied, default_data(), lang)))
    over = said(STEPS["evening_over"].view(Ctx(tied, default_data(), lang)))
    alone = table([True] * 4, [5, 2, 4, 0]).model_copy(update={"step": "standings", "game": 1})
    single = said(STEPS["standings"].view(Ctx(alone, default_data(), lang)))
    won = said(STEPS["evening_over"].view(Ctx(alone, default_data(), lang)))
    if lang == "ko":
        assert "공동 1위 1번" in standings and "공동 1위 3번" in standings and "2위" not in standings, standings
        assert "공동 3위" not in standings and "3위 2번" in standings and "게임 후 금화 순위" in standings
        assert "공동 우승" in over and "금화 5개씩" in over, over
        assert "공동" not in single and "1위 1번" in single and "최종 우승" in won and "개씩" not in won
    else:
        assert "1. seat 1: 5 gold; 1. seat 3: 5 gold; 3. seat 2: 2 gold" in standings, standings
        assert "The winners:" in over and "5 gold each" in over, over
        assert "The winner:" in won and "each" not in won
