"""A cue heard at a glance: is each headset cue (``[tts] detail = "cue"``) told apart from the others of
its script, by a listener who knows the night?

    .venv/bin/python -m bench.cues [--langs ko,en] [--scripts twelve,...] [--out bench/results/cues.md]

For each bundled script and language, the night's cues: the pseudo-steps' ("밤이 됩니다.", "Minion info.")
and one per character of the script ("뱀 조련사, 4번 민수.", the characters seated in turn, 15 seats, the
players named as config.toml's Korean names or English ones). Each cue is rendered two ways:

- **plain**: espeak-ng, the app's path without a voice pack (``PromptCache``);
- **pack**: spliced from a SYNTHETIC cue pack (``voice-pack record --cues``'s phrases, each take espeak-ng's
  own, trimmed as a recorded take): it measures what splicing does to the same voice; a person's pack is
  their voice, not this.

Each is put in a room, clean and with white noise at 20 and 10 dB SNR (bench.voicebench.scene), and
dictated back by the language's model (Vosk Korean / pocketsphinx en-us, free dictation). The listener
picks the script's cue nearest to what was heard (character error rate against each cue's spoken form);
right when it is the cue said. Nothing is chosen on this: the cue wording was written before it ran.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import unicodedata
from collections.abc import Sequence
from pathlib import Path

from bench.common import MODELS, RESULTS
from bench.voicebench import scene, seed_of
from moderator.clocktower.rules.loader import default_catalogue
from moderator.clocktower.rules.scripts import bundled_scripts, load_script
from moderator.clocktower.rules.texts import step_texts
from moderator.i18n import Lang
from moderator.korean import pronounced, spoken
from moderator.phrasebook import cue_phrases
from moderator.voice import load_recognizer, read_wav, render
from moderator.voice.audio import SAMPLE_RATE, resample
from moderator.voice.pack import Pack, PackPrompts, char_error, trim
from moderator.voice.speaker import PromptCache, VoiceSettings

NAMES: dict[Lang, list[str]] = {
    "ko": ["민수", "지영", "서준", "하은", "도윤", "서연", "지호", "수아", "예준", "지우", "현우", "유나", "건우",
           "채원", "은서"],
    "en": ["Anna", "Ben", "Carla", "David", "Emma", "Felix", "Grace", "Henry", "Iris", "Jack", "Kate", "Leo", "Mia",
           "Noah", "Olive"],
}  # fmt: skip
NOISE: list[float | None] = [None, 20.0, 10.0]
GOAL = 0.98


def cues(stem: str, lang: Lang) -> list[str]:
    """The night's cues on script ``stem``: the pseudo-steps', then each character's at a seat in turn."""
    texts = step_texts()
    script, cat = load_script(stem, default_catalogue())
    out = [p.cue(lang) for p in texts.pseudo.values()]
    for i, cid in enumerate(script.ids):
        seat = i % 15 + 1
        out.append(texts.templates.cue_step(lang, character=cat[cid].name(lang), seat=seat, name=NAMES[lang][seat - 1]))
    return out


def said_form(text: str, lang: Lang) -> str:
    """What a listener hears for ``text``: Korean in its spoken form (4번 -> 사 번) as letters (jamo, so a
    syllable heard half right counts half), English lower-case."""
    return jamo(spoken(text)) if lang == "ko" else text.lower()


def jamo(text: str) -> str:
    """Hangul syllables as their letters (NFD: 뱀 -> ㅂㅐㅁ as conjoining jamo)."""
    return unicodedata.normalize("NFD", text)


def synthetic_cue_pack(lang: Lang, scripts: Sequence[str], folder: Path, settings: VoiceSettings) -> Pack:
    """A cue pack whose takes are espeak-ng's own (labelled synthetic)."""
    pack = Pack.create(f"synthetic-cues-{lang}", lang, synthetic=True, source="espeak-ng (bench.cues)")
    for phrase in cue_phrases(lang, scripts):
        text = pronounced(spoken(phrase.text)) if lang == "ko" else phrase.text
        wav = render(text, lang, folder / "take.wav", voice=settings.voice, rate=settings.rate, volume=settings.volume)
        pcm, rate = read_wav(wav)
        pack.add(phrase, trim(resample(pcm, rate, SAMPLE_RATE)), [])
    return pack


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="bench.cues", description=__doc__.splitlines()[0])
    ap.add_argument("--langs", default="ko,en")
    ap.add_argument("--scripts", default=",".join(bundled_scripts()))
    ap.add_argument("--out", type=Path, default=RESULTS / "cues.md")
    args = ap.parse_args(argv)
    langs: list[Lang] = [lang for lang in ("ko", "en") if lang in args.langs.split(",")]
    scripts = [s for s in args.scripts.split(",") if s]
    started = time.perf_counter()
    rows: list[tuple[Lang, str, str, str, int, int, list[str]]] = []
    with tempfile.TemporaryDirectory(prefix="bench-cues-") as tmp:
        os.environ["XDG_DATA_HOME"] = str(Path(tmp) / "data")  # the synthetic packs stay out of the user's folder
        for lang in langs:
            settings = VoiceSettings(rate=170 if lang == "ko" else 175)
            cache = PromptCache(Path(tmp) / "prompts", lang, settings)
            pack = synthetic_cue_pack(lang, scripts, Path(tmp), settings)
            spliced = PackPrompts(Pack.open(pack.name), cache, Path(tmp) / f"spliced-{lang}")
            rec = load_recognizer(lang, MODELS, cache_dir=Path(tmp) / "model")
            for stem in scripts:
                night = cues(stem, lang)
                refs = [said_form(c, lang) for c in night]
                for path in ("plain", "pack"):
                    for snr in NOISE:
                        right, missed = 0, []
                        for i, cue in enumerate(night):
                            if path == "plain":
                                pcm, rate = read_wav(cache.get(cue))
                                pcm = resample(pcm, rate, SAMPLE_RATE)
                            else:
                                pcm = spliced.pcm(cue)
                            heard = rec.decode(scene(pcm, snr, seed_of(stem, cue, snr)).pcm, SAMPLE_RATE, None).text
                            said = jamo(heard) if lang == "ko" else heard
                            pick = min(range(len(night)), key=lambda j: char_error(refs[j], said))
                            if pick == i:
                                right += 1
                            else:
                                missed.append(f"{cue} -> {heard!r} ({night[pick]})")
                        cond = "clean" if snr is None else f"{snr:g} dB"
                        rows.append((lang, stem, path, cond, right, len(night), missed))
                        print(f"{lang} {stem} {path} {cond}: {right}/{len(night)}", file=sys.stderr)
    text = report(rows, time.perf_counter() - started, args)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(text.split("## Missed")[0])
    return 0


def report(rows: Sequence[tuple[Lang, str, str, str, int, int, list[str]]], seconds: float,
           args: argparse.Namespace) -> str:  # fmt: skip
    out = [
        "# A cue heard at a glance: headset cues told apart, per script",
        "",
        f"`.venv/bin/python -m bench.cues --langs {args.langs}` (bench/cues.py), {seconds / 60:.1f} min here.",
        "Each cue rendered (plain espeak-ng, or spliced from a SYNTHETIC cue pack of espeak-ng's own takes),",
        "in a room clean / 20 dB / 10 dB white noise, dictated back, identified as the script's nearest cue.",
        f"Goal: {GOAL:.0%} at 20 dB in both languages.",
        "",
        "| language | path | clean | 20 dB | 10 dB |",
        "| --- | --- | --- | --- | --- |",
    ]
    for lang in dict.fromkeys(r[0] for r in rows):
        for path in ("plain", "pack"):
            cells = []
            for cond in ("clean", "20 dB", "10 dB"):
                got = [r for r in rows if r[0] == lang and r[2] == path and r[3] == cond]
                right, total = sum(r[4] for r in got), sum(r[5] for r in got)
                cells.append(f"{right}/{total} ({right / max(total, 1):.1%})")
            out.append(f"| {lang} | {path} | {' | '.join(cells)} |")
    out += ["", "| language | script | path | clean | 20 dB | 10 dB |", "| --- | --- | --- | --- | --- | --- |"]
    for lang, stem in dict.fromkeys((r[0], r[1]) for r in rows):
        for path in ("plain", "pack"):
            by = {r[3]: r for r in rows if r[0] == lang and r[1] == stem and r[2] == path}
            cells = [f"{by[c][4]}/{by[c][5]}" if c in by else "-" for c in ("clean", "20 dB", "10 dB")]
            out.append(f"| {lang} | {stem} | {path} | {' | '.join(cells)} |")
    out += ["", "## Missed (20 dB)", ""]
    for lang, stem, path, cond, _, _, missed in rows:
        if cond == "20 dB":
            out += [f"- {lang} {stem} {path}: {m}" for m in missed]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    sys.exit(main())
