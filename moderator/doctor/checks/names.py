"""Every character name on the chosen script can be said: the recognizer's words cover it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from moderator.doctor.base import Check, one_line
from moderator.doctor.registry import check

if TYPE_CHECKING:
    from moderator.doctor.core import Doctor


@check("names", order=50)
def names(doctor: Doctor) -> None:
    """Every character on the chosen script has a spoken form the recognizer's words cover."""
    from moderator.clocktower.rules.loader import default_catalogue
    from moderator.clocktower.rules.scripts import load_script

    try:
        script, cat = load_script(doctor.options.script, default_catalogue())
    except Exception as exc:
        doctor.add(Check("names", "fail", f"script {doctor.options.script}: {one_line(exc)}",
                         "give a bundled script (twelve, hunter-x-hunter, finger-pointing) or a script file"))
        return
    from moderator.voice.names import spoken_names
    from moderator.voice.names import unsayable as unsaid

    for lang, rec in doctor.recognizers.items():
        names = [cat[c].name(lang) for c in script.ids if c in cat]
        unsayable = unsaid(names, spoken_names(lang), rec.has_word)  # its words, or a spoken form (voice.names)
        where = f"{script.name}, {lang}"
        if unsayable:
            doctor.add(Check(f"names ({where})", "warn",
                             f"{len(unsayable)} of {len(script.ids)} names hold words the model lacks: "
                             + ", ".join(unsayable),
                             "at those steps, type the name (or its id) on the keyboard"))  # fmt: skip
        else:
            doctor.add(Check(f"names ({where})", "ok", f"all {len(script.ids)} character names can be said"))
