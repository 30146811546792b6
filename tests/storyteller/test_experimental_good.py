"""The Experimental (Carousel) Townsfolk and Outsiders, from their rule texts (issue 26). Each test quotes
the ability it checks (the official wording, as the script tool prints it) and drives the table by typed
commands: the step at its place in the night, what its effect does, the setup change, the question asked.
"""

from __future__ import annotations

import random

from moderator.clocktower.rules.bag import build_bag, count_problems
from moderator.clocktower.rules.loader import default_catalogue
from moderator.clocktower.rules.scripts import complete, load_script
from moderator.clocktower.rules.status import impaired
from tests.storyteller.helpers import Game
from tests.tables import make_table

NIGHT1 = {"poisoner": "seat 7"}


def _game(assign: list[str], decide: dict[str, str] | None = None) -> Game:
    """Trouble Brewing with the characters of ``assign`` not on it added, seven players a–g in seat order."""
    added = [c for c in assign if c not in _tb_ids()]
    table = make_table("trouble-brewing", list("abcdefg"), assign, add=added, decide=decide or {"red_herring": "3"})
    return Game(table)


def _tb_ids() -> set[str]:
    script, _ = load_script("trouble-brewing", default_catalogue())
    return set(script.ids)


def _night_steps(game: Game, answers: dict[str, str]) -> list[str]:
    """The steps walked until the day, answering each as ``answers`` says (else next)."""
    seen: list[str] = []
    for _ in range(40):
        step = game.prompt.step
        if step == "day":
            return seen
        seen.append(step)
        fresh = game.g.cursor is not None and not game.g.cursor.seats and game.g.question is None
        game.say(answers.get(step, "next") if fresh else "next")
    raise AssertionError(seen)


def _to_night_two(game: Game) -> None:
    """Through the first night and an empty first day to the second night."""
    game.to("day", NIGHT1)
    game.say("end day")


# -- the Huntsman and the Damsel -------------------------------------------------------------------------

HUNT = ["imp", "poisoner", "huntsman", "damsel", "chef", "empath", "soldier"]


def test_the_huntsman_picks_the_damsel_who_becomes_a_townsfolk_not_in_play() -> None:
    # Huntsman: "Once per game, at night, choose a living player: the Damsel, if chosen, becomes a
    # not-in-play Townsfolk."
    game = _game(HUNT)
    game.to("huntsman", NIGHT1)
    reply = game.say("seat 4")
    assert game.player(4).character not in ("damsel", "chef", "empath", "huntsman")
    assert game.g.player(4).alignment == "good"
    assert any("Damsel in seat 4 is now" in line for line in reply.say), reply.say
    assert game.player(3).has_reminder("No Ability", "huntsman")


def test_the_huntsmans_miss_spends_the_ability_and_it_sleeps_after() -> None:
    # Huntsman: "Once per game": a wrong pick spends it; it does not wake again.
    game = _game(HUNT)
    game.to("huntsman", NIGHT1)
    game.say("seat 5")
    assert game.player(4).character == "damsel" and game.player(5).character == "chef"
    game.to("day", NIGHT1)
    game.say("end day")
    assert "huntsman" not in _night_steps(game, {"poisoner": "seat 7", "imp": "seat 6"})


def test_the_huntsman_brings_the_damsel_into_the_bag() -> None:
    # Huntsman: "[+the Damsel]": whenever the Huntsman is in the bag, so is the Damsel, even with no
    # Outsider at seven players (she then replaces a Townsfolk).
    cat = default_catalogue()
    script, _ = load_script("trouble-brewing", cat)
    script = complete(script, cat, ["huntsman", "damsel"])
    bag = build_bag(script, cat, 7, random.Random(1), require=["huntsman"])
    assert "damsel" in bag.seated and "huntsman" in bag.seated
    assert len(bag.seated) == 7


def test_the_damsels_extra_outsider_passes_the_count_check() -> None:
    # Huntsman's [+the Damsel]: one Outsider where the table asks for none is allowed.
    game = _game(HUNT)
    assert not [p for p in count_problems(game.g, game.table.cat) if "Outsider" in p]


def test_the_minions_learn_a_damsel_is_in_play_on_the_first_night() -> None:
    # Damsel: "All Minions know a Damsel is in play."
    game = _game(["imp", "poisoner", "monk", "damsel", "chef", "empath", "soldier"])
    steps = _night_steps(game, NIGHT1)
    assert "damsel" in steps
    game2 = _game(["imp", "poisoner", "monk", "damsel", "chef", "empath", "soldier"])
    game2.to("damsel", NIGHT1)
    assert "Minion" in game2.prompt.text


def test_a_minions_right_guess_at_the_damsel_makes_good_lose() -> None:
    # Damsel: "If a Minion publicly guesses you (once), your team loses."
    game = _game(["imp", "poisoner", "monk", "damsel", "chef", "empath", "soldier"])
    game.to("day", NIGHT1)
    game.say("seat 2 uses their ability on seat 4")
    assert game.g.winner == "evil"


def test_a_minions_guess_at_the_damsel_said_as_a_public_guess() -> None:
    # Damsel: "If a Minion publicly guesses you": the documented public guess ('seat 2 guesses seat 4').
    game = _game(["imp", "poisoner", "monk", "damsel", "chef", "empath", "soldier"])
    game.to("day", NIGHT1)
    game.say("seat 2 guesses seat 4")
    assert game.g.winner == "evil"


def test_the_minions_guess_at_the_damsel_once_and_only_a_minion() -> None:
    # Damsel: "If a Minion publicly guesses you (once)": a wrong guess spends it; a Townsfolk cannot guess.
    game = _game(["imp", "poisoner", "monk", "damsel", "chef", "empath", "soldier"])
    game.to("day", NIGHT1)
    assert "no day ability" in " ".join(game.say("seat 5 uses their ability on seat 4").say)
    game.say("seat 2 uses their ability on seat 3")
    assert game.g.winner is None and game.player(4).has_reminder("Guess Used", "damsel")
    game.say("seat 2 uses their ability on seat 4")  # the one guess is gone
    assert game.g.winner is None


# -- the Banshee ------------------------------------------------------------------------------------

BANSHEE = ["imp", "poisoner", "monk", "banshee", "chef", "empath", "soldier"]


def test_the_banshee_killed_by_the_demon_is_announced_and_has_ability() -> None:
    # Banshee: "If the Demon kills you, all players learn this. From now on, you may nominate twice per
    # day and vote twice per nomination."
    game = _game(BANSHEE)
    _to_night_two(game)
    game.to("imp", {"poisoner": "seat 7", "monk": "seat 5"})
    game.say("seat 4")
    game.to("banshee", {"poisoner": "seat 7", "monk": "seat 5"})
    reply = game.say("next")
    assert game.player(4).has_reminder("Has Ability", "banshee")
    assert not any("Banshee" in line for line in reply.public), reply.public  # not while eyes are closed
    game.to("dawn", {"poisoner": "seat 7", "monk": "seat 5"})
    assert "Banshee" in (game.prompt.public or ""), game.prompt.public  # at dawn, with the deaths
    game.to("day")
    assert "nominate twice" in game.prompt.text


def test_the_banshee_killed_by_the_demon_nominates_twice_a_day_though_dead() -> None:
    # Banshee: "From now on, you may nominate twice per day" (How to Run: "alive or dead"); others once.
    game = _game(BANSHEE)
    _to_night_two(game)
    game.to("imp", {"poisoner": "seat 7", "monk": "seat 5"})
    game.say("seat 4")
    game.to("day", {"poisoner": "seat 7", "monk": "seat 5"})
    assert not game.player(4).alive
    game.say("seat 4 nominates seat 1", "0 votes", "seat 4 nominates seat 2", "0 votes")
    assert game.g.today.nominators == [4, 4]
    assert "already" in game.refused("seat 4 nominates seat 3")
    game.say("seat 5 nominates seat 3", "0 votes")
    assert "already" in game.refused("seat 5 nominates seat 6")


def test_the_banshee_executed_does_not_wake() -> None:
    # Banshee: only the Demon's kill ("If the Demon kills you").
    game = _game(BANSHEE)
    game.to("day", NIGHT1)
    game.say("seat 1 nominates seat 4", "6 votes", "end day")
    steps = _night_steps(game, {"poisoner": "seat 7", "monk": "seat 5", "imp": "seat 6"})
    assert "banshee" not in steps


# -- the King and the Choirboy ----------------------------------------------------------------------

KING = ["imp", "poisoner", "king", "choirboy", "chef", "empath", "soldier"]


def test_the_demon_learns_the_king_on_the_first_night() -> None:
    # King: "The Demon knows who you are." The Demon wakes at the King's place in the first night.
    game = _game(KING)
    game.to("king", NIGHT1)
    assert game.prompt.seat == 1  # addressed to the Demon
    assert game.prompt.truth == 3  # the King's seat, to point at


def test_the_choirboy_learns_the_demon_when_the_demon_kills_the_king() -> None:
    # Choirboy: "If the Demon kills the King, you learn which player is the Demon. [+the King]"
    game = _game(KING)
    _to_night_two(game)
    game.to("imp", {"poisoner": "seat 7"})
    game.say("seat 3")
    game.to("choirboy", {"poisoner": "seat 7"})
    assert game.prompt.seat == 4


def test_the_choirboy_sleeps_when_the_king_lives() -> None:
    game = _game(KING)
    _to_night_two(game)
    assert "choirboy" not in _night_steps(game, {"poisoner": "seat 7", "imp": "seat 5"})


def test_the_choirboy_brings_the_king_into_the_bag() -> None:
    # Choirboy: "[+the King]"
    cat = default_catalogue()
    script, _ = load_script("trouble-brewing", cat)
    script = complete(script, cat, ["choirboy", "king"])
    for seed in range(3):
        bag = build_bag(script, cat, 8, random.Random(seed), require=["choirboy"])
        assert "king" in bag.seated


def test_the_king_learns_a_living_character_when_the_dead_are_as_many() -> None:
    # King: "Each night, if the dead equal or outnumber the living, you learn 1 alive character."
    game = _game(KING)
    game.to("day", NIGHT1)
    for s in (5, 6, 7):
        game.say(f"seat {s} dies")
    game.say("end day")
    game.to("imp", {"poisoner": "seat 2"})
    game.say("seat 4")  # four dead, three alive
    game.to("king", {"poisoner": "seat 2"})
    assert "living" in game.refused("empath")
    game.say("poisoner")


# -- the Farmer, the Preacher, the Princess ---------------------------------------------------------


def test_the_farmer_killed_at_night_makes_a_living_good_player_a_farmer() -> None:
    # Farmer: "When you die at night, an alive good player becomes a Farmer."
    game = _game(["imp", "poisoner", "monk", "farmer", "chef", "empath", "soldier"])
    _to_night_two(game)
    game.to("imp", {"poisoner": "seat 7", "monk": "seat 5"})
    game.say("seat 4")
    game.to("farmer", {"poisoner": "seat 7", "monk": "seat 5"})
    assert "good" in game.refused("seat 2")
    game.say("seat 6")
    assert game.player(6).character == "farmer"


def test_the_preachers_minion_loses_its_ability() -> None:
    # Preacher: "Each night, choose a player: a Minion, if chosen, learns this. All chosen Minions have no ability."
    game = _game(["imp", "poisoner", "preacher", "monk", "chef", "empath", "soldier"])
    game.to("preacher")
    game.say("seat 2")
    assert game.player(2).has_reminder("No Ability", "preacher")
    assert impaired(game.g, game.table.cat, game.player(2))  # no ability: run as drunk


def test_the_preacher_picking_a_townsfolk_does_nothing() -> None:
    game = _game(["imp", "poisoner", "preacher", "monk", "chef", "empath", "soldier"])
    game.to("preacher")
    game.say("seat 5")
    assert not any(r.name == "No Ability" for p in game.g.players for r in p.reminders)


def test_the_princesss_executed_nominee_spares_the_night() -> None:
    # Princess: "On your 1st day, if you nominated & executed a player, the Demon doesn't kill tonight."
    game = _game(["imp", "poisoner", "princess", "monk", "chef", "empath", "soldier"])
    game.to("day", NIGHT1)
    game.say("seat 3 nominates seat 5", "6 votes", "end day")
    game.to("princess", {"poisoner": "seat 7", "monk": "seat 5"})
    game.say("next")
    game.to("imp", {"poisoner": "seat 7", "monk": "seat 5"})
    game.say("seat 6")
    assert game.player(6).alive
    assert game.player(1).has_reminder("Doesn't Kill", "princess")


def test_the_princess_sleeps_when_another_nominated_the_executee() -> None:
    game = _game(["imp", "poisoner", "princess", "monk", "chef", "empath", "soldier"])
    game.to("day", NIGHT1)
    game.say("seat 4 nominates seat 5", "6 votes", "end day")
    assert "princess" not in _night_steps(game, {"poisoner": "seat 7", "monk": "seat 6", "imp": "seat 6"})


# -- alignments: the Cult Leader and the Ogre -------------------------------------------------------


def test_the_cult_leader_takes_a_living_neighbours_alignment() -> None:
    # Cult Leader: "Each night, you become the alignment of an alive neighbour."
    game = _game(["poisoner", "cultleader", "imp", "monk", "chef", "empath", "soldier"])
    game.to("cultleader", {"poisoner": "seat 7"})
    assert "neighbour" in game.refused("seat 5")
    game.say("seat 1")
    assert game.player(2).alignment == "evil"


def test_the_cult_leaders_team_wins_when_every_good_player_joins_the_cult() -> None:
    # Cult Leader: "If all good players choose to join your cult, your team wins."
    game = _game(["poisoner", "cultleader", "imp", "monk", "chef", "empath", "soldier"])
    game.to("day", {"poisoner": "seat 7", "cultleader": "seat 1"})
    assert game.player(2).alignment == "evil"
    game.say("seat 2 uses their ability", "no")  # not every good player joined: nothing
    assert game.g.winner is None
    game.say("seat 2 uses their ability", "yes")
    assert game.g.winner == "evil"


def test_the_ogre_becomes_its_friends_alignment_even_poisoned() -> None:
    # Ogre: "On your 1st night, choose a player (not yourself): you become their alignment (you don't
    # know which) even if drunk or poisoned."
    game = _game(["imp", "poisoner", "monk", "ogre", "chef", "empath", "soldier"])
    game.to("ogre", {"poisoner": "seat 4"})
    assert "themselves" in game.refused("seat 4")
    game.say("seat 1")
    assert game.player(4).alignment == "evil" and game.player(1).has_reminder("Friend", "ogre")


# -- the Golem, the Plague Doctor, the Puzzlemaster, the Engineer -------------------------------------


def test_the_golems_nominee_who_is_not_the_demon_dies() -> None:
    # Golem: "You may only nominate once per game. When you do, if the nominee is not the Demon, they die."
    game = _game(["imp", "poisoner", "monk", "golem", "chef", "empath", "soldier"])
    game.to("day", NIGHT1)
    game.say("seat 4 nominates seat 5")
    assert not game.player(5).alive
    assert game.player(4).has_reminder("May Not Nominate", "golem")


def test_the_golem_nominating_the_demon_kills_nobody() -> None:
    game = _game(["imp", "poisoner", "monk", "golem", "chef", "empath", "soldier"])
    game.to("day", NIGHT1)
    game.say("seat 4 nominates seat 1")
    assert game.player(1).alive


def test_the_plague_doctors_death_gives_the_storyteller_a_minion_ability() -> None:
    # Plague Doctor: "When you die, the Storyteller gains a Minion ability."
    game = _game(["imp", "poisoner", "monk", "plaguedoctor", "chef", "empath", "soldier"])
    game.to("day", NIGHT1)
    game.say("seat 1 nominates seat 4", "6 votes", "end day")
    game.to("plaguedoctor", {"poisoner": "seat 7", "monk": "seat 5", "imp": "seat 6"})
    assert "Minion" in game.refused("chef")
    game.say("baron")
    assert game.player(4).has_reminder("Storyteller Ability", "plaguedoctor")


def test_the_puzzlemasters_drunk_player_and_right_guess() -> None:
    # Puzzlemaster: "1 player is drunk, even if you die. If you guess (once) who it is, learn the Demon
    # player, but guess wrong & get false info."
    game = _game(["imp", "poisoner", "monk", "puzzlemaster", "chef", "empath", "soldier"],
                 decide={"puzzlemaster_drunk": "5"})  # fmt: skip
    assert game.player(5).has_reminder("Drunk", "puzzlemaster")
    game.to("day", NIGHT1)
    reply = game.say("seat 4 uses their ability on seat 5")
    assert any("seat 1" in line for line in reply.say), reply.say
    assert game.player(4).has_reminder("Guess Used", "puzzlemaster")
    assert "cannot be used now" in " ".join(game.say("seat 4 uses their ability on seat 5").say)  # once


def test_the_puzzlemasters_wrong_guess_gets_false_info() -> None:
    game = _game(["imp", "poisoner", "monk", "puzzlemaster", "chef", "empath", "soldier"],
                 decide={"puzzlemaster_drunk": "5"})  # fmt: skip
    game.to("day", NIGHT1)
    reply = game.say("seat 4 uses their ability on seat 6")
    assert any("not the Demon" in line for line in reply.say), reply.say


def test_the_engineer_is_asked_and_spent_only_when_used() -> None:
    # Engineer: "Once per game, at night, choose which Minions or which Demon is in play."
    game = _game(["imp", "poisoner", "engineer", "monk", "chef", "empath", "soldier"])
    game.to("engineer", NIGHT1)
    game.say("no")
    assert not game.player(3).has_reminder("No Ability", "engineer")
    game.to("day", NIGHT1)
    game.say("end day")
    game.to("engineer")
    game.say("yes")
    assert game.player(3).has_reminder("No Ability", "engineer")


def test_with_legion_in_play_the_engineer_learns_it_and_has_no_ability() -> None:
    # Jinx: "If Legion is in play, the Engineer starts knowing this but has no ability."
    game = _game(["legion", "legion", "legion", "engineer", "chef", "empath", "soldier"])
    game.to("engineer", NIGHT1)
    assert "Legion" in game.prompt.text and "yesno" not in game.prompt.expects
    game.say("next")
    assert game.player(4).has_reminder("No Ability", "engineer")
    assert game.prompt.step != "engineer"
    game.to("day")
    game.say("end day")
    woken = []
    for _ in range(30):  # the second night: the Engineer does not wake
        woken.append(game.prompt.step)
        if game.prompt.step == "day":
            break
        game.say("seat 5" if "seat" in game.prompt.expects else "next")
    assert woken[-1] == "day" and "engineer" not in woken


# -- death steps: the Poppy Grower and the Hatter ------------------------------------------------------


def test_the_poppy_grower_hides_the_evil_team_until_it_dies() -> None:
    # Poppy Grower: "Minions & Demons do not know each other. If you die, they learn who each other are
    # that night."
    game = _game(["imp", "poisoner", "poppygrower", "monk", "chef", "empath", "soldier"])
    steps = _night_steps(game, NIGHT1)
    assert "minioninfo" not in steps and "demoninfo" not in steps and "poppygrower" in steps
    game.say("seat 1 nominates seat 3", "6 votes", "end day")
    assert "poppygrower" in _night_steps(game, {"poisoner": "seat 7", "monk": "seat 5", "imp": "seat 6"})


def test_the_hatter_dead_wakes_the_evil_team_that_night() -> None:
    # Hatter: "If you died today or tonight, the Minion & Demon players may choose new Minion & Demon
    # characters to be."
    game = _game(["imp", "poisoner", "monk", "hatter", "chef", "empath", "soldier"])
    game.to("day", NIGHT1)
    game.say("seat 1 nominates seat 4", "6 votes", "end day")
    game.to("hatter", {"poisoner": "seat 7", "monk": "seat 5", "imp": "seat 6"})
    assert "Minion" in game.prompt.text
    game.say("next")
    game.to("day", {"poisoner": "seat 7", "monk": "seat 5", "imp": "seat 6"})
    game.say("end day")
    assert "hatter" not in _night_steps(game, {"poisoner": "seat 7", "monk": "seat 5", "imp": "seat 6"})


# -- rules kept as notes: the Zealot, the Hermit, the Snitch ------------------------------------------


def test_the_zealots_day_note() -> None:
    # Zealot: "If there are 5 or more players alive, you must vote for every nomination."
    game = _game(["imp", "poisoner", "monk", "zealot", "chef", "empath", "soldier"])
    game.to("day", NIGHT1)
    assert "must vote for every nomination" in game.prompt.text


def test_the_hermit_may_take_an_outsider_away() -> None:
    # Hermit: "[-0 or -1 Outsider]": the count check allows one Outsider fewer.
    game = _game(["imp", "baron", "monk", "hermit", "chef", "empath", "soldier", "saint"][:7])
    assert not [p for p in count_problems(game.g, game.table.cat) if "Outsider" in p]


def test_the_snitchs_step_on_the_first_night() -> None:
    # Snitch: "Each Minion gets 3 bluffs."
    game = _game(["imp", "poisoner", "monk", "snitch", "chef", "empath", "soldier"])
    assert "snitch" in _night_steps(game, NIGHT1)


def test_a_korean_game_says_the_huntsmans_step_in_korean() -> None:
    # The Korean prompts are ours (no seed names these characters), in the seeds' words.
    table = make_table("trouble-brewing", list("abcdefg"), HUNT, add=["huntsman", "damsel"],
                       decide={"red_herring": "3"}, lang="ko")  # fmt: skip
    game = Game(table, "ko")
    game.to("huntsman", NIGHT1)
    assert "엽사" in game.prompt.text and "살아 있는 플레이어" in game.prompt.text
