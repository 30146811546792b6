"""How the typed path takes what a table says (issue 23): the table-talk set in tests/talk, written by a
helper from how people talk, never from the phrase files, and never used to choose the phrases.

Each line is said at one step of a game and means one canonical typed command there (or a list of them,
any of which is right), or nothing. The
check is by equivalence, through the same command line a user runs (in this process, for speed): the
state after the step's lines and the line must equal the state after the step's lines and the meant
command (or after the step's lines alone, for a line that means nothing). Outcomes:

- right: as meant; read_back: nothing changed, the app asked back, and a yes then did what was meant;
- refused: nothing changed though a command was meant; wrong: the game changed otherwise than meant.

    .venv/bin/python -m bench.talk [--lang ko|en] [--kind K] [--set DIR] [-v]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
import tempfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from moderator.cli import main as moderator
from moderator.yamlio import load_yaml

HERE = Path(__file__).resolve().parents[1] / "tests" / "talk"


def game_args(ctx: dict[str, Any], lines: Sequence[str], home: Path) -> list[str]:
    """The command line that plays the context's game with ``lines`` typed (written to a file in
    ``home``), in text mode with JSON lines; the caller adds where it saves."""
    (home / "lines.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    s = ctx.get("setup") or {}
    lang = ctx.get("lang", "ko")
    if ctx.get("game", "clocktower") == "growl":
        args = ["growl", "--text", "--lang", lang, "--seed", str(s.get("seed", 0)), "--pace", "0"]
        args += ["--players", ",".join(s["players"])] if s.get("players") else ["--count", str(s.get("count", 5))]
    else:
        args = ["play", "--text", "--lang", lang, "--script", s.get("script", "trouble-brewing"), "--players",
                ",".join(s["players"]), "--assign", ",".join(s["assign"]), "--seed", str(s.get("seed", 0))]  # fmt: skip
        for k, v in (s.get("decide") or {}).items():
            args += ["--decide", f"{k}={v}"]
    return [*args, "--input", str(home / "lines.txt"), "--jsonl"]


def _run(ctx: dict[str, Any], lines: Sequence[str], home: Path) -> tuple[dict[str, Any] | None, str]:
    """The state file after ``lines`` in the context's game, and the last prompt's error or reply."""
    state = home / "state.json"
    state.unlink(missing_ok=True)
    args = [*game_args(ctx, lines, home), "--state-out", str(state), "--save", str(home / "g.json")]
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()), contextlib.suppress(SystemExit):
        moderator(args)
    (home / "g.json").unlink(missing_ok=True)
    last = out.getvalue().strip().splitlines()[-1:] or ["{}"]
    try:
        p = json.loads(last[0])
        said = str(p.get("error") or p.get("reply") or "")
    except ValueError:
        said = ""
    try:
        st = json.loads(state.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None, said
    st.pop("script", None)
    return st, said


def measure(items: list[dict[str, Any]], contexts: dict[str, Any], verbose: bool = False) -> Counter[str]:
    """Each item's outcome, counted (and printed, with -v, for all but the right ones)."""
    totals: Counter[str] = Counter()
    kept = {k: os.environ.get(k) for k in ("HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME")}
    try:
        with tempfile.TemporaryDirectory() as d:
            _measure(items, contexts, verbose, Path(d), totals)
    finally:  # the caller's own settings and saves again (a test run goes on after this)
        for k, v in kept.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    return totals


def _measure(items: list[dict[str, Any]], contexts: dict[str, Any], verbose: bool, home: Path,
             totals: Counter[str]) -> None:  # fmt: skip
    os.environ.update(HOME=str(home), XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "cfg"))
    runs: dict[tuple[str, str | None], dict[str, Any] | None] = {}

    def state(cid: str, extra: str | None) -> dict[str, Any] | None:
        if (cid, extra) not in runs:
            ctx = contexts[cid]
            lines = [str(x) for x in ctx.get("before") or []] + ([extra] if extra is not None else [])
            runs[(cid, extra)] = _run(ctx, lines, home)[0]
        return runs[(cid, extra)]

    for it in items:
        ctx = contexts[it["context"]]
        s0 = state(it["context"], None)
        before = [str(x) for x in ctx.get("before") or []]
        s1, said = _run(ctx, [*before, str(it["line"])], home)
        means = it.get("means")
        if means is None:
            outcome = "right" if s1 == s0 else "wrong"
        else:  # one canonical command, or a list of them where any is right ("zero": next, or showed 0)
            meant = [state(it["context"], str(m)) for m in (means if isinstance(means, list) else [means])]
            meant = [s2 for s2 in meant if s2 != s0]
            if not meant:
                outcome = "bad_item"
            elif s1 in meant:
                outcome = "right"
            elif s1 == s0:
                yes = "네" if ctx.get("lang", "ko") == "ko" else "yes"
                s3 = _run(ctx, [*before, str(it["line"]), yes], home)[0]
                outcome = "read_back" if s3 in meant else "refused"
            else:
                outcome = "wrong"
        totals[outcome] += 1
        if verbose and outcome != "right":
            print(f"{outcome:9} {it['id']} [{it['context']}] {it['line']!r} means {means!r}: {said[:120]}")


def load(lang: str, folder: Path = HERE) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """A set's lines in ``lang`` and its contexts (``folder``: the set's folder, tests/talk by default)."""
    contexts = load_yaml((folder / "contexts.yaml").read_text(encoding="utf-8"))["contexts"]
    return list(load_yaml((folder / f"{lang}.yaml").read_text(encoding="utf-8"))), contexts


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--lang", choices=["ko", "en"], action="append")
    ap.add_argument("--kind", help="only the lines of this kind (answer, casual, question, number, …)")
    ap.add_argument("-v", action="store_true", help="print each line that is not right")
    ap.add_argument("--set", type=Path, default=HERE, help="the set's folder (default tests/talk; "
                    "tests/talk/heldout is the set never used to choose the phrases)")
    args = ap.parse_args(argv)
    for lang in args.lang or ["ko", "en"]:
        items, contexts = load(lang, args.set)
        if args.kind:
            items = [i for i in items if i.get("kind") == args.kind]
        totals = measure(items, contexts, args.v)
        meant = sum(1 for i in items if i.get("means") is not None)
        counts = ", ".join(f"{k} {totals[k]}" for k in ("right", "read_back", "refused", "wrong", "bad_item"))
        print(f"{lang}: {len(items)} lines ({meant} mean a command, {len(items) - meant} nothing): {counts}")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
