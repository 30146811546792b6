"""The recording session: a reader guided through the phrases not yet in a pack, each take checked,
kept, recorded again, skipped or gone back to; the pack saved after every take."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TextIO

from moderator.voice.pack.manifest import Phrase
from moderator.voice.pack.store import Pack
from moderator.voice.pack.takes import EMPTY, check_take, levelled, trim


class TakeSource(Protocol):
    """Where takes come from: the next utterance, or None (timeout, or the input ended)."""

    def next(self, timeout: float | None = None) -> bytes | None: ...


HELP = "Enter: record · s: skip · b: back · q: stop (everything so far is kept)"
AFTER = "Enter: keep · r: record again · b: back · q: stop"


def record(
    pack: Pack,
    phrases: Sequence[Phrase],
    takes: TakeSource,
    keys: Callable[[], str | None],
    out: TextIO,
    *,
    spoken: Callable[[str], str] = lambda s: s,
    hear: Callable[[bytes], str] | None = None,
    timeout: float = 15.0,
) -> int:
    """Guide a reader through ``phrases`` not yet in ``pack``: show each one (and how to say it),
    take the next utterance, check it, keep it (trimmed, its level evened out: :func:`levelled`), record it
    again, skip it or go back. The pack is
    saved after every take, so a session stopped anywhere resumes where it stopped.

    ``keys()`` is the reader's next line (None: the input ended, which stops). Returns the number
    of takes kept in this session."""
    done = pack.taken() | set(pack.manifest.skipped)
    todo = [p for p in phrases if p.text not in done]
    total = len(phrases)
    if not todo:
        out.write(f"voice pack {pack.name}: every phrase is recorded or skipped ({len(pack.manifest.takes)} takes)\n")
        return 0
    out.write(f"voice pack {pack.name}: {total - len(todo)} of {total} done; {len(todo)} to go. {HELP}\n")
    kept = 0
    i = 0
    while 0 <= i < len(todo):
        phrase = todo[i]
        said = spoken(phrase.text)
        hint = f"   (say: {said})" if said.replace(" ", "") != phrase.text.replace(" ", "") else ""
        out.write(f"[{total - len(todo) + i + 1}/{total}] {phrase.kind}: {phrase.text}{hint}\n> ")
        out.flush()
        answer = keys()
        if answer is None or answer.strip().lower() == "q":
            break
        choice = answer.strip().lower()
        if choice == "s":
            pack.skip(phrase.text)
            out.write("skipped\n")
            i += 1
            continue
        if choice == "b":  # the phrase before, to record again (its take stays until replaced)
            i = max(0, i - 1)
            continue
        out.write("listening… read it now\n")
        out.flush()
        pcm = takes.next(timeout)
        if pcm is None:
            out.write("heard nothing: check the microphone (`moderator doctor`), then Enter to try again\n")
            continue
        pcm = trim(pcm)
        problems = check_take(pcm, said, hear(pcm) if hear is not None and pcm else None)
        for problem in problems:
            out.write(f"  warning: {problem}\n")
        if not problems:
            out.write("  ok\n")
        out.write(f"{AFTER}\n> ")
        out.flush()
        after = keys()
        decision = (after or "").strip().lower()
        if decision == "r":
            continue
        if decision == "b":
            i = max(0, i - 1)
            continue
        if problems[:1] != [EMPTY]:
            pack.add(phrase, levelled(pcm), problems)
            kept += 1
        if after is None or decision == "q":
            break
        i += 1
    left = len([p for p in phrases if p.text not in pack.taken() | set(pack.manifest.skipped)])
    out.write(f"voice pack {pack.name}: {len(pack.manifest.takes)} takes kept; {left} phrases left"
              f"{' (run the same command to go on)' if left else ''}\n")  # fmt: skip
    return kept
