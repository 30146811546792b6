"""Issue 28 item 3, rooms a person can hold in their head: no module of moderator/ is over 400 lines."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "moderator"
MOST = 400
def test_no_module_is_over_400_lines() -> None:
    over = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MOST:
            over[name] = lines
    assert not over, f"modules over {MOST} lines (split each where it has two jobs): {over}"
