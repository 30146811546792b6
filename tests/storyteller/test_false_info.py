"""False information is the storyteller's: where it may be false any token, seat or number is taken and
recorded; where it must be false (the Vortox) a true one is refused with the reason."""

from __future__ import annotations

import json

from moderator.clocktower.rules import keys
from moderator.i18n import Lang
from tests.storyteller.helpers import Game
from tests.tables import make_table, twelve_table

SNV = ["vortox", "witch", "clockmaker", "dreamer", "oracle", "mutant", "sage"]


def at_pixie(poison: bool) -> Game:
    game = Game(twelve_table())  # seat 4 the Pixie; seat 3 the Widow
    game.to("widow")
    game.say("seat 4" if poison else "seat 7")
    game.to("pixie")
    return game


def test_a_poisoned_pixie_is_shown_an_off_script_token() -> None:
    game = at_pixie(poison=True)
    assert "poisoned" in game.prompt.text
    game.say("showed undertaker")  # not on the script at all: taken and recorded
    assert game.g.memory[keys.learnt("pixie", 4)] == "undertaker"
    assert not any(r.source == "pixie" for p in game.g.players for r in p.reminders)  # nobody is marked Mad
    game.say("back")
    game.say("lycanthrope")  # on the script, not in play: taken too
    assert game.g.memory[keys.learnt("pixie", 4)] == "lycanthrope"


def test_a_sober_pixie_is_shown_an_in_play_townsfolk_only() -> None:
    game = at_pixie(poison=False)
    assert "in play" in game.refused("lycanthrope")
    assert "in play" in game.refused("showed undertaker")
    game.say("showed fisherman")
    assert game.player(5).has_reminder("Mad", "pixie")


def test_several_things_shown_are_recorded() -> None:
    game = Game(make_table("trouble-brewing", list("abcdefg"),
                           ["imp", "poisoner", "washerwoman", "empath", "chef", "monk", "soldier"]))  # fmt: skip
    game.to("poisoner")
    game.say("seat 3")
    game.to("washerwoman")
    game.say("showed seat 1 and seat 2")
    assert json.loads(game.g.memory[keys.shown(1, "washerwoman", 3, 0)]) == [1, 2]
    game.say("back", "showed the imp and the monk")
    assert json.loads(game.g.memory[keys.shown(1, "washerwoman", 3, 0)]) == ["imp", "monk"]


def test_under_the_vortox_a_true_answer_is_refused_with_the_reason() -> None:
    game = Game(make_table("sects-and-violets", list("abcdefg"), SNV))
    game.to("clockmaker")
    truth = game.prompt.truth
    assert truth is not None and "must be false" in game.prompt.text
    assert "the Vortox makes this information false" in game.refused("next")
    assert "the Vortox makes this information false" in game.refused(f"showed {truth}")
    game.say(f"showed {int(str(truth)) + 1}")  # a false one is taken
    assert game.prompt.step != "clockmaker"


def test_under_the_vortox_a_drunk_townsfolk_s_information_is_false_too() -> None:
    game = Game(make_table("sects-and-violets", list("abcdefg"), SNV))
    game.to("clockmaker")
    game.say("seat 3 is drunk")  # "Even if they are drunk or poisoned, it must be false" (the Vortox)
    assert "the Vortox makes this information false" in game.refused("next")
    game.say("showed 5")
    assert game.prompt.step != "clockmaker"


def test_a_plain_answer_at_an_information_step_is_what_was_shown() -> None:
    chars = ["imp", "poisoner", "drunk", "empath", "chef", "monk", "soldier"]
    game = Game(make_table("trouble-brewing", list("abcdefg"), chars, decide={"drunk_believes": "fortuneteller"}))
    game.to("chef", {"poisoner": "seat 5"})
    game.say("3")  # a number where the (poisoned) Chef is shown a number
    assert json.loads(game.g.memory[keys.shown(1, "chef", 5, 0)]) == 3
    game.to("fortuneteller")
    game.say("seat 1 and seat 2")
    game.say("no")  # the drunk Fortune Teller shakes: a plain no is what was shown
    assert json.loads(game.g.memory[keys.shown(1, "fortuneteller", 3, 0)]) is False


def test_what_is_shown_must_be_of_the_kind_the_step_shows() -> None:
    game = Game(make_table("trouble-brewing", list("abcdefg"),
                           ["imp", "poisoner", "monk", "empath", "chef", "fortuneteller", "soldier"]))  # fmt: skip
    game.to("poisoner")
    game.say("seat 4")
    game.to("empath")
    assert "this step shows a number" in game.refused("showed seat 3 and seat 5")
    assert "this step shows a number" in game.refused("showed the imp")
    game.say("showed 2")  # the poisoned Empath: any number


def test_a_number_no_empath_can_be_shown_is_refused_even_when_poisoned() -> None:
    """Two neighbours: 0, 1 or 2, false information included; the examples say what this step shows."""
    cases: list[tuple[Lang, str, str, str]] = [("en", "three", "2 fingers", "from 0 to 2, never more"),
                                               ("ko", "셋", "두 명", "0부터 2까지만")]  # fmt: skip
    for lang, three, two, most in cases:
        game = Game(make_table("trouble-brewing", list("abcdefg"),
                               ["imp", "poisoner", "monk", "empath", "chef", "fortuneteller", "soldier"], lang=lang),
                    lang)  # fmt: skip
        game.to("poisoner")
        game.say("seat 4")
        game.to("empath")
        assert most in game.refused(three)
        assert most in game.refused("showed 3" if lang == "en" else "3 보여줌")
        examples = game.refused("what" if lang == "en" else "뭐라고")
        truth = game.prompt.truth  # the example is the true answer (any number fits a poisoned Empath)
        assert (f"'showed {truth}', '{truth}'" if lang == "en" else f"'{truth} 보여줌', '{truth}'") in examples
        assert "seat 3 and seat 5" not in examples and "3번과 5번" not in examples
        game.say(two)  # the poisoned Empath: any number it could be shown
        assert game.g.memory[keys.shown(game.g.night, "empath", 4, 0)] == "2" and game.prompt.step != "empath"


def test_the_example_of_a_yes_shown_is_a_yes_the_step_takes() -> None:
    """At the Fortune Teller's step the example is '예 보여줌' ('네' is also the number 4) and it is taken."""
    game = Game(make_table("trouble-brewing", list("abcdefg"),
                           ["imp", "poisoner", "monk", "empath", "chef", "fortuneteller", "soldier"], lang="ko"),
                "ko")  # fmt: skip
    game.to("poisoner")
    game.say("6번")  # the Fortune Teller poisoned: any yes or no may be shown
    game.to("fortuneteller")
    game.say("1번 2번")
    assert "'예 보여줌'" in game.refused("뭐라고")
    game.say("예 보여줌")
    assert game.prompt.step != "fortuneteller"


def test_the_true_token_shown_alone_is_the_whole_truth_shown() -> None:
    """'장의사 보여줬어요' at the Washerwoman's step, the Undertaker being the truth: the pair and the token
    are remembered as shown, not the token alone."""
    chars = ["imp", "poisoner", "washerwoman", "undertaker", "ravenkeeper", "investigator", "butler"]
    whole, alone = (Game(make_table("trouble-brewing", list("abcdefg"), chars, lang="ko"), "ko") for _ in range(2))
    for game, line in ((whole, "다음"), (alone, "장의사 보여줬어요")):
        game.to("washerwoman")
        game.say(line)
    assert alone.g == whole.g


def test_an_untrue_answer_to_a_sober_player_is_refused_with_the_way_to_give_it() -> None:
    game = Game(make_table("trouble-brewing", list("abcdefg"),
                           ["imp", "poisoner", "monk", "empath", "chef", "fortuneteller", "soldier"]))  # fmt: skip
    game.to("chef", {"poisoner": "no"})
    assert game.prompt.truth == 1
    assert "sober and healthy, so their information is true (1)" in game.refused("showed 2")
    game.say("showed 1")  # the truth, shown
    game.say("back", "seat 5 is poisoned", "showed 2")  # the storyteller's hand first: then it is false information


def test_where_the_app_sees_only_part_of_the_truth_another_answer_is_taken_with_a_warning() -> None:
    chars = ["vigormortis", "witch", "mathematician", "dreamer", "oracle", "mutant", "sage"]
    game = Game(make_table("sects-and-violets", list("abcdefg"), chars))
    game.to("mathematician")
    reply = game.say("showed 2")  # the Mathematician's count: what the app sees, and what it cannot
    assert any("the answer the app can see is" in line for line in reply.say)


def test_the_vortox_dead_lets_the_truth_be_told() -> None:
    game = Game(make_table("sects-and-violets", list("abcdefg"), SNV))
    game.to("clockmaker")
    game.say("seat 1 is the imp")  # no Vortox any more
    assert "must be false" not in game.prompt.text
    game.say("next")
