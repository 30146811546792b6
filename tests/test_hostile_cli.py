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


def test_a_file_named_to_write_is_only_replaced_when_it_holds_the_same_kind(tmp_path: Path) -> None:
    """Audit: `say --out` and `voice-pack export` wrote over any file named, a game's save or /dev/null."""
    from moderator.errors import DataError
    from moderator.paths import may_overwrite

    save, wav = tmp_path / "game.json", tmp_path / "old.wav"
    save.write_text('{"format": 2}', encoding="utf-8")
    wav.write_bytes(b"RIFF....WAVE")
    may_overwrite(tmp_path / "new.wav", b"RIFF", "a WAV file")  # absent: written
    may_overwrite(wav, b"RIFF", "a WAV file")  # an earlier WAV: replaced
    for target in (save, tmp_path, Path(os.devnull)):
        with pytest.raises(DataError, match="left as it is"):
            may_overwrite(target, b"RIFF", "a WAV file")
    (tmp_path / "link.wav").symlink_to(wav)
    with pytest.raises(DataError, match="not a plain file"):
        may_overwrite(tmp_path / "link.wav", b"RIFF", "a WAV file")
    assert save.read_text(encoding="utf-8") == '{"format": 2}'


@pytest.mark.parametrize(("change", "said"), [
    (lambda s: s.update(cursor={"id": "zzz", "position": 1, "seat": 1}), "its step 'zzz' is no step of a game"),
    (lambda s: s.update(players=[]), "it has no players"),
    (lambda s: s["players"][1].update(seat=1), "its seats are not numbered 1 to 7 once each (1, 1, 3, 4, 5, 6, 7)"),
    (lambda s: s["players"][2].update(character="zzz"), "unknown character ids: zzz"),
    (lambda s: s.update(cursor={"id": "imp", "position": 1, "seat": 99}), "it names a seat it does not have (99)"),
])  # fmt: skip
def test_a_state_made_by_hand_that_cannot_be_run_is_said(
    change: object, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Audit: a bare state (`setup --json`, a documented input) with an unknown step, no players or a seat that is
    not there ran into a traceback; duplicate seats and unknown characters were taken. Each is one line now."""
    import json

    assert main(["setup", "--script", "trouble-brewing", "--players", "a,b,c,d,e,f,g", "--json", "--seed", "1"]) == 0
    state = json.loads(capsys.readouterr().out)
    change(state)  # type: ignore[operator]
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state), encoding="utf-8")
    lines = tmp_path / "in.txt"
    lines.write_text("next\nseat 3 dies\nquit\n", encoding="utf-8")
    assert main(["play", "--text", "--lang", "en", "--game", str(path), "--input", str(lines)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"moderator: {path}: not a game this app can run: {said}"]


def test_a_growl_save_naming_no_step_is_damaged(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Audit: an older Growl save (no checksum) whose entry moved to a step Growl does not have: a traceback."""
    import json

    from moderator.savefile import encode

    path, lines = tmp_path / "gr.json", tmp_path / "in.txt"
    lines.write_text("next\nnext\nquit\n", encoding="utf-8")
    args = ["growl", "--text", "--lang", "en", "--count", "5", "--pace", "0", "--input", str(lines)]
    assert main([*args, "--save", str(path)]) == 0
    doc = json.loads(path.read_text(encoding="utf-8"))
    goto = next(e for entry in doc["entries"] for e in entry["events"] if e["kind"] == "goto")
    goto["step"] = "zzz"
    path.write_text(encode({"start": doc["start"], "entries": doc["entries"]}, "growl"), encoding="utf-8")
    capsys.readouterr()
    assert main([*args, "--game", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "'zzz' is no step of Growl" in err[0] and str(path) in err[0]


@pytest.mark.parametrize(("argv", "said"), [
    (["play", "--text", "--players", "🐺,b,c,d,e,f,g"], "has no letter or digit to say or type"),
    (["play", "--text", "--players", ""], "give --players"),
    (["play", "--text", "--script", "trouble-brewing", "--players", "a,b,c,d,e", "--assign", ",,,,"],
     "character 1 is empty"),
])  # fmt: skip
def test_players_and_characters_given_empty_or_unsayable(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Audit: an emoji name was refused as "reads as a seat"; `--players ""` started the settings' players;
    `--assign ,,,` named "unknown character ids: , , ,"."""
    assert main([*argv, "--lang", "en"]) == 2
    assert said in capsys.readouterr().err


@pytest.mark.parametrize(("entry", "said"), [
    ({"id": "nameless", "name": " ", "team": "townsfolk", "ability": "x"}, "needs a name"),
    ({"id": "chef2", "name": "Chef", "team": "townsfolk", "ability": "x"}, "an official character's name"),
    ({"id": "nexter", "name": "next", "team": "townsfolk", "ability": "x"}, "reads as a seat, a number or a command"),
    ({"id": "seater", "name": "seat 3", "team": "townsfolk", "ability": "x"}, "reads as a seat"),
])  # fmt: skip
def test_a_homebrew_name_the_table_could_not_tell_apart(
    entry: dict[str, str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Audit: a homebrew character named "", "Chef", "next" or "seat 3" passed `validate` and then showed as
    nothing, as a second Chef, or as a bluff "seat 3, next"."""
    import json

    path = tmp_path / "s.json"
    path.write_text(json.dumps(["imp", "washerwoman", entry]), encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    assert said in capsys.readouterr().err


@pytest.mark.parametrize("kind", ["fifo", "huge_number", "bom_config", "folder_config"])
def test_files_that_are_no_script_or_settings(kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Audit: `validate` on a named pipe hung; a 5000-digit number gave Python's advice; settings with a byte
    order mark were "not valid TOML"; a folder for --config was "no such settings file"."""
    path = tmp_path / "x"
    if kind == "fifo":
        os.mkfifo(path)
        assert main(["validate", str(path)]) == 1
        assert "not a file" in capsys.readouterr().err
    elif kind == "huge_number":
        path.write_text('["imp", ' + "9" * 5000 + "]", encoding="utf-8")
        assert main(["validate", str(path)]) == 1
        assert "holds a number too long" in capsys.readouterr().err
    elif kind == "bom_config":
        path.write_text('\ufeff[general]\nlanguage = "en"\n', encoding="utf-8")
        assert main(["--config", str(path), "night-order", "--script", "trouble-brewing"]) == 0
    else:
        path.mkdir()
        assert main(["--config", str(path), "night-order", "--script", "trouble-brewing"]) == 2
        assert f"{path}: not a file" in capsys.readouterr().err
