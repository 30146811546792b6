"""The registry of named effect functions. Character files refer to them by name; an unknown name
fails at load. The effects themselves register in the modules beside this one (actions.py, kills.py,
changes.py, day.py, infos.py, ...); the checks several share (a seat said, a player alive) are here.

An effect has up to three parts:

- ``truth(ctx)``: the true information to give, computed when the step starts;
- ``told(ctx, answer)``: the true information that depends on the players chosen;
- ``check(ctx, answer)``: raises :class:`~moderator.errors.IllegalChoice` for a choice the rules refuse;
- ``apply(ctx, answer)``: the grimoire changes (events) and what to tell the storyteller.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from moderator.clocktower.grimoire.events import AddReminder, Ask, Die, Event, Remember, RemoveReminder
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.conditions import demon_blocked
from moderator.clocktower.rules.context import Answer, Ctx, Outcome
from moderator.clocktower.rules.jinxes import ruled_pair
from moderator.clocktower.rules.schema import Expect
from moderator.clocktower.rules.status import impaired, misregisters, spec
from moderator.clocktower.rules.texts import filled, step_texts
from moderator.errors import IllegalChoice
from moderator.i18n import Text

TruthFn = Callable[[Ctx], object]
CheckFn = Callable[[Ctx, Answer], None]
ApplyFn = Callable[[Ctx, Answer], Outcome]
ToldFn = Callable[[Ctx, Answer], object]
OptionsFn = Callable[[Ctx], list[int]]
HintFn = Callable[[Ctx, Answer], Text | None]
ProposalFn = Callable[[Ctx], int | None]
DeclinedFn = Callable[[Ctx], Outcome]
HoldsFn = Callable[[Ctx, object], bool]


@dataclass(frozen=True)
class Effect:
    """A named effect and the answers it needs."""

    name: str
    expects: tuple[Expect, ...]
    apply: ApplyFn
    truth: TruthFn | None = None
    check: CheckFn | None = None
    told: ToldFn | None = None
    options: OptionsFn | None = None
    """For information that is a player: every seat that would be true (the truth is the first)."""
    hint: HintFn | None = None
    """A note for the storyteller beside the truth (the Dreamer's false character, the Sage's other player)."""
    proposal: ProposalFn | None = None
    """A seat step's proposed answer, which "next" takes (the player the Sweetheart makes drunk)."""
    seat_truth: bool = False
    """The truth is a player's seat to show, not a count (the Widow's Know player)."""
    gives_info: bool = False
    """The step gives information the app cannot compute (the Savant's statements, the Artist's answer):
    a Townsfolk's is false while the Vortox lives, and its prompt says so."""

    @property
    def shows_player(self) -> bool:
        """Whether an int truth is a seat to point at rather than a number to show."""
        return self.seat_truth or self.options is not None
    declined: DeclinedFn | None = None
    """What choosing no-one ("no") does, if anything (the Po's charge)."""
    inexact: bool = False
    """The truth is what the app can see, and the storyteller adds what it cannot (the Mathematician's
    count, the Flowergirl's when not every voter was said): another answer is not refused."""
    repeats: bool = False
    """The step may take several answers, one after the other (the Kazali's Minions, a charged Po's
    three kills): "nobody" for a part left half answered drops that part only, and several seats in
    one sentence are taken in turn."""
    info_check: bool = False
    """The ``check`` is of the information's truth, not of the player's choice (the Pixie is shown an
    in-play Townsfolk): where the information may be false it is not applied, where it must be false
    (the Vortox) a true answer is refused."""
    must_answer: bool = False
    """The step cannot end with nobody chosen (the Kazali makes every Minion, Lil' Monsta always has a
    babysitter): "no" or an unanswered "next" is refused, and "skip" leaves the step by hand."""
    idle: HintFn | None = None
    """When it gives a text, nobody can be woken for the step as the rules run it (no Minion alive to
    choose Lil' Monsta's babysitter): the text is said instead of the step's instructions."""
    judged: Literal["seat", "alignment"] | None = None
    """What is shown is the storyteller's judgement, neither true nor false (the High Priestess's player, the
    General's side): 'showed …' or the plain answer of this kind is remembered as given; 'next' gives nothing."""
    kills: bool = False
    """The pick dies (a Demon's kill, the Assassin's): "6번 죽음" said at this step by hand is told how to
    make it the pick instead."""
    beside_false: bool = False
    """The true character is shown beside a false one of the other alignment (the Dreamer's): two tokens,
    one good and one evil, one of them the truth, are true; the truth alone is too."""
    holds: HoldsFn | None = None
    """Whether an answer shown is true, where many are (the Knight's any two players not the Demon; the
    Washerwoman's any two players, one of them the Townsfolk shown): the truth is then one proposal among
    them, and another true answer is taken, not refused. It weighs who may misregister (a Spy as a
    Townsfolk), where that changes what is true: an answer no misregistering makes true is refused."""


EFFECTS: dict[str, Effect] = {}


def effect(
    name: str,
    *expects: Expect,
    truth: TruthFn | None = None,
    check: CheckFn | None = None,
    told: ToldFn | None = None,
    options: OptionsFn | None = None,
    hint: HintFn | None = None,
    proposal: ProposalFn | None = None,
    seat_truth: bool = False,
    declined: DeclinedFn | None = None,
    gives_info: bool = False,
    info_check: bool = False,
    repeats: bool = False,
    inexact: bool = False,
    must_answer: bool = False,
    idle: HintFn | None = None,
    holds: HoldsFn | None = None,
    beside_false: bool = False,
    judged: Literal["seat", "alignment"] | None = None,
    kills: bool = False,
) -> Callable[[ApplyFn], ApplyFn]:
    """Register ``fn`` as the effect ``name``."""

    def register(fn: ApplyFn) -> ApplyFn:
        if name in EFFECTS:
            raise ValueError(f"effect {name!r} registered twice")
        EFFECTS[name] = Effect(name, expects or ("confirm",), fn, truth, check, told, options, hint=hint,
                               proposal=proposal, seat_truth=seat_truth, declined=declined,
                               gives_info=gives_info, info_check=info_check, repeats=repeats,
                               inexact=inexact, must_answer=must_answer, idle=idle, holds=holds,
                               beside_false=beside_false, judged=judged, kills=kills)  # fmt: skip
        return fn

    return register


def nothing(_ctx: Ctx, _answer: Answer) -> Outcome:
    """The apply of an information-only step: the grimoire does not change."""
    return Outcome()


def info(name: str, truth: TruthFn, *expects: Expect) -> None:
    """Register an information effect that changes nothing and only computes the truth."""
    effect(name, *expects, truth=truth)(nothing)



def sober(ctx: Ctx) -> bool:
    """Whether the acting player's ability works now (neither drunk nor poisoned)."""
    return not impaired(ctx.g, ctx.cat, ctx.actor)


def killed_public(events: list[Event], seat: int) -> list[Text]:
    """What the table hears of a public kill by day (the Slayer's, the Gunslinger's): the player dies; or, where
    something kept them alive (the Storm Catcher's, the Soldier's), nothing happens; nothing yet while the
    storyteller is asked (the Tea Lady's)."""
    if any(isinstance(e, Die) and e.seat == seat for e in events):
        return [filled(step_texts().rules.seat_dies, seat=seat)]
    return [] if any(isinstance(e, Ask) for e in events) else [step_texts().rules.nothing_happens]


def seat_of(answer: Answer, i: int = 0) -> int:
    """The ``i``-th seat of the answer.

    Raises:
        IllegalChoice: the answer names fewer seats.
    """
    if len(answer.seats) <= i:
        raise IllegalChoice("seat_needed")
    return answer.seats[i]


def character_on_script(ctx: Ctx, answer: Answer) -> None:
    """A check: a character is named, and it is on the script (the Courtier's, the Pit-Hag's)."""
    cid = answer.character
    if cid is None or cid not in ctx.cat:
        raise IllegalChoice("character_needed")
    if ctx.script and cid not in ctx.script:
        raise IllegalChoice("not_on_script", character=ctx.cat[cid].name)


def good_character_on_script(ctx: Ctx, answer: Answer) -> None:
    """A check: the character named is good (a Townsfolk or an Outsider) and on the script (the
    Philosopher points at their sheet; the Cerenovus names a good character), or one a jinx lets this ability
    choose (``may_choose``: the Cerenovus the Goblin)."""
    cid = answer.character
    allowed = cid is not None and ruled_pair("may_choose", ctx.ability, cid)
    if cid is None or cid not in ctx.cat or (ctx.cat[cid].team not in ("townsfolk", "outsider") and not allowed):
        raise IllegalChoice("good_character")
    character_on_script(ctx, answer)


def spend(ctx: Ctx) -> list[Event]:
    """A once-per-game ability spent (remembered: it does not act again)."""
    return [Remember(key=keys.used(ctx.ability, ctx.seat), value="yes")]


def spent(ctx: Ctx) -> list[Event]:
    """:func:`spend`, and the No Ability reminder placed by its holder."""
    return [*spend(ctx), AddReminder(seat=ctx.actor.seat, source=ctx.ability, name="No Ability")]


def may_be(ctx: Ctx, seat: int, alignment: str) -> bool:
    """Whether the player in ``seat`` is, or may register as, ``alignment`` (the Recluse, the Spy)."""
    p = ctx.g.player(seat)
    reg = misregisters(ctx.g, ctx.cat, p)
    return p.alignment == alignment or (reg is not None and reg.alignment == alignment)


def alive_target(ctx: Ctx, answer: Answer) -> None:
    """A check: the player chosen is alive."""
    if not ctx.g.player(seat_of(answer)).alive:
        raise IllegalChoice("dead_choice", seat=seat_of(answer))


def dead_target(ctx: Ctx, answer: Answer) -> None:
    """A check: the player chosen is dead."""
    if ctx.g.player(seat_of(answer)).alive:
        raise IllegalChoice("alive_choice", seat=seat_of(answer))


def demon_rests(ctx: Ctx) -> Outcome:
    """The Demon chose to attack nobody ('no', or nobody): it has rested (remembered the first time, for the
    Toymaker), and a token that lasts until it rests goes (the Toymaker's Final Night: No Attack)."""
    rested = keys.demon_rested() in ctx.g.memory or demon_blocked(ctx.g)
    lifted: list[Event] = [RemoveReminder(seat=p.seat, source=r.source, name=r.name) for p in ctx.g.players
                           for r in p.reminders if (s := spec(ctx.cat, r)) is not None and s.until == "demon_rests"]
    first = [] if rested else [Remember(key=keys.demon_rested(), value=str(ctx.g.night))]
    return Outcome(events=[*first, *lifted])


def evil_text(name: str, **slots: object) -> Text:
    """A text of ``rules.evil`` in data/steps.yaml (the Experimental Minions' and Demons'), filled."""
    return filled(step_texts().rules.evil[name], **slots)
