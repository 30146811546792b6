"""``moderator play`` as a storyteller runs it: the end of the game ends the program, a state file is a
start, and the edits reach the state file and the save."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

GAME = ["play", "--text", "--lang", "en", "--script", "trouble-brewing", "--players", "a,b,c,d,e,f,g",
        "--assign", "imp,poisoner,monk,empath,chef,fortuneteller,soldier", "--decide", "red_herring=3"]  # fmt: skip


def moderator(args: list[str], stdin: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HOME": str(cwd), "XDG_DATA_HOME": str(cwd / "data"), "XDG_CONFIG_HOME": str(cwd / "cfg")}
    return subprocess.run([sys.executable, "-m", "moderator", *args], input=stdin, capture_output=True, text=True,
                          cwd=cwd, env=env, timeout=120)  # fmt: skip


def test_a_win_says_who_and_why_reveals_and_ends_the_program(tmp_path: Path) -> None:
    lines = ["next", "next", "next", "seat 5", "seat 1 dies", "next", "next", "seat 2 dies", "next"]
    run = moderator([*GAME, "--save", "game.json"], "\n".join(lines) + "\n", tmp_path)
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "Traceback" not in out + run.stderr
    assert "Good wins! No Demon is alive." in out
    assert "Seat 1, a: Imp, evil, dead, ghost vote left" in out  # the grimoire revealed, the dead marked
    assert "The game is over. Saved in game.json" in out
    assert out.count("Say back to undo the last change, or next to end.") == 1  # next ended it: nothing after
    assert "Seat 2, b: Poisoner, evil, dead" not in out  # "seat 2 dies" was never read


def test_back_after_the_win_takes_it_back_and_the_game_goes_on(tmp_path: Path) -> None:
    lines = ["next", "next", "next", "seat 5", "seat 1 dies", "back", "grimoire"]
    run = moderator([*GAME, "--jsonl", "--save", "game.json"], "\n".join(lines) + "\n", tmp_path)
    assert run.returncode == 0, run.stderr
    last = json.loads(run.stdout.splitlines()[-1])
    assert last["step"] != "over" and last["reply_shown"][0] == "The grimoire, night 1"


def test_a_state_file_is_a_start_saved_as_a_new_game(tmp_path: Path) -> None:
    setup = moderator(["setup", "--script", "trouble-brewing", "--players", "a,b,c,d,e", "--seed", "3", "--json"], "",
                      tmp_path)  # fmt: skip
    assert setup.returncode == 0, setup.stderr
    (tmp_path / "state.json").write_text(setup.stdout, encoding="utf-8")
    run = moderator(["play", "--text", "--lang", "en", "--game", "state.json"], "next\nseat 2 is poisoned\n", tmp_path)
    assert run.returncode == 0, run.stderr
    assert "is a grimoire state, not a save" in run.stderr
    saves = list((tmp_path / "data" / "moderator" / "saves").glob("game-*.json"))
    assert len(saves) == 1
    assert (tmp_path / "state.json").read_text(encoding="utf-8") == setup.stdout  # left as it was
    saved = json.loads(saves[0].read_text(encoding="utf-8"))
    events = [e for x in saved["entries"] for e in x["events"]]
    assert any(e["kind"] == "add_reminder" and e["source"] == "storyteller" for e in events)


def test_edits_reach_the_state_file_and_a_resume_keeps_them(tmp_path: Path) -> None:
    lines = ["next", "next", "next", "add traveller thief as Hana after seat 3", "evil", "seat 6 is drunk",
             "put monk safe on seat 5", "add fabled djinn", "note seat 2 shifty"]  # fmt: skip
    run = moderator([*GAME, "--save", "game.json", "--state-out", "state.json"], "\n".join(lines) + "\n", tmp_path)
    assert run.returncode == 0, run.stderr
    state = json.loads((tmp_path / "state.json").read_text(encoding="utf-8"))
    players = {p["seat"]: p for p in state["players"]}
    assert (players[4]["name"], players[4]["character"], players[4]["alignment"]) == ("Hana", "thief", "evil")
    assert {"from": "storyteller", "name": "Drunk", "by_seat": None} in players[6]["reminders"]
    assert any(r["from"] == "monk" and r["name"] == "Safe" for r in players[5]["reminders"])
    assert state["fabled"] == ["djinn"] and players[2]["notes"] == ["shifty"]
    resume = ["play", "--text", "--lang", "en", "--game", "game.json", "--state-out", "again.json"]
    again = moderator(resume, "", tmp_path)
    assert again.returncode == 0, again.stderr
    assert json.loads((tmp_path / "again.json").read_text(encoding="utf-8")) == state


def test_a_bag_by_hand_that_is_not_the_official_one_is_warned_in_the_json_too(tmp_path: Path) -> None:
    """--assign may break the counts (warned, not refused): the warning reaches a reader of --jsonl with the first
    line, as well as stderr (an outside audit saw it on stderr only); the official bag has none."""
    base = ["play", "--text", "--lang", "en", "--script", "trouble-brewing", "--players", "a,b,c,d,e,f,g", "--jsonl"]
    odd = moderator([*base, "--assign", "imp,baron,chef,empath,monk,soldier,mayor"], "next\n", tmp_path)
    first = json.loads(odd.stdout.splitlines()[0])
    assert odd.returncode == 0 and first["step"] == "dusk"
    assert any("Outsider" in w and "not the official one" in w for w in first["reply_shown"]), first
    assert "not the official one" in odd.stderr
    fair = moderator([*base, "--assign", "imp,baron,chef,empath,drunk,saint,mayor"], "next\n", tmp_path)
    assert json.loads(fair.stdout.splitlines()[0])["reply_shown"] == [] and "warning" not in fair.stderr
