"""The doctor: runs the registered checks in order, prints each as it ends, and gives the verdict."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

import moderator.doctor.checks  # noqa: F401  (each check module registers its check)
from moderator.config import Config
from moderator.doctor.base import MARK, Check, Options
from moderator.doctor.registry import in_order
from moderator.i18n import Lang


@dataclass
class Doctor:
    """Runs the checks in order and prints each as it ends."""

    config: Config
    options: Options
    out: TextIO = sys.stdout
    ask: Callable[[str], bool | None] = field(default=lambda question: None)
    """Asks the storyteller a yes/no question (None: nobody to ask, e.g. not a terminal)."""
    checks: list[Check] = field(default_factory=list)
    recognizers: dict[Lang, Any] = field(default_factory=dict)
    """The recognizers the models check loaded, by language, for the checks after it."""

    def add(self, check: Check) -> None:
        self.checks.append(check)
        self.out.write(f"[{MARK[check.status]}] {check.name}: {check.detail}\n")
        if check.fix:
            self.out.write(f"       fix: {check.fix}\n")
        self.out.flush()

    def run(self) -> int:
        """Every check, then the verdict. Returns the exit code (1 if a check failed)."""
        for registered in in_order():
            if registered.audio and not self.options.audio:
                continue
            if registered.run(self) is False and registered.gate:
                break
        return self.verdict()

    def calibrate_now(self, root: Path | None = None) -> None:
        """Only the calibration (offered at the start of a game): the model, the room's noise, the takes."""
        from moderator.doctor.checks.calibration import calibrate_only

        calibrate_only(self, root)

    def verdict(self) -> int:
        counts = {s: sum(1 for c in self.checks if c.status == s) for s in MARK}
        failed = [c for c in self.checks if c.status == "fail"]
        summary = ", ".join(f"{n} {s}" for s, n in counts.items() if n)
        if failed:
            self.out.write(f"verdict: NOT READY ({summary}). Fix first:\n")
            for c in failed:
                self.out.write(f"  - {c.name}: {c.fix}\n")
            return 1
        warned = [c for c in self.checks if c.status == "warn"]
        self.out.write(f"verdict: ready ({summary})" + (", with warnings above" if warned else "") + ".\n")
        return 0
