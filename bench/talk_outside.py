"""Table talk written from outside: a set nobody chose anything on, said by several voices at every step kind.

    .venv/bin/python -m bench.talk_outside --lang ko [--voices 4] [--half report] [--noise 20] [--out F]

The lines (tests/talk/outside/<lang>.tsv, ``category<TAB>line``) were written by a helper who read the
seeds and the storyteller's guide only, never the code, the phrase files or the other talk sets: what a
table says that is no answer (players' chatter, a storyteller's asides, talk near an answer, one-word
exclamations, a Growl table). They were written after every choice this bench could judge was made.

Each line is said by the first ``--voices`` voices of bench.heldout's ``--half`` (140 and 190 wpm), clean
and at ``--noise`` dB SNR, cut by the app's endpointer at each step as the loop cuts it (decoding while
it is spoken, with the early end: since 2026-12-06; before, once without) and heard by the real loop as
shipped (its decoys and fillers, the check against talk, the read-back rules), uncalibrated, at the
confirm, yes/no, seat, number and character steps. A line the step's typed parser reads as a command
there is skipped at that step. Counted per step kind and per category: rejected, read back (a question,
never carried out unasked) and **acted on silently**, the issue's goal being at most 1% at every step
kind.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import replace
from pathlib import Path

from bench.common import Condition
from bench.fit import judged
from bench.heldout import RATES, all_voices, halves
from bench.talk_reject import STEPS, parses, said
from bench.voicebench import Corpus, Tally, cut, new_loop, outcome, scene, seed_of
from moderator.config import Config
from moderator.config import confirm_below as confirm_below_for
from moderator.i18n import Lang
from moderator.voice.app import recognizer_for
from moderator.voice.loop import Heard

HEAD = "| heard | rejected | read back | **acted on silently** |\n| --- | --- | --- | --- | --- |"
HERE = Path(__file__).resolve().parent.parent / "tests" / "talk" / "outside"


def lines_of(lang: Lang, path: Path | None = None) -> list[tuple[str, str]]:
    """(category, line) of the outside set, blank lines and ``#`` comments skipped."""
    rows = []
    for raw in (path or HERE / f"{lang}.tsv").read_text(encoding="utf-8").splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        category, _, text = raw.partition("\t")
        rows.append((category.strip(), text.strip()))
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--lang", choices=["ko", "en"], default="ko")
    ap.add_argument("--half", choices=["choose", "report"], default="report")
    ap.add_argument("--voices", type=int, default=4)
    ap.add_argument("--noise", type=float, action="append", help="also at this SNR (dB); repeatable")
    ap.add_argument("--lines", choices=["all", "even", "odd"], default="all",
                    help="every line, or every other one (a change is chosen on one and reported on the other)")
    ap.add_argument("--file", type=Path, help="another set in the same format")
    ap.add_argument("--out", type=Path, help="append the tables to this file")
    ap.add_argument("--fits", help="English: hear with no acoustic-fit line, then judge these lines too "
                    "(comma-separated; RejectPolicy.misfit_below, bench.fit)")
    args = ap.parse_args()
    lang: Lang = args.lang
    started = time.perf_counter()
    rec = recognizer_for(lang, Config())
    if args.fits:
        rec.policy = replace(rec.policy, misfit_below=None)
    below = confirm_below_for(Config(), lang)
    loop = new_loop(lang, rec, below)
    corpus = Corpus(lang)
    rows = lines_of(lang, args.file)
    rows = rows if args.lines == "all" else rows[args.lines == "odd" :: 2]
    voices = halves(all_voices(lang, 16))[args.half][: args.voices]
    noises: list[float | None] = [None, *(args.noise or [])]
    heard_at: list[tuple[str, str, list[Heard], str]] = []  # step, category, what the loop heard, label
    skipped = 0
    for category, text in rows:
        spoken = said(text, lang)
        allowed_at = {s: a for s, a in STEPS.items() if not parses(loop, spoken, a)}
        skipped += len(STEPS) - len(allowed_at)
        for voice in voices:
            for rate in RATES:
                clean = corpus.clean(spoken, Condition(voice, rate))
                for snr in noises:
                    pcm = scene(clean, snr, seed_of(text, voice, rate, snr)).pcm
                    for s, allowed in allowed_at.items():
                        label = f"{text} [{voice}@{rate}{'' if snr is None else f', {snr:g} dB'}]"
                        utterances = cut(pcm, streamer=loop.streamer_for(allowed)).utterances  # as the loop cuts
                        heard_at.append((s, category, [loop.hear(u, allowed) for u in utterances], label))
    took = time.perf_counter() - started

    def tally(line: float | None) -> tuple[dict[str, Tally], dict[str, Tally]]:
        by_step = {s: Tally() for s in STEPS}
        by_cat: dict[str, Tally] = {}
        for s, category, heards, label in heard_at:
            o = outcome([judged(h, line) for h in heards], below)
            by_step[s].add(o, None, label)
            by_cat.setdefault(category, Tally()).add(o, None, label)
        return by_step, by_cat

    by_step, by_cat = tally(None)
    name = {None: "clean"} | {k: f"{k:g} dB" for k in noises if k is not None}
    out = [f"## {lang}: the outside talk set, {args.half} half's voices ({took:.0f} s)", "",
           f"Made by `.venv/bin/python -m bench.talk_outside --lang {lang} --half {args.half} --voices {args.voices}"
           f"{'' if args.lines == 'all' else ' --lines ' + args.lines}"
           f"{''.join(f' --noise {k:g}' for k in noises if k is not None)}"
           f"{'' if not args.fits else ' --fits=' + args.fits}`. {len(rows)} lines; voices "
           f"{', '.join(voices)} at {' and '.join(map(str, RATES))} wpm; {', '.join(name[k] for k in noises)}. "
           f"{skipped} (line, step) pairs skipped: the typed parser reads the line as a command there.", "",
           f"| step {HEAD}"]  # fmt: skip
    total = Tally()
    for s, t in by_step.items():
        total.merge(t)
        out.append(f"| {s} | {t.total} | {t.pct(t.rejected)} | {t.read_back_wrong} | **{t.pct(t.silent_wrong)}** |")
    out.append(f"| **all** | {total.total} | {total.pct(total.rejected)} | {total.read_back_wrong} | "
               f"**{total.pct(total.silent_wrong)}** |")  # fmt: skip
    out += ["", f"| category {HEAD}"]
    for c, t in sorted(by_cat.items()):
        out.append(f"| {c} | {t.total} | {t.pct(t.rejected)} | {t.read_back_wrong} | **{t.pct(t.silent_wrong)}** |")
    out += ["", "Acted on silently, by what was heard (count: step kinds; first lines):", ""]
    heard: dict[str, list[tuple[str, str]]] = {}
    for s, t in by_step.items():
        for w in t.wrongs:
            line, _, phrase = w.rpartition(" -> ")
            heard.setdefault(phrase, []).append((s, line.split(" [")[0]))
    for phrase, seen in sorted(heard.items(), key=lambda kv: -len(kv[1])):
        steps = ", ".join(sorted({s for s, _ in seen}))
        said_ = "; ".join(list(dict.fromkeys(line for _, line in seen))[:6])
        out.append(f"- **{phrase}** {len(seen)}: {steps}; {said_}")
    if not heard:
        out.append("- none")
    if args.fits:
        out += ["", "Heard with no acoustic-fit line (the tables above), and judged with each line (bench.fit):",
                "", f"| misfit below | {' | '.join(STEPS)} | all |", f"| --- |{' --- |' * (len(STEPS) + 1)}"]
        for below_fit in [None, *(float(x) for x in args.fits.split(","))]:
            at_line, _ = tally(below_fit)
            every = Tally()
            for t in at_line.values():
                every.merge(t)
            out.append(f"| {'none' if below_fit is None else below_fit} | "
                       + " | ".join(f"{t.pct(t.silent_wrong)}" for t in [*at_line.values(), every]) + " |")
    text_out = "\n".join(out) + "\n"
    print(text_out)
    if args.out:
        with args.out.open("a", encoding="utf-8") as f:
            f.write("\n" + text_out)
        print(f"appended to {args.out}")


if __name__ == "__main__":
    main()
