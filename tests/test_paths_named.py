"""Files a user names (issue 24, item 2 and 7): ``--state-out`` writes only a file of its own (absent, or
a state this app wrote), never the game's save, another game's save, someone's notes, a FIFO or a folder,
nor any of those through a symbolic link; a link to a running save meets that game's lock, and a save
with another name (a hard link) is refused before it could fork. Every refusal is one line, exit 2, and
the file named is left exactly as it was. Only temporary files: a FIFO stands for a device."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PLAY = ["play", "--text", "--script", "trouble-brewing", "--players", "a,b,c,d,e,f,g", "--seed", "1", "--lang", "en"]
GROWL = ["growl", "--text", "--count", "5", "--seed", "1", "--lang", "en", "--pace", "0"]


def _env(tmp: Path) -> dict[str, str]:
    return {**os.environ, "HOME": str(tmp), "XDG_DATA_HOME": str(tmp / "data"), "XDG_CONFIG_HOME": str(tmp / "cfg"),
            "PYTHONPATH": str(REPO)}  # fmt: skip


def _run(tmp: Path, args: list[str], lines: str = "next\n") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "moderator", *args], input=lines, capture_output=True, text=True,
                          env=_env(tmp), cwd=tmp, timeout=120)  # fmt: skip


@contextmanager
def _running(tmp: Path, args: list[str], writes: str) -> Iterator[None]:
    """A game running in its own process (stdin held open) while the block runs, once it has written ``writes``;
    it ends with its input."""
    cmd = [sys.executable, "-m", "moderator", *args]
    game = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            text=True, env=_env(tmp), cwd=tmp)  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while not (tmp / writes).exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert (tmp / writes).exists()
        yield
    finally:
        assert game.stdin is not None
        game.stdin.close()
        game.wait(timeout=60)


def _refused(r: subprocess.CompletedProcess[str], words: str) -> None:
    assert r.returncode == 2, r.stdout[-500:] + r.stderr
    lines = [x for x in r.stderr.splitlines() if x.startswith("moderator:") and "settings file" not in x]
    assert len(lines) == 1 and words in lines[0], r.stderr
    assert "Traceback" not in r.stderr + r.stdout


@pytest.mark.parametrize("game", [PLAY, GROWL], ids=["play", "growl"])
def test_state_out_never_writes_a_fifo_directly_or_through_a_link(tmp_path: Path, game: list[str]) -> None:
    fifo = tmp_path / "device"
    os.mkfifo(fifo)
    link = tmp_path / "link.json"
    link.symlink_to(fifo)
    for target in (fifo, link):
        r = _run(tmp_path, [*game, "--state-out", str(target), "--save", "g.json"])
        _refused(r, "not a regular file")
        assert fifo.is_fifo() and link.is_symlink()
    folder = tmp_path / "folder"
    folder.mkdir()
    _refused(_run(tmp_path, [*game, "--state-out", str(folder), "--save", "g.json"]), "not a regular file")
    assert folder.is_dir()


@pytest.mark.parametrize("game", [PLAY, GROWL], ids=["play", "growl"])
def test_state_out_leaves_notes_saves_and_the_save_itself_alone(tmp_path: Path, game: list[str]) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n", encoding="utf-8")
    link = tmp_path / "notes-link.json"
    link.symlink_to(notes)
    for target in (notes, link):
        _refused(_run(tmp_path, [*game, "--state-out", str(target), "--save", "g.json"]), "not a state file")
        assert notes.read_text(encoding="utf-8") == "my notes\n"
    # another game's save
    assert _run(tmp_path, [*game, "--save", "other.json"]).returncode == 0
    other = (tmp_path / "other.json").read_bytes()
    _refused(_run(tmp_path, [*game, "--state-out", "other.json", "--save", "g.json"]), "not a state file")
    assert (tmp_path / "other.json").read_bytes() == other
    # the game's own save, by its name and through a link
    (tmp_path / "same.json").symlink_to(tmp_path / "other.json")
    for name in ("other.json", "same.json"):
        _refused(_run(tmp_path, [*game, "--game", "other.json", "--state-out", name]), "own save")
        assert (tmp_path / "other.json").read_bytes() == other


@pytest.mark.parametrize("game", [PLAY, GROWL], ids=["play", "growl"])
def test_state_out_rewrites_its_own_state_file_and_a_link_to_it(tmp_path: Path, game: list[str]) -> None:
    first = _run(tmp_path, [*game, "--state-out", "state.json", "--save", "g.json"])
    assert first.returncode == 0, first.stderr
    doc = json.loads((tmp_path / "state.json").read_text(encoding="utf-8"))
    assert isinstance(doc["players"], list)
    (tmp_path / "state-link.json").symlink_to(tmp_path / "state.json")
    again = _run(tmp_path, [*game, "--state-out", "state-link.json", "--save", "g2.json"], "next\nnext\n")
    assert again.returncode == 0, again.stderr
    assert (tmp_path / "state-link.json").is_symlink()  # the target was rewritten, the link kept
    assert json.loads((tmp_path / "state.json").read_text(encoding="utf-8")) != doc


def test_a_link_to_a_running_save_meets_its_lock(tmp_path: Path) -> None:
    """A second app given a symbolic link to the save a running game writes is refused as a second
    writer (the lock is on the real file), and the running game's save is untouched by it."""
    with _running(tmp_path, [*PLAY, "--save", "live.json"], "live.json"):
        (tmp_path / "alias.json").symlink_to(tmp_path / "live.json")
        second = _run(tmp_path, [*PLAY, "--game", "alias.json"])
        _refused(second, "in use by another moderator")


def test_a_save_with_another_name_is_refused_before_it_can_fork(tmp_path: Path) -> None:
    assert _run(tmp_path, [*PLAY, "--save", "a.json"]).returncode == 0
    os.link(tmp_path / "a.json", tmp_path / "b.json")
    before = (tmp_path / "a.json").read_bytes()
    _refused(_run(tmp_path, [*PLAY, "--game", "b.json"]), "hard links")
    assert (tmp_path / "a.json").read_bytes() == before == (tmp_path / "b.json").read_bytes()


def test_state_out_is_never_the_saves_backup(tmp_path: Path) -> None:
    assert _run(tmp_path, [*PLAY, "--save", "x.json"], "next\nnext\n").returncode == 0
    backup = (tmp_path / "x.json.bak").read_bytes()
    _refused(_run(tmp_path, [*PLAY, "--game", "x.json", "--state-out", "x.json.bak"]), "backup")
    assert (tmp_path / "x.json.bak").read_bytes() == backup


def test_a_running_games_state_file_is_not_taken_over(tmp_path: Path) -> None:
    with _running(tmp_path, [*PLAY, "--save", "one.json", "--state-out", "state.json"], "state.json"):
        written = (tmp_path / "state.json").read_bytes()
        other = ["play", "--text", "--script", "trouble-brewing", "--players", "v,w,x,y,z", "--lang", "en"]
        _refused(_run(tmp_path, [*other, "--save", "two.json", "--state-out", "state.json"]), "another running game")
        assert (tmp_path / "state.json").read_bytes() == written
    again = _run(tmp_path, [*PLAY, "--save", "three.json", "--state-out", "state.json"])  # free once it stopped
    assert again.returncode == 0, again.stderr
