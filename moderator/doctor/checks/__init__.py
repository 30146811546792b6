"""The doctor's checks, one a module: each registers itself on ``moderator.doctor.registry`` with
``@check`` and its place in the order (files, speech packages, voices, the cue pack, models, names, devices,
outputs, microphone); the microphone's listening also runs the spoken commands and the calibration."""

from moderator.doctor.checks import cues, devices, files, microphone, models, names, outputs, packages, voices

__all__ = ["cues", "devices", "files", "microphone", "models", "names", "outputs", "packages", "voices"]
