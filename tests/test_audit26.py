"""Replays the independent audit of the later editions' characters (issue 26): 84 scenarios written from
the official rule texts and the user docs by an auditor who never read the code (the Fabled, the
Experimental Townsfolk, Outsiders, Minions and Demons). Each runs the way the auditor's own runner ran it,
``moderator play --text --jsonl --input … --state-out`` (``moderator setup --require … --json`` for a
setup), here in-process through the command line's ``main``, and is checked with the auditor's checks:
the state written, and the JSON lines.

Seats are named a, b, c, … clockwise; ``seed`` is 1 unless given; ``count_team`` counts the catalogue's
teams. A scenario may carry ``known_fault``: what the app still does instead (a strict xfail until fixed).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from moderator.cli import main
from moderator.clocktower.rules.loader import default_catalogue
from moderator.yamlio import load_yaml

HERE = Path(__file__).parent / "audit26"
FILES = sorted(HERE.glob("*.yaml"))
NAMES = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o"]


def run(sc: dict[str, Any], tmp: Path, capsys: pytest.CaptureFixture[str]) -> tuple[list[dict[str, Any]], Any]:
    """The JSON lines and the state the command line leaves (for a setup: its ``--json``)."""
    players = ",".join(NAMES[: sc.get("players", 7)])
    common = ["--script", sc.get("script", "trouble-brewing"), "--players", players, "--seed", str(sc.get("seed", 1))]
    if sc.get("mode") == "setup":
        argv = ["setup", *common, "--json", "--lang", sc.get("lang", "en")]
        for flag in ("require", "outsiders", "add", "assign"):
            argv += [f"--{flag}", str(sc[flag])] if sc.get(flag) else []
        capsys.readouterr()
        main(argv)
        return [], json.loads(capsys.readouterr().out)
    answers, state = tmp / "answers.txt", tmp / "state.json"
    answers.write_text("\n".join(str(x) for x in sc.get("input") or []) + "\n", encoding="utf-8")
    argv = ["play", "--text", "--lang", sc.get("lang", "en"), *common, "--input", str(answers), "--jsonl",
            "--state-out", str(state), "--save", str(tmp / "game.json")]  # fmt: skip
    argv += ["--assign", sc["assign"]] if sc.get("assign") else []
    argv += ["--add", sc["add"]] if sc.get("add") else []
    for d in sc.get("decide") or []:
        argv += ["--decide", d]
    capsys.readouterr()
    main(argv)
    lines = [x.strip() for x in capsys.readouterr().out.splitlines()]
    prompts = [json.loads(x) for x in lines if x.startswith("{")]
    return prompts, json.loads(state.read_text(encoding="utf-8")) if state.exists() else None


def ptext(pr: dict[str, Any]) -> str:
    parts = [pr.get("text") or "", pr.get("public") or "", pr.get("error") or "", json.dumps(pr.get("truth")),
             " ".join(map(str, pr.get("reply") or [])), " ".join(map(str, pr.get("reply_public") or [])),
             " ".join(map(str, pr.get("reply_shown") or []))]  # fmt: skip
    return " | ".join(parts)


def _at(prompts: list[dict[str, Any]], it: dict[str, Any]) -> list[dict[str, Any]]:
    """The prompts of a step (any when not given), on a night when given."""
    return [pr for pr in prompts if (it.get("step") is None or pr["step"] == it["step"])
            and (it.get("night") is None or (pr["phase"] == "night" and pr["night"] == it["night"]))]  # fmt: skip


def check(sc: dict[str, Any], prompts: list[dict[str, Any]], st: Any) -> list[str]:
    """The auditor's checks, as failures (none: it passes)."""
    fails: list[str] = []
    ex = sc.get("expect") or {}
    if st is None:
        return ["no state written"] if ex else []
    pl = {p["seat"]: p for p in st.get("players", [])}
    team = default_catalogue().team

    def rem(seat: int) -> str:
        return (
            " ".join(json.dumps(r) for r in pl[seat].get("reminders", []))
            + " "
            + json.dumps(pl[seat].get("abilities", []))
        )

    def count(pred: Any) -> int:
        return sum(1 for p in pl.values() if pred(p))

    for k, v in ex.items():
        if k in ("dead", "alive"):
            fails += [f"seat {s} expected {k}" for s in v if pl[s]["alive"] != (k == "alive")]
        elif k in ("dead_count", "dead_count_in"):
            n = count(lambda p: not p["alive"])
            fails += [f"{n} dead, expected {v}"] if n not in (v if k == "dead_count_in" else [v]) else []
        elif k in ("alignment", "character"):
            fails += [f"seat {s} {k} {pl[s][k]}, expected {a}" for s, a in v.items() if pl[s][k] != a]
        elif k == "not_character":
            fails += [f"seat {s} still {c}" for s, c in v.items() if pl[s]["character"] == c]
        elif k in ("team_count", "count_char_min"):
            for c, n in v.items():
                m = count(lambda p, c=c: p["character"] == c)
                fails += [f"{m} x {c}, expected {n}"] if (m != n if k == "team_count" else m < n) else []
        elif k == "winner":
            fails += (
                [f"winner {st.get('winner')!r} ({st.get('won_by')}), expected {v!r}"] if st.get("winner") != v else []
            )
        elif k in ("reminder", "no_reminder"):
            for s, sub in v.items():
                if (sub.lower() in rem(s).lower()) != (k == "reminder"):
                    fails.append(f"seat {s} {k} ~{sub!r}: {rem(s)[:150]}")
        elif k in ("step_seen", "step_not_seen"):
            fails += [f"{k} {it}" for it in v if bool(_at(prompts, it)) != (k == "step_seen")]
        elif k in ("text_contains", "text_absent"):
            for it in v:
                found = any(re.search(it["re"], ptext(pr), re.I) for pr in _at(prompts, it))
                fails += [f"{k} /{it['re']}/ at step {it.get('step')}"] if found != (k == "text_contains") else []
        elif k == "state_contains":
            fails += [f"state lacks /{pat}/" for pat in v if not re.search(pat, json.dumps(st), re.I)]
        elif k == "phase":
            at = [st["phase"], st["night"], st["day"]]
            fails += [f"at {at}, expected {v}"] if at != list(v) else []
        elif k in ("count_team", "count_team_in"):
            for t, n in v.items():
                m = count(lambda p, t=t: team(p["character"]) == t)
                fails += [f"{m} {t}, expected {n}"] if m not in (n if k == "count_team_in" else [n]) else []
        elif k == "count_alignment":
            for a, n in v.items():
                m = count(lambda p, a=a: p["alignment"] == a)
                fails += [f"{m} {a}, expected {n}"] if m != n else []
        elif k == "neighbours":  # [a, b]: some player of a sits next to one of b
            a, b = v
            n = len(pl)
            if not any(pl[s]["character"] == a and b in (pl[s % n + 1]["character"], pl[(s - 2) % n + 1]["character"])
                       for s in pl):  # fmt: skip
                fails.append(f"no {a} next to {b}: {[pl[s]['character'] for s in sorted(pl)]}")
        elif k == "both_neighbours_evil_of":
            n = len(pl)
            for s in pl:
                left, right = pl[(s - 2) % n + 1], pl[s % n + 1]
                if pl[s]["character"] == v and not left["alignment"] == right["alignment"] == "evil":
                    fails.append(f"{v} at {s} neighbours {left['character']},{right['character']}")
        elif k == "no_error":
            errs = [pr["error"] for pr in prompts if pr.get("error") and (v is True or pr["step"] == v)]
            fails += ["errors: " + " / ".join(errs)[:200]] if errs else []
        elif k == "fabled":
            fails += [f"fabled {f} not in play: {st.get('fabled')}" for f in v if f not in json.dumps(st.get("fabled"))]
        else:
            fails.append(f"unknown expectation {k}")
    return fails


def replay(path: Path, request: pytest.FixtureRequest, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Run one scenario file and assert the auditor's checks (a ``known_fault`` one: a strict xfail)."""
    sc = load_yaml(path.read_text(encoding="utf-8"))
    if sc.get("known_fault"):
        request.node.add_marker(pytest.mark.xfail(reason=sc["known_fault"], strict=True))
    prompts, state = run(sc, tmp_path, capsys)
    fails = check(sc, prompts, state)
    assert not fails, f"{path.stem} ({sc['rule']}): " + "; ".join(fails)


def test_there_are_audit_scenarios() -> None:
    assert len(FILES) >= 80


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_audit_scenario(path: Path, request: pytest.FixtureRequest, tmp_path: Path,
                        capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    replay(path, request, tmp_path, capsys)
