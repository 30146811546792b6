"""Endpointer hangover and tail, by measurement: accuracy, splits and latency on the seat step.

    .venv/bin/python -m bench.endpoint --lang ko|en [--hangovers 0.2,0.3,0.4,0.6]

The seat step's sentences (bench.run's corpus, 3 voices x 2 rates, clean) as espeak-ng says them, and
again with a pause of 0.15 / 0.25 / 0.35 s put between the words (each word rendered alone, as a
storyteller who stops between "자리" and "일곱"). For each hangover: the share heard right, how many
were split in two by the endpointer, and the latency from the end of speech to the verdict on the
block clock (the block that ends the utterance is delivered at the end of its 0.1 s, then the
measured decoding time). The real off-topic recordings are cut with the same endpointer and must
still be rejected (a shorter hangover cuts long sentences into short pieces). Writes
bench/results/endpoint-<lang>.md.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bench.common import RESULTS
from bench.run import pctl
from bench.voicebench import (
    STEPS,
    Corpus,
    Tally,
    conditions,
    cut,
    items,
    new_loop,
    outcome,
    real_offtopic,
    real_scene,
    scene,
    seed_of,
    speech_bounds,
)
from moderator.config import Config
from moderator.config import confirm_below as confirm_below_for
from moderator.i18n import Lang
from moderator.voice.app import recognizer_for
from moderator.voice.audio import SAMPLE_RATE

PAUSES = (None, 0.15, 0.25, 0.35)


def with_pause(corpus: Corpus, text: str, cond: object, pause: float) -> bytes:
    """Each word of ``text`` rendered alone, trimmed, joined by ``pause`` seconds of silence."""
    parts = []
    for word in text.split():
        clean = corpus.clean(word, cond)  # type: ignore[arg-type]
        start, end = speech_bounds(clean)
        parts.append(clean[2 * start : 2 * end])
    gap = bytes(2 * int(pause * SAMPLE_RATE))
    return gap.join(parts)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--lang", default="ko")
    ap.add_argument("--hangovers", default="0.2,0.25,0.3,0.4,0.6")
    ap.add_argument("--tail", type=float, default=0.2)
    ap.add_argument("--early", action="store_true",
                    help="decode while spoken, with the early end (asr.early_end): endpoint-<lang>-early.md")
    args = ap.parse_args()
    lang: Lang = args.lang
    confirm_below = confirm_below_for(Config(), lang)
    rec = recognizer_for(lang, Config())
    loop = new_loop(lang, rec, confirm_below)
    loop.streaming, loop.early_end = args.early, args.early
    corpus = Corpus(lang)
    allowed = STEPS["seat"]
    early = " --early" if args.early else ""
    seat_items = items(loop, "seat")
    lines = [
        f"# Endpointer hangover, {lang} ({rec.engine}), seat step, clean{', with the early end' if early else ''}",
        "",
        f"Made by `.venv/bin/python -m bench.endpoint --lang {lang}{early}`; tail {args.tail} s. Cells: right / split; "
        "latency = end of speech to verdict on the block clock (p50 / p95, natural speech). Off-topic: real "
        "recordings rejected in the seat step's grammar.",
        "",
        "| hangover | natural | pause 0.15 s | pause 0.25 s | pause 0.35 s | latency p50 / p95 | off-topic rejected |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    offs = [real_scene(f, seed_of(f.name)) for f in real_offtopic(lang)]
    for hangover in (float(h) for h in args.hangovers.split(",")):
        cells = []
        lat: list[float] = []
        for pause in PAUSES:
            t = Tally()
            for cond in conditions(lang):
                for item in seat_items:
                    if pause is not None and len(item.text.split()) < 2:
                        continue
                    clean = (
                        corpus.clean(item.text, cond) if pause is None else with_pause(corpus, item.text, cond, pause)
                    )
                    sc = scene(clean, None, seed_of(item.text, cond.label, pause))
                    c = cut(sc.pcm, hangover, args.tail, streamer=loop.streamer_for(allowed))
                    heards = []
                    took = 0.0
                    for u in c.utterances:
                        start = time.perf_counter()
                        heards.append(loop.hear(u, allowed))
                        took = time.perf_counter() - start
                    if pause is None and c.utterances:
                        lat.append(1000 * (c.ends[-1] - sc.speech_end + took))
                    t.add(outcome(heards, confirm_below), item.expected, item.text)
            cells.append(f"{t.pct()} / {t.split}")
        rejected = 0
        for sc in offs:
            pieces = cut(sc.pcm, hangover, args.tail, streamer=loop.streamer_for(allowed)).utterances
            o = outcome([loop.hear(u, allowed) for u in pieces], confirm_below)
            rejected += o.verdict == "reject"
        lines.append(
            f"| {hangover:g} s | {' | '.join(cells)} | {statistics.median(lat):.0f} / {pctl(lat, 0.95):.0f} ms | "
            f"{rejected}/{len(offs)} |"
        )
        print(lines[-1], flush=True)
    out = RESULTS / f"endpoint-{lang}{'-early' if args.early else ''}.md"
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"written: {out}")


if __name__ == "__main__":
    main()
