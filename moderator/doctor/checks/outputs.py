"""A test line on each output in turn, so the storyteller hears which is which."""

from __future__ import annotations

from typing import TYPE_CHECKING

from moderator.doctor.base import Channel, Check, Status, one_line, output_line, voice_settings
from moderator.doctor.registry import check
from moderator.paths import cache_dir

if TYPE_CHECKING:
    from moderator.doctor.core import Doctor


@check("outputs", order=70, audio=True)
def outputs(doctor: Doctor) -> None:
    """A test line on each output in turn, so the storyteller hears which is which."""
    from moderator.voice.app import _device
    from moderator.voice.speaker import AudioSpeaker, PromptCache

    lang, a = doctor.options.lang, doctor.config.audio
    cache = PromptCache(cache_dir() / "prompts", lang, voice_settings(doctor.config, lang))
    speaker = AudioSpeaker(cache, _device(a.public), _device(a.private))
    same = a.public == a.private
    roles: tuple[tuple[Channel, str], ...] = (("public", "table speaker"), ("private", "headset"))
    try:
        for channel, role in roles:
            if same and channel == "private":
                break
            line = output_line("both" if same else channel, lang)
            doctor.out.write(f"       playing on the {role}: {line}\n")
            speaker.say(line, channel)
            heard = doctor.ask(f"Did you hear it on the {role}?")
            status: Status = "fail" if heard is False else "ok"
            said = {None: "played", True: "played and heard", False: "played, NOT heard"}[heard]
            doctor.add(Check(f"output: {role}", status, said,
                             "" if status == "ok" else "check the volume and [audio] public/private"))
    except OSError as exc:
        doctor.add(Check("outputs", "fail", one_line(exc), "check the cable, then [audio] public/private"))
    finally:
        speaker.close()
