"""Korean text for people and for the voice: particles, numbers in words, the spoken form.

Imports no game and no audio. The written form (console) keeps digits and symbols and only gets
its particles resolved (:func:`resolve_particles`); the voice gets :func:`spoken_sentences`, each
sentence handed to espeak-ng in its standard pronunciation (:func:`pronounced`).
"""

from __future__ import annotations

from moderator.korean.numbers import number_words
from moderator.korean.particles import final_sound, resolve_particles
from moderator.korean.pronounce import pronounced
from moderator.korean.spoken import spoken, spoken_sentences

__all__ = ["final_sound", "number_words", "pronounced", "resolve_particles", "spoken", "spoken_sentences"]
