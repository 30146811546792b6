"""Plain data returned by the recognizers."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Word:
    """One recognised word. ``conf`` is the engine's posterior in [0, 1]; times are in seconds."""

    text: str
    conf: float
    start: float
    end: float
    fit: float | None = None
    """How well the sound fits the word: its acoustic log-likelihood per 10 ms frame against the
    best-scoring model state of each frame (0 is the best any word could do there; pocketsphinx). Talk
    forced into a closed grammar fits the words it is forced into worse than the words said. None: the
    engine gives none."""


def worst_fit(words: Iterable[Word]) -> float | None:
    """The lowest :attr:`Word.fit` of ``words`` (None: no word has one)."""
    return min((w.fit for w in words if w.fit is not None), default=None)


@dataclass(frozen=True)
class Hypothesis:
    """The raw output of one decoding pass (closed grammar or free dictation)."""

    text: str
    words: tuple[Word, ...] = ()
    alternatives: tuple[str, ...] = ()  # N-best texts, best first (only when asked for)

    @property
    def min_conf(self) -> float:
        return min((w.conf for w in self.words), default=0.0)

    @property
    def min_fit(self) -> float | None:
        """The worst :attr:`Word.fit` of the words (None: the engine gives none)."""
        return worst_fit(self.words)


@dataclass(frozen=True)
class Result:
    """What :meth:`Recognizer.recognize` returns.

    ``phrase`` is the legal grammar phrase that was heard (``None`` when rejected or when
    decoding freely); ``text`` is the decoder's raw text; ``reason`` says why it was rejected.
    """

    text: str
    words: tuple[Word, ...]
    rejected: bool
    phrase: str | None = None
    reason: str | None = None
    dictation: str | None = None  # the free-dictation text, when the rejection policy ran that pass
    details: dict[str, float] = field(default_factory=dict)
    doubtful: bool = False
    """Accepted, but the policy has doubts (a low word confidence inside the doubt band, say): the
    loop reads a state-changing answer back for a yes/no and asks again for any other."""
    misfit: bool = False
    """Accepted, but a word fits the sound badly (``RejectPolicy.misfit_below``): the loop reads a
    state-changing answer back, as for a low confidence; any other is taken."""

    @property
    def confidences(self) -> tuple[float, ...]:
        return tuple(w.conf for w in self.words)
