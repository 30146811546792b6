"""``moderator doctor``: the check a storyteller runs before the guests arrive.

It goes through the parts the voice needs, in the order a problem would show at the table: the
speech packages, espeak-ng's voices, the recognizers (load time and memory), whether every
character name on the chosen script can be said, the audio devices and which does what, a test
line on each output, the room's noise and the storyteller's voice (with a level meter), and a few
spoken commands with what the recognizer made of them. Each check ends ok, warn, fail or skip, with
the fix in one sentence. ``doctor`` exits 1 when something the app needs is missing.

With no sound card it says so and checks the rest. Heavy parts are imported when a check runs.

The package: ``core`` (the Doctor, which runs the checks in order), ``registry`` (the checks by
name), ``checks`` (one module a check), ``listening`` (the microphone's blocks for the checks),
``offer`` (calibration offered at the start of a game) and ``cli`` (the ``doctor`` command).
"""

from moderator.doctor.base import Check, Options, Status
from moderator.doctor.checks.calibration import calibration_words
from moderator.doctor.checks.calibration import calibration_words as _calibration_words
from moderator.doctor.cli import cmd_doctor, register
from moderator.doctor.core import Doctor
from moderator.doctor.offer import OFFERED, offer_calibration

__all__ = [
    "OFFERED", "Check", "Doctor", "Options", "Status", "_calibration_words", "calibration_words", "cmd_doctor",
    "offer_calibration", "register",
]
