"""The night: the card's effect (or its "no effect" check), deaths before the night, the passing, the checks."""

from __future__ import annotations

from moderator.commands.parse import Command
from moderator.growl.events import Goto, SetTurn
from moderator.growl.prompts import Beat
from moderator.growl.rules import NightCard
from moderator.growl.steps.base import Ctx, Outcome, StepDef, View, death, goto, refuse, say
from moderator.growl.steps.day import condition_known, condition_said


def _card(ctx: Ctx) -> NightCard | None:
    return ctx.data.cards.night_card(ctx.s.night_cards[-1]) if ctx.s.night_cards else None


def _condition(ctx: Ctx) -> View:
    card = _card(ctx)
    assert card is not None and card.condition is not None
    known = condition_known(ctx, card.condition)
    if known is not None:  # a death reported here answered it: say so, then go on with 'next' (and say that)
        told = (condition_said(ctx, card, known), ctx.t(ctx.texts.night.more_deaths))
        return View(say(*told), ("confirm",), ("dies",), seat=ctx.s.drawer)
    texts = ctx.texts.night.conditions[card.condition]
    dead = ctx.whos(p.seat for p in ctx.s.dead())
    text = ctx.t(texts.question, card=ctx.t(card.name), dead=dead)
    counted = ("number",) if texts.counted is not None else ()
    return View(say(text), ("yesno",), ("yes", "no", *counted, "dies"), seat=ctx.s.drawer)


def _condition_act(ctx: Ctx, cmd: Command) -> Outcome:
    card = _card(ctx)
    assert card is not None and card.condition is not None
    known = condition_known(ctx, card.condition)
    if known is not None:
        return goto("card_read" if known else "cannot_give", ctx.s.drawer)
    counted = ctx.texts.night.conditions[card.condition].counted
    if cmd.intent == "number" and counted is not None and cmd.number is not None:  # "세 명": that many hold five
        cmd = Command("yes" if cmd.number >= counted else "no", text=cmd.text)
    if cmd.intent == "yes":
        if card.condition == "anyone_dead":  # the record has nobody: the table must say who
            raise refuse("answer_who_died")
        return goto("card_read", ctx.s.drawer)
    if cmd.intent == "no":
        unmet = ctx.t(ctx.texts.night.conditions[card.condition].unmet, card=ctx.t(card.name))
        return Outcome([Goto(step="cannot_give")], [unmet], label=f"{card.id} no effect")
    raise refuse("died_or_nobody" if card.condition == "anyone_dead" else "answer_yes_no")


def _more_deaths(ctx: Ctx, view: View) -> View:
    """After a death is reported here, a short re-prompt instead of the whole text again."""
    if not ctx.s.reported:
        return view
    return View(say(ctx.t(ctx.texts.night.more_deaths)), view.expects, view.allowed, view.seat)


def _read(ctx: Ctx) -> View:
    t, card = ctx.texts.night, _card(ctx)
    drawer = ctx.s.drawer
    read = ctx.t(t.read, who=ctx.who(drawer)) if drawer else ""
    effect = ctx.t(t.effect, effect=ctx.t(card.effect)) if card is not None and card.effect else ""
    # "nobody" (no death of the effect) is next, as at the steps around it
    return _more_deaths(ctx, View(say(read, effect, ctx.t(t.read_end)), allowed=("dies", "no"), seat=drawer))


def _read_act(ctx: Ctx, cmd: Command) -> Outcome:
    return goto("cannot_give")


def _cannot_give(ctx: Ctx) -> View:
    view = View(say(ctx.t(ctx.texts.night.cannot_give)), ("seat", "confirm"), ("seat", "dies", "no"))
    return _more_deaths(ctx, view)


def _cannot_give_act(ctx: Ctx, cmd: Command) -> Outcome:
    if cmd.intent == "seat" and cmd.seats:
        return death(ctx, cmd.seats[0])
    return goto("passing")


def _passing(ctx: Ctx) -> View:
    t, p = ctx.texts.night, ctx.data.pacing.passing
    count = min(p.countdown_from, p.seconds)
    lines = [ctx.t(t.pass_intro, seconds=p.seconds)]
    dead = [q.seat for q in ctx.s.dead()]
    if dead:
        lines.append(ctx.t(t.pass_skip, dead=ctx.whos(dead)))
    beats = [Beat(x) for x in lines[:-1]] + [Beat(lines[-1], p.seconds - count)]
    beats += [Beat(ctx.t(t.count, n=n), 1) for n in range(count, 0, -1)]
    beats.append(Beat(ctx.t(t.pass_done)))
    return View(tuple(beats), allowed=("dies",))


def _passing_act(ctx: Ctx, cmd: Command) -> Outcome:
    return goto("checks")


def _checks(ctx: Ctx) -> View:
    th = ctx.data.setup.thresholds
    text = ctx.t(ctx.texts.night.checks, werewolf=th.werewolf, death=th.death)
    return _more_deaths(ctx, View(say(text), ("seat", "confirm"), ("seat", "dies", "no")))


def _checks_act(ctx: Ctx, cmd: Command) -> Outcome:
    if cmd.intent == "seat" and cmd.seats:
        return death(ctx, cmd.seats[0])
    return end_of_night(ctx)


def end_of_night(ctx: Ctx) -> Outcome:
    """After the checks: the game ends after the last night; otherwise the deck goes on clockwise."""
    s = ctx.s
    if s.night >= ctx.data.setup.nights:
        return goto("growl")
    nxt = s.next_living(s.drawer or 1)
    morning = ctx.t(ctx.texts.day.morning, nth=ctx.nth(s.night))
    return Outcome([SetTurn(seat=nxt), Goto(step="turn")], [morning], label=f"night {s.night} over")


SEAT_IS_DEATH = frozenset({"cannot_give", "checks"})
"""The steps where a bare seat ("3번") reports a death: a word that only sounds like a number ("네") is no
seat there, not even read back (a second "네" to "4번으로 할까요?" would kill seat 4)."""


STEPS: dict[str, StepDef] = {
    "card_condition": StepDef(_condition, _condition_act),
    "card_read": StepDef(_read, _read_act),
    "cannot_give": StepDef(_cannot_give, _cannot_give_act),
    "passing": StepDef(_passing, _passing_act),
    "checks": StepDef(_checks, _checks_act),
}
