"""What a voice pack's reader reads: the fixed phrases from which both games' spoken lines are built.

Every line the games say is a template with slots ({seat}, {name}, {character}, {count}, …) filled
in. A pack records the fixed pieces and the slot values separately:

- each template's text between its slots, cut into sentences (a word glued to a slot, such as a
  particle or a counter — ``{name}(이)가``, ``{count}명`` — goes with the slot's value, not here);
- the seats, ``N번`` / ``seat N`` for 1 to 15;
- the names of the characters on the chosen scripts, and the Growl cards' names.

Player names, and numbers other than seats, are not recorded: the voice says them. This module knows
the games; the voice layer (moderator/voice/pack/) only gets the list.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from pydantic import BaseModel

from moderator.clocktower.rules.loader import default_catalogue
from moderator.clocktower.rules.scripts import bundled_scripts, load_script
from moderator.clocktower.rules.texts import step_texts
from moderator.growl.data import default_data
from moderator.i18n import Lang, Text
from moderator.korean import resolve_particles
from moderator.voice.pack import Kind, Phrase, key

SEATS = range(1, 16)
_SLOT = re.compile(r"\{[^{}]*\}")
_SENTENCE_END = re.compile(r"(?<=[.?!])\s+")
#: Character data that is never spoken (read on the console or the web page only).
_UNSPOKEN = {"ability", "notes", "name"}


def texts_in(value: object, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Text]]:
    """Every :class:`Text` in a data model, with the field names that lead to it."""
    if isinstance(value, Text):
        yield path, value
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from texts_in(getattr(value, name), (*path, name))
    elif isinstance(value, dict):
        for sub, item in value.items():
            yield from texts_in(item, (*path, str(sub)))
    elif isinstance(value, list | tuple):
        for item in value:
            yield from texts_in(item, path)


def fixed_parts(template: str, lang: Lang) -> list[str]:
    """The sentences of ``template`` between its slots, with any word glued to a slot left out."""
    chunks = _SLOT.split(template)
    out: list[str] = []
    for i, chunk in enumerate(chunks):
        if i > 0 and chunk and not chunk[0].isspace():
            chunk = re.sub(r"^\S*", "", chunk)  # glued to the slot before: a particle, a counter
        if i < len(chunks) - 1 and chunk and not chunk[-1].isspace():
            chunk = re.sub(r"\S*$", "", chunk)  # glued to the slot after
        if lang == "ko":
            chunk = resolve_particles(chunk)
        for sentence in _SENTENCE_END.split(chunk.strip()):
            sentence = sentence.strip(" ,")
            if any(ch.isalpha() for ch in sentence):
                out.append(sentence)
    return out


def _parts(text: Text, lang: Lang) -> list[str]:
    template = text.ko if lang == "ko" else text.en
    return fixed_parts(template, lang)


def _part_names(text: Text, lang: Lang) -> list[str]:
    """A part's name as the prompts that ask for it say it: a Korean prompt glues the object particle to
    it ("이제 하수인을 말하세요"), so that form is a phrase of its own."""
    name = text.ko if lang == "ko" else text.en
    return [name, resolve_particles(f"{name}(을)를")] if lang == "ko" else [name]


def seat(n: int, lang: Lang) -> str:
    return f"{n}번" if lang == "ko" else f"seat {n}"


def cue_phrases(lang: Lang, scripts: Sequence[str]) -> list[Phrase]:
    """A cue pack (``voice-pack record --cues``): what the headset's cues say (``[tts] detail = "cue"``),
    the seats, the characters of ``scripts``, the night's own cues and the fixed words around them; a
    few minutes of reading. The player's names and the truths' values stay espeak-ng's.

    Raises:
        DataError: a script cannot be found or loaded.
    """
    cat = default_catalogue()
    found: list[Phrase] = [Phrase(seat(n, lang), "seat") for n in SEATS]
    for stem in scripts:
        script, scat = load_script(stem, cat)
        found.extend(Phrase(scat[cid].name(lang), "character") for cid in script.ids)
    texts = step_texts()
    words = [*(p.cue for p in texts.pseudo.values()), texts.templates.cue_status, texts.flow.truth,
             *texts.templates.status.values()]  # fmt: skip
    found.extend(Phrase(s, "step") for text in words for s in [*_parts(text, lang)] or [_whole(text, lang)])
    return _unique(found)


def phrases(lang: Lang, scripts: Sequence[str] | None = None) -> list[Phrase]:
    """Everything to read for a pack in ``lang``: seats, character names (of ``scripts``, default the
    bundled ones), Growl card names, then the fixed parts of every template both games speak.

    Raises:
        DataError: a script cannot be found or loaded.
    """
    cat = default_catalogue()
    found: list[Phrase] = [Phrase(seat(n, lang), "seat") for n in SEATS]
    steps: list[str] = []
    for stem in scripts or list(bundled_scripts()):
        script, scat = load_script(stem, cat)
        for cid in script.ids:
            char = scat[cid]
            found.append(Phrase(char.name(lang), "character"))
            if char.data is not None:
                for path, text in texts_in(char.data):
                    if not _UNSPOKEN & set(path[:1]):
                        steps.extend(_parts(text, lang))
                    if path[-1:] == ("part",):
                        steps.extend(_part_names(text, lang))
    growl = default_data()
    found.extend(Phrase(card.name(lang), "card") for card in growl.cards.deck)
    found.extend(Phrase(card.name(lang), "card") for card in growl.cards.night_cards)
    for _, text in [*texts_in(step_texts()), *texts_in(growl.texts), *texts_in(growl.cards)]:
        steps.extend(_parts(text, lang))
    edits = step_texts().edits
    for word in (edits.character_part, edits.seat_word, edits.second_seat_word, edits.nothing_said):
        steps.extend(_part_names(word, lang))
    found.extend(Phrase(s, "step") for s in steps)
    return _unique(found)


def _unique(found: Sequence[Phrase]) -> list[Phrase]:
    """Each phrase once (by its :func:`~moderator.voice.pack.key`), in order."""
    out: list[Phrase] = []
    seen: set[tuple[str, ...]] = set()
    for p in found:
        k = key(p.text)
        if k and k not in seen:
            seen.add(k)
            out.append(p)
    return out


def _whole(text: Text, lang: Lang) -> str:
    """A text with no slot, whole (a status word: 중독)."""
    return text.ko if lang == "ko" else text.en


def kinds(found: Sequence[Phrase]) -> dict[Kind, int]:
    counts: dict[Kind, int] = {}
    for p in found:
        counts[p.kind] = counts.get(p.kind, 0) + 1
    return counts
