"""Calibration offered at the start of a game by voice: once, to a terminal, skippable, remembered."""

from __future__ import annotations

import io
import os
import pty
import subprocess
import sys
import time
from pathlib import Path

import pytest

from moderator.config import Config
from moderator.doctor import OFFERED, offer_calibration
from moderator.voice import read_wav, render
from moderator.voice.calibrate import Calibration, calibration_dir, load, save
from tests.test_doctor import _mix, _noise
from tests.voice.test_live import alsa_env

ASKED = "Calibrate now?"


class Terminal(io.StringIO):
    """Typed answers on a terminal (the seam: what isatty() says)."""

    def isatty(self) -> bool:
        return True


def test_offered_once_to_a_terminal_and_remembered_when_skipped(tmp_path: Path) -> None:
    out = io.StringIO()
    assert not offer_calibration(Config(), "en", Terminal("\n"), out, root=tmp_path)  # Enter: the default, no
    assert ASKED in out.getvalue() and "skipped" in out.getvalue()
    assert (calibration_dir("en", tmp_path) / OFFERED).read_text().strip() == "n"
    again = io.StringIO()
    assert not offer_calibration(Config(), "en", Terminal("y\n"), again, root=tmp_path)
    assert again.getvalue() == ""  # not asked again
    other = io.StringIO()
    offer_calibration(Config(), "ko", Terminal("n\n"), other, root=tmp_path)
    assert ASKED in other.getvalue()  # per language


def test_not_offered_without_a_terminal_when_off_or_when_calibrated(tmp_path: Path) -> None:
    out = io.StringIO()
    assert not offer_calibration(Config(), "en", io.StringIO("y\n"), out, root=tmp_path)  # piped: no terminal
    off = Config.model_validate({"asr": {"calibration": False}})
    assert not offer_calibration(off, "en", Terminal("y\n"), out, root=tmp_path)
    save(Calibration("en", 1000.0), {}, root=tmp_path)
    assert load("en", tmp_path) is not None
    assert not offer_calibration(Config(), "en", Terminal("y\n"), out, root=tmp_path)
    assert out.getvalue() == "" and not (calibration_dir("en", tmp_path) / OFFERED).exists()


def _play(tmp_path: Path, env: dict[str, str], config: Path, tty: bool, *extra: str) -> str:
    """`moderator play` by voice, stdin a terminal (a pty: "n", then Ctrl-D) or a pipe; its output."""
    args = [sys.executable, "-m", "moderator", "--config", str(config), "play", "--script", "twelve", "--players",
            "a,b,c,d,e,f,g", "--seed", "1", *extra]  # fmt: skip
    if not tty:
        return subprocess.run(args, env=env, cwd=tmp_path, input="", capture_output=True, text=True,
                              timeout=120).stdout  # fmt: skip
    master, slave = pty.openpty()
    proc = subprocess.Popen(args, env=env, cwd=tmp_path, stdin=slave, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)  # fmt: skip
    os.close(slave)
    lines: list[str] = []
    try:
        os.write(master, b"n\n")
        assert proc.stdout is not None
        deadline = time.monotonic() + 120
        for line in proc.stdout:  # the keys are read (in cbreak mode) once the game has started
            lines.append(line)
            if line.startswith(("> ", "voice: audio input lost")) or time.monotonic() > deadline:
                break
        time.sleep(0.5)
        os.write(master, b"\x04")  # Ctrl-D: the storyteller stops the game
        out, _ = proc.communicate(timeout=120)
    finally:
        proc.kill()
        os.close(master)
    return "".join(lines) + out


def test_moderator_play_offers_it_at_the_start_on_a_terminal_only(tmp_path: Path) -> None:
    """The real `moderator play` on file-backed devices: asked once on a terminal, skipped with "n",
    not asked at the next game, never asked with stdin piped or in --text mode."""
    env = {**alsa_env(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data")}
    config = tmp_path / "config.toml"
    config.write_text('[general]\nlanguage = "en"\n'
                      '[audio]\ninput = "no-such-microphone"\npublic = "table"\nprivate = "headset"\n')  # fmt: skip
    piped = _play(tmp_path, env, config, tty=False)
    assert ASKED not in piped and "Traceback" not in piped
    text = _play(tmp_path, env, config, True, "--text")
    assert ASKED not in text and "Traceback" not in text
    assert not (tmp_path / "data" / "moderator" / "calibration" / "en" / OFFERED).exists()
    first = _play(tmp_path, env, config, tty=True)
    assert ASKED in first and "calibration skipped" in first, first
    assert "Traceback" not in first
    assert (tmp_path / "data" / "moderator" / "calibration" / "en" / OFFERED).is_file()
    second = _play(tmp_path, env, config, tty=True)
    assert ASKED not in second, second


def test_play_and_growl_take_calibrate() -> None:
    from moderator.cli import build_parser

    parser = build_parser()
    assert parser.parse_args(["play", "--calibrate"]).calibrate is True
    assert parser.parse_args(["growl", "--players", "a,b,c,d", "--calibrate"]).calibrate is True
    assert parser.parse_args(["play"]).calibrate is False


@pytest.mark.parametrize("force", [False, True])
def test_yes_calibrates_through_the_real_model_on_the_file_backed_microphone(tmp_path: Path, force: bool) -> None:
    """Answered yes on a terminal; or ``--calibrate`` (``force``): calibrated, unasked, though stdin is
    piped and the offer was skipped before."""
    forms = ["continue", "next", "cancel", "undo", "repeat that", "say again", "yes", "yeah", "no", "nope", "nobody",
             "no one"]  # fmt: skip
    said = {w: _mix(read_wav(render(w, "en", tmp_path / f"{w}.wav"))[0], seed=i) for i, w in enumerate(forms)}
    mic = tmp_path / "mic.raw"
    mic.write_bytes(_noise(2.5) + b"".join(_noise(1.0) + said[w] + _noise(1.2) for w in forms for _ in range(2))
                    + _noise(10.0))  # fmt: skip
    env = {**alsa_env(tmp_path, mic=mic), "XDG_DATA_HOME": str(tmp_path / "data")}
    config = tmp_path / "config.toml"
    config.write_text('[general]\nlanguage = "en"\n[audio]\ninput = "mic"\npublic = "table"\nprivate = "headset"\n')
    if force:
        (tmp_path / "data" / "moderator" / "calibration" / "en").mkdir(parents=True)
        (tmp_path / "data" / "moderator" / "calibration" / "en" / OFFERED).write_text("n\n")
    stdin = "io.StringIO('')" if force else "T('y\\n')"
    code = ("import io, sys\n"
            "from pathlib import Path\nfrom moderator.config import load_config\n"
            "from moderator.doctor import offer_calibration\n"
            "class T(io.StringIO):\n    def isatty(self): return True\n"
            f"ok = offer_calibration(load_config(Path({str(config)!r})), 'en', {stdin}, takes=2, force={force}, "
            "word_takes=0)\n"
            "print('calibrated' if ok else 'not calibrated')\n")  # fmt: skip
    run = subprocess.run([sys.executable, "-c", code], env=env, cwd=tmp_path, capture_output=True, text=True,
                         timeout=300)  # fmt: skip
    assert "Traceback" not in run.stdout + run.stderr, run.stderr
    assert (ASKED not in run.stdout) == force and run.stdout.splitlines()[-1] == "calibrated", run.stdout
    cal = load("en", tmp_path / "data" / "moderator")
    assert cal is not None and sum(n for _, n in cal.scores.values()) == 2 * len(forms)
    assert cal.kept("next") and cal.kept("nobody")
