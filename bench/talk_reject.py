"""Table talk is never a command (issue 27, item 1): off-topic speech acted on silently, and commands
still recognised, per language and per step kind, with and without filler words in the grammars.

    .venv/bin/python -m bench.talk_reject --lang ko --half choose [--fillers 0,100,300] [--voices 2]

A *filler* is a common word of the language, in the model's vocabulary and far from every command word
(data/commands/fillers.<lang>.txt, chosen by ``python -m bench.fillers``), added to each step's grammar
as a one-word decoy: talk then decodes as talk (a filler, or a chain with one, which is no sentence of
the step) and is rejected. ``--fillers N``: the first N fillers of the list (0 = the loop without them).

"Choose on one half, report on the other": ``--half choose`` or ``--half report`` picks

- real speech (../shared/speech, never copied here), split by file name order (even: choose, odd:
  report): Korean the Zeroth sentences at every step kind; English the Speech Commands clips other than
  a lone yes/no at every step kind, and the FSDD digits (every third file of the half) as off-topic at
  the steps where no number is an answer (confirm, yes/no, character);
- the project's table-talk lines that mean nothing (tests/talk: choose; tests/talk/heldout: report),
  said by espeak-ng's default voice, at every step kind (a line the step's typed parser reads as a
  command there is skipped at that step: "오" is 5 at a number step); for choose also the issue's
  short talk (알려줘, 열어, 빨리 도와줘, 문 열어줘, 화면이 너무 밝아) and bench.heldout's SHORT_TALK;
- the step's own sentences (the commands) said by ``--voices`` of bench.heldout's voices of that half
  (each at 140 and 190 wpm), clean, at 20 dB and at 10 dB SNR.

Every utterance is cut by the app's endpointer and heard by the real loop (``VoiceLoop.hear``, the
rejection policy, the decoys, the parser and the read-back rules), uncalibrated.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Sequence
from pathlib import Path

from bench.common import SPEECH, Condition
from bench.heldout import RATES, SHORT_TALK, all_voices, halves
from bench.talk import HERE, load
from bench.voicebench import Corpus, Item, Tally, cut, key_of, new_loop, outcome, parser_of, real_scene, scene, seed_of
from bench.voicebench import voices as voices_of
from moderator.commands.parse import INTENTS_FOR, normalise
from moderator.commands.phrases import Intent, phrases
from moderator.config import Config
from moderator.config import confirm_below as confirm_below_for
from moderator.errors import Ambiguous, IllegalChoice, NotUnderstood
from moderator.i18n import Lang
from moderator.korean import pronounced, spoken
from moderator.voice import asr, sphinx
from moderator.voice.app import recognizer_for
from moderator.voice.loop import VoiceLoop
from moderator.voice.names import fillers

STEPS: dict[str, tuple[Intent, ...]] = {k: INTENTS_FOR[k] for k in ("confirm", "yesno", "seat", "number", "character")}
NOISE: list[float | None] = [None, 20.0, 10.0]
ISSUE_TALK = {"ko": ["알려줘", "열어", "빨리 도와줘", "문 열어줘", "화면이 너무 밝아"], "en": []}
"""Issue 27's examples of short real talk forced into a command."""


VOICES_FROM = 0
"""``--voices-from``: the first voice of the half saying the commands (bench.fillers prunes on the first 4
of the choose half: a choice of weights is judged on others)."""


def said(line: str, lang: Lang) -> str:
    return pronounced(spoken(line)) if lang == "ko" else line


def talk_lines(lang: Lang, half: str) -> list[str]:
    folder = HERE if half == "choose" else HERE / "heldout"
    lines = [said(str(i["line"]), lang) for i in load(lang, folder)[0]
             if i.get("means") is None and i.get("kind") != "typo"]  # fmt: skip
    if half == "choose":
        lines += ISSUE_TALK[lang] + SHORT_TALK[lang]
    return list(dict.fromkeys(lines))


def speech_dir() -> Path:
    """../shared/speech beside the checkout, else $MODERATOR_SPEECH (a worktree elsewhere)."""
    return SPEECH if SPEECH.is_dir() else Path(os.environ.get("MODERATOR_SPEECH", str(SPEECH)))


def real_offtopic(lang: Lang, half: str) -> tuple[list[Path], list[Path]]:
    """Real clips heard at every step kind, and (English) digits heard where no number is an answer."""
    pick = 0 if half == "choose" else 1
    if lang == "ko":
        return sorted((speech_dir() / "ko-zeroth").glob("*.wav"))[pick::2], []
    lone = ("en_sc_yes", "en_tfmicro_yes_1000ms", "en_tfmicro_no_1000ms")
    sc = [p for p in sorted((speech_dir() / "en-speech-commands").glob("*.wav")) if p.stem not in lone][pick::2]
    return sc, sorted((speech_dir() / "en-fsdd-train").glob("*.wav"))[pick::2][::3]


def parses(loop: VoiceLoop, text: str, allowed: tuple[Intent, ...]) -> bool:
    try:
        return parser_of(loop).parse(text, allowed) is not None
    except (NotUnderstood, Ambiguous, IllegalChoice):
        return False


def step_sentences(loop: VoiceLoop, step: str) -> list[Item]:
    """The sentences of the step's grammar that mean a command there (as bench.voicebench.items)."""
    out = []
    for sentence in loop.grammar(STEPS[step]):
        try:
            key = key_of(parser_of(loop).parse(sentence, STEPS[step]))
        except (NotUnderstood, Ambiguous, IllegalChoice):
            continue
        if key is not None:
            out.append(Item(step, sentence, key))
    return out


def with_fillers(loop: VoiceLoop, n: int) -> VoiceLoop:
    voice = phrases(loop.lang).voice
    own = [normalise(d) for d in voice.decoys] if voice else []
    loop.decoys = list(dict.fromkeys([*own, *fillers(loop.lang)[:n]]))
    loop._grammars.clear()
    loop._decoys_in.clear()
    return loop


def bench(lang: Lang, half: str, n_fillers: int, n_voices: int, out: list[str], verbose: bool) -> None:
    started = time.perf_counter()
    rec = recognizer_for(lang, Config())
    below = confirm_below_for(Config(), lang)
    loop = with_fillers(new_loop(lang, rec, below), n_fillers)
    grammar_sizes = {s: len(loop.grammar(a)) for s, a in STEPS.items()}
    step_items: dict[str, list[Item]] = {}
    for s in STEPS:
        ours = set(loop._decoys_in.get(tuple(sorted(set(STEPS[s]))), frozenset()))
        step_items[s] = [i for i in step_sentences(loop, s) if i.text not in ours]
    # off-topic
    off = {s: Tally() for s in STEPS}
    corpus = Corpus(lang)
    default = Condition(voices_of(lang)[0], 175)  # espeak-ng's default voice of the language
    clips, digits = real_offtopic(lang, half)
    lines = talk_lines(lang, half)
    for text in lines:
        pcm = scene(corpus.clean(text, default), None, seed_of(text, "talk")).pcm
        for s, allowed in STEPS.items():
            if parses(loop, text, allowed):
                continue
            off[s].add(outcome([loop.hear(u, allowed) for u in cut(pcm).utterances], below), None, text)
    for path in clips:
        pcm = real_scene(path, seed_of(path.name)).pcm
        for s, allowed in STEPS.items():
            off[s].add(outcome([loop.hear(u, allowed) for u in cut(pcm).utterances], below), None, path.name)
    for path in digits:
        pcm = real_scene(path, seed_of(path.name)).pcm
        for s in ("confirm", "yesno", "character"):
            off[s].add(outcome([loop.hear(u, STEPS[s]) for u in cut(pcm).utterances], below),
                       None, path.name)  # fmt: skip
    # commands
    voices = halves(all_voices(lang, 16))[half][VOICES_FROM : VOICES_FROM + n_voices]
    conds = [Condition(v, r) for v in voices for r in RATES]
    cmd = {(s, k): Tally() for s in STEPS for k in NOISE}
    hear_ms: list[float] = []  # VoiceLoop.hear per command utterance (decode, rejection, parse)
    for cond in conds:
        for s, its in step_items.items():
            for item in its:
                clean = corpus.clean(item.text, cond)
                for k in NOISE:
                    pcm = scene(clean, k, seed_of(item.text, cond.label, k)).pcm
                    heard = []
                    for u in cut(pcm).utterances:
                        t0 = time.perf_counter()
                        heard.append(loop.hear(u, STEPS[s]))
                        hear_ms.append(1000 * (time.perf_counter() - t0))
                    o = outcome(heard, below)
                    cmd[(s, k)].add(o, item.expected, f"{item.text} [{cond.label}]")
    took = time.perf_counter() - started
    n_real = len(clips) + len(digits)
    hear_ms.sort()
    run = "" if rec.engine != "pocketsphinx" else f", up to {sphinx.FILLER_RUN} in a row"
    out += [f"## {lang}, {half} half, {n_fillers} fillers{run} ({took:.0f} s)", "",
            f"VoiceLoop.hear per command utterance: median {hear_ms[len(hear_ms) // 2]:.0f} ms, p95 "
            f"{hear_ms[int(0.95 * (len(hear_ms) - 1))]:.0f} ms, max {hear_ms[-1]:.0f} ms ({len(hear_ms)}).", "",
            f"Grammar sizes: {', '.join(f'{s} {n}' for s, n in grammar_sizes.items())}. Off-topic: {len(lines)} talk "
            f"lines (espeak-ng), {n_real} real clips. Commands: {', '.join(voices)} at "
            f"{' and '.join(map(str, RATES))} wpm.",
            "", "| step | off-topic **acted on silently** | read back | rejected | commands clean: right / read back / "
            "refused / wrong (silent) | 20 dB | 10 dB |", "| --- | --- | --- | --- | --- | --- | --- |"]  # fmt: skip
    tot_off, tot_cmd = Tally(), {k: Tally() for k in NOISE}
    for s in STEPS:
        t = off[s]
        tot_off.merge(t)
        cells = []
        for k in NOISE:
            c = cmd[(s, k)]
            tot_cmd[k].merge(c)
            cells.append(cell(c))
        out.append(f"| {s} | **{t.pct(t.silent_wrong)}** | {t.read_back_wrong} | {t.pct(t.rejected)} | "
                   + " | ".join(cells) + " |")  # fmt: skip
    t = tot_off
    out.append(f"| **all** | **{t.pct(t.silent_wrong)}** | {t.read_back_wrong} | {t.pct(t.rejected)} | "
               + " | ".join(cell(tot_cmd[k]) for k in NOISE) + " |")  # fmt: skip
    out += ["", "Off-topic acted on silently (first 20):", ""]
    out += [f"- {s}: {w}" for s in STEPS for w in off[s].wrongs][:20] or ["- none"]
    if verbose:
        out += ["", "Commands wrong (silent), clean and 10 dB (first 20):", ""]
        out += [f"- {s} {k}: {w}" for k in (None, 10.0) for s in STEPS for w in cmd[(s, k)].wrongs][:20] or ["- none"]
    out.append("")


def cell(c: Tally) -> str:
    refused = c.rejected
    return (f"{100 * c.right / max(1, c.total):.1f}% ({c.right}/{c.total}) / {c.right_read_back} / {refused} / "
            f"{c.read_back_wrong + c.silent_wrong} ({c.silent_wrong})")  # fmt: skip


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--lang", choices=["ko", "en"], default="ko")
    ap.add_argument("--half", choices=["choose", "report"], default="choose")
    ap.add_argument("--fillers", default="0", help="comma-separated filler counts to compare (0: none)")
    ap.add_argument("--voices", type=int, default=2, help="voices of the half saying the commands")
    ap.add_argument("--voices-from", type=int, default=0, help="skip this many voices of the half first")
    ap.add_argument("--weight", type=int, help="each command weighs this many fillers (Vosk: asr.COMMAND_WEIGHT, "
                    "listed this many times; pocketsphinx: sphinx.COMMAND_WEIGHT, its JSGF weight)")
    ap.add_argument("--filler-run", type=int, choices=[1, 2],
                    help="pocketsphinx: talk heard as up to this many fillers in a row (sphinx.FILLER_RUN)")
    ap.add_argument("-v", action="store_true", help="also list the commands acted on wrongly")
    ap.add_argument("--out", type=Path, help="append the tables to this file")
    args = ap.parse_args(argv)
    global VOICES_FROM
    VOICES_FROM = args.voices_from
    if args.weight is not None:
        asr.COMMAND_WEIGHT = args.weight
        sphinx.COMMAND_WEIGHT = args.weight
    if args.filler_run is not None:
        sphinx.FILLER_RUN = args.filler_run
    for n in (int(x) for x in args.fillers.split(",")):
        out: list[str] = []
        bench(args.lang, args.half, n, args.voices, out, args.v)
        print("\n".join(out), flush=True)
        if args.out:
            with args.out.open("a", encoding="utf-8") as f:
                f.write("\n".join(out) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
