"""Hearing one utterance at a Growl step, as the voice loop would: test-only, so the package's Growl
code stays free of audio."""

from __future__ import annotations

from moderator.growl.engine import Growl
from moderator.growl.voice import NUMBERS, parser_for
from moderator.voice.asr import Recognizer
from moderator.voice.audio import SAMPLE_RATE
from moderator.voice.models import known_phrases


def grammar(engine: Growl, recognizer: Recognizer) -> list[str]:
    """Every sentence the current step allows, in the recognizer's vocabulary."""
    kept, _ = known_phrases(parser_for(engine).sentences(engine.view().allowed, numbers=NUMBERS), recognizer.has_word)
    return kept


def hear(engine: Growl, recognizer: Recognizer, pcm: bytes) -> str | None:
    """The sentence heard at the current step, or None when the speech is rejected."""
    result = recognizer.recognize(pcm, SAMPLE_RATE, grammar(engine, recognizer))
    return None if result.rejected else result.phrase
