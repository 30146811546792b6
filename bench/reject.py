"""Rejection of off-topic speech: real table chatter must be rejected, commands accepted.

    .venv/bin/python -m bench.reject --lang ko
    .venv/bin/python -m bench.reject --lang en

Negatives (must be rejected): the 30 real Korean sentences of ../shared/speech/ko-zeroth
(Zeroth-Korean, CC BY 4.0, see its SOURCES.md); for English also the non-command clips of
../shared/speech/en-speech-commands (Speech Commands, CC BY 4.0, see its SOURCES.md).
Positives (must be accepted as the right phrase): every grammar phrase spoken by espeak-ng in
all bench conditions (room simulation on); for English also the real "yes"/"no" clips.

Every utterance is decoded once with the grammar, once with grammar + unknown-word token,
once with N-best alternatives and once in free dictation; each strategy is then a function of
those passes, so all strategies see identical decodes.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from bench.common import MODELS, RESULTS, SPEECH, Speaker, conditions, need_real_speech
from moderator.voice import Hypothesis, RejectPolicy, load_recognizer, read_wav
from moderator.voice.reject import char_distance, decide, nearest_phrase, normalize

COMMANDS = {  # bench/results/commands-*.md
    "ko": ["계속", "돌아가", "다시", "맞아", "아니요"],
    "en": ["continue", "cancel", "repeat", "yes", "no"],
}
SEATS = {  # a 7-player table; bench/results/phrases-*.md
    "ko": [f"자리 {n}" for n in ["하나", "둘", "셋", "넷", "다섯", "여섯", "일곱"]],
    "en": [f"seat {n}" for n in ["one", "two", "three", "four", "five", "six", "seven"]],
}
GRAMMARS = {lang: COMMANDS[lang] + SEATS[lang] for lang in COMMANDS}
NBEST = 10


@dataclass
class Sample:
    name: str
    expected: str | None  # None = must be rejected
    grammar: Hypothesis
    grammar_unk: Hypothesis
    alternatives: list[str]
    dictation: Hypothesis


@dataclass(frozen=True)
class Strategy:
    name: str
    policy: RejectPolicy
    nearest_must_match: bool = False  # dictation's nearest legal phrase must be the grammar phrase


def strategies(has_unk: bool) -> list[Strategy]:
    out = [Strategy("grammar only (exact phrase)", RejectPolicy(unk_in_grammar=False))]
    out.append(Strategy("grammar + N-best rescue", RejectPolicy(unk_in_grammar=False, nbest_rescue=NBEST)))
    if has_unk:
        out.append(Strategy("UNK in grammar", RejectPolicy(unk_in_grammar=True)))
        out.append(Strategy("UNK + N-best rescue", RejectPolicy(unk_in_grammar=True, nbest_rescue=NBEST)))
        for t in (0.6, 0.9):
            out.append(
                Strategy(
                    f"UNK + N-best rescue + min word conf ≥ {t}",
                    RejectPolicy(unk_in_grammar=True, nbest_rescue=NBEST, min_word_conf=t),
                )
            )
    for t in (0.6, 0.8, 0.9, 0.95, 0.99):
        out.append(Strategy(f"min word conf ≥ {t}", RejectPolicy(unk_in_grammar=False, min_word_conf=t)))
        if has_unk:
            out.append(Strategy(f"UNK + min word conf ≥ {t}", RejectPolicy(unk_in_grammar=True, min_word_conf=t)))
    out.append(Strategy("dictation agrees (same text)", RejectPolicy(unk_in_grammar=False, dictation="agree")))
    for d in (0.34, 0.5, 0.67, 1.0):
        out.append(
            Strategy(
                f"dictation distance ≤ {d}", RejectPolicy(unk_in_grammar=False, dictation="distance", max_distance=d)
            )
        )
        if has_unk:
            out.append(
                Strategy(
                    f"UNK + dictation distance ≤ {d}",
                    RejectPolicy(unk_in_grammar=True, dictation="distance", max_distance=d),
                )
            )
        out.append(
            Strategy(
                f"nearest-to-dictation = grammar phrase, distance ≤ {d}",
                RejectPolicy(unk_in_grammar=False, dictation="distance", max_distance=d),
                nearest_must_match=True,
            )
        )
    return out


def evaluate(s: Strategy, sample: Sample, grammar: Sequence[str], unk: str | None) -> str | None:
    """The accepted phrase, or None when rejected."""
    p = s.policy
    hyp = sample.grammar_unk if p.unk_in_grammar else sample.grammar
    d = decide(
        hyp,
        grammar,
        policy=p,
        unk=unk if p.unk_in_grammar else None,
        dictation=sample.dictation,
        alternatives=sample.alternatives if p.nbest_rescue else (),
    )
    if d.rejected:
        return None
    if s.nearest_must_match and nearest_phrase(sample.dictation.text, grammar)[0] != d.phrase:
        return None
    return d.phrase


def short_cuts(dictation: Hypothesis, per_file: int = 3) -> list[tuple[float, float]]:
    """Non-overlapping spans of consecutive dictated words lasting 0.5-1.5 s (plus 0.15 s margins)."""
    cuts: list[tuple[float, float]] = []
    words = dictation.words
    i = 0
    while i < len(words) and len(cuts) < per_file:
        j = i
        while j + 1 < len(words) and words[j + 1].end - words[i].start <= 1.5:
            j += 1
        if words[j].end - words[i].start >= 0.5:
            cuts.append((max(0.0, words[i].start - 0.15), words[j].end + 0.15))
        i = j + 2  # skip a word so cuts do not touch
    return cuts


def main(argv: Sequence[str] | None = None) -> int:
    need_real_speech("bench.reject")
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lang", choices=["ko", "en"], default="ko")
    args = ap.parse_args(argv)
    lang = args.lang
    rec = load_recognizer(lang, MODELS)
    grammar = GRAMMARS[lang]
    rec.check_vocabulary(grammar)
    unk = rec.unk

    def passes(name: str, expected: str | None, pcm: bytes, rate: int) -> Sample:
        g = rec.decode(pcm, rate, grammar)
        gu = rec.decode(pcm, rate, grammar, with_unk=True) if unk else g
        alts = rec.alternatives(pcm, rate, grammar, NBEST) if normalize(g.text) not in grammar else []
        return Sample(name, expected, g, gu, alts, rec.decode(pcm, rate, None))

    t0 = time.perf_counter()
    negatives: list[Sample] = []
    positives: list[Sample] = []
    for wav in sorted((SPEECH / "ko-zeroth").glob("*.wav")):
        pcm, rate = read_wav(wav)
        sample = passes(f"ko-zeroth/{wav.name}", None, pcm, rate)
        negatives.append(sample)
        # the same real speech cut into short, command-length pieces
        for i, (a, b) in enumerate(short_cuts(sample.dictation)):
            cut = pcm[int(a * rate) * 2 : int(b * rate) * 2]
            negatives.append(passes(f"ko-zeroth-cut/{wav.stem}#{i} {a:.1f}-{b:.1f}s", None, cut, rate))
    if lang == "en":
        transcripts = dict(
            line.split("\t", 1) for line in (SPEECH / "en-speech-commands" / "transcripts.tsv").read_text().splitlines()
        )
        for file, text in sorted(transcripts.items()):
            pcm, rate = read_wav(SPEECH / "en-speech-commands" / file)
            expected = text.strip().lower() if text.strip().lower() in grammar else None
            (positives if expected else negatives).append(passes(f"en-speech-commands/{file}", expected, pcm, rate))
    speaker = Speaker(lang)
    for cond in conditions(lang):
        for phrase in grammar:
            positives.append(passes(f"tts {cond.label} {phrase}", phrase, speaker.pcm(phrase, cond), 16_000))
    print(
        f"decoded {len(negatives)} negatives, {len(positives)} positives in {time.perf_counter() - t0:.0f}s",
        file=sys.stderr,
    )

    n_real_neg = sum(s.name.startswith("ko-zeroth/") for s in negatives)
    n_cuts = sum(s.name.startswith("ko-zeroth-cut/") for s in negatives)
    lines = [
        f"# Rejection, {lang} ({rec.engine}, {rec.model_name})",
        "",
        f"Grammar ({len(grammar)} phrases): {' / '.join(grammar)}",
        f"Negatives: {len(negatives)} real utterances ({n_real_neg} ko-zeroth sentences, {n_cuts} short cuts of them"
        + (", plus en-speech-commands clips that are not one command" if lang == "en" else "")
        + f"). Positives: {len(positives)} (espeak-ng, {len(conditions(lang))} voice/rate conditions"
        + (", plus the real yes/no clips" if lang == "en" else "")
        + ").",
        "",
        "| strategy | long negatives rejected | short negatives rejected | commands right | seats right "
        "| positives accepted wrongly |",
        "| --- | --- | --- | --- | --- | --- |",
    ]

    def frac(xs: list[bool]) -> str:
        return f"{sum(xs)}/{len(xs)} ({sum(xs) / len(xs):.0%})" if xs else "—"

    summary: list[dict[str, object]] = []
    for s in strategies(unk is not None):
        neg = [(x, evaluate(s, x, grammar, unk) is None) for x in negatives]
        long_neg = [r for x, r in neg if "-cut/" not in x.name]
        short_neg = [r for x, r in neg if "-cut/" in x.name]
        got = [(x, evaluate(s, x, grammar, unk)) for x in positives]
        commands = [g == x.expected for x, g in got if x.expected in COMMANDS[lang]]
        seats = [g == x.expected for x, g in got if x.expected not in COMMANDS[lang]]
        wrong = sum(g is not None and g != x.expected for x, g in got)
        lines.append(
            f"| {s.name} | {frac(long_neg)} | {frac(short_neg)} | {frac(commands)} | {frac(seats)} "
            f"| {wrong}/{len(got)} |"
        )
        summary.append(
            {
                "strategy": s.name,
                "long_negatives_rejected": sum(long_neg),
                "n_long": len(long_neg),
                "short_negatives_rejected": sum(short_neg),
                "n_short": len(short_neg),
                "commands_right": sum(commands),
                "n_commands": len(commands),
                "seats_right": sum(seats),
                "n_seats": len(seats),
                "wrong": wrong,
            }
        )
        print(lines[-1], file=sys.stderr, flush=True)

    def show(x: Sample) -> str:
        dist = char_distance(x.dictation.text, x.grammar.text) if x.grammar.text else float("nan")
        return (
            f"| {x.name} | {x.grammar.text} ({x.grammar.min_conf:.2f}) | {x.grammar_unk.text} | "
            f"{x.dictation.text} | {dist:.2f} |"
        )

    lines += [
        "",
        "## Decodes of the real negatives",
        "",
        "| file | grammar (min conf) | grammar + UNK | dictation | distance |",
        "| --- | --- | --- | --- | --- |",
        *(show(x) for x in negatives),
    ]
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"reject-{lang}.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (RESULTS / f"reject-{lang}.json").write_text(json.dumps(summary, ensure_ascii=False, indent=1), encoding="utf-8")
    print(f"wrote {RESULTS}/reject-{lang}.md", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
