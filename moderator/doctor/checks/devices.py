"""The audio devices: the list, and which is the table speaker, the headset and the microphone."""

from __future__ import annotations

from typing import TYPE_CHECKING

from moderator.doctor.base import Check, one_line
from moderator.doctor.registry import check

if TYPE_CHECKING:
    from moderator.doctor.core import Doctor


@check("devices", order=60, gate=True, audio=True)
def devices(doctor: Doctor) -> bool:
    from moderator.voice.speaker import list_devices

    try:
        found_devices = list_devices()
    except Exception as exc:
        doctor.add(Check("devices", "warn", f"no sound system ({one_line(exc)})",
                         "install PortAudio (apt-get install libportaudio2); meanwhile games run on the keyboard"))
        return False
    ins = [d for d in found_devices if int(str(d["inputs"])) > 0]
    outs = [d for d in found_devices if int(str(d["outputs"])) > 0]
    for d in found_devices:
        doctor.out.write(f"       {d['index']:3}  in {d['inputs']}  out {d['outputs']}  {d['name']}\n")
    if not ins or not outs:
        doctor.add(Check("devices", "warn", f"no sound card ({len(ins)} inputs, {len(outs)} outputs): "
                         "games run on the keyboard", "plug in a headset and a speaker, then run doctor again"))
        return False
    a = doctor.config.audio
    roles = {"table speaker": (a.public, outs), "headset": (a.private, outs), "microphone": (a.input, ins)}
    used: list[str] = []
    missing: list[str] = []
    for role, (wanted, pool) in roles.items():
        found = find(wanted, pool)
        (used if found else missing).append(f"{role}: {found or wanted or 'default'}")
    if missing:
        doctor.add(Check("devices", "fail", "not found: " + "; ".join(missing),
                         "set [audio] input, public and private to names or numbers that this list shows"))
        return False
    doctor.add(Check("devices", "ok", "; ".join(used)))
    return True


def find(wanted: str, pool: list[dict[str, object]]) -> str | None:
    """The device ``wanted`` names (number, exact name or part of it; "" = the first), if present."""
    if not wanted:
        return str(pool[0]["name"])
    for d in pool:
        if wanted == str(d["index"]) or wanted == d["name"] or wanted in str(d["name"]):
            return str(d["name"])
    return None
