"""The parser's other direction: a command said plainly (a read-back), the sentences a step allows
(for a closed grammar), and one example of each (for \"say one of ...\")."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from moderator.commands.command import ALWAYS, CHOOSING, Command, Vocabulary
from moderator.commands.normalise import normalise
from moderator.commands.phrases import (
    Intent,
    Node,
    Phrases,
    Slot,
    Words,
    expand,
    parse_template,
)
from moderator.i18n import Lang
from moderator.korean.particles import resolve_particles


class Saying:
    """What a parser says (a part of :class:`~moderator.commands.parse.Parser`)."""

    lang: Lang
    vocab: Vocabulary
    data: Phrases

    def say(self, cmd: Command) -> str:
        """``cmd`` said plainly in this language (its first template, with its values): what a read-back says."""
        v = self.data.values
        seats = [str(s) for s in cmd.seats]
        names = [n for n, c in self.vocab.characters.items() if c == cmd.character]
        mine = [n for n in names if any("\uac00" <= ch <= "\ud7a3" for ch in n) == (self.lang == "ko")]
        sample = {
            "n": seats[0] if seats else "", "m": seats[1] if len(seats) > 1 else "",
            "k": str(cmd.number) if cmd.number is not None else "", "yes": v.yes[0], "no": v.no[0],
            "player": seats[0] if seats else "", "player2": seats[1] if len(seats) > 1 else "",
            "character": (mine or names or [cmd.character or ""])[0], "seats": " ".join(seats[2:] or seats),
            "value": str(cmd.value or ""), "values": str(cmd.value or ""), "text": cmd.words or "",
            # the word of a value ("중독" for poisoned): a read-back says what a yes does, "6번 중독", not "6번"
            "status": _word(v.status or {}, cmd.value), "alignment": _word(v.alignment, cmd.value),
            "direction": _word(v.direction, cmd.value),
        }  # fmt: skip
        own = self.data.examples.get(cmd.intent)
        templates = [own] if own else self.data.intents.get(cmd.intent, [])
        if not templates:
            return cmd.text
        said = " ".join(_example(parse_template(templates[0]), sample).split())
        if self.lang == "ko":
            said = resolve_particles(re.sub(r"(?<=[0-9]) (?=[번표명장개])", "", said))
        return said

    def plain_yes(self) -> str:
        """The first yes word that is no number word ("예": "네" is also 4): a yes shown, as an example."""
        numbers = {normalise(w) for ws in self.data.numbers.values() for w in ws}
        return next((w for w in self.data.values.yes if normalise(w) not in numbers), self.data.values.yes[0])

    def declines(self, line: str) -> bool:
        """Whether ``line`` is a plain no ("아니요", "no"), as said to a read-back: nothing is then done."""
        said = normalise(line).rstrip(".!")
        return said in {normalise(w) for w in self.data.values.no}

    def read_back(self, cmd: Command) -> str:
        """A tentative line read back (:attr:`Talk.read_back`): what it would do, and that a yes does it."""
        said = self.data.talk.read_back.format(meaning=self.say(cmd))
        return resolve_particles(said) if self.lang == "ko" else said

    def sentences(self, intents: Iterable[Intent], numbers: Iterable[int] | None = None) -> list[str]:
        """Every sentence the ``intents`` allow here, in their spoken forms (for a closed grammar).

        The phrase file's ``voice`` section, when there is one, says which forms are spoken.
        """
        voice = self.data.voice
        number_words = voice.numbers if voice else self.data.numbers
        templates = voice.intents if voice else self.data.intents
        nums = list(numbers) if numbers is not None else list(range(0, self.vocab.max_number + 1))
        seat_words = [w for s in (self.vocab.seats or nums) for w in number_words.get(s, [])]
        num_words = [w for n in nums for w in number_words.get(n, [])]
        v = voice.values if voice and voice.values else self.data.values
        values = {
            "n": seat_words, "m": seat_words, "k": num_words, "seats": seat_words,
            "player": list(self.vocab.players), "player2": list(self.vocab.players),
            "character": list(self.vocab.characters),
            "direction": [w for ws in v.direction.values() for w in ws],
            "alignment": [w for ws in v.alignment.values() for w in ws],
            "yes": v.yes, "no": v.no,
            "value": [*num_words, *[w for ws in v.direction.values() for w in ws], *v.yes, *v.no],
            "status": [w for ws in v.status.values() for w in ws], "reminder": list(self.vocab.reminders),
            "step": [*self.vocab.characters, *(w for ws in v.steps.values() for w in ws)], "values": num_words,
        }  # fmt: skip
        wanted = list(dict.fromkeys([*intents, *ALWAYS]))
        spoken = dict(templates)
        if voice and voice.nobody and CHOOSING & set(wanted) and "yes" not in wanted:
            spoken["no"] = voice.nobody  # "no" chooses nobody here: said as "nobody"
        out: list[str] = []
        for intent in wanted:
            for t in spoken.get(intent, []):
                out += expand(parse_template(t), values)
        return list(dict.fromkeys(s for s in out if s))

    def _example_name(self) -> str:
        """A character (or card) name written in this parser's language, for "say one of …"."""
        names = list(self.vocab.characters)
        mine = [n for n in names if any("\uac00" <= ch <= "\ud7a3" for ch in n) == (self.lang == "ko")]
        return next(iter(mine or names), "-")

    def examples(self, intents: Iterable[Intent], **samples: str) -> list[str]:
        """One readable example per allowed intent, for "say one of …"; ``samples``: a slot's example
        value in place of the usual one (``values="1"`` where the step shows a number)."""
        v = self.data.values
        sample = {
            "n": "3", "m": "5", "k": "4", "yes": v.yes[0], "no": v.no[0],
            "player": next(iter(self.vocab.players), "3"), "player2": next(iter(self.vocab.players), "5"),
            "character": self._example_name(),
            "direction": next(iter(v.direction.values()))[0], "alignment": next(iter(v.alignment.values()))[0],
            "value": "2", "values": "2", "seats": "2 5",
            "status": next(iter(v.status.values()), ["-"])[0] if v.status else "-",
            "reminder": self._example_reminder(), "text": "…", "step": self._example_name(),
        }  # fmt: skip
        sample.update(samples)
        out = []
        for intent in dict.fromkeys([*intents, *ALWAYS]):
            own = self.data.examples.get(intent)
            written = self.data.intents.get(intent, [])
            if own and written and any(f"{{{slot}}}" in written[0] for slot in samples):
                own = None  # the step's own sample in the template ("showed 1" where a number is shown)
            templates = [own] if own else written
            if templates:
                said = " ".join(_example(parse_template(templates[0]), sample).split())
                if self.lang == "ko":  # "3번", "4분", "미망인으로": as Korean is written
                    said = resolve_particles(re.sub(r"(?<=[0-9]) (?=[번표명분초장개])", "", said))
                out.append(said)
        return list(dict.fromkeys(out))

    def _example_reminder(self) -> str:
        names = list(self.vocab.reminders)
        mine = [n for n in names if any("\uac00" <= ch <= "\ud7a3" for ch in n) == (self.lang == "ko")]
        return next(iter(mine or names), "-")


def plain_example(template: str, sample: dict[str, str]) -> str:
    """``template`` said the plain way, its slots filled from ``sample`` (the help's examples, the docs' tables)."""
    return _example(parse_template(template), sample)


def _example(nodes: Sequence[Node], sample: dict[str, str]) -> str:
    """A template said the plain way: each choice's first option, no optional part."""
    out = ""
    for node in nodes:
        if isinstance(node, Words):
            out += node.text
        elif isinstance(node, Slot):
            out += sample.get(node.name, "")
        elif not node.optional:
            out += _example(node.options[0], sample)
        elif node.options == ((Words("으"),),):  # "{x}[으]로": the particle chosen by the word before it
            out += "(으)"
    return out


def _word(words: Mapping[Any, Sequence[str]], value: object) -> str:
    """The first word a phrase file gives ``value`` (a status, an alignment, a direction), or ""."""
    return (words.get(value) or [""])[0] if isinstance(value, str) else ""
