"""What a third audit (Korean, tests/audit22/c) found, held in English too: a yes before the answer is
the answer; a step that must choose cannot end with nobody; a seat a step cannot choose is refused when
said; a death by hand that an ability prevents is refused with the way to write it anyway; a revival
brings back the tokens that went with the death; a sober Pixie and Alchemist are shown what is true."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from moderator.commands.parse import Parser, Vocabulary
from moderator.commands.phrases import phrases
from moderator.errors import NotUnderstood
from tests.storyteller.helpers import Game
from tests.tables import make_table


@settings(deadline=None)  # a parser is built per example: slow under a loaded machine, not wrong
@given(seat=st.integers(1, 15), lang=st.sampled_from(["en", "ko"]), data=st.data())
def test_a_yes_before_a_choice_is_the_choice(seat: int, lang: str, data: st.DataObject) -> None:
    parser = Parser(lang, Vocabulary(seats=list(range(1, 16))))  # type: ignore[arg-type]
    yes = data.draw(st.sampled_from(phrases(lang).values.yes))
    said = f"seat {seat}" if lang == "en" else f"{seat}번"
    sep = data.draw(st.sampled_from([" ", ", "]))
    cmd = parser.parse(f"{yes}{sep}{said}", ["seat", "no"])
    assert (cmd.intent, cmd.seats) == ("seat", (seat,))
    assert parser.parse(yes, ["yes", "no"]).intent == "yes"  # alone it is still yes


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_yes_before_anything_but_a_choice_is_not_understood(lang: str) -> None:
    parser = Parser(lang, Vocabulary(seats=[1, 2, 3]))  # type: ignore[arg-type]
    yes = phrases(lang).values.yes[0]
    for rest in ("back", "뒤로", "blah"):
        with pytest.raises(NotUnderstood):
            parser.parse(f"{yes} {rest}", ["seat", "no"])


def test_the_kazali_cannot_end_its_step_without_its_minions() -> None:
    game = Game(make_table("twelve", list("abcdefg"), ["kazali", "pixie", "snakecharmer", "lycanthrope",
                                                        "fisherman", "ravenkeeper", "cannibal"],
                           decide={"faux_paw": "5"}))  # fmt: skip
    game.to("kazali")
    assert "cannot end with nobody" in game.refused("next")
    assert "skip" in game.refused("no")
    game.say("seat 3")
    game.say("no")  # a pick half made: that pick only is dropped
    assert game.prompt.step == "kazali" and not game.g.cursor.seats  # type: ignore[union-attr]
    game.say("seat 3 widow")
    assert game.player(3).character == "widow"


def test_a_seat_a_step_cannot_choose_is_refused_when_said_even_first_of_two() -> None:
    bmr = ["po", "assassin", "sailor", "innkeeper", "gambler", "exorcist", "chambermaid"]
    game = Game(make_table("bad-moon-rising", list("abcdefg"), bmr))
    game.to("day", {"sailor": "seat 4", "innkeeper": "seat 1 and seat 2", "chambermaid": "seat 1 and seat 2"})
    game.say("seat 5 dies", "end day")
    game.to("chambermaid", {"po": "no", "sailor": "seat 4", "innkeeper": "seat 1 and seat 2",
                            "exorcist": "seat 1"})  # fmt: skip
    assert "seat 5 is dead" in game.refused("seat 5")
    assert "themselves" in game.refused("seat 7")
    game.say("seat 1")
    assert game.prompt.part == "second_seat" and "seat 1 (a) chosen" in game.prompt.text


def test_a_death_an_ability_prevents_is_named_and_written_only_if_insisted() -> None:
    game = Game(make_table("bad-moon-rising", list("abcde"), ["po", "assassin", "sailor", "tealady", "fool"]))
    game.to("day", {"sailor": "seat 2"})  # the Assassin drunk: the Sailor and the Tea Lady stay sober
    refusal = game.refused("seat 3 dies")
    assert "Sailor" in refusal and "seat 3 dies anyway" in refusal
    assert "Tea Lady" in game.refused("seat 5 dies")  # her good neighbour
    assert "Fool" not in game.refused("seat 5 dies")  # the Tea Lady's, named first
    game.edit("seat 3 dies anyway")
    assert not game.player(3).alive
    game.say("seat 4 dies")  # the Tea Lady herself: nothing keeps her alive
    assert "Fool" in game.refused("seat 5 dies")  # now the Fool's first death
    game.edit("seat 5 dies anyway")
    assert not game.player(5).alive


def test_a_revival_brings_back_what_went_with_the_death() -> None:
    game = Game(make_table("hunter-x-hunter", list("abcdefg"),
                           ["imp", "poisoner", "empath", "shugenja", "oracle", "lycanthrope", "slayer"],
                           add=["imp", "poisoner", "baron"], decide={"faux_paw": "4"}))  # fmt: skip
    game.to("day", {"poisoner": "no"})
    assert "lycanthrope:Faux Paw" in game.tokens(4)
    game.say("seat 6 dies")
    assert "lycanthrope:Faux Paw" not in game.tokens(4)  # only while the Lycanthrope lives
    game.edit("seat 6 revives")
    assert "lycanthrope:Faux Paw" in game.tokens(4)


def test_a_sober_pixie_is_proposed_a_townsfolk_in_play_and_an_alchemist_its_minion() -> None:
    game = Game(make_table("twelve", list("abcdefgh"), ["kazali", "pixie", "snakecharmer", "lycanthrope",
                                                         "fisherman", "ravenkeeper", "cannibal", "drunk"],
                           decide={"faux_paw": "5"}))  # fmt: skip
    game.to("pixie", {"kazali": "seat 8 widow"})
    assert game.prompt.truth == "snakecharmer"
    assert "Townsfolk" in game.refused("showed the imp")
    game.say("next")
    assert "pixie:Mad" in game.tokens(3)
    game = Game(make_table("hunter-x-hunter", list("abcdefg"),
                           ["imp", "poisoner", "alchemist", "empath", "shugenja", "nightwatchman", "snakecharmer"],
                           add=["imp", "poisoner", "baron"], decide={"alchemist_ability": "poisoner"}))  # fmt: skip
    game.to("alchemist")
    assert game.prompt.truth == "poisoner"
    assert "Poisoner" in game.refused("empath")
    game.say("next")
    assert game.g.memory["learnt:alchemist:3"] == "poisoner"


def test_a_chosen_player_who_leaves_before_the_answer_is_told_ends_the_step() -> None:
    """Found by the random edits: the Seamstress chose two players, one got up before she was told."""
    game = Game(make_table("sects-and-violets", list("abcdefg"),
                           ["nodashii", "witch", "seamstress", "dreamer", "sage", "mutant", "clockmaker"]))  # fmt: skip
    game.to("seamstress")
    game.say("seat 2 and seat 6")
    assert game.prompt.step == "seamstress" and game.g.cursor is not None and game.g.cursor.stage == "tell"
    game.edit("seat 6 leaves")
    assert game.prompt.step != "seamstress" and len(game.g.players) == 6
    game.replays()
    game.say("back")  # the leaving undone: the Seamstress is told again
    assert game.prompt.step == "seamstress" and game.g.cursor is not None and game.g.cursor.seats == [2, 6]


def test_the_scarlet_woman_made_the_imp_is_told_not_proposed() -> None:
    """The Imp kills itself: the Scarlet Woman becomes the Imp at once, and the prompt that follows only says
    so ("say next"), with no proposal to take (found by an outside audit, 2026-12-06); with a choice of
    Minions, the app still proposes one."""
    tb = ["imp", "poisoner", "scarletwoman", "empath", "chef", "washerwoman", "monk"]
    game = Game(make_table("trouble-brewing", list("abcdefg"), tb))
    game.to("day", {"poisoner": "seat 7"})
    game.say("end day")
    game.to("imp", {"poisoner": "seat 7", "monk": "seat 4"})
    game.say("seat 1")
    assert game.player(3).character == "imp" and "Scarlet Woman" in game.prompt.text
    assert "Proposed" not in game.prompt.text and "Say next" in game.prompt.text
    game.say("next")
    assert game.g.question is None and game.player(3).character == "imp"
    two = Game(make_table("trouble-brewing", list("abcdefg"), ["imp", "poisoner", "spy", *tb[3:]]))
    two.to("day", {"poisoner": "seat 7"})
    two.say("end day")
    two.to("imp", {"poisoner": "seat 7", "monk": "seat 4"})
    two.say("seat 1")
    assert "Proposed: seat 2" in two.prompt.text


def test_the_scarlet_woman_made_the_demon_by_day_wakes_as_herself() -> None:
    """The Imp executed, the Scarlet Woman becomes the Imp; that night her own step tells her so, named as the
    Scarlet Woman who is now the Imp, not as an Imp with the Scarlet Woman's ability (which she no longer has)."""
    tb = ["imp", "scarletwoman", "soldier", "mayor", "virgin", "slayer", "monk", "chef"]
    game = Game(make_table("trouble-brewing", list("abcdefgh"), tb))
    game.to("day")
    game.say("seat 3 nominates seat 1", "5", "end day")
    game.to("scarletwoman", {"monk": "seat 4"})
    assert game.prompt.text.startswith("Scarlet Woman, now the Imp, seat 2")
