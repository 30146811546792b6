"""Setup, spoken step by step: night cards, removal, the first werewolves, the deal, the sniff, the start."""

from __future__ import annotations

import random

from moderator.commands.parse import Command
from moderator.growl.events import Goto, SetTurn
from moderator.growl.prompts import Beat
from moderator.growl.state import GrowlState
from moderator.growl.steps.base import Ctx, Outcome, StepDef, View, goto, refuse, say

ORDER = ("setup_night_cards", "setup_remove", "setup_first_wolves", "setup_deal", "setup_place", "sniff",
         "start_player")  # fmt: skip
FIRST_STEP = ORDER[0]


def next_setup_step(ctx: Ctx, step: str) -> str:
    """The setup step after ``step``; the sniff only at enough players."""
    nxt = ORDER[ORDER.index(step) + 1]
    if nxt == "sniff" and ctx.count < ctx.data.setup.sniff_from:
        return next_setup_step(ctx, nxt)
    return nxt


def _advance(ctx: Ctx, cmd: Command) -> Outcome:
    return goto(next_setup_step(ctx, ctx.s.step))


def _night_cards(ctx: Ctx) -> View:
    t, draw, cards = ctx.texts.setup, ctx.data.setup.draw, ctx.data.cards
    intro = ctx.t(t.intro, nth=ctx.nth(ctx.s.game), count=ctx.count)
    body = ctx.t(t.night_cards, night_pool=cards.pool("night"), night=draw.night, final_pool=cards.pool("final"),
                 final=draw.final)  # fmt: skip
    return View(say(intro, body))


def _remove(ctx: Ctx) -> View:
    t = ctx.texts.setup
    marks = ctx.data.setup.removed(ctx.count)
    if not marks:
        return View(say(ctx.t(t.remove_none, count=ctx.count)))
    removed = [(c, c.total() - c.total(set(marks))) for c in ctx.data.cards.deck]
    items = [ctx.t(t.remove_item, card=ctx.t(c.name), count=n) for c, n in removed if n]
    said = [ctx.t(t.mark, n=m.rstrip("+")) for m in marks]  # "6+" is written on the card, said "6인 이상"
    joined = said[0] if len(said) == 1 else ctx.t(t.marks_joined, a=", ".join(said[:-1]), b=said[-1])
    text = ctx.t(t.remove_some, count=ctx.count, marks=joined, cards=", ".join(items),
                 total=sum(n for _, n in removed))  # fmt: skip
    return View(say(text))


def _first_wolves(ctx: Ctx) -> View:
    fw = ctx.data.setup.first_werewolves[ctx.count]
    return View(say(ctx.t(ctx.texts.setup.first_wolves, bites=fw.bites, gold=fw.gold)))


def _deal(ctx: Ctx) -> View:
    return View(say(ctx.t(ctx.texts.setup.deal, deal=ctx.data.setup.deal)))


def _place(ctx: Ctx) -> View:
    return View(say(ctx.t(ctx.texts.setup.place, night=ctx.data.setup.draw.night)))


def _sniff(ctx: Ctx) -> View:
    t, p = ctx.texts.sniff, ctx.data.pacing.sniff
    beats = (
        Beat(ctx.t(t.intro, count=ctx.count)),
        Beat(ctx.t(t.close), p.close_eyes),
        Beat(ctx.t(t.wolves_open), p.wolves_look),
        Beat(ctx.t(t.wolves_close), p.wolves_close),
        Beat(ctx.t(t.open)),
        Beat(ctx.t(t.outro)),
    )
    return View(beats)


def richest(s: GrowlState) -> tuple[int, list[int]]:
    """The start player of a later game: the most gold, ties broken at random (seeded by the evening)."""
    most = max(p.gold for p in s.players)
    tied = [p.seat for p in s.players if p.gold == most]
    return random.Random(f"growl:{s.seed}:{s.game}").choice(tied), tied


def _start(ctx: Ctx) -> View:
    t = ctx.texts.setup
    if ctx.s.game <= 1:
        return View(say(ctx.t(t.start_first)), ("seat",), ("seat",))
    seat, tied = richest(ctx.s)
    text = ctx.t(t.start_gold, who=ctx.who(seat), gold=ctx.s.player(seat).gold)
    tie = ctx.t(t.start_tie, tied=ctx.whos(tied)) if len(tied) > 1 else ""
    return View(say(text, tie), seat=seat)


def _start_act(ctx: Ctx, cmd: Command) -> Outcome:
    if ctx.s.game > 1:
        seat = richest(ctx.s)[0]
    elif cmd.intent == "seat" and cmd.seats:
        seat = cmd.seats[0]
    else:
        raise refuse("say_start_seat")
    if seat not in ctx.s.seats():
        raise refuse("no_such_seat", seat=seat)
    return Outcome([SetTurn(seat=seat), Goto(step="turn")], label=f"start seat {seat}")


STEPS: dict[str, StepDef] = {
    "setup_night_cards": StepDef(_night_cards, _advance),
    "setup_remove": StepDef(_remove, _advance),
    "setup_first_wolves": StepDef(_first_wolves, _advance),
    "setup_deal": StepDef(_deal, _advance),
    "setup_place": StepDef(_place, _advance),
    "sniff": StepDef(_sniff, _advance),
    "start_player": StepDef(_start, _start_act),
}
