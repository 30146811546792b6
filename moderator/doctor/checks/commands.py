"""A few spoken commands (next, a seat, yes), with what the recognizer made of each."""

from __future__ import annotations

import queue
from typing import TYPE_CHECKING, Any

from moderator.doctor.base import Check, Status
from moderator.doctor.listening import utterance
from moderator.i18n import Lang

if TYPE_CHECKING:
    from moderator.doctor.core import Doctor


def commands(doctor: Doctor, blocks: queue.Queue[bytes], floor: float, rate: int) -> None:
    """Part of the microphone check (it listens in the same session)."""
    from moderator.voice.listen import Endpointer

    rec = doctor.recognizers.get(doctor.options.lang)
    if rec is None:
        doctor.add(Check("commands", "skip", f"no {doctor.options.lang} model loaded"))
        return
    heard: list[bytes] = []
    endpointer = Endpointer(heard.append, rate=rate)
    endpointer.noise = floor or None
    for expects in ("confirm", "seat", "yesno"):
        say = spoken(doctor, expects)
        doctor.out.write(f"       say: {say}\n")
        pcm = utterance(doctor, blocks, endpointer, heard)
        if pcm is None:
            doctor.add(Check(f"command '{say}'", "warn", "nothing heard", "speak up, or check [audio] input"))
            continue
        result = _recognize(rec, doctor.options.lang, expects, pcm, rate)
        got, conf = result["phrase"] or result["text"] or "(nothing)", float(result["confidence"])  # type: ignore[arg-type]
        right = result["phrase"] == say and not result["rejected"]
        fix = "" if right else "say it again, closer to the microphone; the game reads doubtful answers back"
        status: Status = "ok" if right else "warn"
        doctor.add(Check(f"command '{say}'", status, f"heard '{got}' (confidence {conf:.2f})", fix))


def spoken(doctor: Doctor, expects: str) -> str:
    return sentence_for(doctor.options.lang, expects)


def sentence_for(lang: Lang, expects: str) -> str:
    """The spoken sentence for a test of ``expects``: next, seat three, yes (from the phrase data)."""
    from moderator.commands.parse import INTENTS_FOR, Parser, Vocabulary

    parser = Parser(lang, Vocabulary(seats=list(range(1, 16))))
    if expects == "confirm":
        return parser.sentences(("next",), numbers=[3])[0]
    if expects == "yesno":
        return parser.sentences(("yes",), numbers=[3])[0]
    allowed = INTENTS_FOR[expects]
    for sentence in parser.sentences(allowed, numbers=[3]):
        try:
            if parser.parse(sentence, allowed).seats == (3,):
                return sentence
        except Exception:
            continue
    raise LookupError(f"no spoken sentence for {expects}")


def _recognize(rec: Any, lang: Lang, expects: str, pcm: bytes, rate: int) -> dict[str, object]:
    """What the recognizer makes of one command, heard as the game's step would hear it."""
    from moderator.commands.parse import INTENTS_FOR, Parser, Vocabulary
    from moderator.voice.app import hear_once

    parser = Parser(lang, Vocabulary(seats=list(range(1, 16))))
    allowed = [*INTENTS_FOR[expects], "next"] if expects == "confirm" else list(INTENTS_FOR[expects])
    return hear_once(rec, pcm, rate, parser, allowed, numbers=range(1, 16))
