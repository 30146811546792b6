"""The storyteller's hand on the grimoire: every edit, typed in English exactly as the issue spells it
(and in Korean), is one journaled change that back undoes exactly and the save replays; the rules go on
from the grimoire as edited."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from moderator.clocktower.rules.status import impaired
from tests.storyteller.helpers import Game
from tests.tables import make_table, twelve_table

TB = ["imp", "poisoner", "monk", "empath", "chef", "fortuneteller", "soldier"]
"""Seat 1 the Imp, 2 the Poisoner, 3 the Monk, 4 the Empath, 5 the Chef, 6 the Fortune Teller, 7 the Soldier."""


def tb(lang: str = "en") -> Game:
    return Game(make_table("trouble-brewing", list("abcdefg"), TB, decide={"red_herring": "3"}, lang=lang), lang)  # type: ignore[arg-type]


def at_poisoner(game: Game) -> Game:
    game.say("next", "next", "next")  # dusk, Minion info, Demon info
    assert game.prompt.step == "poisoner"
    return game


def test_revive_and_die_at_any_moment() -> None:
    game = at_poisoner(tb())
    game.edit("seat 4 dies")
    assert not game.player(4).alive
    game.edit("seat 4 revives")
    assert game.player(4).alive and 4 not in game.g.died_tonight  # a death taken back is never announced
    assert "alive already" in game.refused("seat 4 revives")


def test_a_player_killed_by_mistake_and_revived_wakes_again() -> None:
    game = at_poisoner(tb())
    game.say("seat 4 dies")
    game.to("dawn", {"poisoner": "seat 5"})
    assert not any(p.get("step") == "empath" for p in game.jsonl())  # dead: the Empath slept
    game.say("back to poisoner")  # the death, made at the Poisoner's step, is undone with everything since
    assert game.player(4).alive
    game.say("seat 4 dies", "seat 4 revives")
    game.to("empath", {"poisoner": "seat 5"})
    assert game.prompt.seat == 4


def test_a_character_changes_and_its_alignment_follows() -> None:
    game = at_poisoner(tb())
    reply = game.edit("seat 3 is the imp")
    assert (game.player(3).character, game.player(3).alignment) == ("imp", "evil")
    assert any("you are" in line for line in reply.say)  # woken at night to learn it
    game.say("back")
    game.edit("seat 3 is the good imp")
    assert game.player(3).alignment == "good"
    game.say("back")
    game.edit("seat 2 is the chef")  # the Poisoner's own step: it is over, the night moves on
    assert (game.player(2).character, game.player(2).alignment) == ("chef", "good")
    assert game.prompt.step != "poisoner"


def test_alignment_by_hand() -> None:
    game = at_poisoner(tb())
    game.edit("seat 1 is good")
    assert game.player(1).alignment == "good"
    game.edit("seat 5 is evil")
    assert game.player(5).alignment == "evil"
    game.to("chef", {"poisoner": "no"})
    assert game.prompt.truth == 0  # the Chef sits between the Empath and an evil-by-hand ... counted


def test_swap_exchanges_characters_and_alignments() -> None:
    game = at_poisoner(tb())
    game.edit("swap seat 1 and seat 4")
    assert (game.player(1).character, game.player(1).alignment) == ("empath", "good")
    assert (game.player(4).character, game.player(4).alignment) == ("imp", "evil")
    assert "different" in game.refused("swap seat 2 and seat 2")


def test_poisoned_drunk_and_sober_by_hand() -> None:
    game = at_poisoner(tb())
    game.edit("seat 4 is poisoned")
    assert "storyteller:Poisoned" in game.tokens(4)
    game.to("empath", {"poisoner": "seat 5"})
    assert "poisoned" in game.prompt.text  # the hand-poisoned Empath's answer is flagged
    game.say("showed 2")  # any number is taken and recorded
    game.say("back")
    game.edit("seat 4 is sober")
    assert game.tokens(4) == [] and not impaired(game.g, game.table.cat, game.player(4))
    game.edit("seat 4 is drunk")
    assert "storyteller:Drunk" in game.tokens(4)
    assert "drunk" in game.prompt.text


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_status_at_the_step_whose_pick_gives_it_stays_an_edit_and_says_how_to_pick(lang: str) -> None:
    """'seat 4 is poisoned' at the Poisoner's step is the documented edit (a storyteller's token); the
    reply says how to make it the Poisoner's pick instead, and doing so leaves only the Poisoner's token."""
    game = at_poisoner(tb(lang))
    reply = game.edit("seat 4 is poisoned" if lang == "en" else "4번 중독")
    assert game.tokens(4) == ["storyteller:Poisoned"] and game.prompt.step == "poisoner"
    hint = {"en": "If this was the Poisoner's pick, say 'back', then 'seat 4'.",
            "ko": "독살자의 선택이었다면 '뒤로'라고 한 뒤 '4번'이라고 하세요."}[lang]  # fmt: skip
    assert reply.say[-1] == hint
    game.say("back" if lang == "en" else "뒤로", "seat 4" if lang == "en" else "4번")
    assert game.tokens(4) == ["poisoner:Poisoned"] and game.prompt.step != "poisoner"
    drunk = game.edit("seat 5 is drunk" if lang == "en" else "5번 취함")  # no pick of this step makes anyone drunk
    assert len(drunk.say) == 1


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_death_at_the_demons_step_stays_an_edit_and_says_how_to_make_it_the_kill(lang: str) -> None:
    """'seat 6 dies' at the Imp's step is the documented death by hand; the reply says how to make it the
    Imp's kill instead. A death at a step whose pick does not kill (the Monk's) says nothing more."""
    game = at_poisoner(tb(lang))
    game.to("day", {"poisoner": "seat 5"})
    game.say("end day")
    game.to("monk", {"poisoner": "seat 5"})
    monk = game.edit("seat 4 dies" if lang == "en" else "4번 사망")
    assert not any("'back'" in line or "'뒤로'" in line for line in monk.say)
    game.say("back" if lang == "en" else "뒤로")
    game.to("imp", {"poisoner": "seat 5", "monk": "seat 7"})
    reply = game.edit("seat 6 dies" if lang == "en" else "6번 죽음")
    hint = {"en": "If this was the Imp's pick, say 'back', then 'seat 6'.",
            "ko": "임프의 선택이었다면 '뒤로'라고 한 뒤 '6번'이라고 하세요."}[lang]  # fmt: skip
    assert reply.say[-1] == hint and not game.player(6).alive and game.prompt.step == "imp"
    game.say("back" if lang == "en" else "뒤로", "seat 6" if lang == "en" else "6번")
    assert not game.player(6).alive and game.prompt.step != "imp"


def test_sober_by_hand_overrules_another_token() -> None:
    game = at_poisoner(tb())
    game.say("seat 5")  # the Poisoner poisons the Chef
    assert impaired(game.g, game.table.cat, game.player(5))
    game.edit("seat 5 is sober")
    assert "storyteller:Sober" in game.tokens(5) and "poisoner:Poisoned" in game.tokens(5)
    assert not impaired(game.g, game.table.cat, game.player(5))
    game.edit("seat 5 is poisoned")  # the Sober token goes
    assert "storyteller:Sober" not in game.tokens(5)


def test_reminders_put_and_taken_off_work_as_the_rules_say() -> None:
    game = at_poisoner(tb())
    game.to("day", {"poisoner": "seat 5"})
    game.say("end day")
    game.to("imp", {"poisoner": "seat 5", "monk": "seat 7"})
    reply = game.edit("put monk safe on seat 4")  # by hand: safe from the Demon tonight, as if the Monk chose them
    assert "monk:Safe" in game.tokens(4)
    assert "monk:Safe" not in game.tokens(7) and "from seat 7" in " ".join(reply.say)  # the set's one Safe moves
    game.say("seat 4")  # the Imp attacks the Empath
    assert game.player(4).alive
    game.say("back")
    game.edit("take monk safe off seat 4")
    assert "there is no Monk Safe on seat 4" in game.refused("take monk safe off seat 4")
    game.say("seat 4")
    assert not game.player(4).alive
    game.edit("put fortune teller red herring on seat 7")
    assert "fortuneteller:Red Herring" in game.tokens(7)


def test_a_token_the_set_holds_several_of_is_put_again_not_moved() -> None:
    # The official set has three Noble Know tokens and one Fortune Teller Red Herring.
    game = at_poisoner(tb())
    game.edit("put noble know on seat 2")
    game.edit("put noble know on seat 3")
    assert "noble:Know" in game.tokens(2) and "noble:Know" in game.tokens(3)
    herring = [s for s in range(1, 8) if "fortuneteller:Red Herring" in game.tokens(s)]
    assert len(herring) == 1
    target = next(s for s in range(1, 8) if s not in herring)
    game.edit(f"put fortune teller red herring on seat {target}")
    assert [s for s in range(1, 8) if "fortuneteller:Red Herring" in game.tokens(s)] == [target]
    game.say("back")
    assert [s for s in range(1, 8) if "fortuneteller:Red Herring" in game.tokens(s)] == herring


def test_notes_on_a_seat() -> None:
    game = at_poisoner(tb())
    game.edit("note seat 5 claims the Chef, day 1!")
    assert game.player(5).notes == ["claims the Chef, day 1!"]  # as typed: punctuation is the note's own
    game.edit("clear notes seat 5")
    assert game.player(5).notes == []


def test_an_ability_used_up_by_hand_and_given_back() -> None:
    game = Game(make_table("trouble-brewing", list("abcdefg"),
                           ["imp", "poisoner", "slayer", "empath", "chef", "virgin", "soldier"]))  # fmt: skip
    game.to("day", {"poisoner": "seat 5"})
    game.edit("seat 3 has used their ability")
    assert game.player(3).has_reminder("No Ability", "slayer")
    game.say("seat 3 slays seat 1")
    assert game.player(1).alive  # a Slayer with no ability shoots and nothing happens
    game.say("back")
    game.edit("seat 3 has their ability")
    assert not game.player(3).has_reminder("No Ability", "slayer")
    game.say("seat 3 slays seat 1")
    assert not game.player(1).alive and game.g.winner == "good"


def test_ghost_votes_by_hand() -> None:
    game = at_poisoner(tb())
    game.say("seat 6 dies")
    game.edit("seat 6 has no ghost vote")
    assert not game.player(6).ghost_vote
    game.edit("seat 6 has a ghost vote")
    assert game.player(6).ghost_vote
    assert "already" in game.refused("seat 6 has a ghost vote")


def test_fabled_in_play() -> None:
    game = at_poisoner(tb())
    game.edit("add fabled djinn")
    assert game.g.fabled == ["djinn"]
    assert "in play already" in game.refused("add fabled djinn")
    assert "not a Fabled" in game.refused("add fabled imp")
    assert any("Djinn" in line for line in game.say("grimoire").shown)
    game.edit("remove fabled djinn")
    assert game.g.fabled == []


@pytest.mark.parametrize(
    ("line", "check"),
    [
        ("7번 부활", lambda g: g.player(7).alive),
        ("3번을 임프로 바꿔", lambda g: g.player(3).character == "imp"),
        ("1번은 선", lambda g: g.player(1).alignment == "good"),
        ("1번과 4번 교환", lambda g: g.player(1).character == "empath"),
        ("4번 중독", lambda g: g.player(4).has_reminder("Poisoned", "storyteller")),
        ("4번 취함", lambda g: g.player(4).has_reminder("Drunk", "storyteller")),
        ("5번에 수도승 안전 놓기", lambda g: g.player(5).has_reminder("Safe", "monk")),
        ("5번 메모 요리사라고 주장", lambda g: g.player(5).notes == ["요리사라고 주장"]),
        ("3번 능력 소진", lambda g: g.player(3).has_reminder("No Ability", "monk")),
        ("여행자 도둑 하나 7번 다음에 추가", lambda g: g.player(8).character == "thief" and g.player(8).name == "하나"),
        ("전설 지니 추가", lambda g: g.fabled == ["djinn"]),
    ],
)
def test_korean_edits(line: str, check: object) -> None:
    game = at_poisoner(tb("ko"))
    if "부활" in line:
        game.say("7번 사망")
    game.edit(line)
    assert callable(check) and check(game.g)


def test_an_edit_that_wins_ends_the_game_and_back_takes_it_back() -> None:
    game = at_poisoner(tb())
    game.say("seat 1 dies")
    assert (game.g.winner, game.g.won_by, game.prompt.step) == ("good", "no_demon", "over")
    assert "No Demon is alive" in game.prompt.text and "Say back to undo" in game.prompt.text
    assert "game is over" in game.refused("seat 2 dies")
    game.say("back")
    assert game.g.winner is None and game.player(1).alive


def test_edits_refused_with_a_reason_change_nothing() -> None:
    game = at_poisoner(tb())
    assert "no seat 9" in game.refused("seat 9 revives")
    assert "there is no" in game.refused("take monk safe off seat 2")
    assert "not a Traveller" in game.refused("add traveller imp as Zed after seat 2")


def test_a_twelve_game_in_korean_mended_mid_night() -> None:
    game = Game(twelve_table("ko"), "ko")
    game.say("다음", "다음", "다음")
    game.edit("5번 사망")
    game.edit("5번 부활")
    game.edit("2번 중독")
    assert game.player(2).has_reminder("Poisoned", "storyteller")


def test_a_death_by_hand_at_night_is_confirmed_and_told_at_dawn() -> None:
    game = at_poisoner(tb())
    reply = game.say("seat 7 dies")
    assert any("announced at dawn" in line for line in reply.say) and not reply.public


def test_the_drunk_made_sober_is_still_the_drunk() -> None:
    chars = ["imp", "poisoner", "drunk", "empath", "chef", "monk", "soldier"]
    game = Game(make_table("trouble-brewing", list("abcdefg"), chars, decide={"drunk_believes": "virgin"}))
    reply = game.edit("seat 3 is sober")
    assert any("is the Drunk" in line for line in reply.say)
    assert impaired(game.g, game.table.cat, game.player(3))  # no ability, whatever lies by them
    game.say("back")
    game.edit("seat 3 is the virgin")


def test_a_swap_tells_both_players_who_they_are() -> None:
    game = at_poisoner(tb())
    reply = game.say("swap seat 1 and seat 7")
    told = [line for line in reply.say if "'you are'" in line]
    assert len(told) == 2 and "Imp" in told[1] and "Soldier" in told[0]


def test_the_spy_executed_through_the_virgin_is_announced_as_an_execution() -> None:
    """The storyteller has the Spy register as a Townsfolk to the Virgin: the table hears an execution,
    as for a Townsfolk who nominates her (found by an outside audit, 2026-12-06)."""
    chars = ["imp", "spy", "virgin", "empath", "chef", "monk", "soldier"]
    for nominator, asked in ((2, True), (4, False)):
        game = Game(make_table("trouble-brewing", list("abcdefg"), chars))
        game.to("day")
        reply = game.say(f"seat {nominator} nominates seat 3")
        if asked:
            assert game.g.question is not None and not reply.public
            reply = game.say("yes")
        assert reply.public[:1] == [f"Seat {nominator} is executed at once."], reply.public
        assert any("has died" in line for line in reply.public)
        assert game.g.executed_today == nominator


def test_the_demons_bluffs_chosen_by_hand() -> None:
    """The three bluffs setup drew are a proposal: the storyteller shows the Demon others, by hand, at any step
    (an outside audit found no way to); only good characters of the script that are not in play are bluffs."""
    game = tb()
    game.say("next", "next")
    assert game.prompt.step == "demoninfo"
    reply = game.edit("bluffs virgin and mayor and saint")
    assert game.g.bluffs == ["virgin", "mayor", "saint"]
    assert any("Virgin, Mayor, Saint" in line for line in reply.say)
    assert "Bluffs: Virgin, Mayor, Saint" in game.prompt.text  # the Demon info's true answer follows
    assert "in play" in game.refused("bluffs chef and mayor")
    assert "not good" in game.refused("bluffs baron")
    assert "up to three" in game.refused("bluffs virgin, mayor, saint, butler")
    assert "up to three" in game.refused("bluffs virgin and virgin")
    assert "are characters" in game.refused("bluffs seat 3 and seat 4")
    game.say("next", "next")  # on to the Poisoner: still a hand edit
    game.edit("the demon bluffs are drunk, recluse")
    assert game.g.bluffs == ["drunk", "recluse"]


def test_the_bluffs_in_korean() -> None:
    game = tb("ko")
    game.say("다음", "다음")
    game.edit("블러프 처녀 시장 성자")
    assert game.g.bluffs == ["virgin", "mayor", "saint"]
    game.edit("처녀랑 시장 블러프")
    assert game.g.bluffs == ["virgin", "mayor"]
    assert "게임에 있습니다" in game.refused("블러프 요리사")


@given(st.lists(st.sampled_from(sorted(tb().table.script.ids)), min_size=1, max_size=4))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_bluffs_are_taken_exactly_when_the_rules_allow_them(chosen: list[str]) -> None:
    game = tb()
    game.say("next", "next")
    cat = game.table.cat
    line = "bluffs " + " and ".join(cat[c].name("en") for c in chosen)
    legal = (len(set(chosen)) == len(chosen) <= 3 and all(cat.team(c) in ("townsfolk", "outsider") for c in chosen)
             and not set(chosen) & set(TB))  # fmt: skip
    if legal:
        game.say(line)
        assert game.g.bluffs == chosen
    else:
        game.refused(line)


def test_a_note_keeps_what_was_typed() -> None:
    """Audit: a note lost its first and last punctuation ("(said 2" , "3 trusts"), and one with a question mark
    or "maybe" was taken for the storyteller's doubt and read back as another note entirely."""
    game = at_poisoner(tb())
    for note in ["claims Chef (said 2)", "<3 trusts seat 4", "50% sure; maybe #2", "is she lying?"]:
        game.edit(f"note seat 5 {note}")
    assert game.player(5).notes == ["claims Chef (said 2)", "<3 trusts seat 4", "50% sure; maybe #2", "is she lying?"]
