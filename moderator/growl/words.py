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
    voice = base.voice
    if voice is not None and data.phrases.voice.get(lang):
        spoken = dict(voice.intents)
        for intent, forms in data.phrases.voice[lang].items():
            spoken[intent] = [*spoken.get(intent, []), *forms]
        voice = voice.model_copy(update={"intents": spoken})
    return base.model_copy(update={"intents": intents, "voice": voice})


def card_names(data: GrowlData, spoken: Lang | None = None) -> dict[str, str]:
    """Every night card's names (Korean, English, aliases, id), normalised, to its id. ``spoken``:
    only the names said aloud in that language (no ids; aliases in that language's script)."""
    names: dict[str, str] = {}
    unnamed = [(n, data.cards.unnamed.id) for n in data.cards.unnamed.names]
    for card in data.cards.night_cards:
        if spoken is None:
            said = [card.name.ko, card.name.en, card.id, card.id.replace("_", " "), *card.aliases]
        else:
            said = [card.name.ko if spoken == "ko" else card.name.en, *card.aliases]
        for name in said:
            names[normalise(name)] = card.id
    for name, card_id in unnamed:
        names[normalise(name)] = card_id
    if spoken is not None:
        names = {n: c for n, c in names.items() if _is_korean(n) == (spoken == "ko")}
    return names


def _is_korean(text: str) -> bool:
    return any("\uac00" <= ch <= "\ud7a3" for ch in text)


def vocabulary(state: GrowlState, data: GrowlData, spoken: Lang | None = None) -> Vocabulary:
    """Seats, players' names and card names for this evening (``spoken``: as said aloud in that language)."""
    return Vocabulary(
        seats=state.seats(),
        players={normalise(p.name): p.seat for p in state.players if p.name},
        characters=card_names(data, spoken),
        max_number=max(20, len(state.players)),
    )


def parsers(state: GrowlState, data: GrowlData, lang: Lang) -> list[Parser]:
    """Parsers for both languages, the game's first: typed commands work in either."""
    vocab = vocabulary(state, data)
    return [Parser(x, vocab, growl_phrases(x, data)) for x in (lang, *(x for x in LANGS if x != lang))]
