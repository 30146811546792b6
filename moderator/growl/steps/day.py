"""Day turns: the deck goes round the living players; a night card starts the night."""

from __future__ import annotations

from moderator.commands.parse import Command
from moderator.growl.events import DrawNightCard, Goto, GrowlEvent, SetTurn
from moderator.growl.steps.base import Ctx, Outcome, StepDef, View, refuse, say


def _turn(ctx: Ctx) -> View:
    s, t = ctx.s, ctx.texts.day
    seat = s.turn_seat or 1
    if s.turns == 0 and s.night == 0:
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
    said = ctx.t(t.drawn_final if final else t.drawn, card=ctx.card(card_id), nth=ctx.nth(night))
    step = "card_condition" if card is not None and card.condition else "card_read"
    events: list[GrowlEvent] = [DrawNightCard(card=card_id, drawer=ctx.s.turn_seat),
                                Goto(step=step, seat=ctx.s.turn_seat)]  # fmt: skip
    return Outcome(events, [said], label=f"night card {card_id}")


STEPS: dict[str, StepDef] = {"turn": StepDef(_turn, _turn_act)}
