"""The end: the growl, the winner, gold for each winner, the evening's standings, another game."""

from __future__ import annotations

from collections import Counter

from moderator.commands.parse import Command, normalise
from moderator.commands.phrases import Intent, phrases
from moderator.growl.data import GrowlData
from moderator.growl.events import CloseGame, GainGold, GrowlEvent, NewGame, SetWinner
from moderator.growl.prompts import Beat
from moderator.growl.state import GrowlState
from moderator.growl.steps.base import Ctx, Outcome, StepDef, View, goto, refuse, say
from moderator.growl.steps.setup import FIRST_STEP
from moderator.growl.texts import LostWords, Winner
from moderator.journal import simulate

GOLD_STEP = "gold"
"""The one step where "we lost" is an answer (:func:`said_lost`)."""


def _growl(ctx: Ctx) -> View:
    t, p, s = ctx.texts.end, ctx.data.pacing.growl, ctx.s
    deaths: tuple[Intent, ...] = ("dies",)  # heard even when closed, to answer "this game is over already"
    if not s.living():  # nobody to growl or not: no human survived
        ask = View(say(ctx.t(t.nobody_alive)), ("confirm",), ("yes", "no", *deaths))
    else:
        ask = View(say(ctx.t(t.ask)), ("yesno",), ("yes", "no", *deaths))
    if s.reported:  # a death at the same moment, reported after the end: the ending is not said again
        return ask
    alive = len(s.living())
    if alive <= ctx.data.setup.end_alive_at_most:
        reason = ctx.t(t.by_deaths, alive=alive)
    else:
        reason = ctx.t(t.by_nights, nth=ctx.nth(s.night))
    beats = (
        Beat(reason),
        Beat(ctx.t(t.wolf_zeroes), p.wolf_zeroes),
        Beat(ctx.t(t.all_wolves), p.all_wolves),
        *ask.beats,
    )
    return View(beats, ask.expects, ask.allowed)


def _growl_act(ctx: Ctx, cmd: Command) -> Outcome:
    if cmd.intent == "next" and not ctx.s.living():
        cmd = Command("yes", text=cmd.text)  # everyone dead: the werewolves' win, said with 'next'
    if cmd.intent not in ("yes", "no"):
        raise refuse("answer_yes_no")
    winner: Winner = "werewolves" if cmd.intent == "yes" else "humans"
    if winner == "humans" and not ctx.s.living():
        raise refuse("nobody_alive")
    said = ctx.t(ctx.texts.end.winner[winner])
    first = ctx.s.seats()[0]
    out = goto(GOLD_STEP, first)
    return Outcome([SetWinner(winner=winner), *out.events], [said], label=f"{winner} win")


def _gold(ctx: Ctx) -> View:
    s, t = ctx.s, ctx.texts.end
    seat = s.seat or s.seats()[0]
    team = ctx.t(t.team[s.winner or "humans"])
    return View(say(ctx.t(t.gold_ask, who=ctx.who(seat), team=team)), ("number",), ("number", "no"), seat=seat)


def _gold_act(ctx: Ctx, cmd: Command) -> Outcome:
    s, t = ctx.s, ctx.texts.end
    seat = s.seat or s.seats()[0]
    if cmd.intent == "number" and cmd.number is not None:
        gain = _gain(ctx, seat, cmd.number)
        events: list[GrowlEvent] = [gain]
        said = ctx.t(t.gold_gain, who=ctx.who(seat), amount=gain.amount)
    elif cmd.intent == "no" and _said(ctx.data.phrases.unclear, cmd):  # lost, or no Gold cards?
        raise refuse("gold_unclear", text=cmd.text)
    elif cmd.intent == "no" and not _lost(ctx, cmd):  # "none": a winner with no Gold cards
        gain = _gain(ctx, seat, 0)
        events = [gain]
        said = ctx.t(t.gold_gain, who=ctx.who(seat), amount=gain.amount)
    elif cmd.intent == "no":
        if s.winner == "werewolves" and s.player(seat).alive:
            raise refuse("werewolves_all_won", who=ctx.who(seat))
        events, said = [], ctx.t(t.gold_none, who=ctx.who(seat))
    else:
        raise refuse("say_gold")
    return Outcome([*events, *_after_gold(ctx, seat, events)], [said], label=f"gold seat {seat}")


def _lost(ctx: Ctx, cmd: Command) -> bool:
    """Whether a "no" at the gold step says "my team lost" (else: "I hold no Gold cards")."""
    return not cmd.text or said_lost(ctx.data, cmd)


def said_lost(data: GrowlData, cmd: Command) -> bool:
    """Whether ``cmd`` is a "no" said as "my team lost" ("졌어요", "we lost"), with words around it too ("저
    졌어요", "lost, sorry"), unless a negation comes right before ("안 졌어": not lost)."""
    if cmd.intent != "no" or not cmd.text:
        return False
    said = normalise(cmd.text).replace(",", " ").split()
    for phrase in {normalise(w) for w in [*data.phrases.lost.ko, *data.phrases.lost.en]}:
        words = phrase.split()
        for i in range(len(said) - len(words) + 1):
            if said[i : i + len(words)] == words and (i == 0 or said[i - 1] not in _NOT):
                return True
    return False


_NOT = frozenset({"안", "not", "didn't", "didnt", "never"})
"""Words that turn "lost" into its opposite when they come right before it."""


def _said(words: LostWords, cmd: Command) -> bool:
    """Whether ``cmd`` was said with one of ``words`` (either language)."""
    return bool(cmd.text) and normalise(cmd.text) in {normalise(w) for w in [*words.ko, *words.en]}


def _gain(ctx: Ctx, seat: int, cards: int) -> GainGold:
    rule = ctx.data.cards.deck_card("gold")
    total = rule.total() if rule else 0
    if ctx.s.gold_cards + cards > total:
        raise refuse("too_much_gold", total=total, claimed=ctx.s.gold_cards)
    g = ctx.data.setup.gold
    return GainGold(seat=seat, amount=g.per_win + g.per_card * cards, cards=cards)


def _after_gold(ctx: Ctx, seat: int, events: list[GrowlEvent]) -> list[GrowlEvent]:
    """The next seat to ask, or (after the last) the game into the record and the standings."""
    seats = ctx.s.seats()
    i = seats.index(seat)
    if i + 1 < len(seats):
        return goto(GOLD_STEP, seats[i + 1]).events
    after = simulate(ctx.s, events)
    if after.winner == "humans" and not any(p.alive and p.seat in after.gained for p in after.players):
        raise refuse("no_living_winner")
    if after.winner == "humans" and all(p.seat in after.gained for p in after.players):
        raise refuse("no_loser")  # a Bite is dealt at every count: its holder is a werewolf for good
    return [CloseGame(), *goto("standings").events]


def ranking(s: GrowlState) -> list[tuple[int, int, int]]:
    """(rank, seat, gold) for everyone, most gold first; equal gold shares a rank."""
    golds = [p.gold for p in s.players]
    rows = sorted(s.players, key=lambda p: (-p.gold, p.seat))
    return [(1 + sum(g > p.gold for g in golds), p.seat, p.gold) for p in rows]


def _standings(ctx: Ctx) -> View:
    t = ctx.texts.end
    table = ranking(ctx.s)
    players_at = Counter(r for r, _, _ in table)
    rows = [ctx.t(t.rank_tied if players_at[r] > 1 else t.rank, rank=r, who=ctx.who(seat), gold=g)
            for r, seat, g in table]  # fmt: skip
    text = ctx.t(t.standings, nth=ctx.nth(ctx.s.game), table=ctx.t(t.rank_sep).join(rows))
    return View(say(text, ctx.t(t.another)), ("yesno",), ("yes", "no"))


def _standings_act(ctx: Ctx, cmd: Command) -> Outcome:
    if cmd.intent == "yes":
        game = ctx.s.game + 1
        return Outcome([NewGame(game=game, step=FIRST_STEP)], label=f"game {game}")
    if cmd.intent == "no" and _plain_no(ctx, cmd):
        return goto("evening_over")
    raise refuse("answer_yes_no")  # a stray "없음" never ends the evening: only a plain no does


def _plain_no(ctx: Ctx, cmd: Command) -> bool:
    """Whether ``cmd`` is a plain no ("아니요", "no"), not a "none" said to something else."""
    words = {normalise(w) for lang in ("ko", "en") for w in phrases(lang).values.no}
    return not cmd.text or normalise(cmd.text) in words


def _evening_over(ctx: Ctx) -> View:
    best = [seat for r, seat, _ in ranking(ctx.s) if r == 1]
    gold = ctx.s.player(best[0]).gold
    text = ctx.texts.end.evening_over_tied if len(best) > 1 else ctx.texts.end.evening_over
    return View(say(ctx.t(text, who=ctx.whos(best), gold=gold)), ())


def _evening_over_act(ctx: Ctx, cmd: Command) -> Outcome:
    return Outcome()


END_STEPS = frozenset({GOLD_STEP, "standings", "evening_over"})
"""The steps after the growl: the game is over and nobody can die any more."""
TOGETHER = frozenset({"card_read", "cannot_give", "checks"})
"""Night steps where several players die at the same moment: if such deaths ended the game, the others
can still be told at the growl. In the day a card kills one player at a time."""


def deaths_closed(s: GrowlState) -> bool:
    """Whether no death can be told any more: after the growl, or after an end that a day death made."""
    return s.step in END_STEPS or (s.step == "growl" and s.ended_at is not None and s.ended_at not in TOGETHER)

STEPS: dict[str, StepDef] = {
    "growl": StepDef(_growl, _growl_act),
    GOLD_STEP: StepDef(_gold, _gold_act),
    "standings": StepDef(_standings, _standings_act),
    "evening_over": StepDef(_evening_over, _evening_over_act),
}
