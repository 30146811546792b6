"""The effects of the storyteller's own characters, the Fabled and the Loric, whose steps have no seat:
the Djinn's jinxes shown, the Storm Catcher's named good character marked and shown to the evil team, the
players who died since the last night told what they were (the Tor's).
What a Fabled changes in the setup or by day is data (``setup.outsiders``, ``setup.evil_info``,
``setup.extra_evil``, ``day_note``), read by the rules where they count."""

from __future__ import annotations

from moderator.clocktower.grimoire.events import AddReminder, Event, Remember, RemoveReminder, SetWinner
from moderator.clocktower.grimoire.state import Player
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.abilities import kill
from moderator.clocktower.rules.conditions import CONDITIONS, SEATLESS
from moderator.clocktower.rules.context import Answer, Ctx, Outcome
from moderator.clocktower.rules.effects.base import effect, good_character_on_script, nothing
from moderator.clocktower.rules.jinxes import described
from moderator.clocktower.rules.status import counted_living, is_demon, registers_evil
from moderator.clocktower.rules.texts import filled, step_texts
from moderator.clocktower.rules.triggers import question
from moderator.errors import IllegalChoice
from moderator.i18n import Text


def jinxed_pairs(ctx: Ctx) -> list[tuple[str, str]]:
    """The jinxed pairs among the script's characters and those in play (each pair once, in sheet order)."""
    ids = list(dict.fromkeys([*ctx.script, *sorted(ctx.g.in_play())]))
    return [(a, b) for i, a in enumerate(ids) for b in ids[i + 1 :] if ctx.cat.jinxed(a, b)]


def _pair(ctx: Ctx, a: str, b: str, lang: str) -> str:
    """One jinx as said: the two names, and our words for how it runs where we have them."""
    names = f"{ctx.name(a, lang)} & {ctx.name(b, lang)}"
    jinx = described(a, b)
    return f"{names} ({jinx.text.ko if lang == 'ko' else jinx.text.en})" if jinx is not None else names


def _djinn_list(ctx: Ctx, _answer: Answer) -> Text | None:
    pairs = jinxed_pairs(ctx)
    if not pairs:
        return None
    said = {lang: "; ".join(_pair(ctx, a, b, lang) for a, b in pairs) for lang in ("ko", "en")}
    return filled(step_texts().rules.djinn_jinxes, jinxes=Text(ko=said["ko"], en=said["en"]))


def _djinn_idle(ctx: Ctx, _answer: Answer) -> Text | None:
    return None if jinxed_pairs(ctx) else step_texts().rules.djinn_none


effect("djinn_jinxes", hint=_djinn_list, idle=_djinn_idle)(nothing)


@effect("stormcatcher_mark", "character", check=good_character_on_script)
def stormcatcher_mark(ctx: Ctx, answer: Answer) -> Outcome:
    """The good character named, if a player is it, is marked Stormcaught (it dies only by execution:
    the token protects from every other death) and the evil players are shown that player."""
    cid = answer.character
    assert cid is not None
    rules = step_texts().rules
    held = [p for p in ctx.g.players if p.character == cid]
    if not held:
        return Outcome(say=[filled(rules.stormcatcher_absent, character=ctx.cat[cid].name)])
    events = [AddReminder(seat=p.seat, source=ctx.ability, name="Stormcaught") for p in held]
    said = [filled(rules.stormcatcher_marked, seat=p.seat, character=ctx.cat[cid].name) for p in held]
    return Outcome(events=list(events), say=said)


def _tor_told(ctx: Ctx, _answer: Answer) -> Text | None:
    """Each player who died since the last night (by day, or tonight), their character and a thumb for their
    alignment (the Tor's)."""
    rules = step_texts().rules
    died = {*ctx.g.died_today, *ctx.g.died_tonight}
    dead = [ctx.g.player(s) for s in sorted(died) if s in ctx.g.seats() and not ctx.g.player(s).alive]
    lines = [filled(rules.tor_learns if p.seat in ctx.g.died_tonight else rules.tor_learns_day, seat=p.seat,
                    character=ctx.cat[p.character].name, alignment=rules.thumb[p.alignment])
             for p in dead if p.character is not None]  # fmt: skip
    if not lines:
        return None
    return Text(ko=" ".join(t.ko for t in lines), en=" ".join(t.en for t in lines))


def _tor_idle(ctx: Ctx, answer: Answer) -> Text | None:
    return None if _tor_told(ctx, answer) else step_texts().rules.tor_none


effect("tor_learns", hint=_tor_told, idle=_tor_idle)(nothing)


def visitors(ctx: Ctx) -> list[Player]:
    """The players marked as today's visitors of the storyteller's character (the Duchess's Visitor)."""
    return [p for p in ctx.g.players if p.has_reminder("Visitor", ctx.ability)]


def _visitors_evil(ctx: Ctx) -> int:
    """How many of the visitors register as evil: what each learns, but one (the Duchess's)."""
    return sum(1 for p in visitors(ctx) if registers_evil(ctx.g, ctx.cat, p, ctx.ability, ctx.flips))


def _any_count(ctx: Ctx) -> list[int]:
    """Every count may be shown: one visitor is told a false number."""
    return list(range(len(visitors(ctx)) + 1))


effect("duchess_count", truth=_visitors_evil, options=_any_count)(nothing)


# -- day abilities a Fabled gives the players (its day step's ``used_by``) -------------------------------------

DOOMSAYER_ALIVE = 4
"""The Doomsayer may be called while this many players or more live."""


def _doomsayer_call_open(ctx: Ctx) -> bool:
    """The caller lives, has not called yet, and four or more live (the Doomsayer's)."""
    unused = keys.used(ctx.ability, ctx.seat) not in ctx.g.memory
    return ctx.actor.alive and unused and len(ctx.g.living()) >= DOOMSAYER_ALIVE


@effect("doomsayer_call")
def doomsayer_call(ctx: Ctx, _answer: Answer) -> Outcome:
    """A living player calls the Doomsayer: the storyteller picks a living player of the caller's alignment
    (the caller too), who dies; asked, with no proposal."""
    caller = ctx.actor
    same = [p for p in ctx.g.living() if p.alignment == caller.alignment]
    said = filled(step_texts().rules.doomsayer_pick, seat=caller.seat, seats=", ".join(str(p.seat) for p in same))
    options = {str(p.seat): kill(ctx.g, ctx.cat, p.seat) for p in same}
    return Outcome(events=[Remember(key=keys.used(ctx.ability, ctx.seat), value="yes"), question(said, options, None)])


def _a_duel(ctx: Ctx, answer: Answer) -> None:
    """The Fiddler's duel: the Demon names a player of the other team ('seat N uses their ability on seat M')."""
    if len(answer.seats) < 2:
        raise IllegalChoice("seat_count", need=2)
    if ctx.g.player(answer.seats[1]).alignment == ctx.actor.alignment:
        raise IllegalChoice("fiddler_same_team", seat=answer.seats[1])


@effect("fiddler_duel", "two_seats", check=_a_duel)
def fiddler_duel(ctx: Ctx, answer: Answer) -> Outcome:
    """The Demon calls the duel (once per game): everyone votes; the team of the one with more votes wins, the
    Demon's on a tie. The storyteller says whose seat won."""
    demon, rival = ctx.actor, ctx.g.player(answer.seats[1])
    said = filled(step_texts().rules.fiddler_duel, demon=demon.seat, rival=rival.seat)
    options: dict[str, list[Event]] = {str(p.seat): [SetWinner(winner=p.alignment, reason=ctx.ability)]
                                       for p in (demon, rival)}  # fmt: skip
    return Outcome(events=[Remember(key=keys.used(ctx.ability, None), value="yes"), question(said, options, None)])


CONDITIONS["doomsayer_call_open"] = _doomsayer_call_open


# -- the Toymaker --------------------------------------------------------------------------------------------

FINAL_NIGHT = "Final Night: No Attack"
EVIL_WINS_ALIVE = 2
"""A Demon's kill that leaves this many alive (not counting Travellers) ends the game."""


def _final_night_marked(ctx: Ctx) -> list[Player]:
    """The living Demons still marked Final Night: No Attack (not rested yet) on a night their attack could end
    the game (a kill would leave two alive)."""
    g = ctx.g
    if keys.demon_rested() in g.memory or len(counted_living(g, ctx.cat)) - 1 > EVIL_WINS_ALIVE:
        return []
    return [p for p in g.living() if is_demon(ctx.cat, p) and p.has_reminder(FINAL_NIGHT, ctx.ability)]


@effect("toymaker_final_night")
def toymaker_final_night(ctx: Ctx, _answer: Answer) -> Outcome:
    """A Demon still marked Final Night: No Attack whose attack tonight could end the game does not act tonight:
    its kill does nothing, and the mark goes (it has now rested)."""
    marked = _final_night_marked(ctx)
    if not marked:
        return Outcome()
    events: list[Event] = [Remember(key=keys.demon_blocked(ctx.g.night), value=ctx.ability),
                           Remember(key=keys.demon_rested(), value=str(ctx.g.night))]  # fmt: skip
    events += [RemoveReminder(seat=p.seat, source=ctx.ability, name=FINAL_NIGHT) for p in marked]
    # "do not wake the Demon": its turn tonight passes without it (audit w57)
    events += [e for p in marked for e in (Remember(key=keys.acted(ctx.g.night, p.character or "", p.seat),
                                                    value=keys.PASSED),
                                           Remember(key=keys.kept_asleep(ctx.g.night, p.seat), value="yes"))]
    return Outcome(events=events, say=[step_texts().rules.toymaker_no_attack])


CONDITIONS["final_night_marked"] = lambda ctx: bool(_final_night_marked(ctx))
SEATLESS.add("final_night_marked")
