"""Names the model can say: spoken forms made of words it knows, and the sentences that use them.

A written name the model has no word for ("Ravenkeeper", "까마귀지기") gets spoken forms in the
``voice.names`` table of data/commands/<lang>.yaml ("raven keeper", "까마귀 지기"). The loop listens
for every sentence with the name replaced by each form, and hands the parser the written sentence
back (:class:`SpokenForms`). Nothing here knows a game: names are text.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from moderator.commands.parse import normalise
from moderator.commands.phrases import Intent, phrases
from moderator.i18n import Lang
from moderator.paths import data_dir

HasWord = Callable[[str], bool]


def spoken_names(lang: Lang) -> dict[str, tuple[str, ...]]:
    """The ``voice.names`` table of ``lang`` (written name, normalised -> spoken forms)."""
    voice = phrases(lang).voice
    table = voice.names if voice else {}
    return {normalise(name): tuple(normalise(f) for f in forms) for name, forms in table.items()}


def decoys(lang: Lang) -> list[str]:
    """The decoys of ``lang``: its ``voice.decoys`` (short words that are no answer but sound like one),
    then its :func:`fillers`. Each step's grammar holds them; heard, they are rejected."""
    voice = phrases(lang).voice
    own = [normalise(d) for d in voice.decoys] if voice else []
    return list(dict.fromkeys([*own, *fillers(lang)]))


@functools.cache
def _word_list(name: str) -> tuple[str, ...]:
    """data/commands/``name``: one word a line, ``#`` comments, normalised, first occurrence kept (none when
    there is no such file)."""
    path = data_dir() / "commands" / name
    if not path.is_file():
        return ()
    lines = (line.split("#", 1)[0].strip() for line in path.read_text(encoding="utf-8").splitlines())
    return tuple(dict.fromkeys(normalise(line) for line in lines if line))


def fillers(lang: str) -> list[str]:
    """Common words of ``lang`` far from every command word (data/commands/fillers.<lang>.txt, one a
    line, most frequent first; none when there is no such file): with them in a step's grammar, table
    talk decodes as talk instead of being forced into the nearest command (issue 27)."""
    return list(_word_list(f"fillers.{lang}.txt"))


def talk_words(lang: str) -> list[str]:
    """The words a ``voice.verify`` command must win against (data/commands/talk.<lang>.txt, one a line;
    none when there is no such file): common words of the language, table talk's stuff."""
    return list(_word_list(f"talk.{lang}.txt"))


def verified(lang: Lang) -> dict[Intent, list[str]]:
    """The ``voice.verify`` commands of ``lang``, each with the talk words it must win against."""
    voice = phrases(lang).voice
    words = talk_words(lang)
    if voice is None or not words:
        return {}
    out: dict[Intent, list[str]] = {}
    for intent, spared in voice.verify.items():
        left_out = {normalise(w) for w in spared}
        out[intent] = [w for w in words if w not in left_out]
    return out


def plain_forms(lang: Lang) -> dict[Intent, tuple[str, ...]]:
    """The ``voice.plain`` one-word forms of ``lang`` ("repeat"), per command."""
    voice = phrases(lang).voice
    return {i: tuple(normalise(f) for f in forms) for i, forms in voice.plain.items()} if voice else {}


def wake_phrases(lang: Lang) -> list[str]:
    """The ``voice.wake`` phrases of ``lang``, the default first."""
    voice = phrases(lang).voice
    return [normalise(w) for w in voice.wake] if voice else []


def sayable(phrase: str, has_word: HasWord) -> bool:
    """Whether every word of ``phrase`` is in the model's vocabulary."""
    words = phrase.split()
    return bool(words) and all(has_word(w) for w in words)


def spoken_forms(name: str, aliases: Mapping[str, Sequence[str]], has_word: HasWord) -> list[str]:
    """The forms of ``name`` the model can say: the name itself when it knows every word, then its
    aliases made of known words (an empty list: the name cannot be said)."""
    key = normalise(name)
    return [f for f in (key, *aliases.get(key, ())) if sayable(f, has_word)]


def unsayable(names: Iterable[str], aliases: Mapping[str, Sequence[str]], has_word: HasWord) -> list[str]:
    """The names with no spoken form the model knows, in the order given."""
    return [n for n in names if not spoken_forms(n, aliases, has_word)]


@dataclass
class SpokenForms:
    """Sentences with each aliased name replaced by its spoken forms, and the way back."""

    aliases: Mapping[str, Sequence[str]]
    written: dict[str, str] = field(default_factory=dict)
    """Each spoken sentence to the written sentence it stands for."""

    def expand(self, sentences: Iterable[str]) -> list[str]:
        """Every sentence as the model may hear it: as written, normalised (no hyphen or dot), and
        with each aliased name in it replaced by each of its forms (words the model lacks are
        dropped later, with the others)."""
        out: dict[str, None] = {}
        for sentence in sentences:
            for spoken in self._variants(sentence):
                self.written.setdefault(spoken, sentence)
                out[spoken] = None
        return list(out)

    def _variants(self, sentence: str) -> list[str]:
        variants = list(dict.fromkeys([sentence, normalise(sentence)]))  # "pit-hag" is said "pit hag"
        for name, forms in self.aliases.items():
            pattern = re.compile(rf"(?<!\S){re.escape(name)}(?!\S)")
            variants += [pattern.sub(form, v) for v in list(variants) if pattern.search(v) for form in forms]
        return variants

    def written_form(self, spoken: str) -> str:
        """The written sentence a heard sentence stands for (itself when it has no alias)."""
        return self.written.get(spoken, spoken)
