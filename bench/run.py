"""The voice benchmark: one command, every figure the README reports.

    .venv/bin/python -m bench.run [--langs ko,en] [--out bench/results/REPORT.md]

For each language it takes a real 7-player game and its voice loop, and for each step kind (a seat
step, a number step, a yes/no step, a confirm step) every sentence that step's grammar holds
(``VoiceLoop.grammar``: the step's intents plus next/back/repeat), rendered by espeak-ng in 3
voices x 2 rates, put in a room (0.5 s before, 1.2 s after) and mixed with white noise at 20, 10
and 5 dB SNR over the whole scene. Each scene is fed block by block to the app's endpointer; each
utterance it cuts goes through ``VoiceLoop.hear`` (recogniser, rejection policy, parser) and
``judge`` (act / read back / reject). Counted per step kind and overall: right (acted on, or read
back, with the right meaning: intent and seat / number), wrong but read back, silent wrong (a wrong
meaning acted on with no read-back), rejected.

Off-topic speech (the real recordings in ../shared/speech and synthetic chatter) goes through every
step's grammar the same way and must be rejected. Latency is measured with the audio paced in real
time (a block every 0.1 s from a clock thread, as the sound card does): from the end of the speech
to the loop's verdict, the endpointer's hangover included. Launch time comes from bench.launch.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench.common import SPEECH
from bench.voicebench import (
    CHATTER,
    CONDITIONS,
    STEPS,
    Corpus,
    Cut,
    Item,
    Tally,
    conditions,
    cut,
    items,
    new_loop,
    outcome,
    paced,
    parser_of,
    real_offtopic,
    real_scene,
    real_yes_no,
    scene,
    seed_of,
)
from moderator.config import Config
from moderator.config import confirm_below as confirm_below_for
from moderator.i18n import Lang
from moderator.voice import listen
from moderator.voice.app import recognizer_for
from moderator.voice.asr import Recognizer
from moderator.voice.audio import BLOCK, SAMPLE_RATE
from moderator.voice.listen import Endpointer
from moderator.voice.loop import Heard, VoiceLoop
from moderator.voice.reject import nearest_phrase


def pctl(values: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) of ``values``; 0 when empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered) + 0.5) - 1))]


def cond_name(snr: float | None) -> str:
    return "clean" if snr is None else f"{snr:g} dB SNR"


def bench(lang: Lang, lines: list[str], confirm_below: float, latency_items: int, baseline: bool) -> None:
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t0 = time.perf_counter()
    rec = recognizer_for(lang, Config())
    load = time.perf_counter() - t0
    loop = new_loop(lang, rec, confirm_below)
    corpus = Corpus(lang)
    conds = conditions(lang)
    step_items = {step: items(loop, step) for step in STEPS}
    tallies = {(step, snr): Tally() for step in STEPS for snr in CONDITIONS}
    base = {step: Tally() for step in STEPS}
    flushed = dict.fromkeys(CONDITIONS, 0)
    decode_ms: list[float] = []
    cuts: dict[tuple[str, str, float | None], Cut] = {}

    def hear(pcm: bytes, allowed: tuple[str, ...]) -> Heard:
        start = time.perf_counter()
        heard = loop.hear(pcm, allowed)  # type: ignore[arg-type]
        decode_ms.append(1000 * (time.perf_counter() - start))
        return heard

    for cond in conds:
        for snr in CONDITIONS:
            for step, its in step_items.items():
                allowed = STEPS[step]
                for item in its:
                    key = (item.text, cond.label, snr)
                    if key not in cuts:
                        clean = corpus.clean(item.text, cond)
                        cuts[key] = cut(scene(clean, snr, seed_of(*key)).pcm)
                        flushed[snr] += cuts[key].flushed
                    c = cuts[key]
                    heards = [hear(u, allowed) for u in c.utterances]
                    label = f"{item.text} [{cond.label}]"
                    tallies[(step, snr)].add(outcome(heards, confirm_below), item.expected, label)
                    if baseline and snr is None and c.utterances:
                        got = dictation_nearest(loop, c.utterances[0], allowed)
                        base[step].add(outcome([got], 0.0), item.expected, item.text)
    # off-topic: every step's grammar
    off = {step: Tally() for step in STEPS}
    off_real = [real_scene(f, seed_of(f.name)) for f in real_offtopic(lang)]
    off_syn = [scene(corpus.clean(t, conds[0]), None, seed_of(t)) for t in CHATTER[lang]]
    off_syn_tally = {step: Tally() for step in STEPS}
    for step, allowed in STEPS.items():
        for sc, name in zip(off_real, real_offtopic(lang), strict=True):
            off[step].add(outcome([loop.hear(u, allowed) for u in cut(sc.pcm).utterances], confirm_below), None,
                          name.name)  # fmt: skip
        for sc, text in zip(off_syn, CHATTER[lang], strict=True):
            off_syn_tally[step].add(outcome([loop.hear(u, allowed) for u in cut(sc.pcm).utterances], confirm_below),
                                    None, text)  # fmt: skip
    yes_no = Tally()
    for path, word in real_yes_no(lang):
        expected = (word, (), None, None)
        heards = [loop.hear(u, STEPS["yesno"]) for u in cut(real_scene(path, seed_of(path.name)).pcm).utterances]
        yes_no.add(outcome(heards, confirm_below), expected, path.name)
    lat = latency(loop, corpus, step_items, latency_items)
    rss = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss_before) / 1024
    n_items = sum(len(v) for v in step_items.values())
    ep = Endpointer(lambda _: None)
    lines += [
        f"## {lang} ({rec.engine}, {rec.model_name})",
        "",
        f"Policy: `{rec.policy}`; "
        + ("every state-changing answer read back." if confirm_below > 1
           else f"read back below confidence {confirm_below}."),
        "",
        f"Corpus: {n_items} (step, sentence) pairs x {len(conds)} conditions ({', '.join(c.label for c in conds)}) "
        f"= {n_items * len(conds)} utterances per noise condition. Grammars per step kind "
        + "; ".join(f"{s}: {len(loop.grammar(a))} sentences" for s, a in STEPS.items())
        + ".",
        "",
        "| step | condition | right | of which read back | wrong, read back | **silent wrong** | rejected "
        "| split by the endpointer |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for snr in CONDITIONS:
        total = Tally()
        for step in STEPS:
            t = tallies[(step, snr)]
            total.merge(t)
            lines.append(
                f"| {step} | {cond_name(snr)} | {t.pct()} | {t.right_read_back} | {t.read_back_wrong} | "
                f"{t.silent_wrong} | {t.rejected} | {t.split} |"
            )
        lines.append(
            f"| **all** | **{cond_name(snr)}** | **{total.pct()}** | {total.right_read_back} | "
            f"{total.read_back_wrong} | **{total.silent_wrong}** | {total.rejected} | {total.split} |"
        )
    lines += ["", "Silent wrong changes (clean and 10 dB):", ""]
    for snr in (None, 10.0):
        for step in STEPS:
            for w in tallies[(step, snr)].wrongs:
                lines.append(f"- {cond_name(snr)}, {step} step: {w}")
    lines += [
        "",
        "| off-topic, per step grammar | real: rejected | read back | silent wrong | synthetic chatter: rejected |",
        "| --- | --- | --- | --- | --- |",
    ]
    real_all, syn_all = Tally(), Tally()
    for step in STEPS:
        t, s = off[step], off_syn_tally[step]
        real_all.merge(t)
        syn_all.merge(s)
        lines.append(f"| {step} | {t.pct(t.rejected)} | {t.read_back_wrong} | {t.silent_wrong} | {s.pct(s.rejected)} |")
    lines.append(
        f"| **all** | **{real_all.pct(real_all.rejected)}** | {real_all.read_back_wrong} | {real_all.silent_wrong} | "
        f"{syn_all.pct(syn_all.rejected)} |"
    )
    for step in STEPS:
        for w in off[step].wrongs:
            lines.append(f"- off-topic acted on in the {step} step: {w}")
    lines.append("")
    if yes_no.total:
        lines.append(f"- Real yes/no recordings in the yes/no step: right {yes_no.pct()}, rejected {yes_no.rejected}.")
    if baseline:
        b = Tally()
        for t in base.values():
            b.merge(t)
        lines.append(f"- Baseline (free dictation + nearest sentence of the step's grammar, always acted on), clean: "
                     f"right {b.pct()}.")  # fmt: skip
    lines += [
        f"- Endpointer (hangover {ep.hangover} s, tail {ep.tail} s, {BLOCK / SAMPLE_RATE * 1000:.0f} ms blocks, speech "
        f"at least {ep.threshold:g} RMS and {ep.start_over_noise:g}x the learnt noise floor) never ended the "
        "utterance in the 1.2 s of room after the speech (a microphone would run on to the 12 s cap): "
        + ", ".join(f"{cond_name(s)} {flushed[s]}" for s in CONDITIONS) + ".",
        f"- Latency, end of speech to the loop's verdict, audio paced in real time through the endpointer "
        f"(clean, {len(lat)} seat and number utterances): median {statistics.median(lat) if lat else 0:.0f} ms, "
        f"p95 {pctl(lat, 0.95):.0f} ms, max {max(lat, default=0):.0f} ms.",
        f"- Of which decoding (recognise + policy + parse, every utterance of the run): median "
        f"{statistics.median(decode_ms) if decode_ms else 0:.0f} ms, p95 {pctl(decode_ms, 0.95):.0f} ms.",
        f"- Model load: {load:.2f} s; RSS added by the model and the run: {rss:.0f} MB.",
        "",
    ]


STREAMING = "early"
"""``--streaming``: early (streaming and ``asr.early_end``, in every language: the default config has the early
end in both languages), on (streaming only), or off."""


def latency(
    loop: VoiceLoop, corpus: Corpus, step_items: dict[str, list[Item]], n: int, taken: list[float] | None = None,
) -> list[float]:  # fmt: skip
    """End of speech to the loop's verdict (ms), paced in real time: the first voice, both rates, the
    seat and number steps' sentences (at most ``n``). ``taken`` gets the latencies of those the loop
    took (acted on or read back), leaving out what it rejected (misheard as talk: no answer to give)."""
    loop.streaming, loop.early_end = STREAMING != "off", STREAMING == "early"
    conds = conditions(loop.lang)
    lat: list[float] = []
    lat_items: list[tuple[Item, int]] = [(i, r) for s in ("seat", "number") for i in step_items[s] for r in (0, 1)]
    for item, r in lat_items[:n]:
        cond = conds[r]
        sc = scene(corpus.clean(item.text, cond), None, seed_of(item.text, cond.label, "paced"))
        heards, times = paced(sc.pcm, STEPS[item.step], loop.hear, streamer=loop.streamer_for(STEPS[item.step]))
        if times:
            lat.append(1000 * (times[-1] - sc.speech_end))
            if taken is not None and heards[-1].command is not None:
                taken.append(lat[-1])
    return lat


def latency_only(lang: Lang, confirm_below: float, n: int) -> str:
    """``--latency-only``: the latency line alone (the same paced items as the full run)."""
    loop = new_loop(lang, recognizer_for(lang, Config()), confirm_below)
    step_items = {step: items(loop, step) for step in ("seat", "number")}
    took: list[float] = []
    lat = latency(loop, Corpus(lang), step_items, n, took)
    return (f"- {lang}, streaming {STREAMING}: latency, end of speech to the loop's verdict, paced in real time "
            f"(clean, {len(lat)} seat and "
            f"number utterances): median {statistics.median(lat) if lat else 0:.0f} ms, p95 {pctl(lat, 0.95):.0f} ms, "
            f"max {max(lat, default=0):.0f} ms; the {len(took)} the loop took (acted on or read back): median "
            f"{statistics.median(took) if took else 0:.0f} ms, p95 {pctl(took, 0.95):.0f} ms.")


def dictation_nearest(loop: object, pcm: bytes, allowed: tuple[str, ...]) -> Heard:
    """The baseline: free dictation, then the nearest sentence of the step's grammar, always."""
    from moderator.voice.loop import VoiceLoop
    from moderator.voice.result import Result

    assert isinstance(loop, VoiceLoop)
    rec: Recognizer = getattr(loop, "rec", None) or loop.recognizer  # type: ignore[assignment]
    text = rec.recognize(pcm, SAMPLE_RATE, None).text
    phrase, _ = nearest_phrase(text, loop.grammar(allowed))  # type: ignore[arg-type]
    result = Result(text, (), rejected=phrase is None, phrase=phrase)
    command = parser_of(loop).parse(phrase, allowed) if phrase else None  # type: ignore[arg-type]
    return Heard(result, command, 1.0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--langs", default="ko,en")
    ap.add_argument("--out", default=str(Path(__file__).parent / "results" / "REPORT.md"))
    ap.add_argument("--confirm-below", type=float, help="default: config.toml's, per language")
    ap.add_argument("--latency-items", type=int, default=1000, help="at most this many paced utterances")
    ap.add_argument("--no-baseline", action="store_true")
    ap.add_argument("--no-launch", action="store_true")
    ap.add_argument("--latency-only", action="store_true", help="only the paced latency (prints, writes nothing)")
    ap.add_argument("--streaming", choices=["on", "off", "early"], default="early",
                    help="decode while spoken, not, or also end a whole answer early (config's default)")
    ap.add_argument("--verify-way", default="lattice",
                    help="English's check against talk: lattice (as shipped) or a narrower way of bench.verify_paths "
                         "(beam40, beam30, beam20, wbeam20)")
    ap.add_argument("--made-up", type=float, default=None,
                    help="seconds of the kept tail an early end makes up instead of waiting (listen.MADE_UP)")
    args = ap.parse_args()
    global STREAMING
    STREAMING = args.streaming
    if args.made_up is not None:
        listen.MADE_UP = args.made_up
    if args.verify_way != "lattice":
        from bench.verify_paths import BEAMS
        from moderator.voice import sphinx

        if args.verify_way not in BEAMS:
            ap.error(f"--verify-way: one of lattice, {', '.join(BEAMS)}")
        sphinx.VERIFY_BEAMS = dict(BEAMS[args.verify_way])
    if args.latency_only:
        for lang in args.langs.split(","):
            below = args.confirm_below if args.confirm_below is not None else confirm_below_for(Config(), lang)
            print(latency_only(lang, below, args.latency_items), flush=True)
        return
    if not SPEECH.is_dir():
        print(f"note: the real recordings ({SPEECH}) are absent: their rows are left out of the report")
    lines = ["# Voice benchmark", "", "Made by `.venv/bin/python -m bench.run`.", ""]
    for lang in args.langs.split(","):
        start = len(lines)
        below = args.confirm_below if args.confirm_below is not None else confirm_below_for(Config(), lang)
        bench(lang, lines, below, args.latency_items, not args.no_baseline)
        print("\n".join(lines[start:]), flush=True)
    if not args.no_launch:
        start = len(lines)
        out = subprocess.run([sys.executable, "-m", "bench.launch", "--langs", args.langs], capture_output=True,
                             text=True, check=True)  # fmt: skip
        lines += out.stdout.splitlines()
        print("\n".join(lines[start:]), flush=True)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"written: {args.out}")


if __name__ == "__main__":
    main()
