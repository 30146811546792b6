"""The doctor's checks by name, in the order they run: each module of ``moderator.doctor.checks``
registers its check here with ``@check``, and ``Doctor.run`` goes through them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from moderator.doctor.core import Doctor

Run = Callable[["Doctor"], "bool | None"]


@dataclass(frozen=True)
class Registered:
    """One check: ``order`` places it among the others; a ``gate`` that returns False ends the
    checks (what follows needs it); an ``audio`` check runs only when the audio is checked."""

    name: str
    run: Run
    order: int
    gate: bool = False
    audio: bool = False


CHECKS: dict[str, Registered] = {}


def check(name: str, order: int, *, gate: bool = False, audio: bool = False) -> Callable[[Run], Run]:
    """Registers the decorated function as the check ``name``."""

    def register(run: Run) -> Run:
        if name in CHECKS:
            raise ValueError(f"doctor check {name!r} registered twice")
        CHECKS[name] = Registered(name, run, order, gate, audio)
        return run

    return register


def in_order() -> list[Registered]:
    return sorted(CHECKS.values(), key=lambda c: c.order)
