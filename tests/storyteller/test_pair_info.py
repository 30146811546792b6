"""The Washerwoman's, Librarian's and Investigator's two players (and the Dreamer's two characters): the
storyteller chooses which player of the type to show, with which token, and which other player (the rules
name neither). Any such true answer is taken from a sober player and marks the players shown; an untrue
one is refused; a drunk or poisoned player's, or one a misregistering player makes true, is taken (found
by an outside audit, 2026-12-06)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from moderator.clocktower.rules.loader import default_catalogue
from tests.storyteller.helpers import Game
from tests.tables import make_table

TB = ["imp", "scarletwoman", "librarian", "empath", "chef", "washerwoman", "investigator"]
"""Seven players, no Outsider: seat 6 the Washerwoman, seat 3 the Librarian, seat 7 the Investigator."""


def game_of(chars: list[str], **decide: str) -> Game:
    return Game(make_table("trouble-brewing", [chr(ord("a") + i) for i in range(len(chars))], chars,
                           decide=decide or None))  # fmt: skip


def reminders(game: Game, source: str) -> dict[int, str]:
    return {p.seat: r.name for p in game.g.players for r in p.reminders if r.source == source}


def test_another_true_townsfolk_and_other_player_are_taken_and_marked() -> None:
    game = game_of(TB)
    game.to("washerwoman")
    assert game.prompt.truth == {"character": "librarian", "players": [3, 4]}
    game.say("showed seat 4 and seat 1 empath")  # seat 4 is the Empath: true, and not the proposal
    assert game.prompt.step != "washerwoman"
    assert reminders(game, "washerwoman") == {4: "Townsfolk", 1: "Wrong"}


def test_the_one_of_the_type_gets_the_marker_in_whichever_order_said() -> None:
    game = game_of(TB)
    game.to("washerwoman")
    game.say("showed seat 1 and seat 5 chef")
    assert reminders(game, "washerwoman") == {5: "Townsfolk", 1: "Wrong"}


@pytest.mark.parametrize("line", [
    "showed seat 1 and seat 2 empath",  # neither is the Empath
    "showed seat 4 and seat 1 imp",  # not a Townsfolk token
    "showed seat 4 and seat 1 chef",  # the Empath is no Chef, and nor is seat 1
])  # fmt: skip
def test_an_untrue_pair_to_a_sober_washerwoman_is_refused(line: str) -> None:
    game = game_of(TB)
    game.to("washerwoman")
    assert "sober and healthy" in game.refused(line)


def test_the_drunk_is_shown_to_the_librarian_beside_any_other_player() -> None:
    chars = ["imp", "poisoner", "librarian", "empath", "chef", "drunk", "investigator", "fortuneteller"]
    game = game_of(chars, drunk_believes="washerwoman", red_herring="5")
    game.to("librarian", {"poisoner": "seat 7"})
    game.say("showed seat 6 and seat 8 drunk")
    assert reminders(game, "librarian") == {6: "Outsider", 8: "Wrong"}


def test_the_investigator_is_shown_the_spy_beside_any_other_player() -> None:
    chars = ["imp", "spy", "empath", "washerwoman", "chef", "investigator", "fortuneteller", "butler"]
    game = game_of(chars, red_herring="5")
    game.to("investigator")
    game.say("showed seat 5 and seat 2 spy")
    assert reminders(game, "investigator") == {2: "Minion", 5: "Wrong"}


def test_with_no_outsider_a_poisoned_librarian_may_be_shown_a_pair() -> None:
    game = game_of(["imp", "poisoner", "librarian", "empath", "chef", "washerwoman", "investigator"])
    game.to("librarian", {"poisoner": "seat 3"})
    assert game.prompt.truth == 0
    game.say("showed seat 1 and seat 2 butler")
    assert reminders(game, "librarian") == {1: "Outsider", 2: "Wrong"}


def test_with_no_outsider_the_spy_may_be_shown_as_one_and_a_sober_librarian_otherwise_sees_zero() -> None:
    chars = ["imp", "spy", "librarian", "empath", "chef", "washerwoman", "investigator"]
    game = game_of(chars)
    game.to("librarian")
    assert game.prompt.truth == 0
    game.say("showed seat 2 and seat 4 butler")  # the Spy may register as an Outsider
    assert reminders(game, "librarian") == {2: "Outsider", 4: "Wrong"}
    sober = game_of(TB)
    sober.to("librarian")
    assert "sober and healthy" in sober.refused("showed seat 1 and seat 2 butler")  # nobody could be one


def test_the_recluse_may_be_shown_to_the_investigator_as_a_minion_never_as_the_demon() -> None:
    chars = ["imp", "washerwoman", "recluse", "poisoner", "empath", "fortuneteller", "chef", "investigator"]
    game = game_of(chars, red_herring="2")
    game.to("investigator", {"poisoner": "seat 1"})
    assert "sober and healthy" in game.refused("showed seat 3 and seat 5 imp")
    game.say("showed seat 3 and seat 6 poisoner")
    assert reminders(game, "investigator") == {3: "Minion", 6: "Wrong"}


@settings(max_examples=40, deadline=None)
@given(a=st.integers(1, 7), b=st.integers(1, 7), token=st.sampled_from(["librarian", "empath", "chef",
                                                                       "investigator", "monk", "imp"]))  # fmt: skip
def test_a_sober_washerwoman_takes_exactly_the_true_pairs(a: int, b: int, token: str) -> None:
    """Every pair and token said: taken if one of the two holds that Townsfolk, refused otherwise."""
    if a == b:
        return
    game = game_of(TB)
    game.to("washerwoman")
    cat = default_catalogue()
    true = cat.team(token) == "townsfolk" and token in (TB[a - 1], TB[b - 1])
    line = f"showed seat {a} and seat {b} {cat[token].name('en').lower()}"
    if true:
        game.say(line)
        assert game.prompt.step != "washerwoman"
        right = a if TB[a - 1] == token else b
        assert reminders(game, "washerwoman") == {right: "Townsfolk", a + b - right: "Wrong"}
    else:
        assert game.refused(line)
        assert game.prompt.step == "washerwoman"


def test_every_two_players_of_seven_with_the_proposed_token() -> None:
    """The proposal's token (the Librarian, seat 3): any pair holding seat 3 is true, any other refused."""
    for a, b in itertools.combinations(range(1, 8), 2):
        game = game_of(TB)
        game.to("washerwoman")
        line = f"showed seat {a} and seat {b} librarian"
        if 3 in (a, b):
            game.say(line)
            assert game.prompt.step != "washerwoman"
        else:
            assert "sober and healthy" in game.refused(line)


def test_the_dreamer_is_shown_the_truth_beside_any_character_of_the_other_alignment() -> None:
    chars = ["fanggu", "witch", "clockmaker", "dreamer", "seamstress", "oracle", "flowergirl", "mutant"]
    game = Game(make_table("sects-and-violets", list("abcdefgh"), chars))
    game.to("dreamer")
    game.say("seat 2")  # the Witch
    assert "sober and healthy" in game.refused("showed witch and imp")  # both evil
    assert "sober and healthy" in game.refused("showed clockmaker and mathematician")  # the Witch not among them
    game.say("showed witch and clockmaker")  # not the app's proposal (the Snake Charmer), and true
    assert game.prompt.step != "dreamer"
