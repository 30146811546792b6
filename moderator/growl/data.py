"""Loading data/growl/*.yaml: each file against its model, then the files against each other.

Every problem is reported with its file and key (``setup.yaml: first_werewolves.10.bites: …``),
all of them at once, in one :class:`DataError`.
"""

from __future__ import annotations

import string
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from moderator.commands.parse import normalise
from moderator.commands.phrases import parse_template
from moderator.errors import DataError
from moderator.growl.rules import CardKind, Cards, Pacing, Setup
from moderator.growl.texts import GrowlPhrases, Texts
from moderator.i18n import Text
from moderator.paths import data_dir
from moderator.yamlio import load_yaml

M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True)
class GrowlData:
    """All of Growl's rules and texts."""

    cards: Cards
    setup: Setup
    pacing: Pacing
    texts: Texts
    phrases: GrowlPhrases
    root: Path


def read_model(path: Path, model: type[M]) -> M:
    """One YAML file as ``model``.

    Raises:
        DataError: unreadable, not YAML, or not of the model's shape; names the file and each key.
    """
    try:
        raw = load_yaml(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise DataError(f"{path.name}: cannot read: {exc}") from exc
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        lines = [f"{path.name}: {'.'.join(str(x) for x in e['loc']) or '(top)'}: {e['msg']}" for e in exc.errors()]
        raise DataError("\n".join(lines)) from exc


def load_data(root: Path | None = None) -> GrowlData:
    """Read and check every Growl data file under ``root`` (default: data/growl).

    Raises:
        DataError: every problem found, one per line, each naming its file and key.
    """
    root = root or data_dir() / "growl"
    problems: list[str] = []
    cards = _read(root / "cards.yaml", Cards, problems)
    setup = _read(root / "setup.yaml", Setup, problems)
    pacing = _read(root / "pacing.yaml", Pacing, problems)
    texts = _read(root / "texts.yaml", Texts, problems)
    phrases = _read(root / "phrases.yaml", GrowlPhrases, problems)
    if cards is None or setup is None or pacing is None or texts is None or phrases is None:
        raise DataError("\n".join(problems))
    data = GrowlData(cards=cards, setup=setup, pacing=pacing, texts=texts, phrases=phrases, root=root)
    problems = cross_check(data)
    if problems:
        raise DataError("\n".join(problems))
    return data


def _read(path: Path, model: type[M], problems: list[str]) -> M | None:
    try:
        return read_model(path, model)
    except DataError as exc:
        problems.append(str(exc))
        return None


@cache
def default_data() -> GrowlData:
    """The bundled data, read once."""
    return load_data()


def cross_check(data: GrowlData) -> list[str]:
    """What no single file can know: counts that add up, marks and names that exist, slots that agree."""
    return [
        *_check_cards(data.cards),
        *_check_setup(data.setup, data.cards),
        *_check_pacing(data.pacing),
        *_check_texts(data.texts, data.cards),
        *_check_phrases(data.phrases),
    ]


def _check_cards(cards: Cards) -> list[str]:
    problems: list[str] = []
    seen: dict[str, str] = {}
    named = [(f"night_cards.{i}", c.id, [c.name.ko, c.name.en, c.id, *c.aliases]) for i, c in
             enumerate(cards.night_cards)]  # fmt: skip
    named.append(("unnamed", cards.unnamed.id, list(cards.unnamed.names)))
    for where, card_id, names in named:
        for name in names:
            key = normalise(name)
            if seen.setdefault(key, card_id) != card_id:
                problems.append(f"cards.yaml: {where}: the name '{name}' is also {seen[key]}'s")
    for i, c in enumerate(cards.deck):
        if "base" not in c.counts:
            problems.append(f"cards.yaml: deck.{i}.counts: no 'base' (unmarked) count for {c.id}")
    for needed in ("bite", "gold"):
        if cards.deck_card(needed) is None:
            problems.append(f"cards.yaml: deck: no '{needed}' card (the first-werewolf deal needs it)")
    return problems


def _check_setup(setup: Setup, cards: Cards) -> list[str]:
    problems: list[str] = []
    marks = {m for c in cards.deck for m in c.counts} - {"base"}
    counts = range(setup.players.min, setup.players.max + 1)
    for i, r in enumerate(setup.removal):
        for m in r.remove:
            if m not in marks:
                problems.append(f"setup.yaml: removal.{i}.remove: unknown mark '{m}' (cards.yaml has {sorted(marks)})")
    for n in counts:
        covering = [r for r in setup.removal if r.players[0] <= n <= r.players[1]]
        if len(covering) != 1:
            problems.append(f"setup.yaml: removal: {n} players is covered {len(covering)} times, not once")
    for n in counts:
        problems += _check_first_wolves(setup, cards, n)
    kinds: tuple[tuple[CardKind, int], ...] = (("night", setup.draw.night), ("final", setup.draw.final))
    for kind, drawn in kinds:
        if drawn > cards.pool(kind):
            problems.append(f"setup.yaml: draw.{kind}: {drawn}, but cards.yaml has {cards.pool(kind)} {kind} cards")
    return problems


def _check_first_wolves(setup: Setup, cards: Cards, n: int) -> list[str]:
    fw = setup.first_werewolves.get(n)
    if fw is None:
        return [f"setup.yaml: first_werewolves.{n}: missing"]
    problems = []
    if fw.bites + fw.gold != n:
        problems.append(f"setup.yaml: first_werewolves.{n}: {fw.bites} bites + {fw.gold} gold is not {n} cards")
    removed = set(setup.removed(n))
    for card_id, wanted in (("bite", fw.bites), ("gold", fw.gold)):
        card = cards.deck_card(card_id)
        if card is not None and wanted > card.total(removed):
            problems.append(f"setup.yaml: first_werewolves.{n}.{card_id}: {wanted}, but only "
                            f"{card.total(removed)} are in the deck at {n} players")  # fmt: skip
    deck = sum(c.total(removed) for c in cards.deck)
    if deck < n * (1 + setup.deal):
        problems.append(f"setup.yaml: deal: {n} players need {n * (1 + setup.deal)} cards; the deck has {deck}")
    return problems


def _check_pacing(pacing: Pacing) -> list[str]:
    p = pacing.passing
    if p.countdown_from > p.seconds:
        return [f"pacing.yaml: passing.countdown_from: {p.countdown_from} is more than seconds ({p.seconds})"]
    return []


def _check_texts(texts: Texts, cards: Cards) -> list[str]:
    problems = []
    for key, text in _texts(texts, ""):
        ko, en = _slots(text.ko), _slots(text.en)
        if ko != en:
            problems.append(f"texts.yaml: {key}: ko uses {sorted(ko)}, en uses {sorted(en)}")
    for i, c in enumerate(cards.night_cards):
        if c.condition is not None and c.condition not in texts.night.conditions:
            problems.append(f"cards.yaml: night_cards.{i}.condition: no texts for '{c.condition}' in "
                            f"texts.yaml night.conditions")  # fmt: skip
        if c.effect is not None and _slots(c.effect.ko) | _slots(c.effect.en):
            problems.append(f"cards.yaml: night_cards.{i}.effect: effect text takes no {{slots}}")
    return problems


def _texts(node: BaseModel, prefix: str) -> Iterator[tuple[str, Text]]:
    """Every text in ``node`` with its key ("end.winner.humans", "ordinals.0")."""
    for name in type(node).model_fields:
        yield from _texts_in(getattr(node, name), f"{prefix}{name}")


def _texts_in(value: object, key: str) -> Iterator[tuple[str, Text]]:
    if isinstance(value, Text):
        yield key, value
    elif isinstance(value, BaseModel):
        yield from _texts(value, key + ".")
    elif isinstance(value, dict):
        for sub, item in value.items():
            yield from _texts_in(item, f"{key}.{sub}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _texts_in(item, f"{key}.{i}")


def _slots(template: str) -> set[str]:
    try:
        return {name for _, name, _, _ in string.Formatter().parse(template) if name}
    except ValueError:
        return {"<unbalanced braces>"}


def _check_phrases(phrases: GrowlPhrases) -> list[str]:
    problems = []
    for lang, intents in (("ko", phrases.ko), ("en", phrases.en)):
        for intent, templates in intents.items():
            for i, t in enumerate(templates):
                try:
                    parse_template(t)
                except ValueError as exc:
                    problems.append(f"phrases.yaml: {lang}.{intent}.{i}: {t!r}: {exc}")
    return problems
