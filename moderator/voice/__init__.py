"""Speech layer: espeak-ng text to speech and offline recognition (Vosk, pocketsphinx).

Importing this package is cheap; the engines are imported when first used.

    from moderator.voice import load_recognizer, render, read_wav
    rec = load_recognizer("ko", Path("models"))
    render("칠 번", "ko", "/tmp/a.wav")
    pcm, rate = read_wav("/tmp/a.wav")
    result = rec.recognize(pcm, rate, ["칠 번", "완료", "다시"])
"""

from __future__ import annotations

from moderator.voice.asr import (
    DEFAULT_POLICIES,
    PocketsphinxRecognizer,
    Recognizer,
    VoskRecognizer,
    load_recognizer,
)
from moderator.voice.audio import (
    BlockCollector,
    WavSource,
    microphone,
    read_wav,
    resample,
    write_wav,
)
from moderator.voice.errors import (
    AudioFormatError,
    ModelNotFoundError,
    VocabularyError,
    VoiceDependencyError,
    VoiceError,
)
from moderator.voice.models import ModelSpec, check_vocabulary, dither_off_copy, locate_model, missing_words
from moderator.voice.reject import RejectPolicy
from moderator.voice.result import Hypothesis, Result, Word
from moderator.voice.tts import list_voices, render, select_voice

__all__ = [
    "DEFAULT_POLICIES",
    "AudioFormatError",
    "BlockCollector",
    "Hypothesis",
    "ModelNotFoundError",
    "ModelSpec",
    "PocketsphinxRecognizer",
    "Recognizer",
    "RejectPolicy",
    "Result",
    "VocabularyError",
    "VoiceDependencyError",
    "VoiceError",
    "VoskRecognizer",
    "WavSource",
    "Word",
    "check_vocabulary",
    "dither_off_copy",
    "list_voices",
    "load_recognizer",
    "locate_model",
    "microphone",
    "missing_words",
    "read_wav",
    "render",
    "resample",
    "select_voice",
    "write_wav",
]
