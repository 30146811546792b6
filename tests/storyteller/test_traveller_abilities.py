"""The Travellers' abilities, from their rule texts (issue 26). First those that change a vote's count:

- Thief: "Each night, choose a player (not yourself): their vote counts negatively tomorrow."
- Bureaucrat: "Each night, choose a player (not yourself): their vote counts as 3 votes tomorrow."

The wiki's How to Run: mark the chosen player; when tallying, count that player's vote as minus one (the
Thief) or as three (the Bureaucrat). The player loses the changed vote if the Traveller dies (it loses
its ability); exiles are never affected by abilities.
"""

from __future__ import annotations

from tests.storyteller.helpers import Game
from tests.storyteller.test_edits import tb


def _with(traveller: str) -> Game:
    """Trouble Brewing at dusk, a good Traveller (seat 8) joined before the first night's walk."""
    game = tb()
    game.say(f"add traveller {traveller} as Hana after seat 7", "good")
    return game


def _to_first_vote(game: Game, chosen: int, traveller: str) -> None:
    game.to(traveller, {"poisoner": "seat 6"})
    game.say(f"seat {chosen}")
    game.to("day", {"poisoner": "seat 6", "monk": "seat 1", "fortuneteller": "seat 1 and seat 2"})
    game.say("seat 2 nominates seat 3")


def test_the_thiefs_chosen_vote_counts_one_down_when_the_voters_are_named() -> None:
    game = _with("thief")
    _to_first_vote(game, 1, "thief")
    assert game.player(1).has_reminder("Negative Vote", "thief")
    assert "counts negatively" in game.prompt.text  # the storyteller is told at the vote
    game.say("seat 1 and seat 2 and seat 4 and seat 5 voted")
    assert game.g.today.votes[3] == 2  # -1 + 1 + 1 + 1


def test_the_bureaucrats_chosen_vote_counts_three() -> None:
    game = _with("bureaucrat")
    _to_first_vote(game, 4, "bureaucrat")
    assert "counts as three" in game.prompt.text
    game.say("seat 4 and seat 5 voted")
    assert game.g.today.votes[3] == 4  # 3 + 1
    assert game.g.today.block == 3  # 4 of 8 living: enough


def test_a_dead_thief_changes_no_vote() -> None:
    game = _with("thief")
    _to_first_vote(game, 1, "thief")
    game.edit("seat 8 dies")
    assert "counts negatively" not in game.prompt.text
    game.say("seat 1 and seat 2 voted")
    assert game.g.today.votes[3] == 2


def test_a_poisoned_thief_marks_nobody() -> None:
    game = _with("thief")
    game.edit("seat 8 is poisoned")  # the storyteller's hand (the Thief wakes before the Poisoner)
    game.to("thief")
    reply = game.say("seat 1")
    assert not any(r.name == "Negative Vote" for p in game.g.players for r in p.reminders)
    assert any("drunk or poisoned" in line.lower() for line in reply.say), reply.say


def test_the_thiefs_token_moves_each_night_and_goes_at_dusk() -> None:
    game = _with("thief")
    _to_first_vote(game, 1, "thief")
    game.say("0 votes", "end day")
    assert not any(r.name == "Negative Vote" for p in game.g.players for r in p.reminders)  # gone at dusk
    game.to("thief")
    game.say("seat 2")
    marked = [p.seat for p in game.g.players for r in p.reminders if r.name == "Negative Vote"]
    assert marked == [2]


# -- the Travellers' other abilities, from their rule texts ---------------------------------------------


def _day_with(traveller: str, alignment: str = "good") -> Game:
    game = _with_alignment(traveller, alignment)
    game.to("day", {"poisoner": "seat 6", "monk": "seat 1", "fortuneteller": "seat 1 and seat 2"})
    return game


def _with_alignment(traveller: str, alignment: str) -> Game:
    game = tb()
    game.say(f"add traveller {traveller} as Hana after seat 7", alignment)
    return game


def test_the_gunslinger_shoots_once_a_day() -> None:
    """Gunslinger: "Each day, after the 1st vote has been tallied, you may choose a player that voted: they die." """
    game = _day_with("gunslinger")
    game.say("seat 2 nominates seat 3", "seat 1 and seat 4 voted")
    reply = game.say("seat 8 uses their ability on seat 4")
    assert not game.player(4).alive and "Seat 4 dies." in reply.public
    assert "cannot be used now" in " ".join(game.say("seat 8 uses their ability on seat 1").say)  # once a day
    assert game.player(1).alive


def test_the_gangster_kills_only_a_living_neighbour() -> None:
    """Gangster: "Once per day, you may choose to kill an alive neighbour, if your other alive neighbour agrees." """
    game = _day_with("gangster")
    assert "not a living neighbour" in game.refused("seat 8 uses their ability on seat 3")
    game.say("seat 8 uses their ability on seat 1")  # seat 8 sits between seat 7 and seat 1
    assert not game.player(1).alive


def test_the_bone_collector_lends_a_dead_player_their_ability_until_dusk_once() -> None:
    """Bone Collector: "Once per game, at night*, choose a dead player: they regain their ability until dusk." """
    game = _day_with("bonecollector")
    game.say("seat 2 nominates seat 3", "5 votes", "end day")
    if game.g.question is not None:
        game.say("next")
    game.to("bonecollector", {"poisoner": "seat 6", "monk": "seat 1", "imp": "seat 5"})
    assert "alive" in game.refused("seat 1")
    game.say("seat 3")
    assert game.player(3).has_reminder("Has Ability", "bonecollector")
    assert game.player(8).has_reminder("No Ability", "bonecollector")


def test_a_good_apprentice_gains_a_townsfolk_ability() -> None:
    """Apprentice: "On your 1st night, you gain a Townsfolk ability (if good), or a Minion ability (if evil)." """
    game = _with_alignment("apprentice", "good")
    game.to("apprentice")
    assert "Townsfolk" in game.refused("poisoner")
    game.say("empath")
    assert "empath" in game.player(8).abilities and game.player(8).has_reminder("Is The Apprentice", "apprentice")


def test_the_judge_rules_once() -> None:
    """Judge: "Once per game, if another player nominated, you may choose to force the current execution to pass
    or fail." The storyteller carries the ruling out; the ability is spent."""
    game = _day_with("judge")
    game.say("seat 2 nominates seat 3", "5 votes")  # seat 3 about to die: the Judge may rule on it
    game.say("seat 8 uses their ability")
    assert game.player(8).has_reminder("No Ability", "judge")
    assert "cannot be used now" in " ".join(game.say("seat 8 uses their ability").say)  # once per game


def test_the_harlot_learns_the_character_of_whom_she_visits() -> None:
    """Harlot: "Each night*, choose a living player: if they agree, you learn their character, but you both might
    die." The true answer is the chosen player's character."""
    game = _day_with("harlot")
    game.say("end day")
    if game.g.question is not None:
        game.say("next")
    game.to("harlot", {"poisoner": "seat 6", "monk": "seat 1", "imp": "seat 5"})
    game.say("seat 4")
    assert game.prompt.truth == game.player(4).character


# -- found by an audit written from the rule texts (the Gunslinger's voter, the Judge's nomination, the
# Gnome's Amigo, the Cacklejack's pick, the Scapegoat's execution) ---------------------------------------


def test_the_gunslinger_shoots_only_after_a_vote_and_only_a_voter() -> None:
    game = _day_with("gunslinger")
    assert "no vote has been counted" in game.refused("seat 8 uses their ability on seat 4")
    game.say("seat 3 nominates seat 2", "seat 1 and seat 4 voted")
    assert "did not vote" in game.refused("seat 8 uses their ability on seat 5")
    game.say("seat 8 uses their ability on seat 4")
    assert not game.player(4).alive


def test_the_judge_rules_only_on_another_players_nomination_never_an_exile() -> None:
    game = _day_with("judge")
    assert "no nomination" in game.refused("seat 8 uses their ability")
    game.say("seat 8 nominates seat 2", "1 votes")
    assert "Judge made" in game.refused("seat 8 uses their ability")
    game.say("seat 3 nominates seat 4", "5 votes")
    game.say("seat 8 uses their ability")
    assert game.player(8).has_reminder("No Ability", "judge")


def test_the_gnome_kills_whoever_nominates_their_amigo() -> None:
    game = _day_with("gnome")
    game.edit("put gnome amigo on seat 3")
    assert "Amigo" in game.refused("seat 8 uses their ability on seat 2")
    game.say("seat 2 nominates seat 3", "1 votes")
    game.say("seat 8 uses their ability on seat 2")
    assert not game.player(2).alive


def test_the_cacklejack_picks_a_player_by_day() -> None:
    game = _day_with("cacklejack")
    game.say("seat 8 uses their ability on seat 7")
    assert game.player(7).has_reminder("Not Me", "cacklejack")


def test_the_scapegoat_may_be_executed_instead() -> None:
    game = _day_with("scapegoat")
    game.say("seat 3 nominates seat 4", "5 votes")
    game.say("seat 8 is executed")
    assert not game.player(8).alive and game.g.executed_today == 8


def test_the_scapegoat_is_asked_about_when_a_player_of_its_alignment_is_executed() -> None:
    """Scapegoat: "If a player of your alignment is executed, you might be executed instead." The app asks,
    proposing no (the player executed dies); yes executes the Scapegoat, and the other player lives."""
    for answer, dead, alive in (("yes", 8, 4), ("next", 4, 8)):
        game = _day_with("scapegoat")
        assert game.player(4).alignment == "good"
        game.say("seat 3 nominates seat 4", "5 votes", "end day")
        assert game.g.question is not None and "Scapegoat" in game.prompt.text
        game.say(answer)
        assert not game.player(dead).alive and game.player(alive).alive, answer


def test_an_evil_player_executed_is_not_the_good_scapegoats_question() -> None:
    game = _day_with("scapegoat")
    game.say("seat 3 nominates seat 1", "5 votes", "end day")  # the Imp: evil
    assert game.g.question is None and game.g.winner == "good"


def test_with_the_voudon_only_it_and_the_dead_vote_and_no_majority_is_needed() -> None:
    """Voudon: "Only you & the dead can vote. They don't need a vote token to do so. A 50% majority isn't
    required." """
    game = _day_with("voudon")
    game.edit("seat 5 dies")
    game.say("seat 3 nominates seat 2")
    assert "1 is needed" in game.prompt.text  # not "1 are needed"
    game.say("seat 5 and seat 4 and seat 8 voted")  # the living seat 4 does not count
    assert game.g.today.votes[2] == 2 and game.g.today.block == 2  # two votes of eight living: enough
    assert game.player(5).ghost_vote  # the dead voted without spending their token


def test_with_the_bishop_the_day_reminds_the_storyteller_who_nominates() -> None:
    """Bishop: "Only the Storyteller can nominate. At least 1 opposing player must be nominated each day." """
    game = _day_with("bishop")
    assert "only you nominate" in game.prompt.text
    game.edit("seat 8 is poisoned")
    assert "only you nominate" not in game.prompt.text
