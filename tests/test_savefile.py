"""Saves you can trust: every fault of a save file is one line naming the file and the problem, the
previous good save is offered, and a live save has one writer and survives a failing disk."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from moderator.clocktower.grimoire.events import Die, Seat
from moderator.clocktower.grimoire.journal import Journal, load_state
from moderator.errors import StateFileError
from moderator.growl.journal import GrowlJournal
from moderator.savefile import FORMAT, LiveSave, SaveError, backup_of, checksum


def _journal(changes: int = 3) -> Journal:
    j = Journal.new("twelve")
    j.push("setup", [Seat(seat=i, name=n) for i, n in enumerate("abcde", start=1)])
    for i in range(changes):
        j.push(f"change {i}", [Die(seat=1 + i % 5)])
    return j


def _saved(tmp_path: Path, changes: int = 3) -> Path:
    path = tmp_path / "game.json"
    _journal(changes).save(path)
    return path


def _message(path: Path, kind: type[Journal] | type[GrowlJournal] = Journal) -> str:
    with pytest.raises(SaveError) as caught:
        kind.load(path)
    text = str(caught.value)
    assert "\n" not in text and str(path) in text
    return text


def test_a_save_round_trips_with_its_format_game_and_checksum(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["format"] == FORMAT and doc["game"] == "clocktower" and doc["checksum"] == checksum(doc)
    assert Journal.load(path).state() == _journal().state()


def test_a_truncated_save_is_damaged_at_a_byte(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    path.write_bytes(path.read_bytes()[:200])
    assert "damaged at byte" in _message(path)


def test_an_edited_save_fails_its_checksum(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace('"change 1"', '"changed"'), encoding="utf-8")
    assert "checksum does not match" in _message(path)


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"\xff\xfe garbage", "damaged at byte 0 (not UTF-8 text)"),
        (b"{\"start\": " + b"[" * 100_000, "damaged"),
        (b'{"start": {}, "entries": [], "format": NaN}', "damaged"),
        (b"[1, 2, 3]", "not a moderator save"),
        (b'{"hello": "world"}', "not a moderator save"),
        (b"", "not a moderator save (empty)"),
        (b"shopping list", "not a moderator save"),
    ],
)
def test_files_that_are_no_save(tmp_path: Path, content: bytes, expected: str) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(content)
    assert expected in _message(path)


def test_a_newer_format_is_refused_by_number(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["format"] = 99
    doc["checksum"] = checksum(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert f"saved by a newer version (format 99); this one reads up to {FORMAT}" in _message(path)


def test_a_growl_save_is_called_one(tmp_path: Path) -> None:
    path = tmp_path / "evening.json"
    GrowlJournal.new(["a", "b", "c", "d"], seed=1).save(path)
    assert f"a Growl save: use `moderator growl --game {path}`" in _message(path)
    clocktower = _saved(tmp_path)
    assert "a Clocktower save: use `moderator play --game" in _message(clocktower, GrowlJournal)


def test_a_format_one_save_is_migrated(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    old = _journal().model_dump(mode="json", by_alias=True) | {"format": 1}
    path.write_text(json.dumps(old), encoding="utf-8")
    assert Journal.load(path).state() == _journal().state()


def test_an_event_that_cannot_be_replayed_is_named(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    j = _journal()
    j.entries.append(j.entries[0].model_copy(update={"label": "ghost", "events": [Die(seat=42)]}))
    j.save(path)
    assert "change 5, 'ghost', cannot be replayed" in _message(path)


def test_a_folder_or_a_pipe_is_not_read(tmp_path: Path) -> None:
    assert "not a regular file" in _message(tmp_path)
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    assert "not a regular file" in _message(fifo)  # and it does not hang


def test_the_previous_good_save_is_offered(tmp_path: Path) -> None:
    path = _saved(tmp_path, changes=3)
    _journal(changes=4).save(path)  # the 3-change save is now the .bak
    path.write_bytes(path.read_bytes()[:100])
    text = _message(path)
    assert f"resume with --game {backup_of(path)}" in text and "(4 changes" in text  # the setup and three changes


@pytest.mark.parametrize("game", ["play", "growl"])
def test_a_korean_game_hears_of_a_damaged_save_in_korean(tmp_path: Path, game: str) -> None:
    """The command line's --lang ko: the fault, and the good save beside it, said in Korean, one line."""
    path = _saved(tmp_path, changes=3)
    _journal(changes=4).save(path)
    path.write_bytes(path.read_bytes()[:100])
    r = subprocess.run([sys.executable, "-m", "moderator", game, "--lang", "ko", "--text", "--game", str(path)],
                       capture_output=True, text=True, timeout=120, cwd=tmp_path, stdin=subprocess.DEVNULL)  # fmt: skip
    said = [x for x in r.stderr.strip().splitlines() if "설정 파일을 만들었습니다" not in x]  # a first run's notice
    assert r.returncode != 0 and len(said) == 1 and "Traceback" not in r.stderr, r.stderr
    if game == "play":
        assert "손상되었습니다" in said[0] and f"--game {backup_of(path)}" in said[0] and "변경 4개" in said[0]
    else:  # a Clocktower save given to Growl: which game's it is, in Korean
        assert "손상되었습니다" in said[0] or "저장 파일입니다" in said[0], said


def test_a_bare_state_and_a_save_both_load_as_state(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    bare = tmp_path / "state.json"
    bare.write_text(_journal().state().model_dump_json(by_alias=True), encoding="utf-8")
    assert load_state(path) == load_state(bare)
    junk = tmp_path / "junk.json"
    junk.write_text('{"players": "no"}', encoding="utf-8")
    with pytest.raises(StateFileError, match="neither a moderator save nor a grimoire state"):
        load_state(junk)


# -- the live file ---------------------------------------------------------------------------------


def _live(path: Path, notes: list[str], rescue: Path | None = None) -> LiveSave:
    """The live save of a game resumed from ``path``."""
    return LiveSave(path, "clocktower", rescue or path.parent / "rescue.json", notes.append, resumed=path)


def test_a_new_game_never_saves_over_another_game(tmp_path: Path) -> None:
    """A new game (or one resumed from elsewhere) given a file that holds a saved game is refused, in one
    line that says how to resume that game; the file and its .bak are left as they were."""
    path = _saved(tmp_path)
    backup_of(path).write_bytes(path.read_bytes())
    before = path.read_bytes()
    notes: list[str] = []
    for resumed in (None, tmp_path / "other.json"):
        live = LiveSave(path, "clocktower", tmp_path / "rescue.json", notes.append, resumed=resumed)
        with pytest.raises(SaveError, match=r"already holds another saved game.*moderator play --game") as err:
            live.open()
        assert "\n" not in str(err.value)
    assert path.read_bytes() == before and backup_of(path).read_bytes() == before
    assert not LiveSave.lock_of(path).exists()


def test_a_second_writer_is_refused_by_name(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    first = _live(path, [])
    first.open()
    with pytest.raises(SaveError, match=rf"in use by another moderator \(process {os.getpid()}\)"):
        _live(path, []).open()
    first.close()
    again = _live(path, [])
    again.open()  # free once the first one has stopped
    again.close()


def test_a_file_that_is_no_save_is_not_overwritten(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my shopping list", encoding="utf-8")
    with pytest.raises(SaveError, match="not overwritten"):
        _live(notes, []).open()
    assert notes.read_text(encoding="utf-8") == "my shopping list"
    with pytest.raises(SaveError, match="is a folder"):
        _live(tmp_path, []).open()


def test_leftover_temporary_files_are_cleaned(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    leftover = tmp_path / f".{path.name}.12345.tmp"
    leftover.write_text("half a save")
    live = _live(path, [])
    live.open()
    assert not leftover.exists()
    live.close()


def test_a_failing_disk_is_said_once_and_the_game_rescued(tmp_path: Path) -> None:
    """The target's folder cannot be made (a file stands where it should be): the game goes on,
    saved to the rescue file; once the folder can be made, the target is saved again."""
    blocker = tmp_path / "saves"
    blocker.write_text("a file, not a folder")
    path = blocker / "game.json"
    notes: list[str] = []
    live = _live(path, notes, rescue=tmp_path / "rescue.json")
    live.open()
    for n in range(1, 4):
        live.write(_journal(n).body())
    assert len(notes) == 2 and "cannot lock" in notes[0]  # said once at the start, once at the first write
    assert "cannot save to" in notes[1] and "saved instead to" in notes[1] and "retried" in notes[1]
    assert Journal.load(tmp_path / "rescue.json").state() == _journal(3).state()
    blocker.unlink()  # the disk is back
    live.write(_journal(4).body())
    assert Journal.load(path).state() == _journal(4).state() and "works again" in notes[-1]
    live.close()


def test_a_save_changed_by_another_program_is_not_overwritten(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    notes: list[str] = []
    live = _live(path, notes)
    live.open()
    path.write_text("someone else's text, longer than before " * 10, encoding="utf-8")
    live.write(_journal(5).body())
    assert "changed by another program" in notes[0]
    assert path.read_text(encoding="utf-8").startswith("someone else's text")
    live.close()


def _play(args: list[str], cwd: Path) -> subprocess.Popen[str]:
    cmd = [sys.executable, "-m", "moderator", "play", "--text", "--lang", "en", *args]
    return subprocess.Popen(cmd, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)  # fmt: skip


def test_two_processes_on_one_save_the_second_is_refused(tmp_path: Path) -> None:
    """The first game holds the save; a second `play --game` on it is refused, naming the holder; no
    acknowledged entry of the first is lost."""
    new = ["--script", "twelve", "--players", "a,b,c,d,e,f,g", "--seed", "1", "--save", "game.json"]
    first = _play(new, tmp_path)
    assert first.stdin is not None
    first.stdin.write("next\n")
    first.stdin.flush()
    for _ in range(200):  # until the first has saved its answer
        if (tmp_path / "game.json").is_file() and len(Journal.load(tmp_path / "game.json").entries) >= 3:
            break
        time.sleep(0.05)
    second = subprocess.run([sys.executable, "-m", "moderator", "play", "--text", "--game", "game.json"], cwd=tmp_path,
                            input="next\n", capture_output=True, text=True, timeout=60)  # fmt: skip
    assert second.returncode == 2
    assert f"in use by another moderator (process {first.pid})" in second.stderr
    _out, err = first.communicate("next\n", timeout=60)
    assert first.returncode == 0, err
    assert len(Journal.load(tmp_path / "game.json").entries) >= 3
    resumed = subprocess.run([sys.executable, "-m", "moderator", "play", "--text", "--game", "game.json"],
                             cwd=tmp_path, input="", capture_output=True, text=True, timeout=60)  # fmt: skip
    assert resumed.returncode == 0, resumed.stderr  # free again once the first has stopped
    assert "saving the game to game.json" in resumed.stderr  # it goes on in its own file


def test_a_game_added_to_at_setup_resumes_with_its_additions(tmp_path: Path) -> None:
    """The script as played (finger-pointing has no Demon: --add imp,poisoner) is kept in the save."""
    args = ["--script", "finger-pointing", "--add", "imp,poisoner", "--players", "a,b,c,d,e,f,g", "--seed", "2",
            "--save", "game.json"]  # fmt: skip
    run = subprocess.run([sys.executable, "-m", "moderator", "play", "--text", "--lang", "en", *args], cwd=tmp_path,
                         input="next\n", capture_output=True, text=True, timeout=60)  # fmt: skip
    assert run.returncode == 0, run.stderr
    again = subprocess.run([sys.executable, "-m", "moderator", "play", "--text", "--lang", "en", "--game", "game.json"],
                           cwd=tmp_path, input="next\n", capture_output=True, text=True, timeout=60)  # fmt: skip
    assert again.returncode == 0, again.stderr
    assert "has no demon" not in again.stderr.lower() and "Traceback" not in again.stderr


def test_a_state_file_that_cannot_be_written_is_said_once(tmp_path: Path) -> None:
    """A --state-out that is a folder is refused before the game starts (issue 24); one that stops being
    writable during the game (made a folder behind its back) is said once, and the game goes on, saved."""
    args = [sys.executable, "-m", "moderator", "play", "--text", "--lang", "en", "--script", "twelve", "--players",
            "a,b,c,d,e,f,g", "--seed", "1", "--save", "g.json"]  # fmt: skip
    (tmp_path / "folder").mkdir()
    refused = subprocess.run([*args, "--state-out", "folder"], cwd=tmp_path, input="next\n", capture_output=True,
                             text=True, timeout=60)  # fmt: skip
    assert refused.returncode == 2 and "not a regular file" in refused.stderr, refused.stderr
    game = subprocess.Popen([*args, "--state-out", "state.json"], cwd=tmp_path, stdin=subprocess.PIPE,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)  # fmt: skip
    assert game.stdin is not None
    game.stdin.write("next\n")
    game.stdin.flush()
    deadline = time.monotonic() + 60
    while not (tmp_path / "state.json").is_file() and time.monotonic() < deadline:
        time.sleep(0.05)
    state = tmp_path / "state.json"
    while time.monotonic() < deadline:  # the state file is now a folder: every write fails
        state.unlink(missing_ok=True)
        with contextlib.suppress(FileExistsError):  # the game wrote it again between the two: once more
            state.mkdir()
            break
    assert state.is_dir()
    _, err = game.communicate("next\nnext\n", timeout=60)
    assert game.returncode == 0, err
    assert err.count("cannot write the state file") == 1 and "Traceback" not in err
    assert len(Journal.load(tmp_path / "g.json").entries) >= 3  # the game went on, saved


def test_a_full_disk_when_the_lock_is_taken_is_no_traceback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The lock file's process number cannot be written (the disk is full: audit): the lock is still held,
    a second writer is still refused, and the game goes on to its first save (which reports the disk)."""
    path = _saved(tmp_path)

    def full(fd: int, data: bytes) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as m:
        m.setattr("moderator.savefile.os.write", full)
        live = _live(path, [])
        live.open()
    with pytest.raises(SaveError, match="in use by another moderator"):
        _live(path, []).open()
    live.close()


def test_a_link_where_the_lock_goes_is_not_followed(tmp_path: Path) -> None:
    """Audit: a symbolic link at ``.NAME.lock`` had its target truncated and a process number written into it
    (as root, any file). The link is left alone, its target untouched; the game is saved all the same."""
    victim = tmp_path / "victim.txt"
    victim.write_text("IMPORTANT DATA", encoding="utf-8")
    path = _saved(tmp_path)
    LiveSave.lock_of(path).symlink_to(victim)
    notes: list[str] = []
    live = _live(path, notes)
    live.open()
    live.write(_journal(4).body())
    live.close()
    assert victim.read_text(encoding="utf-8") == "IMPORTANT DATA"
    assert len(Journal.load(path).entries) == len(_journal(4).entries)
    assert notes and "cannot lock" in notes[0]
