"""The table-talk sets through the voice path (issue 23): each line, said by espeak-ng in the game's
language, heard by the app's own voice loop at its step, and judged like bench.talk judges the typed
path.

Each context is played to its step with the keys (the same command line as bench.talk, saved), then
resumed as the app resumes a save, and a real :class:`~moderator.voice.loop.VoiceLoop` over the real
recognizer (the configured model, no calibration) hears the line there. The meant command is what the
step's parser makes of the canonical typed command. Outcomes, per line:

- right: carried out with the meant effect; read_back: read back with the meant effect (a yes does it);
  for a line that means nothing, rejected is right and a read-back is read_back (a no leaves it);
- refused: a command was meant and nothing was heard, or what was carried out changed nothing (a
  "repeat that": the storyteller says it again); read_back_wrong: another effect read back (a no leaves
  the game as it was); wrong: another change carried out, or a change where none was meant.

As the typed path is judged, by effect: the heard command and the meant one are each carried out on
the saved game, and the two states compared ("six" and "6 votes" at a vote step are the same answer).
Only answers that name the same seats, character and number or value count as the same (or any answer
where "next" was meant and the state agrees: "showed one" where one is the truth): the grimoire does not
record every pick (a Snake Charmer's miss), and seat 8 for seat 9 is wrong even where the state cannot
tell.
A line that means nothing but is heard as a command that changes nothing (a "repeat that", a timer on
the page) is counted apart, as ``harmless``; ``by_key`` also counts, as before, every heard command
whose intent and slots differ from the meant one's. The loop reads back what the app reads back: the
step's :attr:`~moderator.session.Spoken.read_back` (the storyteller's changes by hand) as well.

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
import json
import os
import tempfile
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from bench.fakes import RecordingSpeaker, WavUtterances
from bench.talk import HERE, game_args, load
from bench.voicebench import cut, key_of, scene, seed_of
from moderator.cli import main as moderator
from moderator.commands.parse import parse_any
from moderator.config import Config, confirm_below
from moderator.errors import Ambiguous, IllegalChoice, NotUnderstood
from moderator.i18n import Lang
from moderator.korean import pronounced, spoken
from moderator.voice.app import recognizer_for
from moderator.voice.audio import read_wav
from moderator.voice.loop import VoiceLoop
from moderator.voice.names import wake_phrases
from moderator.voice.tts import render

RESULTS = Path(__file__).parent / "results"
OUTCOMES = ("right", "read_back", "refused", "read_back_wrong", "wrong", "bad_item", "harmless", "by_key")


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
            wake: str = "", below: float | None = None) -> Counter[str]:  # fmt: skip
    """Each line's outcome through the voice path, counted; ``below``: the loop's ``confirm_below``
    (None: as the app sets it from the default settings, where Korean reads back every change)."""
    below = confirm_below(Config(), lang) if below is None else below
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
                outcome, heard, by_key = _one(it, contexts[cid], saves[cid], rec, lang, home, wake, below)
                totals[outcome] += 1
                totals["by_key"] += by_key
                if verbose and outcome != "right":
                    print(f"{outcome:15} {it['id']} [{cid}] {it['line']!r} means {it.get('means')!r}: heard {heard}")
    finally:
        for k, v in kept.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    return totals


def _state(ctx: dict[str, Any], save: Path, command: Any) -> str:
    """The game's state after ``command`` is carried out at the saved step (None: as saved)."""
    session = _session(ctx, save)
    session.prompt()
    if command is not None:
        session.handle(command)
    return str(session.text.state_text())


def _content(cmd: Any) -> tuple[object, ...]:
    """What an answer names, whatever its intent: seats, a character, a number or a value ("two" at an
    Empath's step is "showed 2"); () for an answer that names nothing ("next")."""
    number = cmd.number if cmd.number is not None else cmd.value
    return () if not cmd.seats and cmd.character is None and number is None else (cmd.seats, cmd.character, number)


def _asked_only(before: str, after: str) -> bool:
    """Whether a command only made the step ask again: a Clocktower "next" with the pick unanswered
    asks once whether nobody was chosen (``cursor.asked_none``); a second "next" would move on."""
    a, b = json.loads(before), json.loads(after)
    if not isinstance(a.get("cursor"), dict) or not isinstance(b.get("cursor"), dict):
        return False
    b["cursor"]["asked_none"] = a["cursor"].get("asked_none")
    return before != after and a == b


def _one(it: dict[str, Any], ctx: dict[str, Any], save: Path, rec: Any, lang: Lang, home: Path,
         wake: str = "", below: float = 0.5) -> tuple[str, str, bool]:  # fmt: skip
    """The line's outcome, what was heard, and whether a command was carried out whose intent and slots
    differ from the meant one's (``by_key``: the judgement before effects were compared)."""
    session = _session(ctx, save)
    loop = VoiceLoop(session, rec, RecordingSpeaker(), WavUtterances([]), confirm_below=below, wake=wake)
    spoken = session.prompt()
    allowed = spoken.allowed
    means = it.get("means")
    want = None
    if means is not None:
        try:
            want = parse_any(session.text.parsers, str(means), allowed, strict=True)
        except (NotUnderstood, Ambiguous, IllegalChoice):
            want = None
        if want is None:
            return "bad_item", "", False
    text = _said(str(it["line"]), lang)
    if wake and means is not None:  # an answer, said after the wake phrase
        text = f"{wake} {text}"
    pcm = read_wav(render(text, lang, home / "line.wav"))[0]
    heard_as = "nothing"
    for u in cut(scene(pcm, None, seed_of(it["id"])).pcm).utterances:
        h = replace(loop.hear(u, allowed), read_back=spoken.read_back)  # as VoiceLoop.run hears it
        verdict = h.verdict(loop.confirm_below, loop.vouched)
        if h.command is None or verdict == "reject":
            continue
        heard_as = f"{h.result.phrase!r} ({verdict})"
        before = _state(ctx, save, None)
        after = _state(ctx, save, h.command)
        acted = verdict == "act" and not _asked_only(before, after)  # asked whether nobody: read back
        same_key = want is not None and key_of(h.command) == key_of(want)
        by_key = verdict == "act" and not same_key
        if want is None:
            if not acted:
                return "read_back", heard_as, False
            return ("harmless" if after == before else "wrong"), heard_as, by_key
        same_slots = _content(want) in ((), _content(h.command))
        if same_key or (same_slots and after == _state(ctx, save, want)):
            return ("right" if acted else "read_back"), heard_as + ("" if same_key else " [same effect]"), by_key
        if acted and after == before:
            return "refused", heard_as + " [changed nothing]", by_key
        return ("wrong" if acted else "read_back_wrong"), heard_as, by_key
    return ("right" if want is None else "refused"), heard_as, False


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--lang", choices=["ko", "en"], action="append")
    ap.add_argument("--set", type=Path, default=HERE, help="the set's folder (default tests/talk)")
    ap.add_argument("--kind", help="only the lines of this kind")
    ap.add_argument("--limit", type=int, help="only the first N lines (a quick look)")
    ap.add_argument("--wake", action="store_true", help="the loop in wake mode; answers after the wake phrase")
    ap.add_argument("--confirm-below", type=float, help="the loop's confirm_below (default: the app's own, "
                    "from the default settings; 0.5 was measured before, with Korean's read-back of every change off)")
    ap.add_argument("-v", action="store_true", help="print each line that is not right")
    args = ap.parse_args(argv)
    RESULTS.mkdir(exist_ok=True)
    for lang in args.lang or ["ko", "en"]:
        items, contexts = load(lang, args.set)
        items = [i for i in items if i.get("kind") != "typo" and (not args.kind or i.get("kind") == args.kind)]
        items = items[: args.limit] if args.limit else items
        wake = wake_phrases(lang)[0] if args.wake else ""
        totals = measure(items, contexts, lang, args.v, wake, args.confirm_below)
        meant = sum(1 for i in items if i.get("means") is not None)
        counts = ", ".join(f"{k} {totals[k]}" for k in OUTCOMES)
        row = f"{lang}: {len(items)} lines spoken ({meant} mean a command, {len(items) - meant} nothing): {counts}"
        print(row)
        if not args.kind and not args.limit:
            name = args.set.resolve().name
            mode = f", wake mode ({wake!r} before each answer)" if wake else ""
            below = args.confirm_below
            policy = f"confirm_below {below}" if below is not None else "the app's default read-back policy"
            where = "" if args.set.resolve() == HERE.resolve() else f" --set tests/talk/{name}"
            how = f"`.venv/bin/python -m bench.talk_voice --lang {lang}{where}{' --wake' if wake else ''}`"
            (RESULTS / f"talk-voice-{name}-{lang}{'-wake' if wake else ''}.md").write_text(
                f"# bench.talk_voice, {name}, {lang} (espeak-ng's default voice, clean{mode}; {policy})\n\n"
                f"{row}\n\nMade by {how}. Judged by effect, as the typed path is (bench/talk_voice.py); "
                "by_key counts the commands carried out whose intent or slots differ from the meant one's.\n",
                encoding="utf-8",
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
