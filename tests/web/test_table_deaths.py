"""The table's screen learns a night's deaths at dawn, as the table does (audit: the Demon's kill showed on it
while eyes were still closed)."""

from __future__ import annotations

import io

from moderator.clocktower.frontend import TextLoop
from moderator.web.clocktower import public_view
from tests.tables import make_table


def _alive(loop: TextLoop) -> dict[int, bool]:
    return {s["seat"]: s["alive"] for s in public_view(loop.table, "en")["seats"]}


def test_a_night_kill_shows_on_the_table_at_dawn() -> None:
    table = make_table("trouble-brewing", ["A", "B", "C", "D", "E"], ["imp", "poisoner", "empath", "chef", "monk"])
    loop = TextLoop(table, "en", io.StringIO())
    for _ in range(40):
        g = table.g
        if g.night == 2 and g.cursor is not None and g.cursor.id == "imp":
            break
        loop.step("end day" if g.phase == "day" else "next")
    else:
        raise AssertionError("never reached the Imp's step on night 2")
    assert loop.step("seat 3")[1] is None
    assert not table.g.player(3).alive and table.g.phase == "night"
    assert _alive(loop)[3] is True  # eyes closed: nobody has been told
    for _ in range(10):
        if str(table.g.phase) == "day":
            break
        loop.step("next")
    assert _alive(loop)[3] is False  # the dawn said it
