"""How well the night cards' names are heard by voice, at the step where a turn's card is named.

    .venv/bin/python -m bench.growl_cards [--langs ko,en]

Each card's spoken name (the name in data/growl/cards.yaml, or its first alias whose words the model
knows) is rendered by espeak-ng in 3 voices x 2 rates and recognised in the turn step's closed
grammar through the voice loop's own path (VoiceLoop.hear, judge). Prints a Markdown table and
writes bench/results/growl-cards.md.
"""

from __future__ import annotations

import argparse
import io
import tempfile
from pathlib import Path

from bench.fakes import RecordingSpeaker, WavUtterances
from moderator.config import Config
from moderator.growl.data import default_data
from moderator.growl.engine import Growl
from moderator.growl.frontend import GrowlLoop
from moderator.growl.journal import GrowlJournal
from moderator.growl.voice import GrowlSession
from moderator.i18n import Lang
from moderator.voice import read_wav, render
from moderator.voice.app import recognizer_for
from moderator.voice.loop import VoiceLoop
from moderator.voice.tts import list_voices

NAMES = {"ko": ["민수", "지영", "서준", "하은"], "en": ["ann", "ben", "cat", "dan"]}
SETUP = ["next"] * 5 + ["seat 1"]  # the setup steps, then seat 1 holds the start tile: a turn begins


def bench(lang: Lang, tmp: Path) -> list[str]:
    rec = recognizer_for(lang, Config())
    engine = Growl(GrowlJournal.new(NAMES[lang], 1), default_data(), lang)
    loop = VoiceLoop(GrowlSession(GrowlLoop(engine, lang, io.StringIO())), rec, RecordingSpeaker(), None)
    for key in SETUP:
        loop.session.typed(key)
    allowed = loop.session.prompt().allowed
    grammar = set(loop.grammar(allowed))
    ids = [v.id for v in list_voices(lang)][:1]
    voices = [*ids, f"{ids[0]}+f2", f"{ids[0]}+m3"] if ids else []
    rows, total = [], [0, 0, 0, 0]
    n = 0
    for card in engine.data.cards.night_cards:
        names = [card.name.ko if lang == "ko" else card.name.en, *card.aliases]
        spoken = next((x for x in names if x.casefold() in grammar), None)
        if spoken is None:
            rows.append(f"| {card.id} | (no name the model knows) | | | |")
            continue
        right = wrong = rejected = asked = 0
        for voice in voices:
            for rate in (150, 190):
                n += 1
                pcm = read_wav(render(spoken, lang, tmp / f"{lang}{n}.wav", voice=voice, rate=rate))[0]
                heard = loop.hear(WavUtterances([pcm]).next() or pcm, allowed)
                verdict = heard.verdict(loop.confirm_below)
                got = heard.command.character if heard.command else None
                if verdict == "reject" or got is None:
                    rejected += 1
                elif got == card.id:
                    right += 1
                    asked += verdict == "confirm"
                else:
                    wrong += 1
        rows.append(f"| {card.id} | {spoken} | {right} ({asked} read back) | {wrong} | {rejected} |")
        for i, v in enumerate((right, wrong, rejected, asked)):
            total[i] += v
    heard_n = sum(total[:3])
    return [
        f"## {lang} ({rec.engine}, {rec.model_name}): {len(voices)} voices x 2 rates per card",
        "",
        "| card | said | right | wrong | rejected |",
        "| --- | --- | --- | --- | --- |",
        *rows,
        f"| **all** | | **{total[0]}/{heard_n} ({100 * total[0] / max(1, heard_n):.0f}%), "
        f"{total[3]} read back** | {total[1]} | {total[2]} |",
        "",
    ]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--langs", default="ko,en")
    ap.add_argument("--out", default=str(Path(__file__).parent / "results" / "growl-cards.md"))
    args = ap.parse_args()
    lines = ["# Growl night cards by voice", "", "Made by `.venv/bin/python -m bench.growl_cards`.", ""]
    with tempfile.TemporaryDirectory(prefix="moderator-bench-") as tmp:
        for lang in args.langs.split(","):
            lines += bench(lang, Path(tmp))
    text = "\n".join(lines) + "\n"
    print(text)
    Path(args.out).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
