"""Sects & Violets: the Evil Twin, the Witch, the Cerenovus, the Pit-Hag, the Mutant and the Barber.

Their mechanisms, each a small named rule the character files refer to:

- a character change (:func:`become`): a player's character becomes another, their alignment stays;
  the Pit-Hag's (a character not in play; a Demon made makes tonight's deaths the storyteller's) and
  the Barber's (two players swap characters);
- madness: the Cerenovus's Mad reminder (its ``day_note`` reminds the storyteller by day) and the
  Mutant's ``mad_about_outsider``; a broken madness is the day command "seat N is executed";
- the twins: ``twins_block_good_win`` (rules/victory.py) and ``good_twin_executed``;
- the Witch's curse: ``witch_cursed_nominates``, and no ability with three alive (``more_than_three_alive``).

Triggers and conditions register here, on the registries the rules read them from.
"""

from __future__ import annotations

import random

from moderator.clocktower.grimoire.events import AddReminder, Assign, Event, Remember, RemoveReminder, SetWinner
from moderator.clocktower.grimoire.state import Grimoire, Player
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.abilities import kill, made_acts
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.conditions import CONDITIONS
from moderator.clocktower.rules.context import Answer, Ctx, Outcome
from moderator.clocktower.rules.daytime import NOMINATED
from moderator.clocktower.rules.decisions import decisions, given_at_setup, made_or_asked, still_given
from moderator.clocktower.rules.effects.base import character_on_script, effect, good_character_on_script, sober
from moderator.clocktower.rules.jinxes import described, poisoning_presences, ruled_pair, stays_evil
from moderator.clocktower.rules.status import active, acts_alive, impaired, is_demon
from moderator.clocktower.rules.texts import filled, step_texts
from moderator.clocktower.rules.triggers import TRIGGERS, Death, Trigger, question
from moderator.errors import IllegalChoice
from moderator.i18n import Text
from moderator.journal import simulate

WITCH = "witch"
"""The Witch's ability (its spent key)."""
WITCH_MIN_ALIVE = 4
"""The Witch loses the ability when just three players live."""
SWAPPED = 2
"""The Barber's swap: two players."""


def _name(cat: Catalogue, cid: str) -> Text:
    return cat[cid].name


# -- a character change ----------------------------------------------------------------------------


def become(g: Grimoire, cat: Catalogue, seat: int, character: str, maker: str | None = None) -> list[Event]:
    """``seat``'s character becomes ``character``; the alignment stays. The reminders the old ability
    placed from this seat go with it (a Poisoner made into something else poisons no more)."""
    p = g.player(seat)
    old = p.character
    events: list[Event] = [
        RemoveReminder(seat=q.seat, source=r.source, name=r.name)
        for q in g.players
        for r in q.reminders
        if old is not None and r.source == old and r.by_seat == seat
    ]
    events.append(Assign(seat=seat, character=character, alignment=p.alignment))
    if g.night >= 1:  # its first day: the coming one (made at night), or today (a Juggler's guesses)
        events.append(Remember(key=keys.first_day(seat), value=str(g.day + (g.phase == "night"))))
    if old in poisoning_presences():  # a jinx remembers it was in play (the Spy's: the Damsel stays poisoned)
        events.append(Remember(key=keys.been_in_play(old), value="yes"))
    return [*events, *made_acts(g, cat, seat, character, maker)]


def decided_after_change(ctx: Ctx, events: list[Event], seats: set[int]) -> list[Event]:
    """The hidden decisions of the characters ``seats`` now hold (a new Fortune Teller's red herring, a
    new Evil Twin's twin): each proposed, the first with a choice asked of the storyteller (the app
    proposes), the others made as proposed. ``events``: the change, not yet applied."""
    after = simulate(ctx.g, events)
    rng = random.Random(f"{ctx.g.night}:{sorted(seats)}")
    given = given_at_setup(ctx.g.memory)
    # a decision given at setup (--decide) for a character made later is used, if still allowed
    found = decisions(after, ctx.cat, ctx.script, rng, given, seats=seats, strict=False)
    given = still_given(given, found)
    return made_or_asked(found, given, ("mark", "evil", "believes"))


# -- the Evil Twin ---------------------------------------------------------------------------------


def _twin_of(g: Grimoire, owner: Player) -> Player | None:
    return next((q for q in g.players
                 if any(r.name == "Twin" and r.source == "eviltwin" and r.by_seat == owner.seat for r in q.reminders)),
                None)  # fmt: skip


def eviltwin_truth(ctx: Ctx) -> dict[str, object] | None:
    """The twin's seat and character (both twins learn each other's)."""
    twin = _twin_of(ctx.g, ctx.actor)
    return {"seat": twin.seat, "character": twin.character} if twin is not None else None


@effect("eviltwin_learn", truth=eviltwin_truth)
def eviltwin_learn(ctx: Ctx, answer: Answer) -> Outcome:
    """Both twins wake and learn each other's character: nothing changes."""
    return Outcome()


def _good_twin_executed(g: Grimoire, cat: Catalogue, owner: Player, dead: Player, d: Death) -> list[Event]:
    """One of the twins, the good one, dies by execution while the Evil Twin lives sober: evil wins."""
    # a good Evil Twin's own execution sets it off too; a Minion the Vigormortis killed keeps the ability
    alive = acts_alive(g, cat, owner) or owner.seat == dead.seat
    if not d.executed or not alive or impaired(g, cat, owner):
        return []
    twin = _twin_of(g, owner)
    if twin is None or twin.alignment == owner.alignment or dead.seat not in (owner.seat, twin.seat):
        return []
    return [SetWinner(winner="evil", reason="eviltwin")] if dead.alignment == "good" else []


# -- the Witch -------------------------------------------------------------------------------------


def _more_than_three_alive(ctx: Ctx) -> bool:
    """More than three players live, and never just three since (the ability is lost for good). The
    Witch acts as a living player (a dead Witch the Vigormortis killed still curses)."""
    lost = keys.used(ctx.ability, ctx.seat) in ctx.g.memory
    return acts_alive(ctx.g, ctx.cat, ctx.actor) and not lost and len(ctx.g.living()) >= WITCH_MIN_ALIVE


def _witch_three_alive(g: Grimoire, cat: Catalogue, owner: Player, dead: Player, d: Death) -> list[Event]:
    """A death leaves just three alive: the Witch loses the ability for good, and the curse goes at once."""
    spent = keys.used(WITCH, owner.seat)
    if len(g.living()) >= WITCH_MIN_ALIVE or spent in g.memory:
        return []
    curses = [RemoveReminder(seat=p.seat, source=r.source, name=r.name) for p in g.players for r in p.reminders
              if r.name == "Cursed" and r.by_seat == owner.seat]  # fmt: skip
    return [Remember(key=spent, value="yes"), *curses]


@effect("witch_curse", "seat")
def witch_curse(ctx: Ctx, answer: Answer) -> Outcome:
    """The chosen player is cursed: if they nominate tomorrow, they die."""
    if not answer.seats:
        return Outcome()
    if not sober(ctx):
        return Outcome(say=[step_texts().rules.impaired])
    return Outcome(events=[AddReminder(seat=answer.seats[0], source=ctx.ability, name="Cursed", by_seat=ctx.seat)])


def _witch_cursed_nominates(
    g: Grimoire, cat: Catalogue, owner: Player, nominator: int, nominee: int, close: list[Event]
) -> list[Event]:
    """A player this Witch cursed nominates: they die at once (the nomination stands). With just three
    alive the Witch has no ability."""
    if nominator not in g.seats():  # the storyteller's nomination (the Bishop's game)
        return []
    p = g.player(nominator)
    cursed = [r for r in p.reminders if r.name == "Cursed" and r.by_seat == owner.seat and active(g, cat, r)]
    lost = keys.used(WITCH, owner.seat) in g.memory
    three_alive = len(g.living()) < WITCH_MIN_ALIVE
    if not cursed or not acts_alive(g, cat, owner) or impaired(g, cat, owner) or lost or three_alive:
        return []
    return kill(g, cat, nominator)


# -- the Cerenovus ---------------------------------------------------------------------------------


@effect("cerenovus_mad", "seat", "character", check=good_character_on_script)
def cerenovus_mad(ctx: Ctx, answer: Answer) -> Outcome:
    """The chosen player is mad about being the chosen good character tomorrow, or might be executed.
    The player is told (woken); a drunk or poisoned Cerenovus makes nobody mad."""
    assert answer.character is not None
    seat = answer.seats[0]
    events: list[Event] = [
        RemoveReminder(seat=p.seat, source=ctx.ability, name="Mad")
        for p in ctx.g.players
        if any(r.source == ctx.ability and r.name == "Mad" and r.by_seat == ctx.seat for r in p.reminders)
    ]
    if not sober(ctx):
        return Outcome(events=events, say=[step_texts().rules.impaired])
    events += [AddReminder(seat=seat, source=ctx.ability, name="Mad", by_seat=ctx.seat),
               Remember(key=keys.about(ctx.ability, seat), value=answer.character)]  # fmt: skip
    told = filled(step_texts().rules.cerenovus_tell, seat=seat, character=_name(ctx.cat, answer.character))
    return Outcome(events=events, say=[told])


# -- the Pit-Hag -----------------------------------------------------------------------------------


def _may_make(ctx: Ctx, cid: str) -> bool:
    """Whether the Pit-Hag may make ``cid``: not in play, or a jinx allows an extra copy of it (the
    Village Idiot's, when there is a spare token: the storyteller's call, so the app allows it)."""
    jinx = described(ctx.ability, cid)
    return cid not in ctx.g.in_play() or (jinx is not None and jinx.rule == "extra_copy")


@effect("pithag_change", "seat", "character", check=character_on_script)
def pithag_change(ctx: Ctx, answer: Answer) -> Outcome:
    """The chosen player becomes the chosen character if it is not in play (alignment unchanged), and is
    told. A Demon made makes tonight's deaths the storyteller's choice. Drunk or poisoned: nothing."""
    assert answer.character is not None
    seat, cid = answer.seats[0], answer.character
    name = _name(ctx.cat, cid)
    if not sober(ctx):
        return Outcome(say=[step_texts().rules.impaired])
    if not _may_make(ctx, cid) or ctx.g.player(seat).character == cid:
        return Outcome(say=[filled(step_texts().rules.in_play_nothing, character=name)])
    if ruled_pair("storyteller_places", cid, ctx.ability):  # a jinx: the storyteller says who becomes it
        options = {str(p.seat): become(ctx.g, ctx.cat, p.seat, cid, ctx.ability) for p in ctx.g.players if p.alive}
        asked = filled(step_texts().rules.pithag_places, seat=seat, character=name)
        return Outcome(events=[question(asked, options, str(seat), "seat")])
    events = become(ctx.g, ctx.cat, seat, cid, ctx.ability)
    if ctx.g.player(seat).alignment == "evil" and stays_evil(ctx.ability, cid):
        events.append(Remember(key=keys.kept_evil(seat), value=cid))
    events += decided_after_change(ctx, events, {seat})
    say = [filled(step_texts().rules.became_tell, seat=seat, character=name)]
    if ctx.cat.team(cid) == "demon":
        events.append(Remember(key=keys.arbitrary_deaths(ctx.g.night), value=str(seat)))
        say.append(step_texts().rules.arbitrary_deaths)
    return Outcome(events=events, say=say)


# -- the Barber ------------------------------------------------------------------------------------


def _barber_check(ctx: Ctx, answer: Answer) -> None:
    if len(set(answer.seats)) != len(answer.seats):
        raise IllegalChoice("seat_count", need=2)
    demons = [s for s in answer.seats if is_demon(ctx.cat, ctx.g.player(s))]
    # "not another Demon": only the Demon woken (the first living one, as the step says) may be swapped
    woken = next((p.seat for p in ctx.g.players if p.alive and is_demon(ctx.cat, p)), None)
    if len(demons) > 1 or any(s != woken for s in demons):
        raise IllegalChoice("two_demons")


@effect("barber_swap", "two_seats", check=_barber_check)
def barber_swap(ctx: Ctx, answer: Answer) -> Outcome:
    """The Barber died today or tonight: the Demon may have two players (not another Demon) swap
    characters; alignments stay, and each learns their new character."""
    events: list[Event] = [RemoveReminder(seat=ctx.actor.seat, source=ctx.ability, name="Haircuts Tonight")]
    if len(answer.seats) != SWAPPED:  # the Demon shook its head
        return Outcome(events=events)
    a, b = (ctx.g.player(s) for s in answer.seats)
    if a.character is None or b.character is None:
        return Outcome(events=events)
    events += [*become(ctx.g, ctx.cat, a.seat, b.character, ctx.ability),
               *become(ctx.g, ctx.cat, b.seat, a.character, ctx.ability)]  # fmt: skip
    events += decided_after_change(ctx, events, {a.seat, b.seat})
    return Outcome(events=events, say=[filled(step_texts().rules.barber_tell, a=a.seat, b=b.seat)])


def _barber_haircuts(g: Grimoire, cat: Catalogue, owner: Player, dead: Player, d: Death) -> list[Event]:
    """The Barber dies (sober): tonight the Demon may swap two players' characters."""
    if dead.seat != owner.seat or impaired(g, cat, owner):
        return []
    return [AddReminder(seat=owner.seat, source="barber", name="Haircuts Tonight", by_seat=owner.seat)]


def _haircuts_tonight(ctx: Ctx) -> bool:
    """The Barber died today or tonight: its Haircuts Tonight reminder lies (the Demon wakes for it)."""
    return ctx.actor.has_reminder("Haircuts Tonight", ctx.ability) and any(p.alive and is_demon(ctx.cat, p)
                                                                           for p in ctx.g.players)  # fmt: skip


# -- registration ----------------------------------------------------------------------------------

for _trigger in (
    Trigger("good_twin_executed", "death", _good_twin_executed),
    Trigger("twins_block_good_win", "passive"),
    Trigger("swaps_result", "passive"),
    Trigger("witch_cursed_nominates", "nominated"),
    Trigger("witch_three_alive", "death", _witch_three_alive),
    Trigger("mad_about_outsider", "passive"),
    Trigger("barber_haircuts", "death", _barber_haircuts),
):
    TRIGGERS[_trigger.name] = _trigger
NOMINATED["witch_cursed_nominates"] = _witch_cursed_nominates
CONDITIONS["more_than_three_alive"] = _more_than_three_alive
CONDITIONS["haircuts_tonight"] = _haircuts_tonight
