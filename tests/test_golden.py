"""Golden playthroughs written from the official rule texts by auditors who never read the code (issue 26:
two or more per character of the later editions, the Travellers, the Fabled and Loric; a third also in
Korean). Each file is a scenario in the form of tests/audit26 (see tests/test_audit26.py for its keys),
plus ``lang`` (``en`` when not given) and ``rule``: the rule text it checks. They run through the command
line, ``moderator play --text --jsonl --input … --state-out``, and are checked on the state and the JSON
lines it writes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from moderator.yamlio import load_yaml
from tests.test_audit26 import replay

HERE = Path(__file__).parent / "golden"
FILES = sorted(HERE.rglob("*.yaml"))


def test_golden_scenarios_cite_their_rule() -> None:
    for path in FILES:
        sc = load_yaml(path.read_text(encoding="utf-8"))
        assert str(sc.get("rule", "")).strip(), f"{path.name} cites no rule"
        assert sc.get("lang", "en") in ("en", "ko"), f"{path.name}: lang must be en or ko"


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_golden_scenario(path: Path, request: pytest.FixtureRequest, tmp_path: Path,
                         capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    replay(path, request, tmp_path, capsys)
