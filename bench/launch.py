"""Launch time: from process start to the first prompt ready to speak, for `moderator play` by voice.

    .venv/bin/python -m bench.launch [--langs ko,en] [--runs 3]

Each run is a fresh process that runs the real `moderator play --lang L` (config defaults): imports,
the game set up, `build_voice` (the model loading in the background, prompts pre-rendered), the voice
loop started; it stops when the loop hands its first text to the speaker and that text's WAV has been
read from the prompt cache. No sound card is needed: the device check is run but its answer is
taken as yes, the microphone is replaced by an empty source, and the speaker stops the clock instead
of playing. The first run of each language warms the prompt cache (as the first launch does) and is
not counted: the figures are for a second launch. RSS is the process's peak at that moment.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def _child(lang: str) -> None:
    import resource

    import moderator.voice.app as app
    from bench.fakes import WavUtterances
    from moderator.cli import main
    from moderator.config import Config
    from moderator.session import Channel
    from moderator.voice.audio import read_wav
    from moderator.voice.speaker import PromptCache

    real_check = app.audio_available

    def audio_available(config: Config) -> bool:
        real_check(config)  # the device query is part of launching; its answer is not
        return True

    class FirstPrompt:
        def __init__(self, cache: PromptCache, public: object, private: object, **_: object) -> None:
            self.cache = cache

        def say(self, text: str, channel: Channel) -> None:
            read_wav(self.cache.get(text))  # what AudioSpeaker.say does before it plays
            rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            print(json.dumps({"ready": time.time(), "rss_mb": rss, "channel": channel, "text": text}), flush=True)
            os._exit(0)

    setattr(app, "audio_available", audio_available)  # noqa: B010
    setattr(app, "AudioSpeaker", FirstPrompt)  # noqa: B010
    setattr(app, "MicUtterances", lambda device=None, **_: WavUtterances([]))  # noqa: B010
    sys.exit(main(["play", "--lang", lang]))


def measure(lang: str, cache: Path) -> dict[str, float]:
    """One launch in a fresh process, run in ``cache`` (play saves the game in saves/ of its folder)."""
    env = dict(os.environ, MODERATOR_CACHE_DIR=str(cache), PYTHONPATH=str(REPO))
    start = time.time()
    out = subprocess.run([sys.executable, "-m", "bench.launch", "--child", lang], capture_output=True, text=True,
                         env=env, cwd=cache, stdin=subprocess.DEVNULL, check=False)  # fmt: skip
    ready = next((json.loads(line) for line in out.stdout.splitlines() if line.startswith('{"ready"')), None)
    if ready is None:
        raise RuntimeError(f"no prompt was reached:\n{out.stdout[-2000:]}\n{out.stderr[-2000:]}")
    return {"seconds": float(ready["ready"]) - start, "rss_mb": float(ready["rss_mb"])}


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        _child(sys.argv[2])
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--langs", default="ko,en")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    lines = [
        "## Launch (bench.launch)",
        "",
        "Process start to the first prompt ready to speak, `moderator play` by voice, second launch "
        "(prompts already rendered), no sound card needed.",
        "",
        "| language | median | max | peak RSS |",
        "| --- | --- | --- | --- |",
    ]
    with tempfile.TemporaryDirectory(prefix="moderator-launch-") as tmp:
        for lang in args.langs.split(","):
            measure(lang, Path(tmp))  # the first launch renders the prompts
            runs = [measure(lang, Path(tmp)) for _ in range(args.runs)]
            secs = [r["seconds"] for r in runs]
            rss = max(r["rss_mb"] for r in runs)
            lines.append(f"| {lang} | {statistics.median(secs):.2f} s | {max(secs):.2f} s | {rss:.0f} MB |")
    lines.append("")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
