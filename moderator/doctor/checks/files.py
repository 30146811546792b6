"""Where the settings, the saves and the prompt audio are."""

from __future__ import annotations

from typing import TYPE_CHECKING

from moderator.config import saves_dir
from moderator.doctor.base import Check
from moderator.doctor.registry import check
from moderator.paths import cache_dir, user_config_file

if TYPE_CHECKING:
    from moderator.doctor.core import Doctor


@check("files", order=10)
def files(doctor: Doctor) -> None:
    path = user_config_file()
    settings = str(path) if path.is_file() else "built-in defaults"
    doctor.add(Check("files", "ok", f"settings {settings}; saves in {saves_dir(doctor.config)}; "
                     f"prompt audio in {cache_dir() / 'prompts'}"))  # fmt: skip
