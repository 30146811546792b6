"""A typed quit ("quit", "exit", "q"; "종료", "그만" …) stops the program as Ctrl-D does, the game saved
as it is, where the step reads the line as no answer: a player named Quit is still chosen by name."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from moderator.clocktower.frontend import TextLoop
from moderator.commands.parse import Parser, Vocabulary
from tests.tables import TWELVE, make_table, twelve_table

MAIN = Path(__file__).resolve().parents[1]
QUIT_WORDS = {"en": ["quit", "exit", "q"], "ko": ["종료", "그만", "나가기", "끝내기", "게임 종료", "그만하기"]}


def run(tmp_path: Path, args: list[str], lines: list[str]) -> subprocess.CompletedProcess[str]:
    """``moderator`` as a new user runs it, the table's lines in a file, HOME inside ``tmp_path``."""
    env = dict(os.environ, HOME=str(tmp_path / "home"), XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"))  # fmt: skip
    env["PYTHONPATH"] = str(MAIN) + os.pathsep + env.get("PYTHONPATH", "")
    feed = tmp_path / "in.txt"
    feed.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "moderator", *args, "--input", str(feed), "--jsonl"], cwd=tmp_path,
                          env=env, capture_output=True, text=True, encoding="utf-8", timeout=120)  # fmt: skip


def steps(out: str) -> list[str]:
    return [json.loads(line)["step"] for line in out.splitlines() if line.startswith("{")]


@pytest.mark.parametrize(("game", "lang", "answer", "stop"), [
    (["play", "--text"], "en", "next", "quit"),
    (["play", "--text"], "ko", "계속", "종료"),
    (["growl", "--text", "--count", "5", "--pace", "0"], "en", "next", "Exit"),
    (["growl", "--text", "--count", "5", "--pace", "0"], "ko", "다음", "그만"),
])  # fmt: skip
def test_a_typed_quit_stops_and_the_game_resumes_where_it_was(tmp_path: Path, game: list[str], lang: str,
                                                              answer: str, stop: str) -> None:  # fmt: skip
    save = tmp_path / "game.json"
    done = run(tmp_path, [*game, "--lang", lang, "--save", str(save)], [answer, stop, answer, answer])
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    said = done.stderr.strip().splitlines()[-1]
    assert said == (f"moderator: stopped. Every change so far is saved in {save}." if lang == "en"
                    else f"moderator: 멈췄습니다. 지금까지의 변경은 모두 {save}에 저장되어 있습니다.")  # fmt: skip
    reached = steps(done.stdout)
    assert len(reached) == 2  # the first prompt, and the one after the answer: nothing after the quit
    resumed = run(tmp_path, [game[0], "--text", "--game", str(save), "--lang", lang], [])
    assert resumed.returncode == 0, resumed.stderr
    assert steps(resumed.stdout)[0] == reached[-1]  # one answer was kept, and none after the quit


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_player_named_as_a_quit_word_is_chosen_not_quit_on(lang: str) -> None:
    name = QUIT_WORDS[lang][0]
    table = make_table("twelve", [name, *"bcdefg"], TWELVE, lang=lang, add=["imp"], decide={"widow_know": "5"})  # type: ignore[arg-type]
    loop = TextLoop(table, lang, io.StringIO())  # type: ignore[arg-type]
    assert loop.quits(name)  # "night falls": nothing a name could answer
    for line in ("next", "next", "next"):
        loop.step(line)
    assert loop.current().step == "widow"
    assert not loop.quits(name)  # the Widow chooses a player: seat 1 by name
    assert loop.step(name)[1] is None
    assert table.g.player(1).has_reminder("Poisoned", "widow")


@settings(max_examples=60, deadline=None)
@given(lang=st.sampled_from(["en", "ko"]), data=st.data())
def test_a_quit_word_in_any_case_and_spacing_quits(lang: str, data: st.DataObject) -> None:
    word = data.draw(st.sampled_from(QUIT_WORDS[lang]))
    cased = "".join(c.upper() if data.draw(st.booleans()) else c for c in word)
    spaced = data.draw(st.sampled_from(["", " ", "  ", "\t"])) + cased.replace(" ", " " * data.draw(
        st.integers(1, 3))) + data.draw(st.sampled_from(["", " ", "\t "]))  # fmt: skip
    loop = TextLoop(twelve_table(lang), lang, io.StringIO())  # type: ignore[arg-type]
    assert loop.quits(spaced)


@settings(max_examples=200, deadline=None)
@given(lang=st.sampled_from(["en", "ko"]), line=st.text(max_size=20))
def test_no_other_line_quits(lang: str, line: str) -> None:
    words = {w.casefold() for both in QUIT_WORDS.values() for w in both}  # a typed line is read in both
    loop = TextLoop(twelve_table(lang), lang, io.StringIO())  # type: ignore[arg-type]
    assert loop.quits(line) == (" ".join(line.casefold().split()) in words)


def test_the_quit_words_are_the_data_s() -> None:
    for lang, words in QUIT_WORDS.items():
        assert Parser(lang, Vocabulary(seats=[1])).data.talk.quit == words  # type: ignore[arg-type]


@pytest.mark.parametrize("game", [["play", "--text"], ["growl", "--text", "--count", "5", "--pace", "0"]])
def test_a_quit_says_truly_where_the_changes_are(tmp_path: Path, game: list[str]) -> None:
    """Audit: with --input and no --save nothing was saved, yet the stop said every change was; while nothing
    could be written at all, a quit ended the game held only in memory at once. Now the stop says that nothing
    was saved; and a quit while NOT SAVED is asked about once, the second one stops."""
    done = run(tmp_path, [*game, "--lang", "en"], ["next", "quit"])
    assert done.returncode == 0 and done.stderr.strip().splitlines()[-1] == (
        "moderator: stopped. Nothing was saved: no save was asked for (--save FILE keeps a game).")
    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")  # the save's folder is a file: nothing can be written
    config = tmp_path / "config.toml"
    config.write_text(f'[general]\nsaves = "{blocked}"\n', encoding="utf-8")
    done = run(tmp_path, ["--config", str(config), *game, "--lang", "en", "--save", str(blocked / "g.json")],
               ["next", "quit", "next", "quit"])  # fmt: skip
    lines = done.stderr.strip().splitlines()
    asked = [i for i, line in enumerate(lines) if "Say quit once more to stop anyway" in line]
    assert len(asked) == 1 and "NOT SAVED" in lines[-1], done.stderr
    assert len(steps(done.stdout)) == 3  # the quit asked about: the next line was still an answer
