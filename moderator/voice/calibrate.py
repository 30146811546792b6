"""Calibration to the storyteller: their headset level, their command words, their takes.

The storyteller says each command word two or three times (``moderator doctor --calibrate``).
From the takes:

- the **near-field level**: the loud part of their speech on the headset microphone. An
  utterance far below it (:attr:`Calibration.gate_db`) is a voice across the table, not an answer;
- per spoken form, how often the recognizer heard it right on this voice, and the best form of
  each command (a small table is shown);
- the takes themselves, as :class:`~moderator.voice.templates.Templates`: a short answer the
  grammar accepts must also be close to this storyteller's takes of it.

Stored per user in the platform's data folder (``calibration/<lang>/``: the takes as WAVs and a
JSON summary), read again at the start of each game.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from moderator.paths import user_data_dir
from moderator.voice.asr import Recognizer
from moderator.voice.audio import SAMPLE_RATE, read_wav, rms, write_wav
from moderator.voice.templates import Templates

GATE_DB = 15.0
"""How far below the storyteller's level an utterance is taken as someone else's voice. A mouth at
5 cm from the headset microphone and one at 1 m are about 26 dB apart (inverse square law); 15 dB
leaves room for a quieter answer."""


def speech_level(pcm: bytes, block: int = SAMPLE_RATE // 20) -> float:
    """The level of the loud part of ``pcm``: the 90th percentile of its 50 ms block RMS."""
    levels = sorted(rms(pcm[i : i + 2 * block]) for i in range(0, max(len(pcm) - 1, 1), 2 * block))
    return levels[int(0.9 * (len(levels) - 1))] if levels else 0.0


@dataclass
class Calibration:
    """What calibration learnt about one storyteller in one language."""

    lang: str
    level: float
    """The near-field speech level (RMS of the loud 50 ms blocks, the median over the takes)."""
    scores: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Each spoken form: (heard right, takes)."""
    best: dict[str, str] = field(default_factory=dict)
    """Each intent: its best-recognised spoken form on this voice."""
    templates: Templates = field(default_factory=Templates)
    gate_db: float = GATE_DB
    forms: dict[str, list[str]] = field(default_factory=dict)
    """Each intent (and ``nobody``): the spoken forms tried at calibration."""

    @property
    def wake(self) -> str | None:
        """The wake phrase heard best on this voice among those tried (``forms["wake"]``), if any was."""
        return self.best.get("wake")

    @property
    def gate(self) -> float:
        """The level below which an utterance is not the storyteller's (``gate_db`` under theirs)."""
        return self.level * 10 ** (-self.gate_db / 20)

    def far(self, pcm: bytes) -> bool:
        """Whether ``pcm`` is too quiet to be the storyteller (a voice across the table)."""
        return speech_level(pcm) < self.gate

    def vouched(self) -> frozenset[str]:
        """The intents whose best form was heard right on every take (one-word answers the loop
        may then act on without reading them back)."""
        return frozenset(i for i, p in self.best.items() if self.scores.get(p, (0, 1))[0] == self.scores[p][1])

    def kept(self, intent: str) -> list[str]:
        """The forms of ``intent`` the loop listens for on this voice: its best form, and every form heard
        as often (forms heard worse are dropped); none said: all its forms."""
        forms = self.forms.get(intent, [])
        said = [p for p in forms if p in self.scores]
        if not said:
            return list(forms)
        top = max(_ratio(self.scores[p]) for p in said)
        best = self.best.get(intent)
        kept = [p for p in said if _ratio(self.scores[p]) >= top]
        return sorted(kept, key=lambda p: p != best)

    def prefer(self, sentences: Sequence[str]) -> list[str]:
        """A step's sentences with each calibrated command in the forms heard best on this voice: where a
        sentence is one of an intent's tried forms, that intent's forms become :meth:`kept`'s (at the
        first one's place)."""
        out: list[str] = []
        done: set[str] = set()
        owner = {p: i for i, ps in self.forms.items() for p in ps}
        for s in sentences:
            intent = owner.get(s)
            if intent is None:
                out.append(s)
            elif intent not in done:
                done.add(intent)
                out += self.kept(intent)
        return list(dict.fromkeys(out))

    def table(self) -> list[str]:
        """The result as lines: each form, how often it was heard right, which is kept (words that are
        no command's form: takes only)."""
        kept = {p for i in self.forms for p in self.kept(i)} if self.forms else set(self.best.values())
        tried = {p for ps in self.forms.values() for p in ps} | set(self.best.values())
        return [f"{p:<16} {r}/{n} {('kept' if p in kept else 'dropped') if p in tried else 'takes'}"
                for p, (r, n) in self.scores.items()]  # fmt: skip


def _ratio(score: tuple[int, int]) -> float:
    return score[0] / max(score[1], 1)


def calibrate(
    takes: Mapping[str, Sequence[bytes]], forms: Mapping[str, Sequence[str]], rec: Recognizer, lang: str
) -> Calibration:
    """Learn from ``takes`` (each spoken form to its recordings, 16 kHz) of the ``forms`` of each
    intent, recognised by ``rec`` in a grammar of every form; and of other words kept as takes only
    (the numbers, the seat word), recognised in a grammar of those words."""
    tried = list(dict.fromkeys(p for ps in forms.values() for p in ps))
    words = [p for p in takes if p not in tried]
    levels = [speech_level(pcm) for pcms in takes.values() for pcm in pcms]
    cal = Calibration(lang, sorted(levels)[len(levels) // 2] if levels else 0.0)
    cal.forms = {i: list(ps) for i, ps in forms.items()}
    for phrase, pcms in takes.items():
        right = 0
        for pcm in pcms:
            result = rec.recognize(pcm, SAMPLE_RATE, tried if phrase in tried else words)
            right += not result.rejected and result.phrase == phrase
            cal.templates.add(phrase, pcm)
        cal.scores[phrase] = (right, len(pcms))
    for intent, phrases in forms.items():
        said = [p for p in phrases if p in cal.scores]
        if said:
            cal.best[intent] = max(said, key=lambda p: _ratio(cal.scores[p]))
    cal.templates.fit_threshold()
    return cal


def calibration_dir(lang: str, root: Path | None = None) -> Path:
    return (root or user_data_dir()) / "calibration" / lang


def save(cal: Calibration, takes: Mapping[str, Sequence[bytes]], root: Path | None = None) -> Path:
    """Write the takes (WAV) and the summary (JSON); returns the folder."""
    folder = calibration_dir(cal.lang, root)
    (folder / "takes").mkdir(parents=True, exist_ok=True)
    for old in (folder / "takes").glob("*.wav"):
        old.unlink()
    files: dict[str, list[str]] = {}
    for n, (phrase, pcms) in enumerate(takes.items()):
        for i, pcm in enumerate(pcms):
            name = f"{n:02}-{i}.wav"
            write_wav(folder / "takes" / name, pcm, SAMPLE_RATE)
            files.setdefault(phrase, []).append(name)
    summary = {"lang": cal.lang, "level": cal.level, "gate_db": cal.gate_db, "threshold": cal.templates.threshold,
               "scores": cal.scores, "best": cal.best, "forms": cal.forms, "takes": files}  # fmt: skip
    (folder / "calibration.json").write_text(json.dumps(summary, ensure_ascii=False, indent=1), encoding="utf-8")
    return folder


def load(lang: str, root: Path | None = None) -> Calibration | None:
    """The stored calibration of ``lang``, or None (none yet, or unreadable)."""
    folder = calibration_dir(lang, root)
    try:
        summary = json.loads((folder / "calibration.json").read_text(encoding="utf-8"))
        cal = Calibration(lang, float(summary["level"]), gate_db=float(summary.get("gate_db", GATE_DB)))
        cal.scores = {p: (int(r), int(n)) for p, (r, n) in summary["scores"].items()}
        cal.best = {str(i): str(p) for i, p in summary["best"].items()}
        # a calibration stored before the forms were: each intent listened for in its best form only
        forms = summary.get("forms") or {i: [p] for i, p in cal.best.items()}
        cal.forms = {str(i): [str(p) for p in ps] for i, ps in forms.items()}
        for phrase, names in summary["takes"].items():
            for name in names:
                cal.templates.add(phrase, read_wav(folder / "takes" / name)[0])
        threshold = float(summary["threshold"])
        cal.templates.threshold = threshold if math.isfinite(threshold) else float("inf")
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return cal
