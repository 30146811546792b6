"""A cue heard at a glance: is each headset cue (``[tts] detail = "cue"``) told apart from the others of
its script, by a listener who knows the night?

    .venv/bin/python -m bench.cues [--langs ko,en] [--scripts twelve,...] [--pack NAME] [--out FILE]

For each bundled script and language, the night's cues: the pseudo-steps' ("밤이 됩니다.", "Minion info.")
and one per character of the script ("뱀 조련사, 4번 민수.", the characters seated in turn, 15 seats, the
players named as config.toml's Korean names or English ones). Each cue is rendered two ways:

- **plain**: espeak-ng, the app's path without a voice pack (``PromptCache``);
- **pack**: spliced from a SYNTHETIC cue pack (``voice-pack record --cues``'s phrases, each take espeak-ng's
  own, trimmed as a recorded take): it measures what splicing does to the same voice; a person's pack is
  their voice, not this.

Each is put in a room, clean and with white noise at 20 and 10 dB SNR (bench.voicebench.scene), and
heard by two machine listeners who know the night, both the language's model (Vosk Korean / pocketsphinx
en-us); right when the cue picked is the cue said:

- **dictation**: free dictation, then the script's cue nearest to what was heard (character error rate
  against each cue's spoken form);
- **closed set**: the listener chooses among the script's cues, as in a closed-set intelligibility test
  (the listener is given the candidates, as in a rhyme test): the model decodes the audio in a grammar
  of the cues' spoken forms (:func:`closed_set`), and the first of its N best that is a cue's form
  (Vosk), or the cue nearest the decoded words, is the pick. Chance is one in the script's cues.

Nothing is chosen on this: the cue wording was written before it ran.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import time
import unicodedata
from collections.abc import Callable, Sequence
from pathlib import Path

from bench.common import MODELS, RESULTS
from bench.voicebench import scene, seed_of
from moderator.clocktower.rules.loader import default_catalogue
from moderator.clocktower.rules.scripts import bundled_scripts, load_script
from moderator.clocktower.rules.texts import step_texts
from moderator.commands.parse import normalise
from moderator.commands.phrases import phrases
from moderator.i18n import Lang
from moderator.korean import pronounced, spoken
from moderator.phrasebook import cue_phrases
from moderator.voice import load_recognizer, read_wav, render
from moderator.voice.asr import Recognizer
from moderator.voice.audio import SAMPLE_RATE, resample
from moderator.voice.names import spoken_forms, spoken_names
from moderator.voice.pack import Pack, PackError, PackPrompts, char_error, trim
from moderator.voice.reject import edit_distance
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


def known_words(word: str, has_word: Callable[[str], bool], *, split: bool = True) -> list[str]:
    """``word`` as words the model knows: itself, else (``split``) split where both sides are known
    (Korean's vocabulary is morpheme-like: 새벽입니다 -> 새벽 입니다); [] when it cannot be."""
    if has_word(word):
        return [word]
    for i in range(len(word) - 1, 0, -1) if split else ():
        if has_word(word[:i]) and (rest := known_words(word[i:], has_word)):
            return [word[:i], *rest]
    return []


def cue_forms(cue: str, lang: Lang, rec: Recognizer) -> list[str]:
    """The sentences a closed-set listener listens for as ``cue``: each part between commas in its spoken
    form (4번 -> 사 번, seat 4 -> seat four), a name by its spoken forms (voice.names), a word the model
    lacks split into known words (Korean) or left out (the players' names, mostly)."""
    numbers = phrases(lang).numbers
    aliases = spoken_names(lang)
    forms = [""]
    for part in cue.rstrip(".").split(","):
        said = spoken(part) if lang == "ko" else re.sub(r"\d+", lambda m: numbers[int(m.group())][0], part)
        said = normalise(said)
        options = spoken_forms(said, aliases, rec.has_word) or [
            " ".join(w for word in said.split() for w in known_words(word, rec.has_word, split=lang == "ko"))]
        forms = [f"{f} {o}".strip() for f in forms for o in options if o]
    return [f for f in forms if f]


def closed_set(night: Sequence[str], lang: Lang, rec: Recognizer) -> Callable[[bytes], int | None]:
    """The closed-set listener of ``night``: audio -> the index of the cue it picks (None: nothing heard)."""
    table: dict[str, int] = {}
    for i, cue in enumerate(night):
        for form in cue_forms(cue, lang, rec):
            table.setdefault(form, i)
    grammar = list(table)

    def pick(pcm: bytes) -> int | None:
        legal = [a for a in rec.alternatives(pcm, SAMPLE_RATE, grammar, 20) if a in table]
        if legal:
            return table[legal[0]]
        heard = normalise(rec.decode(pcm, SAMPLE_RATE, grammar).text).split()
        if not heard:
            return None
        return table[min(grammar, key=lambda f: edit_distance(f.split(), heard))]

    return pick


def synthetic_cue_pack(lang: Lang, scripts: Sequence[str], folder: Path, settings: VoiceSettings) -> Pack:
    """A cue pack whose takes are espeak-ng's own (labelled synthetic)."""
    pack = Pack.create(f"synthetic-cues-{lang}", lang, synthetic=True, source="espeak-ng (bench.cues)")
    for phrase in cue_phrases(lang, scripts):
        text = pronounced(spoken(phrase.text)) if lang == "ko" else phrase.text
        wav = render(text, lang, folder / "take.wav", voice=settings.voice, rate=settings.rate, volume=settings.volume)
        pcm, rate = read_wav(wav)
        pack.add(phrase, trim(resample(pcm, rate, SAMPLE_RATE)), [])
    return pack


LISTENERS = ("dictation", "closed set")
Row = tuple[Lang, str, str, str, str, int, int, list[str]]
"""language, script, path, listener, condition, right, cues, the misses."""


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="bench.cues", description=__doc__.splitlines()[0])
    ap.add_argument("--langs", default="ko,en")
    ap.add_argument("--scripts", default=",".join(bundled_scripts()))
    ap.add_argument("--out", type=Path, help="default: bench/results/cues-<langs>.md")
    ap.add_argument("--pack", help="a person's cue pack (`moderator voice-pack record --cues`) to measure as the "
                    "pack path, instead of the synthetic one (one language: --langs)")
    args = ap.parse_args(argv)
    langs: list[Lang] = [lang for lang in ("ko", "en") if lang in args.langs.split(",")]
    scripts = [s for s in args.scripts.split(",") if s]
    started = time.perf_counter()
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="bench-cues-") as tmp:
        try:
            own = Pack.open(args.pack) if args.pack else None  # from the user's folder, before it is moved aside
        except PackError as exc:
            raise SystemExit(f"bench.cues: {exc}") from None
        os.environ["XDG_DATA_HOME"] = str(Path(tmp) / "data")  # the synthetic packs stay out of the user's folder
        for lang in langs:
            settings = VoiceSettings(rate=170 if lang == "ko" else 175)
            cache = PromptCache(Path(tmp) / "prompts", lang, settings)
            pack = own or Pack.open(synthetic_cue_pack(lang, scripts, Path(tmp), settings).name)
            spliced = PackPrompts(pack, cache, Path(tmp) / f"spliced-{lang}")
            rec = load_recognizer(lang, MODELS, cache_dir=Path(tmp) / "model")
            for stem in scripts:
                night = cues(stem, lang)
                refs = [said_form(c, lang) for c in night]
                chooser = closed_set(night, lang, rec)
                for path in ("plain", "pack"):
                    for snr in NOISE:
                        right = dict.fromkeys(LISTENERS, 0)
                        missed: dict[str, list[str]] = {k: [] for k in LISTENERS}
                        for i, cue in enumerate(night):
                            if path == "plain":
                                pcm, rate = read_wav(cache.get(cue))
                                pcm = resample(pcm, rate, SAMPLE_RATE)
                            else:
                                pcm = spliced.pcm(cue)
                            room = scene(pcm, snr, seed_of(stem, cue, snr)).pcm
                            heard = rec.decode(room, SAMPLE_RATE, None).text
                            said = jamo(heard) if lang == "ko" else heard
                            picks = {"dictation": min(range(len(night)), key=lambda j: char_error(refs[j], said)),
                                     "closed set": chooser(room)}  # fmt: skip
                            for listener, pick in picks.items():
                                if pick == i:
                                    right[listener] += 1
                                else:
                                    shown = heard if listener == "dictation" else "nothing" if pick is None else ""
                                    missed[listener].append(f"{cue} -> {'' if pick is None else night[pick]}"
                                                            + (f" (heard {shown!r})" if shown else ""))  # fmt: skip
                        cond = "clean" if snr is None else f"{snr:g} dB"
                        for listener in LISTENERS:
                            rows.append((lang, stem, path, listener, cond, right[listener], len(night),
                                         missed[listener]))  # fmt: skip
                            print(f"{lang} {stem} {path} {listener} {cond}: {right[listener]}/{len(night)}",
                                  file=sys.stderr)  # fmt: skip
    text = report(rows, time.perf_counter() - started, args)
    out: Path = args.out or RESULTS / f"cues-{'-'.join(langs)}.md"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    print(text.split("## Missed")[0])
    return 0


def report(rows: Sequence[Row], seconds: float, args: argparse.Namespace) -> str:
    out = [
        "# A cue heard at a glance: headset cues told apart, per script",
        "",
        f"`.venv/bin/python -m bench.cues --langs {args.langs} --scripts {args.scripts}"
        f"{f' --pack {args.pack}' if args.pack else ''}` (bench/cues.py), "
        f"{seconds / 60:.1f} min here.",
        ("Each cue rendered (plain espeak-ng, or spliced from a SYNTHETIC cue pack of espeak-ng's own takes),"
         if not args.pack else f"Each cue rendered (plain espeak-ng, or spliced from the cue pack {args.pack!r}),"),
        "in a room clean / 20 dB / 10 dB white noise, heard by a machine listener who knows the night: free",
        "dictation then the nearest cue, or a closed-set choice among the script's cues (see bench/cues.py).",
        f"Goal: {GOAL:.0%} at 20 dB in both languages.",
        "",
        "| language | path | listener | clean | 20 dB | 10 dB |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    conds = ("clean", "20 dB", "10 dB")
    for lang in dict.fromkeys(r[0] for r in rows):
        for path in ("plain", "pack"):
            for listener in LISTENERS:
                cells = []
                for cond in conds:
                    got = [r for r in rows if (r[0], r[2], r[3], r[4]) == (lang, path, listener, cond)]
                    right, total = sum(r[5] for r in got), sum(r[6] for r in got)
                    cells.append(f"{right}/{total} ({right / max(total, 1):.1%})")
                out.append(f"| {lang} | {path} | {listener} | {' | '.join(cells)} |")
    out += ["", "| language | script | path | listener | clean | 20 dB | 10 dB |",
            "| --- | --- | --- | --- | --- | --- | --- |"]  # fmt: skip
    for lang, stem in dict.fromkeys((r[0], r[1]) for r in rows):
        for path in ("plain", "pack"):
            for listener in LISTENERS:
                by = {r[4]: r for r in rows if (r[0], r[1], r[2], r[3]) == (lang, stem, path, listener)}
                cells = [f"{by[c][5]}/{by[c][6]}" if c in by else "-" for c in conds]
                out.append(f"| {lang} | {stem} | {path} | {listener} | {' | '.join(cells)} |")
    out += ["", "## Missed (20 dB): cue -> the cue picked", ""]
    for lang, stem, path, listener, cond, _, _, missed in rows:
        if cond == "20 dB":
            out += [f"- {lang} {stem} {path} {listener}: {m}" for m in missed]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    sys.exit(main())
