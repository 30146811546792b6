"""Speech recognition behind one interface: Vosk (Korean, or any Vosk model in models/) and
pocketsphinx en-us (English fallback).

``load_recognizer(lang, models_dir)`` picks the backend; ``recognize(pcm, rate, phrases)`` decodes
16-bit mono PCM inside a closed grammar (``phrases``) or freely (``phrases=None``) and applies
the rejection policy of :mod:`moderator.voice.reject`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from moderator.voice._deps import require
from moderator.voice.audio import SAMPLE_RATE, SAMPLE_WIDTH
from moderator.voice.models import ModelSpec, dither_off_copy, locate_model
from moderator.voice.names import fillers
from moderator.voice.recognizer import DEFAULT_POLICIES as DEFAULT_POLICIES
from moderator.voice.recognizer import Recognizer as Recognizer
from moderator.voice.reject import RejectPolicy, normalize
from moderator.voice.result import Hypothesis, Word
from moderator.voice.sphinx import PocketsphinxRecognizer as PocketsphinxRecognizer
from moderator.voice.stream import Stream

#: Vosk turns a grammar's phrase list into a bigram estimated from the list's counts: each sentence of a
#: grammar that also holds filler words (:func:`moderator.voice.names.fillers`) is listed this many times,
#: so a command outweighs any one filler and fillers seldom chain into it (issue 27; bench/results/
#: talk-reject-ko.md). A grammar without fillers is passed as it is.
COMMAND_WEIGHT = 10

#: :meth:`VoskRecognizer.verify_text` lists the command heard this many times against each talk word once.
VERIFY_WEIGHT = 10


def weighted(phrases: Sequence[str], filler_words: frozenset[str], weight: int | None = None) -> list[str]:
    """The phrase list Vosk is given: each phrase that is no filler ``weight`` (:data:`COMMAND_WEIGHT`)
    times, when any is one."""
    if not any(p in filler_words for p in phrases):
        return list(phrases)
    times = COMMAND_WEIGHT if weight is None else weight
    return [p for p in phrases for _ in range(1 if p in filler_words else times)]


class VoskRecognizer(Recognizer):
    engine = "vosk"

    def __init__(
        self,
        spec: ModelSpec,
        *,
        cache_dir: Path | None = None,
        policy: RejectPolicy | None = None,
    ) -> None:
        super().__init__(policy)
        vosk = require("vosk", "for_asr")
        vosk.SetLogLevel(-1)
        self._vosk = vosk
        self.lang = spec.lang
        self.model_name = spec.source
        self.model_path = dither_off_copy(spec.path, cache_dir)
        self._model: Any = vosk.Model(str(self.model_path))
        self.unk = next((t for t in ("<UNK>", "[unk]") if self.has_word(t)), None)
        self.fillers = frozenset(fillers(self.lang))
        """The filler words a grammar may hold (outweighed by its commands: :data:`COMMAND_WEIGHT`)."""

    def has_word(self, word: str) -> bool:
        return int(self._model.vosk_model_find_word(word)) >= 0

    def _run(
        self, pcm: bytes, rate: int, phrases: Sequence[str] | None, with_unk: bool, nbest: int, *,
        outweighed: frozenset[str] | None = None, weight: int | None = None,
    ) -> list[Any]:
        """Vosk's result parts for ``pcm``. The grammar's phrases outweigh ``outweighed`` (the fillers unless
        given) ``weight`` to one (:func:`weighted`)."""
        if phrases is None:
            rec = self._vosk.KaldiRecognizer(self._model, float(rate))
        else:
            grammar = weighted(phrases, self.fillers if outweighed is None else outweighed, weight)
            grammar += [self.unk] if with_unk and self.unk else []
            rec = self._vosk.KaldiRecognizer(self._model, float(rate), json.dumps(grammar, ensure_ascii=False))
        rec.SetWords(True)
        if nbest:
            rec.SetMaxAlternatives(nbest)
        parts: list[Any] = []
        step = rate // 5 * SAMPLE_WIDTH  # 0.2 s, fixed so endpointing is repeatable
        for start in range(0, len(pcm), step):
            if rec.AcceptWaveform(pcm[start : start + step]):
                parts.append(json.loads(rec.Result()))
        parts.append(json.loads(rec.FinalResult()))
        return parts

    def verify_text(self, pcm: bytes, rate: int, phrase: str, talk: Sequence[str]) -> str:
        """Vosk's bigram: ``phrase`` listed :data:`VERIFY_WEIGHT` times against each word of ``talk`` once
        (:func:`weighted`), so its words follow each other as they do in the phrase and talk's words chain
        only among themselves."""
        phrase = normalize(phrase)
        words = self.talk_against(phrase, talk)
        if not words:
            return phrase
        parts = self._run(pcm, rate, [phrase, *words], False, 0, outweighed=frozenset(words), weight=VERIFY_WEIGHT)
        return normalize(_hypothesis(parts).text)

    def stream(self, phrases: Sequence[str]) -> Stream | None:
        if not self.single_pass():
            return None
        return VoskStream(self, [normalize(p) for p in phrases])

    def alternatives(
        self, pcm: bytes, rate: int, phrases: Sequence[str], n: int, *, with_unk: bool = False
    ) -> list[str]:
        """N-best texts of the grammar pass. Vosk's grammar is a bigram over the phrase words, so the
        best path can be a non-phrase ("사 오 번") while a legal phrase sits just below it."""
        parts = [p for p in self._run(pcm, rate, phrases, with_unk, n) if p.get("alternatives")]
        if len(parts) != 1:  # endpointing split the audio: no single-utterance N-best list
            return []
        return [normalize(str(a.get("text", ""))) for a in parts[0]["alternatives"]]

    def decode(self, pcm: bytes, rate: int, phrases: Sequence[str] | None, *, with_unk: bool = False) -> Hypothesis:
        return _hypothesis(self._run(pcm, rate, phrases, with_unk, 0))


def _hypothesis(parts: Sequence[Any]) -> Hypothesis:
    """Vosk's result parts, in order, as one hypothesis: their text and their timed words."""
    words = tuple(Word(str(w["word"]), float(w["conf"]), float(w["start"]), float(w["end"]))
                  for part in parts for w in part.get("result", []))  # fmt: skip
    return Hypothesis(" ".join(str(p.get("text", "")) for p in parts if p.get("text")), words)


class VoskStream(Stream):
    """Vosk fed each block as it comes; finishing is the rest of the utterance and the final result.

    Vosk's partial trails the audio (its network looks ahead: a word said is in the partial only some
    0.2-0.4 s later, bench.early_end), so whether the answer is whole is asked of a second recognizer fed
    the same blocks (:meth:`settle`): its final result now is the final result of the utterance if it ends
    here, and that result is kept for :meth:`finish`. It is spent by asking, so one utterance is settled
    at most once."""

    lags = True

    def __init__(self, owner: VoskRecognizer, phrases: Sequence[str]) -> None:
        self.phrases = tuple(phrases)
        self._grammar = json.dumps(weighted(self.phrases, owner.fillers), ensure_ascii=False)
        self._owner = owner
        self._rec = self._recognizer()
        self._shadow: Any = self._recognizer()
        self._fed = bytearray()
        self._parts: list[Any] = []
        self._shadow_parts: list[Any] = []
        self._settled: tuple[int, Hypothesis] | None = None
        """How much was fed when it settled, and its decoding then."""
        self._partial = ""

    def _recognizer(self) -> Any:
        rec = self._owner._vosk.KaldiRecognizer(self._owner._model, float(SAMPLE_RATE), self._grammar)
        rec.SetWords(True)
        return rec

    def feed(self, pcm: bytes) -> None:
        self._fed += pcm
        if self._rec.AcceptWaveform(pcm):
            self._parts.append(json.loads(self._rec.Result()))
            self._partial = ""
        else:
            self._partial = str(json.loads(self._rec.PartialResult()).get("partial", ""))
        if self._shadow is not None and self._shadow.AcceptWaveform(pcm):
            self._shadow_parts.append(json.loads(self._shadow.Result()))

    def partial(self) -> str:
        return normalize(" ".join([*(str(p.get("text", "")) for p in self._parts), self._partial]))

    def settle(self) -> Hypothesis:
        if self._shadow is None:  # settled once already, and the speech went on
            return Hypothesis("")
        settled = _hypothesis([*self._shadow_parts, json.loads(self._shadow.FinalResult())])
        self._shadow = None
        self._settled = (len(self._fed), settled)
        return settled

    def finish(self, pcm: bytes) -> Hypothesis | None:
        fed = bytes(self._fed)
        if not (pcm.startswith(fed) or fed.startswith(pcm)):  # not this utterance
            return None
        if self._settled is not None and self._settled[0] == len(pcm):  # ended where it was settled
            return self._settled[1]
        if len(pcm) > len(fed):
            self._rec.AcceptWaveform(pcm[len(fed) :])  # the rest (a Result() here is in FinalResult's too)
        self._parts.append(json.loads(self._rec.FinalResult()))
        return _hypothesis(self._parts)


def load_recognizer(
    lang: str,
    models_dir: Path,
    *,
    cache_dir: Path | None = None,
    policy: RejectPolicy | None = None,
) -> Recognizer:
    """Load the recognizer for ``lang`` ("ko" or "en"); see :func:`moderator.voice.models.locate_model`."""
    spec = locate_model(lang, models_dir)
    if spec.engine == "vosk":
        return VoskRecognizer(spec, cache_dir=cache_dir, policy=policy)
    return PocketsphinxRecognizer(spec, policy=policy)
