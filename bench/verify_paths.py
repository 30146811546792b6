"""English's check against talk (``PocketsphinxRecognizer.verify_text``), with or without the lattice's best
path: what each keeps of the commands, what it lets through of talk,
and what it costs.

    .venv/bin/python -m bench.verify_paths --half choose|report [--voices 4] [--wordfreq 1000] \
        [--ways lattice,plain] [--out F]

The cases are gathered as bench.fit gathers its answers, from the same half, and heard by the real loop
without the check (uncalibrated): every answer heard as a command the check weighs (``voice.verify``:
continue, cancel, repeat that, nobody, yes, no …) is a case.

- **Talk**: the half's talk lines (bench.talk_reject), for choose also wordfreq's ``--wordfreq`` most
  frequent words of six letters or more that no typed phrase reads as a command, said by the half's first
  two voices at 140 and 190 wpm, clean, at the confirm, yes/no, seat, number and character steps; and the
  half's real clips. The check should drop these.
- ``--outside``: instead, tests/talk/outside's lines, said by the half's first two voices at 140 and 190
  wpm, clean and at 20 dB, at the same five step kinds (bench.talk_outside's set, nothing chosen on it).
- **Commands**: each step's sentences said by the half's first ``--voices`` voices at 140 and 190 wpm,
  clean, at 20 and at 10 dB, heard as what was said. The check should keep these.

Each way (``lattice``: the best path through the word lattice; ``plain``: the search's own best history;
``trim``: the lattice's, on the answer without the last :data:`TRIM` s of its quiet; ``pad``: the same, with those
:data:`TRIM` s made up again from the :data:`TRIM` s of quiet before them)
decodes every case again: talk kept (acted on, unless something later drops it), commands dropped (asked again), and the
time of the check (median and p95 ms, this machine, one process).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from bench.common import Condition
from bench.fit import NOISE, real_steps, talk_set
from bench.heldout import RATES, all_voices, halves
from bench.run import pctl
from bench.talk_outside import lines_of
from bench.talk_reject import STEPS, parses, step_sentences
from bench.voicebench import Corpus, cut, new_loop, real_scene, scene, seed_of
from moderator.commands.phrases import Intent
from moderator.config import Config
from moderator.config import confirm_below as confirm_below_for
from moderator.voice import sphinx
from moderator.voice.app import recognizer_for
from moderator.voice.audio import SAMPLE_RATE
from moderator.voice.loop import Heard, VoiceLoop
from moderator.voice.recognizer import phrase_won


@dataclass(frozen=True)
class Case:
    pcm: bytes
    phrase: str
    talk: tuple[str, ...]
    command: bool
    label: str


def weighed(verified: dict[Intent, list[str]], heard: Heard, pcm: bytes, command: bool, label: str) -> Case | None:
    """The case the check would decode, if ``heard`` is a command it weighs (``verified``: the loop's)."""
    result = heard.result
    if heard.command is None or result.phrase is None or result.rejected:
        return None
    talk = verified.get(heard.command.intent)
    if not talk:
        return None
    return Case(pcm, result.phrase, tuple(talk), command, label)


def said(
    loop: VoiceLoop, rec: sphinx.PocketsphinxRecognizer, half: str, n_voices: int, n_wordfreq: int, outside: bool
) -> Iterator[tuple[bytes, tuple[Intent, ...], str, str | None]]:
    """What is said, at which step, named, and the command it is (None: talk)."""
    corpus = Corpus("en")
    voices = halves(all_voices("en", 16))[half]
    talk_conds = [Condition(v, r) for v in voices[:2] for r in RATES]
    if outside:  # the outside talk set only, as bench.talk_outside says it: clean and at 20 dB
        for _, text in lines_of("en"):
            for c in talk_conds:
                clean = corpus.clean(text, c)
                for snr in (None, 20.0):
                    pcm = scene(clean, snr, seed_of(text, c.voice, c.rate, snr)).pcm
                    for s, allowed in STEPS.items():
                        yield pcm, allowed, f"{text} [{c.label}{'' if snr is None else ', 20 dB'}] at {s}", None
        return
    for text in talk_set(rec, half, n_wordfreq):
        for c in talk_conds:
            pcm = scene(corpus.clean(text, c), None, seed_of(text, c.label, "fit")).pcm
            for s, allowed in STEPS.items():
                if not parses(loop, text, allowed):
                    yield pcm, allowed, f"{text} [{c.label}] at {s}", None
    for path, at in real_steps(half):
        pcm = real_scene(path, seed_of(path.name)).pcm
        for s in at:
            yield pcm, STEPS[s], f"{path.name} at {s}", None
    for c in (Condition(v, r) for v in voices[:n_voices] for r in RATES):
        for s, allowed in STEPS.items():
            for item in step_sentences(loop, s):
                clean = corpus.clean(item.text, c)
                for k in NOISE:
                    pcm = scene(clean, k, seed_of(item.text, c.label, k)).pcm
                    yield pcm, allowed, f"{item.text} [{c.label}{'' if k is None else f', {k:g} dB'}] at {s}", item.text


def gather(
    loop: VoiceLoop, rec: sphinx.PocketsphinxRecognizer, half: str, n_voices: int, n_wordfreq: int,
    outside: bool = False,
) -> list[Case]:
    """Every answer the loop, heard without the check, takes for a command the check weighs: talk, and
    commands heard as what was said."""
    verified, loop.verified = loop.verified, {}
    out: list[Case] = []
    try:
        for pcm, allowed, label, expected in said(loop, rec, half, n_voices, n_wordfreq, outside):
            for u in cut(pcm).utterances:
                heard = loop.hear(u, allowed)
                if expected is not None and heard.result.phrase != expected:
                    continue  # a command misheard: the check does not decide it
                case = weighed(verified, heard, u, expected is not None, label)
                if case is not None:
                    out.append(case)
    finally:
        loop.verified = verified
    return out


TRIM = 0.1
"""``trim``: the check hears the answer without the last this many seconds of its tail (the endpointer keeps
0.2 s of quiet after an answer), so that it may be made while the rest of the quiet is still coming."""


BEAMS: dict[str, dict[str, float]] = {
    "beam40": {"beam": 1e-40, "pbeam": 1e-40, "wbeam": 1e-24},
    "beam30": {"beam": 1e-30, "pbeam": 1e-30, "wbeam": 1e-20},
    "beam20": {"beam": 1e-20, "pbeam": 1e-20, "wbeam": 1e-15},
    "wbeam20": {"wbeam": 1e-20},
}
"""``beamNN``: the check's search with narrower pruning beams than the decoder's (pocketsphinx's defaults: beam
and pbeam 1e-48, wbeam 7e-29), with the lattice's best path: fewer paths kept, a smaller lattice."""


def judge(rec: sphinx.PocketsphinxRecognizer, cases: list[Case], way: str) -> tuple[str, list[str]]:
    sphinx.VERIFY_BESTPATH = way != "plain"
    sphinx.VERIFY_BEAMS = dict(BEAMS.get(way, {}))
    cut_off = 2 * round(TRIM * SAMPLE_RATE) if way in ("trim", "pad") else 0
    kept_talk: list[str] = []
    dropped: list[str] = []
    ms: list[float] = []
    for case in cases:
        started = time.perf_counter()
        pcm = case.pcm[: len(case.pcm) - cut_off]
        if way == "pad":  # the quiet cut off, made up again from the quiet before it: 0.2 s of room after the word
            pcm += pcm[len(pcm) - cut_off :]
        won = phrase_won(rec.verify_text(pcm, SAMPLE_RATE, case.phrase, case.talk), case.phrase)
        ms.append(1000 * (time.perf_counter() - started))
        if won and not case.command:
            kept_talk.append(f"{case.label} -> {case.phrase}")
        if not won and case.command:
            dropped.append(case.label)
    talk = sum(not c.command for c in cases)
    cmds = len(cases) - talk
    row = (f"| {way} | {len(kept_talk)} of {talk} | {len(dropped)} of {cmds} | "
           f"{statistics.median(ms) if ms else 0:.0f} / {pctl(ms, 0.95):.0f} ms |")  # fmt: skip
    return row, [f"talk kept: {k}" for k in kept_talk[:15]] + [f"command dropped: {d}" for d in dropped[:15]]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--half", choices=["choose", "report"], default="choose")
    ap.add_argument("--voices", type=int, default=4)
    ap.add_argument("--wordfreq", type=int, default=1000)
    ap.add_argument("--ways", default="lattice,plain")
    ap.add_argument("--outside", action="store_true", help="the outside talk set instead (bench.talk_outside)")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    started = time.perf_counter()
    rec = recognizer_for("en", Config())
    assert isinstance(rec, sphinx.PocketsphinxRecognizer)
    loop = new_loop("en", rec, confirm_below_for(Config(), "en"))
    cases = gather(loop, rec, args.half, args.voices, args.wordfreq, args.outside)
    print(f"{len(cases)} cases gathered in {time.perf_counter() - started:.0f} s", flush=True)
    lines = [f"## The check against talk, {'the outside talk set, ' if args.outside else ''}{args.half} half", "",
             f"Made by `.venv/bin/python -m bench.verify_paths --half {args.half} --voices {args.voices} "
             f"--wordfreq {args.wordfreq} --ways {args.ways}{' --outside' if args.outside else ''}`.", "",
             "| way | talk kept | commands dropped | check median / p95 |", "| --- | --- | --- | --- |"]
    notes: list[str] = []
    for way in args.ways.split(","):
        row, seen = judge(rec, cases, way)
        print(row, flush=True)
        lines.append(row)
        notes += [f"- {way}: {s}" for s in seen]
    text = "\n".join([*lines, "", *notes]) + "\n"
    print(text)
    if args.out:
        with args.out.open("a", encoding="utf-8") as f:
            f.write("\n" + text)


if __name__ == "__main__":
    main()
