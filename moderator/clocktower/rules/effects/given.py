"""Abilities and Demons an evil player gives (issue 26): a not-in-play good ability given to the Demon (the
Boffin's), a Demon summoned on the third night (the Summoner's, the second with the Pukka by a jinx).

Their texts are ``rules.evil`` in data/steps.yaml. Their wake conditions register here.
"""

from __future__ import annotations

from moderator.clocktower.grimoire.events import Assign, Event, GainAbility, Remember, SetAlignment
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.abilities import made_acts
from moderator.clocktower.rules.conditions import CONDITIONS
from moderator.clocktower.rules.context import Answer, Ctx, Outcome
from moderator.clocktower.rules.effects.base import effect, evil_text, seat_of, sober
from moderator.clocktower.rules.jinxes import cannot_give, prompt_instead, ruled_pair, stays_evil
from moderator.clocktower.rules.status import acts_alive
from moderator.clocktower.rules.texts import step_texts
from moderator.errors import IllegalChoice

SUMMONING_NIGHT = 3
"""The Summoner summons on the third night."""


# -- the Boffin: the Demon has a not-in-play good ability ------------------------------------------


def _boffin_check(ctx: Ctx, answer: Answer) -> None:
    cid = answer.character
    if cid is None or cid not in ctx.cat or ctx.cat[cid].team not in ("townsfolk", "outsider"):
        raise IllegalChoice("good_character")
    if cid in ctx.g.in_play() and not ruled_pair("extra_copy", ctx.ability, cid):  # a jinx: the Village Idiot's
        raise IllegalChoice("good_not_in_play", character=ctx.cat[cid].name)
    if cannot_give(ctx.ability, cid):
        raise IllegalChoice("jinxed_ability", character=ctx.cat[cid].name)


@effect("boffin_gain", "character", check=_boffin_check)
def boffin_gain(ctx: Ctx, answer: Answer) -> Outcome:
    """The Demon has the chosen good ability (drunk or poisoned or not); both learn it. A drunk or poisoned
    Boffin gives nothing."""
    assert answer.character is not None
    demon = next((p for p in ctx.g.players if ctx.cat.team(p.character) == "demon"), None)
    if not sober(ctx) or demon is None:
        return Outcome(say=[step_texts().rules.impaired] if demon else [])
    alone = prompt_instead(ctx.ability, set(), ctx.actor.character) is not None  # a jinx: the Alchemist is not told
    told = evil_text("boffin_tell_alone" if alone else "boffin_tell", seat=demon.seat,
                     character=ctx.cat[answer.character].name)  # fmt: skip
    kept = Remember(key=keys.kept_sober(answer.character, demon.seat), value="boffin")  # even drunk or poisoned
    events: list[Event] = [GainAbility(seat=demon.seat, ability=answer.character), kept]
    if demon.alignment == "evil" and stays_evil(ctx.ability, answer.character):  # a jinx: it cannot turn good by it
        events.append(Remember(key=keys.kept_evil(demon.seat), value=answer.character))
    return Outcome(events=events, say=[told])


# -- the Summoner: a Demon made on the third night -------------------------------------------------


def _third_night(ctx: Ctx) -> bool:
    """The third night, the Summoner alive and not summoned already (a Pukka on the second night, a jinx)."""
    summoned = keys.used(ctx.ability, ctx.seat) in ctx.g.memory
    return acts_alive(ctx.g, ctx.cat, ctx.actor) and ctx.g.night == SUMMONING_NIGHT and not summoned


def _early(ctx: Ctx) -> list[str]:
    """The Demons on the script a jinx lets this ability summon on the night before (``summons_early``: the
    Pukka)."""
    return [d for d in ctx.script if ruled_pair("summons_early", d, ctx.ability)]


def _pukka_night(ctx: Ctx) -> bool:
    """The second night, with a Demon on the script the Summoner may summon a night early (a jinx: the Pukka)."""
    return acts_alive(ctx.g, ctx.cat, ctx.actor) and ctx.g.night == SUMMONING_NIGHT - 1 and bool(_early(ctx))


def _summoner_check(ctx: Ctx, answer: Answer) -> None:
    seat = seat_of(answer)
    if answer.character is None or ctx.cat.team(answer.character) != "demon":
        raise IllegalChoice("demon_needed")
    if _made_beside(ctx, answer.character) and not _minion_beside(ctx, seat):
        raise IllegalChoice("summoned_beside_minion", seat=seat, character=ctx.cat[answer.character].name)


def _made_beside(ctx: Ctx, demon: str) -> bool:
    """A jinx (``summoned_beside_minion``): this Demon, summoned, must neighbour a Minion and makes its other
    neighbour an evil Minion (the Lord of Typhon)."""
    return ruled_pair("summoned_beside_minion", demon, ctx.ability)


def _minion_beside(ctx: Ctx, seat: int) -> bool:
    return any(ctx.cat.team(q.character) == "minion" for q in ctx.g.beside(seat))


def _summoner_early_check(ctx: Ctx, answer: Answer) -> None:
    _summoner_check(ctx, answer)
    if answer.character not in _early(ctx):
        raise IllegalChoice("demon_needed")


@effect("summoner_summon", "seat", "character", check=_summoner_check, must_answer=True)
def summoner_summon(ctx: Ctx, answer: Answer) -> Outcome:
    """The chosen player becomes the chosen Demon, evil, and is told; a Demon that acts when made (the Lleech,
    picking its host) does so tonight. Drunk or poisoned: the storyteller still makes a Demon (no Demon is no
    game), so the choice stands."""
    assert answer.character is not None
    seat = seat_of(answer)
    told = evil_text("summoned", seat=seat, character=ctx.cat[answer.character].name)
    events: list[Event] = [Assign(seat=seat, character=answer.character, alignment="evil"),
                           Remember(key=keys.used(ctx.ability, ctx.seat), value=answer.character),
                           *made_acts(ctx.g, ctx.cat, seat, answer.character, ctx.ability)]  # the Lleech's host
    said = [told]
    if _made_beside(ctx, answer.character):  # the other neighbour becomes an evil Minion (the storyteller names it)
        other = [q for q in ctx.g.beside(seat) if ctx.cat.team(q.character) != "minion"][:1]
        events += [SetAlignment(seat=q.seat, alignment="evil") for q in other]
        said += [evil_text("summoned_minion", seat=q.seat) for q in other]
    return Outcome(events=events, say=said)


# The second night, by a jinx: the Pukka summoned a night early, or no answer (the third night's, then).
effect("summoner_summon_pukka", "seat", "character", check=_summoner_early_check)(summoner_summon)


CONDITIONS["third_night"] = _third_night
CONDITIONS["pukka_night"] = _pukka_night
