"""The steps of a Growl evening, one module per part: setup, day, night, end.

Each step has a ``view`` (what to say, what may be answered) and an ``act`` (what an answer does).
"""

from __future__ import annotations

from moderator.growl.steps.base import StepDef
from moderator.growl.steps.day import STEPS as DAY
from moderator.growl.steps.end import STEPS as END
from moderator.growl.steps.night import STEPS as NIGHT
from moderator.growl.steps.setup import FIRST_STEP
from moderator.growl.steps.setup import STEPS as SETUP

STEPS: dict[str, StepDef] = {**SETUP, **DAY, **NIGHT, **END}

__all__ = ["FIRST_STEP", "STEPS", "StepDef"]
