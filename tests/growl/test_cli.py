"""``moderator growl``: the subcommand as the lead wires it, driven from files, saved and resumed."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest

from moderator.config import Config
from moderator.errors import SetupError
from moderator.growl.cli import register

SETUP = ["next"] * 5


def run_cli(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="moderator")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["growl", *argv])
    code: int = args.func(args, Config())
    return code


def lines_file(tmp_path: Path, name: str, lines: list[str]) -> Path:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_jsonl_prompts_have_the_clocktower_fields(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    given = lines_file(tmp_path, "in.txt", [*SETUP, "seat 1", "next"])
    assert run_cli(["--count", "4", "--lang", "en", "--text", "--jsonl", "--input", str(given), "--seed", "1"]) == 0
    rows = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert len(rows) == 8
    for row in rows:
        assert {"step", "seat", "expects", "text", "public"} <= set(row)
        assert row["public"] == row["text"] and row["text"]
    assert [r["step"] for r in rows][-3:] == ["start_player", "turn", "turn"]
    assert rows[-1]["seat"] == 2 and rows[-1]["expects"] == ["confirm", "character"]


def test_state_out_and_save_then_resume(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save, state = tmp_path / "evening.json", tmp_path / "state.json"
    first = lines_file(tmp_path, "1.txt", [*SETUP, "b", "the gift"])
    run_cli(["--players", "a,b,c,d", "--text", "--lang", "en", "--input", str(first), "--save", str(save),
             "--state-out", str(state), "--seed", "5"])  # fmt: skip
    s = json.loads(state.read_text(encoding="utf-8"))
    assert {"game", "night", "turn_seat", "players", "night_cards", "winner"} <= set(s)
    assert (s["game"], s["night"], s["turn_seat"], s["night_cards"], s["winner"]) == (1, 1, 2, ["the_gift"], None)
    assert s["players"][0] == {"seat": 1, "name": "a", "alive": True, "gold": 0}
    capsys.readouterr()
    second = lines_file(tmp_path, "2.txt", ["yes", "next", "seat 3 dies"])
    run_cli(["--game", str(save), "--text", "--lang", "en", "--input", str(second), "--state-out", str(state)])
    out = capsys.readouterr().out
    # A resumed evening says where it is, then asks the step it was at.
    assert out.startswith("[table] Now: the first game, the first night.\n[table] The Gift: do at least 2 players")
    s = json.loads(state.read_text(encoding="utf-8"))
    assert s["players"][2]["alive"] is False and s["seed"] == 5
    assert json.loads(save.read_text(encoding="utf-8"))["entries"][-1]["label"] == "seat 3 dies"


def test_korean_prose_by_default_from_the_config(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    given = lines_file(tmp_path, "in.txt", ["다음"])
    run_cli(["--players", "가,나,다,라", "--text", "--input", str(given), "--pace", "0"])
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "[table] 그라울 첫 번째 게임, 4명입니다. 준비를 한 단계씩 안내합니다. " + (
        "단계를 마칠 때마다 '다음'이라고 말해 주세요."
    )
    assert out[2] == "< 다음" and out[3].startswith("[table] 카드 제거. 4명이므로")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--count", "3", "--lang", "en"], "4 to 10 players, not 3"),
        (["--players", "a,b,c,d,e,f,g,h,i,j,k", "--lang", "en"], "not 11"),
        (["--players", "a,b,A,d", "--lang", "en"], "same name"),
        (["--count", "3", "--lang", "ko"], "4명에서 10명까지 할 수 있습니다. 지금은 3명"),  # the game's language
        (["--players", "a,b,A,d"], "이름이 같은 플레이어"),  # Korean by default, from the config
        ([], "--players"),
    ],
)
def test_bad_player_lists_are_refused(argv: list[str], message: str) -> None:
    with pytest.raises(SetupError, match=message):
        run_cli([*argv, "--text", "--input", "/dev/null"])


def test_the_engine_imports_no_audio_library() -> None:
    code = (
        "import sys, moderator.growl.cli, moderator.growl.engine, moderator.growl.frontend\n"
        "bad = {'sounddevice', 'vosk', 'pyttsx3', 'pyaudio', 'simpleaudio', 'pygame', 'moderator.voice'}\n"
        "print(sorted(m for m in sys.modules if m in bad or m.split('.')[0] in bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


HELPS = [("ko", "도움말", "지금 할 수 있는 말"), ("en", "help", "What you can say now")]


@pytest.mark.parametrize(("lang", "word", "said"), HELPS)
def test_help_lists_what_the_step_takes_and_changes_nothing(
    lang: str, word: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = tmp_path / "state.json"
    answers = lines_file(tmp_path, "in.txt", ["next", word])
    assert run_cli(["--count", "5", "--lang", lang, "--text", "--input", str(answers), "--state-out", str(state)]) == 0
    out = capsys.readouterr().out
    helped = [line for line in out.splitlines() if said in line]
    assert len(helped) == 1 and "'" in helped[0]  # the examples, quoted
    assert "!" not in "".join(line[:1] for line in out.splitlines())  # not refused
    assert json.loads(state.read_text(encoding="utf-8"))["step"] == "setup_remove"  # only the next moved it
