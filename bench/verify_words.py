"""Choose the words a ``voice.verify`` command is weighed against, and the words each command spares
(issue 27: table talk forced into a short command).

    .venv/bin/python -m bench.verify_words --lang ko --intents next,back,repeat,yes,no \
        [--interjections 50000] [--fillers 300] [--voices 8] [--rounds 4]

The candidates are common words of the language the model knows and no typed phrase reads as a command
(bench.fillers.command_words): the shipped talk list (``--shipped``), Korean's interjections among
wordfreq's most frequent words (``--interjections N``, kiwipiepy's tagger; bench only), wordfreq's
``--wordfreq N`` most frequent words of the language, and the first
``--fillers`` words of data/commands/fillers.<lang>.txt. Then every command sentence of each intent, at
the step kind where it is heard (bench.talk_reject.STEPS), is said by ``--voices`` voices of
bench.heldout's **choose half** at both rates, clean, at 20 dB and at 10 dB, cut by the app's endpointer
and heard by the loop without the check; each utterance heard as that intent is decoded again against
the candidates (``Recognizer.verify_text``). A word that wins against the command is spared for that
intent, in rounds, until none does. Nothing of the report half or of tests/talk/outside is used. Prints
the talk list (one a line, for data/commands/talk.<lang>.txt) and each intent's spared words (for
``voice.verify``).
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import cast

from bench.common import Condition
from bench.fillers import command_words, interjections
from bench.heldout import RATES, all_voices, halves
from bench.talk_reject import STEPS, step_sentences
from bench.voicebench import Corpus, cut, new_loop, scene, seed_of
from moderator.commands.phrases import Intent
from moderator.config import Config, confirm_below
from moderator.i18n import Lang
from moderator.voice import asr
from moderator.voice.app import recognizer_for
from moderator.voice.audio import SAMPLE_RATE
from moderator.voice.loop import VoiceLoop
from moderator.voice.names import fillers, talk_words
from moderator.voice.recognizer import Recognizer, phrase_won

NOISE: tuple[float | None, ...] = (None, 20.0, 10.0)


def candidates(
    lang: Lang, rec: Recognizer, n_interjections: int, n_fillers: int, shipped: bool, min_length: int = 1,
    n_wordfreq: int = 0,
) -> list[str]:
    words = list(talk_words(lang)) if shipped else []
    if n_wordfreq:
        import wordfreq

        words += wordfreq.top_n_list(lang, n_wordfreq)
    words += interjections(n_interjections) if n_interjections and lang == "ko" else []
    words += fillers(lang)[:n_fillers]
    known = [w for w in dict.fromkeys(words) if rec.has_word(w) and len(w) >= min_length]
    commands = command_words(lang, known)
    return [w for w in known if w not in commands]


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    ap.add_argument("--lang", choices=["ko", "en"], default="ko")
    ap.add_argument("--intents", default="next,back,repeat,yes,no")
    ap.add_argument("--interjections", type=int, default=50000)
    ap.add_argument("--fillers", type=int, default=0)
    ap.add_argument("--wordfreq", type=int, default=0, help="also wordfreq's this many most frequent words")
    ap.add_argument("--shipped", action="store_true", help="start from data/commands/talk.<lang>.txt")
    ap.add_argument("--min-length", type=int, default=1, help="leave out words shorter (Korean: syllables)")
    ap.add_argument("--voices", type=int, default=8)
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--out", type=Path, help="write the talk list here")
    ap.add_argument("--measure-voices", type=int, default=0,
                    help="then measure on the next this many voices of the choose half (not pruned on)")
    ap.add_argument("--weight", type=int, help="the command against each talk word (asr.VERIFY_WEIGHT)")
    args = ap.parse_args(argv)
    lang: Lang = args.lang
    if args.weight:
        asr.VERIFY_WEIGHT = args.weight
    rec = recognizer_for(lang, Config())
    loop = new_loop(lang, rec, confirm_below(Config(), lang))
    loop.verified = {}
    talk = candidates(lang, rec, args.interjections, args.fillers, args.shipped, args.min_length, args.wordfreq)
    print(f"{len(talk)} candidates: {' '.join(talk)}", flush=True)
    wanted = args.intents.split(",")
    voices = halves(all_voices(lang, 16))["choose"]
    pruned_on = voices[: args.voices]
    measured_on = voices[args.voices : args.voices + args.measure_voices]
    spared: dict[str, set[str]] = {str(i): set() for i in wanted}
    utterances = heard_commands(loop, wanted, pruned_on)
    print(f"{len(utterances)} utterances heard as the intents ({', '.join(pruned_on)})", flush=True)
    for r in range(args.rounds):
        lost = 0
        for intent, phrase, pcm, _ in utterances:
            words = [w for w in talk if w not in spared[intent]]
            said = rec.verify_text(pcm, SAMPLE_RATE, phrase, words)
            if not phrase_won(said, phrase):
                lost += 1
                won = set(said.split()) & set(words)
                spared[intent] |= won
                if not won:
                    print(f"  {intent}: {phrase!r} heard as {said!r}", flush=True)
        print(f"round {r + 1}: {lost} of {len(utterances)} commands lost; spared "
              + "; ".join(f"{i}: {' '.join(sorted(s))}" for i, s in spared.items()), flush=True)  # fmt: skip
        if not lost:
            break
    if args.out:
        args.out.write_text("".join(f"{w}\n" for w in talk), encoding="utf-8")
    for i, s in spared.items():
        print(f"    {i}: [{', '.join(sorted(s))}]")
    if measured_on:
        checked = {i: [w for w in talk if w not in spared[i]] for i in wanted}
        measure(loop, checked, measured_on, lang, rec, talk, args.interjections)
    return 0


def heard_commands(loop: VoiceLoop, wanted: list[str], voices: list[str]) -> list[tuple[str, str, bytes, float | None]]:
    """Each command sentence of ``wanted`` said by ``voices`` at both rates, clean, 20 and 10 dB, as the
    loop hears it without the check: (intent, phrase heard, utterance, noise) where it was heard as that."""
    corpus = Corpus(loop.lang)
    conds = [Condition(v, r) for v in voices for r in RATES]
    out: list[tuple[str, str, bytes, float | None]] = []
    for step, allowed in STEPS.items():
        for item in step_sentences(loop, step):
            intent = str(item.expected[0]) if isinstance(item.expected, tuple) else None
            if intent not in wanted:
                continue
            for c in conds:
                clean = corpus.clean(item.text, c)
                for k in NOISE:
                    for u in cut(scene(clean, k, seed_of(item.text, c.label, k)).pcm).utterances:
                        heard = loop.hear(u, allowed)  # a phrase of these intents is its own spoken form
                        if heard.command is not None and str(heard.command.intent) == intent and heard.result.phrase:
                            out.append((intent, heard.result.phrase, bytes(u), k))
    return out


def probe_talk(lang: Lang, rec: Recognizer, talk: list[str], n_interjections: int) -> list[str]:
    """Exclamations to measure on: Korean's interjections (wordfreq, kiwipiepy) of one syllable or unknown
    to the model (none of them a candidate with ``--min-length 2``), said as talk at the confirm and yes/no
    steps."""
    if lang != "ko" or not n_interjections:
        return []
    every = interjections(n_interjections)
    commands = command_words(lang, list(every))
    return [w for w in every if (len(w) < 2 or not rec.has_word(w)) and w not in commands]


def measure(loop: VoiceLoop, checked: dict[str, list[str]], voices: list[str], lang: Lang, rec: Recognizer,
            talk: list[str], n_interjections: int) -> None:  # fmt: skip
    """Commands lost to the check, and talk acted on with and without it, on voices not pruned on."""
    lost: dict[tuple[str, float | None], list[int]] = {}
    for intent, phrase, pcm, k in heard_commands(loop, list(checked), voices):
        tally = lost.setdefault((intent, k), [0, 0])
        tally[1] += 1
        tally[0] += not rec.verify(pcm, SAMPLE_RATE, phrase, checked[intent])
    print(f"Commands refused by the check ({', '.join(voices)}; lost / heard):")
    for k in NOISE:
        row = [f"{i} {lost.get((i, k), [0, 0])[0]}/{lost.get((i, k), [0, 0])[1]}" for i in checked]
        total = [sum(lost.get((i, k), [0, 0])[j] for i in checked) for j in (0, 1)]
        print(f"  {'clean' if k is None else f'{k:.0f} dB'}: {', '.join(row)}; all {total[0]}/{total[1]}")
    words = probe_talk(lang, rec, talk, n_interjections)
    corpus = Corpus(lang)
    bare, acted, n = Counter[str](), Counter[str](), 0
    on = list(loop.verified.items())
    for w in words:
        for c in (Condition(v, r) for v in voices for r in RATES):
            clean = corpus.clean(w, c)
            for k in (None, 20.0):
                pcm = scene(clean, k, seed_of(w, c.label, k)).pcm
                for step in ("confirm", "yesno"):
                    n += 1
                    for utter in cut(pcm).utterances:
                        loop.verified = {}
                        h = loop.hear(utter, STEPS[step])
                        if h.command is not None and h.verdict(loop.confirm_below) == "act":
                            bare[f"{w}->{h.result.phrase}"] += 1
                        loop.verified = cast(dict[Intent, list[str]], checked)  # the intents' names
                        h = loop.hear(utter, STEPS[step])
                        if h.command is not None and h.verdict(loop.confirm_below) == "act":
                            acted[f"{w}->{h.result.phrase}"] += 1
    loop.verified = dict(on)
    print(f"Exclamations of one syllable or unknown to the model ({len(words)}: {' '.join(words)}), at confirm "
          f"and yes/no, clean and 20 dB: acted on without the check {sum(bare.values())}/{n}, "
          f"with it {sum(acted.values())}/{n}")
    print(f"  with it: {', '.join(f'{k} {v}' for k, v in acted.most_common(20))}")


if __name__ == "__main__":
    raise SystemExit(main())
