"""The recognizer interface every speech backend implements, and the rejection policies chosen by
measurement. The backends: :mod:`moderator.voice.asr` (Vosk, and the loader) and
:mod:`moderator.voice.sphinx` (pocketsphinx en-us)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from moderator.voice.audio import SAMPLE_RATE, SAMPLE_WIDTH, resample
from moderator.voice.models import check_vocabulary
from moderator.voice.reject import RejectPolicy, decide, normalize
from moderator.voice.result import Hypothesis, Result
from moderator.voice.stream import Stream

#: Policies chosen by measurement: bench/results/policy-ko.md and policy-en.md (`python -m bench.policy`),
#: on bench.run's corpus (every step kind's grammar, 3 espeak-ng voices x 2 rates, clean and 10 dB SNR)
#: and real off-topic recordings (developers' speech sets, not shipped) through every step's grammar.
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
    # Then table talk is heard as talk (issue 27, bench/results/talk-reject-ko.md, `python -m
    # bench.talk_reject`): every step's grammar also holds 290 filler words (data/commands/fillers.ko.txt,
    # moderator/voice/names.py `fillers`, decoys the loop rejects when heard; chosen by bench.fillers from
    # the project's talk lines and wordfreq's Korean list: words of two syllables or more, far from every
    # command word, never heard in a command said by the choose half's voices), and Vosk is given each
    # command 10 times (asr.COMMAND_WEIGHT) so a command outweighs a filler. Off-topic acted on silently,
    # every step kind (espeak-ng talk lines + real Zeroth sentences): choose half 6.1% -> 0.4% (68 -> 4 of
    # 1118; yes/no 13.0% -> 1.8%), report half 0.7% -> 0.0% (8 -> 0 of 1200). The cost is refused commands:
    # synthetic commands right, clean / 20 dB / 10 dB: choose half on voices not used to prune 56.4/50.6/40.1%
    # -> 52.3/52.3/43.0% (silent wrong 0/8/8 -> 0/3/5); report half 64.5/37.8/34.3% -> 48.8/29.7/31.4% (silent
    # wrong 1/4/5 -> 0/2/2; the rest refused, asked again). 600 unpruned fillers rejected all talk but left 15%
    # of commands right; without the weight, 100 fillers cost 23 of 81 right answers where weight 10 cost 11.
    # One answer decoded in one pass: median 25 -> 44 ms.
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
    # Filler words (issue 27) measured and not taken in English (bench/results/talk-reject-en.md): wordfreq's
    # 600 most frequent English words at least 3 phones long and 2 phones from every command word, weighted
    # 1 to a command's 10 in the JSGF rule: off-topic acted on silently 12.8% -> 0.8% (choose half), but
    # commands right 92.9% -> 64.3% clean, 81.1% -> 52.6% at 20 dB. Pruned against the choose half's commands
    # (as the Korean list was), 150 words: 3.2% and 87.8% / 73.0% (choose), report half 8.7% -> 4.1% and
    # 79.6% -> 77.0% clean; 79 words pruned as the app hears: 6.2% and 92.3% / 76.0%. None reaches 1% without
    # losing commands (what is left is multi-word talk forced into "repeat that"): no fillers.en.txt is
    # shipped, so English grammars are as before. Instead "repeat that", "continue" and "cancel" are heard
    # again against common words (Recognizer.verify, voice.verify in en.yaml): report half 8.2% -> 1.9%.
    # And an answer whose worst word fits the sound below -4.3 (Word.fit: log-likelihood per frame against
    # each frame's best model state) is a misfit: a change to the game is read back. Talk forced into a
    # sentence fits it worse than the sentence said ("security" as "seat two": -6.8). Line chosen on the choose
    # half (bench.fit; bench/results/fit-en.md), where doubting such answers took talk acted on silently 2.6% ->
    # 1.1% (seat 3.8% -> 0.8%) but dropped a plain "continue" now and then (its fit moves with where the
    # endpointer cuts: -3.3 to -4.6): next, back, repeat, yes and no are weighed against talk's words instead
    # (voice.verify), and a misfit never drops them. Real speech fits better than espeak-ng's: real yes and no
    # -1.7 to -2.7, FSDD digits 1 of 37 below the line.
    "pocketsphinx": RejectPolicy(unk_in_grammar=False, min_word_conf=None, max_uncovered=0.4, loud_rel=0.3,
                                 misfit_below=-4.3),
}


def phrase_won(said: str, phrase: str) -> bool:
    """Whether :meth:`Recognizer.verify_text`'s ``said`` is ``phrase`` (or its words again), not talk."""
    words = normalize(said).split()
    return bool(words) and set(words) <= set(normalize(phrase).split())


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

    def verify(self, pcm: bytes, rate: int, phrase: str, talk: Sequence[str]) -> bool:
        """Whether ``phrase`` still wins when the grammar is ``phrase`` against the words of ``talk`` (those
        the model knows), one or two in a row: talk forced into a short command ("who died?" heard as "repeat
        that") decodes as talk there. The phrase said twice ("아니요 아니요": Vosk's bigram lets it follow
        itself) still wins."""
        return phrase_won(self.verify_text(pcm, rate, phrase, talk), phrase)

    @abstractmethod
    def verify_text(self, pcm: bytes, rate: int, phrase: str, talk: Sequence[str]) -> str:
        """What :meth:`verify` heard: ``phrase``, talk's words, or "" (bench.verify_words prunes on it);
        ``phrase`` itself when none of :meth:`talk_against` is left to weigh it against."""

    def talk_against(self, phrase: str, talk: Sequence[str]) -> list[str]:
        """The words of ``talk`` a :meth:`verify` of ``phrase`` weighs it against: those the model knows,
        once each, the phrase itself left out."""
        return [w for w in dict.fromkeys(talk) if w != phrase and self.has_word(w)]

    def stream(self, phrases: Sequence[str]) -> Stream | None:
        """Incremental decoding of one utterance in the grammar ``phrases`` (see
        :mod:`moderator.voice.stream`), or None when this engine or policy cannot (more than one pass)."""
        return None

    def single_pass(self, policy: RejectPolicy | None = None) -> bool:
        """Whether ``policy`` needs only the grammar pass (then a streamed decoding can stand for it)."""
        pol = policy or self.policy
        return not (pol.unk_in_grammar and self.unk is not None) and not pol.nbest_rescue and not pol.needs_dictation

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
        decoded: Hypothesis | None = None,
    ) -> Result:
        """Recognise one utterance. With ``phrases``, the result is a legal phrase or rejected.
        ``decoded``: the grammar pass, already decoded while the utterance was spoken (used when the
        policy needs that pass only)."""
        if len(pcm) % SAMPLE_WIDTH:
            raise ValueError("pcm must be 16-bit samples")
        if phrases is None:
            hyp = self.decode(pcm, rate, None)
            text = normalize(hyp.text)
            return Result(text, hyp.words, rejected=not text, reason=None if text else "silence")
        phrases = [normalize(p) for p in phrases]
        self.check_vocabulary(phrases)
        pol = policy or self.policy
        alternatives: list[str] = []
        dictation: Hypothesis | None = None
        without_unk: Hypothesis | None = None
        if decoded is not None and self.single_pass(pol):
            grammar = decoded
        else:
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
            misfit=decision.misfit and not decision.rejected,
        )
