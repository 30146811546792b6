"""The table-talk sets through the voice path (issue 23): each line, said by espeak-ng in the game's
language, heard by the app's own voice loop at its step, and judged like bench.talk judges the typed
path.

Each context is played to its step with the keys (the same command line as bench.talk, saved), then
resumed as the app resumes a save, and a real :class:`~moderator.voice.loop.VoiceLoop` over the real
recognizer (the configured model, no calibration) hears the line there. The meant command is what the
step's parser makes of the canonical typed command. Outcomes, per line:

- right: carried out with the meant meaning; read_back: read back with the meant meaning (a yes does it);
  for a line that means nothing, rejected is right and a read-back is read_back (a no leaves it);
- refused: a command was meant and nothing was heard; read_back_wrong: another meaning read back (a no
  leaves the game as it was); wrong: another meaning carried out, or a command where none was meant.

Lines of kind ``typo`` are typed only and skipped here. Results: bench/results/talk-voice-<set>-<lang>.md.

``--wake``: the loop in wake mode (``[asr] listen = "wake"``, the language's wake phrase): a line that
means a command is said after the wake phrase in one breath ("모더레이터 삼 번"), a line that means nothing
as it is (table talk). Results: talk-voice-<set>-<lang>-wake.md.

    .venv/bin/python -m bench.talk_voice [--lang ko|en] [--set DIR] [--kind K] [--limit N] [--wake] [-v]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import tempfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench.fakes import RecordingSpeaker, WavUtterances
from bench.talk import HERE, game_args, load
from bench.voicebench import cut, key_of, scene, seed_of
from moderator.cli import main as moderator
from moderator.commands.parse import parse_any
from moderator.config import Config
from moderator.errors import Ambiguous, IllegalChoice, NotUnderstood
from moderator.i18n import Lang
from moderator.korean import pronounced, spoken
from moderator.voice.app import recognizer_for
from moderator.voice.audio import read_wav
from moderator.voice.loop import VoiceLoop
from moderator.voice.names import wake_phrases
from moderator.voice.tts import render

RESULTS = Path(__file__).parent / "results"
OUTCOMES = ("right", "read_back", "refused", "read_back_wrong", "wrong", "bad_item")


def _saved(ctx: dict[str, Any], home: Path) -> Path:
    """The context's game, played to its step with the keys and saved (as bench.talk plays it)."""
    save = home / "ctx.json"
    save.unlink(missing_ok=True)
    args = [*game_args(ctx, [str(x) for x in ctx.get("before") or []], home), "--save", str(save)]
    quiet = (contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()))
    with quiet[0], quiet[1], contextlib.suppress(SystemExit):
        moderator(args)
    return save


def _session(ctx: dict[str, Any], save: Path) -> Any:
    """The game at the saved step, as a voice session (resumed as ``--game`` resumes it)."""
    lang: Lang = ctx.get("lang", "ko")
    if ctx.get("game", "clocktower") == "growl":
        from moderator.growl.data import default_data
        from moderator.growl.engine import Growl
        from moderator.growl.frontend import GrowlLoop
        from moderator.growl.journal import GrowlJournal
        from moderator.growl.voice import GrowlSession

        engine = Growl(GrowlJournal.load(save), default_data(), lang)
        return GrowlSession(GrowlLoop(engine, lang, io.StringIO(), pace=0))
    from moderator.clocktower.cli import _resume
    from moderator.clocktower.frontend import TextLoop
    from moderator.clocktower.rules.loader import default_catalogue
    from moderator.clocktower.table import Table
    from moderator.clocktower.voice import ClocktowerSession

    journal, script, cat, _ = _resume(save, default_catalogue())
    table = Table(journal, script, cat, lang)
    return ClocktowerSession(table, lang, TextLoop(table, lang, io.StringIO()))


def _said(line: str, lang: Lang) -> str:
    """What the storyteller says for a typed line: the Korean read as a person reads it (3번: 삼 번)."""
    return pronounced(spoken(line)) if lang == "ko" else line


def measure(items: list[dict[str, Any]], contexts: dict[str, Any], lang: Lang, verbose: bool = False,
            wake: str = "") -> Counter[str]:  # fmt: skip
    """Each line's outcome through the voice path, counted."""
    totals: Counter[str] = Counter()
    kept = {k: os.environ.get(k) for k in ("HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME")}
    rec = recognizer_for(lang, Config())
    try:
        with tempfile.TemporaryDirectory() as d:
            home = Path(d)
            os.environ.update(HOME=d, XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "cfg"))
            saves: dict[str, Path] = {}
            for it in items:
                cid = it["context"]
                if cid not in saves:
                    saves[cid] = _saved(contexts[cid], home).rename(home / f"ctx-{len(saves)}.json")
                outcome, heard = _one(it, contexts[cid], saves[cid], rec, lang, home, wake)
                totals[outcome] += 1
                if verbose and outcome != "right":
                    print(f"{outcome:15} {it['id']} [{cid}] {it['line']!r} means {it.get('means')!r}: heard {heard}")
    finally:
        for k, v in kept.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    return totals


def _one(it: dict[str, Any], ctx: dict[str, Any], save: Path, rec: Any, lang: Lang, home: Path,
         wake: str = "") -> tuple[str, str]:  # fmt: skip
    session = _session(ctx, save)
    loop = VoiceLoop(session, rec, RecordingSpeaker(), WavUtterances([]), confirm_below=0.5, wake=wake)
    allowed = session.prompt().allowed
    means = it.get("means")
    want = None
    if means is not None:
        try:
            want = key_of(parse_any(session.text.parsers, str(means), allowed, strict=True))
        except (NotUnderstood, Ambiguous, IllegalChoice):
            want = None
        if want is None:
            return "bad_item", ""
    text = _said(str(it["line"]), lang)
    if wake and means is not None:  # an answer, said after the wake phrase
        text = f"{wake} {text}"
    pcm = read_wav(render(text, lang, home / "line.wav"))[0]
    heard_as = "nothing"
    for u in cut(scene(pcm, None, seed_of(it["id"])).pcm).utterances:
        h = loop.hear(u, allowed)
        verdict = h.verdict(loop.confirm_below, loop.vouched)
        if h.command is None or verdict == "reject":
            continue
        got = key_of(h.command)
        heard_as = f"{h.result.phrase!r} ({verdict})"
        if want is None:
            return ("read_back" if verdict == "confirm" else "wrong"), heard_as
        if got == want:
            return ("read_back" if verdict == "confirm" else "right"), heard_as
        return ("read_back_wrong" if verdict == "confirm" else "wrong"), heard_as
    return ("right" if want is None else "refused"), heard_as


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--lang", choices=["ko", "en"], action="append")
    ap.add_argument("--set", type=Path, default=HERE, help="the set's folder (default tests/talk)")
    ap.add_argument("--kind", help="only the lines of this kind")
    ap.add_argument("--limit", type=int, help="only the first N lines (a quick look)")
    ap.add_argument("--wake", action="store_true", help="the loop in wake mode; answers after the wake phrase")
    ap.add_argument("-v", action="store_true", help="print each line that is not right")
    args = ap.parse_args(argv)
    RESULTS.mkdir(exist_ok=True)
    for lang in args.lang or ["ko", "en"]:
        items, contexts = load(lang, args.set)
        items = [i for i in items if i.get("kind") != "typo" and (not args.kind or i.get("kind") == args.kind)]
        items = items[: args.limit] if args.limit else items
        wake = wake_phrases(lang)[0] if args.wake else ""
        totals = measure(items, contexts, lang, args.v, wake)
        meant = sum(1 for i in items if i.get("means") is not None)
        counts = ", ".join(f"{k} {totals[k]}" for k in OUTCOMES)
        row = f"{lang}: {len(items)} lines spoken ({meant} mean a command, {len(items) - meant} nothing): {counts}"
        print(row)
        if not args.kind and not args.limit:
            name = args.set.resolve().name
            mode = f", wake mode ({wake!r} before each answer)" if wake else ""
            (RESULTS / f"talk-voice-{name}-{lang}{'-wake' if wake else ''}.md").write_text(
                f"# bench.talk_voice, {name}, {lang} (espeak-ng's default voice, clean{mode})\n\n{row}\n",
                encoding="utf-8",
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
