"""Errors of the speech layer. All derive from :class:`moderator.errors.ModeratorError`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from moderator.errors import ModeratorError


class VoiceError(ModeratorError):
    """Base of every error the speech layer raises on purpose."""


class VoiceDependencyError(VoiceError, ImportError):
    """An optional speech package (vosk, pocketsphinx, pyttsx3, sounddevice) or tool is missing."""


class ModelNotFoundError(VoiceError, FileNotFoundError):
    """No speech model could be found for a language."""


class AudioFormatError(VoiceError, ValueError):
    """Audio that is not 16-bit mono PCM (or a WAV file that cannot be read)."""


class VocabularyError(VoiceError, ValueError):
    """Grammar words that the recognition model does not know.

    ``missing`` maps each unknown word to the phrases that use it.
    """

    def __init__(self, lang: str, model: str, missing: Mapping[str, Sequence[str]]) -> None:
        self.lang = lang
        self.model = model
        self.missing: dict[str, tuple[str, ...]] = {w: tuple(p) for w, p in missing.items()}
        lines = [f"{len(self.missing)} grammar word(s) are not in the vocabulary of the {lang!r} model {model}:"]
        for word, phrases in self.missing.items():
            shown = ", ".join(repr(p) for p in phrases[:3])
            more = f" (+{len(phrases) - 3} more)" if len(phrases) > 3 else ""
            lines.append(f"  {word!r} used in {shown}{more}")
        lines.append("Rephrase these commands with words the model knows (split compounds, e.g. '칠 번').")
        super().__init__("\n".join(lines))
