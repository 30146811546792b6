"""From an utterance (typed or recognised) to a :class:`Command`, against what is legal now."""

from __future__ import annotations

import difflib
import itertools
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar

from moderator.commands.phrases import (
    Intent,
    Node,
    Phrases,
    Slot,
    Words,
    expand,
    parse_template,
    phrases,
    spaced,
    to_regex,
)
from moderator.errors import Ambiguous, IllegalChoice, NotUnderstood, Tentative
from moderator.i18n import Lang
from moderator.korean.particles import resolve_particles

T = TypeVar("T")

Value = str | int | bool | tuple[str | int | bool, ...]
"""What a command's value may be: a number, a word's meaning, a character id, or several of them."""

#: Always allowed, whatever the step expects.
ALWAYS: tuple[Intent, ...] = ("next", "back", "repeat", "pause")

#: Intents that change nothing: asked as a question they are still carried out ("다시?").
_NEVER_DOUBTED: frozenset[Intent] = frozenset({"repeat", "pause", "help", "grimoire", "sheet"})

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
    "alignment": ("alignment",),
}


@dataclass(frozen=True)
class Command:
    """What the storyteller said, understood."""

    intent: Intent
    seats: tuple[int, ...] = ()
    character: str | None = None
    number: int | None = None
    value: Value | None = None
    """For ``showed``, ``direction``, ``alignment``, ``status``, ``go_to``: what was said (several things
    shown: a tuple of them)."""
    text: str = ""
    reminder: tuple[str, str] | None = None
    """For ``put_reminder`` and ``take_reminder``: the token, as (its character's id, its official name)."""
    words: str | None = None
    """A ``{text}`` slot as typed: a note, a new player's name."""


@dataclass
class Vocabulary:
    """What names mean in this game: players' names to seats, characters' names to ids."""

    seats: list[int] = field(default_factory=list)
    players: dict[str, int] = field(default_factory=dict)
    characters: dict[str, str] = field(default_factory=dict)
    max_number: int = 20
    reminders: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Reminder tokens by name ("monk safe", "수도승 안전"), to (character id, official name)."""


_MINUS = "-\u2212\u2010\u2011\u2012\u2013\u2014\ufe63\uff0d"
_KEPT = re.compile(r"[\w\s']")


def _one_off(typed: str, name: str) -> bool:
    """Whether ``typed`` is ``name`` with one letter (for Hangul, one jamo) changed, added or left out."""
    a, b = unicodedata.normalize("NFD", typed), unicodedata.normalize("NFD", name)
    if a == b or abs(len(a) - len(b)) > 1 or len(b) < 3:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b, strict=True)) == 1
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


def normalise(text: str) -> str:
    """Lower case, NFC, no punctuation, single spaces. A minus sign before a number is kept as the
    word "minus", so "-1" never reads as 1."""
    return normalise_mapped(text)[0]


def normalise_mapped(text: str) -> tuple[str, list[int]]:
    """:func:`normalise` of ``text``, and for each of its characters the index in ``text`` (as NFC) it
    came from: what a free slot matched (a note, a name) is taken back as it was typed."""
    nfc = unicodedata.normalize("NFC", text)
    chars = [(c, i) for i, ch in enumerate(nfc) for c in ch.casefold()]
    marked: list[tuple[str, int]] = []
    for j, (c, i) in enumerate(chars):
        if c in _MINUS and (j == 0 or chars[j - 1][0].isspace() or chars[j - 1][0] == "("):
            k = j + 1
            while k < len(chars) and chars[k][0].isspace():
                k += 1
            if k < len(chars) and chars[k][0] in "0123456789":
                marked += [(x, i) for x in " minus "]
                continue
        marked.append((c if _KEPT.match(c) else " ", i))
    out: list[tuple[str, int]] = []
    for c, i in marked:
        if c.isspace():
            if out and out[-1][0] != " ":
                out.append((" ", i))
        else:
            out.append((c, i))
    if out and out[-1][0] == " ":
        out.pop()
    return "".join(c for c, _ in out), [i for _, i in out]


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


def _typed(utterance: str, m: re.Match[str], slot: str) -> str:
    """What ``slot`` matched in the normalised ``utterance``, as it was typed (case and punctuation kept)."""
    raw = unicodedata.normalize("NFC", utterance)
    _, where = normalise_mapped(utterance)
    start, end = m.span(slot)
    return raw[where[start] : where[end - 1] + 1].strip()


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
    why: IllegalChoice | Tentative | None = None
    for parser in parsers:
        try:
            return parser.parse(utterance, allow)
        except Tentative as exc:  # only typed lines are read back (by voice: not heard)
            why = why or exc
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
        v_status = getattr(v, "status", {}) or {}
        self._value_words.update({normalise(w): k for k, ws in v_status.items() for w in ws})
        steps = {normalise(w): k for k, ws in (getattr(v, "steps", {}) or {}).items() for w in ws}
        self._steps = {**vocab.characters, **steps}
        joiner = r"(?:\s|,|and|seats?|번|그리고|하고|과|와)*"
        self._number_re = re.compile(number)
        characters = _alt(vocab.characters)
        item = (rf"(?:(?:the|a|an)\s+)?(?:{characters})|(?:(?:seats?|자리)\s*)?(?:{number})(?:\s*번)?"
                rf"|(?:{_alt(self._value_words)})")  # fmt: skip
        self._item_re = re.compile(item)
        self._and_re = re.compile(r"\s*(?:and|그리고|하고|이랑|랑|과|와)\s*|\s+")
        values = rf"(?:{item})(?:(?:\s*(?:and|그리고|하고|이랑|랑|과|와)\s*|\s+)(?:{item}))*"
        slots = {
            "n": number, "m": number, "k": number, "player": player, "player2": player,
            "seats": f"(?:{joiner}(?:{number}))+(?:\\s*번)?",
            "character": _alt(vocab.characters),
            "direction": _alt(w for ws in v.direction.values() for w in ws),
            "alignment": _alt(w for ws in v.alignment.values() for w in ws),
            "yes": _alt(v.yes), "no": _alt(v.no),
            "value": "|".join(f"(?:{p})" for p in (number, _alt(self._value_words), _alt(vocab.characters))),
            "values": values, "status": _alt(w for ws in v_status.values() for w in ws),
            "reminder": _alt(vocab.reminders), "text": r".+?", "step": _alt(self._steps),
        }  # fmt: skip
        self._patterns: list[tuple[Intent, re.Pattern[str]]] = [
            (intent, re.compile(r"\s*" + to_regex(parse_template(t), slots) + r"\s*$"))
            for intent, templates in self.data.intents.items()
            for t in templates
        ]

    def parse(self, utterance: str, allowed: Iterable[Intent] | None = None) -> Command:
        """The command ``utterance`` says, among ``allowed`` intents (plus next/back/repeat/pause), as a
        table says it: the line as it is, else without the words said around an answer (fillers, endings,
        particles: see :class:`Talk`). A question, a maybe, a bare word that is also a number at a count,
        or a character's name typed close to one, is never taken as a fact.

        Raises:
            Tentative: it reads as a command, but must be read back (its ``command``) and confirmed.
            NotUnderstood: it matches no allowed command; the message lists what may be said.
            Ambiguous: it matches commands of different meaning.
        """
        allow = set(allowed) | set(ALWAYS) if allowed is not None else None
        _check_numbers(utterance, normalise(utterance))
        talk = self.data.talk
        doubt = self._doubted(utterance)
        heards = self._undoubted(utterance) if doubt else [utterance]
        cmd = self._parse_heard(utterance, heards, allow)
        if doubt and cmd.intent not in _NEVER_DOUBTED:
            raise Tentative(cmd, utterance, "question")
        risky = {normalise(w) for w in talk.risky_numbers}
        if cmd.intent in ("number", "votes") and normalise(utterance) in risky:
            raise Tentative(cmd, utterance, "number")
        words = normalise(utterance).replace(" ", "")
        odd = {normalise(w) + normalise(c) for w in talk.odd_counted for c in talk.counters}
        if cmd.intent in ("number", "votes") and words in odd:
            raise Tentative(cmd, utterance, "number")
        return cmd

    def _doubted(self, utterance: str) -> bool:
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

    def _parse_heard(self, utterance: str, heards: list[str], allow: set[Intent] | None) -> Command:
        """The command of the first of ``heards`` (the line, or the statements a question may stand for)
        that is understood; else the first one's refusal."""
        talk = self.data.talk
        first: NotUnderstood | None = None
        for heard in heards:
            zero = normalise(heard) in {normalise(z) for z in talk.zero}
            if zero and allow is not None and allow & {"votes", "number"}:  # "아무도 안 들었어": none
                return Command("votes" if "votes" in allow else "number", number=0, text=utterance)
            try:
                return self._parse_forms(utterance, heard, allow)
            except Tentative:
                raise
            except NotUnderstood as exc:
                first = first or exc
        raise first or NotUnderstood(utterance)

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

    def _parse_forms(self, utterance: str, heard: str, allow: set[Intent] | None, *, near: bool = True) -> Command:
        first: NotUnderstood | None = None
        for i, form in enumerate(self._forms(heard)):
            try:
                cmd = self._parse_exact(utterance if i == 0 and heard == utterance else form, allow)
            except Tentative:
                raise
            except NotUnderstood as exc:
                first = first or exc
                continue
            return replace(cmd, text=utterance)
        close = self._close_character(heard, allow) if near else None
        if close is not None:
            raise Tentative(close, utterance, "typo")
        for guess in self._close_players(heard) if near else []:
            try:
                cmd = self._parse_forms(utterance, guess, allow, near=False)
            except NotUnderstood:
                continue
            raise Tentative(cmd, utterance, "typo")
        raise first or NotUnderstood(utterance)

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
                    if _one_off(w[:cut], name):
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
        }  # fmt: skip
        own = self.data.examples.get(cmd.intent)
        templates = [own] if own else self.data.intents.get(cmd.intent, [])
        if not templates:
            return cmd.text
        said = " ".join(_example(parse_template(templates[0]), sample).split())
        if self.lang == "ko":
            said = resolve_particles(re.sub(r"(?<=[0-9]) (?=[번표명장개])", "", said))
        return said

    def declines(self, line: str) -> bool:
        """Whether ``line`` is a plain no ("아니요", "no"), as said to a read-back: nothing is then done."""
        said = normalise(line).rstrip(".!")
        return said in {normalise(w) for w in self.data.values.no}

    def read_back(self, cmd: Command) -> str:
        """A tentative line read back (:attr:`Talk.read_back`): what it would do, and that a yes does it."""
        said = self.data.talk.read_back.format(meaning=self.say(cmd))
        return resolve_particles(said) if self.lang == "ko" else said

    def _parse_exact(self, utterance: str, allow: set[Intent] | None) -> Command:
        text = normalise(utterance)
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
            return self._after_yes(utterance, text, allow)
        # Intents earlier in the phrase file win ("네" is yes before it is the number four);
        # one intent read two ways (two players of one name) is ambiguous.
        first = [c for c in found if c.intent == found[0].intent]
        if len({(c.seats, c.character, c.number, c.value, c.reminder, c.words) for c in first}) > 1:
            raise Ambiguous(utterance)
        return first[0]

    def _after_yes(self, utterance: str, text: str, allow: set[Intent] | None) -> Command:
        """A yes word before the answer ("네, 7번", "yes, seat 7" when asked whether they use it): the
        answer. Only a choice is taken so; a yes before anything else is not understood.

        Raises:
            NotUnderstood: no yes word leads, or what follows is not a choice allowed now.
        """
        for word in sorted(self.data.values.yes, key=len, reverse=True):
            head = normalise(word)
            rest = text[len(head):] if text.startswith(head) else ""
            if not rest or rest[0] not in " ,":
                continue
            rest = rest.lstrip(" ,")
            choices = None if allow is None else allow - {"yes", "no", *ALWAYS}
            try:
                cmd = self.parse(rest, choices)
            except Tentative:
                raise
            except NotUnderstood:
                break
            if cmd.intent not in ALWAYS:
                return replace(cmd, text=utterance)
            break
        raise NotUnderstood(utterance)

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
        value: Value | None = None
        for slot in ("direction", "alignment"):
            if g.get(slot):
                value = lookup(self._value_words, g[slot])
        if g.get("value"):
            value = self._value(g["value"])
        if g.get("values"):
            items = [self._value(x) for x in self._items(g["values"])]
            if any(x is None for x in items):
                return None
            kept = [x for x in items if x is not None]
            value = kept[0] if len(kept) == 1 else tuple(kept)
        if g.get("status"):
            value = lookup(self._value_words, g["status"])
        if g.get("step"):
            value = lookup(self._steps, g["step"])
        reminder = lookup(self.vocab.reminders, g["reminder"]) if g.get("reminder") else None
        words = _typed(utterance, m, "text") if g.get("text") else None
        return Command(intent, seats, character, number, value, utterance, reminder, words)

    def _items(self, raw: str) -> list[str]:
        """The things a ``{values}`` slot names, one by one ("seat 3 and seat 5": "seat 3", "seat 5")."""
        out, pos = [], 0
        while pos < len(raw):
            m = self._item_re.match(raw, pos)
            if m is None or not m.group(0):
                break
            out.append(m.group(0))
            pos = m.end()
            joined = self._and_re.match(raw, pos)
            if joined is None:
                break
            pos = joined.end()
        return out


    def _value(self, raw: str) -> str | int | bool | None:
        key = re.sub(r"^(?:(?:the|a|an)\s+|(?:seats?|자리)\s*)", "", normalise(raw))
        key = re.sub(r"(?<=[0-9])\s*번$", "", key)
        n = self._number(key)
        if n is not None:
            return n
        word = lookup(self._value_words, key)
        return word if word is not None else lookup(self.vocab.characters, key)

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

    def examples(self, intents: Iterable[Intent]) -> list[str]:
        """One readable example per allowed intent, for "say one of …"."""
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
        out = []
        for intent in dict.fromkeys([*intents, *ALWAYS]):
            own = self.data.examples.get(intent)
            templates = [own] if own else self.data.intents.get(intent, [])
            if templates:
                said = " ".join(_example(parse_template(templates[0]), sample).split())
                if self.lang == "ko":  # "3번", "미망인으로": as Korean is written
                    said = resolve_particles(re.sub(r"(?<=[0-9]) (?=[번표명])", "", said))
                out.append(said)
        return list(dict.fromkeys(out))

    def _example_reminder(self) -> str:
        names = list(self.vocab.reminders)
        mine = [n for n in names if any("\uac00" <= ch <= "\ud7a3" for ch in n) == (self.lang == "ko")]
        return next(iter(mine or names), "-")


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
