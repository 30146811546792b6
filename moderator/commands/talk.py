"""How a table talks around an answer: a question or a maybe (never taken as a fact), the words said
around an answer (fillers, particles, endings), and a name typed one letter off."""

from __future__ import annotations

import difflib
import itertools
import re
import unicodedata

from moderator.commands.command import Command, Vocabulary
from moderator.commands.normalise import normalise, one_off
from moderator.commands.phrases import (
    Intent,
    Phrases,
)
from moderator.i18n import Lang


class TableTalk:
    """The parser's reading of table talk (a part of :class:`~moderator.commands.parse.Parser`)."""

    lang: Lang
    vocab: Vocabulary
    data: Phrases
    _value_words: dict[str, str | bool]
    _number_words: dict[str, int]

    def doubted(self, utterance: str) -> bool:
        """Whether the line asks or doubts (see :class:`Talk`)."""
        if utterance.rstrip().endswith(("?", "\uff1f")):
            return True
        words = normalise(utterance).split()
        if not words:
            return False
        talk = self.data.talk
        known = {*self._value_words, *self.vocab.players, *self.vocab.characters, *self._number_words}
        last = words[-1]
        if last not in known and any(last.endswith(e) and last != e for e in talk.question_endings):
            return True
        if words[0] in talk.question_starts and len(words) > 1:
            return True
        return any(w.startswith(d) for w in words for d in talk.doubts)

    def _undoubted(self, utterance: str) -> list[str]:
        """The line without what made it a question or a maybe: what it would say as a fact. A question's
        last word may stand for several statements ("죽었나요": "죽었나요", "죽었어"; "시작인가요": "시작"),
        the line as it is first."""
        talk = self.data.talk
        words = [w for w in normalise(utterance).split() if not any(w.startswith(d) for d in talk.doubts)]
        while words and words[-1] in ("것", "거", "듯"):
            words.pop()
        if words and words[0] in talk.question_starts:
            words = words[1:]
        out = [" ".join(words)]
        endings = sorted((normalise(e) for e in talk.question_endings), key=len, reverse=True)
        last = words[-1] if words else ""
        for e in endings:
            if last.endswith(e) and len(last) > len(e):
                stem = last[: -len(e)]
                stems = [stem, *(stem[: -len(c)] for c in talk.copulas if stem.endswith(c) and len(stem) > len(c))]
                out += [" ".join([*words[:-1], s + end]) for s in stems for end in ["", *talk.statement_endings]]
                break
        return list(dict.fromkeys(x for x in out if x))

    def _forms(self, text: str) -> list[str]:
        """``text`` as said, then without the words around an answer: each way of taking them off
        (fillers before it, particles after a seat or a name, an ending on the last word), the fewest first."""
        talk = self.data.talk
        fillers = {normalise(f) for f in talk.fillers}
        particles = sorted((normalise(p) for p in talk.particles), key=len, reverse=True)
        endings = sorted((normalise(e) for e in talk.endings), key=len, reverse=True)
        names = set(self.vocab.players)

        def unfilled(words: list[str]) -> list[str]:
            while len(words) > 1 and words[0] in fillers:
                words = words[1:]
            return words

        def unmarked(words: list[str]) -> list[str]:
            kept: list[str] = []
            roles: list[str] = []  # the case a particle gave each word: the one who acts, or the one acted on
            for w in words:
                if w in particles and kept:
                    continue  # "민수 씨"
                p = next((p for p in particles if w.endswith(p) and len(w) > len(p)
                          and (w[: -len(p)] in names or re.fullmatch(r"[0-9]+\s*번", w[: -len(p)]))), "")  # fmt: skip
                kept.append(w[: -len(p)] if p else w)
                roles.append("object" if p.endswith(("을", "를")) else "subject" if p.endswith(("이", "가", "은", "는"))
                             and len(p) <= 2 else "")  # fmt: skip
            # "5번을 3번이 지명": the one acted on said first; the answer names the one who acts first.
            if "object" in roles and "subject" in roles and roles.index("object") < roles.index("subject"):
                i, j = roles.index("object"), roles.index("subject")
                kept[i], kept[j] = kept[j], kept[i]
            return kept

        def unended(words: list[str]) -> list[str]:
            for ending in endings:
                if words and words[-1].endswith(ending) and len(words[-1]) > len(ending):
                    return [*words[:-1], words[-1][: -len(ending)]]
            return words

        steps = (unended, unmarked, unfilled)
        words = normalise(text).split()
        forms = [" ".join(words)]
        for n in range(1, len(steps) + 1):
            for combo in itertools.combinations(steps, n):
                w = words
                for fn in combo:
                    w = fn(w)
                forms.append(" ".join(w))
        return list(dict.fromkeys(f for f in forms if f))

    def _close_players(self, heard: str) -> list[str]:
        """``heard`` with one word that is no name taken as the player's name it is typed close to ("민쑤"
        for 민수, "유냐" for 유나: one letter or jamo off, a particle after it kept), each way once."""
        names = [n for n in self.vocab.players if len(n) >= 2]
        if not names:
            return []
        known = {*names, *self._value_words, *self.vocab.characters, *self._number_words}
        words = normalise(heard).split()
        out: list[str] = []
        for i, w in enumerate(words):
            if w in known:
                continue
            for name in names:
                for cut in range(len(w), max(len(name) - 2, 0), -1):  # the word, or its start (a particle after it)
                    if one_off(w[:cut], name):
                        out.append(" ".join([*words[:i], name + w[cut:], *words[i + 1 :]]))
                        break
        return list(dict.fromkeys(out))

    def _close_character(self, heard: str, allow: set[Intent] | None) -> Command | None:
        """A character's name typed close to one ("washrwoman", "임ㅍ"), where a character is asked."""
        if allow is not None and "character" not in allow:
            return None
        key = normalise(heard)
        if len(key) < 2:
            return None
        flat = unicodedata.normalize("NFD", key)
        best, score = None, 0.0
        for name, cid in self.vocab.characters.items():
            r = difflib.SequenceMatcher(None, flat, unicodedata.normalize("NFD", name)).ratio()
            if r > score:
                best, score = cid, r
        return Command("character", character=best, text=heard) if best and score >= self.data.talk.close_to else None
