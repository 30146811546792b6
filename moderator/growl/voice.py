"""Growl by voice: the closed grammar of the current step, and what was heard in it.

The engine stays audio-free; this module is the seam the voice front end and the tests use: it
turns one utterance (PCM) into the sentence the Growl text front end would have been given.
"""

from __future__ import annotations

from moderator.commands.parse import Parser
from moderator.growl.engine import Growl
from moderator.growl.words import growl_phrases, vocabulary
from moderator.voice.asr import Recognizer
from moderator.voice.audio import SAMPLE_RATE
from moderator.voice.models import known_phrases


def grammar(engine: Growl, recognizer: Recognizer) -> list[str]:
    """Every sentence the current step allows, in the recognizer's vocabulary."""
    parser = Parser(engine.lang, vocabulary(engine.state, engine.data), growl_phrases(engine.lang, engine.data))
    kept, _ = known_phrases(parser.sentences(engine.view().allowed, numbers=range(0, 21)), recognizer.has_word)
    return kept


def hear(engine: Growl, recognizer: Recognizer, pcm: bytes) -> str | None:
    """The sentence heard at the current step, or None when the speech is rejected."""
    result = recognizer.recognize(pcm, SAMPLE_RATE, grammar(engine, recognizer))
    return None if result.rejected else result.phrase
