"""Command phrases as data (data/commands/<lang>.yaml) and the template syntax they use.

``[x]`` is optional, ``(a|b)`` is one of, ``{slot}`` is a value. The same templates give the
text parser its regular expressions and the recognizer its closed list of sentences.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from moderator.errors import DataError
from moderator.i18n import Lang
from moderator.paths import data_dir
from moderator.yamlio import load_yaml

Intent = Literal[
    "next", "back", "repeat", "pause", "yes", "no", "seat", "two_seats", "character", "number", "direction",
    "alignment", "showed", "nominate", "votes", "slays", "dies", "dies_anyway", "end_day", "ability", "guess",
    "voters", "executed", "nominate_storyteller", "storyteller_nominates",
    # an answer of two parts in one sentence ("seat 6 widow", "6번 미망인")
    "seat_character", "seat_list",
    # the storyteller's hand on the grimoire, at any moment (moderator.clocktower.edits)
    "revives", "set_character", "set_alignment", "swap", "status", "put_reminder", "take_reminder", "note",
    "clear_notes", "ability_spent", "ability_back", "ghost_vote_spent", "ghost_vote_back", "add_traveller",
    "leaves", "exile", "exiled", "add_fabled", "remove_fabled", "bluffs",
    # going anywhere in the night, and what the storyteller may ask for
    "skip", "go_to", "back_to", "redo", "help", "grimoire", "sheet", "edit",
    # the storyteller's own: a note on the game, the day's and a nomination's timers (shown on the page)
    "game_note", "timer", "nomination_timer", "stop_timer",
]  # fmt: skip

HAND: frozenset[Intent] = frozenset({
    "dies", "dies_anyway", "revives", "set_character", "set_alignment", "swap", "status", "put_reminder",
    "take_reminder", "note", "game_note",
    "clear_notes", "ability_spent", "ability_back", "ghost_vote_spent", "ghost_vote_back", "add_traveller",
    "leaves", "exiled", "add_fabled", "remove_fabled", "bluffs", "skip", "go_to", "back_to",
})  # fmt: skip
"""What the storyteller changes by hand at any step (besides the step's own answers): by voice, always
read back before it is carried out."""

SLOTS = frozenset(
    {"n", "m", "k", "seats", "player", "player2", "character", "direction", "alignment", "value", "yes", "no",
     "values", "status", "reminder", "text", "step"}
)
"""``{values}``: one or more things shown (seats, characters, numbers, yes/no); ``{status}``: poisoned,
drunk or sober; ``{reminder}``: a character's reminder token ("monk safe"); ``{text}``: free words (a
note, a new player's name), kept as typed; ``{step}``: a character's step or a pseudo-step (dawn)."""


class Values(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    direction: dict[Literal["clockwise", "counterclockwise", "either"], list[str]]
    alignment: dict[Literal["good", "evil"], list[str]]
    yes: list[str]
    no: list[str]
    status: dict[Literal["poisoned", "drunk", "sober"], list[str]] = {}
    """How a player's state is said by the storyteller's hand ("seat 4 is poisoned")."""
    steps: dict[Literal["dusk", "minioninfo", "demoninfo", "dawn"], list[str]] = {}
    """The pseudo-steps by name, where the storyteller may go ("go to dawn")."""


class VoicePhrases(BaseModel):
    """What the recognizer listens for: the spoken subset of the phrases, chosen by measurement
    (bench/). Every sentence it allows must also parse with the text templates."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    numbers: dict[int, list[str]]
    intents: dict[Intent, list[str]]
    values: Values | None = None
    names: dict[str, list[str]] = {}
    """Spoken forms of names the model has no word for (a character's written name, normalised, to
    forms made of words it knows: "ravenkeeper" -> "raven keeper"). The voice layer listens for the
    forms and hands the parser the written name; `moderator validate` checks that every name can be said."""
    nobody: list[str] = []
    """How "no" is said where it chooses nobody (a seat, two-seat or character step that asks no yes/no):
    "nobody" in English, where a bare "no" was heard from "four", "one" and "two". Empty: as ``intents.no``."""
    calibrate: dict[str, list[str]] = {}
    """The spoken forms the storyteller tries at calibration, per one-word command (and ``nobody``);
    the loop then listens for the forms heard best on their voice (moderator.voice.calibrate). Every
    form must parse as its command."""
    calibrate_words: list[str] = []
    """Also said at calibration, kept as takes only (no command of their own): the seat word, say.
    With ``calibrate_numbers`` they let the takes judge whole sentences of a step ("자리 넷": the
    takes of 자리, then of 넷; moderator.voice.templates)."""
    calibrate_numbers: int = 0
    """The numbers said at calibration, 0 up to this, each in its first spoken form (``numbers``)."""
    decoys: list[str] = []
    """Short words that are no answer but sound like one ("네" beside "넷", "four" beside "no"): each
    step's grammar also holds those it does not allow, so they are heard as themselves and rejected
    instead of being forced into a command (measured in docs/benchmarks.md)."""
    plain: dict[Intent, list[str]] = {}
    """Plain one-word forms ("repeat") listened for only at steps where no bare number
    is: there "six" and "three" were heard as a bare "repeat", elsewhere nothing they could be taken for
    is expected. Each must parse as its command."""
    verify: dict[Intent, list[str]] = {}
    """Commands that must also win against table talk before they are acted on: heard, the same answer is
    decoded again in a grammar of that sentence and the words of data/commands/talk.<lang>.txt, one or two in
    a row, and rejected when talk wins ("who died?" forced into "repeat that" decodes as talk there). Per
    command, the talk words it is not weighed against (they took that command said plainly)."""
    wake: list[str] = []
    """Wake phrases for ``[asr] listen = "wake"``: the first is the default; calibration may choose
    another of them. Words of the model, and no command."""


class Talk(BaseModel):
    """How a table talks around its answers (issue 23): what is taken off before a line is read, what
    makes a line a question or a maybe (never a fact: read back, carried out on a yes), and the bare
    words that are also numbers."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    fillers: list[str] = []
    """Words said before an answer that change nothing ("음", "어", "그럼"; "um", "so")."""
    endings: list[str] = []
    """Endings on the last word of an answer ("3번이요", "임프요", "아니야"): taken off if the line is not
    understood as it is; the longest first."""
    particles: list[str] = []
    """Marks after a seat or a player's name ("3번이", "하은이", "민수 씨"): taken off likewise."""
    question_endings: list[str] = []
    """A last word ending so asks ("죽었나요", "할까"); a line ending in "?" always does."""
    question_starts: list[str] = []
    """A first word so asks ("did", "is")."""
    doubts: list[str] = []
    """Words that make a line a maybe ("같아", "아마", "maybe"): any word starting so."""
    risky_numbers: list[str] = []
    """Bare words that are also numbers ("네" is yes and four): at a count, read back before they count."""
    odd_counted: list[str] = []
    """Number words that read oddly before a counter (sino "이 장", "사 표": a table says "두 장", "네 표"):
    with one, read back at a count ("이 장" may be "this card")."""
    counters: list[str] = []
    """The counters of a count ("장", "개", "표", "명")."""
    zero: list[str] = []
    """Ways to say nobody at a count ("아무도 안 들었어", "nobody voted"): the number 0."""
    read_back: str = "{meaning}?"
    """How a tentative line is read back: {meaning}, the command said plainly."""
    read_back_declined: str = "Not done."
    """Said when a read-back is answered with a plain no: nothing is done, the step asks again."""
    quit: list[str] = []
    """Typed lines that stop the program, the game saved as it is ("quit", "종료"), where the step reads
    them as no answer. Typed only: no grammar hears them."""
    statement_endings: list[str] = []
    """What a question's last word becomes as a statement, tried in turn after its question ending is
    taken off ("죽었나요" → "죽었" + "어": "죽었어"; "시작인가요" → "시작")."""
    copulas: list[str] = []
    """A copula a question leaves on a noun ("2장이었나요" → "2장이었" → "2장"): taken off too."""
    close_to: float = 0.8
    """How close (0 to 1, letters or jamo alike) a typed name must be to one of the game's to be read back."""


class Phrases(BaseModel):
    """One language's command phrases."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    lang: Lang
    numbers: dict[int, list[str]]
    values: Values
    intents: dict[Intent, list[str]]
    describe: dict[Intent, str] = {}
    """What each command does, in a few words, for ``help``."""
    examples: dict[Intent, str] = {}
    """The example ``help`` gives where the first template, said plainly, reads badly (a template too)."""
    voice: VoicePhrases | None = None
    talk: Talk = Talk()


def read_phrases(path: Path) -> Phrases:
    """Parse and check one phrase file.

    Raises:
        DataError: unreadable, wrong shape, or a template with an unknown slot or unbalanced brackets.
    """
    try:
        phrases = Phrases.model_validate(load_yaml(path.read_text(encoding="utf-8")))
    except (OSError, yaml.YAMLError) as exc:
        raise DataError(f"{path}: cannot read: {exc}") from exc
    except ValidationError as exc:
        where = "; ".join(f"{'.'.join(str(x) for x in e['loc'])}: {e['msg']}" for e in exc.errors())
        raise DataError(f"{path}: {where}") from exc
    spoken = phrases.voice.intents if phrases.voice else {}
    for where, table in (("intents", phrases.intents), ("voice.intents", spoken)):
        for intent, templates in table.items():
            for i, template in enumerate(templates):
                try:
                    parse_template(template)
                except ValueError as exc:
                    raise DataError(f"{path}: {where}.{intent}[{i}] {template!r}: {exc}") from exc
    return phrases


@cache
def phrases(lang: Lang) -> Phrases:
    """The phrases of ``lang`` from data/, read once."""
    return read_phrases(data_dir() / "commands" / f"{lang}.yaml")


@dataclass(frozen=True)
class Words:
    """Literal words of a template; a space matches any (or no) white space in typed text."""

    text: str


@dataclass(frozen=True)
class Slot:
    """A value: ``{n}`` a seat number, ``{character}`` a character's name, … (one of :data:`SLOTS`)."""

    name: str


@dataclass(frozen=True)
class Choice:
    """``(a|b)``: one of the options; ``[a|b]``: one of them, or nothing."""

    options: tuple[tuple[Node, ...], ...]
    optional: bool


Node = Words | Slot | Choice
"""A template parses to a tree: a sequence of nodes, a choice holding sequences."""


def parse_template(template: str) -> tuple[Node, ...]:
    """Parse a template into its typed tree.

    Raises:
        ValueError: unbalanced brackets or an unknown slot.
    """
    seq, rest = _seq(template, 0, "")
    if rest != len(template):
        raise ValueError(f"unexpected '{template[rest]}' at {rest}")
    return seq


def _seq(t: str, i: int, stop: str) -> tuple[tuple[Node, ...], int]:
    nodes: list[Node] = []
    buf = ""
    while i < len(t) and t[i] not in stop:
        c = t[i]
        if c in "[(":
            if buf:
                nodes.append(Words(buf))
                buf = ""
            close = "]" if c == "[" else ")"
            options: list[tuple[Node, ...]] = []
            i += 1
            while True:
                sub, i = _seq(t, i, "|" + close)
                options.append(sub)
                if i >= len(t):
                    raise ValueError(f"'{c}' is never closed")
                if t[i] == close:
                    i += 1
                    break
                i += 1
            nodes.append(Choice(tuple(options), c == "["))
        elif c == "{":
            end = t.find("}", i)
            if end < 0:
                raise ValueError("'{' is never closed")
            name = t[i + 1 : end]
            if name not in SLOTS:
                raise ValueError(f"unknown slot {{{name}}}")
            if buf:
                nodes.append(Words(buf))
                buf = ""
            nodes.append(Slot(name))
            i = end + 1
        elif c in "])|}":
            raise ValueError(f"unexpected '{c}' at {i}")
        else:
            buf += c
            i += 1
    if buf:
        nodes.append(Words(buf))
    return tuple(nodes), i


def spaced(words: Sequence[str]) -> str:
    """``words`` as a pattern: any white space (or none, as Korean is often typed: "3번", "3 번") between
    them, but at least one between two Latin letters, where joining makes another word ("go on", "goon")."""
    out = _escaped(words[0]) if words else ""
    for before, word in itertools.pairwise(words):
        latin = bool(before) and bool(word) and _latin(before[-1]) and _latin(word[0])
        out += (r"\s+" if latin else r"\s*") + _escaped(word)
    return out


def _escaped(word: str) -> str:
    """``word`` as a pattern, its apostrophes optional ("devils advocate", "its")."""
    return re.escape(word).replace("'", "'?")


def _latin(ch: str) -> bool:
    return ch.isascii() and ch.isalpha()


def to_regex(nodes: Sequence[Node], slot_patterns: dict[str, str]) -> str:
    """A regular expression for ``nodes`` (typed text); spaces in the template match any (or no) white
    space, except between two Latin letters ("go on" is not "goon")."""
    out = ""
    for node in nodes:
        if isinstance(node, Words):
            out += spaced(node.text.split(" "))
        elif isinstance(node, Slot):
            out += f"(?P<{node.name}>{slot_patterns[node.name]})"
        else:
            alts = "|".join(to_regex(o, slot_patterns) for o in node.options)
            out += "(?:" + alts + ")" + ("?" if node.optional else "")
    return out


def expand(nodes: Sequence[Node], slot_values: dict[str, list[str]]) -> list[str]:
    """Every sentence ``nodes`` allows, with each slot filled from ``slot_values``."""
    parts: list[list[str]] = []
    for node in nodes:
        if isinstance(node, Words):
            parts.append([node.text])
        elif isinstance(node, Slot):
            parts.append(slot_values.get(node.name, []))
        else:
            alts = [s for o in node.options for s in expand(o, slot_values)]
            parts.append([*alts, ""] if node.optional else alts)
    return [" ".join("".join(p).split()) for p in itertools.product(*parts)]
