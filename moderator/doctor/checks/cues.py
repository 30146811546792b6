"""The headset's cues in Korean: espeak-ng's Korean is hard to follow, so with ``[tts] detail = "cue"``
and no voice pack the doctor offers a cue pack (the seats and the script's characters in your own
voice, a few minutes of reading)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from moderator.doctor.base import Check
from moderator.doctor.registry import check

if TYPE_CHECKING:
    from moderator.doctor.core import Doctor


@check("cues", order=35)
def cues(doctor: Doctor) -> None:
    config = doctor.config
    voice = config.tts.get("ko")
    if config.tts.detail != "cue" or (voice is not None and voice.pack):
        return
    doctor.add(Check("cue pack ko", "skip", "the Korean cues are said by espeak-ng, which is hard to follow",
                     f"record a cue pack in your own voice (a few minutes): moderator voice-pack record --cues "
                     f"--lang ko --script {config.game.script}, then set [tts.ko] pack = \"my-voice-ko\""))  # fmt: skip
