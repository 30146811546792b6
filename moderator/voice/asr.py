"""Speech recognition behind one interface: Vosk (Korean, or any Vosk model in models/) and
pocketsphinx en-us (English fallback).

``load_recognizer(lang, models_dir)`` picks the backend; ``recognize(pcm, rate, phrases)`` decodes
16-bit mono PCM inside a closed grammar (``phrases``) or freely (``phrases=None``) and applies
the rejection policy of :mod:`moderator.voice.reject`.
"""

from __future__ import annotations

import hashlib
import json
import threading
from abc import ABC, abstractmethod
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from moderator.voice._deps import require
from moderator.voice.audio import SAMPLE_RATE, SAMPLE_WIDTH, resample
from moderator.voice.models import ModelSpec, check_vocabulary, dither_off_copy, locate_model
from moderator.voice.reject import RejectPolicy, decide, normalize
from moderator.voice.result import Hypothesis, Result, Word

#: Policies measured in bench/REPORT.md (see there for the numbers behind them).
DEFAULT_POLICIES: dict[str, RejectPolicy] = {
    "vosk": RejectPolicy(unk_in_grammar=True, min_word_conf=None, dictation="distance", max_distance=0.5),
    "pocketsphinx": RejectPolicy(unk_in_grammar=False, min_word_conf=0.5, dictation="off"),
}


class Recognizer(ABC):
    """One loaded model. Thread-safe for ``recognize`` calls."""

    engine: str
    lang: str
    model_name: str
    unk: str | None

    def __init__(self, policy: RejectPolicy | None) -> None:
        self.policy = policy if policy is not None else DEFAULT_POLICIES[self.engine]
        self._checked: set[tuple[str, ...]] = set()

    @abstractmethod
    def has_word(self, word: str) -> bool:
        """Whether ``word`` is in the model vocabulary."""

    @abstractmethod
    def decode(self, pcm: bytes, rate: int, phrases: Sequence[str] | None, *, with_unk: bool = False) -> Hypothesis:
        """One raw decoding pass: closed grammar (``phrases``) or free dictation (``None``)."""

    def check_vocabulary(self, phrases: Sequence[str]) -> None:
        """Raise :class:`~moderator.voice.errors.VocabularyError` naming every unknown word."""
        key = tuple(phrases)
        if key in self._checked:
            return
        check_vocabulary(key, self.has_word, lang=self.lang, model=self.model_name)
        self._checked.add(key)

    def recognize(
        self,
        pcm: bytes,
        rate: int,
        phrases: Sequence[str] | None = None,
        *,
        policy: RejectPolicy | None = None,
    ) -> Result:
        """Recognise one utterance. With ``phrases``, the result is a legal phrase or rejected."""
        if len(pcm) % SAMPLE_WIDTH:
            raise ValueError("pcm must be 16-bit samples")
        if phrases is None:
            hyp = self.decode(pcm, rate, None)
            text = normalize(hyp.text)
            return Result(text, hyp.words, rejected=not text, reason=None if text else "silence")
        phrases = [normalize(p) for p in phrases]
        self.check_vocabulary(phrases)
        pol = policy or self.policy
        use_unk = pol.unk_in_grammar and self.unk is not None
        grammar = self.decode(pcm, rate, phrases, with_unk=use_unk)
        dictation = self.decode(pcm, rate, None) if pol.needs_dictation and grammar.text.strip() else None
        decision = decide(grammar, phrases, policy=pol, unk=self.unk if use_unk else None, dictation=dictation)
        details = {"min_conf": grammar.min_conf}
        if decision.distance is not None:
            details["distance"] = decision.distance
        return Result(
            text=normalize(grammar.text),
            words=grammar.words,
            rejected=decision.rejected,
            phrase=None if decision.rejected else decision.phrase,
            reason=decision.reason,
            dictation=normalize(dictation.text) if dictation is not None else None,
            details=details,
        )


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
        vosk = require("vosk", "Speech recognition")
        vosk.SetLogLevel(-1)
        self._vosk = vosk
        self.lang = spec.lang
        self.model_name = spec.source
        self.model_path = dither_off_copy(spec.path, cache_dir)
        self._model: Any = vosk.Model(str(self.model_path))
        self.unk = next((t for t in ("<UNK>", "[unk]") if self.has_word(t)), None)

    def has_word(self, word: str) -> bool:
        return int(self._model.vosk_model_find_word(word)) >= 0

    def decode(self, pcm: bytes, rate: int, phrases: Sequence[str] | None, *, with_unk: bool = False) -> Hypothesis:
        if phrases is None:
            rec = self._vosk.KaldiRecognizer(self._model, float(rate))
        else:
            grammar = [*phrases, self.unk] if with_unk and self.unk else list(phrases)
            rec = self._vosk.KaldiRecognizer(self._model, float(rate), json.dumps(grammar, ensure_ascii=False))
        rec.SetWords(True)
        parts: list[dict[str, Any]] = []
        step = rate // 5 * SAMPLE_WIDTH  # 0.2 s, fixed so endpointing is repeatable
        for start in range(0, len(pcm), step):
            if rec.AcceptWaveform(pcm[start : start + step]):
                parts.append(json.loads(rec.Result()))
        parts.append(json.loads(rec.FinalResult()))
        words = tuple(
            Word(str(w["word"]), float(w["conf"]), float(w["start"]), float(w["end"]))
            for part in parts
            for w in part.get("result", [])
        )
        text = " ".join(str(p.get("text", "")) for p in parts if p.get("text"))
        return Hypothesis(text, words)


class PocketsphinxRecognizer(Recognizer):
    """pocketsphinx 5.x with its bundled en-us model. Grammars become JSGF; no unknown-word token."""

    engine = "pocketsphinx"
    _FILLERS = frozenset({"<s>", "</s>", "<sil>", "[noise]", "[NOISE]"})

    def __init__(self, spec: ModelSpec, *, policy: RejectPolicy | None = None) -> None:
        super().__init__(policy)
        ps = require("pocketsphinx", "English speech recognition")
        self.lang = spec.lang
        self.model_name = spec.source
        self.unk = None
        self._lock = threading.Lock()
        self._searches: dict[tuple[str, ...], str] = {}
        self._decoder: Any = ps.Decoder(
            hmm=str(spec.path / "en-us"),
            dict=str(spec.path / "cmudict-en-us.dict"),
            lm=str(spec.path / "en-us.lm.bin"),
            samprate=SAMPLE_RATE,
            loglevel="FATAL",
        )
        self._default_search = str(self._decoder.current_search())

    def has_word(self, word: str) -> bool:
        with self._lock:
            return self._decoder.lookup_word(word.lower()) is not None

    def _search_for(self, phrases: Sequence[str]) -> str:
        key = tuple(phrases)
        name = self._searches.get(key)
        if name is None:
            name = "g" + hashlib.sha1("\n".join(key).encode()).hexdigest()[:16]
            body = " | ".join(f"( {p.lower()} )" for p in key)
            self._decoder.add_jsgf_string(name, f"#JSGF V1.0;\ngrammar {name};\npublic <cmd> = {body};\n")
            self._searches[key] = name
        return name

    def decode(self, pcm: bytes, rate: int, phrases: Sequence[str] | None, *, with_unk: bool = False) -> Hypothesis:
        pcm = resample(pcm, rate, SAMPLE_RATE)
        d = self._decoder
        with self._lock:
            d.activate_search(self._default_search if phrases is None else self._search_for(phrases))
            d.reinit_feat()  # resets CMN / noise state: the same audio always decodes the same way
            d.start_utt()
            d.process_raw(pcm, full_utt=True)
            d.end_utt()
            hyp = d.hyp()
            if hyp is None:
                return Hypothesis("")
            frate = float(d.config["frate"])
            words = tuple(
                Word(seg.word.split("(")[0], float(seg.prob), seg.start_frame / frate, (seg.end_frame + 1) / frate)
                for seg in d.seg()
                if seg.word not in self._FILLERS
            )
            return Hypothesis(" ".join(w.text for w in words), words)


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
