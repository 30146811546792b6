"""The journal: undo by pop, crash-safe save and load, and the state file other tools read."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from moderator.cli import main
from moderator.clocktower.grimoire.events import (
    AddNote,
    AddReminder,
    Assign,
    Die,
    Event,
    GainAbility,
    Remember,
    RemoveReminder,
    Revive,
    Seat,
    SetAlignment,
    SetBelieves,
    SetBluffs,
    SetPhase,
    SetUnseated,
    SetWinner,
    SpendGhostVote,
)
from moderator.clocktower.grimoire.journal import Journal, load_state, write_atomic
from moderator.clocktower.grimoire.state import Grimoire
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.loader import load_catalogue
from moderator.clocktower.rules.scripts import load_script
from moderator.clocktower.rules.setup import setup_game
from moderator.errors import StateFileError
from moderator.savefile import encode

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "data"

#: The state file shape the issue fixes (other tools read it): key -> JSON types allowed.
STATE_KEYS: dict[str, tuple[type, ...]] = {
    "script": (str,),
    "phase": (str,),
    "night": (int,),
    "day": (int,),
    "players": (list,),
    "bluffs": (list,),
    "winner": (str, type(None)),
}
PLAYER_KEYS: dict[str, tuple[type, ...]] = {
    "seat": (int,),
    "name": (str,),
    "character": (str,),
    "believes": (str, type(None)),
    "alignment": (str,),
    "alive": (bool,),
    "ghost_vote": (bool,),
    "reminders": (list,),
}


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue(DATA)


def setup_events(cat: Catalogue, seed: int = 1, players: int = 8) -> list[Event]:
    script, merged = load_script("twelve", cat)
    events, _, _ = setup_game(script, merged, [f"p{i}" for i in range(1, players + 1)], seed=seed)
    return events


def every_kind_of_event() -> list[list[Event]]:
    """A short game touching every event kind, one entry per list."""
    return [
        [Seat(seat=i, name=n) for i, n in enumerate(["가", "나", "다", "라", "마"], start=1)],
        [
            Assign(seat=1, character="imp", alignment="evil"),
            Assign(seat=2, character="poisoner", alignment="evil"),
            Assign(seat=3, character="drunk", alignment="good", believes="empath"),
            Assign(seat=4, character="cannibal", alignment="good"),
            Assign(seat=5, character="fortuneteller", alignment="good"),
        ],
        [SetBelieves(seat=3, believes="chef"), SetAlignment(seat=4, alignment="evil"), SetUnseated(characters=[])],
        [AddReminder(seat=5, source="fortuneteller", name="Red Herring", by_seat=5), SetBluffs(bluffs=["mayor"])],
        [SetPhase(phase="night", night=1, day=0)],
        [AddReminder(seat=3, source="poisoner", name="Poisoned", by_seat=2), Remember(key="k", value="v")],
        [
            SetPhase(phase="day", night=1, day=1),
            Die(seat=5, executed=True),
            GainAbility(seat=4, ability="fortuneteller"),
        ],
        [SpendGhostVote(seat=5), RemoveReminder(seat=3, source="poisoner", name="Poisoned"), Revive(seat=5)],
        [SetPhase(phase="night", night=2, day=1), Die(seat=3, by_demon=True), Remember(key="k", value=None)],
        [SetWinner(winner="good")],
    ]


def test_a_new_journal_is_an_empty_game() -> None:
    j = Journal.new("twelve")
    g = j.state()
    assert g.script == "twelve" and g.phase == "setup" and g.players == [] and g.winner is None
    assert j.pop() is None


def test_push_returns_the_new_state_and_pop_restores_the_old_exactly() -> None:
    j = Journal.new("test")
    history = [j.state().model_dump()]
    for i, events in enumerate(every_kind_of_event()):
        g = j.push(f"step {i}", events)
        assert g.model_dump() == j.state().model_dump()
        assert g.model_dump() != history[-1], f"entry {i} changed nothing"
        history.append(g.model_dump())
    for i in reversed(range(len(history) - 1)):
        entry = j.pop()
        assert entry is not None and entry.label == f"step {i}"
        assert j.state().model_dump() == history[i]
    assert j.pop() is None
    assert j.state().model_dump() == history[0]


def test_undo_then_redo_gives_the_same_state(cat: Catalogue) -> None:
    j = Journal.new("twelve")
    j.push("setup", setup_events(cat))
    before = j.state().model_dump()
    j.push("kill", [SetPhase(phase="night", night=1, day=0), Die(seat=2, by_demon=True)])
    entry = j.pop()
    assert entry is not None and j.state().model_dump() == before
    j.push(entry.label, entry.events)
    g = j.state()
    assert not g.player(2).alive and g.died_tonight == [2]


def test_the_state_is_a_replay_not_a_mutation() -> None:
    j = Journal.new("test")
    j.push("seat", [Seat(seat=1, name="a")])
    g = j.state()
    g.players[0].alive = False
    assert j.state().player(1).alive
    assert j.start.players == []


def test_facts_of_each_event(cat: Catalogue) -> None:
    j = Journal.new("test")
    for events in every_kind_of_event():
        j.push("x", events)
    g = j.state()
    assert [p.name for p in g.players] == ["가", "나", "다", "라", "마"]
    assert g.player(3).believes == "chef"
    assert g.player(4).alignment == "evil" and g.player(4).abilities == ["fortuneteller"]
    assert g.player(5).alive and not g.player(5).ghost_vote
    assert not g.player(3).alive and g.died_tonight == [3] and g.demon_killed_tonight == [3]
    assert g.player(3).reminders == []
    assert g.memory == {}
    assert g.executed_today == 5, "the night after remembers the day's execution (the Undertaker's)"
    assert g.winner == "good" and g.phase == "over"
    assert g.bluffs == ["mayor"]


def test_save_and_load_round_trip(tmp_path: Path, cat: Catalogue) -> None:
    j = Journal.new("twelve")
    j.push("setup", setup_events(cat, seed=4, players=9))
    for events in every_kind_of_event()[4:]:
        j.push("play", [e for e in events if not isinstance(e, (Seat, Assign))])
    path = tmp_path / "saves" / "game.json"
    j.save(path)
    back = Journal.load(path)
    assert back.state().model_dump() == j.state().model_dump()
    assert back.model_dump() == j.model_dump()
    assert [e.label for e in back.entries] == [e.label for e in j.entries]
    # Undo still works after a load.
    back.pop()
    j.pop()
    assert back.state().model_dump() == j.state().model_dump()


def test_every_event_kind_survives_a_save(tmp_path: Path) -> None:
    j = Journal.new("test")
    for events in every_kind_of_event():
        j.push("x", events)
    path = tmp_path / "g.json"
    j.save(path)
    raw = json.loads(path.read_text(encoding="utf-8"))
    kinds = {e["kind"] for entry in raw["entries"] for e in entry["events"]}
    assert kinds == {e.kind for events in every_kind_of_event() for e in events}
    assert len(kinds) == 15
    assert Journal.load(path).state().model_dump() == j.state().model_dump()
    assert "가" in path.read_text(encoding="utf-8") or "\\uac00" in path.read_text(encoding="utf-8")


def test_saving_leaves_no_temporary_files(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    j = Journal.new("test")
    for i, events in enumerate(every_kind_of_event()):
        j.push(str(i), events)
        j.save(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "game.json.bak"]  # and the previous save
    assert Journal.load(path).state().model_dump() == j.state().model_dump()


def test_a_failed_write_keeps_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    write_atomic(path, "old content")
    with pytest.raises(UnicodeEncodeError):
        write_atomic(path, "new content \ud800")  # a lone surrogate cannot be written as UTF-8
    assert path.read_text(encoding="utf-8") == "old content"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_failed_save_keeps_the_old_game(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    j = Journal.new("test")
    j.push("seat", [Seat(seat=1, name="a")])
    j.save(path)
    saved = path.read_text(encoding="utf-8")
    j.push("bad", [Seat(seat=2, name="b\ud800")])
    with pytest.raises(ValueError):
        j.save(path)
    assert path.read_text(encoding="utf-8") == saved
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    assert [p.name for p in Journal.load(path).state().players] == ["a"]


def test_write_atomic_replaces_and_creates_folders(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "state.json"
    write_atomic(path, "one")
    write_atomic(path, "two")
    assert path.read_text(encoding="utf-8") == "two"
    assert [p.name for p in path.parent.iterdir()] == ["state.json"]


def test_load_state_reads_a_journal_and_a_bare_grimoire(tmp_path: Path, cat: Catalogue) -> None:
    j = Journal.new("twelve")
    j.push("setup", setup_events(cat))
    journal_path = tmp_path / "journal.json"
    j.save(journal_path)
    bare_path = tmp_path / "state.json"
    bare_path.write_text(j.state().model_dump_json(by_alias=True), encoding="utf-8")
    assert load_state(journal_path).model_dump() == j.state().model_dump()
    assert load_state(bare_path).model_dump() == j.state().model_dump()


def test_load_state_reads_the_minimal_shape_of_the_issue(tmp_path: Path) -> None:
    state: dict[str, Any] = {
        "script": "twelve", "phase": "night", "night": 2, "day": 1,
        "players": [
            {"seat": 1, "name": "a", "character": "imp", "believes": None, "alignment": "evil", "alive": True,
             "ghost_vote": True, "reminders": []},
            {"seat": 2, "name": "b", "character": "drunk", "believes": "empath", "alignment": "good", "alive": False,
             "ghost_vote": False, "reminders": [{"from": "poisoner", "name": "Poisoned"}]},
        ],
        "bluffs": ["chef"], "winner": None,
    }  # fmt: skip
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state), encoding="utf-8")
    g = load_state(path)
    assert (g.script, g.phase, g.night, g.day, g.bluffs, g.winner) == ("twelve", "night", 2, 1, ["chef"], None)
    b = g.player(2)
    assert (b.character, b.believes, b.alive, b.ghost_vote) == ("drunk", "empath", False, False)
    assert [(r.source, r.name) for r in b.reminders] == [("poisoner", "Poisoned")]
    dumped = json.loads(g.model_dump_json(by_alias=True))
    for key, value in state.items():
        if key != "players":
            assert dumped[key] == value
    players: list[dict[str, Any]] = state["players"]
    for mine, theirs in zip(dumped["players"], players, strict=True):
        for key, value in theirs.items():
            if key == "reminders":
                assert [{"from": r["from"], "name": r["name"]} for r in mine[key]] == value
            else:
                assert mine[key] == value


@pytest.mark.parametrize(
    "content",
    [
        "",
        "{not json",
        "[1, 2, 3]",
        '{"phase": "night"}',
        '{"script": "x", "phase": "lunch"}',
        '{"start": 1, "entries": []}',
    ],
)
def test_a_corrupt_state_file_names_its_path(tmp_path: Path, content: str) -> None:
    path = tmp_path / "corrupt.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(StateFileError) as info:
        load_state(path)
    assert str(path) in str(info.value)


@pytest.mark.parametrize("content", ["", "{not json", "[]", '{"start": {"script": "x"}, "entries": [{"label": 1}]}'])
def test_a_corrupt_journal_names_its_path(tmp_path: Path, content: str) -> None:
    path = tmp_path / "corrupt.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(StateFileError) as info:
        Journal.load(path)
    assert str(path) in str(info.value)


def test_a_missing_file_names_its_path(tmp_path: Path) -> None:
    path = tmp_path / "missing.json"
    for load in (load_state, Journal.load):
        with pytest.raises(StateFileError) as info:
            load(path)
        assert str(path) in str(info.value)


def _check_state_shape(state: dict[str, Any]) -> None:
    for key, types in STATE_KEYS.items():
        assert key in state, key
        assert isinstance(state[key], types), key
    assert state["phase"] in ("setup", "night", "day", "over")
    assert state["winner"] in (None, "good", "evil")
    assert all(isinstance(b, str) for b in state["bluffs"])
    assert state["players"]
    for p in state["players"]:
        for key, types in PLAYER_KEYS.items():
            assert key in p, key
            assert isinstance(p[key], types), key
        assert p["alignment"] in ("good", "evil")
        for r in p["reminders"]:
            assert isinstance(r["from"], str) and isinstance(r["name"], str)
            assert "source" not in r
    assert [p["seat"] for p in state["players"]] == list(range(1, len(state["players"]) + 1))


def test_the_state_json_has_the_keys_other_tools_read(cat: Catalogue) -> None:
    g = Grimoire(script="twelve")
    for e in setup_events(cat, seed=2, players=9):
        e.apply(g)
    state = json.loads(g.model_dump_json(by_alias=True))
    _check_state_shape(state)
    assert any(p["reminders"] for p in state["players"]), "twelve's setup marks someone (Faux Paw, Know …)"
    assert len(state["bluffs"]) == len(g.bluffs)


def test_cli_setup_writes_a_journal_with_that_state(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    args = ["setup", "--script", "twelve", "--players", "a,b,c,d,e,f,g,h", "--seed", "5", "--json", "--out", str(path)]
    assert main(args) == 0
    printed = json.loads(capsys.readouterr().out)
    _check_state_shape(printed)
    assert json.loads(load_state(path).model_dump_json(by_alias=True)) == printed
    assert Journal.load(path).entries[0].label == "setup"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


@pytest.mark.parametrize("game", ["play", "growl"])
def test_a_new_game_is_refused_a_file_that_holds_another(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The next evening's new game given last evening's save (audit: the first game was gone, its .bak too):
    refused in one line that says how to resume it; the save and its .bak are left as they were, and
    resuming it still works."""
    path = tmp_path / "game.json"
    lines = tmp_path / "in.txt"
    lines.write_text("next\nnext\nquit\n", encoding="utf-8")
    setup = (["--script", "trouble-brewing", "--players", "Ann,Bill,Cara,Dan,Eve,Finn,Gus"] if game == "play"
             else ["--players", "Ann,Bill,Cara,Dan,Eve", "--pace", "0"])  # fmt: skip
    first = [game, "--text", "--lang", "en", "--input", str(lines), "--save", str(path)]
    assert main([*first, *setup, "--seed", "1"]) == 0
    kept = {p.name: p.read_bytes() for p in tmp_path.glob("game.json*")}
    capsys.readouterr()
    other = (["--script", "trouble-brewing", "--players", "Zed,Yul,Xia,Wes,Val,Uma,Tom"] if game == "play"
             else ["--count", "6", "--pace", "0"])  # fmt: skip
    assert main([*first, *other]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "already holds another saved game" in err[0] and f"--game {path}" in err[0]
    assert {p.name: p.read_bytes() for p in tmp_path.glob("game.json*")} == kept
    assert main([game, "--text", "--lang", "en", "--input", str(lines), "--game", str(path)]) == 0
    assert "Ann" in path.read_text(encoding="utf-8")


def test_a_save_keeps_its_script_and_resumes_without_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A custom script moved after the game, or an app installed elsewhere since (audit: the save named the
    script's path only, and could not be resumed): the save keeps the script as read, and resumes on it."""
    club = tmp_path / "club.json"
    ids = ["imp", "washerwoman", "chef", "empath", "poisoner", "butler", "librarian", "investigator", "monk"]
    club.write_text(json.dumps([{"id": "_meta", "name": "Club"}, *ids, "soldier"]), encoding="utf-8")
    path, lines = tmp_path / "game.json", tmp_path / "in.txt"
    lines.write_text("next\nnext\nseat 4 is poisoned\nquit\n", encoding="utf-8")
    common = ["play", "--text", "--lang", "en", "--input", str(lines)]
    assert main([*common, "--script", str(club), "--players", "A,B,C,D,E,F,G", "--seed", "1", "--save", str(path)]) == 0
    before = Journal.load(path).state()
    assert Journal.load(path).script == json.loads(club.read_text(encoding="utf-8"))
    club.rename(tmp_path / "moved.json")
    capsys.readouterr()
    lines.write_text("quit\n", encoding="utf-8")
    assert main([*common, "--game", str(path)]) == 0, capsys.readouterr().err
    after = Journal.load(path).state()
    assert after.script == before.script
    assert [p.character for p in after.players] == [p.character for p in before.players]


def test_an_older_save_without_its_script_finds_it_again(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A save made before saves kept their script: a bundled script's old path (the app installed elsewhere
    since) is found by its name; a custom script moved is refused in one line, and found with --script."""
    path, lines = tmp_path / "game.json", tmp_path / "in.txt"
    club = tmp_path / "club.json"
    club.write_text(json.dumps(["imp", "washerwoman", "chef", "empath", "poisoner", "butler", "librarian", "monk"]),
                    "utf-8")  # fmt: skip
    gone = str(tmp_path / "old-app" / "data" / "scripts" / "trouble-brewing.json")
    for script, source in (("trouble-brewing", gone), (str(club), str(club))):
        path.unlink(missing_ok=True)
        lines.write_text("next\nnext\nquit\n", encoding="utf-8")
        new = ["--script", script, "--players", "A,B,C,D,E,F,G", "--seed", "1", "--save", str(path)]
        assert main(["play", "--text", "--lang", "en", "--input", str(lines), *new]) == 0
        doc = json.loads(path.read_text(encoding="utf-8"))
        body = {k: v for k, v in doc.items() if k not in ("script", "checksum", "format", "game")}
        body["start"]["script"] = source  # as an older version wrote it: the path only
        path.write_text(encode(body, "clocktower"), encoding="utf-8")
        lines.write_text("quit\n", encoding="utf-8")
        resume = ["play", "--text", "--lang", "en", "--input", str(lines), "--game", str(path)]
        if source == gone:
            assert main(resume) == 0
            continue
        club.rename(tmp_path / "moved.json")
        capsys.readouterr()
        assert main(resume) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and "club.json" in err[0]
        assert main([*resume, "--script", str(tmp_path / "moved.json")]) == 0


def test_a_note_is_journaled_alone() -> None:
    """Audit: each note wrote every earlier note into the save again (800 notes: 4.3 MB and 70 s). A note is
    an event of its own now; the notes add up as before, and `back` takes the last one off."""
    from moderator.clocktower.frontend import TextLoop
    from tests.tables import make_table

    table = make_table("trouble-brewing", list("abcde"), ["imp", "poisoner", "empath", "chef", "monk"])
    loop = TextLoop(table, "en", io.StringIO())
    for i in range(50):
        assert loop.step(f"note seat 1 claims {i}")[1] is None
    assert loop.step("game note a quiet table")[1] is None
    notes = [e for entry in table.journal.entries for e in entry.events if e.kind == "note"]
    assert len(notes) == 51 and all(isinstance(e, AddNote) for e in notes)
    assert table.g.player(1).notes == [f"claims {i}" for i in range(50)] and table.g.notes == ["a quiet table"]
    assert loop.step("back")[1] is None and loop.step("back")[1] is None
    assert table.g.player(1).notes[-1] == "claims 48" and table.g.notes == []
