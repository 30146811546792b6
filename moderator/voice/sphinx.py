"""English speech recognition on pocketsphinx en-us (the fallback when no Vosk model is given), with
a ``<garbage>`` rule that competes with the closed grammar."""

from __future__ import annotations

import functools
import hashlib
import math
import random
import threading
from collections.abc import Sequence
from typing import Any

from moderator.voice._deps import require
from moderator.voice.audio import SAMPLE_RATE, resample
from moderator.voice.models import ModelSpec
from moderator.voice.names import fillers
from moderator.voice.recognizer import Recognizer
from moderator.voice.reject import RejectPolicy, edit_distance, normalize
from moderator.voice.result import Hypothesis, Word
from moderator.voice.stream import Stream

#: pocketsphinx has no unknown-word token. With ``with_unk`` the JSGF grammar gets a competing
#: ``<garbage>`` rule (one of ~150 frequent English words); its words come out as this token.
GARBAGE = "<garbage>"
#: A filler word is left out of a grammar's <garbage> rule when one of its pronunciations is within this
#: many phones of a grammar word's.
GARBAGE_MIN_PHONES = 1
#: Filler words shorter than this many phones ("a", "the", "did") match pieces of real commands: left out.
GARBAGE_MIN_LENGTH = 3
#: With filler words in a grammar (:func:`moderator.voice.names.fillers`), each other sentence weighs this
#: many fillers in the JSGF rule (``/weight/``), so a command outweighs any one filler (issue 27).
COMMAND_WEIGHT = 10
#: With filler words in a grammar, talk may be heard as this many of them in a row (1 or 2): the grammar
#: is ``/10/ ( command ) | ... | /1/ <f> | /1/ ( <f> <f> )`` with ``<f>`` one of the fillers. A loop
#: ``( <f> )+`` would cover any length but makes pocketsphinx's FSG search 50-1000x slower; two cover the
#: multi-word talk a single filler could not ("who nominated Dana?" forced into "repeat that"):
#: bench/results/talk-reject-en.md.
FILLER_RUN = 1
#: Whether :meth:`PocketsphinxRecognizer.verify_text` takes the best path through the word lattice (as every
#: other search does) rather than the search's own best history. Only the text is wanted there, and the
#: lattice's best path is most of the check's time (an English command's 40-110 ms, long talk's up to
#: a second: bench.verify_paths), but without it more talk wins against its words: 258 instead of 196 of
#: 1,923 talk answers on the choose half, 48 instead of 36 of 593 on the outside talk set
#: (bench/results/verify-paths-en.md). Kept on.
VERIFY_BESTPATH = True
#: The check's own pruning beams (pocketsphinx's ``beam``, ``pbeam``, ``wbeam``), read as its search is made;
#: empty: the decoder's (bench.verify_paths).
VERIFY_BEAMS: dict[str, float] = {}
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
        ps = require("pocketsphinx", "for_english_asr")
        self.lang = spec.lang
        self.model_name = spec.source
        self.unk = GARBAGE
        self.fillers = frozenset(fillers(self.lang))
        """The filler words a grammar may hold (outweighed by its commands: :data:`COMMAND_WEIGHT`)."""
        self._lock = threading.RLock()
        self._searches: dict[tuple[tuple[str, ...], bool, frozenset[str], int, int], str] = {}
        self._verifiers: dict[tuple[object, ...], str] = {}
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
        key = (tuple(phrases), with_unk, self.fillers, FILLER_RUN, COMMAND_WEIGHT)
        name = self._searches.get(key)
        if name is None:
            name = "g" + hashlib.sha1(repr(key).encode()).hexdigest()[:16]
            mine = [p.lower() for p in key[0] if p.lower() in self.fillers]
            rules = ""
            if mine and FILLER_RUN > 1:  # the fillers as one rule: one or two of them in a row
                cmds = [p.lower() for p in key[0] if p.lower() not in self.fillers]
                body = " | ".join([*(f"/{COMMAND_WEIGHT}/ ( {p} )" for p in cmds), "/1/ <f>", "/1/ ( <f> <f> )"])
                rules = f"<f> = ( {' | '.join(dict.fromkeys(mine))} );\n"
            else:

                def weight(p: str) -> str:
                    return "" if not mine else "/1/ " if p.lower() in self.fillers else f"/{COMMAND_WEIGHT}/ "

                body = " | ".join(f"{weight(p)}( {p.lower()} )" for p in key[0])
            if with_unk:
                grammar_words = {w for p in key[0] for w in p.lower().split()}
                # a filler that sounds like, or one phone away from, a grammar word ("to" / "two",
                # "when" / "one") swallows it: bench/results/policy-en.md
                sounds = [s.split() for w in grammar_words for s in self._pronunciations(w)]
                garbage = [w for w in GARBAGE_WORDS if w not in grammar_words and self.has_word(w)
                           and min(len(f.split()) for f in self._pronunciations(w)) >= GARBAGE_MIN_LENGTH
                           and not any(edit_distance(f.split(), s) <= GARBAGE_MIN_PHONES
                                       for f in self._pronunciations(w) for s in sounds)]  # fmt: skip
                body += " | <garbage>"
                # one filler word, not a loop: "( ... )+" makes pocketsphinx's FSG search
                # 50-1000x slower (measured: 5.7 s for 5 words on a 7 s clip, 74 s for 20)
                rules += f"<garbage> = ( {' | '.join(garbage)} );\n"
            jsgf = f"#JSGF V1.0;\ngrammar {name};\npublic <cmd> = {body};\n{rules}"
            self._decoder.add_jsgf_string(name, jsgf)
            self._searches[key] = name
        return name

    def _utterance(self, pcm: bytes, search: str) -> Any:
        """The decoder, having decoded ``pcm`` (16 kHz, :func:`no_digital_silence`) as one utterance in
        ``search`` (call holding the lock)."""
        d = self._decoder
        d.activate_search(search)
        d.reinit_feat()  # resets CMN / noise state: the same audio always decodes the same way
        d.start_utt()
        d.process_raw(pcm, full_utt=True)
        d.end_utt()
        return d

    def verify_text(self, pcm: bytes, rate: int, phrase: str, talk: Sequence[str]) -> str:
        """pocketsphinx's JSGF: ``phrase`` (weighed :data:`COMMAND_WEIGHT`) against one or two words of
        ``talk`` in a row (a rule of its own: a longer run slows the FSG search many times over)."""
        phrase = normalize(phrase)
        words = [w.lower() for w in self.talk_against(phrase, talk)]
        if not words:
            return phrase
        key = ("verify", phrase, tuple(words), VERIFY_BESTPATH, tuple(sorted(VERIFY_BEAMS.items())))
        pcm = no_digital_silence(resample(pcm, rate, SAMPLE_RATE))
        with self._lock:
            name = self._verifiers.get(key)
            if name is None:
                name = "v" + hashlib.sha1(repr(key).encode()).hexdigest()[:16]
                config = self._decoder.config
                made = {"bestpath": VERIFY_BESTPATH, **VERIFY_BEAMS}  # a search reads them as it is made
                kept = {k: config[k] for k in made}
                for k, v in made.items():
                    config[k] = v
                try:
                    self._decoder.add_jsgf_string(name, (
                        f"#JSGF V1.0;\ngrammar {name};\npublic <cmd> = /{COMMAND_WEIGHT}/ ( {phrase} ) | /1/ <t> | "
                        f"/1/ ( <t> <t> );\n<t> = ( {' | '.join(words)} );\n"))  # fmt: skip
                finally:
                    for k, v in kept.items():
                        config[k] = v
                self._verifiers[key] = name
            hyp = self._utterance(pcm, name).hyp()
        return "" if hyp is None else normalize(str(hyp.hypstr))

    def stream(self, phrases: Sequence[str]) -> Stream | None:
        if not self.single_pass():
            return None
        return PocketsphinxStream(self, [normalize(p) for p in phrases])

    def decode(self, pcm: bytes, rate: int, phrases: Sequence[str] | None, *, with_unk: bool = False) -> Hypothesis:
        pcm = no_digital_silence(resample(pcm, rate, SAMPLE_RATE))
        with self._lock:
            d = self._utterance(pcm, self._default_search if phrases is None else self._search_for(phrases, with_unk))
            hyp = d.hyp()
            if hyp is None:
                return Hypothesis("")
            frate = float(d.config["frate"])
            words = tuple(
                Word(
                    seg.word.split("(")[0],
                    float(seg.prob),
                    seg.start_frame / frate,
                    (seg.end_frame + 1) / frate,
                    fit(seg.ascore, seg.end_frame + 1 - seg.start_frame),
                )
                for seg in d.seg()
                if not seg.word.startswith(("<", "["))  # <s>, </s>, <sil>, [NOISE], [SPEECH], ...
            )
        if phrases is not None and with_unk:
            legal = {w for p in phrases for w in p.lower().split()}
            words = tuple(w if w.text in legal else Word(GARBAGE, w.conf, w.start, w.end) for w in words)
        return Hypothesis(" ".join(w.text for w in words), words)


class PocketsphinxStream(Stream):
    """Partial results while the speech goes on (for the early end of an utterance), on the shared
    decoder, held until :meth:`close`. Not the final result: pocketsphinx's live feature normalisation
    differs from a whole utterance's, so the answer is decoded again in one pass (about 25 ms) and
    stays what it was."""

    def __init__(self, owner: PocketsphinxRecognizer, phrases: Sequence[str]) -> None:
        self.phrases = tuple(phrases)
        self._owner = owner
        owner._lock.acquire()
        self._held = True
        d = owner._decoder
        d.activate_search(owner._search_for(phrases, False))
        d.reinit_feat()
        d.start_utt()
        self._at = 0
        """Samples fed so far: where the next block begins in the floor (:func:`no_digital_silence`)."""

    def feed(self, pcm: bytes) -> None:
        self._owner._decoder.process_raw(no_digital_silence(pcm, self._at), False, False)
        self._at += len(pcm) // 2

    def partial(self) -> str:
        hyp = self._owner._decoder.hyp()
        return " ".join(str(hyp.hypstr).split()) if hyp is not None else ""

    def finish(self, pcm: bytes) -> Hypothesis | None:
        return None

    def close(self) -> None:
        if self._held:
            self._held = False
            try:
                self._owner._decoder.end_utt()
            finally:
                self._owner._lock.release()


#: The fit of a word whose acoustic score underflowed (far worse than any word said: bench.fit).
FIT_FLOOR = -50.0


def fit(ascore: float, frames: int) -> float:
    """A word's :attr:`~moderator.voice.result.Word.fit` from its segment: pocketsphinx scores each frame
    against the best-scoring senone of that frame, and the binding gives the word's acoustic score as a
    likelihood (``exp``), so its log per frame. A score that underflowed to 0 is the worst fit."""
    return max(math.log(ascore), FIT_FLOOR * frames) / max(1, frames) if ascore > 0.0 else FIT_FLOOR


class _Floor:
    """The values of :func:`no_digital_silence`'s floor, in order: those ``random.Random(0).randint(-2, 2)``
    draws one by one, drawn here from numpy's Mersenne Twister set to the same state (a 32-bit draw's top
    three bits, below 5, less 2: how ``randint`` draws them), and kept. A pure-Python loop over the samples
    took 38 ms a second of audio, twice an English answer checked against talk (bench.run latency)."""

    def __init__(self) -> None:
        import numpy as np

        state = random.Random(0).getstate()[1]
        self._bits = np.random.MT19937()
        self._bits.state = {"bit_generator": "MT19937",
                            "state": {"key": np.array(state[:624], dtype=np.uint32), "pos": state[624]}}  # fmt: skip
        self._values = np.empty(0, dtype=np.int32)
        self._lock = threading.Lock()

    def values(self, start: int, n: int) -> Any:
        """The floor's values ``start`` to ``start + n`` (an int32 array)."""
        import numpy as np

        with self._lock:
            while len(self._values) < start + n:
                top = self._bits.random_raw(max(4096, (start + n - len(self._values)) * 8 // 5 + 64)) >> 29
                self._values = np.concatenate([self._values, (top[top < 5] - 2).astype(np.int32)])
            return self._values[start : start + n]


@functools.cache
def _floor() -> _Floor:
    """The one floor, made on first use."""
    return _Floor()


def no_digital_silence(pcm: bytes, start: int = 0) -> bytes:
    """The signal with a room's quietest floor added: a fixed pseudo-random ±2 (of 32768).

    pocketsphinx's features take a log of the frame energy: runs of exact zeros (synthetic audio,
    padding) can make a closed grammar decode to nothing. No microphone delivers exact zeros. The
    noise is seeded, so the same audio still decodes the same way; ``start``: where in the floor this
    audio begins (a stream fed block by block)."""
    import numpy as np

    samples = np.frombuffer(pcm, dtype="<i2").astype(np.int32)
    return bytes(np.clip(samples + _floor().values(start, len(samples)), -32768, 32767).astype("<i2").tobytes())
