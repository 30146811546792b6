"""The Experimental Minions and Demons (issue 26): the rules the app can run for them.

- madness about another player (the Harpy's Mad, about the 2nd player: the reminder's ``day_note``);
- a good player turned evil once (the Mezepheles's word), night X's poison (the Xaan's) (the Boffin and the
  Summoner, who give an ability or a Demon: given.py);
- deaths the storyteller chooses (the Yaggababble's, the Al-Hadikhia's choice of three, the Ojo's
  character, the Boomdandy's explosion), and the Lleech's host, whose death is the Lleech's;
- wins on a day's events: the Goblin's claim, the Fearmonger's Fear, the Leviathan's fifth day and its
  second good player executed; a day kill (the Psychopath's); a wish spent (the Wizard's).

Their texts are ``rules.evil`` in data/steps.yaml. Triggers and conditions register here.
"""

from __future__ import annotations

from moderator.clocktower.grimoire.events import (
    AddReminder,
    Assign,
    Event,
    Remember,
    RemoveReminder,
    SetWinner,
)
from moderator.clocktower.grimoire.state import Grimoire, Player
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.abilities import kill
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.conditions import CONDITIONS, demon_blocked
from moderator.clocktower.rules.context import Answer, Ctx, Outcome
from moderator.clocktower.rules.daytime import DAY_END
from moderator.clocktower.rules.effects.base import (
    alive_target,
    effect,
    evil_text,
    killed_public,
    seat_of,
    sober,
    spend,
    spent,
)
from moderator.clocktower.rules.jinxes import ruled, ruled_pair
from moderator.clocktower.rules.news import dawn_roll
from moderator.clocktower.rules.status import STORYTELLER, acts_alive, impaired
from moderator.clocktower.rules.texts import step_texts
from moderator.clocktower.rules.triggers import TRIGGERS, Death, Trigger, question
from moderator.errors import IllegalChoice

SURVIVORS = 3
"""The Boomdandy's explosion leaves three players alive."""
LEVIATHAN_DAYS = 5
"""After the fifth day, the Leviathan's team wins."""
AL_HADIKHIA_PICKS = 3
"""The Al-Hadikhia chooses three players."""


def _mine(g: Grimoire, ability: str, seat: int | None, name: str) -> list[Player]:
    """The players with reminder ``name`` of ``ability`` placed from ``seat``."""
    return [p for p in g.players
            if any(r.source == ability and r.name == name and r.by_seat == seat for r in p.reminders)]  # fmt: skip


def _lift(g: Grimoire, ability: str, seat: int | None, *names: str) -> list[Event]:
    """Take the reminders ``names`` that ``seat``'s ability placed off the grimoire."""
    return [RemoveReminder(seat=p.seat, source=ability, name=n) for n in names for p in _mine(g, ability, seat, n)]


def _sober_alive(g: Grimoire, cat: Catalogue, p: Player) -> bool:
    return acts_alive(g, cat, p) and not impaired(g, cat, p)


# -- the Harpy: mad that another is evil -----------------------------------------------------------


def _two_others(ctx: Ctx, answer: Answer) -> None:
    """Two different players."""
    if seat_of(answer, 1) == seat_of(answer, 0):
        raise IllegalChoice("same_seat")


@effect("harpy_mad", "two_seats", check=_two_others)
def harpy_mad(ctx: Ctx, answer: Answer) -> Outcome:
    """The 1st player is Mad that the 2nd (marked 2nd) is evil, tomorrow; last night's marks go. The 1st is
    told; a drunk or poisoned Harpy marks nobody."""
    first, second = seat_of(answer, 0), seat_of(answer, 1)
    events = _lift(ctx.g, ctx.ability, ctx.seat, "Mad", "2nd")
    if not sober(ctx):
        return Outcome(events=events, say=[step_texts().rules.impaired])
    events += [AddReminder(seat=first, source=ctx.ability, name="Mad", by_seat=ctx.seat),
               AddReminder(seat=second, source=ctx.ability, name="2nd", by_seat=ctx.seat),
               Remember(key=keys.about(ctx.ability, first), value=str(second))]  # fmt: skip
    return Outcome(events=events, say=[evil_text("harpy_tell", seat=first, other=second)])


# -- the Mezepheles: the first good player to say the word turns evil -----------------------------


@effect("mezepheles_turn", "seat", check=alive_target)
def mezepheles_turn(ctx: Ctx, answer: Answer) -> Outcome:
    """The good player who said the word first turns evil tonight (Turns Evil), once; spent (No Ability).
    Drunk or poisoned: nobody turns, and the ability is spent all the same (its wiki: the player stays good, and
    the Mezepheles may not turn a player evil later on)."""
    p = ctx.g.player(seat_of(answer))
    if p.alignment != "good":
        raise IllegalChoice("good_player_needed", seat=p.seat)
    if not sober(ctx):
        return Outcome(events=spent(ctx), say=[step_texts().rules.impaired])
    assert p.character is not None
    turned = Assign(seat=p.seat, character=p.character, alignment="evil", believes=p.believes)
    return Outcome(events=[*spend(ctx), turned,
                           AddReminder(seat=p.seat, source=ctx.ability, name="Turns Evil", by_seat=ctx.seat),
                           AddReminder(seat=ctx.actor.seat, source=ctx.ability, name="No Ability")],
                   say=[evil_text("turns_evil", seat=p.seat)])  # fmt: skip


# -- the Xaan: on night X, every Townsfolk poisoned until dusk -------------------------------------


def outsiders_in_play(g: Grimoire, cat: Catalogue) -> int:
    """X: the Outsiders the game was set up with (the Drunk among them), whatever changed them since (its wiki:
    the Pit-Hag's new Outsider does not move night X); a game set up without that count (an older save, a
    grimoire given as a state): the Outsiders in play."""
    said = g.memory.get(keys.outsiders_at_setup(), "")
    return int(said) if said.isdigit() else sum(1 for p in g.players if cat.team(p.character) == "outsider")


def _xaan_night(ctx: Ctx) -> bool:
    return acts_alive(ctx.g, ctx.cat, ctx.actor) and ctx.g.night == outsiders_in_play(ctx.g, ctx.cat)


@effect("xaan_poison")
def xaan_poison(ctx: Ctx, answer: Answer) -> Outcome:
    """Night X: every Townsfolk is poisoned until dusk (the X reminder by each). Drunk or poisoned: nobody."""
    if not sober(ctx):
        return Outcome(say=[step_texts().rules.impaired])
    town = [p for p in ctx.g.players if ctx.cat.team(p.character) == "townsfolk"]
    return Outcome(events=[AddReminder(seat=p.seat, source=ctx.ability, name="X", by_seat=ctx.seat) for p in town])


# -- deaths the storyteller chooses ----------------------------------------------------------------


@effect("storyteller_kills", "seat", repeats=True)
def storyteller_kills(ctx: Ctx, answer: Answer) -> Outcome:
    """A player the storyteller picks dies, the Demon's kill, again until 'no' (the Yaggababble's one death
    each time the phrase was said). A drunk or poisoned Demon kills nobody."""
    if not answer.seats:
        return Outcome()
    if not sober(ctx):
        return Outcome(say=[step_texts().rules.impaired])
    return Outcome(events=kill(ctx.g, ctx.cat, answer.seats[0], by_demon=True), again=True)


def _picked(ctx: Ctx) -> list[int]:
    """The players the Al-Hadikhia has marked 1, 2 and 3 so far, in that order."""
    return [p.seat for n in ("1", "2", "3") for p in _mine(ctx.g, ctx.ability, ctx.seat, n)]


@effect("alhadikhia_choose", "seat", check=alive_target, repeats=True)
def alhadikhia_choose(ctx: Ctx, answer: Answer) -> Outcome:
    """The Al-Hadikhia's three players, marked 1, 2, 3 in turn (tonight's); after the third, whether all
    three chose to live, which kills them all (the storyteller says each death chosen otherwise)."""
    if not answer.seats:
        return Outcome()
    picked = _picked(ctx)
    if len(picked) >= AL_HADIKHIA_PICKS:
        picked = []
    events = _lift(ctx.g, ctx.ability, ctx.seat, "1", "2", "3") if not picked else []
    seat = seat_of(answer)
    picked.append(seat)
    events.append(AddReminder(seat=seat, source=ctx.ability, name=str(len(picked)), by_seat=ctx.seat))
    if len(picked) < AL_HADIKHIA_PICKS:
        return Outcome(events=events, again=True)
    events.append(dawn_roll(ctx.g, ctx.ability, picked))  # everyone learns who; at dawn, who of them lives
    if not sober(ctx):
        return Outcome(events=events, say=[step_texts().rules.impaired])
    blocked = demon_blocked(ctx.g)  # the Princess's day (a jinx), a Lycanthrope's kill: nobody dies of it tonight
    deaths = [] if blocked else [e for s in picked for e in kill(ctx.g, ctx.cat, s, by_demon=True)]
    asked = evil_text("alhadikhia_all_live", seats=", ".join(str(s) for s in picked))
    return Outcome(events=[*events, question(asked, {"yes": deaths, "no": []}, None, "yesno")],
                   say=[step_texts().rules.nobody_dies_tonight] if blocked else [],
                   public=[evil_text("alhadikhia_public", seats=", ".join(str(s) for s in picked))])  # fmt: skip


def _executed_chooses_tonight(ctx: Ctx) -> bool:
    """The night after this Demon was executed while the Mastermind lived, by a jinx (the Al-Hadikhia's)."""
    return not ctx.actor.alive and ctx.g.memory.get(keys.MASTERMIND_NIGHT) == str(ctx.g.night)


def _good_alive(ctx: Ctx, answer: Answer) -> None:
    alive_target(ctx, answer)
    if ctx.g.player(seat_of(answer)).alignment != "good":
        raise IllegalChoice("good_player_needed", seat=seat_of(answer))


@effect("alhadikhia_last_choice", "seat", check=_good_alive, repeats=True, must_answer=True)
def alhadikhia_last_choice(ctx: Ctx, answer: Answer) -> Outcome:
    """A jinx with the Mastermind: the Al-Hadikhia executed picks three good players that night, marked 1, 2, 3;
    if all three choose to live, evil wins, otherwise good wins (the storyteller says which)."""
    picked = _picked(ctx)
    seat = seat_of(answer)
    picked.append(seat)
    events: list[Event] = [AddReminder(seat=seat, source=ctx.ability, name=str(len(picked)), by_seat=ctx.seat)]
    if len(picked) < AL_HADIKHIA_PICKS:
        return Outcome(events=events, again=True)
    seats = ", ".join(str(s) for s in picked)
    wins: dict[str, list[Event]] = {"yes": [SetWinner(winner="evil", reason=ctx.ability)],
                                    "no": [SetWinner(winner="good", reason=ctx.ability)]}  # fmt: skip
    return Outcome(events=[*events, question(evil_text("alhadikhia_last_all_live", seats=seats), wins, None, "yesno")],
                   public=[evil_text("alhadikhia_public", seats=seats)])  # fmt: skip


@effect("ojo_kill", "character")
def ojo_kill(ctx: Ctx, answer: Answer) -> Outcome:
    """The players of the chosen character die (the Demon's kill); none in play: the storyteller says who
    dies (a seat, or 'no' for nobody)."""
    cid = answer.character
    if cid is None or cid not in ctx.cat:
        raise IllegalChoice("character_needed")
    if not sober(ctx):
        return Outcome(say=[step_texts().rules.impaired])
    hit = [p.seat for p in ctx.g.living() if p.character == cid]
    if hit:
        return Outcome(events=[e for s in hit for e in kill(ctx.g, ctx.cat, s, by_demon=True)])
    options: dict[str, list[Event]] = {str(p.seat): kill(ctx.g, ctx.cat, p.seat, by_demon=True) for p in ctx.g.living()}
    options["no"] = []
    asked = evil_text("ojo_not_in_play", character=ctx.cat[cid].name)
    return Outcome(events=[question(asked, options, None, "seat")])


def _boomdandy_executed(g: Grimoire, cat: Catalogue, owner: Player, dead: Player, d: Death) -> list[Event]:
    """The sober Boomdandy executed: all but three players die. The storyteller says yes to the three the
    app proposes (the Demons first, then by seat), or no to say each death by hand."""
    if not d.executed or dead.seat != owner.seat or impaired(g, cat, dead):
        return []
    living = sorted(g.living(), key=lambda p: (cat.team(p.character) != "demon", p.seat))
    keep = [p.seat for p in living[:SURVIVORS]]
    deaths = [e for p in living[SURVIVORS:] for e in kill(g, cat, p.seat)]
    asked = evil_text("boomdandy", seats=", ".join(str(s) for s in keep))
    return [question(asked, {"yes": deaths, "no": []}, "yes", "yesno")] if deaths else []


# -- the Lleech: it dies if and only if its host dies ----------------------------------------------


def _lleech_check(ctx: Ctx, answer: Answer) -> None:
    alive_target(ctx, answer)
    if seat_of(answer) == ctx.seat:
        raise IllegalChoice("demon_self")


@effect("lleech_host", "seat", check=_lleech_check, must_answer=True)
def lleech_host(ctx: Ctx, answer: Answer) -> Outcome:
    """The first night: the chosen living player is the Lleech's host, poisoned (the Lleech's Poisoned)."""
    return Outcome(events=[AddReminder(seat=seat_of(answer), source=ctx.ability, name="Poisoned", by_seat=ctx.seat)])


def _lleech_host_dies(g: Grimoire, cat: Catalogue, owner: Player, dead: Player, d: Death) -> list[Event]:
    """The host dies while the Lleech lives sober: the Lleech dies too; or, by a jinx (``lives_without_ability``),
    executed while a Mastermind lives: the Lleech lives, without its ability (the storyteller's Drunk, which only
    they take off: the Lleech's set holds no token for it)."""
    host = any(r.source == "lleech" and r.name == "Poisoned" and r.by_seat == owner.seat for r in dead.reminders)
    if not host or not _sober_alive(g, cat, owner) or dead.seat == owner.seat:
        return []
    keeper = d.executed and any(p.alive and p.character and ruled_pair("lives_without_ability", "lleech", p.character)
                                for p in g.players)  # fmt: skip
    if keeper:
        return [AddReminder(seat=owner.seat, source=STORYTELLER, name="Drunk")]
    return kill(g, cat, owner.seat, force=True)


# -- wins on the day's events ----------------------------------------------------------------------


@effect("goblin_claim")
def goblin_claim(ctx: Ctx, answer: Answer) -> Outcome:
    """The Goblin claimed publicly, nominated: Claimed until dusk, declared to the table (its How to Run: so
    that all the group hears)."""
    return Outcome(events=[AddReminder(seat=ctx.actor.seat, source=ctx.ability, name="Claimed", by_seat=ctx.seat)],
                   public=[evil_text("goblin_claimed", seat=ctx.seat)])  # fmt: skip


def _claimed_executed(g: Grimoire, cat: Catalogue, owner: Player, dead: Player, d: Death) -> list[Event]:
    """Executed the day it Claimed, sober: the owner's team wins."""
    claimed = any(r.name == "Claimed" and r.by_seat == owner.seat for r in dead.reminders)
    if not d.executed or dead.seat != owner.seat or not claimed or impaired(g, cat, dead):
        return []
    return [SetWinner(winner=owner.alignment, reason=owner.character)]


@effect("fearmonger_fear", "seat", check=alive_target)
def fearmonger_fear(ctx: Ctx, answer: Answer) -> Outcome:
    """Fear moves to the chosen player; a new player chosen: the table is told (not who)."""
    seat = seat_of(answer)
    before = [p.seat for p in _mine(ctx.g, ctx.ability, ctx.seat, "Fear")]
    if not sober(ctx):
        return Outcome(say=[step_texts().rules.impaired])
    if before == [seat]:
        return Outcome()
    events = [*_lift(ctx.g, ctx.ability, ctx.seat, "Fear"),
              AddReminder(seat=seat, source=ctx.ability, name="Fear", by_seat=ctx.seat)]  # fmt: skip
    return Outcome(events=events, public=[evil_text("fear_new")])


def _fear_executed(g: Grimoire, cat: Catalogue, owner: Player, dead: Player, d: Death) -> list[Event]:
    """The Fearmonger nominated its Fear player, who is executed: that player's team loses, whether they die or
    not (its wiki: the Fool executed)."""
    feared = any(r.source == "fearmonger" and r.name == "Fear" and r.by_seat == owner.seat for r in dead.reminders)
    pairs = zip(g.today.nominators, g.today.nominees, strict=False)
    nominated = any(a == owner.seat and b == dead.seat for a, b in pairs)
    if not d.executed or not feared or not nominated or not _sober_alive(g, cat, owner):
        return []
    return [SetWinner(winner="evil" if dead.alignment == "good" else "good", reason="fearmonger")]


def _leviathan_good_executed(g: Grimoire, cat: Catalogue, owner: Player, dead: Player, d: Death) -> list[Event]:
    """A good player executed while the Leviathan lives sober: the first is marked, the second wins for evil."""
    if not d.executed or dead.alignment != "good" or not _sober_alive(g, cat, owner):
        return []
    if _mine(g, "leviathan", owner.seat, "Good Player Executed"):
        return [SetWinner(winner="evil", reason="leviathan")]
    return [AddReminder(seat=dead.seat, source="leviathan", name="Good Player Executed", by_seat=owner.seat)]


def _leviathan_day_end(g: Grimoire, cat: Catalogue, owner: Player) -> list[Event]:
    """The fifth day ends with the Leviathan alive and sober: evil wins."""
    if g.day < LEVIATHAN_DAYS or not _sober_alive(g, cat, owner):
        return []
    executed = g.executed_today is not None or keys.executed(g.day) in g.memory
    if g.day == LEVIATHAN_DAYS and not executed and ruled("no_execution_day_five", g.in_play()):
        return [SetWinner(winner="good", reason="mayor")]  # a jinx: the Mayor's win, on the Leviathan's last day
    return [SetWinner(winner="evil", reason="leviathan")]


@effect("day_kill", "two_seats")
def day_kill(ctx: Ctx, answer: Answer) -> Outcome:
    """By day, in public: the living player chosen dies (the Psychopath's); drunk or poisoned, nothing."""
    target = seat_of(answer, 1)
    if not ctx.g.player(target).alive:
        raise IllegalChoice("dead_choice", seat=target)
    if not sober(ctx):
        return Outcome(public=[step_texts().rules.nothing_happens])
    deaths = kill(ctx.g, ctx.cat, target)
    return Outcome(events=deaths, public=killed_public(deaths, target))


@effect("wish_made", "yesno")
def wish_made(ctx: Ctx, answer: Answer) -> Outcome:
    """Yes: the Wizard wished; the ability is spent (the storyteller grants it by hand, with its ? tokens)."""
    return Outcome(events=spend(ctx)) if answer.yes else Outcome()


@effect("wish_made_by_day")
def wish_made_by_day(ctx: Ctx, answer: Answer) -> Outcome:
    """The Wizard wishes by day ("seat N uses their ability"): spent, no wish offered at night."""
    return Outcome(events=spend(ctx))


for _trigger in (
    Trigger("boomdandy_executed", "death", _boomdandy_executed),
    Trigger("lleech_host_dies", "death", _lleech_host_dies),
    Trigger("claimed_executed_wins", "death", _claimed_executed),
    Trigger("fear_executed", "death", _fear_executed),
    Trigger("fear_executed_survives", "executed", _fear_executed),
    Trigger("leviathan_good_executed", "death", _leviathan_good_executed),
    Trigger("leviathan_day_five", "day_end"),
    Trigger("cannot_die_by_day", "passive"),  # read by rules/abilities.kill (the Vizier)
    Trigger("evil_votes_fail", "passive"),  # read by the votes and the day's end (Legion)
    Trigger("executed_roshambo", "passive"),  # read by rules/abilities.kill (the Psychopath)
):
    TRIGGERS[_trigger.name] = _trigger
DAY_END["leviathan_day_five"] = _leviathan_day_end
CONDITIONS["xaan_night"] = _xaan_night
CONDITIONS["executed_chooses_tonight"] = _executed_chooses_tonight
