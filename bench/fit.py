"""The acoustic fit of an English answer (``Word.fit``): below which line an answer is a misfit.

    .venv/bin/python -m bench.fit --half choose|report [--voices 4] [--fits=-4.3,-4.6,-5.0] [--wordfreq 1000] \
        [--steps seat,number,character] [--doubt]

pocketsphinx's closed grammar forces talk into the nearest sentence at full confidence ("seriously" as
"seat three"), but the words it is forced into fit the sound worse than words said: each frame is scored
against the best-scoring model state of that frame, and a word's fit is its log-likelihood per frame
(:func:`moderator.voice.sphinx.fit`). An answer whose worst word fits below a line is a *misfit*
(``RejectPolicy.misfit_below``): a change to the game is read back for a yes/no; next, back, repeat, yes
and no are taken as they are. ``--doubt`` judges the stronger rule first tried: such an answer doubtful,
so that next, back, repeat, yes and no are dropped and asked again too. This bench hears everything once,
with no line, and then judges each line on the same answers (uncalibrated, neither changes what else the
loop does).

- **Talk**, at the confirm, yes/no, seat, number and character steps (a line the step's typed parser
  reads as a command there is skipped): the half's talk lines (bench.talk_reject: tests/talk for choose,
  tests/talk/heldout for report), for choose also wordfreq's ``--wordfreq`` most frequent English words
  of six letters or more that no typed phrase reads as a command, each said by the half's first two
  voices at 140 and 190 wpm, clean; and the half's real clips (bench.talk_reject.real_offtopic).
- **Commands**: each step's sentences said by the half's first ``--voices`` voices at 140 and 190 wpm,
  clean, at 20 and at 10 dB.

Nothing of tests/talk/outside is used (bench.talk_outside --fit measures there).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from bench.common import Condition
from bench.fillers import command_words
from bench.heldout import RATES, all_voices, halves
from bench.talk_reject import STEPS, parses, real_offtopic, step_sentences, talk_lines
from bench.voicebench import Corpus, Key, Tally, cut, new_loop, outcome, real_scene, scene, seed_of
from moderator.config import Config
from moderator.config import confirm_below as confirm_below_for
from moderator.voice.app import recognizer_for
from moderator.voice.loop import Heard
from moderator.voice.recognizer import Recognizer
from moderator.voice.result import worst_fit

NOISE: tuple[float | None, ...] = (None, 20.0, 10.0)


def talk_set(rec: Recognizer, half: str, n_wordfreq: int) -> list[str]:
    """The half's talk lines (bench.talk_reject), for choose also wordfreq's ``n_wordfreq`` most frequent English
    words of six letters or more that the model knows and no typed phrase reads as a command."""
    lines = talk_lines("en", half)
    if half == "choose" and n_wordfreq:
        import wordfreq

        words = [w for w in wordfreq.top_n_list("en", n_wordfreq) if len(w) >= 6 and w.isalpha() and rec.has_word(w)]
        lines += [w for w in words if w not in command_words("en", words) and w not in lines]
    return lines


def real_steps(half: str) -> list[tuple[Path, list[str]]]:
    """The half's real English clips, each with the step kinds it is heard at: the spoken-command clips at
    every one, the digits only where no number is an answer."""
    clips, digits = real_offtopic("en", half)
    return [(p, [s for s in STEPS if p in clips or s in ("confirm", "yesno", "character")]) for p in [*clips, *digits]]


def judged(heard: Heard, line: float | None, doubt: bool = False) -> Heard:
    """``heard`` as the policy would have given it with ``misfit_below = line`` (``doubt``: the answer
    doubtful instead)."""
    fit = worst_fit(heard.result.words)
    if line is None or heard.command is None or fit is None or fit >= line:
        return heard
    result = replace(heard.result, doubtful=True) if doubt else replace(heard.result, misfit=True)
    return replace(heard, result=result)


def cell(t: Tally) -> str:
    return f"{t.pct()} / {t.right_read_back} / {t.rejected} / {t.silent_wrong}"


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    ap.add_argument("--half", choices=["choose", "report"], default="choose")
    ap.add_argument("--voices", type=int, default=4, help="voices of the half saying the commands")
    ap.add_argument("--fits", default="-4.0,-4.3,-4.6,-5.0", help="the lines to judge (comma-separated)")
    ap.add_argument("--wordfreq", type=int, default=1000, help="choose half: also these most frequent words")
    ap.add_argument("--steps", default=",".join(STEPS), help="the step kinds (comma-separated)")
    ap.add_argument("--doubt", action="store_true", help="judge the doubt (drops next/back/repeat/yes/no too)")
    ap.add_argument("--out", type=Path, help="append the table to this file")
    args = ap.parse_args(argv)
    steps = {s: STEPS[s] for s in args.steps.split(",")}
    started = time.perf_counter()
    rec = recognizer_for("en", Config())
    rec.policy = replace(rec.policy, misfit_below=None)
    below = confirm_below_for(Config(), "en")
    loop = new_loop("en", rec, below)
    corpus = Corpus("en")
    voices = halves(all_voices("en", 16))[args.half]
    talk_conds = [Condition(v, r) for v in voices[:2] for r in RATES]
    lines = talk_set(rec, args.half, args.wordfreq)
    talk: dict[str, list[tuple[list[Heard], str]]] = {s: [] for s in steps}
    for text in lines:
        for c in talk_conds:
            pcm = scene(corpus.clean(text, c), None, seed_of(text, c.label, "fit")).pcm
            utterances = cut(pcm).utterances
            for s, allowed in steps.items():
                if not parses(loop, text, allowed):
                    talk[s].append(([loop.hear(u, allowed) for u in utterances], f"{text} [{c.label}]"))
    real = real_steps(args.half)
    for path, at in real:
        pcm = real_scene(path, seed_of(path.name)).pcm
        for s in at:
            if s in steps:
                talk[s].append(([loop.hear(u, steps[s]) for u in cut(pcm).utterances], path.name))
    cmd: dict[tuple[str, float | None], list[tuple[list[Heard], Key, str]]] = {(s, k): [] for s in steps for k in NOISE}
    for c in (Condition(v, r) for v in voices[: args.voices] for r in RATES):
        for s, allowed in steps.items():
            for item in step_sentences(loop, s):
                clean = corpus.clean(item.text, c)
                for k in NOISE:
                    pcm = scene(clean, k, seed_of(item.text, c.label, k)).pcm
                    heard = [loop.hear(u, allowed) for u in cut(pcm).utterances]
                    cmd[(s, k)].append((heard, item.expected, f"{item.text} [{c.label}]"))
    took = time.perf_counter() - started
    rule = "doubtful (next, back, repeat, yes and no dropped)" if args.doubt else "a misfit (a change read back)"
    out = [f"## en, {args.half} half, an answer under the line {rule} ({took:.0f} s)", "",
           f"Talk: {len(lines)} lines and words said by {', '.join(voices[:2])} at "
           f"{' and '.join(map(str, RATES))} wpm, "
           f"clean; {len(real)} real clips. Commands: {', '.join(voices[: args.voices])}.", "",
           "| line | step | talk **acted on silently** | talk read back | commands clean: right / read back / "
           "refused / silent wrong | 20 dB | 10 dB |", "| --- | --- | --- | --- | --- | --- | --- |"]  # fmt: skip
    for line in [None, *(float(x) for x in args.fits.split(","))]:
        name = "none" if line is None else str(line)
        every, every_cmd = Tally(), {k: Tally() for k in NOISE}
        wrongs: list[str] = []
        for s in steps:
            t = Tally()
            for heards, label in talk[s]:
                t.add(outcome([judged(h, line, args.doubt) for h in heards], below), None, label)
            cells = []
            for k in NOISE:
                tc = Tally()
                for heards, expected, label in cmd[(s, k)]:
                    tc.add(outcome([judged(h, line, args.doubt) for h in heards], below), expected, label)
                every_cmd[k].merge(tc)
                cells.append(cell(tc))
            every.merge(t)
            wrongs += [f"{s}: {w}" for w in t.wrongs]
            out.append(f"| {name} | {s} | **{t.pct(t.silent_wrong)}** | {t.read_back_wrong} | "
                       + " | ".join(cells) + " |")  # fmt: skip
        out.append(
            f"| {name} | **all** | **{every.pct(every.silent_wrong)}** | "
            f"{every.read_back_wrong} | " + " | ".join(cell(tc) for tc in every_cmd.values()) + " |"
        )
        print(f"line {line}: talk acted on {len(wrongs)}: {'; '.join(wrongs[:12])}", flush=True)
    text = "\n".join([*out, ""])
    print(text)
    if args.out:
        with args.out.open("a", encoding="utf-8") as f:
            f.write(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
