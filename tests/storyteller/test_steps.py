"""Going anywhere in the night (skip, go to, back to), and an answer bound to the step that asked for it:
several parts in one sentence or part by part, each prompt naming the part it waits for, "next" with a
part unanswered asked once, an answer that fits no part refused."""

from __future__ import annotations

import re

from tests.storyteller.helpers import Game
from tests.storyteller.test_edits import at_poisoner, tb
from tests.tables import make_table

BMR = ["imp", "godfather", "gambler", "innkeeper", "chambermaid", "fool", "tinker"]


def bmr_night_two() -> Game:
    game = Game(make_table("bad-moon-rising", list("abcdefg"), BMR, add=["imp"]))
    game.to("day", {"godfather": "next", "chambermaid": "seat 2 and seat 3"})
    game.say("end day")
    return game


def test_skip_changes_nothing_and_the_sheet_says_so() -> None:
    game = at_poisoner(tb())
    players = game.g.model_dump()["players"]
    reply = game.say("skip")
    assert any("Skipped" in line for line in reply.say)
    assert game.g.model_dump()["players"] == players and game.prompt.step != "poisoner"
    sheet = game.say("sheet").shown
    assert any("Poisoner" in line and "skipped" in line for line in sheet)
    assert any("Dawn" in line and "to come" in line for line in sheet)


def test_go_to_wakes_a_character_out_of_order_then_the_night_goes_on_where_it_was() -> None:
    game = at_poisoner(tb())
    before = game.g.model_copy(deep=True)
    game.say("go to empath")
    assert (game.prompt.step, game.prompt.seat) == ("empath", 4)
    assert any("Poisoner" in line and "to come" in line for line in game.say("sheet").shown)
    game.say("next")  # after the Empath, back to the step it left: the Poisoner
    assert game.prompt.step == "poisoner"
    game.say("seat 5", "next")  # then on: the Chef, and the Empath does not wake twice
    assert game.prompt.step == "fortuneteller"
    game.say("go to chef")  # backwards: the Chef again, then back to the Fortune Teller
    assert game.prompt.step == "chef"
    game.say("next")
    assert game.prompt.step == "fortuneteller"
    game.say("back to poisoner")
    assert game.prompt.step == "poisoner"
    game.say("back to poisoner")  # already there: nothing more undone
    game.say("back to dusk")
    assert game.g.cursor is not None and game.g.cursor.id == "dusk"
    assert game.g.players == before.players


def test_a_step_whose_character_moves_follows_it() -> None:
    game = at_poisoner(tb())
    game.say("seat 6")
    assert game.prompt.step == "chef" and game.prompt.seat == 5
    game.say("swap seat 5 and seat 3")  # the Chef moves to a lower seat while its step is open
    assert (game.prompt.step, game.prompt.seat) == ("chef", 3)
    game.say("back", "seat 3 is the chef", "seat 5 is the monk")
    assert (game.prompt.step, game.prompt.seat) == ("chef", 3)


def test_a_player_revived_after_their_turn_is_woken_now() -> None:
    game = at_poisoner(tb())
    game.say("seat 4 dies", "seat 6")  # the Empath dead by mistake; the Poisoner's choice
    game.to("fortuneteller")
    reply = game.say("seat 4 revives")
    assert (game.prompt.step, game.prompt.seat) == ("empath", 4), reply
    game.say("next")
    assert game.prompt.step == "fortuneteller"


def test_go_to_is_refused_with_a_reason() -> None:
    game = at_poisoner(tb())
    assert "not in play" in game.refused("go to washerwoman")
    assert "has not been at" in game.refused("back to empath")
    game.say("go to dawn")
    game.say("next")
    assert game.g.phase == "day"
    assert "end day" in game.refused("go to empath")
    assert "end day" in game.refused("skip")


def test_a_step_with_two_parts_in_one_sentence_or_part_by_part() -> None:
    game = bmr_night_two()
    game.to("gambler", {"innkeeper": "seat 5 and seat 6", "imp": "seat 7"})
    assert game.prompt.part == "seat"
    game.say("seat 1 imp")  # in one sentence: a right guess, nothing happens
    assert game.player(3).alive
    game.say("back")
    game.say("seat 2")
    assert game.prompt.part == "character"
    assert "The guessed character for seat 2 (b)?" in game.prompt.text
    assert game.jsonl()[-1]["part"] == "character"
    # no part takes another seat: refused with the part awaited, never carried to the next step
    assert "seat 2 (b) is chosen already: now say the guessed character" in game.refused("seat 4")
    game.say("imp")  # a wrong guess: the Gambler dies
    assert not game.player(3).alive


def test_next_with_a_part_unanswered_is_asked_once() -> None:
    game = bmr_night_two()
    game.to("gambler", {"innkeeper": "seat 5 and seat 6", "imp": "seat 7"})
    game.say("seat 2")
    game.say("next")
    assert game.prompt.step == "gambler" and game.prompt.part == "none"
    assert "none chosen (nobody)?" in game.prompt.text
    game.say("next")  # nobody: the Gambler guessed nothing
    assert game.prompt.step != "gambler" and game.player(3).alive


def test_the_innkeeper_s_two_players_then_which_is_drunk() -> None:
    game = bmr_night_two()
    game.to("innkeeper")
    game.say("seat 5 and seat 6")
    assert game.g.question is not None and game.prompt.part == "seat"
    assert "say one of the seats the question allows" in game.refused("seat 2")
    game.say("seat 6")
    assert game.player(6).has_reminder("Drunk", "innkeeper")


KAZALI = ["kazali", "snakecharmer", "fisherman", "pixie", "lunatic", "ravenkeeper", "cannibal"]


def test_the_kazali_makes_its_minion_with_seat_and_minion_in_one_sentence() -> None:
    game = Game(make_table("twelve", list("abcdefg"), KAZALI))
    game.to("kazali")
    game.say("seat 6 widow")
    assert (game.player(6).character, game.player(6).alignment) == ("widow", "evil")


def test_the_kazali_part_by_part_names_the_minion_it_waits_for() -> None:
    game = Game(make_table("twelve", list("abcdefg"), KAZALI))
    game.to("kazali")
    game.say("seat 6")
    assert game.prompt.part == "character" and "The Minion for seat 6 (f)?" in game.prompt.text
    game.say("next")
    assert game.prompt.part == "none" and "No Minion yet: none chosen (nobody)?" in game.prompt.text
    game.say("widow")
    assert game.player(6).character == "widow"


def test_korean_seat_and_minion_in_one_sentence() -> None:
    game = Game(make_table("twelve", list("abcdefg"), KAZALI, lang="ko"), "ko")
    game.to("kazali")
    game.say("6번 미망인")
    assert game.player(6).character == "widow"
    game.say("뒤로", "6번")
    assert "6번 f를 골랐습니다. 이제 하수인을 말하세요." in game.prompt.text


def test_help_lists_what_may_be_said_here_and_at_any_step() -> None:
    game = at_poisoner(tb())
    shown = game.say("help").shown
    assert shown[0] == "What you may say now:"
    assert any(line.strip().startswith("seat 3:") for line in shown)
    assert any("seat 3 revives" in line for line in shown) and any("skip:" in line for line in shown)
    ko = at_poisoner(tb("ko")).say("도움말").shown
    assert ko[0] == "지금 말할 수 있는 것:" and any("3번 부활" in line for line in ko)
    # counters are written against their number, as in the prompts ("타이머 4분", not "타이머 4 분")
    assert any("타이머 4분" in line for line in ko) and any("타이머 4초" in line for line in ko), ko
    assert not [line for line in ko if re.search(r"[0-9] (번|분|초|표|명|장|개)(?![가-힣])", line)], ko


def test_the_grimoire_marks_the_dead_their_ghost_vote_and_who_placed_each_token() -> None:
    game = at_poisoner(tb())
    game.say("seat 5", "seat 6 dies", "seat 6 has no ghost vote")
    shown = game.say("grimoire").shown
    assert shown[0] == "The grimoire, night 1"
    assert "Seat 6, f: Fortune Teller, good, dead, no ghost vote" in shown[6]
    assert "Poisoned (the Poisoner, seat 2)" in shown[5] and "poisoned" in shown[5]
    assert "Red Herring" in shown[3]


def test_the_kazali_cannot_make_a_minion_twice_and_nobody_drops_one_pick_only() -> None:
    players, chars = list("abcdefghij"), ["kazali", "snakecharmer", "fisherman", "pixie", "lunatic", "ravenkeeper",
                                           "cannibal", "empath", "chef", "soldier"]  # fmt: skip
    game = Game(make_table("twelve", players, chars, add=["empath", "chef", "soldier"]))  # 10 players: two Minions
    game.to("kazali")
    game.say("seat 5")
    game.say("next", "next")  # no Minion for seat 5: that pick only
    assert game.prompt.step == "kazali" and game.prompt.part == "seat"
    game.say("seat 6 widow")
    if game.g.question is not None:  # the Widow's Know player, proposed
        game.say("next")
    assert game.prompt.step == "kazali"  # the second Minion is still asked
    assert "a Minion already" in game.refused("seat 6 organ grinder")
    game.say("seat 7 organ grinder")
    assert game.prompt.step != "kazali"
    assert [game.player(s).character for s in (6, 7)] == ["widow", "organgrinder"]


def charged_po(safe: str) -> Game:
    """Night 3 at the Po's step, charged (it chose no-one on night 2); the Innkeeper chose ``safe`` tonight."""
    chars = ["po", "assassin", "gambler", "innkeeper", "exorcist", "professor", "chambermaid", "tinker", "goon"]
    game = Game(make_table("bad-moon-rising", list("abcdefghi"), chars))
    game.to("day", {"chambermaid": "seat 3 and seat 4"})
    game.say("end day")
    game.to("po", {"innkeeper": "seat 4 and seat 5", "exorcist": "seat 5", "gambler": "no"})
    game.say("no")  # the Po chooses no-one: charged
    game.to("day", {"chambermaid": "seat 3 and seat 4"})
    game.say("end day")
    game.to("po", {"innkeeper": safe, "exorcist": "seat 6", "gambler": "no"})
    return game


def test_a_charged_po_s_three_kills_in_one_sentence() -> None:
    game = charged_po("seat 4 and seat 5")
    entries = len(game.table.journal.entries)
    assert "no seat" in game.refused("seat 3 and seat 6 and seat 99") and len(game.table.journal.entries) == entries
    game.say("seat 3 and seat 6 and seat 8")
    assert game.prompt.step != "po"
    game.to("dawn")
    assert {3, 6, 8} <= set(game.g.died_tonight)


def test_a_charged_po_s_three_kills_come_at_once() -> None:
    """An Innkeeper among the charged Po's three still keeps the player they chose safe: the three die
    together, judged on the grimoire before any of them died (audit 41)."""
    game = charged_po("seat 3 and seat 5")
    game.say("seat 4", "seat 5")
    assert game.prompt.step == "po" and all(game.player(s).alive for s in (4, 5))  # nobody dies before the third
    game.say("seat 6")
    assert game.prompt.step != "po"
    game.to("dawn")
    assert set(game.g.died_tonight) == {4, 6} and game.player(5).alive
