"""Text from outside (issue 24, items 3, 4 and 6): no raw control character reaches the terminal, from a
line typed or a name given; bytes that are not UTF-8 on the keyboard, under a Korean locale, are read with
replacement and end nothing; names that are not names are refused at --players, one line saying which
and why. Black-box: the command line as a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from moderator.printable import NEWLINE, PrintableStream, printable

REPO = Path(__file__).resolve().parents[1]
ESCAPES = "\x1b]0;PWNED\x07\x1b[2J\x1b[31m\r\x08\u202e"


def _run(
    tmp: Path, args: list[str], stdin: bytes = b"", lang_env: str = "C.UTF-8"
) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "HOME": str(tmp), "XDG_DATA_HOME": str(tmp / "data"), "XDG_CONFIG_HOME": str(tmp / "cfg"),
           "PYTHONPATH": str(REPO), "LANG": lang_env, "LC_ALL": lang_env}  # fmt: skip
    return subprocess.run([sys.executable, "-m", "moderator", *args], input=stdin, capture_output=True, env=env,
                          cwd=tmp, timeout=120)  # fmt: skip


def _raw_controls(data: bytes) -> list[str]:
    text = data.decode("utf-8", "replace")
    return [repr(ch) for ch in text if (ord(ch) < 32 and ch not in "\n\t") or ch == "\x7f" or ch == "\u202e"]


@pytest.mark.parametrize("game", [["growl", "--count", "5", "--pace", "0"],
                                  ["play", "--script", "trouble-brewing", "--players", "a,b,c,d,e,f,g"]],
                         ids=["growl", "play"])  # fmt: skip
def test_escape_sequences_typed_are_shown_escaped(tmp_path: Path, game: list[str]) -> None:
    lines = f"{ESCAPES}next\nnext\nseat 1 {ESCAPES}\n".encode()
    r = _run(tmp_path, [*game, "--text", "--lang", "en", "--seed", "1"], lines)
    assert r.returncode == 0, r.stderr
    assert not _raw_controls(r.stdout) and not _raw_controls(r.stderr), (_raw_controls(r.stdout), r.stdout[-300:])
    if game[0] == "growl":  # its echo of what was typed shows the sequence, escaped
        assert b"\\x1b]0;PWNED\\x07" in r.stdout


def test_cp949_bytes_typed_under_a_korean_locale_end_nothing(tmp_path: Path) -> None:
    """A CP949 terminal under ko_KR.UTF-8 sends bytes that are not UTF-8: read with replacement, refused
    as not understood, and the game goes on to the lines after them."""
    cp949 = "다음".encode("cp949")
    args = ["growl", "--count", "5", "--pace", "0", "--text", "--lang", "ko", "--seed", "1", "--state-out", "s.json"]
    r = _run(tmp_path, args, cp949 + b"\n" + "다음\n".encode(), lang_env="ko_KR.UTF-8")
    assert r.returncode == 0, r.stderr.decode("utf-8", "replace")
    assert b"Traceback" not in r.stderr + r.stdout
    assert "\ufffd".encode() in r.stdout  # the undecodable bytes, shown replaced


GAMES = [["growl", "--pace", "0"], ["play", "--script", "trouble-brewing"], ["setup", "--script", "trouble-brewing"]]


@pytest.mark.parametrize(
    ("names", "why"),
    [("A,,C,D,E", "empty"), ("A,3,C,D,E", "seat"), ("A,seat 3,C,D,E", "seat"), ("A,3번,C,D,E", "seat"),
     ("A,yes,C,D,E", "command"), ("A,다음,C,D,E", "command"), ("A,뒤로,C,D,E", "command"), ("A,B,a,D,E", "same"),
     ("A,B\x1b[2J,C,D,E", "not a letter"), ("A,B\nseat 1,C,D,E", "not a letter"),
     ("A,B\u2028> FAKE,C,D,E", "not a letter"), ("A,B\u200b,C,D,E", "not a letter")],
)  # fmt: skip
@pytest.mark.parametrize("game", GAMES, ids=["growl", "play", "setup"])
def test_names_that_are_not_names_are_refused(tmp_path: Path, game: list[str], names: str, why: str) -> None:
    text = ["--text"] if game[0] != "setup" else []
    r = _run(tmp_path, [*game, "--players", names, "--lang", "en", "--seed", "1", *text])
    err = r.stderr.decode()
    assert r.returncode == 2, err
    (line,) = [x for x in err.splitlines() if x.startswith("moderator:") and "settings file" not in x]
    assert "--players" in line and why in line, line
    assert not _raw_controls(r.stderr)


def test_a_name_that_is_not_text_is_refused_not_a_crash_at_the_save(tmp_path: Path) -> None:
    """Bytes that are not UTF-8 in a name (a lone surrogate once decoded) used to end the game at the
    first save with UnicodeEncodeError."""
    env_name = os.fsencode("A,") + b"\xff\xfe" + b",C,D,E"
    args: list[str | bytes] = [sys.executable, "-m", "moderator", "growl", "--text", "--lang", "en", "--pace", "0",
                               "--players", env_name]
    r = subprocess.run(args,
                       input=b"", capture_output=True, cwd=tmp_path, timeout=120,
                       env={**os.environ, "HOME": str(tmp_path), "PYTHONPATH": str(REPO)})  # fmt: skip
    assert r.returncode == 2 and b"Traceback" not in r.stderr, r.stderr
    assert b"not a letter" in r.stderr


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text())
def test_printable_leaves_no_control_character(text: str) -> None:
    shown = printable(text)
    assert not any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 or c in "\u202e\u2066" for c in shown)
    assert (NEWLINE in shown) == ("\n" in text) or NEWLINE in text
    assert not any(c in "\u2028\u2029\u200b\ufeff\u00ad\uffff" for c in shown)  # separators, invisibles
    if all(c.isprintable() or c == " " for c in text):
        assert shown == text


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_the_printable_stream_keeps_the_lines_and_escapes_the_rest(text: str) -> None:
    class Sink:
        def __init__(self) -> None:
            self.got = ""

        def write(self, s: str) -> int:
            self.got += s
            return len(s)

    sink = Sink()
    PrintableStream(sink).write(text)  # type: ignore[arg-type]
    body = sink.got[1:] if text.startswith("\r") else sink.got
    assert not any((ord(c) < 32 and c not in "\n\t") or 0x7F <= ord(c) < 0xA0 for c in body)
    assert sink.got.count("\n") == text.count("\n")


def test_a_config_value_with_nul_is_one_problem_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[general]\nsaves = "a\\u0000b"\n', encoding="utf-8")
    r = _run(tmp_path, ["--config", str(bad), "play", "--text", "--script", "trouble-brewing", "--players",
                        "a,b,c,d,e"])  # fmt: skip
    err = r.stderr.decode()
    assert r.returncode == 2 and "Traceback" not in err, err
    (line,) = [x for x in err.splitlines() if x.startswith("moderator:")]
    assert "general.saves" in line and "control character" in line


@pytest.mark.parametrize("text", ["a = " + "[" * 2000 + "]" * 2000, "a = " + "{x=" * 2000 + "1" + "}" * 2000])
def test_a_config_nested_too_deep_is_one_problem_line(tmp_path: Path, text: str) -> None:
    bad = tmp_path / "deep.toml"
    bad.write_text(text + "\n", encoding="utf-8")
    r = _run(tmp_path, ["--config", str(bad), "play", "--text", "--script", "trouble-brewing", "--players",
                        "a,b,c,d,e"])  # fmt: skip
    err = r.stderr.decode()
    assert r.returncode == 2 and "Traceback" not in err, err
    (line,) = [x for x in err.splitlines() if x.startswith("moderator:")]
    assert "deep.toml" in line and len(line) < 300
