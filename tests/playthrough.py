"""Golden playthroughs: storyteller utterances in, grimoire state out.

A playthrough file (tests/playthroughs/*.yaml) sets up a game, feeds utterances through the same
text front end the storyteller uses, and states what must hold afterwards.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from moderator.clocktower.frontend import TextLoop
from moderator.clocktower.grimoire.events import SetAlignment
from moderator.clocktower.grimoire.journal import Journal
from moderator.clocktower.grimoire.state import Grimoire
from moderator.clocktower.rules.loader import default_catalogue
from moderator.clocktower.rules.scripts import complete, load_script
from moderator.clocktower.rules.setup import setup_game
from moderator.clocktower.table import Table
from moderator.yamlio import load_yaml

HERE = Path(__file__).parent / "playthroughs"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PlayerExpect(_Strict):
    character: str | None = None
    alignment: Literal["good", "evil"] | None = None
    alive: bool | None = None
    ghost_vote: bool | None = None
    believes: str | None = None
    abilities: list[str] | None = None
    reminders: list[str] | None = Field(None, description="Exactly these reminder names (any order).")
    has_reminders: list[str] = Field(default_factory=list, description="At least these reminder names.")
    lacks_reminders: list[str] = Field(default_factory=list)
    name: str | None = None
    notes: list[str] | None = None
    reminders_from: list[str] = Field(
        default_factory=list, description="At least these tokens, as 'source:Name' ('storyteller:Poisoned')."
    )


class PromptExpect(_Strict):
    """A prompt that must appear (in order, not necessarily adjacent)."""

    step: str
    seat: int | None = None
    truth: Any = None
    text_contains: str | None = None
    public_contains: str | None = None
    check_truth: bool = Field(True, description="False: only step/seat/texts are compared.")
    truth_in: list[Any] | None = Field(None, description="The truth is one of these (a player to show).")


class Expect(_Strict):
    phase: str | None = None
    night: int | None = None
    day: int | None = None
    step: str | None = None
    winner: Literal["good", "evil"] | Literal["none"] | None = None
    players: dict[int, PlayerExpect] = Field(default_factory=dict)
    prompts: list[PromptExpect] = Field(default_factory=list)
    never: list[PromptExpect] = Field(default_factory=list, description="Prompts that must not appear.")
    errors: int | None = Field(None, description="How many utterances were refused or not understood.")
    seats: int | None = Field(None, description="How many players sit at the table.")
    fabled: list[str] | None = None
    won_by: str | None = None
    refused_unchanged: bool = Field(True, description="A refused utterance must leave the state unchanged.")


class Playthrough(_Strict):
    name: str
    rule: str | None = Field(None, description="The rule text the scenario checks, and its source.")
    known_fault: str | None = Field(None, description="An app fault it shows (a strict xfail until fixed).")
    script: str
    add: list[str] = Field(default_factory=list)
    lang: Literal["ko", "en"] = "en"
    players: list[str]
    assign: list[str]
    decide: dict[str, str] = Field(default_factory=dict)
    evil: list[int] = Field(default_factory=list, description="Seats turned evil at setup (an evil Townsfolk).")
    seed: int = 0
    say: list[str]
    expect: Expect


class Result:
    def __init__(self, grimoire: Grimoire, prompts: list[dict[str, Any]], errors: list[str]) -> None:
        self.g = grimoire
        self.prompts = prompts
        self.errors = errors


def load(path: Path) -> Playthrough:
    return Playthrough.model_validate(load_yaml(path.read_text(encoding="utf-8")))


def run(pt: Playthrough) -> Result:
    """Set the game up and feed every utterance through the text front end (JSON lines)."""
    cat = default_catalogue()
    script, cat = load_script(pt.script, cat)
    if pt.add:
        script = complete(script, cat, pt.add)
    events, _, _ = setup_game(script, cat, pt.players, seed=pt.seed, characters=pt.assign, overrides=pt.decide)
    journal = Journal.new(script.source)
    journal.push("setup", [*events, *(SetAlignment(seat=s, alignment="evil") for s in pt.evil)])
    table = Table(journal, script, cat, pt.lang)
    out = io.StringIO()
    loop = TextLoop(table, pt.lang, out, jsonl=True)
    errors: list[str] = []
    loop.run([])
    for line in pt.say:
        before = table.g.model_dump_json()
        reply, error = loop.step(line)
        if error is not None:
            errors.append(f"{line!r}: {error}")
            if pt.expect.refused_unchanged:
                assert table.g.model_dump_json() == before, f"refused {line!r} changed the state"
        loop.emit(table.prompt(), reply, error)
    prompts = [json.loads(x) for x in out.getvalue().splitlines() if x.strip()]
    return Result(table.g, prompts, errors)


def check(pt: Playthrough, result: Result) -> None:
    """Assert everything ``pt.expect`` states."""
    e, g = pt.expect, result.g
    where = f"[{pt.name}]"
    if e.errors is not None:
        assert len(result.errors) == e.errors, f"{where} errors: {result.errors}"
    if e.seats is not None:
        assert len(g.players) == e.seats, f"{where} seats: {len(g.players)} != {e.seats}"
    if e.fabled is not None:
        assert sorted(g.fabled) == sorted(e.fabled), f"{where} fabled: {g.fabled}"
    if e.won_by is not None:
        assert g.won_by == e.won_by, f"{where} won_by: {g.won_by!r}"
    for key in ("phase", "night", "day", "step"):
        want = getattr(e, key)
        if want is not None:
            assert getattr(g, key) == want, f"{where} {key}: {getattr(g, key)!r} != {want!r}"
    if e.winner is not None:
        assert g.winner == (None if e.winner == "none" else e.winner), f"{where} winner {g.winner!r}"
    for seat, pe in e.players.items():
        p = g.player(seat)
        for key in ("character", "alignment", "alive", "ghost_vote", "believes", "abilities", "name", "notes"):
            want = getattr(pe, key)
            if want is not None:
                assert getattr(p, key) == want, f"{where} seat {seat} {key}: {getattr(p, key)!r} != {want!r}"
        names = [r.name for r in p.reminders]
        if pe.reminders is not None:
            assert sorted(names) == sorted(pe.reminders), f"{where} seat {seat} reminders {names}"
        for name in pe.has_reminders:
            assert name in names, f"{where} seat {seat} lacks reminder {name}: {names}"
        for name in pe.lacks_reminders:
            assert name not in names, f"{where} seat {seat} has reminder {name}"
        tokens = [f"{r.source}:{r.name}" for r in p.reminders]
        for token in pe.reminders_from:
            assert token in tokens, f"{where} seat {seat} lacks {token}: {tokens}"
    for bad in e.never:
        assert not any(_matches(p, bad.model_copy(update={"check_truth": False})) for p in result.prompts), (
            f"{where} unexpected prompt {bad.model_dump(exclude_defaults=True)}"
        )
    i = 0
    for want in e.prompts:
        while i < len(result.prompts) and not _matches(result.prompts[i], want):
            i += 1
        assert i < len(result.prompts), f"{where} no prompt like {want.model_dump(exclude_defaults=True)}"
        i += 1


def _matches(prompt: dict[str, Any], want: PromptExpect) -> bool:
    if prompt["step"] != want.step or (want.seat is not None and prompt["seat"] != want.seat):
        return False
    if want.truth_in is not None:
        if prompt["truth"] not in want.truth_in:
            return False
    elif want.check_truth and prompt["truth"] != want.truth:
        return False
    if want.text_contains and want.text_contains not in prompt["text"]:
        return False
    return not (want.public_contains and want.public_contains not in (prompt["public"] or ""))
