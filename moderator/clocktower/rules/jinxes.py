"""Jinxes we describe (data/jinxes.yaml): notes at the step where each matters, and rules we apply."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

import yaml
from pydantic import TypeAdapter

from moderator.clocktower.rules.schema import Model
from moderator.errors import DataError
from moderator.i18n import Text
from moderator.paths import data_dir
from moderator.yamlio import load_yaml


class Jinx(Model):
    """One jinxed pair, as we run it."""

    pair: tuple[str, str]
    at: list[str]
    text: Text
    rule: (
        Literal[
            "only_one_in_play", "holder_lacks", "magician_picks_babysitter", "decide_after",
            "cannibal_learns_juggles", "chambermaid_sees_mathematician", "drunk_counts", "lunatic_attack_counts",
        ]
        | None
    ) = None
    """only_one_in_play: never both in play. holder_lacks: the first, given the second's ability, does
    not have it (the Alchemist and the Widow or the Spy). magician_picks_babysitter: the Magician, not
    the Minions, chooses Lil' Monsta's babysitter, who must be a living Minion. decide_after: the
    first's setup decisions wait until the second has acted on the first night (the Bounty Hunter's
    evil Townsfolk, after the Kazali), and are made only if the first is still in play.
    cannibal_learns_juggles: a living Cannibal given the Juggler's ability by its execution learns that
    night how many of the Juggler's day-one guesses were right. chambermaid_sees_mathematician: the
    Mathematician, alive, counts as waking tonight to the Chambermaid who wakes before it.
    drunk_counts: the Drunk counts to the Mathematician. lunatic_attack_counts: a Lunatic who attacked
    other players than the ones the Demon killed counts to the Mathematician."""


def read_jinxes(path: Path) -> list[Jinx]:
    """Parse data/jinxes.yaml.

    Raises:
        DataError: unreadable or of the wrong shape.
    """
    try:
        return TypeAdapter(list[Jinx]).validate_python(load_yaml(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, yaml.YAMLError) as exc:  # pydantic errors are ValueErrors
        raise DataError(f"{path}: {exc}") from exc


@cache
def jinxes() -> list[Jinx]:
    """The jinxes from data/, read once."""
    return read_jinxes(data_dir() / "jinxes.yaml")


def described(a: str, b: str) -> Jinx | None:
    """Our description of the jinx between ``a`` and ``b``, if we have one."""
    return next((j for j in jinxes() if set(j.pair) == {a, b}), None)


def forbidden_together(ids: set[str]) -> list[tuple[str, str]]:
    """Pairs in ``ids`` that a jinx says cannot both be in play."""
    return [j.pair for j in jinxes() if j.rule == "only_one_in_play" and set(j.pair) <= ids]


def holder_lacks(holder: str, ability: str) -> bool:
    """Whether a jinx says ``holder`` cannot have ``ability`` even when given it."""
    return any(j.rule == "holder_lacks" and j.pair == (holder, ability) for j in jinxes())


def ruled(rule: str, in_play: set[str]) -> bool:
    """Whether a jinx with ``rule`` holds between characters in play."""
    return any(j.rule == rule and set(j.pair) <= in_play for j in jinxes())


def decided_after(owner: str, in_play: set[str]) -> str | None:
    """The character whose first-night act ``owner``'s setup decisions wait for, if one is in play."""
    return next((j.pair[1] for j in jinxes() if j.rule == "decide_after" and j.pair[0] == owner
                 and j.pair[1] in in_play), None)  # fmt: skip
