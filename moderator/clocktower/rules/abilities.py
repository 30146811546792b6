"""Which abilities a player has, and how deaths ripple through them."""

from __future__ import annotations

from moderator.clocktower.grimoire.events import AddReminder, Ask, Die, Event, Remember, SetWinner
from moderator.clocktower.grimoire.state import Grimoire, Player
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.jinxes import ruled_pair
from moderator.clocktower.rules.schema import CharacterData
from moderator.clocktower.rules.status import (
    active,
    acts_alive,
    impaired,
    impaired_for,
    is_demon,
    protected,
    protector,
    shown_alive_neighbour,
    spec,
)
from moderator.clocktower.rules.texts import filled, step_texts
from moderator.clocktower.rules.triggers import TRIGGERS, Death, asked_by, question
from moderator.journal import simulate


def acts_as(cat: Catalogue, p: Player) -> str | None:
    """The character whose night steps ``p``'s own token follows.

    A character that never wakes but believes it is another (the Drunk) wakes as what it believes; so does
    one whose own steps wake another player (the Marionette's, the Demon's), its steps kept as a held ability.
    """
    if p.character is None or p.character not in cat:
        return p.character
    char = cat[p.character]
    wakes = char.first_night is not None or char.other_night is not None
    if wakes and char.data is not None and not _holder_wakes(char.data):
        wakes = False
    if not wakes and char.data is not None and char.data.setup.believes and p.believes:
        return p.believes
    return p.character


def made_acts(g: Grimoire, cat: Catalogue, seat: int, character: str, maker: str | None = None) -> list[Event]:
    """A player made ``character`` mid-game whose data says it ``acts_when_made`` uses its first-night
    ability: by night right after the step that made it (``maker``), by day on the coming night."""
    made = cat.get(character)
    if made is None or made.data is None or not made.data.acts_when_made or g.night < 1:
        return []
    night = g.night if g.phase == "night" else g.night + 1
    return [Remember(key=keys.gained(night, seat, character), value=maker or "yes")]


def _holder_wakes(data: CharacterData) -> bool:
    """Whether any of the character's night steps wakes its holder (not only the Demon: the Marionette's)."""
    steps = [*data.night.first, *data.night.other]
    return not steps or any(s.wakes == "holder" for s in steps)


def abilities(cat: Catalogue, p: Player) -> list[str]:
    """Every ability ``p`` acts with: their own (or believed) character, then the ones they hold."""
    own = acts_as(cat, p)
    data = cat[p.character].data if p.character and p.character in cat else None
    woken = [p.character] if p.character and data is not None and not _holder_wakes(data) else []  # the Marionette's
    return [a for a in dict.fromkeys([*([own] if own else []), *woken, *p.abilities])]


def used_by(g: Grimoire, cat: Catalogue, p: Player) -> list[str]:
    """The characters in play and the Fabled, not ``p``'s, with a day step players of ``p``'s type (or any
    player) use (a Minion's guess at the Damsel, the Doomsayer's call), or dead players, ``p`` being dead (a vote
    token given to the Beggar)."""
    kinds = {cat.team(p.character) if p.character else None, "any", None if p.alive else "dead"}
    held = {a for q in g.players for a in abilities(cat, q)}  # an ability held, not only a character (the Hermit's)
    return [c for c in [*sorted(g.in_play() | held), *g.fabled] if c not in abilities(cat, p) and c in cat
            and (d := cat[c].data) is not None and any(s.used_by in kinds for s in d.day if s.used_by)]  # fmt: skip


def seat_swapper(g: Grimoire, cat: Catalogue) -> Player | None:
    """A player whose ability, working now, has a day step the ``swap`` command runs (the Matron's seat swaps)."""
    for p in g.players:
        for cid in abilities(cat, p) if acts_alive(g, cat, p) else []:
            data = cat[cid].data if cid in cat else None
            if data is not None and any("swap" in ([s.command] if isinstance(s.command, str) else s.command)
                                        for s in data.day):  # fmt: skip
                return p
    return None


def triggers_of(cat: Catalogue, p: Player) -> list[str]:
    """The named triggers of every ability ``p`` has."""
    names: list[str] = []
    for cid in abilities(cat, p):
        char = cat.get(cid)
        if char is not None and char.data is not None:
            names += char.data.triggers
    return names


def owning(cat: Catalogue, p: Player, trigger: str) -> str | None:
    """The ability of ``p``'s that names the trigger ``trigger`` (the step its questions are shown as)."""
    return next((a for a in abilities(cat, p) if trigger in _triggers(cat, a)), None)


def anyone_has(g: Grimoire, cat: Catalogue, trigger: str) -> list[Player]:
    """The players with a trigger named ``trigger``."""
    return [p for p in g.players if trigger in triggers_of(cat, p)]


def _has_sober(g: Grimoire, cat: Catalogue, p: Player, trigger: str) -> bool:
    """Whether ``p`` has the passive trigger ``trigger`` and is sober and healthy."""
    return trigger in triggers_of(cat, p) and not impaired_for(g, cat, p, owning(cat, p, trigger))


def _babysitter_dies(cat: Catalogue, p: Player) -> bool:
    """A jinx (``babysitter_dies_executed``): ``p`` babysits a Demon (its Is The Demon token) and holds an ability
    the jinx pairs with it (the Psychopath's, the Vizier's): executed, they die whatever would keep them alive."""
    return any(r.name == "Is The Demon" and r.source is not None and ruled_pair("babysitter_dies_executed", r.source, a)
               for r in p.reminders for a in abilities(cat, p))  # fmt: skip


def entering_marks(g: Grimoire, cat: Catalogue, cid: str) -> list[Event]:
    """The reminders a Fabled puts down as it comes into play, at setup or later (``marks_demon``: the Toymaker's
    Final Night: No Attack by each Demon)."""
    mark = cat.setup(cid).marks_demon if cid in cat else None
    if mark is None:
        return []
    return [AddReminder(seat=p.seat, source=cid, name=mark) for p in g.players if is_demon(cat, p)
            and not p.has_reminder(mark, cid)]  # fmt: skip


def _day_safe_by_jinx(g: Grimoire, cat: Catalogue, p: Player) -> bool:
    """A jinx (``safe_by_day_when_lost``): a holder of ``cannot_die_by_day`` (the Vizier) whose ability the other
    of the pair took away (the Preacher's No Ability, the Courtier's Drunk) still cannot die by day."""
    ability = owning(cat, p, "cannot_die_by_day")
    return ability is not None and any(r.source is not None and ruled_pair("safe_by_day_when_lost", r.source, ability)
                                       and active(g, cat, r) for r in p.reminders)  # fmt: skip


def survives_exile(g: Grimoire, cat: Catalogue, p: Player) -> bool:
    """Whether ``p``, sober, holds ``survives_exile_when_used_today`` and used that day ability today (the
    Deviant who was funny): an exile does not kill them."""
    holder = owning(cat, p, "survives_exile_when_used_today")
    funny = holder is not None and keys.today(holder, p.seat, g.day) in g.memory
    return funny and _has_sober(g, cat, p, "survives_exile_when_used_today")


def _bounce(g: Grimoire, cat: Catalogue, p: Player) -> list[Event] | None:
    """The Demon attacks a player whose death may land elsewhere (the Mayor's ``demon_kill_bounces``):
    the storyteller says who dies, the app proposes the attacked player (no bounce). Never the Demon."""
    if not _has_sober(g, cat, p, "demon_kill_bounces"):
        return None
    others = [q.seat for q in g.living() if q.seat != p.seat and not is_demon(cat, q)]
    if not others:
        return None
    options = {str(p.seat): kill(g, cat, p.seat, by_demon=True, bounce=False)}
    for s in others:
        options[str(s)] = kill(g, cat, s, by_demon=True, bounce=False)
    asked = filled(step_texts().rules.demon_kill_bounces, seat=p.seat, character=cat[p.character or ""].name)
    return [question(asked, options, str(p.seat), step=owning(cat, p, "demon_kill_bounces"), seat=p.seat)]


def _neighbour_keepers(g: Grimoire, cat: Catalogue, p: Player) -> list[Player]:
    """The living players with ``neighbours_cannot_die`` (the Tea Lady) who have ``p`` as one of their
    two living neighbours, both good: a sober one keeps ``p`` from dying."""
    found = []
    for lady in anyone_has(g, cat, "neighbours_cannot_die"):
        if not lady.alive or lady.seat == p.seat:
            continue
        sides = [shown_alive_neighbour(g, cat, lady.seat, +1), shown_alive_neighbour(g, cat, lady.seat, -1)]
        if p in sides and all(q is not None and q.alignment == "good" for q in sides):
            found.append(lady)
    return found


def _kept_alive_by_neighbour(g: Grimoire, cat: Catalogue, p: Player) -> bool:
    """Whether a sober neighbour keeper (the Tea Lady) keeps ``p`` from dying."""
    return any(not impaired(g, cat, lady) for lady in _neighbour_keepers(g, cat, p))


def kept_alive_by(g: Grimoire, cat: Catalogue, p: Player) -> str | None:
    """The character whose ability keeps ``p`` from dying now by anything but the Demon (a Safe token,
    their own "can't die", the Tea Lady beside them, the Fool's first death), if any: what a death by
    the storyteller's hand would override."""
    if not p.alive:
        return None
    token = protector(g, cat, p)
    if token is not None:
        return token
    if _has_sober(g, cat, p, "cannot_die"):
        return owning(cat, p, "cannot_die")
    lady = next((q for q in _neighbour_keepers(g, cat, p) if not impaired(g, cat, q)), None)
    if lady is not None:  # before the Fool's: a death that cannot happen spends nothing
        return owning(cat, lady, "neighbours_cannot_die")
    return owning(cat, p, "first_death_survived") if _survives_first_death(g, cat, p) is not None else None


def _failed_to_save(g: Grimoire, cat: Catalogue, p: Player, by_demon: bool) -> list[Event]:
    """``p`` dies where a passive ability would have kept them alive had its holder been sober and
    healthy (a poisoned Soldier killed by the Demon, a drunk Tea Lady's neighbour): that ability worked
    abnormally, remembered for the Mathematician."""
    seats: list[int] = []
    if impaired(g, cat, p):
        own = triggers_of(cat, p)
        fool = next((a for a in abilities(cat, p) if "first_death_survived" in _triggers(cat, a)), None)
        if (by_demon and "safe_from_demon" in own) or "cannot_die" in own or (
            fool is not None and not p.has_reminder("No Ability", fool)
        ):
            seats.append(p.seat)
    seats += [lady.seat for lady in _neighbour_keepers(g, cat, p) if impaired(g, cat, lady)]
    number = g.night if g.phase == "night" else g.day
    return [Remember(key=keys.failed(g.phase, number, s), value="yes") for s in dict.fromkeys(seats)]


def _triggers(cat: Catalogue, cid: str) -> list[str]:
    char = cat.get(cid)
    return char.data.triggers if char is not None and char.data is not None else []


def _survives_first_death(g: Grimoire, cat: Catalogue, p: Player) -> list[Event] | None:
    """The first death of a sober player with ``first_death_survived`` (the Fool) does not happen: the
    ability is spent instead (its No Ability token)."""
    if not _has_sober(g, cat, p, "first_death_survived"):
        return None
    owner = next(a for a in abilities(cat, p) if "first_death_survived" in _triggers(cat, a))
    if p.has_reminder("No Ability", owner):
        return None
    return [AddReminder(seat=p.seat, source=owner, name="No Ability", by_seat=p.seat)]


def _spared(g: Grimoire, cat: Catalogue, p: Player, goat_asked: bool = False) -> list[Event] | None:
    """A good player executed while a living, sober player with ``executed_good_may_live`` (the Pacifist)
    lives, or a player marked by a token that ``may_survive_execution`` (the Ventriloquist's Mad): the
    storyteller says whether they survive, the app proposes no (they die). First, a living sober player of
    their alignment with ``executed_ally_may_take`` (the Scapegoat): is it executed instead? (proposed: no)."""
    goat = next((q for q in g.players if q.alive and q.seat != p.seat and q.alignment == p.alignment
                 and _has_sober(g, cat, q, "executed_ally_may_take")), None)  # fmt: skip
    if goat is not None and not goat_asked:
        own = next(a for a in abilities(cat, goat) if "executed_ally_may_take" in _triggers(cat, a))
        instead = kill(g, cat, goat.seat, executed=True)
        rest = _spared(g, cat, p, goat_asked=True)
        dies = rest if rest is not None else kill(g, cat, p.seat, executed=True, bounce=False)
        asked = filled(step_texts().rules.scapegoat_instead, seat=p.seat, goat=goat.seat)
        # an evil Scapegoat is used to keep evil from losing (the wiki's How to Run): proposed for the Demon
        saves = goat.alignment == "evil" and is_demon(cat, p)
        return [question(asked, {"yes": instead, "no": dies}, "yes" if saves else "no", "yesno", step=own,
                         seat=goat.seat)]  # fmt: skip
    if _has_sober(g, cat, p, "executed_roshambo"):  # the Psychopath's rock-paper-scissors with their nominator
        own = next(a for a in abilities(cat, p) if "executed_roshambo" in _triggers(cat, a))
        asked = filled(step_texts().rules.roshambo_survives, seat=p.seat, character=cat[own].name)
        dies = kill(g, cat, p.seat, executed=True, bounce=False)
        return [question(asked, {"yes": [], "no": dies}, "no", "yesno", step=own, seat=p.seat)]
    mark = next((r for r in p.reminders if (s := spec(cat, r)) is not None and s.may_survive_execution), None)
    if mark is not None:
        asked = filled(step_texts().rules.may_survive_execution, seat=p.seat, character=cat[mark.source].name)
        dies = kill(g, cat, p.seat, executed=True, bounce=False)
        return [question(asked, {"yes": [], "no": dies}, "no", "yesno", step=mark.source)]
    sparer = next((q for q in g.players if q.alive and _has_sober(g, cat, q, "executed_good_may_live")), None)
    if p.alignment != "good" or sparer is None:
        return None
    dies = kill(g, cat, p.seat, executed=True, bounce=False)
    asked = filled(step_texts().rules.pacifist_survives, seat=p.seat)
    owner = next(a for a in abilities(cat, sparer) if "executed_good_may_live" in _triggers(cat, a))
    return [question(asked, {"yes": [], "no": dies}, "no", "yesno", step=owner, seat=sparer.seat)]


def _seems_to_die(g: Grimoire, cat: Catalogue, p: Player, by_demon: bool, executed: bool) -> list[Event] | None:
    """The first death of a sober player with ``first_death_seems`` (the Zombuul) does not happen: they
    are shown dead (their Dead token, ``shown_dead``) but live on."""
    if not _has_sober(g, cat, p, "first_death_seems"):
        return None
    owner = next(a for a in abilities(cat, p) if "first_death_seems" in _triggers(cat, a))
    if p.has_reminder("Dead", owner):
        return None
    return [Die(seat=p.seat, by_demon=by_demon, executed=executed, seeming=True),
            AddReminder(seat=p.seat, source=owner, name="Dead", by_seat=p.seat)]  # fmt: skip


def kill(
    g: Grimoire,
    cat: Catalogue,
    seat: int,
    *,
    by_demon: bool = False,
    executed: bool = False,
    bounce: bool = True,
    force: bool = False,
    at_once: Grimoire | None = None,
) -> list[Event]:
    """:func:`_kill`, and for an execution the player survives (the Fool's, the Devil's Advocate's), with no
    question asked, what an execution sets off though nobody dies (``executed`` triggers: the Fearmonger's)."""
    events = _kill(g, cat, seat, by_demon=by_demon, executed=executed, bounce=bounce, force=force, at_once=at_once)
    died = any(isinstance(e, Die) and e.seat == seat for e in events)
    decided = any(isinstance(e, SetWinner | Ask) for e in events)  # a question's answer, or said already
    if not executed or not g.player(seat).alive or died or decided:
        return events
    after, death = simulate(g, events), Death(seat, by_demon=by_demon, executed=True)
    for owner in after.players:
        for name in triggers_of(cat, owner):
            trig = TRIGGERS[name]
            if trig.on == "executed" and trig.fn is not None:
                events += asked_by(trig.fn(after, cat, owner, after.player(seat), death), owning(cat, owner, name),
                                   owner.seat)  # fmt: skip
    return events


def _kill(
    g: Grimoire,
    cat: Catalogue,
    seat: int,
    *,
    by_demon: bool,
    executed: bool,
    bounce: bool,
    force: bool,
    at_once: Grimoire | None,
) -> list[Event]:
    """The events of ``seat`` dying now, with what the death sets off. Nothing if already dead or safe
    (a protecting token; the Demon's kill on a player safe from the Demon, the Soldier). A Demon's kill
    on a player whose death may bounce (the Mayor) is a question to the storyteller; a first death the
    player survives (the Fool) spends that ability instead. ``force``: the player dies even if they
    could not (the Assassin's kill). ``at_once``: the grimoire as it was when this death and others came at
    once (the Shabaloth's two): what keeps a player alive is judged there, so an Innkeeper killed beside the
    player they keep safe still keeps them safe."""
    p = g.player(seat)
    if not p.alive:
        return []
    force = force or (executed and _babysitter_dies(cat, p))
    if not force:
        j = at_once if at_once is not None and seat in at_once.seats() else g
        q = j.player(seat)
        if protected(j, cat, q, by_demon, executed):
            return []
        if by_demon and _has_sober(j, cat, q, "safe_from_demon"):
            return []
        if _has_sober(j, cat, q, "cannot_die") or _kept_alive_by_neighbour(j, cat, q):  # the Sailor, the Tea Lady
            return []
        if g.phase == "day" and (_has_sober(j, cat, q, "cannot_die_by_day") or _day_safe_by_jinx(j, cat, q)):
            return []  # the Vizier
        if by_demon and bounce and g.phase == "night":
            asked = _bounce(g, cat, p)
            if asked is not None:
                return asked
        if by_demon and g.phase == "night" and keys.arbitrary_deaths(g.night) in g.memory:
            # A Demon was made tonight (the Pit-Hag's): the storyteller says whether this kill lands.
            dies = kill(g, cat, seat, by_demon=True, executed=executed, bounce=False, force=True)
            asked_text = filled(step_texts().rules.arbitrary_kill, seat=seat)
            return [question(asked_text, {"yes": dies, "no": []}, "yes", "yesno")]
        survived = _survives_first_death(g, cat, p)  # the Fool's: nothing to ask (the Pacifist's question)
        if survived is not None:
            return survived
        if executed and bounce:
            asked = _spared(g, cat, p)
            if asked is not None:
                return asked
        seeming = _seems_to_die(g, cat, p, by_demon, executed)
        if seeming is not None:
            return seeming
    death = Death(seat, by_demon=by_demon, executed=executed)
    events: list[Event] = [Die(seat=seat, by_demon=by_demon, executed=executed)]
    if not force:
        events += _failed_to_save(g, cat, p, by_demon)
    after = simulate(g, events)
    dead = after.player(seat)
    for owner in after.players:
        for name in triggers_of(cat, owner):
            trig = TRIGGERS[name]
            if trig.on == "death" and trig.fn is not None:
                events += asked_by(trig.fn(after, cat, owner, dead, death), owning(cat, owner, name), owner.seat)
    for cid in after.fabled:  # a Fabled's or Loric's: no owner, the dead player stands for it (the Hindu's)
        fabled = cat.get(cid)
        for name in fabled.data.triggers if fabled is not None and fabled.data is not None else []:
            trig = TRIGGERS[name]
            if trig.on == "death" and trig.fn is not None:
                events += asked_by(trig.fn(simulate(g, events), cat, dead, dead, death), cid, None)
    return events
