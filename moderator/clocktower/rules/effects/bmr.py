"""Bad Moon Rising's effects and triggers (and the Klutz's, which shares the Moonchild's mechanism).

- Learning one's death (``learns_death``): a player who dies by day learns it at once, one who dies
  at night at dawn. Then the steps of their ``day`` list with ``wake_if: learnt_death`` are put to the
  storyteller as a question shown as that character's step (the Klutz's public choice), and night
  steps with ``wake_if: learnt_death`` wake that night (the Moonchild's).
- A player chosen at a night step (``on: chosen``): the Goon.
- Deaths: the Minstrel's everyone-drunk, the Mastermind's extra day, and its end (``day_end``).
- The Demons' kills: the Shabaloth's two and its regurgitation, the Po's charge.

The triggers register here (into the shared registries) so that Bad Moon Rising stays in one place.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from moderator.clocktower.grimoire.events import (
    AddReminder,
    Event,
    Remember,
    RemoveReminder,
    Revive,
    SetAlignment,
    SetWinner,
)
from moderator.clocktower.grimoire.state import Grimoire, Player
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.abilities import abilities, kill, triggers_of
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.conditions import demon_blocked
from moderator.clocktower.rules.context import Answer, Ctx, Outcome
from moderator.clocktower.rules.daytime import DAY_END
from moderator.clocktower.rules.effects.base import EFFECTS, effect, seat_of, sober
from moderator.clocktower.rules.jinxes import ruled_pair
from moderator.clocktower.rules.schema import Step
from moderator.clocktower.rules.status import acts_alive, impaired, is_demon, kept_evil, misregisters, registers_evil
from moderator.clocktower.rules.texts import filled, step_texts
from moderator.clocktower.rules.triggers import TRIGGERS, Death, Trigger, question, scarlet_catcher
from moderator.errors import IllegalChoice
from moderator.journal import simulate


def _alive_choice(ctx: Ctx, answer: Answer) -> None:
    if not ctx.g.player(seat_of(answer)).alive:
        raise IllegalChoice("dead_choice", seat=seat_of(answer))


# -- learning one's death: the Moonchild and the Klutz -------------------------------------------------


def learned(g: Grimoire, cat: Catalogue, p: Player) -> list[Event]:
    """``p`` learns that they died: remembered (their night steps with ``learnt_death`` wake), and the
    first of their day steps with ``learnt_death`` is asked now, as a question shown as their step."""
    if keys.learnt_death(p.seat) in g.memory:
        return []
    events: list[Event] = [Remember(key=keys.learnt_death(p.seat), value=str(g.day))]
    for ability in abilities(cat, p):
        char = cat.get(ability)
        steps = [s for s in (char.data.day if char is not None and char.data is not None else [])
                 if s.wake_if == "learnt_death" and s.effect and s.asked]  # fmt: skip
        if not steps or g.question is not None:
            continue
        step: Step = steps[0]
        assert step.effect is not None
        ctx = Ctx(g, cat, p.seat, ability)
        fx = EFFECTS[step.effect]
        options = {str(q.seat): fx.apply(ctx, Answer(seats=(q.seat,))).events for q in g.living()}
        asked = filled(step.prompt, seat=p.seat)
        events.append(question(asked, options, None, "seat", step=ability, seat=p.seat))
        break
    return events


def _learns_death(g: Grimoire, cat: Catalogue, owner: Player, dead: Player, d: Death) -> list[Event]:
    """A day death is learnt at once; a night death at dawn (:func:`learned_at_dawn`)."""
    if dead.seat != owner.seat or g.phase != "day":
        return []
    return learned(g, cat, dead)


def learned_at_dawn(g: Grimoire, cat: Catalogue) -> list[Event]:
    """At dawn, who died tonight learns it (``g``: the grimoire as day breaks)."""
    events: list[Event] = []
    for seat in g.died_tonight:
        p = g.player(seat)
        if not p.alive and "learns_death" in triggers_of(cat, p):
            events += learned(simulate(g, events), cat, p)
    return events


@effect("klutz_choose", "seat", check=_alive_choice)
def klutz_choose(ctx: Ctx, answer: Answer) -> Outcome:
    """The Klutz's public choice: a player who registers evil makes the Klutz's team lose."""
    target = ctx.g.player(seat_of(answer))
    spent: list[Event] = [Remember(key=keys.used(ctx.ability, ctx.seat), value="yes")]  # one pick, asked or said
    if not sober(ctx) or not registers_evil(ctx.g, ctx.cat, target, ctx.ability):
        return Outcome(events=spent)
    winner = "good" if ctx.actor.alignment == "evil" else "evil"
    return Outcome(events=[*spent, SetWinner(winner=winner, reason=ctx.ability)])


@effect("moonchild_pick", "seat", check=_alive_choice)
def moonchild_pick(ctx: Ctx, answer: Answer) -> Outcome:
    """The Moonchild's public pick said by day: kept for its night step, which proposes it."""
    return Outcome(events=[Remember(key=keys.picked(ctx.ability, ctx.seat), value=str(seat_of(answer)))])


def _moonchild_proposal(ctx: Ctx) -> int | None:
    """The pick said by day, if that player still lives."""
    said = ctx.g.memory.get(keys.picked(ctx.ability, ctx.seat or 0), "")
    return int(said) if said.isdigit() and int(said) in ctx.g.seats() and ctx.g.player(int(said)).alive else None


def _moonchild_declined(ctx: Ctx) -> Outcome:
    """Nobody was chosen: the choice is made all the same."""
    return Outcome(events=[Remember(key=keys.used(ctx.ability, ctx.seat), value="yes")])


@effect("moonchild_choose", "seat", check=_alive_choice, declined=_moonchild_declined, proposal=_moonchild_proposal)
def moonchild_choose(ctx: Ctx, answer: Answer) -> Outcome:
    """The player the Moonchild publicly chose dies tonight if good (a drunk or poisoned Moonchild: nobody)."""
    events: list[Event] = [Remember(key=keys.used(ctx.ability, ctx.seat), value="yes")]
    target = ctx.g.player(seat_of(answer))
    if not sober(ctx):
        return Outcome(events=events, say=[step_texts().rules.impaired])
    if target.alignment == "good":
        events += kill(ctx.g, ctx.cat, target.seat)
    return Outcome(events=events)


# -- the Goon: chosen at night -------------------------------------------------------------------------

ChosenFn = Callable[[Grimoire, Catalogue, Player, int], list[Event]]


def _goon_chosen(g: Grimoire, cat: Catalogue, goon: Player, chooser: int) -> list[Event]:
    """The first player tonight to choose the sober Goon is drunk until dusk; the Goon takes their
    alignment."""
    tonight = keys.chosen_last("goon", goon.seat)
    if chooser == goon.seat or g.memory.get(tonight) == str(g.night) or impaired(g, cat, goon):
        return []
    by = g.player(chooser)
    events: list[Event] = [Remember(key=tonight, value=str(g.night)),
                           AddReminder(seat=chooser, source="goon", name="Drunk", by_seat=goon.seat)]  # fmt: skip
    if by.alignment != goon.alignment and not kept_evil(g, goon, by.alignment):  # a jinx (the Pit-Hag's Goon)
        events.append(SetAlignment(seat=goon.seat, alignment=by.alignment))
    return events


CHOSEN: dict[str, ChosenFn] = {"goon_chosen": _goon_chosen}
"""The functions of the triggers that run when a player is chosen at a night step (``on: chosen``)."""


def chosen_events(g: Grimoire, cat: Catalogue, chooser: int | None, seats: Sequence[int], step: Step) -> list[Event]:
    """A player's night step chose ``seats``: what that sets off, before their ability acts."""
    if chooser is None or step.by_storyteller:
        return []
    events: list[Event] = []
    for seat in dict.fromkeys(seats):
        p = g.player(seat)
        for name in triggers_of(cat, p):
            fn = CHOSEN.get(name)
            if fn is not None:
                events += fn(simulate(g, events), cat, p, chooser)
    return events


# -- deaths: the Minstrel, the Mastermind ------------------------------------------------------------


def _minstrel_drunk(g: Grimoire, cat: Catalogue, owner: Player, dead: Player, d: Death) -> list[Event]:
    """A Minion dies by execution: while the Minstrel lives sober, every other player is drunk until
    dusk tomorrow."""
    if not d.executed or not owner.alive or impaired(g, cat, owner):
        return []
    minion = cat.team(dead.character) == "minion"
    reg = misregisters(g, cat, dead)
    may = reg is not None and (("minion" in reg.teams) != minion if reg.teams else minion and reg.alignment == "good")
    if not minion and not may:
        return []
    owned = next(a for a in abilities(cat, owner) if "minstrel_drunk" in (_triggers(cat, a)))
    drunk: list[Event] = [Remember(key=keys.placed(owned, owner.seat), value=str(g.night))]  # until dusk tomorrow
    if not owner.has_reminder("Everyone Is Drunk", owned):  # one token, its time renewed (audit x's author)
        drunk.insert(0, AddReminder(seat=owner.seat, source=owned, name="Everyone Is Drunk", by_seat=owner.seat))
    if not may:
        return drunk
    # The Recluse may register as a Minion, the Spy as not one: the storyteller decides; the truth proposed.
    asked = filled(step_texts().rules.registers_minion_to, seat=dead.seat, character=cat[dead.character or ""].name,
                   ability=cat[owned].name)  # fmt: skip
    return [question(asked, {"yes": drunk, "no": []}, "yes" if minion else "no", "yesno")]


def _triggers(cat: Catalogue, cid: str) -> list[str]:
    char = cat.get(cid)
    return char.data.triggers if char is not None and char.data is not None else []


def _mastermind_extra_day(g: Grimoire, cat: Catalogue, owner: Player, dead: Player, d: Death) -> list[Event]:
    """The Demon dies by execution while the Mastermind lives sober: the game goes on one more day."""
    if not d.executed or not is_demon(cat, dead) or not acts_alive(g, cat, owner) or impaired(g, cat, owner):
        return []
    if scarlet_catcher(g, cat, dead) is not None or any(p.alive and is_demon(cat, p) for p in g.players):
        return []
    events: list[Event] = [Remember(key=keys.MASTERMIND_DAY, value=str(g.day + 1))]
    if dead.character and ruled_pair("executed_chooses_tonight", dead.character, owner.character or ""):
        events.append(Remember(key=keys.MASTERMIND_NIGHT, value=str(g.night + 1)))  # a jinx: the Demon chooses
    return events


def _mastermind_day_end(g: Grimoire, cat: Catalogue, owner: Player) -> list[Event]:
    """The Mastermind's day ends: a good player executed today, evil wins; an evil player or nobody
    executed, good wins (the almanac's How to Run). A player executed who survived still counts."""
    day = g.memory.get(keys.MASTERMIND_DAY)
    if day is None or g.day != int(day) or keys.MASTERMIND_NIGHT in g.memory:  # a jinx decided it that night
        return []
    executed = g.executed_today if g.executed_today is not None else g.today.block
    survived = g.memory.get(keys.executed(g.day))
    if executed is None and survived is not None and survived.isdigit():
        executed = int(survived)
    if executed is None:
        return [SetWinner(winner="good", reason="mastermind")]
    return [SetWinner(winner="good" if g.player(executed).alignment == "evil" else "evil", reason="mastermind")]


# -- the Godfather -----------------------------------------------------------------------------------


def _outsiders_in_play(ctx: Ctx) -> list[str]:
    return sorted({p.character for p in ctx.g.players if p.character and ctx.cat.team(p.character) == "outsider"})


effect("godfather_learn", truth=_outsiders_in_play)(lambda _ctx, _answer: Outcome())


@effect("godfather_kill", "seat", kills=True)
def godfather_kill(ctx: Ctx, answer: Answer) -> Outcome:
    """An Outsider died today: the chosen player dies (not the Demon's kill)."""
    if not sober(ctx):
        return Outcome(say=[step_texts().rules.impaired])
    return Outcome(events=kill(ctx.g, ctx.cat, seat_of(answer)))


# -- the Demons: the Shabaloth and the Po --------------------------------------------------------------


def _demon_may_kill(ctx: Ctx) -> tuple[bool, Outcome | None]:
    if demon_blocked(ctx.g):
        return False, None
    if not sober(ctx):
        return False, Outcome(say=[step_texts().rules.impaired])
    return True, None


def _regurgitate(ctx: Ctx, last: list[int]) -> list[Event]:
    """Last night's chosen who are dead: the storyteller says whether one comes back, proposing no."""
    dead = [s for s in last if s in ctx.g.seats() and not ctx.g.player(s).alive]
    if not dead:
        return []
    back: dict[str, list[Event]] = {
        str(s): [Revive(seat=s), AddReminder(seat=s, source=ctx.ability, name="Alive", by_seat=ctx.seat)] for s in dead
    }
    texts = step_texts().rules
    asked = filled(texts.shabaloth_regurgitate, seats=", ".join(str(s) for s in dead))
    step, seat = ctx.ability, ctx.seat
    if len(dead) == 1:
        return [question(asked, {"yes": back[str(dead[0])], "no": []}, "no", "yesno", step=step, seat=seat)]
    # Two of them: yes, then which one (a seat said at once answers both questions).
    told = filled(texts.shabaloth_which, seats=", ".join(str(s) for s in dead))
    which = question(told, back, None, "seat", step=step, seat=seat)
    return [question(asked, {"yes": [which], **back, "no": []}, "no", "yesno", step=step, seat=seat)]


@effect("shabaloth_kill", "two_seats", kills=True)
def shabaloth_kill(ctx: Ctx, answer: Answer) -> Outcome:
    """Two players die (the Demon's kill); then a dead player it chose last night may come back. Remembered for
    tomorrow: tonight's choice, if the attack worked (a drunk Shabaloth marks nobody Dead: the How to Run)."""
    key = keys.chosen_last(ctx.ability, ctx.seat)
    last = [int(s) for s in ctx.g.memory.get(key, "").split() if s.isdigit()]
    may, refused = _demon_may_kill(ctx)
    if not may:
        return Outcome(events=[Remember(key=key, value="")], say=refused.say if refused else [])
    events: list[Event] = []
    for seat in dict.fromkeys(answer.seats):
        events += kill(simulate(ctx.g, events), ctx.cat, seat, by_demon=True, at_once=ctx.g)  # both die at once
    events.insert(0, Remember(key=key, value=" ".join(str(s) for s in answer.seats)))
    if not any(e.kind == "ask" for e in events):  # one question at a time (a Mayor's bounce first)
        events += _regurgitate(Ctx(simulate(ctx.g, events), ctx.cat, ctx.seat, ctx.ability), last)
    return Outcome(events=events)


def _exorcised(ctx: Ctx) -> bool:
    """The Exorcist chose the Demon tonight: it does not act, and that is no choice at all."""
    return keys.exorcised(ctx.g.night) in ctx.g.memory


def _po_declined(ctx: Ctx) -> Outcome:
    """The Po chose no-one: three attacks next time, drunk or not (after some of three picks: the charge
    is spent). Exorcised, it made no choice: nothing changes."""
    key = keys.charged(ctx.ability, ctx.seat)
    picks = ctx.g.memory.get(key)
    if _exorcised(ctx):
        return Outcome()
    if picks is not None and int(picks) > 0:
        return Outcome(events=_po_strikes(ctx))
    if picks is not None:
        return Outcome()
    charge = AddReminder(seat=ctx.actor.seat, source=ctx.ability, name="3 Attacks", by_seat=ctx.seat)
    return Outcome(events=[Remember(key=key, value="0"), charge])


@effect("po_kill", "seat", declined=_po_declined, repeats=True, kills=True)
def po_kill(ctx: Ctx, answer: Answer) -> Outcome:
    """One kill; charged (no-one chosen last time), three, one answer at a time."""
    key = keys.charged(ctx.ability, ctx.seat)
    picks = ctx.g.memory.get(key)
    if _exorcised(ctx):  # no act tonight: a charge carries to the next night
        return Outcome()
    may, refused = _demon_may_kill(ctx)  # each pick works or not as the Po is then (a Goon chosen: drunk from there)
    say = refused.say if refused else []
    if picks is None:
        return Outcome(events=kill(ctx.g, ctx.cat, seat_of(answer), by_demon=True) if may else [], say=say)
    made = int(picks) + 1
    chose = keys.volley(ctx.ability, ctx.seat)
    chosen = f"{ctx.g.memory.get(chose, '')} {seat_of(answer) if may else ''}".strip()
    events: list[Event] = [Remember(key=key, value=str(made)), Remember(key=chose, value=chosen or None)]
    if made >= 3:
        struck = Ctx(simulate(ctx.g, events), ctx.cat, ctx.seat, ctx.ability)
        return Outcome(events=_po_strikes(struck, events), say=say)
    return Outcome(events=events, say=say, again=True)


def _po_strikes(ctx: Ctx, events: Sequence[Event] = ()) -> list[Event]:
    """The charged Po's picks that worked die together, at the last: what keeps each alive is judged on the
    grimoire before any of them died (an Innkeeper chosen beside the player they keep safe still keeps them
    safe). The charge is spent."""
    key, chose = keys.charged(ctx.ability, ctx.seat), keys.volley(ctx.ability, ctx.seat)
    seats = [int(s) for s in ctx.g.memory.get(chose, "").split() if s.isdigit()]
    done: list[Event] = [*events, Remember(key=key, value=None), Remember(key=chose, value=None),
                         RemoveReminder(seat=ctx.actor.seat, source=ctx.ability, name="3 Attacks")]  # fmt: skip
    for seat in dict.fromkeys(seats):
        if seat in ctx.g.seats():
            done += kill(simulate(ctx.g, done), ctx.cat, seat, by_demon=True, at_once=ctx.g)
    return done


# -- the registries ------------------------------------------------------------------------------------

for _trigger in (
    Trigger("learns_death", "death", _learns_death),
    Trigger("goon_chosen", "chosen"),
    Trigger("minstrel_drunk", "death", _minstrel_drunk),
    Trigger("mastermind_extra_day", "death", _mastermind_extra_day),
    Trigger("mastermind_day_end", "day_end"),
):
    TRIGGERS[_trigger.name] = _trigger
DAY_END["mastermind_day_end"] = _mastermind_day_end
