"""The Leviathan's and the Riot's jinxes, as the official release data has them (ThePandemoniumInstitute/botc-release,
resources/data/jinxes.json):

- with the Soldier, the Monk, the Innkeeper and the Exorcist: "If the Leviathan nominates and executes the Soldier
  [the Monk-protected player, an Innkeeper-protected player, the Exorcist-chosen player], good wins." Another
  nominator, or a drunk protector, and the execution is a plain one;
- with the Banshee, the Farmer, the Ravenkeeper and the Sage: "Each night*, the Leviathan chooses an alive good
  player (different to previous nights): a chosen Banshee dies & gains their ability" (the others: "uses their
  ability but does not die")."""

from __future__ import annotations

import pytest

from moderator.clocktower.rules import keys
from moderator.i18n import Lang
from tests.storyteller.helpers import Game
from tests.storyteller.test_experimental_evil import _night
from tests.tables import make_table

SEVEN = list("abcdefg")


def _game(*assign: str, lang: Lang = "en") -> Game:
    extra = [c for c in assign if c not in {"imp", "poisoner", "monk", "empath", "chef", "soldier", "butler"}]
    return Game(make_table("trouble-brewing", SEVEN, list(assign), add=extra, lang=lang), lang)


def test_the_leviathan_executing_the_soldier_it_nominated_is_goods_win() -> None:
    game = _game("leviathan", "poisoner", "soldier", "empath", "chef", "monk", "butler")
    _night(game, {"poisoner": "seat 5"})
    game.say("seat 1 nominates seat 3", "5 votes", "end day")
    assert not game.player(3).alive
    assert (game.g.winner, game.g.won_by) == ("good", "soldier")


def test_another_nominator_executing_the_soldier_is_a_plain_execution() -> None:
    game = _game("leviathan", "poisoner", "soldier", "empath", "chef", "monk", "butler")
    _night(game, {"poisoner": "seat 5"})
    game.say("seat 4 nominates seat 3", "5 votes", "end day")
    assert not game.player(3).alive and game.g.winner is None


def test_a_poisoned_soldier_executed_is_no_win() -> None:
    game = _game("leviathan", "poisoner", "soldier", "empath", "chef", "monk", "butler")
    _night(game, {"poisoner": "seat 3"})
    game.say("seat 1 nominates seat 3", "5 votes", "end day")
    assert not game.player(3).alive and game.g.winner is None


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_innkeepers_two_protected_players_each_count(lang: Lang) -> None:
    game = _game("leviathan", "poisoner", "innkeeper", "empath", "chef", "monk", "butler", lang=lang)
    _night(game, {"poisoner": "seat 7"})
    game.say("end day" if lang == "en" else "낮 끝")
    _night(game, {"innkeeper": "seat 4 and seat 5" if lang == "en" else "4번 5번", "poisoner": "seat 7"})
    assert game.g.day == 2
    game.say("seat 1 nominates seat 5" if lang == "en" else "1번이 5번 지명", "5 votes" if lang == "en" else "5표",
             "end day" if lang == "en" else "낮 끝")  # fmt: skip
    assert (game.g.winner, game.g.won_by) == ("good", "innkeeper")


def test_the_exorcists_choice_nominated_by_a_riot_on_day_three_is_goods_win() -> None:
    game = _game("riot", "poisoner", "exorcist", "empath", "chef", "monk", "butler")
    for chosen in ("seat 5", "seat 4"):  # the Exorcist may not choose the same player two nights running
        _night(game, {"poisoner": "seat 7", "exorcist": chosen})
        game.say("end day")
    _night(game, {"poisoner": "seat 7", "exorcist": "seat 6"})
    assert game.g.day == 3 and game.player(2).character == "riot"
    game.say("seat 2 nominates seat 6")
    assert not game.player(6).alive
    assert (game.g.winner, game.g.won_by) == ("good", "exorcist")


def _to_night_two(game: Game, **first: str) -> list[str]:
    _night(game, first)
    game.say("end day")
    seen: list[str] = []
    while game.prompt.step not in ("leviathan", "day", "over"):
        seen.append(game.prompt.step)
        game.say(first.get(game.prompt.step, "next"))
    return seen


def test_the_leviathan_chooses_the_ravenkeeper_who_wakes_and_lives() -> None:
    game = _game("leviathan", "poisoner", "ravenkeeper", "empath", "chef", "monk", "butler")
    seen = _to_night_two(game, poisoner="seat 6", monk="seat 4", butler="seat 4")
    assert "ravenkeeper" not in seen and game.prompt.expects == ["seat"]
    game.say("seat 3")
    assert game.prompt.step == "ravenkeeper" and game.prompt.seat == 3  # woken out of order, for the jinx
    game.say("seat 2")
    assert game.player(3).alive and game.prompt.truth == "poisoner"
    game.say("next")
    # back to the rest of the line it left: the Leviathan's Day reminder, then dawn
    assert (game.prompt.step, game.prompt.expects) == ("leviathan", ["confirm"])


def test_a_choice_is_never_the_same_twice_and_a_chosen_banshee_dies_with_its_ability() -> None:
    game = _game("leviathan", "poisoner", "banshee", "empath", "chef", "monk", "butler")
    _to_night_two(game, poisoner="seat 6", monk="seat 4", butler="seat 4")
    game.say("seat 5")  # the Chef: nothing happens
    assert game.player(5).alive
    while game.prompt.step not in ("day", "over"):
        game.say("next")
    game.say("end day")
    while game.prompt.step not in ("leviathan", "day", "over"):
        game.say({"poisoner": "seat 6", "monk": "seat 4", "butler": "seat 4"}.get(game.prompt.step, "next"))
    _, error = game.loop.step("seat 5")
    assert error is not None and "earlier night" in error
    game.say("seat 3")
    assert not game.player(3).alive and game.prompt.step == "banshee"  # killed as the Demon kills: it wakes
    game.say("next")
    assert "banshee:Has Ability" in game.tokens(3)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_sage_chosen_learns_and_lives(lang: Lang) -> None:
    game = _game("leviathan", "poisoner", "sage", "empath", "chef", "monk", "butler", lang=lang)
    _to_night_two(game, poisoner="seat 6", monk="seat 4", butler="seat 4")
    reply = game.say("seat 3" if lang == "en" else "3번")
    assert ("징크스" if lang == "ko" else "jinx") in " ".join(reply.say)
    assert game.prompt.step == "sage" and game.player(3).alive
    assert game.prompt.truth == 1  # the Demon's seat


def test_without_a_jinxed_character_in_play_the_leviathan_sleeps() -> None:
    game = _game("leviathan", "poisoner", "soldier", "empath", "chef", "monk", "butler")
    seen = _to_night_two(game, poisoner="seat 6", monk="seat 4", butler="seat 4")
    assert game.prompt.step == "leviathan" and game.prompt.expects == ["confirm"]
    assert "leviathan" not in seen


def test_the_leviathan_chooses_only_a_good_player() -> None:
    """"Chooses an alive good player": the Poisoner (or the Demon itself) is refused, the Recluse (who may
    register as evil, and is good) is taken."""
    game = _game("leviathan", "poisoner", "farmer", "empath", "chef", "monk", "recluse")
    _to_night_two(game, poisoner="seat 6", monk="seat 4")
    assert game.prompt.step == "leviathan" and game.prompt.expects == ["seat"]
    for evil in ("seat 2", "seat 1"):
        _, error = game.loop.step(evil)
        assert error is not None and "good player" in error
    assert game.prompt.step == "leviathan" and keys.jinx_pick(2) not in game.g.memory
    game.say("seat 7")
    assert game.player(7).alive and game.g.memory[keys.jinx_pick(2)] == "7"
