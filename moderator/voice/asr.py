"""Speech recognition behind one interface: Vosk (Korean, or any Vosk model in models/) and
pocketsphinx en-us (English fallback).

``load_recognizer(lang, models_dir)`` picks the backend; ``recognize(pcm, rate, phrases)`` decodes
16-bit mono PCM inside a closed grammar (``phrases``) or freely (``phrases=None``) and applies
the rejection policy of :mod:`moderator.voice.reject`.
"""

from __future__ import annotations

import array
import hashlib
import json
import random
import threading
from abc import ABC, abstractmethod
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from moderator.voice._deps import require
from moderator.voice.audio import SAMPLE_RATE, SAMPLE_WIDTH, resample
from moderator.voice.models import ModelSpec, check_vocabulary, dither_off_copy, locate_model
from moderator.voice.reject import RejectPolicy, decide, edit_distance, normalize
from moderator.voice.result import Hypothesis, Result, Word

#: Policies chosen by measurement: bench/results/policy-ko.md and policy-en.md (`python -m bench.policy`),
#: on bench.run's corpus (every step kind's grammar, 3 espeak-ng voices x 2 rates, clean and 10 dB SNR)
#: and the real off-topic recordings in ../shared/speech through every step's grammar.
DEFAULT_POLICIES: dict[str, RejectPolicy] = {
    # Korean: a doubt band. A word confidence below 0.5 rejects, 0.5-0.9 is doubtful (a state change is
    # read back, a next/back/repeat/yes/no is dropped), 0.9 and up is acted on. Against the former
    # "reject below 0.9": right 65.5% vs 58.6% clean (27.0% vs 25.3% at 10 dB), the gain all read back;
    # silent wrong changes unchanged (15 clean, 22 vs 23 at 10 dB: espeak-ng's Korean misheard at
    # confidence 1.0, which no confidence rule catches); real off-topic rejected 120/120 as before,
    # chatter 16/16. Floors 0.6-0.8 give fewer right at the same silent count; N-best rescue (marked
    # doubtful) adds wrong read-backs and lets one chatter sentence through; <UNK> never wins in this
    # model's grammars; dictation checks reject espeak-ng's commands (its Korean dictation is poor).
    # Then the words must cover the speech: more than 40% of the loud 20 ms frames (above 0.3 of the
    # loudest) outside every recognised word (widened by 0.1 s) rejects; a guard against table talk
    # forced into a command (bench/results/policy-ko-coverage.md: right unchanged, 65.5% clean and
    # 27.0% at 10 dB; silent wrong changes 15 -> 14 clean).
    "vosk": RejectPolicy(unk_in_grammar=False, min_word_conf=0.5, doubt_below=0.9, max_uncovered=0.4, loud_rel=0.3),
    # English: exact phrases only, still. pocketsphinx's JSGF forces any speech into a phrase at
    # confidence ~1.0: real off-topic clips are acted on (11 of 12 clip x step grammars) and chatter is
    # never rejected (0/16). Measured and not taken (bench/results/policy-en.md): a one-word <garbage>
    # competitor (fillers one phone or less away from a grammar word, or shorter than 3 phones, left
    # out) rejects 11/12 real off-topic and 14/16 chatter, with 0 silent wrong changes on commands
    # clean, but costs commands (right 94.8% vs 98.9% clean, 90.8% vs 93.1% at 10 dB) and swallows the
    # app's own espeak-ng "continue" at some steps (tests/voice/test_loop.py, test_live.py fail);
    # taking the garbage-less phrase as doubtful instead keeps 99.4% but rejects only 9/12 and still
    # drops that "continue". A dictation check (reject beyond distance 1.0, doubtful when it
    # disagrees) reaches 12/12 and 0 silent wrong, but right falls to 78% clean / 53% at 10 dB and the
    # dictation pass adds ~0.5 s to every answer (p95 target 0.4 s).
    # Taken: the words must cover the speech (as for Korean: > 40% of the loud frames outside every
    # word rejects). A sentence forced into "continue" leaves most of its speech to silence and fillers:
    # synthetic chatter 16/16 rejected (was 0/16), the 30 real Korean sentences heard by the English
    # model 28/30 (tests/voice/test_policy_real.py), commands unchanged (98.9% clean, 93.1% at 10 dB;
    # bench/results/policy-en-coverage.md). It cannot catch a single spoken word: the real English
    # off-topic clips are Speech Commands words ("down", "right left up"), 1/12 rejected in the benchmark.
    "pocketsphinx": RejectPolicy(unk_in_grammar=False, min_word_conf=None, max_uncovered=0.4, loud_rel=0.3),
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

    def alternatives(
        self, pcm: bytes, rate: int, phrases: Sequence[str], n: int, *, with_unk: bool = False
    ) -> list[str]:
        """Up to ``n`` grammar-pass texts, best first. Engines whose grammars are strict return []."""
        return []

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
        grammar, alternatives, dictation, without_unk = self.passes(pcm, rate, phrases, pol)
        uncovered = pol.uncovered(resample(pcm, rate, SAMPLE_RATE), grammar.words)
        return self.judge_passes(grammar, phrases, pol, alternatives, dictation, without_unk, uncovered)

    def passes(
        self, pcm: bytes, rate: int, phrases: Sequence[str], policy: RejectPolicy
    ) -> tuple[Hypothesis, list[str], Hypothesis | None, Hypothesis | None]:
        """The decoding passes ``policy`` needs: the grammar pass, N-best alternatives when the top
        is not a phrase (and the policy rescues), a dictation pass when the policy checks one, the
        grammar without the unknown word when that won (and the policy doubts instead of rejecting)."""
        use_unk = policy.unk_in_grammar and self.unk is not None
        grammar = self.decode(pcm, rate, phrases, with_unk=use_unk)
        without_unk = None
        if use_unk and policy.unk_doubtful and self.unk is not None and self.unk in normalize(grammar.text).split():
            without_unk = self.decode(pcm, rate, phrases)
        alternatives: list[str] = []
        if policy.nbest_rescue and normalize(grammar.text) not in phrases and grammar.text.strip():
            alternatives = self.alternatives(pcm, rate, phrases, policy.nbest_rescue, with_unk=use_unk)
        dictation = self.decode(pcm, rate, None) if policy.needs_dictation and grammar.text.strip() else None
        return grammar, alternatives, dictation, without_unk

    def judge_passes(
        self,
        grammar: Hypothesis,
        phrases: Sequence[str],
        policy: RejectPolicy,
        alternatives: Sequence[str] = (),
        dictation: Hypothesis | None = None,
        without_unk: Hypothesis | None = None,
        uncovered: float | None = None,
    ) -> Result:
        """The :class:`Result` that ``policy`` makes of decoded passes (see :meth:`passes`);
        ``uncovered``: the share of loud audio outside the grammar pass's words."""
        use_unk = policy.unk_in_grammar and self.unk is not None
        decision = decide(
            grammar,
            phrases,
            policy=policy,
            unk=self.unk if use_unk else None,
            dictation=dictation,
            alternatives=alternatives,
            without_unk=without_unk,
            uncovered=uncovered,
        )
        details = {"min_conf": grammar.min_conf}
        if uncovered is not None:
            details["uncovered"] = uncovered
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
            doubtful=decision.doubtful and not decision.rejected,
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

    def _run(self, pcm: bytes, rate: int, phrases: Sequence[str] | None, with_unk: bool, nbest: int) -> list[Any]:
        if phrases is None:
            rec = self._vosk.KaldiRecognizer(self._model, float(rate))
        else:
            grammar = [*phrases, self.unk] if with_unk and self.unk else list(phrases)
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
        parts = self._run(pcm, rate, phrases, with_unk, 0)
        words = tuple(
            Word(str(w["word"]), float(w["conf"]), float(w["start"]), float(w["end"]))
            for part in parts
            for w in part.get("result", [])
        )
        text = " ".join(str(p.get("text", "")) for p in parts if p.get("text"))
        return Hypothesis(text, words)


#: pocketsphinx has no unknown-word token. With ``with_unk`` the JSGF grammar gets a competing
#: ``<garbage>`` rule (one of ~150 frequent English words); its words come out as this token.
GARBAGE = "<garbage>"
#: A filler word is left out of a grammar's <garbage> rule when one of its pronunciations is within this
#: many phones of a grammar word's.
GARBAGE_MIN_PHONES = 1
#: Filler words shorter than this many phones ("a", "the", "did") match pieces of real commands: left out.
GARBAGE_MIN_LENGTH = 3
GARBAGE_WORDS = (
    "the",
    "a",
    "an",
    "and",
    "or",
    "but",
    "of",
    "to",
    "in",
    "on",
    "at",
    "for",
    "with",
    "it",
    "is",
    "was",
    "be",
    "are",
    "i",
    "you",
    "he",
    "she",
    "we",
    "they",
    "me",
    "my",
    "your",
    "this",
    "that",
    "what",
    "which",
    "who",
    "how",
    "why",
    "when",
    "where",
    "there",
    "here",
    "so",
    "if",
    "then",
    "than",
    "just",
    "like",
    "well",
    "oh",
    "um",
    "uh",
    "okay",
    "right",
    "left",
    "up",
    "down",
    "go",
    "stop",
    "get",
    "got",
    "have",
    "has",
    "do",
    "did",
    "not",
    "can",
    "will",
    "would",
    "could",
    "should",
    "about",
    "all",
    "some",
    "one",
    "more",
    "time",
    "good",
    "know",
    "think",
    "want",
    "see",
    "look",
    "come",
    "say",
    "said",
    "tell",
    "day",
    "way",
    "man",
    "people",
    "thing",
    "really",
    "very",
    "now",
    "new",
    "old",
    "first",
    "last",
    "long",
    "little",
    "big",
    "his",
    "her",
    "our",
    "their",
    "them",
    "us",
)


class PocketsphinxRecognizer(Recognizer):
    """pocketsphinx 5.x with its bundled en-us model. Grammars become JSGF (strict phrase lists)."""

    engine = "pocketsphinx"

    def __init__(self, spec: ModelSpec, *, policy: RejectPolicy | None = None) -> None:
        super().__init__(policy)
        ps = require("pocketsphinx", "English speech recognition")
        self.lang = spec.lang
        self.model_name = spec.source
        self.unk = GARBAGE
        self._lock = threading.RLock()
        self._searches: dict[tuple[tuple[str, ...], bool], str] = {}
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

    def _pronunciations(self, word: str) -> set[str]:
        """Every pronunciation of ``word`` in the dictionary ("word", "word(2)", …)."""
        found: set[str] = set()
        for variant in (word, *(f"{word}({i})" for i in range(2, 10))):
            phones = self._decoder.lookup_word(variant.lower())
            if phones is None:
                break
            found.add(str(phones))
        return found

    def _search_for(self, phrases: Sequence[str], with_unk: bool) -> str:
        key = (tuple(phrases), with_unk)
        name = self._searches.get(key)
        if name is None:
            name = "g" + hashlib.sha1(repr(key).encode()).hexdigest()[:16]
            body = " | ".join(f"( {p.lower()} )" for p in key[0])
            rules = ""
            if with_unk:
                grammar_words = {w for p in key[0] for w in p.lower().split()}
                # a filler that sounds like, or one phone away from, a grammar word ("to" / "two",
                # "when" / "one") swallows it: bench/results/policy-en.md
                sounds = [s.split() for w in grammar_words for s in self._pronunciations(w)]
                fillers = [w for w in GARBAGE_WORDS if w not in grammar_words and self.has_word(w)
                           and min(len(f.split()) for f in self._pronunciations(w)) >= GARBAGE_MIN_LENGTH
                           and not any(edit_distance(f.split(), s) <= GARBAGE_MIN_PHONES
                                       for f in self._pronunciations(w) for s in sounds)]  # fmt: skip
                body += " | <garbage>"
                # one filler word, not a loop: "( ... )+" makes pocketsphinx's FSG search
                # 50-1000x slower (measured: 5.7 s for 5 words on a 7 s clip, 74 s for 20)
                rules = f"<garbage> = ( {' | '.join(fillers)} );\n"
            jsgf = f"#JSGF V1.0;\ngrammar {name};\npublic <cmd> = {body};\n{rules}"
            self._decoder.add_jsgf_string(name, jsgf)
            self._searches[key] = name
        return name

    def decode(self, pcm: bytes, rate: int, phrases: Sequence[str] | None, *, with_unk: bool = False) -> Hypothesis:
        pcm = no_digital_silence(resample(pcm, rate, SAMPLE_RATE))
        d = self._decoder
        with self._lock:
            d.activate_search(self._default_search if phrases is None else self._search_for(phrases, with_unk))
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
                if not seg.word.startswith(("<", "["))  # <s>, </s>, <sil>, [NOISE], [SPEECH], ...
            )
        if phrases is not None and with_unk:
            legal = {w for p in phrases for w in p.lower().split()}
            words = tuple(w if w.text in legal else Word(GARBAGE, w.conf, w.start, w.end) for w in words)
        return Hypothesis(" ".join(w.text for w in words), words)


def no_digital_silence(pcm: bytes) -> bytes:
    """The signal with a room's quietest floor added: a fixed pseudo-random ±2 (of 32768).

    pocketsphinx's features take a log of the frame energy: runs of exact zeros (synthetic audio,
    padding) can make a closed grammar decode to nothing. No microphone delivers exact zeros. The
    noise is seeded, so the same audio still decodes the same way.
    """
    samples = array.array("h")
    samples.frombytes(pcm)
    noise = random.Random(0)
    for i, x in enumerate(samples):
        samples[i] = max(-32768, min(32767, x + noise.randint(-2, 2)))
    return samples.tobytes()


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
