"""From an utterance (typed or recognised) to a :class:`Command`, against what is legal now.

The parser's parts: command.py (the command and the vocabulary), normalise.py (text as it is
compared), talk.py (a question, a maybe, the words around an answer, a name typed close to one) and
saying.py (what the parser says: read-backs, a step's sentences, examples). Their names are here too."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from functools import lru_cache

from moderator.commands.command import ALWAYS, CHOOSING, INTENTS_FOR, Command, Value, Vocabulary
from moderator.commands.normalise import (
    ascii_number,
    check_numbers,
    lookup,
    narrow,
    normalise,
    normalise_mapped,
    one_of,
    typed,
)
from moderator.commands.phrases import (
    Intent,
    Phrases,
    parse_template,
    phrases,
    to_regex,
)
from moderator.commands.saying import Saying
from moderator.commands.talk import TableTalk
from moderator.errors import Ambiguous, IllegalChoice, NotUnderstood, Tentative
from moderator.i18n import Lang

#: Intents that change nothing: asked as a question they are still carried out ("다시?").
_NEVER_DOUBTED: frozenset[Intent] = frozenset({"repeat", "pause", "help", "grimoire", "sheet"})

__all__ = [
    "ALWAYS", "CHOOSING", "INTENTS_FOR", "Command", "Parser", "Value", "Vocabulary", "ascii_number", "lookup",
    "normalise", "normalise_mapped", "parse_any",
]


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


@lru_cache(maxsize=2048)
def _compiled(source: str) -> re.Pattern[str]:
    """A command pattern, compiled the first time it is tried (most never are at a given step, and the
    character slot makes each one long to compile); kept while parsers are remade for a new seating."""
    return re.compile(source)


class Parser(TableTalk, Saying):
    """Parses utterances of one language for one game."""

    def __init__(self, lang: Lang, vocab: Vocabulary, data: Phrases | None = None) -> None:
        self.lang = lang
        self.vocab = vocab
        self.data = data or phrases(lang)
        self._number_words = {normalise(w): n for n, ws in self.data.numbers.items() for w in ws}
        number = r"[0-9]{1,3}(?![0-9])|" + one_of(self._number_words)  # ASCII digits only; no 4-digit seat or count
        player = one_of(vocab.players)
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
        characters = one_of(vocab.characters)
        item = (rf"(?:(?:the|a|an)\s+)?(?:{characters})|(?:(?:seats?|자리)\s*)?(?:{number})(?:\s*(?:번|명|개))?"
                rf"|(?:{one_of(self._value_words)})")  # fmt: skip
        self._item_re = re.compile(item)
        self._and_re = re.compile(r"\s*(?:and|그리고|하고|이랑|랑|과|와)\s*|\s+")
        values = rf"(?:{item})(?:(?:\s*(?:and|그리고|하고|이랑|랑|과|와)\s*|\s+)(?:{item}))*"
        slots = {
            "n": number, "m": number, "k": number, "player": player, "player2": player,
            "seats": f"(?:{joiner}(?:{number}))+(?:\\s*번)?",
            "character": one_of(vocab.characters),
            "direction": one_of(w for ws in v.direction.values() for w in ws),
            "alignment": one_of(w for ws in v.alignment.values() for w in ws),
            "yes": one_of(v.yes), "no": one_of(v.no),
            "value": "|".join(f"(?:{p})" for p in (number, one_of(self._value_words), one_of(vocab.characters))),
            "values": values, "status": one_of(w for ws in v_status.values() for w in ws),
            "reminder": one_of(vocab.reminders), "text": r".+?", "step": one_of(self._steps),
        }  # fmt: skip
        self._patterns: list[tuple[Intent, str]] = [
            (intent, r"\s*" + to_regex(parse_template(t), slots) + r"\s*$")
            for intent, templates in self.data.intents.items()
            for t in templates
        ]

    def warm(self) -> Parser:
        """Every pattern compiled now: the voice does this as it makes a parser, so that no answer waits."""
        for _, source in self._patterns:
            _compiled(source)
        return self

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
        utterance = narrow(utterance)
        check_numbers(utterance, normalise(utterance))
        talk = self.data.talk
        doubt = self.doubted(utterance)
        if doubt and (noted := self._free_text(utterance, allow)) is not None:
            return noted  # a note's question mark or "maybe" is the note's own, not the storyteller's doubt
        heards = self._undoubted(utterance) if doubt else [utterance]
        cmd = self._parse_heard(utterance, heards, allow)
        if doubt and cmd.intent not in _NEVER_DOUBTED:
            raise Tentative(cmd, utterance, "question")
        risky = {normalise(w) for w in talk.risky_numbers}
        if cmd.intent in ("number", "votes", "seat") and normalise(utterance) in risky:  # "네": yes, or 4?
            raise Tentative(cmd, utterance, "number")
        words = normalise(utterance).replace(" ", "")
        odd = {normalise(w) + normalise(c) for w in talk.odd_counted for c in talk.counters}
        if cmd.intent in ("number", "votes") and words in odd:
            raise Tentative(cmd, utterance, "number")
        return cmd

    def _free_text(self, utterance: str, allow: set[Intent] | None) -> Command | None:
        """The line as it is, if it is a command with free text (a note), else None."""
        try:
            cmd = self._parse_heard(utterance, [utterance], allow)
        except (NotUnderstood, Ambiguous, Tentative):
            return None
        return cmd if cmd.words is not None else None

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

    def _parse_exact(self, utterance: str, allow: set[Intent] | None) -> Command:
        text = normalise(utterance)
        found: list[Command] = []
        beyond: list[int] = []
        for intent, pattern in self._patterns:
            if allow is not None and intent not in allow:
                continue
            m = _compiled(pattern).match(text)
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

    def _seat(self, m: re.Match[str], num: str, name: str, utterance: str = "") -> int | None:
        """The seat a slot names: by number, by a player's name, or by both ("4번 영희"), which must agree.

        Raises:
            IllegalChoice: the number and the name are two different players (``seat_not_named``).
        """
        groups = m.groupdict()
        seat = self._number(groups[num]) if groups.get(num) is not None else None
        named = lookup(self.vocab.players, groups[name]) if groups.get(name) is not None else None
        if seat is not None and named is not None and seat != named and seat in self.vocab.seats:
            said = groups[name].strip()
            typed = re.search(re.escape(said), utterance, re.IGNORECASE)  # the name as typed, not lower-cased
            raise IllegalChoice("seat_not_named", seat=seat, name=typed.group(0) if typed else said, named=named)
        return seat if seat is not None else named

    def _command(self, intent: Intent, m: re.Match[str], utterance: str) -> Command | None:
        g = m.groupdict()
        seats = tuple(s for s in (self._seat(m, "n", "player", utterance), self._seat(m, "m", "player2", utterance))
                      if s is not None)  # fmt: skip
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
        words = typed(utterance, m, "text") if g.get("text") else None
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
        key = re.sub(r"\s*(?:번|명|개)$", "", key)  # "3번", "두 명", "2개": the number
        n = self._number(key)
        if n is not None:
            return n
        word = lookup(self._value_words, key)
        return word if word is not None else lookup(self.vocab.characters, key)

