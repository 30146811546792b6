"""Malformed script files: every fault is a problem with file, position and id, never a traceback,
whether the script is validated or played."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from moderator.validate import validate

CASES: list[tuple[str, bytes, str]] = [
    ("bad_bytes", b'\xff\xfe["pixie"]', "not UTF-8 text (byte 0)"),
    ("nan", b'[{"id":"hb","name":"HB","team":"townsfolk","ability":"x","firstNight":NaN}]', "NaN is not a number"),
    ("infinity", b'[{"id":"hb","name":"HB","team":"townsfolk","ability":"x","otherNight":Infinity}]', "Infinity"),
    ("huge", b'[{"id":"hb","name":"HB","team":"townsfolk","ability":"x","otherNight":1e999}]', "otherNight"),
    ("deep", b"[" * 5000, "nested too deep"),
    ("not_json", b"pixie, imp", "not valid JSON at line 1"),
    ("not_a_list", b'{"id": "pixie"}', "a script is a JSON array"),
    ("shadow", b'[{"id":"pixie","name":"Fake","team":"townsfolk","ability":"x"}]', "official character's id"),
    (
        "duplicate",
        b'[{"id":"hb","name":"A","team":"townsfolk","ability":"x"},{"id":"hb","name":"B","team":"townsfolk","ability":"y"}]',
        "listed twice",
    ),
    ("two_metas", b'[{"id":"_meta","name":"a"},{"id":"_meta","name":"b"},"imp"]', "one _meta object"),
    ("empty_id", b'[{"id":"","name":"E","team":"townsfolk","ability":"x"}]', "1 to 50 lowercase letters"),
    ("step_id", b'[{"id":"dawn","name":"D","team":"townsfolk","ability":"x"}]', "a step of the night or day"),
    ("path_id", b'[{"id":"../../etc/passwd","name":"P","team":"townsfolk","ability":"x"}]', "lowercase letters"),
    (
        "jinx",
        b'[{"id":"hb","name":"J","team":"townsfolk","ability":"x","jinxes":[{"id":"nosuch","reason":"r"}]}]',
        "a jinx with an unknown character id",
    ),
    ("unknown", b'["pixie", "nosuchcharacter"]', "unknown character id"),
]


@pytest.mark.parametrize(("name", "content", "expected"), CASES, ids=[c[0] for c in CASES])
def test_a_malformed_script_is_a_problem_not_a_traceback(
    tmp_path: Path, name: str, content: bytes, expected: str
) -> None:
    path = tmp_path / f"{name}.json"
    path.write_bytes(content)
    problems = validate([path]).problems
    assert any(expected in str(p) and path.name in str(p) for p in problems), problems
    run = subprocess.run([sys.executable, "-m", "moderator", "night-order", "--script", str(path)],
                         capture_output=True, text=True, timeout=60)  # fmt: skip
    assert run.returncode == 2 and "Traceback" not in run.stderr, run.stderr
    assert len(run.stderr.strip().splitlines()) <= 3, run.stderr


def test_a_byte_order_mark_is_fine(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b'\xef\xbb\xbf[{"id":"_meta","name":"BOM"},"pixie","imp","poisoner","empath","chef"]')
    assert validate([path]).problems == []
