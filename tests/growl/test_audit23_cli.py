"""Audit 23: the Growl command line as a black box (errors, --save / --game, --lang on resume).

Requirements under test (from the audit brief):
4. one language per game everywhere: refusals, errors of the command line (e.g. a wrong player
   count with --lang ko is in Korean), resumed games keep the saved language (--lang given on
   resume still wins);
5. undo (뒤로 / back) says what it undid, in both languages;
6. a resumed game (--game g.json) says where it is (which game of the evening, which night,
   whose turn).

Every run is a subprocess with HOME and the XDG folders inside tmp_path and a timeout of 120 s.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

MAIN = Path(__file__).resolve().parents[2]
HANGUL = re.compile(r"[가-힣]")

SETUP_KO = ["다음", "다음", "다음", "다음", "다음"]
SETUP_EN = ["next", "next", "next", "next", "next"]

def _env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    for key, sub in (("HOME", "home"), ("XDG_DATA_HOME", "data"), ("XDG_CONFIG_HOME", "config")):
        folder = tmp_path / sub
        folder.mkdir(parents=True, exist_ok=True)
        env[key] = str(folder)
    env["PYTHONPATH"] = str(MAIN) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def growl(
    tmp_path: Path, args: list[str], lines: list[str] | None = None, name: str = "in"
) -> subprocess.CompletedProcess[str]:
    """Run `moderator growl` with the table's lines in a file (no waiting)."""
    cmd = [sys.executable, "-m", "moderator", "growl", "--text", "--pace", "0", *args]
    if lines is not None:
        feed = tmp_path / f"{name}.txt"
        feed.write_text("\n".join(lines) + "\n", encoding="utf-8")
        cmd += ["--input", str(feed)]
    return subprocess.run(
        cmd, cwd=tmp_path, env=_env(tmp_path), capture_output=True, text=True, encoding="utf-8", timeout=120
    )


def _message_lines(text: str) -> list[str]:
    """The program's own message lines (not argparse's usage synopsis, not the first-run settings note,
    which test_first_run_settings_note_in_korean checks on its own)."""
    out = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("usage:") or line.startswith(" "):
            continue
        if "config.toml" in line:
            continue
        out.append(line)
    return out


def _english_words(line: str) -> list[str]:
    """English words left in a line once paths, --flags and the program's name are taken out."""
    line = re.sub(r"(\S*/\S*)", " ", line)  # paths
    line = re.sub(r"--[\w-]+", " ", line)  # flags
    line = re.sub(r"^moderator( growl)?:", " ", line)
    line = re.sub(r"\b(moderator|growl|Growl|JSON|json)\b", " ", line)
    return re.findall(r"[A-Za-z]{2,}", line)


def assert_korean(text: str, what: str) -> None:
    lines = _message_lines(text)
    assert lines, f"{what}: no message at all"
    for line in lines:
        assert HANGUL.search(line), f"{what}: a line not in Korean: {line!r}"
        assert not _english_words(line), f"{what}: English words {_english_words(line)} in {line!r}"


def save_game(tmp_path: Path, lang: str, lines: list[str], name: str = "g", count: int = 5) -> Path:
    path = tmp_path / f"{name}.json"
    res = growl(tmp_path, ["--count", str(count), "--lang", lang, "--seed", "5", "--save", str(path)], lines, name=name)
    assert res.returncode == 0, res.stderr
    assert path.is_file(), "the evening was not saved"
    return path


# --- requirement 4: errors of the command line in the game's language ---------------------------


def test_wrong_player_count_in_korean(tmp_path: Path) -> None:
    res = growl(tmp_path, ["--count", "3", "--lang", "ko"], [])
    assert res.returncode != 0
    assert_korean(res.stderr, "--count 3 --lang ko")
    assert "4" in res.stderr and "10" in res.stderr


def test_wrong_player_count_in_english(tmp_path: Path) -> None:
    res = growl(tmp_path, ["--players", "Ann,Bo", "--lang", "en"], [])
    assert res.returncode != 0
    assert not HANGUL.search(res.stderr), res.stderr
    assert "4" in res.stderr and "10" in res.stderr


def test_no_players_given_in_korean(tmp_path: Path) -> None:
    """With --lang ko but neither --players, --count nor --game, the refusal is in Korean."""
    res = growl(tmp_path, ["--lang", "ko"], [])
    assert res.returncode != 0
    assert_korean(res.stderr, "--lang ko without players")


def test_count_not_a_number_in_korean(tmp_path: Path) -> None:
    res = growl(tmp_path, ["--count", "다섯", "--lang", "ko"], [])
    assert res.returncode != 0
    assert_korean(res.stderr.strip().splitlines()[-1], "--count 다섯 --lang ko")


def test_pace_out_of_range_in_korean(tmp_path: Path) -> None:
    res = growl(tmp_path, ["--count", "5", "--lang", "ko", "--pace", "-1"], [])
    assert res.returncode != 0
    assert_korean(res.stderr.strip().splitlines()[-1], "--pace -1 --lang ko")


def test_missing_saved_game_in_korean(tmp_path: Path) -> None:
    res = growl(tmp_path, ["--game", str(tmp_path / "없는파일.json"), "--lang", "ko"], [])
    assert res.returncode != 0
    assert_korean(res.stderr, "--game <missing> --lang ko")


def test_not_a_saved_game_in_korean(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    res = growl(tmp_path, ["--game", str(bad), "--lang", "ko"], [])
    assert res.returncode != 0
    assert_korean(res.stderr, "--game <not a save> --lang ko")


def test_missing_input_file_in_korean(tmp_path: Path) -> None:
    cmd = [sys.executable, "-m", "moderator", "growl", "--text", "--pace", "0", "--count", "5", "--lang", "ko",
           "--input", str(tmp_path / "없음.txt")]  # fmt: skip
    res = subprocess.run(cmd, cwd=tmp_path, env=_env(tmp_path), capture_output=True, text=True, timeout=120)
    errors = [line for line in res.stderr.splitlines() if "없음.txt" in line]
    assert errors, f"no message about the missing input file: {res.stderr!r}"
    assert_korean("\n".join(errors), "--input <missing> --lang ko")


def test_save_notice_in_korean(tmp_path: Path) -> None:
    """The note that the evening is being saved (and how to resume) is in the game's language."""
    path = tmp_path / "g.json"
    res = growl(tmp_path, ["--count", "5", "--lang", "ko", "--seed", "5", "--save", str(path)], ["다음"])
    assert res.returncode == 0, res.stderr
    notes = [line for line in (res.stdout + res.stderr).splitlines() if str(path) in line]
    assert notes, "no note about where the evening is saved"
    assert_korean("\n".join(notes), "--save notice with --lang ko")


def test_first_run_settings_note_in_korean(tmp_path: Path) -> None:
    """The note printed when the settings file is first made is in the game's language too."""
    res = growl(tmp_path, ["--count", "5", "--lang", "ko", "--seed", "5"], ["다음"])
    assert res.returncode == 0, res.stderr
    notes = [line for line in (res.stdout + res.stderr).splitlines() if "config.toml" in line]
    for line in notes:
        assert HANGUL.search(line) and not _english_words(line), f"settings note not in Korean: {line!r}"


# --- requirement 4: resumed games keep the saved language; --lang on resume wins ----------------


def test_resume_keeps_saved_korean(tmp_path: Path) -> None:
    path = save_game(tmp_path, "ko", [*SETUP_KO, "1번", "다음", "3번 사망"])
    res = growl(tmp_path, ["--game", str(path)], ["이상한 말", "다음"], name="resume")
    assert res.returncode == 0, res.stderr
    assert "2번 차례입니다" in res.stdout
    assert "알아듣지 못했습니다" in res.stdout + res.stderr  # the refusal too is in Korean
    assert "your turn" not in res.stdout and "I didn't understand" not in res.stdout + res.stderr


def test_resume_lang_en_wins_over_saved_korean(tmp_path: Path) -> None:
    path = save_game(tmp_path, "ko", [*SETUP_KO, "1번", "다음", "3번 사망"])
    res = growl(tmp_path, ["--game", str(path), "--lang", "en"], ["gibberish", "next"], name="resume")
    assert res.returncode == 0, res.stderr
    assert "Seat 2, your turn" in res.stdout
    table = [line for line in res.stdout.splitlines() if line.startswith("[table]")]
    assert table and not any(HANGUL.search(line) for line in table), table


def test_resume_keeps_saved_english_and_lang_ko_wins(tmp_path: Path) -> None:
    path = save_game(tmp_path, "en", [*SETUP_EN, "seat 1", "next"])
    res = growl(tmp_path, ["--game", str(path)], [], name="resume_en")
    assert res.returncode == 0, res.stderr
    assert "Seat 2, your turn" in res.stdout
    res_ko = growl(tmp_path, ["--game", str(path), "--lang", "ko"], [], name="resume_ko")
    assert res_ko.returncode == 0, res_ko.stderr
    assert "2번 차례입니다" in res_ko.stdout
    assert "your turn" not in res_ko.stdout


# --- requirement 6: a resumed game says where it is ------------------------------------------


def _resume_head(tmp_path: Path, path: Path, lang: str | None = None) -> str:
    args = ["--game", str(path)] + (["--lang", lang] if lang else [])
    res = growl(tmp_path, args, [], name="head")
    assert res.returncode == 0, res.stderr
    return res.stdout


def test_resume_day_turn_after_first_night_says_game_night_and_turn(tmp_path: Path) -> None:
    path = save_game(tmp_path, "ko", [*SETUP_KO, "1번", "블러드 하운드", "다음", "없음", "다음", "다음", "다음"])
    out = _resume_head(tmp_path, path)
    assert "첫 번째 게임" in out
    assert "첫 번째 밤" in out
    assert "3번" in out and "차례" in out


def test_resume_second_game_says_second_game(tmp_path: Path) -> None:
    lines = [*SETUP_KO, "1번", "다음", "3번 사망", "4번 사망", "아니요", "1", "1", "졌어요", "졌어요", "네",
             *SETUP_KO]  # fmt: skip
    path = save_game(tmp_path, "ko", lines, count=4)
    out = _resume_head(tmp_path, path)
    assert "두 번째 게임" in out


def test_resume_at_night_says_which_night(tmp_path: Path) -> None:
    night = ["1번", "블러드 하운드", "다음", "없음", "다음", "다음", "감금", "다음"]
    path = save_game(tmp_path, "ko", [*SETUP_KO, *night])
    out = _resume_head(tmp_path, path)
    assert "첫 번째 게임" in out
    assert "두 번째 밤" in out


def test_resume_english_says_where(tmp_path: Path) -> None:
    path = save_game(tmp_path, "en", [*SETUP_EN, "seat 1", "next", "seat 3 dies", "next"])
    out = _resume_head(tmp_path, path)
    assert "first game" in out
    assert "seat 4" in out


def test_resume_after_the_game_does_not_claim_a_turn(tmp_path: Path) -> None:
    """Resumed at 'Another game?' after game 1: it says game 1 is over, not that it is someone's turn."""
    lines = [*SETUP_KO, "1번", "다음", "3번 사망", "4번 사망", "아니요", "1", "1", "졌어요", "졌어요"]
    path = save_game(tmp_path, "ko", lines, count=4)
    out = _resume_head(tmp_path, path)
    assert "첫 번째 게임" in out
    assert "한 게임 더" in out
    assert not re.search(r"\d번 차례", out), out


# --- requirement 5: undo says what it undid, also after a resume --------------------------------


def test_undo_after_resume_says_what_it_undid(tmp_path: Path) -> None:
    path = save_game(tmp_path, "ko", [*SETUP_KO, "1번", "다음", "3번 사망"])
    res = growl(tmp_path, ["--game", str(path)], ["뒤로"], name="undo")
    assert res.returncode == 0, res.stderr
    after = res.stdout.split("< 뒤로", 1)[-1]
    assert re.search(r"3번 사망[^\n]*취소", after), after


def test_undo_after_resume_says_what_it_undid_english(tmp_path: Path) -> None:
    path = save_game(tmp_path, "en", [*SETUP_EN, "seat 1", "next", "seat 3 dies"])
    res = growl(tmp_path, ["--game", str(path)], ["back"], name="undo")
    assert res.returncode == 0, res.stderr
    after = res.stdout.split("< back", 1)[-1]
    assert re.search(r"seat 3[^\n]*(undone|death)", after), after
