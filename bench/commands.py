"""Pick one phrasing per command (next, back, repeat, yes, no) for a small closed grammar.

    .venv/bin/python -m bench.commands --lang ko

Coordinate ascent: start from a seed set, then for each command try every candidate with the
other four fixed, keep the best (ties keep the current one); two sweeps. The grammar is the five
command phrases only; a hit is the raw decoder text equal to the spoken phrase.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from bench.common import MODELS, RESULTS, Speaker, conditions
from moderator.voice import Recognizer, load_recognizer

CANDIDATES = {
    "ko": {
        "next": ["완료", "다음", "넘어가", "계속", "다음 단계", "끝"],
        "back": ["취소", "뒤로", "이전", "되돌리기", "되돌려", "실행 취소", "돌아가"],
        "repeat": ["다시", "반복", "다시 말해", "다시 한번", "한번 더"],
        "yes": ["예", "네", "응", "맞아", "그래", "좋아요"],
        "no": ["아니요", "아니", "아니오", "아니야", "틀려"],
    },
    "en": {
        "next": ["next", "done", "continue", "skip", "go on"],
        "back": ["back", "undo", "cancel", "previous", "go back"],
        "repeat": ["repeat", "again", "say again", "repeat that"],
        "yes": ["yes", "yeah", "yep", "correct", "affirmative"],
        "no": ["no", "nope", "negative", "wrong"],
    },
}
SEED = {"ko": ["완료", "취소", "다시", "예", "아니요"], "en": ["next", "undo", "repeat", "yes", "no"]}


def accuracy(rec: Recognizer, speaker: Speaker, grammar: Sequence[str]) -> tuple[float, dict[str, float]]:
    conds = conditions(speaker.lang)
    per: dict[str, float] = {}
    for phrase in grammar:
        hits = sum(rec.decode(speaker.pcm(phrase, c), 16_000, grammar).text == phrase for c in conds)
        per[phrase] = hits / len(conds)
    return sum(per.values()) / len(per), per


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lang", choices=["ko", "en"], default="ko")
    ap.add_argument("--sweeps", type=int, default=2)
    args = ap.parse_args(argv)
    rec = load_recognizer(args.lang, MODELS)
    speaker = Speaker(args.lang)
    classes = list(CANDIDATES[args.lang])
    current = list(SEED[args.lang])
    seed_acc, seed_per = accuracy(rec, speaker, current)
    lines = [
        f"# Command set search, {args.lang} ({rec.engine})",
        "",
        f"Seed {current}: {seed_acc:.1%} " + str({k: f"{v:.0%}" for k, v in seed_per.items()}),
        "",
        "| sweep | command | candidate | set accuracy | candidate's own accuracy |",
        "| --- | --- | --- | --- | --- |",
    ]
    best_acc = seed_acc
    for sweep in range(1, args.sweeps + 1):
        for i, cls in enumerate(classes):
            for cand in CANDIDATES[args.lang][cls]:
                if cand in current[:i] + current[i + 1 :]:
                    continue
                trial = [*current[:i], cand, *current[i + 1 :]]
                acc, per = accuracy(rec, speaker, trial)
                lines.append(f"| {sweep} | {cls} | {cand} | {acc:.1%} | {per[cand]:.0%} |")
                print(lines[-1], file=sys.stderr, flush=True)
                if acc > best_acc + 1e-9:
                    best_acc, current = acc, trial
    final_acc, final_per = accuracy(rec, speaker, current)
    lines += ["", f"**Best set {current}: {final_acc:.1%}** " + str({k: f"{v:.0%}" for k, v in final_per.items()})]
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"commands-{args.lang}.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(lines[-1], file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
