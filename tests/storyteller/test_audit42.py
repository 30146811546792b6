"""What the audits' leftovers asked for (audit 41's smaller findings): a Moonchild killed at night learns it at
dawn, and the open day reminds the storyteller that they pick a living player in public."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from moderator.i18n import Lang
from tests.storyteller.helpers import Game
from tests.tables import make_table

BMR = ["po", "assassin", "ravenkeeper", "chambermaid", "moonchild", "exorcist", "gambler", "fool"]


@pytest.mark.parametrize(("lang", "word"), [("en", "Moonchild"), ("ko", "달의 아이")])
def test_a_moonchild_killed_at_night_is_reminded_by_day(lang: Lang, word: str) -> None:
    game = Game(make_table("bad-moon-rising", list("abcdefgh"), BMR, lang=lang, add=["ravenkeeper"]), lang)
    game.to("day", {"chambermaid": "seat 3 and seat 6"})
    assert word not in game.prompt.text  # alive: nothing to pick
    game.say("end day")
    game.to("po", {"gambler": "no", "exorcist": "seat 7"})
    game.say("seat 5")  # the Po kills the Moonchild
    game.to("day", {"assassin": "no", "chambermaid": "seat 3 and seat 6"})
    assert word in game.prompt.text and "5" in game.prompt.text
    game.say("end day")
    game.to("moonchild", {"exorcist": "seat 8", "po": "no", "assassin": "no"})
    game.say("seat 3")  # the pick: the Ravenkeeper dies
    game.to("day", {"ravenkeeper": "seat 1", "chambermaid": "seat 2 and seat 6"})
    assert word not in game.prompt.text  # the pick is spent


TB = ["imp", "poisoner", "empath", "chef", "monk", "washerwoman", "saint"]
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]


@pytest.mark.parametrize(("lang", "right", "wrong", "said"), [
    ("en", "seat 3 Cy", "seat 3 Bob", "Bob is in seat 2"), ("en", "Cy in seat 3", "Bob in seat 3", "Bob is in seat 2"),
    ("ko", "3번 Cy", "3번 Bob", "2번입니다"), ("ko", "세 번째", "3번 자리 Bob", "2번입니다")])  # fmt: skip
def test_a_seat_said_with_its_players_name(lang: Lang, right: str, wrong: str, said: str) -> None:
    """"Seat 3, Cy" is seat 3; a seat and a name of two players is refused, saying whose seat it is."""
    game = Game(make_table("trouble-brewing", NAMES, TB, lang=lang), lang)
    game.to("poisoner")
    assert said in game.refused(wrong)
    game.say(right)
    assert any("Poisoned" in t for t in game.tokens(3)), game.tokens(3)


SNV = ["vortox", "witch", "clockmaker", "dreamer", "seamstress", "artist", "mutant"]


@pytest.mark.parametrize("vortox", [True, False])
def test_the_examples_of_an_information_step_are_answers_it_takes(vortox: bool) -> None:
    """Asked again, the storyteller hears examples: under the Vortox a Townsfolk's true answer is refused, so
    the example is another one; otherwise the true one (any other is refused for a sober player)."""
    chars = SNV if vortox else ["nodashii", *SNV[1:]]
    game = Game(make_table("sects-and-violets", list("abcdefg"), chars))
    game.to("clockmaker")
    truth = game.prompt.truth
    asked = game.refused("purple elephants")
    shown = re.findall(r"'showed (\d+)'", asked)
    assert shown and (int(shown[0]) != truth) == vortox, (asked, truth)
    game.say(f"showed {shown[0]}")


KO_NAMES = ["민수", "영희", "철수", "지영", "서연", "하준", "도윤"]
KO_TB = ["imp", "poisoner", "empath", "chef", "fortuneteller", "washerwoman", "saint"]


def korean_at(step: str) -> Game:
    game = Game(make_table("trouble-brewing", KO_NAMES, KO_TB, lang="ko"), "ko")
    game.to(step)
    return game


@pytest.mark.parametrize("line", ["민수 영희", "민수와 영희", "민수 그리고 영희", "1번 2번"])
def test_two_players_by_name_as_a_korean_table_says_them(line: str) -> None:
    """Audit 42: the Fortune Teller's two players named ("민수와 영희"), not only numbered."""
    game = korean_at("fortuneteller")
    assert game.prompt.truth is None  # nobody chosen yet
    game.say(line)
    assert game.prompt.step == "fortuneteller" and game.prompt.truth is True  # the Imp (seat 1) among the two


@pytest.mark.parametrize("line", ["다음으로", "다음 단계로", "그대로", "보여줬어", "알려줬어", "ㅇㅋ",
                                  "한 명 보여줌", "1명 보여줌", "1개 보여줌", "손가락 1개", "1로 보여줌",
                                  "1 줬어", "1이라고 했어"])  # fmt: skip
def test_the_chefs_number_given_as_a_korean_table_says_it(line: str) -> None:
    """The Chef's true number here is 1 (the Imp and the Poisoner side by side)."""
    game = korean_at("chef")
    assert game.prompt.truth == 1
    game.say(line)
    assert game.prompt.step == "empath"


def test_a_number_other_than_the_truth_in_words_is_still_a_number() -> None:
    assert "참인 정보를 받아야" in korean_at("chef").refused("두 명 보여줌")  # sober: the true 1, not 2


@pytest.mark.parametrize(("line", "alive", "poisoned"), [
    ("3번 죽여", False, False), ("3번 죽었음", False, False), ("3번 사망함", False, False),
    ("3번 자리 사망", False, False), ("3번 중독시켜", True, True)])  # fmt: skip
def test_hand_edits_as_a_korean_table_says_them(line: str, alive: bool, poisoned: bool) -> None:
    game = korean_at("chef")
    game.say(line)
    assert game.player(3).alive == alive and any(t.endswith("Poisoned") for t in game.tokens(3)) == poisoned


@pytest.mark.parametrize("line", ["3번 살려", "3번 살아남", "3번 부활시켜", "3번 부활해"])
def test_a_revive_as_a_korean_table_says_it(line: str) -> None:
    game = korean_at("chef")
    game.say("3번 사망", line)
    assert game.player(3).alive


@pytest.mark.parametrize("line", ["3번 정상으로", "3번 중독 해제", "3번 중독 풀기", "3번 중독 빼기",
                                  "3번에서 중독 빼기", "3번 술 깸"])  # fmt: skip
def test_sober_again_as_a_korean_table_says_it(line: str) -> None:
    game = korean_at("chef")
    game.say("3번 중독", line)
    assert not any(t.endswith("Poisoned") for t in game.tokens(3)), game.tokens(3)


def test_a_refused_hand_edit_asks_nobody_to_choose_again() -> None:
    """"Ask them to choose again" is for a player's choice; an edit that changes nothing says why alone."""
    game = korean_at("chef")
    edit = game.refused("3번 살려")  # alive already
    assert "이미 살아 있습니다" in edit and "다시 고르게" not in edit
    game.to("day")
    game.say("end day")
    game.to("poisoner")
    chose = game.refused("99번")
    assert "다시 고르게" in chose, chose


@pytest.mark.parametrize(("args", "said"), [
    (["--assign", "imp,poisoner,empath,chef,monk,washerwoman,foo"], "모르는 캐릭터 id입니다: foo"),
    (["--assign", "imp,imp,baron,empath,chef,monk,saint"], "악마가 2명입니다")])  # fmt: skip
def test_a_korean_game_hears_of_its_setup_in_korean(tmp_path: Path, args: list[str], said: str) -> None:
    """An unknown id is refused, a bag that is not the official one warned of: in the game's language."""
    (tmp_path / "in.txt").write_text("다음\n", encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "moderator", "play", "--text", "--lang", "ko", "--script",
                        "trouble-brewing", "--players", ",".join(KO_NAMES), *args, "--input", "in.txt"],
                       capture_output=True, text=True, timeout=120, cwd=tmp_path)  # fmt: skip
    assert said in r.stderr and "Traceback" not in r.stderr, r.stderr


def test_redo_puts_back_what_back_took_off_until_a_new_change() -> None:
    """Audit 42: "back" once too often had no way forward. "redo" puts back, one change at a time, what back
    (or "back to") took off, journaled like any change; a new change forgets it."""
    game = Game(make_table("trouble-brewing", list("abcdefg"), TB))
    game.to("poisoner")
    game.say("seat 3")
    after = game.g.model_copy(deep=True)
    game.say("back")
    assert game.prompt.step == "poisoner"
    entries = len(game.table.journal.entries)
    assert "Redone" in game.say("redo").say[0]
    assert game.g == after and len(game.table.journal.entries) == entries + 1
    assert "Nothing to redo" in game.say("redo").say[0]
    game.to("empath")
    at_empath = game.g.model_copy(deep=True)
    game.say("back to poisoner")
    game.say("redo", "redo", "redo")
    assert game.g == at_empath
    game.say("back", "seat 5 is drunk")  # a new change: what back took off is forgotten
    assert "Nothing to redo" in game.say("redo").say[0]


def test_a_refused_line_keeps_what_can_be_redone() -> None:
    game = Game(make_table("trouble-brewing", list("abcdefg"), TB))
    game.to("poisoner")
    game.say("seat 3", "back")
    game.refused("seat 99 dies")
    game.say("redo")
    assert any(t.endswith("Poisoned") for t in game.tokens(3))


@pytest.mark.parametrize("line", ["네 보여줌", "예 보여줌", "네 보여줬어"])
def test_the_fortune_tellers_yes_as_a_korean_table_says_it(line: str) -> None:
    """Audit y: 네 (yes, and also four) shown at a step that shows yes or no is the yes, not the number 4."""
    game = korean_at("fortuneteller")
    game.say("1번 2번")
    assert game.prompt.truth is True
    game.say(line)
    assert game.prompt.step != "fortuneteller"


def test_a_number_shown_at_a_yes_or_no_step_is_still_refused() -> None:
    game = korean_at("fortuneteller")
    game.say("1번 2번")
    assert "예 또는 아니요" in game.refused("3 보여줌")
