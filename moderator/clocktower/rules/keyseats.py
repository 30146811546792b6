"""The seats the grimoire's memory keys name (:mod:`moderator.clocktower.rules.keys`), moved when a player
sits down or leaves: each kind of key that names a seat, and what of its value is a seat."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Literal

ValueKind = Literal["seat", "seats", "pairs"] | None
"""What of a key's value is a seat: the whole value, a space-separated list, ``seat=character`` pairs."""

_SEAT_KEYS: list[tuple[str, ValueKind]] = [
    (r"used:[^:]+:(?P<s>\d+)", None),
    (r"today:[^:]+:(?P<s>\d+):\d+", None),
    (r"acted:\d+:[^:]+:(?P<s>\d+)", None),
    (r"gained:\d+:(?P<s>\d+):[^:]+", None),
    (r"known:[^:]+:(?P<s>\d+)", "seat"),
    (r"learnt:[^:]+:(?P<s>\d+)", None),
    (r"shown:n\d+:[^:]+:(?P<s>\d+):\d+", None),  # what was given, kept as it was given
    (r"shown:[^:]+:(?P<s>\d+)", "seats"),
    (r"type:[^:]+:(?P<s>\d+)", None),
    (r"demon_blocked:\d+", "seat"),
    (r"decide:.+", "seat"),  # a seat, or a character (left as it is)
    (r"jinxed:[^:]+:(?P<s>\d+)", None),
    (r"last:goon:(?P<s>\d+)", None),  # the Goon keeps the night it was chosen, not a seat
    (r"last:[^:]+:(?P<s>\d+)", "seats"),  # one, or the Innkeeper's and the Shabaloth's two
    (r"jinxpick:\d+", "seat"),
    (r"roll:\d+:[^:]+", "seats"),
    (r"exorcised:\d+", "seat"),
    (r"asleep:\d+:(?P<s>\d+)", None),
    (r"uncaught:\d+:(?P<s>\d+)", None),
    (r"true:[^:]+:(?P<s>\d+):day\d+", None),
    (r"nominators:day\d+", "seats"),
    (r"voters:day\d+", "seats"),
    (r"juggled:(?P<s>\d+):day\d+", "pairs"),
    (r"death:[^:]+:(?P<s>\d+)", None),
    (r"about:[^:]+:(?P<s>\d+)", None),
    (r"executed:day\d+", "seat"),
    (r"placed:[^:]+:(?P<s>\d+)", None),
    (r"learnt_death:(?P<s>\d+)", None),
    (r"firstday:(?P<s>\d+)", None),
    (r"firsttonight:[^:]+:(?P<s>\d+)", None),
    (r"picked:[^:]+:(?P<s>\d+)", "seat"),
    (r"charged:[^:]+:(?P<s>\d+)", None),
    (r"volley:[^:]+:(?P<s>\d+)", "seats"),
    (r"kept_evil:(?P<s>\d+)", None),
    (r"kept_sober:[^:]+:(?P<s>\d+)", None),
    (r"failed:[nd]\d+:(?P<s>\d+)", None),
    (r"skipped:\d+:[^:]+:(?P<s>\d+)", None),
    (r"exiled:(?P<s>\d+)", None),
    (r"tokens:(?P<s>\d+)", None),
    (r"twice:\d+:[^:]+:(?P<s>\d+)", None),
    (r"[^:]+:(?P<s>\d+):day\d+", None),  # guessed
]
SEATS: list[tuple[re.Pattern[str], ValueKind]] = [(re.compile(p), kind) for p, kind in _SEAT_KEYS]
"""Each kind of key that names a seat (its group ``s``), and what of its value is a seat."""


def renumbered(memory: dict[str, str], moved: Mapping[int, int | None]) -> dict[str, str]:
    """``memory`` with every seat moved (``moved``: old to new; None: the seat is gone, and what is
    about it goes)."""
    out: dict[str, str] = {}
    for key, value in memory.items():
        pattern, kind = next(((p, k) for p, k in SEATS if p.fullmatch(key)), (None, None))
        if pattern is None:
            out[key] = value
            continue
        m = pattern.fullmatch(key)
        assert m is not None
        if "s" in pattern.groupindex:
            seat = _moved(int(m.group("s")), moved)
            if seat is None:
                continue
            key = key[: m.start("s")] + str(seat) + key[m.end("s") :]
        new = _moved_value(value, kind, moved)
        if new is not None:
            out[key] = new
    return out


def _moved(seat: int, moved: Mapping[int, int | None]) -> int | None:
    return moved.get(seat, seat)


def _moved_value(value: str, kind: ValueKind, moved: Mapping[int, int | None]) -> str | None:
    if kind == "seat":
        if not value.isdigit():
            return value
        seat = _moved(int(value), moved)
        return None if seat is None else str(seat)
    if kind == "seats":
        seats = [_moved_word(x, moved) for x in value.split()]
        return " ".join(x for x in seats if x is not None)
    if kind == "pairs":
        pairs = []
        for pair in value.split():
            who, sep, rest = pair.partition("=")
            new = _moved_word(who, moved)
            if new is not None:
                pairs.append(f"{new}{sep}{rest}")
        return " ".join(pairs)
    return value


def _moved_word(word: str, moved: Mapping[int, int | None]) -> str | None:
    """A seat written as a word, moved (None: gone); any other word as it is."""
    if not word.isdigit():
        return word
    seat = _moved(int(word), moved)
    return None if seat is None else str(seat)
