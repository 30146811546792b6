"""What the table may say: the shared command phrases plus Growl's, and this game's names."""

from __future__ import annotations

from moderator.commands.parse import Parser, Vocabulary, normalise
from moderator.commands.phrases import Phrases, phrases
from moderator.growl.data import GrowlData
from moderator.growl.state import GrowlState
from moderator.i18n import LANGS, Lang


def growl_phrases(lang: Lang, data: GrowlData) -> Phrases:
    """The shared phrases of ``lang`` with data/growl/phrases.yaml added."""
    base = phrases(lang)
    extra = data.phrases.ko if lang == "ko" else data.phrases.en
    intents = dict(base.intents)
    for intent, templates in extra.items():
        intents[intent] = [*intents.get(intent, []), *templates]
    return base.model_copy(update={"intents": intents})


def card_names(data: GrowlData) -> dict[str, str]:
    """Every night card's names (Korean, English, aliases, id), normalised, to its id."""
    names: dict[str, str] = {}
    for card in data.cards.night_cards:
        for name in (card.name.ko, card.name.en, card.id, card.id.replace("_", " "), *card.aliases):
            names[normalise(name)] = card.id
    for name in data.cards.unnamed.names:
        names[normalise(name)] = data.cards.unnamed.id
    return names


def vocabulary(state: GrowlState, data: GrowlData) -> Vocabulary:
    """Seats, players' names and card names for this evening."""
    return Vocabulary(
        seats=state.seats(),
        players={normalise(p.name): p.seat for p in state.players if p.name},
        characters=card_names(data),
        max_number=max(20, len(state.players)),
    )


def parsers(state: GrowlState, data: GrowlData, lang: Lang) -> list[Parser]:
    """Parsers for both languages, the game's first: typed commands work in either."""
    vocab = vocabulary(state, data)
    return [Parser(x, vocab, growl_phrases(x, data)) for x in (lang, *(x for x in LANGS if x != lang))]
