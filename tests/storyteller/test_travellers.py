"""Players who arrive and leave (seats renumber wherever a seat is named), and the exile of a Traveller."""

from __future__ import annotations

from moderator.clocktower.rules import keys
from moderator.clocktower.rules.victory import winner
from tests.storyteller.helpers import Game
from tests.storyteller.test_edits import at_poisoner, tb
from tests.tables import make_table, twelve_table


def test_a_traveller_joins_at_the_end_and_is_asked_good_or_evil() -> None:
    game = at_poisoner(tb())
    reply = game.say("add traveller thief as Hana after seat 7")
    assert any("Hana" in line for line in reply.public)
    assert game.prompt.step == "thief" and game.prompt.expects == ["alignment"] and game.prompt.truth == "good"
    assert "Good or evil" in game.prompt.text
    game.say("evil")
    p = game.player(8)
    assert (p.name, p.character, p.alignment, p.alive) == ("Hana", "thief", "evil", True)
    game.say("back")
    game.say("next")  # good, as proposed
    assert game.player(8).alignment == "good"


def test_seats_after_a_newcomer_move_up_with_their_tokens_and_memory() -> None:
    game = Game(twelve_table())  # seat 5 the Fisherman carries the Widow's Know (placed by seat 3)
    game.say("next", "next", "next")
    assert game.prompt.step == "widow"
    game.say("seat 6")  # the Widow poisons the Ravenkeeper
    before = {p.seat: p.character for p in game.g.players}
    game.say("add traveller thief as Hana after seat 3")
    game.say("next")
    after = {p.seat: p.character for p in game.g.players}
    assert after[4] == "thief"
    assert all(after[s + 1 if s > 3 else s] == c for s, c in before.items())
    assert "widow:Know" in game.tokens(6) and game.player(6).character == "fisherman"
    assert game.player(7).has_reminder("Poisoned", "widow")  # the Ravenkeeper, moved to seat 7
    assert next(r for r in game.player(7).reminders if r.name == "Poisoned").by_seat == 3
    assert keys.acted(1, "widow", 3) in game.g.memory  # the Widow (seat 3) did not move


def test_the_night_walk_follows_a_renumbered_table() -> None:
    game = at_poisoner(tb())
    game.say("seat 5")
    game.to("empath")
    assert game.prompt.seat == 4
    game.say("add traveller thief as Hana after seat 2")
    game.say("next")
    assert (game.prompt.step, game.prompt.seat) == ("empath", 5)  # the step under way moved with its player
    assert game.prompt.truth == 0  # the Empath now sits between the Monk and the Chef


def test_a_player_leaves_and_the_seats_after_move_down() -> None:
    game = at_poisoner(tb())
    game.say("seat 5")
    game.say("add traveller thief as Hana after seat 7", "next")
    reply = game.say("seat 3 leaves")
    assert any("left" in line for line in reply.public)
    assert [p.character for p in game.g.players] == ["imp", "poisoner", "empath", "chef", "fortuneteller", "soldier",
                                                     "thief"]  # fmt: skip
    assert game.player(4).has_reminder("Poisoned", "poisoner")  # the Chef, poisoned, is seat 4 now


def test_a_player_who_leaves_during_their_step_ends_it() -> None:
    game = at_poisoner(tb())
    game.say("seat 6 leaves")  # the Poisoner's step goes on: not theirs
    assert game.prompt.step == "poisoner"
    game.say("seat 2 leaves")  # now it is theirs: the night moves on
    assert game.prompt.step != "poisoner"


def test_a_traveller_wakes_in_the_official_order() -> None:
    game = at_poisoner(tb())
    game.say("seat 5")
    game.to("day")
    game.say("add traveller bureaucrat as Bo after seat 7", "next", "end day")
    steps = [line for line in game.say("sheet").shown]
    assert any("Bureaucrat" in s for s in steps)
    game.to("bureaucrat", {"poisoner": "seat 5", "monk": "seat 7"})
    assert game.prompt.seat == 8


def test_a_traveller_is_exiled_by_everyone_s_vote() -> None:
    game = at_poisoner(tb())
    game.say("seat 5")
    game.to("day")
    game.say("add traveller thief as Hana after seat 7", "next")  # seat 8, 8 players: 4 votes exile
    game.say("seat 6 dies")  # a dead player may call for it, and votes without spending a vote
    game.say("seat 6 calls for the exile of seat 8")
    assert "exile" in game.prompt.text and "4 are needed" in game.prompt.text
    reply = game.say("3 votes")
    assert game.player(8).alive and any("no exile" in line for line in reply.public)
    assert "called for exile today already" in game.refused("seat 2 calls for the exile of seat 8")
    game.say("back", "back")
    game.say("seat 1 nominates seat 8")  # a nomination of a Traveller is a call for exile
    assert game.g.today.exile and game.g.today.nominators == []
    game.say("4 votes")
    assert not game.player(8).alive and keys.exiled(8) in game.g.memory
    assert game.g.executed_today is None and game.player(6).ghost_vote  # not the day's execution
    game.say("seat 1 nominates seat 3")  # the nominations of the day are untouched
    assert game.g.today.pending == 3


def test_only_a_traveller_is_exiled() -> None:
    game = at_poisoner(tb())
    game.to("day", {"poisoner": "seat 5"})
    assert "not a Traveller" in game.refused("seat 2 calls for the exile of seat 3")
    assert "not a Traveller" in game.refused("seat 3 is exiled")
    game.say("add traveller scapegoat as Sam after seat 7", "next")
    game.say("seat 8 is exiled")
    assert not game.player(8).alive
    assert "exiled already" in game.refused("seat 8 is exiled")


def test_travellers_do_not_count_for_the_demon_s_win() -> None:
    game = Game(make_table("trouble-brewing", list("abcde"), ["imp", "poisoner", "chef", "empath", "soldier"]))
    game.say("add traveller thief as T after seat 5", "next")
    for seat in (2, 3, 4):
        game.say(f"seat {seat} dies")
    # The Imp, the Soldier and the Thief live: two players, not counting the Traveller.
    assert game.g.winner == "evil" and winner(game.g, game.table.cat) == "evil"


def test_a_traveller_is_never_executed() -> None:
    game = at_poisoner(tb())
    game.to("day", {"poisoner": "seat 5"})
    game.say("add traveller gunslinger as G after seat 7", "next")
    assert "exiled, not executed" in game.refused("seat 8 is executed")


def test_the_scarlet_woman_does_not_count_travellers() -> None:
    game = Game(make_table("trouble-brewing", list("abcdef"), ["imp", "scarletwoman", "monk", "empath", "chef",
                                                               "soldier"]))  # fmt: skip
    game.say("add traveller thief as T after seat 6", "next")
    game.say("seat 5 dies", "seat 6 dies")
    game.say("seat 1 dies")  # four alive besides the Traveller: she does not catch it
    assert game.g.winner == "good" and game.player(2).character == "scarletwoman"
