"""The storyteller's hand by voice: the word that opens an edit, and the edits themselves.

    .venv/bin/python -m bench.edits [--langs ko,en] [--half choose|report] [--voices 8]

- **The edit word.** Each candidate ("고치기", "수정", "편집", … / "edit", "change", …) said at a seat step,
  where the grammar holds the step's answers, a death, skip, help and that word: how often it is heard
  as itself (the word that opens an edit), heard as something else, or rejected. The word is chosen on
  the ``choose`` half of espeak-ng's voices; the ``report`` half measures it.
- **The edits.** A sample of every kind of edit, said after the edit word, in the edit grammar
  (``moderator.clocktower.voice.EDITING``): right (read back with the right meaning), read back
  wrong (a "no" leaves the grimoire as it was), rejected. An edit is never carried out unread.

Voices and halves as bench.heldout (140 and 190 wpm, clean). Results: bench/results/edits-<lang>.md.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path
from typing import Any

from bench.heldout import RATES, all_voices, halves
from bench.voicebench import cut, key_of, new_loop, scene, seed_of
from moderator.clocktower.voice import ANY_STEP, EDITING
from moderator.commands.parse import Parser
from moderator.commands.phrases import Intent
from moderator.config import Config
from moderator.i18n import Lang
from moderator.voice.app import recognizer_for
from moderator.voice.audio import read_wav
from moderator.voice.loop import VoiceLoop
from moderator.voice.tts import render

CANDIDATES: dict[Lang, list[str]] = {
    "ko": ["고치기", "수정", "편집", "변경", "마도서 수정"],
    "en": ["edit", "change", "correction", "fix"],
}

EDITS: dict[Lang, list[str]] = {
    "ko": ["자리 셋 부활", "자리 넷 사망", "자리 둘 캐릭터 임프", "자리 하나 선", "자리 하나 자리 둘 교환",
           "자리 넷 중독", "자리 넷 만취", "자리 넷 정상", "자리 다섯 능력 소진", "자리 다섯 능력 복구",
           "자리 여섯 유령 투표 없음", "자리 여섯 떠남", "새벽 깨우기", "미망인 단계로 되돌리기", "마도서"],
    "en": ["seat three revives", "seat four dies", "seat two is the imp", "seat one is good",
           "swap seat one and seat two", "seat four is poisoned", "seat four is drunk", "seat four is sober",
           "seat five has used their ability", "seat five has their ability", "seat six has no ghost vote",
           "seat six leaves", "go to dawn", "back to widow", "night sheet"],
}  # fmt: skip


def heard(loop: VoiceLoop, pcm: bytes, allowed: tuple[Intent, ...]) -> tuple[str, object]:
    """What the loop makes of one spoken item: ``right`` / ``wrong`` / ``rejected``, and its meaning."""
    for u in cut(pcm).utterances:
        h = loop.hear(u, allowed)
        if h.command is not None and h.verdict(0.5) != "reject":
            return "heard", key_of(h.command)
    return "rejected", None


def with_word(loop: VoiceLoop, lang: Lang, word: str) -> None:
    """The loop listening for ``word`` as the edit word (typed and spoken), its grammars made anew."""
    session: Any = loop.session
    data = session.parser.data
    assert data.voice is not None
    voice = data.voice.model_copy(update={"intents": {**data.voice.intents, "edit": [word]}})
    changed = data.model_copy(update={"intents": {**data.intents, "edit": [word]}, "voice": voice})
    session.parser = Parser(lang, session.parser.vocab, changed)
    loop._grammars.clear()
    loop._meanings.clear()


def said(loop: VoiceLoop, text: str, allowed: tuple[Intent, ...]) -> object:
    return key_of(loop.session.parse(loop.forms.written_form(text), allowed))


def bench(lang: Lang, voices: list[str], out: Path) -> list[str]:
    rec = recognizer_for(lang, Config())
    loop = new_loop(lang, rec, 0.5)
    step: tuple[Intent, ...] = ("seat", "no", *ANY_STEP)
    rows = [f"# bench.edits, {lang}: voices {', '.join(voices)} at {', '.join(map(str, RATES))} wpm, clean", ""]
    rows += ["| edit word | right | wrong | rejected |", "|---|---|---|---|"]
    with tempfile.TemporaryDirectory() as tmp:
        for word in CANDIDATES[lang]:
            with_word(loop, lang, word)
            tally = {"right": 0, "wrong": 0, "rejected": 0}
            want: object = ("edit", (), None, None)
            for voice in voices:
                for rate in RATES:
                    pcm = read_wav(render(word, lang, Path(tmp) / "w.wav", voice=voice, rate=rate))[0]
                    kind, meaning = heard(loop, scene(pcm, None, seed_of(word, voice, rate)).pcm, step)
                    tally["rejected" if kind == "rejected" else ("right" if meaning == want else "wrong")] += 1
            n = sum(tally.values())
            rows.append(f"| {word} | {tally['right']}/{n} | {tally['wrong']}/{n} | {tally['rejected']}/{n} |")
        with_word(loop, lang, CANDIDATES[lang][0])
        rows += ["", "| edit | right (read back) | read back wrong | rejected |", "|---|---|---|---|"]
        total = {"right": 0, "wrong": 0, "rejected": 0}
        for text in EDITS[lang]:
            want = said(loop, text, EDITING)  # the meaning the sentence has when typed
            tally = {"right": 0, "wrong": 0, "rejected": 0}
            for voice in voices:
                for rate in RATES:
                    pcm = read_wav(render(text, lang, Path(tmp) / "e.wav", voice=voice, rate=rate))[0]
                    kind, meaning = heard(loop, scene(pcm, None, seed_of(text, voice, rate)).pcm, EDITING)
                    tally["rejected" if kind == "rejected" else ("right" if meaning == want else "wrong")] += 1
            for k in total:
                total[k] += tally[k]
            n = sum(tally.values())
            rows.append(f"| {text} | {tally['right']}/{n} | {tally['wrong']}/{n} | {tally['rejected']}/{n} |")
        n = sum(total.values())
        rows.append(f"| **all** | **{total['right']}/{n}** | {total['wrong']}/{n} | {total['rejected']}/{n} |")
    out.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--langs", default="ko,en")
    ap.add_argument("--half", choices=["choose", "report"], default="report")
    ap.add_argument("--voices", type=int, default=8, help="voices drawn per language (half are used)")
    args = ap.parse_args()
    for lang in args.langs.split(","):
        voices = halves(all_voices(lang, args.voices))[args.half]
        out = Path(__file__).parent / "results" / f"edits-{lang}-{args.half}.md"
        print("\n".join(bench(lang, voices, out)))


if __name__ == "__main__":
    main()
