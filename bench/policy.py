"""Rejection / doubt policies compared on the benchmark's own utterances (bench.run's corpus).

    .venv/bin/python -m bench.policy --lang ko|en [--snr clean,10]

Each utterance the endpointer cuts is decoded once with every pass any candidate needs (the step's
grammar, the grammar with the unknown-word / <garbage> competitor, N-best alternatives, free
dictation); each policy is then ``Recognizer.judge_passes`` over those passes, parsed and judged
as the loop does, so all policies see identical decodes. Writes bench/results/policy-<lang>.md.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, replace
from pathlib import Path

from bench.common import RESULTS
from bench.voicebench import (
    CHATTER,
    STEPS,
    Corpus,
    Tally,
    conditions,
    cut,
    items,
    new_loop,
    outcome,
    parser_of,
    real_offtopic,
    real_scene,
    real_yes_no,
    scene,
    seed_of,
)
from moderator.config import Config
from moderator.config import confirm_below as confirm_below_for
from moderator.i18n import Lang
from moderator.voice.app import recognizer_for
from moderator.voice.asr import Recognizer
from moderator.voice.audio import SAMPLE_RATE
from moderator.voice.loop import Heard
from moderator.voice.reject import RejectPolicy, normalize
from moderator.voice.result import Hypothesis

NBEST = 5


@dataclass
class Passes:
    grammar: Hypothesis
    grammar_unk: Hypothesis | None
    alternatives: list[str]
    alternatives_unk: list[str]
    dictation: Hypothesis | None
    pcm: bytes = b""


def decode_all(rec: Recognizer, pcm: bytes, phrases: list[str], dictation: bool, unk: bool) -> Passes:
    g = rec.decode(pcm, SAMPLE_RATE, phrases)
    gu = rec.decode(pcm, SAMPLE_RATE, phrases, with_unk=True) if unk else None
    alts = rec.alternatives(pcm, SAMPLE_RATE, phrases, NBEST) if normalize(g.text) not in phrases else []
    alts_u = (
        rec.alternatives(pcm, SAMPLE_RATE, phrases, NBEST, with_unk=True)
        if gu is not None and normalize(gu.text) not in phrases
        else []
    )
    d = rec.decode(pcm, SAMPLE_RATE, None) if dictation else None
    return Passes(g, gu, alts, alts_u, d, pcm)


def candidates(lang: Lang, base: RejectPolicy) -> dict[str, RejectPolicy]:
    out: dict[str, RejectPolicy] = {"current default": base}
    plain = RejectPolicy(unk_in_grammar=False)
    out["exact phrase only"] = plain
    for cover in (0.3, 0.4, 0.5):
        for rel in (0.2, 0.3):
            name = f"current default, loud speech outside the words > {cover} (loud: > {rel} of peak) reject"
            out[name] = replace(base, max_uncovered=cover, loud_rel=rel)
    if lang == "ko":
        for floor in (0.5, 0.6, 0.7, 0.8, 0.9):
            for doubt in (None, 0.9, 0.95, 0.99, 1.0):
                if doubt is not None and doubt <= floor:
                    continue
                for rescue in (0, NBEST):
                    name = f"conf<{floor} reject" + (f", <{doubt} doubtful" if doubt else "")
                    name += ", N-best rescue (doubtful)" if rescue else ""
                    out[name] = replace(plain, min_word_conf=floor, doubt_below=doubt, nbest_rescue=rescue)
    else:
        for unk in (False, True):
            tag = "<garbage> word, " if unk else ""
            out[f"{tag}exact phrase"] = replace(plain, unk_in_grammar=unk)
            if unk:
                out[f"{tag}exact phrase, <garbage> wins: doubtful"] = replace(
                    plain, unk_in_grammar=True, unk_doubtful=True
                )
            for far in (0.5, 0.75, 1.0, 1.5):
                for doubt in (None, 0.0, 0.25, 0.5):
                    if doubt is not None and doubt >= far:
                        continue
                    name = f"{tag}dictation > {far} reject" + (f", > {doubt} doubtful" if doubt is not None else "")
                    out[name] = replace(plain, unk_in_grammar=unk, dictation="distance", max_distance=far,
                                        doubt_distance=doubt)  # fmt: skip
            out[f"{tag}dictation disagrees: doubtful"] = replace(
                plain, unk_in_grammar=unk, dictation="distance", max_distance=1e9, doubt_distance=0.0
            )
    return out


def judge_with(rec: Recognizer, loop: object, p: Passes, phrases: list[str], pol: RejectPolicy,
               allowed: tuple[str, ...]) -> Heard:  # fmt: skip
    unk = pol.unk_in_grammar and p.grammar_unk is not None
    grammar = p.grammar_unk if unk and p.grammar_unk is not None else p.grammar
    alts = (p.alternatives_unk if unk else p.alternatives) if pol.nbest_rescue else []
    dictation = p.dictation if pol.needs_dictation and grammar.text.strip() else None
    if pol.needs_dictation and grammar.text.strip() and dictation is None:
        raise ValueError("policy needs dictation but it was not decoded")
    without_unk = p.grammar if unk and pol.unk_doubtful else None
    result = rec.judge_passes(grammar, phrases, pol, alts, dictation, without_unk, pol.uncovered(p.pcm, grammar.words))
    confidence = min(result.confidences, default=0.0)
    if result.rejected or result.phrase is None:
        return Heard(result, None, confidence)
    from moderator.errors import Ambiguous, NotUnderstood

    try:
        command = parser_of(loop).parse(result.phrase, allowed)  # type: ignore[arg-type]
    except (NotUnderstood, Ambiguous):
        command = None
    return Heard(result, command, confidence)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--lang", default="ko")
    ap.add_argument("--snr", default="clean,10")
    ap.add_argument("--no-dictation", action="store_true", help="leave out the candidates that need dictation")
    ap.add_argument("--out", default=None)
    ap.add_argument("--only", default="", help="only the candidates whose name contains this")
    args = ap.parse_args()
    lang: Lang = args.lang
    confirm_below = confirm_below_for(Config(), lang)
    snrs = [None if s == "clean" else float(s) for s in args.snr.split(",")]
    rec = recognizer_for(lang, Config())
    loop = new_loop(lang, rec, confirm_below)
    corpus = Corpus(lang)
    pols = candidates(lang, rec.policy)
    if args.only:
        pols = {name: pol for name, pol in pols.items() if args.only in name or name == "current default"}
    if args.no_dictation:
        pols = {name: pol for name, pol in pols.items() if not pol.needs_dictation}
    need_dict = any(p.needs_dictation for p in pols.values())
    need_unk = any(p.unk_in_grammar for p in pols.values()) and rec.unk is not None
    pos = {(name, snr): Tally() for name in pols for snr in snrs}
    neg = {name: Tally() for name in pols}
    syn = {name: Tally() for name in pols}
    yn = {name: Tally() for name in pols}

    def run(pcms: list[bytes], allowed: tuple[str, ...]) -> dict[str, list[Heard]]:
        phrases = [normalize(s) for s in loop.grammar(allowed)]  # type: ignore[arg-type]
        passes = [decode_all(rec, u, phrases, need_dict, need_unk) for u in pcms]
        return {name: [judge_with(rec, loop, p, phrases, pol, allowed) for p in passes] for name, pol in pols.items()}

    cuts: dict[tuple[str, str, float | None], list[bytes]] = {}
    for cond in conditions(lang):
        for snr in snrs:
            for step, allowed in STEPS.items():
                for item in items(loop, step):
                    key = (item.text, cond.label, snr)
                    if key not in cuts:
                        cuts[key] = cut(scene(corpus.clean(item.text, cond), snr, seed_of(*key)).pcm).utterances
                    for name, heards in run(cuts[key], allowed).items():
                        pos[(name, snr)].add(outcome(heards, confirm_below), item.expected, f"{item.text} {cond.label}")
        print(cond.label, flush=True)
    offs = [real_scene(f, seed_of(f.name)) for f in real_offtopic(lang)]
    chat = [scene(corpus.clean(t, conditions(lang)[0]), None, seed_of(t)) for t in CHATTER[lang]]
    for step, allowed in STEPS.items():
        for sc, f in zip(offs, real_offtopic(lang), strict=True):
            for name, heards in run(cut(sc.pcm).utterances, allowed).items():
                neg[name].add(outcome(heards, confirm_below), None, f"{f.name} ({step})")
        for sc, t in zip(chat, CHATTER[lang], strict=True):
            for name, heards in run(cut(sc.pcm).utterances, allowed).items():
                syn[name].add(outcome(heards, confirm_below), None, t)
    for path, word in real_yes_no(lang):
        for name, heards in run(cut(real_scene(path, seed_of(path.name)).pcm).utterances, STEPS["yesno"]).items():
            yn[name].add(outcome(heards, confirm_below), (word, (), None, None), path.name)
    cols = " | ".join(f"{'clean' if s is None else f'{s:g} dB'}: right / read back wrong / silent wrong" for s in snrs)
    lines = [
        f"# Policies, {lang} ({rec.engine}): bench.run's corpus, every step kind",
        "",
        "Made by `.venv/bin/python -m bench.policy --lang " + lang + "`. Off-topic: real recordings x 4 step grammars "
        "(rejected / read back / silent wrong); chatter: synthetic sentences x 4 step grammars.",
        "",
        f"| policy | {cols} | real off-topic | chatter rejected | real yes/no right |",
        "| --- | " + " | ".join("---" for _ in snrs) + " | --- | --- | --- |",
    ]
    for name in pols:
        cells = []
        for snr in snrs:
            tp = pos[(name, snr)]
            cells.append(f"{100 * tp.right / max(1, tp.total):.1f}% / {tp.read_back_wrong} / {tp.silent_wrong}")
        off_t = neg[name]
        lines.append(
            f"| {name} | {' | '.join(cells)} | "
            f"{off_t.rejected}/{off_t.total} / {off_t.read_back_wrong} / {off_t.silent_wrong} | "
            f"{syn[name].rejected}/{syn[name].total} | {yn[name].right}/{yn[name].total} |"
        )
    out = Path(args.out) if args.out else RESULTS / f"policy-{lang}.md"
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))
    print(f"written: {out}")


if __name__ == "__main__":
    main()
