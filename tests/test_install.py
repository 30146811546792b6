"""The app as a user installs it: a wheel built from the repository, installed into a fresh virtual
environment, run from an unrelated folder. It must find its rules, scripts, phrases and settings
inside the package, and put the user's files where the platform expects them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _run(cmd: list[str], cwd: Path, env: dict[str, str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=cwd, env=env, input=stdin, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """The ``moderator`` command of a fresh environment with only the wheel (and its dependencies)."""
    root = tmp_path_factory.mktemp("wheel")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "PYTHONPATH", "MODERATOR_"))}
    built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(root / "dist"), str(REPO)],
                 root, env)  # fmt: skip
    assert built.returncode == 0, built.stderr
    wheel = next((root / "dist").glob("moderator-*.whl"))
    venv.create(root / "venv", with_pip=True)
    pip = _run([str(root / "venv" / "bin" / "python"), "-m", "pip", "install", "-q", str(wheel)], root, env)
    assert pip.returncode == 0, pip.stderr
    home = root / "home"
    env |= {"HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"), "XDG_DATA_HOME": str(home / ".local/share"),
            "XDG_CACHE_HOME": str(home / ".cache"), "XDG_STATE_HOME": str(home / ".local/state")}  # fmt: skip
    return root / "venv" / "bin" / "moderator", env


@pytest.fixture
def elsewhere(tmp_path: Path) -> Path:
    folder = tmp_path / "somewhere" / "else"
    folder.mkdir(parents=True)
    return folder


def test_the_wheel_carries_its_data(installed: tuple[Path, dict[str, str]], elsewhere: Path) -> None:
    exe, env = installed
    version = _run([str(exe), "--version"], elsewhere, env)
    assert version.returncode == 0 and version.stdout.startswith("moderator "), version.stderr
    validate = _run([str(exe), "validate"], elsewhere, env)
    assert validate.returncode == 0, validate.stdout + validate.stderr
    assert validate.stdout.strip().endswith("ok")
    assert "site-packages" in validate.stdout  # the files checked are the installed package's own


def test_night_order_and_setup_from_another_folder(installed: tuple[Path, dict[str, str]], elsewhere: Path) -> None:
    exe, env = installed
    night = _run([str(exe), "night-order", "--script", "twelve", "--night", "first", "--lang", "en"], elsewhere, env)
    assert night.returncode == 0, night.stderr
    assert "Snake Charmer" in night.stdout and "Dawn" in night.stdout
    setup = _run([str(exe), "setup", "--script", "finger-pointing", "--add", "imp,poisoner", "--players",
                  "a,b,c,d,e,f,g", "--seed", "3", "--out", "game.json", "--json"], elsewhere, env)  # fmt: skip
    assert setup.returncode == 0, setup.stderr
    assert len(json.loads(setup.stdout)["players"]) == 7
    assert (elsewhere / "game.json").is_file() and "game.json에 변경될 때마다 저장합니다" in setup.stderr


def test_a_short_growl_game_and_where_it_is_saved(installed: tuple[Path, dict[str, str]], elsewhere: Path) -> None:
    exe, env = installed
    keys = "next\nnext\nnext\nnext\nnext\nseat 1\n"
    run = _run([str(exe), "growl", "--text", "--lang", "en", "--count", "4", "--seed", "2", "--pace", "0",
                "--jsonl"], elsewhere, env, stdin=keys)  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    prompts = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    assert prompts[-1]["step"] == "turn"  # the setup was read out and the first turn began
    saves = Path(env["XDG_DATA_HOME"]) / "moderator" / "saves"
    saved = list(saves.glob("growl-*.json"))
    assert len(saved) == 1 and f"saving the evening to {saved[0]}" in run.stderr
    assert not list(elsewhere.iterdir())  # nothing left in the folder the user happened to be in
    made = Path(env["XDG_CONFIG_HOME"]) / "moderator" / "config.toml"
    assert made.is_file() and "[general]" in made.read_text(encoding="utf-8")


def test_a_clocktower_game_by_keys_needs_no_voice_extra(installed: tuple[Path, dict[str, str]],
                                                        elsewhere: Path) -> None:  # fmt: skip
    """Only the wheel and its own dependencies (no numpy, no recognizer): `play` by keys still runs; the
    voice layer's heavy imports stay lazy."""
    exe, env = installed
    run = _run([str(exe), "play", "--lang", "en"], elsewhere, env, stdin="continue\ncontinue\n")
    assert "Traceback" not in run.stderr + run.stdout, run.stderr
    assert run.returncode == 0, run.stderr
    assert "Everyone close your eyes" in run.stdout or "close your eyes" in run.stdout.lower(), run.stdout[-800:]
