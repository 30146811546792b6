"""Replays the independent audits of the storyteller's hand (issue 22): scenarios written from the rule
texts by helpers who only ran the app (tests/audit22/a: mending the grimoire and steering the night;
tests/audit22/b: Travellers, Fabled, false information; tests/audit22/c: the same in Korean, with Korean
that reads right; tests/audit22/d: rules the hand must not break). Each runs as ``moderator play --input … --jsonl``
does (the same text loop, stopping when the game is over), and is checked the way its author's runner
checked it: the state file, and the JSON lines in order.

A scenario may carry ``known_fault``: what the app still gets wrong (a strict xfail until it is fixed).
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from moderator.clocktower.frontend import TextLoop
from moderator.clocktower.grimoire.journal import Journal
from moderator.clocktower.rules.loader import default_catalogue
from moderator.clocktower.rules.scripts import complete, load_script
from moderator.clocktower.rules.setup import setup_game
from moderator.clocktower.table import Table
from moderator.yamlio import load_yaml

HERE = Path(__file__).parent / "audit22"
FILES = sorted(HERE.rglob("*.yaml"))


def play(sc: dict[str, Any], lines: list[str]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The JSON lines and the final state of ``moderator play --text --jsonl --input`` on the scenario."""
    cat = default_catalogue()
    script, cat = load_script(sc["script"], cat)
    if sc.get("add"):
        script = complete(script, cat, list(sc["add"]))
    decide = {str(k): str(v) for k, v in (sc.get("decide") or {}).items()}
    events, _, _ = setup_game(script, cat, [str(p) for p in sc["players"]], seed=sc.get("seed", 0),
                              characters=list(sc["assign"]), overrides=decide)  # fmt: skip
    journal = Journal.new(script.source)
    journal.push("setup", events)
    table = Table(journal, script, cat, sc.get("lang", "en"))
    out = io.StringIO()
    TextLoop(table, sc.get("lang", "en"), out, jsonl=True).run([f"{x}\n" for x in lines])
    prompts = [json.loads(x) for x in out.getvalue().splitlines() if x.strip()]
    return prompts, json.loads(table.g.model_dump_json(by_alias=True))


def _text(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, list):
        return "\n".join(_text(x) for x in v)
    return json.dumps(v, ensure_ascii=False) if isinstance(v, dict) else str(v)


def matches(prompt: dict[str, Any], want: dict[str, Any]) -> bool:
    """The auditors' ways of naming a prompt: ``<field>_contains`` (a text, or all of a list), ``<field>_lacks``,
    ``reply_contains`` (the reply, public or shown), ``shown_contains`` (the printed lists), ``any_contains``,
    ``error`` / ``has_error`` (refused or not), ``check_truth: false`` (the truth not compared), else equal."""
    for k, v in want.items():
        needles = [str(n).lower() for n in (v if isinstance(v, list) else [v])]
        if k == "check_truth" or (k == "truth" and want.get("check_truth") is False):
            continue
        if k in ("shown_contains", "any_contains"):  # the printed lists; or any text of the prompt
            fields = ["reply_shown"] if k == "shown_contains" else ["text", "public", "reply", "reply_public",
                                                                     "reply_shown", "error"]  # fmt: skip
            if not all(n in _text([prompt.get(f) for f in fields]).lower() for n in needles):
                return False
        elif k == "reply_contains":
            hay = _text([prompt.get("reply"), prompt.get("reply_public"), prompt.get("reply_shown")]).lower()
            if not all(n in hay for n in needles):
                return False
        elif k.endswith("_contains"):
            if not all(n in _text(prompt.get(k[: -len("_contains")])).lower() for n in needles):
                return False
        elif k.endswith("_lacks"):
            if any(n in _text(prompt.get(k[: -len("_lacks")])).lower() for n in needles):
                return False
        elif k == "truth_nonnull":
            if (prompt.get("truth") is not None) != bool(v):
                return False
        elif k == "truth_in":
            if prompt.get("truth") not in v:
                return False
        elif k in ("error", "has_error"):
            if bool(prompt.get("error")) != bool(v):
                return False
        elif prompt.get(k) != v:
            return False
    return True


def check_player(seat: int, p: dict[str, Any], want: dict[str, Any]) -> list[str]:
    fails = []
    names = [r["name"] for r in p["reminders"]]
    tokens = [f"{r['from']}:{r['name']}" for r in p["reminders"]]
    placed = [f"{r['name']}@{r['by_seat']}" for r in p["reminders"]]
    for k, v in want.items():
        if k == "has_reminders":  # by name, or as "from:name"
            fails += [f"seat {seat} lacks {x}: {tokens}" for x in v if x not in names and x not in tokens]
        elif k == "lacks_reminders":
            fails += [f"seat {seat} has {x}: {tokens}" for x in v if x in names or x in tokens]
        elif k == "no_notes":
            fails += [f"seat {seat} notes left: {p['notes']}"] if p["notes"] and v else []
        elif k in ("abilities_contains", "abilities_lacks"):
            held = any(str(v) in json.dumps(a, ensure_ascii=False) for a in p["abilities"])
            wanted = k == "abilities_contains"
            fails += [f"seat {seat} abilities {p['abilities']} ({k} {v})"] if held != wanted else []
        elif k == "reminders_from":
            fails += [f"seat {seat} lacks {x}: {tokens}" for x in v if x not in tokens]
        elif k == "reminders_by":
            fails += [f"seat {seat} lacks {x}: {placed}" for x in v if x not in placed]
        elif k == "reminders":
            fails += [f"seat {seat} reminders {names} != {v}"] if sorted(names) != sorted(v) else []
        elif k == "notes":
            fails += [f"seat {seat} lacks note {x}: {p['notes']}" for x in v if not any(x in n for n in p["notes"])]
        elif p.get(k) != v:
            fails.append(f"seat {seat} {k}: {p.get(k)!r} != {v!r}")
    return fails


def check(sc: dict[str, Any]) -> list[str]:
    """Everything the scenario's ``expect`` says, as failures (none: it passes); ``checkpoints``: the
    same after only the first lines (and ``same_state_as``: the state equal to that after fewer)."""
    lines = [str(x) for x in sc.get("say") or []]
    prompts, state = play(sc, lines)
    fails = expected(sc.get("expect") or {}, prompts, state, sc, lines)
    for cp in (sc.get("expect") or {}).get("checkpoints") or []:
        n = cp["lines"]
        at_prompts, at_state = play(sc, lines[:n])
        fails += [f"after line {n}: {f}" for f in expected(cp.get("expect") or {}, at_prompts, at_state, sc, lines)]
        if "same_state_as" in cp and play(sc, lines[: cp["same_state_as"]])[1] != at_state:
            fails.append(f"after line {n}: not the same as after {cp['same_state_as']} lines")
    return fails


def expected(
    e: dict[str, Any], prompts: list[dict[str, Any]], state: dict[str, Any], sc: dict[str, Any], lines: list[str]
) -> list[str]:
    """The failures of one ``expect``, against the JSON lines and the state."""
    fails = [f"{k}: {state.get(k)!r} != {e[k]!r}" for k in ("phase", "night", "day", "won_by")
             if k in e and state.get(k) != e[k]]  # fmt: skip
    if "winner" in e and (state.get("winner") or "none") != e["winner"]:
        fails.append(f"winner: {state.get('winner')!r} != {e['winner']!r}")
    if "step" in e and (prompts[-1]["step"] if prompts else None) != e["step"]:
        fails.append(f"step: {prompts[-1]['step']!r} != {e['step']!r}")
    errors = [p["error"] for p in prompts if p.get("error")]
    if "errors" in e and len(errors) != e["errors"]:
        fails.append(f"errors: {errors}")
    if "seats" in e and len(state["players"]) != e["seats"]:
        fails.append(f"seats: {len(state['players'])}")
    if "fabled" in e and state["fabled"] != e["fabled"]:
        fails.append(f"fabled: {state['fabled']}")
    carried = [f"{r['from']}:{r['name']}" for p in state["players"] for r in p["reminders"]]
    fails += [f"nobody carries {r}" for r in e.get("any_reminder") or [] if r not in carried]
    fails += [f"somebody carries {r}" for r in e.get("no_reminder") or [] if r in carried]
    for seat, want in (e.get("players") or {}).items():
        p = next((x for x in state["players"] if x["seat"] == int(seat)), None)
        fails += check_player(int(seat), p, want) if p is not None else [f"no seat {seat}"]
    for k, v in (e.get("memory") or {}).items():
        if (state["memory"].get(k) if v is None else str(state["memory"].get(k))) != (None if v is None else str(v)):
            fails.append(f"memory {k}: {state['memory'].get(k)!r} != {v!r}")
    i = 0
    for want in e.get("prompts") or []:
        while i < len(prompts) and not matches(prompts[i], want):
            i += 1
        if i >= len(prompts):
            fails.append(f"no prompt like {want}")
            break
        i += 1
    fails += [f"unexpected prompt {bad}" for bad in e.get("never") or [] if any(matches(p, bad) for p in prompts)]
    if "same_as_after" in e:  # the state equals the state after only the first N lines
        _, earlier = play(sc, lines[: e["same_as_after"]])
        ignore = set(e.get("same_ignore") or [])
        if {k: v for k, v in state.items() if k not in ignore} != {k: v for k, v in earlier.items() if k not in ignore}:
            fails.append(f"not the same as after {e['same_as_after']} lines")
    return fails


def test_there_are_audit_scenarios() -> None:
    assert len(FILES) >= 80


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_audit_scenario(path: Path, request: pytest.FixtureRequest) -> None:
    sc = load_yaml(path.read_text(encoding="utf-8"))
    if sc.get("known_fault"):
        request.node.add_marker(pytest.mark.xfail(reason=sc["known_fault"], strict=True))
    fails = check(sc)
    assert not fails, f"{sc['name']}: " + "; ".join(fails)
