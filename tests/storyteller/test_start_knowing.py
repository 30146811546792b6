"""Experimental Townsfolk who start knowing players, from their rule texts (issue 26):

- Steward: "You start knowing 1 good player."
- Knight: "You start knowing 2 players that are not the Demon."
- Noble: "You start knowing 3 players, 1 and only 1 of which is evil."

The app proposes players as everyone truly is; any other true answer is taken (with the Know tokens by the
players shown), an untrue one to a sober player is refused, and a drunk or poisoned one may be given anything.
"""

from __future__ import annotations

from tests.storyteller.helpers import Game
from tests.tables import make_table

ASSIGN = ["imp", "poisoner", "steward", "knight", "noble", "chef", "soldier"]  # seats 1-7; evil: 1, 2


def _game() -> Game:
    return Game(make_table("trouble-brewing", list("abcdefg"), ASSIGN, add=["steward", "knight", "noble"]))


def _know(game: Game, source: str) -> list[int]:
    return [p.seat for p in game.g.players if p.has_reminder("Know", source)]


def test_the_steward_is_shown_a_good_player_any_good_player() -> None:
    game = _game()
    game.to("steward")
    truth = game.prompt.truth
    assert isinstance(truth, int) and truth != 3 and game.player(truth).alignment == "good"
    assert "true" in game.refused("showed seat 1")  # the Imp, to a sober Steward
    game.say("showed seat 7")  # another good player: true too
    assert _know(game, "steward") == [7]


def test_the_knight_is_shown_two_players_who_are_not_the_demon() -> None:
    game = _game()
    game.to("knight")
    truth = game.prompt.truth
    assert isinstance(truth, list) and len(truth) == 2 and 1 not in truth and 4 not in truth
    assert "true" in game.refused("showed seat 1 and seat 5")  # the Imp is one of them
    game.say("showed seat 2 and seat 5")  # a Minion may be shown: it is not the Demon
    assert _know(game, "knight") == [2, 5]


def test_the_noble_is_shown_three_players_exactly_one_evil() -> None:
    game = _game()
    game.to("noble")
    truth = game.prompt.truth
    assert isinstance(truth, list) and len(truth) == 3 and 5 not in truth
    assert sum(game.player(s).alignment == "evil" for s in truth) == 1
    assert "true" in game.refused("showed seat 1 and seat 2 and seat 6")  # two evil
    game.say("showed seat 2 and seat 6 and seat 7")
    assert _know(game, "noble") == [2, 6, 7]


def test_a_poisoned_noble_may_be_shown_anything() -> None:
    game = _game()
    game.edit("seat 5 is poisoned")
    game.to("noble")
    game.say("showed seat 1 and seat 2 and seat 6")
    assert _know(game, "noble") == [1, 2, 6]
