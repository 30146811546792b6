"""What an outside hostile-input audit found on the command line, each answered in one line now: a closed or
full standard stream, ``transcribe`` on what is no sound file, a port out of range, and a player count too
large to make a list of."""

from __future__ import annotations

import os
import subprocess
import sys
import wave
from pathlib import Path

import pytest

from moderator.cli import main

MAIN = Path(__file__).resolve().parents[1]


def _env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ, HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "c"), XDG_DATA_HOME=str(tmp_path / "d"))
    env["PYTHONPATH"] = str(MAIN)
    return env


@pytest.mark.parametrize("kind", ["missing", "folder", "empty", "pipe"])
def test_transcribe_what_is_no_sound_file(kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "x.wav"
    if kind == "folder":
        path.mkdir()
    elif kind == "empty":
        with wave.open(str(path), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(16000)
    elif kind == "pipe":
        os.mkfifo(path)  # read, it would never end
    assert main(["transcribe", str(path), "--lang", "en", "--expects", "seat"]) == 2
    err = [x for x in capsys.readouterr().err.strip().splitlines() if "settings file" not in x]  # a first run's
    assert len(err) == 1 and str(path) in err[-1] and "Traceback" not in err[-1]


@pytest.mark.parametrize("port", ["-1", "70000", "x"])
def test_a_port_out_of_range_is_refused_by_the_command_line(port: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        main(["play", "--text", "--web", "--port", port, "--lang", "en"])
    assert ended.value.code == 2
    assert "a port is a number from 0 to 65535" in capsys.readouterr().err


def test_a_huge_player_count_is_refused_before_anything_is_made(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["growl", "--text", "--count", "99999999999999999999", "--lang", "en"]) == 2
    assert capsys.readouterr().err.strip() == "moderator: Growl takes 4 to 10 players, not 99999999999999999999."


@pytest.mark.parametrize("game", [["play", "--script", "trouble-brewing", "--players", "a,b,c,d,e,f,g"],
                                  ["growl", "--count", "5", "--pace", "0"]])
def test_a_closed_standard_input_ends_the_game_cleanly(game: list[str], tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "moderator", *game, "--text", "--lang", "en"], cwd=tmp_path,
                          env=_env(tmp_path), stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120,
                          preexec_fn=lambda: os.close(0))  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr


def test_standard_output_on_a_full_device_is_one_line(tmp_path: Path) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("this system has no /dev/full")
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "moderator", "night-order", "--script", "trouble-brewing",
                               "--all-in-play", "--lang", "en"], cwd=tmp_path, env=_env(tmp_path), stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=120)  # fmt: skip
    assert done.returncode == 1
    assert done.stderr.strip().splitlines()[-1] == "moderator: stopped, the system refused: No space left on device"
