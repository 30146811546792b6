"""From an utterance (typed or recognised) to a :class:`Command`, against what is legal now."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TypeVar

from moderator.commands.phrases import Intent, Phrases, expand, parse_template, phrases, spaced, to_regex
from moderator.errors import Ambiguous, IllegalChoice, NotUnderstood
from moderator.i18n import Lang

T = TypeVar("T")

#: Always allowed, whatever the step expects.
ALWAYS: tuple[Intent, ...] = ("next", "back", "repeat", "pause")

#: Intents of a step that chooses a player or a character: there "no" means nobody.
CHOOSING: frozenset[Intent] = frozenset({"seat", "two_seats", "character"})

#: What a step that expects each kind of answer lets the storyteller say.
INTENTS_FOR: dict[str, tuple[Intent, ...]] = {
    "confirm": (),
    "seat": ("seat", "no"),
    "two_seats": ("two_seats", "seat", "no"),
    "character": ("character", "no"),
    "yesno": ("yes", "no"),
    "number": ("number",),
    "direction": ("direction",),
}


@dataclass(frozen=True)
class Command:
    """What the storyteller said, understood."""

    intent: Intent
    seats: tuple[int, ...] = ()
    character: str | None = None
    number: int | None = None
    value: str | int | bool | None = None
    """For ``showed``, ``direction``, ``alignment``: what was said."""
    text: str = ""


@dataclass
class Vocabulary:
    """What names mean in this game: players' names to seats, characters' names to ids."""

    seats: list[int] = field(default_factory=list)
    players: dict[str, int] = field(default_factory=dict)
    characters: dict[str, str] = field(default_factory=dict)
    max_number: int = 20


def normalise(text: str) -> str:
    """Lower case, NFC, no punctuation, single spaces. A minus sign before a number is kept as the
    word "minus", so "-1" never reads as 1."""
    text = unicodedata.normalize("NFC", text).casefold()
    text = re.sub(r"(?<![^\s(])[-\u2212\u2010\u2011\u2012\u2013\u2014\ufe63\uff0d]\s*(?=[0-9])", " minus ", text)
    text = re.sub(r"[^\w\s']", " ", text)
    return " ".join(text.split())


def _check_numbers(utterance: str, text: str) -> None:
    """Refuse, with the reason, a number that is not 0 to 999 in ASCII digits (², ①, ٣, -1, 4301…)."""
    odd = any(unicodedata.category(ch) in ("Nd", "No") and ch not in "0123456789" for ch in utterance)
    if odd or re.search(r"(?:^|\s)minus\s+[0-9]", text) or re.search(r"[0-9]{4,}", text):
        raise IllegalChoice("bad_number", text=utterance[:40])


def ascii_number(text: str) -> int | None:
    """``text`` as a number if it is 1 to 3 ASCII digits (not ², ①, ٣ or a 4,000-digit string)."""
    return int(text) if re.fullmatch(r"[0-9]{1,3}", text) else None


def lookup(table: Mapping[str, T], raw: str) -> T | None:
    """What ``raw`` names in ``table`` (keys normalised); the patterns let spaces be left out
    ("거리의악사" for "거리의 악사"), so a name typed without its spaces is found too."""
    key = normalise(raw)
    if key in table:
        return table[key]
    flat = key.replace(" ", "")
    return next((v for k, v in table.items() if k.replace(" ", "") == flat), None)


def _alt(words: Iterable[str]) -> str:
    items = sorted({normalise(w) for w in words if w}, key=len, reverse=True)
    return "|".join(spaced(w.split(" ")) for w in items) or "(?!)"


def parse_any(
    parsers: Iterable[Parser], utterance: str, allowed: Iterable[Intent], *, strict: bool = False
) -> Command | None:
    """The command the first parser that understands ``utterance`` reads (languages in order), or None.

    Raises:
        IllegalChoice: only with ``strict``, when no parser understands it and one says why (a seat
            that does not exist, a number that is not one): typed text is answered with the reason.
    """
    allow = list(allowed)
    why: IllegalChoice | None = None
    for parser in parsers:
        try:
            return parser.parse(utterance, allow)
        except (NotUnderstood, Ambiguous):
            continue
        except IllegalChoice as exc:
            why = why or exc
    if strict and why is not None:
        raise why
    return None


class Parser:
    """Parses utterances of one language for one game."""

    def __init__(self, lang: Lang, vocab: Vocabulary, data: Phrases | None = None) -> None:
        self.lang = lang
        self.vocab = vocab
        self.data = data or phrases(lang)
        self._number_words = {normalise(w): n for n, ws in self.data.numbers.items() for w in ws}
        number = r"[0-9]{1,3}(?![0-9])|" + _alt(self._number_words)  # ASCII digits only; no 4-digit seat or count
        player = _alt(vocab.players)
        v = self.data.values
        self._value_words: dict[str, str | bool] = {normalise(w): k for k, ws in v.direction.items() for w in ws}
        self._value_words.update({normalise(w): k for k, ws in v.alignment.items() for w in ws})
        self._value_words.update({normalise(w): True for w in v.yes})
        self._value_words.update({normalise(w): False for w in v.no})
        joiner = r"(?:\s|,|and|seats?|번|그리고|하고|과|와)*"
        self._number_re = re.compile(number)
        slots = {
            "n": number, "m": number, "k": number, "player": player, "player2": player,
            "seats": f"(?:{joiner}(?:{number}))+(?:\\s*번)?",
            "character": _alt(vocab.characters),
            "direction": _alt(w for ws in v.direction.values() for w in ws),
            "alignment": _alt(w for ws in v.alignment.values() for w in ws),
            "yes": _alt(v.yes), "no": _alt(v.no),
            "value": "|".join(f"(?:{p})" for p in (number, _alt(self._value_words), _alt(vocab.characters))),
        }  # fmt: skip
        self._patterns: list[tuple[Intent, re.Pattern[str]]] = [
            (intent, re.compile(r"\s*" + to_regex(parse_template(t), slots) + r"\s*$"))
            for intent, templates in self.data.intents.items()
            for t in templates
        ]

    def parse(self, utterance: str, allowed: Iterable[Intent] | None = None) -> Command:
        """The command ``utterance`` says, among ``allowed`` intents (plus next/back/repeat/pause).

        Raises:
            NotUnderstood: it matches no allowed command; the message lists what may be said.
            Ambiguous: it matches commands of different meaning.
        """
        allow = set(allowed) | set(ALWAYS) if allowed is not None else None
        text = normalise(utterance)
        _check_numbers(utterance, text)
        found: list[Command] = []
        beyond: list[int] = []
        for intent, pattern in self._patterns:
            if allow is not None and intent not in allow:
                continue
            m = pattern.match(text)
            if m:
                cmd = self._command(intent, m, utterance)
                if cmd is not None and self.vocab.seats and any(s not in self.vocab.seats for s in cmd.seats):
                    beyond += [s for s in cmd.seats if s not in self.vocab.seats]
                    continue
                if cmd is not None and cmd not in found:
                    found.append(cmd)
        if not found and beyond:
            raise IllegalChoice("no_such_seat", seat=beyond[0])
        if not found and ascii_number(text) in self.vocab.seats and (allow is None or "seat" in allow):
            return Command("seat", seats=(int(text),), text=utterance)  # typed digits: a seat, where one is asked
        if not found:
            raise NotUnderstood(utterance)
        # Intents earlier in the phrase file win ("네" is yes before it is the number four);
        # one intent read two ways (two players of one name) is ambiguous.
        first = [c for c in found if c.intent == found[0].intent]
        if len({(c.seats, c.character, c.number, c.value) for c in first}) > 1:
            raise Ambiguous(utterance)
        return first[0]

    def _number(self, raw: str | None) -> int | None:
        if raw is None:
            return None
        key = normalise(raw).replace(" ", "")
        if ascii_number(key) is not None:
            return ascii_number(key)
        return self._number_words.get(normalise(raw))

    def _seat(self, m: re.Match[str], num: str, name: str) -> int | None:
        groups = m.groupdict()
        if groups.get(num) is not None:
            return self._number(groups[num])
        if groups.get(name) is not None:
            return lookup(self.vocab.players, groups[name])
        return None

    def _command(self, intent: Intent, m: re.Match[str], utterance: str) -> Command | None:
        g = m.groupdict()
        seats = tuple(s for s in (self._seat(m, "n", "player"), self._seat(m, "m", "player2")) if s is not None)
        if g.get("seats"):
            listed = (self._number(x.group(0)) for x in self._number_re.finditer(g["seats"]))
            seats += tuple(s for s in listed if s is not None)
        character = lookup(self.vocab.characters, g["character"]) if g.get("character") else None
        number = self._number(g.get("k"))
        value: str | int | bool | None = None
        for slot in ("direction", "alignment"):
            if g.get(slot):
                value = lookup(self._value_words, g[slot])
        if g.get("value"):
            value = self._value(g["value"])
        return Command(intent, seats, character, number, value, utterance)

    def _value(self, raw: str) -> str | int | bool | None:
        n = self._number(raw)
        if n is not None:
            return n
        word = lookup(self._value_words, raw)
        return word if word is not None else lookup(self.vocab.characters, raw)

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

    def examples(self, intents: Iterable[Intent]) -> list[str]:
        """One readable example per allowed intent, for "say one of …"."""
        v = self.data.values
        sample = {
            "n": "3", "m": "5", "k": "4", "yes": v.yes[0], "no": v.no[0],
            "player": next(iter(self.vocab.players), "3"), "player2": next(iter(self.vocab.players), "5"),
            "character": self._example_name(),
            "direction": next(iter(v.direction.values()))[0], "alignment": next(iter(v.alignment.values()))[0],
            "value": "2",
        }  # fmt: skip
        out = []
        for intent in dict.fromkeys([*intents, *ALWAYS]):
            templates = self.data.intents.get(intent, [])
            if templates:
                t = re.sub(r"\[[^\]]*\]", "", templates[0])
                t = re.sub(r"\(([^|)]*)[^)]*\)", r"\1", t)
                out.append(" ".join(re.sub(r"\{(\w+)\}", lambda m: sample.get(m.group(1), ""), t).split()))
        return list(dict.fromkeys(out))
