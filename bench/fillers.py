"""Choose the filler words of a language (data/commands/fillers.<lang>.txt): its most frequent words
(the ``wordfreq`` package's lists, installed for the bench only, never a dependency of the app), kept
when the model knows them and they are far from every word the app listens for.

    .venv/bin/pip install wordfreq
    .venv/bin/python -m bench.fillers --lang ko [--top 5000] [--keep 600] [--talk] [--prune [--prune-as-app]]

Left out: words of any sentence any step of either game can listen for (every intent, seats and numbers
0-15, every character's name in both languages and its spoken forms, Growl's words), and words that
sound close to one (Korean: within 2 jamo, or a third of the word's jamo, of a command word; English:
within 1 phone of one, by the model's dictionary); Korean words of one syllable (they chain into every
sentence of Vosk's bigram grammar: docs/benchmarks.md, "Decoys"), English words shorter than 3 phones.
``--prune``: then every filler heard in a command said by the choose half's voices is left out, again until
none is (``--prune-rounds``); ``--prune-as-app`` hears each command as bench.talk_reject does (endpointer,
``VoiceLoop.hear``) instead of decoding the whole clip, which left words the loop still heard in commands
(English: bench/results/talk-reject-en.md).
"""

from __future__ import annotations

import argparse
import functools
import textwrap
from pathlib import Path
from typing import Any

from moderator.clocktower.frontend import any_game_parser
from moderator.commands.parse import normalise
from moderator.commands.phrases import phrases
from moderator.config import Config
from moderator.i18n import Lang
from moderator.voice.app import recognizer_for
from moderator.voice.names import SpokenForms, spoken_names
from moderator.voice.reject import edit_distance

OUT = Path(__file__).resolve().parents[1] / "data" / "commands"
HEADER = """\
# Filler words of {lang_name} (moderator/voice/names.py `fillers`), one a line, in their sources' order.
# Sources: {sources}. Kept: words the {model} model knows, far from every word the app listens for, \
and (pruned) never heard in a command said by the choose half's voices of bench.heldout.
# Made by `python -m bench.fillers {argv}`.
# Each step's grammar holds them as decoys: table talk is heard as talk and rejected (issue 27;
# bench/results/talk-reject-{lang}.md).
"""
WORDFREQ = ("the {n} most frequent words of wordfreq's {lang} list (https://github.com/rspeer/wordfreq, "
            "wordfreq {version}; its data is licensed CC BY-SA 4.0, and this list, derived from it, is shared "
            "under CC BY-SA 4.0 too)")  # fmt: skip
TALK = "the words of the project's own table-talk lines that mean nothing (tests/talk/{lang}.yaml)"
INTERJECTIONS = ("the interjections among wordfreq's {n} most frequent words (a whole word that kiwipiepy {version} "
                 "tags IC, a 감탄사: 으악, 에휴, 글쎄)")  # fmt: skip


def jamo(word: str) -> list[str]:
    """Hangul syllables split into their jamo (other characters as they are)."""
    out: list[str] = []
    for ch in word:
        code = ord(ch) - 0xAC00
        if 0 <= code < 11172:
            out += [chr(0x1100 + code // 588), chr(0x1161 + code % 588 // 28)]
            if code % 28:
                out.append(chr(0x11A7 + code % 28))
        else:
            out.append(ch)
    return out


def talk_words(lang: Lang) -> list[str]:
    """The words of the table-talk lines of tests/talk (not its held-out set) that mean no command."""
    from bench.talk import HERE, load

    lines = [str(i["line"]) for i in load(lang, HERE)[0] if i.get("means") is None and i.get("kind") != "typo"]
    return list(dict.fromkeys(w for line in lines for w in normalise(line).split()))


@functools.cache
def interjections(n: int) -> tuple[str, ...]:
    """Korean: the interjections (감탄사) among wordfreq's ``n`` most frequent words, as kiwipiepy's
    tagger reads a word alone: one morpheme, tagged IC. Exclamations ("으악", "진심?") were most of the
    outside talk set's talk acted on (bench/results/talk-outside.md). Cached: tagging 50,000 words takes
    seconds, and bench.verify_words asks twice."""
    import wordfreq
    from kiwipiepy import Kiwi

    kiwi = Kiwi()
    out = []
    for w in wordfreq.top_n_list("ko", n):
        tokens = kiwi.tokenize(w)
        if len(tokens) == 1 and tokens[0].tag == "IC" and tokens[0].form == w:
            out.append(w)
    return tuple(out)


def _parses(parser: Any, word: str, intents: list[Any]) -> bool:
    try:
        return parser.parse(word, intents) is not None
    except ValueError:  # NotUnderstood, Ambiguous, IllegalChoice
        return False


def command_words(lang: Lang, wordfreq_words: list[str]) -> set[str]:
    """Every word of every sentence either game listens for in ``lang``, and each of ``wordfreq_words``
    that either game's typed phrases read as a command."""
    parser = any_game_parser(lang)
    voice = phrases(lang).voice
    intents = list(voice.intents) if voice else []
    sentences = parser.sentences(intents, numbers=range(0, 16))
    sentences = SpokenForms(spoken_names(lang)).expand(sentences)
    extra: list[str] = []
    if voice:
        extra += [w for forms in voice.calibrate.values() for w in forms] + list(voice.calibrate_words)
        extra += [w for forms in voice.numbers.values() for w in forms] + list(voice.nobody) + list(voice.decoys)
    from moderator.commands.parse import Parser, Vocabulary
    from moderator.growl.data import default_data
    from moderator.growl.words import card_names, growl_phrases

    data = default_data()
    growl = Parser(lang, Vocabulary(seats=list(range(1, 16)), characters=card_names(data), max_number=20),
                   growl_phrases(lang, data))  # fmt: skip
    g_voice = growl.data.voice
    sentences += growl.sentences(list(g_voice.intents) if g_voice else list(growl.data.intents), numbers=range(0, 21))
    for parser_ in (parser, growl):  # a word the typed phrases read as a command somewhere ("그럼": yes)
        every = list(parser_.data.intents)
        extra += [w for w in wordfreq_words if _parses(parser_, w, every)]
    words = {w for s in [*sentences, *extra] for w in normalise(s).split()}
    words |= {normalise(s).replace(" ", "") for s in sentences}
    return words


def prune(
    rec: Any,
    lang: Lang,
    candidates: list[str],
    n_voices: int,
    rounds: int = 4,
    as_app: bool = False,
    noise: tuple[float | None, ...] = (None, 10.0),
) -> list[str]:
    """``candidates`` less every filler the recognizer heard in a command: each step kind's sentences
    (bench.talk_reject.STEPS) said by ``n_voices`` voices of bench.heldout's choose half at both rates,
    clean and at the SNRs of ``noise`` (dB; None: clean), decoded in the step's grammar with the fillers
    (weighted as the app weighs them); repeated until no filler is heard in a command (at most ``rounds``
    times). ``as_app``: each utterance as the app hears it (cut by the endpointer, ``VoiceLoop.hear``, the
    fillers left as the step's decoys), not the whole clip decoded in the grammar: what bench.talk_reject
    measures. The grammar is the one the app would build (``sphinx.FILLER_RUN``: ``--filler-run``)."""
    from bench.common import Condition
    from bench.heldout import RATES, all_voices, halves
    from bench.talk_reject import STEPS, step_sentences, with_fillers
    from bench.voicebench import Corpus, cut, new_loop, scene, seed_of
    from moderator.config import confirm_below
    from moderator.voice.audio import SAMPLE_RATE

    loop = with_fillers(new_loop(lang, rec, confirm_below(Config(), lang)), 0)
    sentences = {s: [i.text for i in step_sentences(loop, s)] for s in STEPS}
    corpus = Corpus(lang)
    conds = [Condition(v, r) for v in halves(all_voices(lang, 16))["choose"][:n_voices] for r in RATES]
    pcms = [(s, text, scene(corpus.clean(text, c), k, seed_of(text, c.label, k)).pcm)
            for s in STEPS for text in sentences[s] for c in conds for k in noise]  # fmt: skip
    kept = list(candidates)
    for r in range(rounds):
        rec.fillers = frozenset(kept)
        heard: dict[str, list[str]] = {}
        if as_app:
            voice = phrases(lang).voice
            loop.decoys = list(dict.fromkeys([*(normalise(d) for d in (voice.decoys if voice else ())), *kept]))
            loop._grammars.clear()
            loop._decoys_in.clear()
        for s, text, pcm in pcms:
            if as_app:
                said = [loop.hear(u, STEPS[s]).result.text for u in cut(pcm).utterances]
            else:
                said = [rec.decode(pcm, SAMPLE_RATE, [*sentences[s], *kept]).text]
            for w in normalise(" ".join(said)).split():
                if w in rec.fillers:
                    heard.setdefault(w, []).append(text)
        print(
            f"round {r + 1}: {len(heard)} of {len(kept)} fillers heard in commands: "
            + ", ".join(f"{w} ({'/'.join(sorted(set(t))[:3])})" for w, t in sorted(heard.items())),
            flush=True,
        )
        if not heard:
            break
        kept = [w for w in kept if w not in heard]
    return kept


def main() -> None:
    try:
        import wordfreq
    except ImportError:
        raise SystemExit("bench/fillers needs wordfreq: pip install -e '.[bench]'") from None

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--lang", choices=["ko", "en"], default="ko")
    ap.add_argument("--top", type=int, default=5000, help="look at this many of wordfreq's most frequent words")
    ap.add_argument("--keep", type=int, default=600, help="write at most this many")
    ap.add_argument(
        "--prune",
        action="store_true",
        help="then leave out every filler heard in a command said by the choose half's voices",
    )
    ap.add_argument("--talk", action="store_true",
                    help="first the words of tests/talk's lines that mean nothing (the choose half's talk)")
    ap.add_argument("--interjections", type=int, default=0,
                    help="Korean: then the interjections among wordfreq's N most frequent words (kiwipiepy, "
                    "bench only), kept past --keep")
    ap.add_argument("--prune-voices", type=int, default=8, help="that many voices of the choose half")
    ap.add_argument("--prune-as-app", action="store_true",
                    help="prune on what the app hears (endpointer, VoiceLoop.hear), not the whole clip decoded")
    ap.add_argument("--prune-rounds", type=int, default=4,
                    help="prune again (with the fillers left) until none is heard in a command, at most this often")
    ap.add_argument("--prune-noise", default="clean,10",
                    help="prune on the commands at these SNRs (dB, comma-separated; clean: no noise)")
    ap.add_argument("--filler-run", type=int, choices=[1, 2],
                    help="pocketsphinx: prune against grammars holding up to this many fillers in a row "
                    "(sphinx.FILLER_RUN)")
    args = ap.parse_args()
    lang: Lang = args.lang
    if args.filler_run is not None:
        from moderator.voice import sphinx

        sphinx.FILLER_RUN = args.filler_run
    noise = tuple(None if x == "clean" else float(x) for x in args.prune_noise.split(","))
    rec = recognizer_for(lang, Config())
    top = wordfreq.top_n_list(lang, args.top)
    if args.talk:
        top = [*talk_words(lang), *top]
    extra = interjections(args.interjections) if lang == "ko" and args.interjections else []
    commands = command_words(lang, [*top, *extra])
    kept: list[str] = []
    if lang == "ko":
        near = [jamo(w) for w in commands]

        def far(w: str) -> bool:
            if len(w) < 2 or not all("\uac00" <= ch <= "\ud7a3" for ch in w) or w in commands or not rec.has_word(w):
                return False
            j = jamo(w)
            return not any(edit_distance(j, c) <= max(2, len(j) // 3) for c in near if abs(len(c) - len(j)) <= 2)

        for w in top:
            if far(w):
                kept.append(w)
                if len(kept) >= args.keep:
                    break
        kept += [w for w in extra if far(w) and w not in kept]
    else:
        from moderator.voice.sphinx import PocketsphinxRecognizer

        assert isinstance(rec, PocketsphinxRecognizer), "English fillers are chosen by pocketsphinx's dictionary"
        pron = rec._pronunciations
        sounds = [s.split() for w in commands if rec.has_word(w) for s in pron(w)]
        for w in top:
            if not w.isalpha() or w in commands or not rec.has_word(w):
                continue
            mine = [p.split() for p in pron(w)]
            if min(len(p) for p in mine) < 3:
                continue
            if any(edit_distance(p, s) <= 1 for p in mine for s in sounds if abs(len(p) - len(s)) <= 1):
                continue
            kept.append(w)
            if len(kept) >= args.keep:
                break
    kept = list(dict.fromkeys(kept))  # a word of the talk lines may be among wordfreq's too
    if args.prune:
        kept = prune(rec, lang, kept, args.prune_voices, args.prune_rounds, args.prune_as_app, noise)
    name = {"ko": "Korean", "en": "English"}[lang]
    import sys
    from importlib.metadata import version

    sources = ([TALK.format(lang=lang)] if args.talk else []) + [
        WORDFREQ.format(n=args.top, lang=lang, version=version("wordfreq"))]
    if extra:
        sources.append(INTERJECTIONS.format(n=args.interjections, version=version("kiwipiepy")))
    header = HEADER.format(lang_name=name, lang=lang, sources="; then ".join(sources), model=rec.model_name,
                           argv=" ".join(sys.argv[1:]))  # fmt: skip
    header = "\n".join(textwrap.fill(p, 110, initial_indent="# ", subsequent_indent="# ")
                        for p in header.replace("# ", "").split("\n") if p) + "\n"  # fmt: skip
    (OUT / f"fillers.{lang}.txt").write_text(header + "\n".join(kept) + "\n", encoding="utf-8")
    print(f"{len(kept)} fillers written; first 40: {' '.join(kept[:40])}")


if __name__ == "__main__":
    main()
