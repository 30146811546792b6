"""The voice benchmark: one command, every figure the README reports.

    .venv/bin/python -m bench.run [--langs ko,en] [--out bench/results/REPORT.md]

For each language it builds a corpus from the phrase data (the spoken forms the app listens for):
every command word, the seats of a 7-player game and vote counts, rendered by espeak-ng in several
voices and rates, then mixed with white noise at 20, 10 and 5 dB SNR. Off-topic speech is the real
recordings in ../shared/speech (none is a command) plus synthetic table chatter.

Each utterance goes through the app's own path (endpointer → closed grammar → rejection policy →
parser) with the grammar of a step that expects a seat. It reports intent accuracy per condition,
off-topic rejection, the wrong state changes that would pass without a read-back, the latency from
the end of speech to the command, model load time and RSS, and, side by side, a baseline: free
dictation with the nearest legal sentence picked.
"""

from __future__ import annotations

import argparse
import array
import math
import random
import resource
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from moderator.commands.parse import Parser, Vocabulary
from moderator.commands.phrases import Intent
from moderator.config import Config
from moderator.i18n import Lang
from moderator.voice import read_wav, render
from moderator.voice.app import recognizer_for
from moderator.voice.asr import Recognizer
from moderator.voice.audio import SAMPLE_RATE, to_16k_mono
from moderator.voice.listen import WavUtterances
from moderator.voice.loop import NO_READBACK
from moderator.voice.reject import nearest_phrase
from moderator.voice.tts import list_voices

SPEECH = Path(__file__).resolve().parents[2] / "shared" / "speech"
SEATS = list(range(1, 8))
ALLOWED: tuple[Intent, ...] = ("seat", "no", "number", "yes")
CONDITIONS: list[float | None] = [None, 20.0, 10.0, 5.0]
CHATTER = {
    "ko": ["오늘 저녁 뭐 먹을까", "잠깐 화장실 다녀올게", "그 사람 말 믿어도 될까", "나는 아무것도 몰라"],
    "en": ["what are we having for dinner", "i need the bathroom", "can we trust him", "i know nothing at all"],
}


@dataclass
class Tally:
    right: int = 0
    total: int = 0
    silent_wrong: int = 0
    latencies: list[float] = field(default_factory=list)

    def pct(self) -> str:
        return f"{100 * self.right / max(1, self.total):.1f}% ({self.right}/{self.total})"


def with_noise(pcm: bytes, snr_db: float | None, seed: int) -> bytes:
    """White noise mixed at ``snr_db`` (relative to the speech's RMS); None = clean."""
    samples = array.array("h")
    samples.frombytes(pcm)
    if snr_db is None or not samples:
        return pcm
    power = sum(x * x for x in samples) / len(samples)
    sigma = math.sqrt(power / (10 ** (snr_db / 10)))
    rnd = random.Random(seed)
    for i, x in enumerate(samples):
        samples[i] = max(-32768, min(32767, round(x + rnd.gauss(0, sigma))))
    return samples.tobytes()


def corpus(parser: Parser, lang: Lang) -> list[tuple[str, Intent]]:
    """(sentence, intent) for every spoken command, seat and vote count of a 7-player game."""
    items: list[tuple[str, Intent]] = []
    for intent in ("next", "back", "repeat", "yes", "no", "seat"):
        items += [(s, intent) for s in parser.sentences([intent], numbers=SEATS) if parser.parse(s).intent == intent]
    items += [(s, "number") for s in parser.sentences(["number"], numbers=range(0, 11))]
    return list(dict.fromkeys(items))


def voices(lang: Lang) -> list[str]:
    ids = [v.id for v in list_voices(lang)]
    return [*ids[:1], f"{ids[0]}+f2", f"{ids[0]}+m3"] if ids else []


def hear(rec: Recognizer, parser: Parser, pcm: bytes, grammar: list[str]) -> tuple[Intent | None, float, float]:
    """The app's path: recognise in the grammar, parse. Returns (intent, confidence, seconds)."""
    start = time.perf_counter()
    result = rec.recognize(pcm, SAMPLE_RATE, grammar)
    took = time.perf_counter() - start
    if result.rejected or result.phrase is None:
        return None, 0.0, took
    return parser.parse(result.phrase, ALLOWED).intent, min(result.confidences, default=0.0), took


def baseline(rec: Recognizer, parser: Parser, pcm: bytes, grammar: list[str]) -> Intent | None:
    """What a newcomer would do: free dictation, then the nearest legal sentence, always."""
    text = rec.recognize(pcm, SAMPLE_RATE, None).text
    phrase, _ = nearest_phrase(text, grammar)
    return parser.parse(phrase, ALLOWED).intent if phrase else None


def real_offtopic(lang: Lang) -> list[Path]:
    folder = SPEECH / ("ko-zeroth" if lang == "ko" else "en-speech-commands")
    files = sorted(folder.glob("*.wav"))
    if lang == "en":  # the clips that say "yes" / "no" are commands, not chatter
        files = [f for f in files if "yes" not in f.name and "_no_" not in f.name]
    return files


def bench(lang: Lang, tmp: Path, lines: list[str], confirm_below: float) -> None:
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t0 = time.perf_counter()
    rec = recognizer_for(lang, Config())
    load = time.perf_counter() - t0
    parser = Parser(lang, Vocabulary(seats=SEATS))
    grammar = parser.sentences(ALLOWED, numbers=range(0, 11))
    items = corpus(parser, lang)
    tallies = {c: Tally() for c in CONDITIONS}
    base = {c: Tally() for c in CONDITIONS}
    n = 0
    for voice in voices(lang):
        for rate in (150, 190):
            for text, intent in items:
                n += 1
                clean = read_wav(render(text, lang, tmp / f"{lang}-{n}.wav", voice=voice, rate=rate))[0]
                for cond in CONDITIONS:
                    audio = _utterance(with_noise(clean, cond, seed=n))
                    got, conf, took = hear(rec, parser, audio, grammar)
                    t = tallies[cond]
                    t.total += 1
                    t.right += got == intent
                    t.latencies.append(took)
                    if got is not None and got != intent and got not in NO_READBACK and conf >= confirm_below:
                        t.silent_wrong += 1
                    b = base[cond]
                    b.total += 1
                    b.right += baseline(rec, parser, audio, grammar) == intent
    off_real = [_utterance(to_16k_mono(f)) for f in real_offtopic(lang)]
    off_syn = [_utterance(read_wav(render(t, lang, tmp / f"chat{i}.wav"))[0]) for i, t in enumerate(CHATTER[lang])]
    rejected_real = sum(hear(rec, parser, a, grammar)[0] is None for a in off_real)
    rejected_syn = sum(hear(rec, parser, a, grammar)[0] is None for a in off_syn)
    base_rejected = sum(baseline(rec, parser, a, grammar) is None for a in off_real)
    rss = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss_before) / 1024
    lat = sorted(tallies[None].latencies)
    p95 = lat[int(0.95 * (len(lat) - 1))] if lat else 0.0
    lines += [
        f"## {lang} ({rec.engine}, {rec.model_name})",
        "",
        f"Corpus: {len(items)} sentences x {len(voices(lang))} voices x 2 rates = {n} utterances per condition.",
        "",
        "| condition | intent accuracy | wrong state changes without read-back | baseline (dictation + nearest) |",
        "| --- | --- | --- | --- |",
    ]
    for cond in CONDITIONS:
        name = "clean" if cond is None else f"{cond:g} dB SNR"
        t = tallies[cond]
        lines.append(f"| {name} | {t.pct()} | {t.silent_wrong} | {base[cond].pct()} |")
    lines += [
        "",
        f"- Off-topic real speech rejected: {rejected_real}/{len(off_real)} "
        f"({100 * rejected_real / max(1, len(off_real)):.0f}%); baseline rejects {base_rejected}/{len(off_real)}.",
        f"- Off-topic synthetic chatter rejected: {rejected_syn}/{len(off_syn)}.",
        f"- Decoding latency after the end of speech (clean): median {statistics.median(lat) * 1000:.0f} ms, "
        f"p95 {p95 * 1000:.0f} ms; the endpointer adds its hangover (0.6 s) before decoding starts.",
        f"- Model load: {load:.2f} s; RSS added by the model: {rss:.0f} MB.",
        "",
    ]


def _utterance(pcm: bytes) -> bytes:
    """Cut the utterance as the microphone path does (the same endpointer, the same blocks)."""
    return WavUtterances([pcm]).next() or pcm


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--langs", default="ko,en")
    ap.add_argument("--out", default=str(Path(__file__).parent / "results" / "REPORT.md"))
    ap.add_argument("--confirm-below", type=float, default=Config().asr.confirm_below)
    args = ap.parse_args()
    lines = ["# Voice benchmark", "", "Made by `.venv/bin/python -m bench.run`.", ""]
    with tempfile.TemporaryDirectory(prefix="moderator-bench-") as tmp:
        for lang in args.langs.split(","):
            bench(lang, Path(tmp), lines, args.confirm_below)
            print("\n".join(lines[-16:]))
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"written: {args.out}")


if __name__ == "__main__":
    main()
