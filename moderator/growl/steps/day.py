"""Day turns: the deck goes round the living players; a night card starts the night."""

from __future__ import annotations

from moderator.commands.parse import Command
from moderator.growl.events import DrawNightCard, Goto, GrowlEvent, SetTurn
from moderator.growl.rules import Condition, NightCard
from moderator.growl.steps.base import Ctx, Outcome, StepDef, View, refuse, say


def _turn(ctx: Ctx) -> View:
    s, t = ctx.s, ctx.texts.day
    seat = s.turn_seat or 1
    if s.turns == 0 and s.night == 0 and not s.dead():  # the whole instructions once, at the very start
        th = ctx.data.setup.thresholds
        text = ctx.t(t.turn_first, who=ctx.who(seat), werewolf=th.werewolf, death=th.death)
    else:
        text = ctx.t(t.turn, who=ctx.who(seat))
    return View(say(text), ("confirm", "character"), ("character", "dies"), seat=seat)


def _turn_act(ctx: Ctx, cmd: Command) -> Outcome:
    if cmd.intent == "character" and cmd.character:
        return draw(ctx, cmd.character)
    seat = ctx.s.turn_seat or 1
    return Outcome([SetTurn(seat=ctx.s.next_living(seat), ended=True)], label=f"seat {seat} ends turn")


def _check_card(ctx: Ctx, card_id: str) -> None:
    """Refuse a named card that cannot come up now: drawn already, or the wrong kind for this night."""
    card = ctx.data.cards.night_card(card_id)
    if card is None:
        return
    nights, index = ctx.data.setup.nights, ctx.s.night + 1
    name = ctx.t(card.name)
    if card_id in ctx.s.night_cards:
        raise refuse("card_drawn_already", card=name)
    if card.kind == "final" and index < nights:
        raise refuse("final_too_early", card=name, nth=ctx.nth(nights))
    if card.kind == "night" and index >= nights:
        raise refuse("night_card_last", card=name, nth=ctx.nth(nights))


def draw(ctx: Ctx, card_id: str) -> Outcome:
    """The turn player drew a night card: the night begins.

    Raises:
        IllegalChoice: that card cannot come up now.
    """
    _check_card(ctx, card_id)
    card = ctx.data.cards.night_card(card_id)
    night = ctx.s.night + 1
    final = night >= ctx.data.setup.nights
    t = ctx.texts.night
    if card is None:  # "a night card", unnamed: the night is named, not the card
        said = ctx.t(t.drawn_final_unnamed if final else t.drawn_unnamed, nth=ctx.nth(night))
    else:
        said = ctx.t(t.drawn_final if final else t.drawn, card=ctx.card(card_id), nth=ctx.nth(night))
    step, told = "card_read", []
    if card is not None and card.condition:
        known = condition_known(ctx, card.condition)
        if known is None:
            step = "card_condition"
        else:  # the app's own record answers the card's condition: it says so instead of asking
            step = "card_read" if known else "cannot_give"
            told.append(condition_said(ctx, card, known))
    events: list[GrowlEvent] = [DrawNightCard(card=card_id, drawer=ctx.s.turn_seat),
                                Goto(step=step, seat=ctx.s.turn_seat)]  # fmt: skip
    return Outcome(events, [said, *told], label=f"night card {card_id}")


def condition_known(ctx: Ctx, condition: Condition) -> bool | None:
    """Whether a night card's condition holds, when the app's record can tell (None: ask the table).

    Only a death the table reported is in the record, so "anyone dead" is known when the record has
    a dead player; with none recorded, the table is asked for a death it did not report."""
    if condition == "anyone_dead" and ctx.s.dead():
        return True
    return None


def condition_said(ctx: Ctx, card: NightCard, met: bool) -> str:
    """What the table hears when the record answers the condition."""
    texts = ctx.texts.night.conditions[card.condition or "anyone_dead"]
    name, dead = ctx.t(card.name), ctx.whos(p.seat for p in ctx.s.dead())
    if met and texts.met is not None:
        return ctx.t(texts.met, card=name, dead=dead)
    return ctx.t(texts.unmet, card=name)


STEPS: dict[str, StepDef] = {"turn": StepDef(_turn, _turn_act)}
