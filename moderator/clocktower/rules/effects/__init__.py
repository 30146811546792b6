"""Named effect functions: the registry (:mod:`.base`) and every effect, registered on import."""

from __future__ import annotations

from moderator.clocktower.rules.context import Answer, Ctx, Outcome
from moderator.clocktower.rules.effects import actions, bmr, day, infos, snv_demons
from moderator.clocktower.rules.effects import carousel as carousel
from moderator.clocktower.rules.effects import changes as changes
from moderator.clocktower.rules.effects import experimental_evil as experimental_evil
from moderator.clocktower.rules.effects import experimental_good as experimental_good
from moderator.clocktower.rules.effects import fabled as fabled
from moderator.clocktower.rules.effects import given as given
from moderator.clocktower.rules.effects import jinx_choice as jinx_choice
from moderator.clocktower.rules.effects import kills as kills
from moderator.clocktower.rules.effects import riot as riot
from moderator.clocktower.rules.effects import snv_info as snv_info
from moderator.clocktower.rules.effects import snv_minions as snv_minions
from moderator.clocktower.rules.effects import travellers as travellers
from moderator.clocktower.rules.effects.base import EFFECTS, Effect, effect

__all__ = ["EFFECTS", "Answer", "Ctx", "Effect", "Outcome", "actions", "bmr", "day", "effect", "infos", "snv_demons"]
