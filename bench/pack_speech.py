"""Spliced voice-pack lines against plain espeak-ng, heard back: bench/ko_speech.py's method.

.venv/bin/python -m bench.pack_speech [--limit N] [--out FILE] [--jobs 1] [--pack NAME]

``--pack NAME`` measures an installed pack (a person's) instead of the synthetic one below.

**A synthetic pack.** No recordings of a real Korean reader exist here, so the pack's takes are
espeak-ng's own: each phrase of the inventory (moderator/phrasebook.py) said in one utterance in
its spoken form and standard pronunciation, trimmed as a recorded take is (pack.trim). A pack's
quality is its reader's; this measures what splicing does to the same voice — phrase-sized takes
joined with short silences, espeak-ng for the slot values (names, numbers) — not what a person's
voice would score.

For each line (bench/ko_lines.py, one written form per text; ``--limit N`` takes N spread evenly
over all of them): **plain** is the app's path without a pack (``PromptCache.get``), **pack** the
spliced line (``PackPrompts.pcm``). Both are transcribed by the Korean Vosk model in free dictation
and scored against the same reference (bench.ko_speech.reference / cer). Writes
bench/results/pack_speech.md.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from bench.common import MODELS, RESULTS
from bench.ko_lines import Line, korean_lines
from bench.ko_speech import app_settings, cer, reference
from moderator.korean import pronounced, spoken
from moderator.phrasebook import phrases
from moderator.voice import load_recognizer, read_wav, render
from moderator.voice.pack import Manifest, Pack, PackError, PackPrompts, Take, key, plan, trim
from moderator.voice.speaker import PromptCache, VoiceSettings


def spread(lines: Sequence[Line], n: int | None) -> list[Line]:
    """``n`` lines spread evenly over ``lines`` (all of them without ``n``)."""
    if not n or n >= len(lines):
        return list(lines)
    return [lines[round(i * (len(lines) - 1) / (n - 1))] for i in range(n)] if n > 1 else [lines[0]]


def synthetic_pack(lines: Sequence[Line], folder: Path, settings: VoiceSettings) -> Pack:
    """A pack whose takes are espeak-ng's, for every phrase these lines use."""
    inventory = phrases("ko")
    every = {key(p.text): Take(text=p.text, kind=p.kind, file="takes/0001.wav", sha256="0" * 64, seconds=1.0)
             for p in inventory}  # fmt: skip
    longest = max(len(k) for k in every)
    used = {piece.take.text for line in lines for piece in plan(line.written, every, longest) if piece.take}
    pack = Pack.create("synthetic-espeak-ko", "ko", synthetic=True, source="espeak-ng ko (bench.pack_speech)")
    for p in inventory:
        if p.text in used:
            wav = render(pronounced(spoken(p.text)), "ko", folder / "take.wav", voice=settings.voice,
                         rate=settings.rate, volume=settings.volume)  # fmt: skip
            pack.add(p, trim(read_wav(wav)[0]), [])
    return pack


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="bench.pack_speech", description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, help="N lines spread over all of them (a quick look)")
    ap.add_argument("--out", type=Path, default=RESULTS / "pack_speech.md")
    ap.add_argument("--jobs", type=int, default=1, help="only 1 (one model, about 0.6 GB)")
    ap.add_argument("--pack", help="an installed pack (`moderator voice-pack list`) instead of the synthetic one")
    args = ap.parse_args(argv)
    lines = spread(korean_lines(variants=1), args.limit)
    t0 = time.perf_counter()
    settings = app_settings()
    rows: list[tuple[Line, str, str, str, float, float, int]] = []
    with tempfile.TemporaryDirectory(prefix="pack-speech-") as tmp:
        cache = PromptCache(Path(tmp) / "prompts", "ko", settings)
        if args.pack:
            try:
                pack = Pack.open(args.pack)
            except PackError as exc:
                print(f"bench.pack_speech: {exc}", file=sys.stderr)
                return 2
        else:
            os.environ["XDG_DATA_HOME"] = str(Path(tmp) / "data")  # the synthetic pack stays out of the user's folder
            pack = synthetic_pack(lines, Path(tmp), settings)
        prompts = PackPrompts(Pack.open(pack.name), cache, Path(tmp) / "spliced")
        rec = load_recognizer("ko", MODELS, cache_dir=Path(tmp) / "model")
        for i, line in enumerate(lines, start=1):
            ref = reference(line.written)
            plain_pcm, rate = read_wav(cache.get(line.written))
            plain = rec.decode(plain_pcm, rate, None).text
            spliced = rec.decode(prompts.pcm(line.written), 16000, None).text
            recorded = sum(1 for p in prompts.plan(line.written) if p.take is not None)
            rows.append((line, ref, plain, spliced, cer(ref, plain), cer(ref, spliced), recorded))
            print(f"{i}/{len(lines)} {rows[-1][4]:.2f} -> {rows[-1][5]:.2f} {line.key}", file=sys.stderr)
        takes = len(pack.manifest.takes)
    text = report(rows, time.perf_counter() - t0, settings, takes, args.limit, pack.manifest)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(text.split("## Per line")[0])
    return 0


def report(rows: Sequence[tuple[Line, str, str, str, float, float, int]], seconds: float, settings: VoiceSettings,
           takes: int, limit: int | None, manifest: Manifest) -> str:  # fmt: skip
    plain = [r[4] for r in rows]
    spliced = [r[5] for r in rows]
    own = "" if manifest.name == "synthetic-espeak-ko" else f" --pack {manifest.name}"
    command = "`.venv/bin/python -m bench.pack_speech" + (f" --limit {limit}" if limit else "") + own + "`"
    if manifest.synthetic:
        title = "# A SYNTHETIC voice pack (espeak-ng's own takes) spliced, against plain espeak-ng, heard back"
        about = [
            "**No real Korean reader exists here: every take is espeak-ng saying the phrase.** The figure says",
            "what splicing phrase-sized takes (and espeak-ng for names and numbers) does to the same voice,",
            "not how a person's pack would be understood.",
        ]
    else:
        title = f"# The voice pack {manifest.name!r} spliced, against plain espeak-ng, heard back"
        about = [f"Takes read by {manifest.source or 'a person (unnamed)'}."]
    out = [
        title,
        "",
        f"{command} (bench/pack_speech.py). {len(rows)} lines spread over bench/ko_lines.py's, "
        f"{takes} takes, {seconds / 60:.1f} min on this machine; espeak-ng voice {settings.voice or 'ko'}, "
        f"rate {settings.rate or 175}.",
        "",
        *about,
        "Character error rate against the spoken form, as bench/ko_speech.py (Vosk Korean model, free dictation).",
        "",
        "| | mean CER | median CER | lines ≤ 50% |",
        "| --- | --- | --- | --- |",
    ]
    kind = "synthetic pack" if manifest.synthetic else "pack"
    for label, values in (("plain espeak-ng (the app's path)", plain), (f"{kind}, spliced", spliced)):
        ok = sum(v <= 0.5 for v in values)
        out.append(
            f"| {label} | {statistics.mean(values):.1%} | {statistics.median(values):.1%} | {ok}/{len(values)} |"
        )
    out += ["", f"Mean: plain {statistics.mean(plain):.1%}, spliced {statistics.mean(spliced):.1%}.", "",
            "## Per line", "", "| line | takes used | plain | spliced | reference | heard (spliced) |",
            "| --- | --- | --- | --- | --- | --- |"]  # fmt: skip
    for line, ref, _, heard, p, s, n in rows:
        out.append(f"| {line.key} | {n} | {p:.0%} | {s:.0%} | {ref.replace('|', '/')} | {heard} |")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    raise SystemExit(main())
