"""What ``asr.early_end`` changes: every item heard with and without it, outcome by outcome.

    .venv/bin/python -m bench.early_end --lang en|ko [--voices 4] [--half report|choose] [--made-up 0.05]

One half of the held-out voices (bench.heldout; the report half unless ``--half choose``), each step's
sentences clean and at 10 dB, and the real off-topic speech (bench.voicebench.real_offtopic) at every
step, cut by the endpointer while decoding as the loop does, once with the early end and once without.
Prints each item whose outcome differs and the tallies (right / silent wrong / rejected) per step and
condition. ``--made-up S``: "without" is the early end as shipped, "with" the early end that makes up the last
``S`` s of the kept silence instead of waiting for it (``moderator.voice.listen.MADE_UP``).
"""

from __future__ import annotations

import argparse

from bench.common import Condition
from bench.heldout import RATES, all_voices, copy_last, cut_at, halves, outcome
from bench.voicebench import STEPS, Corpus, Tally, items, new_loop, real_offtopic, real_scene, scene, seed_of
from moderator.config import Config
from moderator.config import confirm_below as confirm_below_for
from moderator.i18n import Lang
from moderator.voice import listen
from moderator.voice.app import recognizer_for
from moderator.voice.loop import VoiceLoop


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--lang", choices=["ko", "en"], default="en")
    ap.add_argument("--voices", type=int, default=4, help="voices drawn (half are heard), as bench.heldout")
    ap.add_argument("--half", choices=["choose", "report"], default="report", help="which half of them")
    ap.add_argument("--noises", default="10", help="noisy conditions besides clean, in dB (comma-separated)")
    ap.add_argument("--made-up", type=float, default=0.0,
                    help="instead: the early end against one that makes up this many seconds of the kept tail "
                         "from the quiet block before them, and so ends that much sooner (listen.MADE_UP)")  # fmt: skip
    ap.add_argument("--copy-last", type=float, default=0.0,
                    help="instead: each utterance as cut, against the same with its last seconds of kept silence "
                         "copied from the block before them (what a verdict begun before they came hears)")  # fmt: skip
    args = ap.parse_args()
    lang: Lang = args.lang
    rec = recognizer_for(lang, Config())
    below = confirm_below_for(Config(), lang)
    off, on = new_loop(lang, rec, below), new_loop(lang, rec, below)
    off.early_end, on.early_end = bool(args.made_up or args.copy_last), True
    made_up = {id(off): 0.0, id(on): args.made_up}

    def cut_by(loop: VoiceLoop, pcm: bytes, step: str) -> list[bytes]:
        listen.MADE_UP = made_up[id(loop)]
        try:
            cut = cut_at(loop, pcm, step)
        finally:
            listen.MADE_UP = 0.0
        if loop is on and args.copy_last:
            cut = copy_last(cut, args.copy_last)
        elif loop is off and args.copy_last:
            cut = [bytes(u) for u in cut]  # decoded in one pass, as the copies are
        return cut
    tallies: dict[tuple[str, str], tuple[Tally, Tally]] = {}
    changed = total = 0

    def both(pcm: bytes, step: str, expected: object, label: str, kind: str) -> None:
        nonlocal changed, total
        a = outcome([off.hear(u, STEPS[step]) for u in cut_by(off, pcm, step)], below)
        b = outcome([on.hear(u, STEPS[step]) for u in cut_by(on, pcm, step)], below)
        ta, tb = tallies.setdefault((step, kind), (Tally(), Tally()))
        ta.add(a, expected, label)  # type: ignore[arg-type]
        tb.add(b, expected, label)  # type: ignore[arg-type]
        total += 1
        if (a.verdict, a.heard) != (b.verdict, b.heard):
            changed += 1
            print(f"- {step}, {kind}, {label}: without {a.verdict} {a.phrases}; with {b.verdict} {b.phrases}")

    corpus = Corpus(lang)
    for voice in halves(all_voices(lang, args.voices))[args.half]:
        for rate in RATES:
            cond = Condition(voice, rate)
            for step in STEPS:
                for item in items(off, step):
                    clean = corpus.clean(item.text, cond)
                    for noise in (None, *(float(n) for n in args.noises.split(",") if n)):
                        seed = seed_of(item.text, cond.label, noise)
                        kind = "clean" if noise is None else f"{noise:g} dB"
                        both(scene(clean, noise, seed).pcm, step, item.expected, f"{item.text} [{cond.label}]", kind)
    for path in real_offtopic(lang):
        pcm = real_scene(path, seed_of(path.name)).pcm
        for step in STEPS:
            both(pcm, step, None, path.name, "real off-topic")
    print("\n| step, condition | without: right / silent wrong / rejected | with |\n| --- | --- | --- |")
    for (step, kind), (a, b) in tallies.items():
        print(f"| {step}, {kind} | {a.right} / {a.silent_wrong} / {a.rejected} of {a.total} | "
              f"{b.right} / {b.silent_wrong} / {b.rejected} |")  # fmt: skip
    print(f"\n{changed} of {total} outcomes changed")


if __name__ == "__main__":
    main()
