"""Undo pops one entry, resume replays the journal, and every change is saved before it is acknowledged."""

from __future__ import annotations

import json
from pathlib import Path

from moderator.growl.data import default_data
from moderator.growl.engine import Growl
from moderator.growl.journal import GrowlJournal
from tests.growl.helpers import SETUP, command, new_engine, saving, say


def test_back_undoes_one_step_at_a_time() -> None:
    g = new_engine(["a", "b", "c", "d"])
    assert say(g, *SETUP, "seat 2", "next") == []
    assert (g.state.step, g.state.turn_seat) == ("turn", 3)
    say(g, "back")
    assert (g.state.step, g.state.turn_seat) == ("turn", 2)
    say(g, "back")
    assert g.state.step == "start_player" and g.state.turn_seat is None


def test_back_brings_a_dead_player_back() -> None:
    g = new_engine(["a", "b", "c", "d"])
    say(g, *SETUP, "seat 1", "seat 3 dies")
    assert not g.state.player(3).alive
    say(g, "undo")
    assert g.state.player(3).alive and g.state.step == "turn"


def test_back_at_the_start_changes_nothing() -> None:
    g = new_engine(["a", "b", "c", "d"])
    reply = g.handle(command(g, "back"))
    assert reply.public == ["There is nothing to undo."]
    assert len(g.journal.entries) == 1 and g.state.step == "setup_night_cards"


def test_every_change_is_saved_and_a_resumed_game_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "evening.json"
    g = new_engine(["a", "b", "c", "d"], seed=9, persist=saving(path))
    say(g, *SETUP, "seat 4", "the gift")
    saved = GrowlJournal.load(path)
    assert len(saved.entries) == len(g.journal.entries)
    again = Growl(saved, default_data(), "en", saving(path))
    assert again.state == g.state
    assert again.prompt().to_json() == g.prompt().to_json()
    assert again.state.step == "card_condition" and again.state.seed == 9
    say(again, "yes", "next")
    assert again.state.step == "cannot_give"


def test_undo_works_across_a_resume(tmp_path: Path) -> None:
    path = tmp_path / "evening.json"
    g = new_engine(["a", "b", "c", "d"], persist=saving(path))
    say(g, *SETUP, "seat 1", "seat 2 dies")
    again = Growl(GrowlJournal.load(path), default_data(), "en", saving(path))
    say(again, "back")
    assert again.state.player(2).alive
    assert GrowlJournal.load(path).state().player(2).alive


def test_a_refused_command_saves_nothing(tmp_path: Path) -> None:
    path = tmp_path / "evening.json"
    g = new_engine(["a", "b", "c", "d"], persist=saving(path))
    say(g, *SETUP, "seat 1")
    before = path.read_text(encoding="utf-8")
    errors = say(g, "all hallows eve", "seat 9 dies", "yes")
    assert len(errors) == 3
    assert path.read_text(encoding="utf-8") == before


def test_the_journal_file_is_plain_json_with_labelled_entries(tmp_path: Path) -> None:
    path = tmp_path / "evening.json"
    g = new_engine(["a", "b", "c", "d"], persist=saving(path))
    say(g, *SETUP, "seat 1", "seat 3 dies")
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert raw["start"]["players"][2] == {"seat": 3, "name": "c", "alive": True, "gold": 0}
    assert [e["label"] for e in raw["entries"]][-2:] == ["start seat 1", "seat 3 dies"]
    assert raw["entries"][-1]["events"] == [{"kind": "die", "seat": 3}]


def test_pause_holds_the_step_until_the_table_goes_on() -> None:
    g = new_engine(["a", "b", "c", "d"])
    say(g, *SETUP, "seat 1", "pause")
    assert g.prompt().step == "paused" and g.prompt().text == "Paused. Say 'next' when ready."
    say(g, "next")
    assert g.prompt().step == "turn" and g.state.turn_seat == 1
    say(g, "next")
    assert g.state.turn_seat == 2


def test_repeat_changes_nothing() -> None:
    g = new_engine(["a", "b", "c", "d"])
    say(g, *SETUP)
    before = g.journal.model_dump_json()
    say(g, "repeat", "again")
    assert g.journal.model_dump_json() == before
