"""The Experimental Minions and Demons, from their rule texts (issue 26).

Each test quotes the rule it checks (our paraphrase of the official text) and plays it through typed
lines on Trouble Brewing with the character added: its step comes at its place in the night, what the
app can apply is applied (a kill, a poison, a change of alignment, a win), and what the rules leave to
the storyteller is asked or said.
"""

from __future__ import annotations

import random

from moderator.clocktower.rules.bag import build_bag, count_problems
from moderator.clocktower.rules.loader import default_catalogue
from moderator.clocktower.rules.scripts import complete, load_script
from moderator.clocktower.rules.status import statuses
from tests.storyteller.helpers import Game
from tests.tables import make_table

TB_GOOD = {"imp", "poisoner", "monk", "empath", "chef", "fortuneteller", "soldier", "butler", "washerwoman"}


def _game(*assign: str) -> Game:
    """Trouble Brewing, seven players a-g with these characters (those not on it added to the script)."""
    extra = [c for c in assign if c not in TB_GOOD]
    return Game(make_table("trouble-brewing", list("abcdefg"), list(assign), add=extra, decide={"red_herring": "5"}))


def _night(game: Game, answers: dict[str, str] | None = None) -> list[str]:
    """Walk the night to the day (or the game's end): the steps visited, with ``answers`` where given."""
    seen: list[str] = []
    for _ in range(60):
        step = game.prompt.step
        if step in ("day", "over"):
            return seen
        seen.append(step)
        c = game.g.cursor
        fresh = game.g.question is None and c is not None and c.stage == "ask" and not c.seats and not c.asked_none
        game.say((answers or {}).get(step, "next") if fresh else "next")
    raise AssertionError(seen)


def _bag(required: str, players: int = 7, seed: int = 1) -> list[str]:
    """The characters a random bag on Trouble Brewing deals with ``required`` in it."""
    script, cat = load_script("trouble-brewing", default_catalogue())
    script = complete(script, cat, [required])
    return build_bag(script, cat, players, random.Random(seed), require=[required]).seated


def _to_night_two(game: Game, first: dict[str, str] | None = None) -> None:
    _night(game, first)
    game.say("end day")


# -- the Harpy ---------------------------------------------------------------------------------------


def test_the_harpy_marks_a_mad_player_about_another() -> None:
    # Harpy: "Each night, choose 2 players: tomorrow, the 1st player is mad that the 2nd is evil, or one
    # or both might die."
    game = _game("imp", "harpy", "monk", "empath", "chef", "fortuneteller", "soldier")
    assert "harpy" in _night(game, {"harpy": "seat 3 and seat 4"})
    assert "harpy:Mad" in game.tokens(3) and "harpy:2nd" in game.tokens(4)
    assert "Seat 3 must be mad that seat 4 is evil" in game.prompt.text


def test_the_harpys_marks_go_at_dusk_and_a_poisoned_harpy_marks_nobody() -> None:
    game = _game("imp", "harpy", "monk", "empath", "chef", "fortuneteller", "soldier")
    game.edit("seat 2 is poisoned")
    _night(game, {"harpy": "seat 3 and seat 4"})
    assert "harpy:Mad" not in game.tokens(3)
    assert "mad that" not in game.prompt.text


# -- the Wizard --------------------------------------------------------------------------------------


def test_the_wizard_wishes_once() -> None:
    # Wizard: "Once per game, choose to make a wish. If granted, it might have a price & leave a clue."
    game = _game("imp", "wizard", "monk", "empath", "chef", "fortuneteller", "soldier")
    assert "wizard" in _night(game, {"wizard": "yes"})
    game.say("end day")
    assert "wizard" not in _night(game)


def test_the_wizard_who_does_not_wish_wakes_again() -> None:
    game = _game("imp", "wizard", "monk", "empath", "chef", "fortuneteller", "soldier")
    _night(game, {"wizard": "no"})
    game.say("end day")
    assert "wizard" in _night(game)


# -- the Yaggababble ---------------------------------------------------------------------------------


def test_the_yaggababble_learns_its_phrase_then_kills_as_often_as_the_storyteller_says() -> None:
    # Yaggababble: "You start knowing a secret phrase. For each time you said it publicly today, a player
    # might die."
    game = _game("yaggababble", "poisoner", "monk", "empath", "chef", "fortuneteller", "butler")
    assert "yaggababble" in _night(game, {"poisoner": "seat 6"})
    game.say("end day")
    game.to("yaggababble", {"poisoner": "seat 6", "monk": "seat 1"})
    game.say("seat 4", "seat 5", "no")
    assert not game.player(4).alive and not game.player(5).alive


def test_a_poisoned_yaggababble_kills_nobody() -> None:
    game = _game("yaggababble", "poisoner", "monk", "empath", "chef", "fortuneteller", "butler")
    _to_night_two(game, {"poisoner": "seat 6"})
    game.to("poisoner")
    game.say("seat 1")
    game.to("yaggababble", {"monk": "seat 7"})
    game.say("seat 4")
    assert game.player(4).alive


# -- Legion ------------------------------------------------------------------------------------------


def test_legion_is_most_players_and_registers_as_a_minion() -> None:
    # Legion: "Each night*, a player might die. Executions fail if only evil voted. You register as a
    # Minion. [Most players are Legion]"
    game = _game("legion", "legion", "legion", "legion", "chef", "fortuneteller", "butler")
    assert not [p for p in count_problems(game.g, game.table.cat) if "Demon" in p or "Minion" in p]
    few = _game("legion", "poisoner", "monk", "empath", "chef", "fortuneteller", "butler")
    assert any("more than half" in p for p in count_problems(few.g, few.table.cat))
    assert game.table.cat["legion"].data.registers.teams == ["minion"]  # type: ignore[union-attr]


def test_a_bag_with_legion_deals_legion_to_most_players_and_no_minion() -> None:
    # Legion: "[Most players are Legion]"; How to Run: Minions are optional.
    cat = default_catalogue()
    for players, seed in ((7, 1), (7, 2), (10, 3), (12, 4)):
        seated = _bag("legion", players, seed)
        assert seated.count("legion") > players / 2, seated
        assert not [c for c in seated if cat.team(c) == "minion"]


def test_legion_kills_at_the_storytellers_word_and_the_day_is_told_of_the_votes() -> None:
    game = _game("legion", "legion", "legion", "legion", "chef", "fortuneteller", "butler")
    _night(game, {"butler": "seat 5"})
    assert "only evil players voted" in game.prompt.text
    game.say("end day")
    game.to("legion", {"butler": "seat 5"})
    game.say("seat 6")
    assert not game.player(6).alive


def test_an_execution_for_which_only_evil_players_voted_fails_under_legion() -> None:
    # Legion: "An execution fails if only evil players voted for it."
    game = _game("legion", "legion", "legion", "legion", "chef", "fortuneteller", "butler")
    _night(game, {"butler": "seat 5"})
    game.say("seat 7 nominates seat 6", "voters seat 1 and seat 2 and seat 3 and seat 4")
    reply = game.say("end day")
    assert game.player(6).alive and any("fails" in line for line in reply.public), reply.public
    good = _game("legion", "legion", "legion", "legion", "chef", "fortuneteller", "butler")
    _night(good, {"butler": "seat 5"})
    good.say("seat 7 nominates seat 6", "voters seat 1 and seat 2 and seat 3 and seat 5", "end day")
    assert not good.player(6).alive  # a good player voted: the execution stands


# -- the Lord of Typhon ------------------------------------------------------------------------------


def test_the_lord_of_typhons_neighbours_become_its_minions_one_more_than_usual() -> None:
    # Lord of Typhon: "[Evil characters are in a line. You are in the middle. +1 Minion.]"
    game = _game("monk", "lordoftyphon", "empath", "chef", "fortuneteller", "soldier", "butler")
    game.to("lordoftyphon")
    game.say("seat 1 poisoner")
    assert game.prompt.step == "lordoftyphon"  # a second Minion: seven players' one, and one more
    game.say("seat 3 spy")
    assert game.player(1).alignment == "evil" and game.player(3).character == "spy"
    assert not [p for p in count_problems(game.g, game.table.cat) if "line" in p]


def test_the_lord_of_typhons_minions_are_made_outward_from_it() -> None:
    # Lord of Typhon: "[Evil characters are in a line. You are in the middle.]" A seat away from the line is
    # refused; so is a side two longer than the other once all are made; a Minion next to the line's end is not.
    game = _game("monk", "empath", "lordoftyphon", "chef", "fortuneteller", "soldier", "butler")
    game.to("lordoftyphon")
    assert "not next to the line" in game.refused("seat 6 poisoner")
    game.say("seat 2 poisoner")
    assert "other end" in game.refused("seat 1 spy")  # two on one side, none on the other, the last Minion
    game.say("seat 4 spy")
    assert game.prompt.step != "lordoftyphon"
    assert [p.seat for p in game.g.players if p.alignment == "evil"] == [2, 3, 4]


def test_the_lord_of_typhons_neighbours_dealt_their_minions_at_setup_are_taken_as_they_are() -> None:
    # How to Run: the players beside the Lord of Typhon become its Minions on the first night; a grimoire
    # set up with them already there (by hand) is taken as it is: a seat said with its own Minion is not
    # refused, and the step ends with the Minions all there.
    game = _game("lordoftyphon", "scarletwoman", "monk", "empath", "chef", "fortuneteller", "baron")
    game.to("lordoftyphon")
    game.say("seat 2 scarletwoman")
    assert game.prompt.step != "lordoftyphon"
    assert game.player(2).character == "scarletwoman" and game.player(7).character == "baron"
    assert "baron" not in game.g.bluffs and "scarletwoman" not in game.g.bluffs


def test_the_lord_of_typhons_evil_out_of_line_is_a_count_problem() -> None:
    game = _game("lordoftyphon", "poisoner", "monk", "spy", "chef", "fortuneteller", "butler")
    assert any("not in a line" in p for p in count_problems(game.g, game.table.cat))


# -- the Riot ----------------------------------------------------------------------------------------


def test_the_riots_day_note_and_its_night_step() -> None:
    # Riot: "On day 3, Minions become Riot & nominees die but nominate an alive player immediately."
    game = _game("riot", "poisoner", "monk", "empath", "chef", "fortuneteller", "butler")
    _night(game, {"poisoner": "seat 6", "butler": "seat 5"})
    assert "day three" in game.prompt.text
    game.say("end day")
    assert "riot" in _night(game, {"poisoner": "seat 6", "butler": "seat 5", "monk": "seat 4"})


# -- the Xaan ----------------------------------------------------------------------------------------


def test_the_xaan_poisons_every_townsfolk_on_night_x() -> None:
    # Xaan: "On night X, all Townsfolk are poisoned until dusk. [X Outsiders]" One Outsider: night 1.
    game = _game("imp", "xaan", "monk", "empath", "chef", "fortuneteller", "butler")
    assert "xaan" in _night(game, {"butler": "seat 5"})
    assert all("xaan:X" in game.tokens(s) for s in (3, 4, 5, 6))
    assert "xaan:X" not in game.tokens(7)
    game.say("end day")
    assert all("xaan:X" not in game.tokens(s) for s in (3, 4, 5, 6))  # until dusk
    assert "xaan" not in _night(game, {"butler": "seat 5"})


def test_the_xaans_poison_ends_with_the_xaan() -> None:
    # A dead player's ability stops working: the Townsfolk are healthy again once the Xaan dies on night X.
    game = _game("imp", "xaan", "monk", "empath", "chef", "fortuneteller", "butler")
    _night(game, {"butler": "seat 5"})
    assert "poisoned" in statuses(game.g, game.table.cat, game.player(4))
    game.edit("seat 2 dies")
    assert "poisoned" not in statuses(game.g, game.table.cat, game.player(4))


def test_the_xaan_sleeps_on_other_nights() -> None:
    game = _game("imp", "xaan", "monk", "empath", "chef", "fortuneteller", "soldier")  # no Outsider: X = 0
    assert "xaan" not in _night(game)


# -- the Marionette ----------------------------------------------------------------------------------


def test_the_demon_learns_the_marionette_who_wakes_as_what_it_believes() -> None:
    # Marionette: "You think you are a good character, but you are not. The Demon knows who you are.
    # [You neighbour the Demon]"
    game = _game("imp", "marionette", "monk", "empath", "chef", "fortuneteller", "soldier")
    believed = game.player(2).believes
    assert game.table.cat.team(believed) in ("townsfolk", "outsider")  # decided at setup, not in play
    steps = _night(game)
    assert "marionette" in steps
    assert game.table.cat[believed].first_night is None or believed in steps


def test_the_minions_do_not_learn_the_marionette() -> None:
    # Marionette: "The Demon knows who you are"; How to Run: the Marionette is not woken with the Minions.
    game = _game("imp", "marionette", "monk", "empath", "chef", "fortuneteller", "scarletwoman")
    game.to("minioninfo")
    assert "seat 7" in game.prompt.text.lower() and "seat 2" not in game.prompt.text.lower(), game.prompt.text
    game.to("demoninfo")
    assert "seat 2" in game.prompt.text.lower(), game.prompt.text


def test_a_marionette_not_beside_the_demon_is_a_count_problem() -> None:
    game = _game("imp", "monk", "marionette", "empath", "chef", "fortuneteller", "soldier")
    assert any("beside the Demon" in p for p in count_problems(game.g, game.table.cat))


# -- the Mezepheles ----------------------------------------------------------------------------------


def test_the_mezepheles_turns_the_first_good_speaker_evil_once() -> None:
    # Mezepheles: "You start knowing a secret word. The 1st good player to say this word becomes evil
    # that night."
    game = _game("imp", "mezepheles", "monk", "empath", "chef", "fortuneteller", "soldier")
    assert "mezepheles" in _night(game)
    game.say("end day")
    game.to("mezepheles", {"monk": "seat 7"})
    assert game.refused("seat 1")  # the Demon is not good
    game.say("seat 4")
    assert game.player(4).alignment == "evil" and "mezepheles:Turns Evil" in game.tokens(4)
    game.to("day")
    game.say("end day")
    assert "mezepheles" not in _night(game, {"monk": "seat 7"})


# -- the Goblin --------------------------------------------------------------------------------------


def test_the_goblin_claimed_and_executed_wins_for_evil() -> None:
    # Goblin: "If you publicly claim to be the Goblin when nominated & are executed that day, your team wins."
    game = _game("imp", "goblin", "monk", "empath", "chef", "fortuneteller", "soldier")
    _night(game)
    game.say("seat 2 uses their ability", "seat 3 nominates seat 2")
    assert "goblin:Claimed" in game.tokens(2)
    game.say("5 votes", "end day")
    assert game.g.winner == "evil"


def test_the_goblin_executed_without_claiming_wins_nothing() -> None:
    game = _game("imp", "goblin", "monk", "empath", "chef", "fortuneteller", "soldier")
    _night(game)
    game.say("seat 2 is executed")
    assert game.g.winner is None


# -- the Fearmonger ----------------------------------------------------------------------------------


def test_the_fearmonger_nominates_its_fear_and_the_execution_loses_the_game_for_good() -> None:
    # Fearmonger: "Each night, choose a player: if you nominate & execute them, their team loses. All
    # players know if you choose a new player."
    game = _game("imp", "fearmonger", "monk", "empath", "chef", "fortuneteller", "soldier")
    _night(game, {"fearmonger": "seat 4"})
    assert "fearmonger:Fear" in game.tokens(4)
    game.say("seat 2 nominates seat 4", "4 votes")
    game.say("end day")
    assert game.g.winner == "evil"


def test_the_fearmongers_fear_executed_on_anothers_nomination_loses_nothing() -> None:
    game = _game("imp", "fearmonger", "monk", "empath", "chef", "fortuneteller", "soldier")
    _night(game, {"fearmonger": "seat 4"})
    game.say("seat 3 nominates seat 4", "4 votes", "end day")
    assert game.g.winner is None


# -- the Psychopath ----------------------------------------------------------------------------------


def test_the_psychopath_kills_by_day() -> None:
    # Psychopath: "Each day, before nominations, you may publicly choose a player: they die."
    game = _game("imp", "psychopath", "monk", "empath", "chef", "fortuneteller", "soldier")
    _night(game)
    game.say("seat 2 uses their ability on seat 5")
    assert not game.player(5).alive
    assert "cannot be used now" in " ".join(game.say("seat 2 uses their ability on seat 6").say)  # once a day
    assert game.player(6).alive


def test_the_psychopath_kills_before_nominations_only() -> None:
    """Audit 43: after the first nomination of the day the Psychopath's kill does nothing, and the app says why."""
    game = _game("imp", "psychopath", "monk", "empath", "chef", "fortuneteller", "soldier")
    _night(game)
    game.say("seat 3 nominates seat 5", "1 vote")
    assert "cannot be used now" in " ".join(game.say("seat 2 uses their ability on seat 4").say)
    assert game.player(4).alive


def test_the_executed_psychopath_dies_only_if_it_loses_at_rock_paper_scissors() -> None:
    # Psychopath: "If you are executed, you die only if you lose roshambo." The storyteller says who won.
    for answer, lives in (("yes", True), ("no", False)):
        game = _game("imp", "psychopath", "monk", "empath", "chef", "fortuneteller", "soldier")
        _night(game)
        game.say("seat 3 nominates seat 2", "4 votes", "end day")
        assert "rock-paper-scissors" in game.prompt.text and game.player(2).alive, game.prompt.text
        game.say(answer)
        assert game.player(2).alive == lives


# -- the Vizier --------------------------------------------------------------------------------------


def test_the_vizier_is_announced_and_cannot_die_by_day() -> None:
    # Vizier: "All players know you are the Vizier. You cannot die during the day."
    # The official sheet places the announcement after dawn; the night ends at dawn, so it comes as dawn
    # breaks: before the day, never left out.
    game = _game("imp", "vizier", "monk", "empath", "chef", "fortuneteller", "soldier")
    steps = _night(game)
    assert steps[-2:] == ["vizier", "dawn"]
    assert "cannot die by day" in game.prompt.text
    game.say("seat 2 is executed")
    assert game.player(2).alive


# -- the Summoner ------------------------------------------------------------------------------------


def test_a_bag_with_the_summoner_deals_no_demon_and_a_townsfolk_in_its_place() -> None:
    # Summoner: "[No Demon]"; How to Run: "During the setup phase, remove the Demon and add a Townsfolk."
    cat = default_catalogue()
    for seed in (1, 2, 3):
        seated = _bag("summoner", 7, seed)
        teams = [cat.team(c) for c in seated]
        assert "summoner" in seated and "demon" not in teams and teams.count("minion") == 1, seated


def test_the_summoner_has_no_demon_until_the_third_night_when_it_makes_one() -> None:
    # Summoner: "You get 3 bluffs. On the 3rd night, choose a player: they become an evil Demon of your
    # choice. [No Demon]"
    game = _game("washerwoman", "summoner", "monk", "empath", "chef", "fortuneteller", "soldier")
    assert not [p for p in count_problems(game.g, game.table.cat) if "Demon" in p]
    assert "summoner" in _night(game)
    game.say("end day")
    assert "summoner" not in _night(game, {"monk": "seat 7"})
    game.say("end day")
    game.to("summoner", {"monk": "seat 7"})
    game.say("seat 4 imp")
    assert game.player(4).character == "imp" and game.player(4).alignment == "evil"


# -- the Boffin --------------------------------------------------------------------------------------


def test_the_boffin_gives_the_demon_a_good_ability_not_in_play() -> None:
    # Boffin: "The Demon (even if drunk or poisoned) has a not-in-play good character's ability. You both
    # know which."
    game = _game("imp", "boffin", "monk", "empath", "chef", "fortuneteller", "soldier")
    game.to("boffin")
    assert game.refused("monk")  # in play
    game.say("slayer")
    assert "slayer" in game.player(1).abilities


# -- the Wraith --------------------------------------------------------------------------------------


def test_the_wraith_has_its_steps_at_the_start_of_each_night() -> None:
    # Wraith: "You may choose to open your eyes at night. You wake when other evil players do."
    game = _game("imp", "wraith", "monk", "empath", "chef", "fortuneteller", "soldier")
    assert _night(game)[:2] == ["dusk", "wraith"]


# -- the Al-Hadikhia ---------------------------------------------------------------------------------


def test_the_al_hadikhias_three_all_live_so_all_die() -> None:
    # Al-Hadikhia: "Each night*, choose 3 players (all players learn who): each silently chooses to live
    # or die, but if all live, all die."
    game = _game("alhadikhia", "poisoner", "monk", "empath", "chef", "fortuneteller", "soldier")
    _to_night_two(game, {"poisoner": "seat 6"})
    game.to("alhadikhia", {"poisoner": "seat 6", "monk": "seat 7"})
    game.say("seat 4", "seat 5", "seat 6")
    assert "all choose to live" in game.prompt.text
    game.say("yes")
    assert not any(game.player(s).alive for s in (4, 5, 6))


# -- the Leviathan -----------------------------------------------------------------------------------


def test_the_leviathan_wins_when_a_second_good_player_is_executed() -> None:
    # Leviathan: "If more than 1 good player is executed, evil wins. All players know you are in play."
    game = _game("leviathan", "poisoner", "monk", "empath", "chef", "fortuneteller", "soldier")
    _night(game, {"poisoner": "seat 6"})
    game.say("seat 3 is executed", "end day")
    assert game.g.winner is None and "leviathan:Good Player Executed" in game.tokens(3)
    _night(game, {"poisoner": "seat 6"})
    game.say("seat 4 is executed")
    assert game.g.winner == "evil"


def test_the_leviathan_wins_after_day_five() -> None:
    # Leviathan: "After day 5, evil wins."
    game = _game("leviathan", "poisoner", "monk", "empath", "chef", "fortuneteller", "soldier")
    for _ in range(4):
        assert _night(game, {"poisoner": "seat 6", "monk": "seat 7"})[-2:] == ["leviathan", "dawn"]  # told at dawn
        game.say("end day")
    _night(game, {"poisoner": "seat 6", "monk": "seat 7"})
    assert game.g.day == 5 and game.g.winner is None
    game.say("end day")
    assert game.g.winner == "evil"


# -- the Lleech --------------------------------------------------------------------------------------


def test_the_lleech_poisons_its_host_and_dies_only_with_it() -> None:
    # Lleech: "Each night*, choose a player: they die. You start by choosing an alive player: they are
    # poisoned - you die if & only if they die."
    game = _game("lleech", "poisoner", "monk", "empath", "chef", "fortuneteller", "soldier")
    _night(game, {"poisoner": "seat 6", "lleech": "seat 4"})
    assert "lleech:Poisoned" in game.tokens(4)
    game.say("seat 1 is executed")
    assert game.player(1).alive  # not by execution
    game.say("seat 4 dies")
    assert not game.player(1).alive


# -- the Ojo -----------------------------------------------------------------------------------------


def test_the_ojo_kills_the_character_it_names() -> None:
    # Ojo: "Each night*, choose a character: they die. If they are not in play, the Storyteller chooses
    # who dies."
    game = _game("ojo", "poisoner", "monk", "empath", "chef", "fortuneteller", "soldier")
    _to_night_two(game, {"poisoner": "seat 6"})
    game.to("ojo", {"poisoner": "seat 6", "monk": "seat 7"})
    game.say("chef")
    assert not game.player(5).alive


def test_the_ojo_naming_a_character_not_in_play_asks_who_dies() -> None:
    game = _game("ojo", "poisoner", "monk", "empath", "chef", "fortuneteller", "soldier")
    _to_night_two(game, {"poisoner": "seat 6"})
    game.to("ojo", {"poisoner": "seat 6", "monk": "seat 7"})
    game.say("virgin")
    assert "not in play" in game.prompt.text
    game.say("seat 4")
    assert not game.player(4).alive


# -- the Boomdandy -----------------------------------------------------------------------------------


def test_the_boomdandy_executed_leaves_three_alive() -> None:
    # Boomdandy: "If you are executed, all but 3 players die."
    game = _game("imp", "boomdandy", "monk", "empath", "chef", "fortuneteller", "soldier")
    _night(game)
    game.say("seat 2 is executed")
    assert "explodes" in game.prompt.text
    game.say("yes")
    assert len(game.g.living()) == 3 and game.player(1).alive
