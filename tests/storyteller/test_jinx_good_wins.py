"""The Leviathan's and the Riot's jinxes with the Soldier, the Monk, the Innkeeper and the Exorcist, as the
official release data has them (ThePandemoniumInstitute/botc-release, resources/data/jinxes.json): "If the
Leviathan nominates and executes the Soldier [the Monk-protected player, an Innkeeper-protected player, the
Exorcist-chosen player], good wins." Another nominator, or a drunk protector, and the execution is a plain one."""

from __future__ import annotations

import pytest

from moderator.i18n import Lang
from tests.storyteller.helpers import Game
from tests.storyteller.test_experimental_evil import _night
from tests.tables import make_table

SEVEN = list("abcdefg")


def _game(*assign: str, lang: Lang = "en") -> Game:
    extra = [c for c in assign if c not in {"imp", "poisoner", "monk", "empath", "chef", "soldier", "butler"}]
    return Game(make_table("trouble-brewing", SEVEN, list(assign), add=extra, lang=lang))


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
