"""Golden Growl playthroughs: the table's utterances in, the table's state (and words) out.

A playthrough file (tests/growl/playthroughs/*.yaml) seats the players, feeds every utterance
through the same text front end the table uses (JSON lines), and states what must hold after.
With ``transcript:``, the prose the app prints is also compared with a golden text file;
set GROWL_REGEN=1 to rewrite those files after a deliberate change of wording.
"""

from __future__ import annotations

import io
import json
import os
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from moderator.growl.data import default_data
from moderator.growl.engine import Growl
from moderator.growl.frontend import GrowlLoop
from moderator.growl.journal import GrowlJournal
from moderator.growl.state import GrowlState
from moderator.yamlio import load_yaml

HERE = Path(__file__).parent / "playthroughs"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PlayerExpect(_Strict):
    alive: bool | None = None
    gold: int | None = None


class PromptExpect(_Strict):
    """A prompt that must appear (in order, not necessarily adjacent)."""

    step: str
    seat: int | None = None
    game: int | None = None
    night: int | None = None
    text_contains: list[str] = Field(default_factory=list)
    beats: int | None = Field(None, description="How many timed lines the prompt has.")
    seconds: float | None = Field(None, description="The waits of its lines, summed.")


class GameExpect(_Strict):
    winner: Literal["humans", "werewolves"] | None
    gained: dict[int, int]


class Expect(_Strict):
    game: int | None = None
    night: int | None = None
    step: str | None = None
    turn_seat: int | None = None
    winner: Literal["humans", "werewolves", "none"] | None = None
    night_cards: list[str] | None = None
    errors: int | None = Field(None, description="How many utterances were refused or not understood.")
    players: dict[int, PlayerExpect] = Field(default_factory=dict)
    prompts: list[PromptExpect] = Field(default_factory=list)
    never: list[PromptExpect] = Field(default_factory=list, description="Prompts that must not appear.")
    replies: list[str] = Field(default_factory=list, description="Texts said in replies, in order.")
    history: list[GameExpect] | None = None


class Playthrough(_Strict):
    model_config = ConfigDict(extra="forbid", coerce_numbers_to_str=True)

    name: str
    rule: str | None = Field(None, description="The rule text the scenario checks, and its source.")
    lang: Literal["ko", "en"] = "en"
    players: list[str] = Field(default_factory=list)
    count: int | None = None
    seed: int = 0
    say: list[str]
    transcript: str | None = None
    expect: Expect
    known_fault: str | None = Field(None, description="An app fault it shows (a strict xfail until fixed).")


class Result:
    def __init__(self, state: GrowlState, prompts: list[dict[str, Any]], errors: list[str]) -> None:
        self.state = state
        self.prompts = prompts
        self.errors = errors


def load(path: Path) -> Playthrough:
    return Playthrough.model_validate(load_yaml(path.read_text(encoding="utf-8")))


def engine_for(pt: Playthrough) -> Growl:
    names = pt.players or [""] * (pt.count or 0)
    return Growl(GrowlJournal.new(names, pt.seed), default_data(), pt.lang)


def run(pt: Playthrough) -> Result:
    """Feed every utterance through the text front end in JSON-lines mode."""
    engine = engine_for(pt)
    out = io.StringIO()
    loop = GrowlLoop(engine, pt.lang, out, jsonl=True)
    errors: list[str] = []
    loop.run([])
    for line in pt.say:
        before = engine.journal.model_dump_json()
        reply, error = loop.step(line)
        if error is not None:
            assert engine.journal.model_dump_json() == before, f"refused {line!r} changed the journal"
            if loop._pending is None:  # a line read back (done on a yes) is no error
                errors.append(f"{line!r}: {error}")
        loop.emit(engine.prompt(), reply, error)
    prompts = [json.loads(x) for x in out.getvalue().splitlines() if x.strip()]
    return Result(engine.state, prompts, errors)


def transcript(pt: Playthrough) -> str:
    """The prose the app prints for ``pt`` (no waiting)."""
    out = io.StringIO()
    GrowlLoop(engine_for(pt), pt.lang, out, pace=0).run(pt.say)
    return out.getvalue()


def check(pt: Playthrough, result: Result) -> None:
    """Assert everything ``pt.expect`` states."""
    e, s, where = pt.expect, result.state, f"[{pt.name}]"
    if e.errors is not None:
        assert len(result.errors) == e.errors, f"{where} errors: {result.errors}"
    for key in ("game", "night", "step", "turn_seat", "night_cards"):
        want = getattr(e, key)
        if want is not None:
            assert getattr(s, key) == want, f"{where} {key}: {getattr(s, key)!r} != {want!r}"
    if e.winner is not None:
        assert s.winner == (None if e.winner == "none" else e.winner), f"{where} winner {s.winner!r}"
    for seat, pe in e.players.items():
        p = s.player(seat)
        for key in ("alive", "gold"):
            want = getattr(pe, key)
            if want is not None:
                assert getattr(p, key) == want, f"{where} seat {seat} {key}: {getattr(p, key)!r} != {want!r}"
    if e.history is not None:
        got = [GameExpect(winner=h.winner, gained=h.gained) for h in s.history]
        assert got == e.history, f"{where} history {got}"
    _check_in_order(where, result.prompts, e.prompts)
    for bad in e.never:
        assert not any(_matches(p, bad) for p in result.prompts), f"{where} unexpected prompt {bad}"
    said = [line for p in result.prompts for line in p["reply_public"]]
    _check_texts_in_order(where, said, e.replies)


def _check_in_order(where: str, prompts: list[dict[str, Any]], wanted: list[PromptExpect]) -> None:
    i = 0
    for want in wanted:
        while i < len(prompts) and not _matches(prompts[i], want):
            i += 1
        assert i < len(prompts), f"{where} no prompt like {want.model_dump(exclude_defaults=True)}"
        i += 1


def _check_texts_in_order(where: str, said: list[str], wanted: list[str]) -> None:
    i = 0
    for want in wanted:
        while i < len(said) and want not in said[i]:
            i += 1
        assert i < len(said), f"{where} no reply containing {want!r}"
        i += 1


def _matches(prompt: dict[str, Any], want: PromptExpect) -> bool:
    if prompt["step"] != want.step:
        return False
    for key in ("seat", "game", "night"):
        if getattr(want, key) is not None and prompt[key] != getattr(want, key):
            return False
    if any(t not in prompt["text"] for t in want.text_contains):
        return False
    if want.beats is not None and len(prompt["beats"]) != want.beats:
        return False
    return want.seconds is None or sum(b["seconds"] for b in prompt["beats"]) == want.seconds


def check_transcript(pt: Playthrough) -> None:
    """Compare the printed prose with the golden file (or rewrite it with GROWL_REGEN=1)."""
    if pt.transcript is None:
        return
    path = HERE / pt.transcript
    text = transcript(pt)
    if os.environ.get("GROWL_REGEN") == "1":
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"missing golden transcript {path}; run with GROWL_REGEN=1 once"
    golden = path.read_text(encoding="utf-8")
    assert text == golden, f"[{pt.name}] transcript differs from {path.name}"
