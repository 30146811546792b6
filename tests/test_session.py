"""Both games behind the one session protocol, with no audio: what a spoken answer does, and the
state file (--state-out) rewritten after it, the same by voice as by keys."""

from __future__ import annotations

import io
import json
from pathlib import Path

from moderator.clocktower.frontend import TextLoop
from moderator.clocktower.voice import ClocktowerSession
from moderator.commands.parse import Command
from moderator.growl.frontend import GrowlLoop
from moderator.growl.voice import GrowlSession
from moderator.session import Session
from tests.growl.helpers import new_engine
from tests.tables import twelve_table


def next_command() -> Command:
    return Command("next", text="next")


def test_clocktower_by_voice_rewrites_the_state_file(tmp_path: Path) -> None:
    out = tmp_path / "state.json"
    table = twelve_table()
    session: Session = ClocktowerSession(table, "en", TextLoop(table, "en", io.StringIO(), state_out=out))
    session.handle(next_command())
    assert json.loads(out.read_text(encoding="utf-8"))["cursor"] == table.g.model_dump(by_alias=True)["cursor"]
    session.typed("back")
    assert json.loads(out.read_text(encoding="utf-8"))["cursor"] == table.g.model_dump(by_alias=True)["cursor"]


def test_growl_by_voice_rewrites_the_state_file(tmp_path: Path) -> None:
    out = tmp_path / "state.json"
    engine = new_engine(["a", "b", "c", "d"])
    session: Session = GrowlSession(GrowlLoop(engine, "en", io.StringIO(), state_out=out, pace=0))
    session.handle(next_command())
    assert json.loads(out.read_text(encoding="utf-8"))["step"] == engine.state.step



def test_a_team_in_a_true_answer_is_said_as_a_character_of_your_choice() -> None:
    """A Spy who may register as a Townsfolk: the Washerwoman's alternative names no team id."""
    from tests.playthrough import HERE, load, run

    pt = load(HERE / "audit" / "tb" / "tb18_spy_misregistration_offered.yaml")
    texts = [p["text"] for p in run(pt).prompts if p["step"] == "washerwoman"]
    assert any("a Townsfolk of your choice" in t for t in texts), texts
    assert not any("Character: townsfolk" in t for t in texts), texts
