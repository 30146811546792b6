"""The Loric, from their rule texts (issue 26): the storyteller's characters, put in play like a Fabled
('add fabled <name>'), with no seat. The Tor has steps at its places in the official night order; the
others change the day, the votes or the setup through data (a Fabled's vote note, a token's vote weight,
vote note, day note or spared execution, a Fabled's skipped evil info), or are run by hand as their notes
say when they are added."""

from __future__ import annotations

from moderator.clocktower.rules.loader import default_catalogue
from tests.storyteller.helpers import Game
from tests.storyteller.test_edits import tb
from tests.storyteller.test_fabled import TB_DAY, _first_night_steps, _with


def _day(game: Game) -> Game:
    game.to("day", TB_DAY)
    return game


# -- the Big Wig --------------------------------------------------------------------------------------------


def test_the_big_wig_is_told_at_every_nomination() -> None:
    # Big Wig: "Each nominee chooses a player: until voting, only they may speak & they are mad the nominee
    # is good or they might die." The app reminds the storyteller at each vote; the death is theirs to call.
    game = _day(_with("big wig"))
    game.say("seat 2 nominates seat 3")
    assert "Big Wig: the nominee picks one player to speak" in game.prompt.text
    game = _day(tb())
    game.say("seat 2 nominates seat 3")
    assert "Big Wig" not in game.prompt.text


def test_the_big_wig_says_how_it_runs_when_added() -> None:
    reply = tb().say("add fabled big wig")
    assert any("'seat N dies'" in line for line in reply.say), reply.say


# -- the God of Ug ------------------------------------------------------------------------------------------


def test_the_ug_hats_wearer_votes_twice() -> None:
    # God of Ug: "One Ug hat. When wear Ug hat, must speak one sound at a time but vote twice."
    game = _day(_with("god of ug"))
    game.say("put god of ug hat on seat 4")
    assert "seat 4 makes one sound at a time" in game.prompt.text  # the day note, while the hat lies
    game.say("seat 2 nominates seat 3")
    assert "Seat 4 wears the Ug hat: their vote counts twice." in game.prompt.text
    game.say("seat 4 and seat 5 voted")
    assert game.g.today.votes[3] == 3  # 2 + 1


def test_the_ug_hat_passes_on() -> None:
    # "If fail, pass Ug hat": the storyteller moves the token; the new wearer votes twice.
    game = _day(_with("god of ug"))
    game.say("put god of ug hat on seat 4", "take god of ug hat off seat 4", "put god of ug hat on seat 5")
    game.say("seat 2 nominates seat 3", "seat 4 and seat 5 voted")
    assert game.g.today.votes[3] == 3


# -- the Hindu ----------------------------------------------------------------------------------------------


def test_the_hindus_first_four_deaths_are_reincarnated_at_once() -> None:
    # Hindu: "The first 4 players to die are immediately reincarnated as Travellers of the same alignment."
    game = _day(_with("hindu"))
    assert "first four to die comes back at once as a Traveller" in game.prompt.text
    game.say("seat 4 dies")
    p = game.player(4)
    assert p.alive and default_catalogue().team(p.character) == "traveller" and p.alignment == "good"
    game.say("seat 4 is the good gunslinger")  # another Traveller, by hand
    assert game.player(4).character == "gunslinger"
    game.say("seat 2 dies", "seat 3 dies", "seat 5 dies")
    assert [game.player(s).alignment for s in (2, 3, 5)] == ["evil", "good", "good"]
    assert all(game.player(s).alive for s in (2, 3, 5))
    game.say("seat 6 dies")  # the fifth death: it stays
    assert not game.player(6).alive


# -- the Knaves ---------------------------------------------------------------------------------------------


def test_the_knaves_note_by_day() -> None:
    # Knaves: "There are 2 Storytellers: one lies & one tells the truth. Once per game, at dusk, they might
    # switch." Nothing wakes; the day reminds both storytellers.
    game = _with("knaves")
    assert _first_night_steps(game) == _first_night_steps(tb())
    assert "one storyteller lies" in game.prompt.text


# -- the Pope -----------------------------------------------------------------------------------------------


def test_the_popes_duplicates_are_given_by_hand() -> None:
    # Pope: "There are duplicate good characters in play. They might also be bluffs."
    game = tb()
    reply = game.say("add fabled pope")
    assert any("'seat N is the <character>'" in line for line in reply.say), reply.say
    game.say("seat 5 is the empath")
    assert [p.seat for p in game.g.players if p.character == "empath"] == [4, 5]


# -- the Tor ------------------------------------------------------------------------------------------------


def test_the_tor_skips_minion_and_demon_info() -> None:
    # Tor: "Players don't know their character or alignment." Its first-night step, just before the Minion
    # info, says to skip the Minion and Demon info; the app leaves them out of the night.
    steps = _first_night_steps(_with("tor"))
    assert "tor" in steps and "minioninfo" not in steps and "demoninfo" not in steps
    assert {"minioninfo", "demoninfo"} <= set(_first_night_steps(tb()))


def test_a_player_the_demon_killed_learns_what_they_were_under_the_tor() -> None:
    # "They learn them when they die": the other-night step names tonight's dead, their character and a thumb.
    game = _with("tor")
    _day(game)
    game.say("end day")
    game.to("imp", {**TB_DAY, "monk": "seat 2"})
    game.say("seat 4")
    game.to("tor", {**TB_DAY, "monk": "seat 2"})
    assert game.prompt.seat is None
    assert "Seat 4 died tonight" in game.prompt.text and "Empath" in game.prompt.text
    assert "thumbs up" in game.prompt.text


def test_the_tor_step_with_nobody_dead() -> None:
    game = _with("tor")
    _day(game)
    game.say("end day")
    game.to("imp", {**TB_DAY, "monk": "seat 2"})
    game.say("seat 2")  # the Monk's Safe
    game.to("tor", {**TB_DAY, "monk": "seat 2"})
    assert "Nobody died tonight" in game.prompt.text


def test_the_tor_in_korean() -> None:
    game = Game(tb("ko").table, "ko")
    game.say("전설 토르 추가")
    assert "tor" in _first_night_steps(game)


# -- the Ventriloquist --------------------------------------------------------------------------------------


def _mad_nominee() -> Game:
    game = _day(_with("ventriloquist"))
    game.say("put ventriloquist mad on seat 4", "seat 2 nominates seat 4")
    return game


def test_a_mad_nominee_executed_is_a_question_proposing_death() -> None:
    # Ventriloquist: "If a player is mad as a fresh character during their nomination, they might not die if
    # executed today." The storyteller decides: yes, they survive.
    game = _mad_nominee()
    assert "seat 4 is mad as a new character" in game.prompt.text
    game.say("5 votes", "end day")
    assert "Do they survive?" in game.prompt.text
    game.say("yes")
    assert game.player(4).alive


def test_a_mad_nominee_executed_dies_when_the_storyteller_says_no() -> None:
    game = _mad_nominee()
    game.say("5 votes", "end day")
    game.say("no")
    assert not game.player(4).alive


def test_without_the_mad_an_execution_is_no_question() -> None:
    game = _day(_with("ventriloquist"))
    game.say("seat 2 nominates seat 4", "5 votes", "end day")
    assert not game.player(4).alive


# -- the Zenomancer -----------------------------------------------------------------------------------------


def test_the_zenomancers_goal_is_kept_in_mind_by_day() -> None:
    # Zenomancer: "One or more players each have a goal. When achieved, that player learns a piece of true
    # info." The storyteller sets the goals; each Goal token reminds them by day until taken off.
    game = _day(_with("zenomancer"))
    game.say("put zenomancer goal on seat 5")
    assert "seat 5 has a goal" in game.prompt.text
    game.say("take zenomancer goal off seat 5")
    assert "has a goal" not in game.prompt.text


def test_every_loric_is_described() -> None:
    cat = tb().table.cat
    lorics = [c for c in cat.characters.values() if c.team == "loric"]
    assert len(lorics) == 11 and all(c.described for c in lorics)
