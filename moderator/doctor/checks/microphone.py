"""The microphone: the room's noise, then the storyteller's voice (with a level meter), then, in the
same listening, the spoken commands and the calibration."""

from __future__ import annotations

import queue
import statistics
from typing import TYPE_CHECKING

from moderator.doctor.base import Check, db, one_line
from moderator.doctor.checks.calibration import calibrate
from moderator.doctor.checks.commands import commands, spoken
from moderator.doctor.listening import Tap, levels
from moderator.doctor.registry import check

if TYPE_CHECKING:
    from moderator.doctor.core import Doctor

SPEECH_OVER_ROOM_DB = 10.0
"""The endpointer starts an utterance at 3x the room's level (+9.5 dB): speech below +10 dB is cut badly."""


@check("microphone", order=80, audio=True)
def microphone(doctor: Doctor) -> None:
    """The room, then the voice (with a level meter), then a few commands."""
    from moderator.voice.app import _device
    from moderator.voice.audio import SAMPLE_RATE
    from moderator.voice.audio import microphone as open_microphone

    blocks: queue.Queue[bytes] = queue.Queue()
    try:
        with open_microphone(Tap(blocks), device=_device(doctor.config.audio.input)):
            room = levels(doctor, blocks, doctor.options.noise_seconds, "Stay quiet: listening to the room")
            said: list[bytes] = []
            voice = levels(doctor, blocks, doctor.options.voice_seconds,
                           f"Now say '{spoken(doctor, 'confirm')}' a few times, as at the table", keep=said)
            judge_levels(doctor, room, voice)
            judge_band(doctor, b"".join(said))
            commands(doctor, blocks, statistics.median(room) if room else 0.0, SAMPLE_RATE)
            calibrate(doctor, blocks, statistics.median(room) if room else 0.0)
    except OSError as exc:
        doctor.add(Check("microphone", "fail", one_line(exc), "check the cable and [audio] input"))


def judge_levels(doctor: Doctor, room: list[float], voice: list[float]) -> None:
    from moderator.voice.listen import START

    if not room or not voice:
        doctor.add(Check("microphone", "fail", "no sound came from the microphone", "check [audio] input"))
        return
    floor = statistics.median(room)
    speech = sorted(voice)[int(0.9 * (len(voice) - 1))]
    over = db(speech) - db(floor)
    detail = f"room {db(floor):.1f} dBFS, voice {db(speech):.1f} dBFS: {over:+.1f} dB over the room"
    if speech < START:
        doctor.add(Check("voice level", "warn", f"{detail}; below the {db(START):.1f} dBFS the game starts "
                         "listening at", "raise the microphone's gain or bring it closer, or calibrate "
                         "(`moderator doctor --calibrate`): the game then listens at your level"))  # fmt: skip
    elif over < SPEECH_OVER_ROOM_DB:
        doctor.add(Check("voice level", "warn", detail,
                         "bring the microphone closer to your mouth, or set [asr] listen = \"push\""))
    else:
        doctor.add(Check("voice level", "ok", detail))


def judge_band(doctor: Doctor, voice: bytes) -> None:
    """Whether the microphone sends the whole band the recognizers were trained on, or the telephone
    band a Bluetooth headset's hands-free profile sends (moderator.voice.band)."""
    from moderator.voice.band import NARROW_BAND_DB, high_band_db

    measured = high_band_db(voice)
    if measured is None:
        return  # nothing loud enough to judge: the voice level check has said so
    detail = f"sound above 4 kHz {measured:+.1f} dB against the voice band"
    if measured < NARROW_BAND_DB:
        doctor.add(Check("microphone band", "warn", f"{detail}: telephone band, as a Bluetooth headset's "
                         "hands-free profile sends; answers are heard much less well",
                         "use a wired or USB headset, or the headset's wideband profile (mSBC)"))  # fmt: skip
    else:
        doctor.add(Check("microphone band", "ok", f"{detail}: wideband"))
