"""Real English digits through the voice loop, at the steps where a storyteller says a number.

    .venv/bin/python -m bench.digits [--out bench/results/digits-en.md]

The free spoken digit recordings (../shared/speech/en-fsdd-train: 6 speakers x 5 takes of 0-9), each
put in a room, cut by the app's endpointer and heard by ``VoiceLoop.hear`` and judged by the read-back
rules, as the game listens:

- at the **seat step** (a 7-player game): 1-7 are right only as that seat; 0, 8 and 9 are no seat of
  the game and must not be acted on (off-topic);
- at the **number step**: 1-7 must be that number (0, 8, 9 are not counted: the step's numbers);
- at the **yes/no step**: every digit is off-topic.

Counts right, silent wrong (a wrong meaning acted on with no read-back), read back wrong and rejected.

``--calibrated``: each speaker calibrates first with their takes 5 and 6 of every digit (as
`moderator doctor --calibrate` keeps the numbers: takes only, no commands), and is measured on the
takes 7-9 only; ``--takes 7,8,9`` measures the uncalibrated loop on the same takes.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from bench.calibrated import add_constant_options, apply_constant_options, calibrated, utterance
from bench.common import SPEECH
from bench.heldout import copy_last, cut_at
from bench.voicebench import STEPS, Outcome, Tally, new_loop, outcome, real_scene, seed_of
from moderator.config import Config
from moderator.config import confirm_below as confirm_below_for
from moderator.voice import listen
from moderator.voice.app import recognizer_for
from moderator.voice.loop import VoiceLoop

DIGITS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]


def fsdd() -> list[tuple[int, Path]]:
    folder = SPEECH / "en-fsdd-train"
    return [(int(p.name[0]), p) for p in sorted(folder.glob("*.wav"))] if folder.is_dir() else []


def row(name: str, t: Tally) -> str:
    return f"| {name} | {t.pct()} | **{t.silent_wrong}** | {t.read_back_wrong} | {t.rejected} |"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--out", default=str(Path(__file__).parent / "results" / "digits-en.md"))
    ap.add_argument("--early-end", action=argparse.BooleanOptionalAction, default=True,
                    help="with asr.early_end (on by default)")
    add_constant_options(ap)
    ap.add_argument("--calibrated", action="store_true", help="calibrate to each speaker on their takes 5 and 6")
    ap.add_argument("--takes", default="", help="only these takes of each digit, e.g. 7,8,9 (--calibrated: 7,8,9)")
    ap.add_argument("--speakers", default="", help="only these FSDD speakers, comma-separated (choose on some, "
                    "report on the others), e.g. george,jackson,lucas")  # fmt: skip
    ap.add_argument("--copy-last", type=float, default=0.0,
                    help="each utterance with its last seconds of kept silence copied from the block before them")
    ap.add_argument("--made-up", type=float, default=0.0,
                    help="seconds of the kept tail an early end makes up instead of waiting (listen.MADE_UP)")
    args = ap.parse_args()
    apply_constant_options(args)
    listen.MADE_UP = args.made_up
    speakers = {s.strip() for s in args.speakers.split(",") if s.strip()}
    wanted = {int(t) for t in (args.takes or ("7,8,9" if args.calibrated else "")).split(",") if t.strip()}
    rec = recognizer_for("en", Config())
    below = confirm_below_for(Config(), "en")
    base = new_loop("en", rec, below)
    base.early_end = args.early_end
    loops: dict[str, VoiceLoop] = {}
    if args.calibrated:
        said: dict[str, dict[str, list[bytes]]] = {}
        for d, path in fsdd():
            who, take = path.stem.split("_")[1], int(path.stem.split("_")[2])
            pcm = utterance(real_scene(path, seed_of(path.name)).pcm) if take in (5, 6) else None
            if pcm is not None:
                said.setdefault(who, {}).setdefault(DIGITS[d], []).append(pcm)
        loops = {who: calibrated(base, takes, rec, "en", forms={})[0] for who, takes in said.items()}
    seat, seat_off, number, yesno = Tally(), Tally(), Tally(), Tally()
    def heard(pcm: bytes, step: str, who: str) -> Outcome:
        """As the loop hears it at ``step``: cut by the endpointer (streaming as the loop does), heard, judged."""
        loop = loops.get(who, base)
        cut = cut_at(loop, pcm, step)
        if args.copy_last:  # the tail's last blocks made up from the one before
            cut = copy_last(cut, args.copy_last)
        return outcome([loop.hear(u, STEPS[step]) for u in cut], below)

    for d, path in fsdd():
        who, take = path.stem.split("_")[1], int(path.stem.split("_")[2])
        if (speakers and who not in speakers) or (wanted and take not in wanted):
            continue
        pcm = real_scene(path, seed_of(path.name)).pcm
        at_seat = heard(pcm, "seat", who)
        if 1 <= d <= 7:
            seat.add(at_seat, ("seat", (d,), None, None), path.name)
            number.add(heard(pcm, "number", who), ("number", (), d, None), path.name)
        else:
            seat_off.add(at_seat, None, path.name)
        yesno.add(heard(pcm, "yesno", who), None, path.name)
    lines = ["# Real English digits (FSDD) through the voice loop", "",
             f"Made by `.venv/bin/python -m bench.digits{'' if args.early_end else ' --no-early-end'}"
             f"{' --calibrated' if args.calibrated else ''}{' --takes ' + args.takes if args.takes else ''}"
             f"{' --speakers ' + ','.join(sorted(speakers)) if speakers else ''}`. Seat grammar: "
             f"{', '.join(base.grammar(STEPS['seat']))}. Number grammar: {', '.join(base.grammar(STEPS['number']))}.",
             "",
             "| step, digits | right (acted on or read back) | silent wrong | read back wrong | rejected |",
             "| --- | --- | --- | --- | --- |",
             row("seat, 1-7 (the seats)", seat), row("seat, 0/8/9 (off-topic)", seat_off),
             row("number, 1-7", number), row("yes/no, 0-9 (off-topic)", yesno), "",
             "Silent wrong (first 12):", ""]  # fmt: skip
    wrongs = [f"- {s}: {w}" for s, t in (("seat", seat), ("seat off", seat_off), ("number", number),
                                          ("yes/no", yesno)) for w in t.wrongs]  # fmt: skip
    lines += wrongs[:12] or ["- none"]
    text = "\n".join(lines) + "\n"
    print(text)
    Path(args.out).write_text(text, encoding="utf-8")
    print(f"written: {args.out}")


if __name__ == "__main__":
    main()
