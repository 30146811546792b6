"""Every character name said aloud: written name rendered by espeak-ng, recognised among every name.

For each character whose name the model can say (its words, or a spoken form in data/commands'
``voice.names``), espeak-ng says the *written* name (as a storyteller would) in 4 voices x 2 rates
in a simulated room, and the loop's recognizer hears it in one grammar holding every sayable name
of the language plus the five commands (harder than a step, which holds one script's names).
A name is verified when most renders come back as that character.

    .venv/bin/python -m bench.names --lang en [--only ravenkeeper,kazali]

Writes bench/results/names-<lang>.md.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from bench.common import RESULTS, Condition
from bench.fakes import simulate_room
from moderator.clocktower.rules.loader import default_catalogue
from moderator.commands.parse import Parser, Vocabulary, normalise
from moderator.config import Config
from moderator.i18n import Lang
from moderator.voice import read_wav, render
from moderator.voice.app import recognizer_for
from moderator.voice.names import SpokenForms, spoken_forms, spoken_names

VOICES = {"ko": ["ko", "ko+f2", "ko+m3", "ko+f4"], "en": ["gmw/en-us", "gmw/en", "gmw/en-us+f2", "gmw/en-gb-x-rp"]}
RATES = [150, 190]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lang", choices=["ko", "en"], required=True)
    ap.add_argument("--only", default="", help="character ids, comma-separated")
    args = ap.parse_args()
    lang: Lang = args.lang
    rec = recognizer_for(lang, Config())
    cat = default_catalogue()
    aliases = spoken_names(lang)
    names = {c.id: c.name(lang) for c in cat.characters.values() if spoken_forms(c.name(lang), aliases, rec.has_word)}
    parser = Parser(lang, Vocabulary(characters={normalise(n): i for i, n in names.items()}))
    forms = SpokenForms(aliases)
    grammar = [s for s in forms.expand(parser.sentences(("character",), numbers=[])) if all(
        rec.has_word(w) for w in s.split())]  # fmt: skip
    only = set(filter(None, args.only.split(",")))
    rows, tmp = [], Path(tempfile.mkdtemp())
    total = right = 0
    for cid, name in sorted(names.items()):
        if only and cid not in only:
            continue
        ok, wrong = 0, []
        for cond in (Condition(v, r) for v in VOICES[lang] for r in RATES):
            pcm, rate = read_wav(render(name, lang, tmp / "n.wav", voice=cond.voice, rate=cond.rate))
            result = rec.recognize(simulate_room(pcm, rate, seed=cond.rate), rate, grammar)
            said = forms.written_form(result.phrase) if result.phrase and not result.rejected else None
            got = _character(parser, said)
            ok += got == cid
            if got != cid:
                wrong.append(f"{cond.label}: {said or '(' + result.text + ')'}")
        total, right = total + 8, right + ok
        via = ", ".join(f for f in spoken_forms(name, aliases, rec.has_word) if f != normalise(name)) or "-"
        rows.append(f"| {cid} | {name} | {via} | {ok}/8 | {'; '.join(wrong[:3])} |")
        print(rows[-1], flush=True)
    head = [f"# Names said aloud ({lang})", "", f"Made by `python -m bench.names --lang {lang}`. Grammar: "
            f"{len(grammar)} sentences (every sayable name and the commands). Right: {right}/{total}.", "",
            "| id | written | spoken form | right | misheard (first 3) |",
            "| --- | --- | --- | --- | --- |"]  # fmt: skip
    if not only:
        (RESULTS / f"names-{lang}.md").write_text("\n".join([*head, *rows]) + "\n", encoding="utf-8")
    print(f"right {right}/{total}")


def _character(parser: Parser, said: str | None) -> str | None:
    try:
        command = parser.parse(said, ("character",)) if said else None
    except ValueError:
        return None
    return command.character if command else None


if __name__ == "__main__":
    main()
