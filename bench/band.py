"""Telephone-band sound (a Bluetooth headset in hands-free mode): what it costs, and whether the app tells it.

    .venv/bin/python -m bench.band [--half choose|report] [--langs ko,en] [--cost | --no-cost] [--out F]

- **The check** (:mod:`moderator.voice.band`): every answer of the step sentences below, said by the
  half's espeak-ng voices (bench.heldout's halves) at 140 and 190 wpm, clean and at 20 dB, measured as
  it is (wideband) and cut to 8 kHz and back (the noise cut with it, as a hands-free channel cuts it).
  The lowest wideband and the highest telephone-band figure, and how many fall on the wrong side of
  :data:`~moderator.voice.band.NARROW_BAND_DB`. With ../shared/speech, the real recordings too: the
  Zeroth-Korean sentences and the Speech Commands clips (wideband) and the FSDD digits (recorded at 8 kHz).
- **The cost** (``--cost``, the default): every step sentence of the seat, number, yes/no and confirm
  steps, heard by the real loop (bench.heldout's judge) wideband and cut to 8 kHz, clean.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from bench.common import SPEECH, Condition
from bench.heldout import RATES, all_voices, cut_at, decoys_of, halves, outcome
from bench.voicebench import STEPS, Corpus, Tally, items, new_loop, scene, seed_of
from moderator.config import Config
from moderator.config import confirm_below as confirm_below_for
from moderator.i18n import Lang
from moderator.voice.app import recognizer_for
from moderator.voice.audio import SAMPLE_RATE, resample, to_16k_mono
from moderator.voice.band import NARROW_BAND_DB, high_band_db

SAID = {"en": ["continue", "seat three", "yes", "repeat that", "seven"],
        "ko": ["계속", "자리 셋", "네", "다시", "일곱"]}
"""What the check is measured on: one answer of each step kind."""


def telephone(pcm: bytes) -> bytes:
    """``pcm`` through an 8 kHz channel and back to 16 kHz (the system's resampler does the same)."""
    return resample(resample(pcm, SAMPLE_RATE, 8000), 8000, SAMPLE_RATE)


def spread(values: list[float], wide: bool) -> str:
    wrong = sum((v < NARROW_BAND_DB) == wide for v in values)
    edge = min(values) if wide else max(values)
    return f"{'lowest' if wide else 'highest'} {edge:.1f} dB; {wrong} of {len(values)} on the wrong side"


def check(lang: Lang, half: str) -> list[str]:
    corpus = Corpus(lang)
    wide: list[float] = []
    narrow: list[float] = []
    for voice in halves(all_voices(lang, 16))[half]:
        for rate in RATES:
            for text in SAID[lang]:
                clean = corpus.clean(text, Condition(voice, rate))
                for snr in (None, 20.0):
                    pcm = scene(clean, snr, seed_of(text, voice, rate, snr)).pcm
                    for to, sound in ((wide, pcm), (narrow, telephone(pcm))):
                        db = high_band_db(sound)
                        if db is not None:
                            to.append(db)
    return [f"| {lang}, {half} half, espeak-ng | {spread(wide, True)} | {spread(narrow, False)} |"]


def real() -> list[str]:
    rows = []
    for folder, wide in (("ko-zeroth", True), ("en-speech-commands", True), ("en-fsdd-train", False)):
        values = [db for p in sorted((SPEECH / folder).glob("*.wav")) if (db := high_band_db(to_16k_mono(p)))
                  is not None]  # fmt: skip
        if values:
            rows.append(f"| real: {folder} ({'wideband' if wide else 'recorded at 8 kHz'}) | "
                        + (f"{spread(values, True)} | – |" if wide else f"– | {spread(values, False)} |"))  # fmt: skip
    return rows


def cost(lang: Lang, half: str) -> list[str]:
    rec = recognizer_for(lang, Config())
    below = confirm_below_for(Config(), lang)
    loop = new_loop(lang, rec, below)
    corpus = Corpus(lang)
    tallies = {"wideband": Tally(), "cut to 8 kHz": Tally()}
    for voice in halves(all_voices(lang, 16))[half]:
        for rate in RATES:
            cond = Condition(voice, rate)
            for step in ("seat", "number", "yesno", "confirm"):
                for item in items(loop, step):
                    if item.text in decoys_of(loop, step):
                        continue
                    pcm = scene(corpus.clean(item.text, cond), None, seed_of(item.text, cond.label)).pcm
                    for name, sound in (("wideband", pcm), ("cut to 8 kHz", telephone(pcm))):
                        heard = [loop.hear(u, STEPS[step]) for u in cut_at(loop, sound, step)]
                        tallies[name].add(outcome(heard, below), item.expected, item.text)
    return [f"| {lang}, {half} half | {name} | {t.pct()} | {t.silent_wrong} | {t.read_back_wrong} | {t.rejected} |"
            for name, t in tallies.items()]  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--half", choices=["choose", "report"], default="report")
    ap.add_argument("--langs", default="ko,en")
    ap.add_argument("--cost", action=argparse.BooleanOptionalAction, default=True)
    ap.add_argument("--out", default="")
    args = ap.parse_args()
    langs: list[Lang] = [lang for lang in ("ko", "en") if lang in args.langs.split(",")]
    lines = [f"Made by `.venv/bin/python -m bench.band --half {args.half} --langs {','.join(langs)}"
             f"{'' if args.cost else ' --no-cost'}`. The check's line: {NARROW_BAND_DB:g} dB.", "",
             "| sound | wideband | telephone band |", "| --- | --- | --- |"]  # fmt: skip
    for lang in langs:
        lines += check(lang, args.half)
    if SPEECH.is_dir():
        lines += real()
    if args.cost:
        lines += ["", "| language, voices | sound | right | silent wrong | read back wrong | rejected |",
                  "| --- | --- | --- | --- | --- | --- |"]  # fmt: skip
        for lang in langs:
            lines += cost(lang, args.half)
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        with Path(args.out).open("a", encoding="utf-8") as f:
            f.write("\n" + text)
        print(f"appended to {args.out}")


if __name__ == "__main__":
    main()
