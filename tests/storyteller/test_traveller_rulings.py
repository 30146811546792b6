"""The Travellers' rulings the golden playthroughs (tests/golden/travellers) pin only in part, from the rule
texts:

- Matron: "Each day, you may choose up to 3 sets of 2 players to swap seats."
- Beggar: "You must use a vote token to vote. If a dead player gives you theirs, you learn their alignment."
- Butcher: "Each day, after the 1st execution, you may nominate again."
- Deviant: "If you were funny today, you cannot die by exile."
- Bishop: "At least 1 opposing player must be nominated each day."
- Travellers are outside the character split of the table.
"""

from __future__ import annotations

import pytest

from moderator.clocktower.rules import keys
from moderator.clocktower.rules.bag import count_problems
from tests.storyteller.helpers import Game
from tests.tables import make_table

SEVEN = ["imp", "baron", "soldier", "slayer", "ravenkeeper", "undertaker", "monk"]


def _day_with(traveller: str) -> Game:
    """Trouble Brewing with a good ``traveller`` in seat 8, on the first day."""
    game = Game(make_table("trouble-brewing", list("abcdefgh"), [*SEVEN, traveller], add=[traveller]))
    game.to("day")
    return game


def test_a_traveller_is_outside_the_split() -> None:
    game = Game(make_table("trouble-brewing", list("abcdefgh"), ["imp", "poisoner", "chef", "empath", "monk",
                                                                 "slayer", "soldier", "gunslinger"],
                           add=["gunslinger"]))  # fmt: skip
    assert count_problems(game.g, game.table.cat) == []  # seven players: 5 Townsfolk, 1 Minion, 1 Demon


def test_the_matrons_swap_moves_the_players_and_what_names_their_seats() -> None:
    game = _day_with("matron")
    game.say("seat 4 nominates seat 2", "0 votes")  # remembered about seat 4: it moves with the player
    game.edit("seat 4 dies")
    game.edit("swap seat 4 and seat 7")
    assert (game.player(4).name, game.player(4).character, game.player(4).alive) == ("g", "monk", True)
    assert (game.player(7).name, game.player(7).character, game.player(7).alive) == ("d", "slayer", False)
    assert game.g.memory[keys.nominators(1)] == "7" and game.g.today.nominators == [7]
    assert game.player(7).ghost_vote


def test_the_matrons_swaps_stop_at_three_and_a_dead_matron_swaps_characters() -> None:
    game = _day_with("matron")
    game.say("seat 8 uses their ability on seat 1 and seat 2", "swap seat 3 and seat 4", "swap seat 5 and seat 6")
    assert "3 swaps" in game.refused("swap seat 1 and seat 2")
    game.edit("seat 8 dies")
    game.edit("swap seat 1 and seat 3")  # no Matron at work: the characters change hands, the players stay
    assert (game.player(1).name, game.player(1).character) == ("b", "slayer")


def test_the_beggar_votes_with_a_given_token_once() -> None:
    game = _day_with("beggar")
    game.edit("seat 5 dies")
    reply = game.say("seat 5 uses their ability on seat 8")
    assert "seat 5 is good" in " ".join(reply.say)
    assert not game.player(5).ghost_vote
    assert "no ghost vote" in game.refused("seat 5 uses their ability on seat 8")
    game.say("seat 1 nominates seat 2", "seat 8 and seat 3 voted")
    assert game.g.today.votes[2] == 2  # the token spent
    game.say("seat 3 nominates seat 4", "seat 8 and seat 3 voted")
    assert game.g.today.votes[4] == 1  # none left: the Beggar's hand is not counted


def test_the_butcher_nominates_once_more_after_the_execution_only() -> None:
    game = _day_with("butcher")
    game.say("seat 8 nominates seat 5", "6 votes")
    assert "nominated" in game.refused("seat 8 nominates seat 4")  # before the execution: once a day
    game.say("seat 5 is executed", "seat 8 nominates seat 4", "0 votes")
    assert "executed" in game.refused("seat 8 nominates seat 3")  # the extra nomination is spent
    assert "executed" in game.refused("seat 2 nominates seat 3")  # nobody else nominates after it


def test_a_drunk_deviant_dies_by_exile_though_funny() -> None:
    game = _day_with("deviant")
    game.edit("seat 8 is drunk")
    game.say("seat 8 uses ability", "seat 3 calls for the exile of seat 8", "6 votes")
    assert not game.player(8).alive


def test_the_day_reminds_the_storyteller_to_say_when_the_deviant_was_funny() -> None:
    # audit w42: whether the Deviant was funny is the storyteller's to judge; the open day says how to tell the app
    game = _day_with("deviant")
    assert "funny" in game.prompt.text and "seat 8 uses their ability" in game.prompt.text
    game.say("seat 8 uses their ability", "seat 3 calls for the exile of seat 8", "6 votes")
    assert game.player(8).alive and "funny" not in game.prompt.text  # said: the note goes


def test_a_poisoned_bishop_lets_the_day_end() -> None:
    game = _day_with("bishop")
    assert "evil player nominated" in game.refused("end day")
    game.edit("seat 8 is poisoned")
    game.say("end day")
    assert game.g.phase == "night"


def test_with_the_bishop_only_the_storyteller_nominates() -> None:
    """Bishop: "Only the Storyteller can nominate." A player's nomination is refused and says what to say; the
    storyteller's own (seat 0 as the nominator) opens a vote, as often as they like; once the Bishop is
    poisoned the players nominate again."""
    game = _day_with("bishop")
    assert "the storyteller nominates seat 2" in game.refused("seat 3 nominates seat 2")
    assert game.g.today.nominees == []
    game.say("the storyteller nominates seat 2", "1 vote")
    game.say("the storyteller nominates seat 3", "0 votes")
    assert game.g.today.nominators == [0, 0] and game.g.today.nominees == [2, 3]
    assert "seat 2" in game.refused("the storyteller nominates seat 2")  # each player is nominated once a day
    game.edit("seat 8 is poisoned")
    assert "Bishop" in game.refused("the storyteller nominates seat 4")
    game.say("seat 4 nominates seat 5", "0 votes")
    assert game.g.today.nominators == [0, 0, 4]


def test_the_storytellers_nomination_of_the_virgin_spends_her_ability_and_kills_nobody() -> None:
    seats = ["imp", "baron", "virgin", "slayer", "ravenkeeper", "undertaker", "monk", "bishop"]
    game = Game(make_table("trouble-brewing", list("abcdefgh"), seats, add=["bishop"]))
    game.to("day")
    game.say("storyteller nominates seat 3", "0 votes")
    assert keys.used("virgin", 3) in game.g.memory
    assert all(p.alive for p in game.g.players)


def test_korean_storyteller_nomination() -> None:
    game = Game(make_table("trouble-brewing", list("abcdefgh"), [*SEVEN, "bishop"], add=["bishop"], lang="ko"), "ko")
    game.to("day")
    assert "이야기꾼이 2번 지명" in game.refused("3번이 2번을 지명")
    game.say("이야기꾼이 2번 지명", "1")
    assert game.g.today.nominees == [2]


@pytest.mark.parametrize(("answer", "executed", "survived"), [("yes", 8, 2), ("no", 2, None)])
def test_the_table_hears_who_the_scapegoat_question_executed(answer: str, executed: int,
                                                             survived: int | None) -> None:  # fmt: skip
    # audit x28: a question that decides the day's execution (the Pacifist's, the Scapegoat's) ends the day; the
    # table still hears who was executed
    game = _day_with("scapegoat")
    game.edit("seat 8 is evil")
    game.say("seat 3 nominates seat 2", "6 votes", "end day")
    assert game.prompt.expects == ["yesno"]
    reply = game.say(answer)
    assert f"Seat {executed}" in " ".join(reply.public) and "executed" in " ".join(reply.public)
    assert not game.player(executed).alive and (survived is None or game.player(survived).alive)
