"""Calibration to the storyteller's voice: each command word said a few times; the app learns their
level, which form of each command it hears best, and keeps the takes as templates
(moderator.voice.calibrate). Part of the microphone check, and alone at the start of a game."""

from __future__ import annotations

import queue
import statistics
from pathlib import Path
from typing import TYPE_CHECKING

from moderator.doctor.base import Check, db, one_line
from moderator.doctor.listening import Tap, levels, utterance
from moderator.i18n import Lang

if TYPE_CHECKING:
    from moderator.doctor.core import Doctor


def calibrate_only(doctor: Doctor, root: Path | None = None) -> None:
    """Only the calibration (offered at the start of a game): the model, the room's noise, the takes."""
    from moderator.voice.app import _device, recognizer_for
    from moderator.voice.audio import microphone

    lang = doctor.options.lang
    try:
        doctor.recognizers[lang] = recognizer_for(lang, doctor.config)
    except (OSError, ImportError, RuntimeError) as exc:
        doctor.add(Check(f"model {lang}", "fail", one_line(exc), "run `moderator doctor`"))
        return
    blocks: queue.Queue[bytes] = queue.Queue()
    try:
        with microphone(Tap(blocks), device=_device(doctor.config.audio.input)):
            room = levels(doctor, blocks, doctor.options.noise_seconds, "Stay quiet: listening to the room")
            calibrate(doctor, blocks, statistics.median(room) if room else 0.0, root)
    except OSError as exc:
        doctor.add(Check("microphone", "fail", one_line(exc), "check the cable and [audio] input"))


def calibrate(doctor: Doctor, blocks: queue.Queue[bytes], floor: float, root: Path | None = None) -> None:
    """The storyteller says each command word ``takes`` times: the app learns their level, which
    form of each command it hears best, and keeps the takes as templates (moderator.voice.calibrate)."""
    from moderator.voice.audio import SAMPLE_RATE
    from moderator.voice.calibrate import calibrate as calibrate_takes
    from moderator.voice.calibrate import load, save
    from moderator.voice.listen import QUIETEST, Endpointer

    options = doctor.options
    lang, rec = options.lang, doctor.recognizers.get(options.lang)
    stored = load(lang, root)
    wanted = options.calibrate
    if wanted is None:
        wanted = bool(doctor.ask(f"Calibrate to your voice now? (say each command word {options.takes} times, "
                                 f"each number {options.word_takes} times)"))
    if rec is None or not wanted:
        detail = "calibrated earlier: " + ", ".join(stored.table()) if stored else "not calibrated to your voice"
        doctor.add(Check("calibration", "ok" if stored else "skip", detail,
                         "" if stored else "run `moderator doctor --calibrate` to calibrate"))  # fmt: skip
        return
    heard: list[bytes] = []
    endpointer = Endpointer(heard.append, rate=SAMPLE_RATE, threshold=QUIETEST)  # a quiet voice too: the game
    endpointer.noise = floor or None  # then listens down to its level (Endpointer.listen_down_to)
    forms = command_forms(lang, wake=doctor.config.listen == "wake" and not doctor.config.asr.wake_phrase)
    takes: dict[str, list[bytes]] = {}
    said = {p: options.takes for ps in forms.values() for p in ps}
    said |= {p: options.word_takes for p in calibration_words(lang) if p not in said}
    for phrase, times in said.items():
        for i in range(times):
            doctor.out.write(f"       say: {phrase} ({i + 1}/{times})\n")
            doctor.out.flush()
            pcm = utterance(doctor, blocks, endpointer, heard)
            if pcm is not None:
                takes.setdefault(phrase, []).append(pcm)
    if not takes:
        doctor.add(Check("calibration", "warn", "nothing heard", "speak up, or check [audio] input"))
        return
    cal = calibrate_takes(takes, forms, rec, lang)
    folder = save(cal, takes, root)
    for line in cal.table():
        doctor.out.write(f"       {line}\n")
    missed = [p for p, (r, n) in cal.scores.items() if r < n]
    doctor.add(Check("calibration", "warn" if missed else "ok",
                     f"your level {db(cal.level):.1f} dBFS (quieter than {db(cal.level) - cal.gate_db:.1f} dBFS is "
                     f"not an answer); templates of {sum(len(t) for t in takes.values())} takes "
                     f"(distance threshold {cal.templates.threshold:.1f}); stored in {folder}",
                     f"misheard: {', '.join(missed)}; calibrate again, or the game reads them back"
                     if missed else ""))  # fmt: skip


def calibration_words(lang: Lang) -> list[str]:
    """The words also said at calibration, kept as takes only: data/commands ``voice.calibrate_words``,
    then the numbers 0 to ``voice.calibrate_numbers`` in their first spoken form."""
    from moderator.commands.phrases import phrases

    voice = phrases(lang).voice
    if voice is None:
        return []
    numbers = [voice.numbers[k][0] for k in range(voice.calibrate_numbers + 1) if voice.numbers.get(k)]
    return [*voice.calibrate_words, *numbers] if voice.calibrate_numbers else list(voice.calibrate_words)


def command_forms(lang: Lang, wake: bool = False) -> dict[str, list[str]]:
    """The spoken forms of the one-word commands (next, back, repeat, yes, no; and nobody) to try in
    ``lang``: data/commands ``voice.calibrate``, else the forms the grammar listens for. With ``wake``
    (``[asr] listen = "wake"`` and no wake phrase set), the wake phrases too: the one heard best is the
    wake phrase (``Calibration.wake``)."""
    from moderator.commands.phrases import phrases

    voice = phrases(lang).voice
    wakes = {"wake": list(voice.wake)} if wake and voice and voice.wake else {}
    if voice and voice.calibrate:
        return {**{i: list(ps) for i, ps in voice.calibrate.items()}, **wakes}
    spoken: dict[str, list[str]] = {str(i): ps for i, ps in (voice.intents if voice else phrases(lang).intents).items()}
    if voice and voice.nobody:
        spoken["nobody"] = voice.nobody
    return {**{i: list(spoken[i]) for i in ("next", "back", "repeat", "yes", "no", "nobody") if spoken.get(i)}, **wakes}
