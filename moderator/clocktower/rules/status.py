"""Drunkenness, poisoning and "registers as": one mechanism, read off the reminder tokens.

A reminder's meaning (status, how long it lasts, what it makes a player register as) is data, in
the ``reminders`` of the character that owns the token; how a character may misregister (the
Recluse, the Spy) is its ``registers``. Nothing here names a character except the Drunk, whose whole
being is to be drunk.
"""

from __future__ import annotations

from moderator.clocktower.grimoire.state import Grimoire, Player, Reminder
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.jinxes import (
    both_drunk_pairs,
    keeps_ability,
    poisoned_by,
)
from moderator.clocktower.rules.schema import Registering, ReminderSpec, Status

STORYTELLER = "storyteller"
"""The source of the tokens the storyteller puts down by hand ("seat 4 is poisoned")."""

STORYTELLER_TOKENS: dict[str, ReminderSpec] = {
    "Poisoned": ReminderSpec(en="Poisoned", ko="중독", status="poisoned", until="manual"),
    "Drunk": ReminderSpec(en="Drunk", ko="취함", status="drunk", until="manual"),
    "Sober": ReminderSpec(en="Sober", ko="정상", until="manual", sober=True),
}
"""What the storyteller's own tokens mean: poisoned or drunk, or sober whatever else lies there, until
they are taken off."""


def spec(cat: Catalogue, r: Reminder) -> ReminderSpec | None:
    """What the reminder means, from its owner's character file (the storyteller's own: above)."""
    if r.source == STORYTELLER:
        return STORYTELLER_TOKENS.get(r.name)
    char = cat.get(r.source)
    return char.reminder(r.name) if char else None


def made_sober(cat: Catalogue, p: Player) -> bool:
    """A ``sober`` token lies by this player (the storyteller's Sober, the Barista's Sober & Healthy): no token
    and no jinx makes them drunk or poisoned while it lies (the Drunk is still the Drunk)."""
    if never_impaired(cat, p):  # the Beggar's own
        return True
    return any((s := spec(cat, r)) is not None and s.sober for r in p.reminders)


def never_impaired(cat: Catalogue, p: Player) -> bool:
    """Whether ``p``'s character is always sober and healthy (``sober_healthy``: the Beggar)."""
    char = cat.get(p.character or "")
    return char is not None and char.data is not None and char.data.sober_healthy


def active(g: Grimoire, cat: Catalogue, r: Reminder, _depth: int = 0) -> bool:
    """Whether the reminder still works: some last only while their source lives or is sober."""
    s = spec(cat, r)
    need = source_need(s)
    if need is None or r.by_seat is None:
        return True
    try:
        source = g.player(r.by_seat)
    except KeyError:
        return True
    if not acts_alive(g, cat, source, _depth + 1):
        return False
    return need != "sober" or _depth > 3 or not impaired(g, cat, source, _depth + 1)


def acts_alive(g: Grimoire, cat: Catalogue, p: Player, _depth: int = 0) -> bool:
    """Whether ``p``'s ability works as a living player's: alive, or dead with a token that keeps the
    ability (a Minion the Vigormortis killed)."""
    if p.alive:
        return True
    if _depth > 3:
        return False
    kept = [r for r in p.reminders if (s := spec(cat, r)) is not None and s.keeps_ability]
    return any(active(g, cat, r, _depth + 1) for r in kept)


def source_need(s: ReminderSpec | None) -> str | None:
    """What a reminder needs of the player who placed it: "alive", "sober", or nothing."""
    if s is None:
        return None
    if s.needs_source is not None:
        return s.needs_source
    return {"source_dies": "alive", "source_sober": "sober"}.get(s.until or "")


def statuses(g: Grimoire, cat: Catalogue, p: Player, _depth: int = 0) -> set[Status]:
    """The statuses that hold for ``p`` now."""
    if made_sober(cat, p):  # the Drunk stays the Drunk: no token gives them the ability they think they have
        return {"drunk"} if p.character == "drunk" else set()
    found = _own_statuses(g, cat, p, _depth)
    by = poisoned_by(p.character)  # a jinx: the Damsel, while the Spy or the Widow is or has been in play
    if by and any(c in g.in_play() or keys.been_in_play(c) in g.memory for c in by):
        found.add("poisoned")
    if not found and any(not _own_statuses(g, cat, q, _depth + 1) for q in _jinxed_partners(g, p)):
        found.add("drunk")  # the jinx: while both are sober, both are drunk (the Alchemist and the Organ Grinder)
    return found


def _jinxed_partners(g: Grimoire, p: Player) -> list[Player]:
    """The players a ``both_drunk`` jinx pairs ``p`` with."""
    found = []
    for holder, ability in both_drunk_pairs():
        if p.character == holder and ability in p.abilities:
            found += [q for q in g.players if q.character == ability and q.seat != p.seat]
        if p.character == ability:
            found += [q for q in g.players if q.character == holder and ability in q.abilities and q.seat != p.seat]
    return found


def _kept(p: Player, r: Reminder) -> bool:
    """A jinx (``keeps_ability_against``): ``p``'s character keeps its ability against the reminder's source (Legion,
    against the Minstrel's drunkenness and the Preacher's No Ability)."""
    return p.character is not None and r.source is not None and keeps_ability(p.character, r.source)


def _own_statuses(g: Grimoire, cat: Catalogue, p: Player, _depth: int = 0) -> set[Status]:
    """The statuses the Drunk's token and the reminders give ``p``."""
    found: set[Status] = set()
    if p.character == "drunk":
        found.add("drunk")
    for r in p.reminders:
        s = spec(cat, r)
        if s is not None and s.status is not None and active(g, cat, r, _depth) and not _kept(p, r):
            found.add(s.status)
    for q in g.players:  # a token that makes every other player drunk (the Minstrel's)
        for r in q.reminders if q.seat != p.seat else ():
            s = spec(cat, r)
            if s is not None and s.status_others is not None and active(g, cat, r, _depth) and not _kept(p, r):
                found.add(s.status_others)
    return found


def acts_twice(g: Grimoire, cat: Catalogue, p: Player) -> bool:
    """Whether an ``acts_twice`` token lies by ``p`` and works (the Barista's Acts Twice)."""
    return any((s := spec(cat, r)) is not None and s.acts_twice and active(g, cat, r) for r in p.reminders)


def counted_living(g: Grimoire, cat: Catalogue) -> list[Player]:
    """The living players the rules count where Travellers do not count (the Demon's win, the Scarlet
    Woman's five)."""
    return [p for p in g.living() if cat.team(p.character) != "traveller"]


def shown_dead(cat: Catalogue, p: Player) -> bool:
    """Whether ``p`` is dead, or alive but shown dead to the table (the Zombuul after its first death)."""
    return not p.alive or any((s := spec(cat, r)) is not None and s.shown_dead for r in p.reminders)


def shown_alive_neighbour(g: Grimoire, cat: Catalogue, seat: int, step: int) -> Player | None:
    """The nearest living neighbour going ``step``, passing over one registering dead (the Zombuul after its
    first death: "not an alive neighbour for the Tea Lady", nor for the Empath)."""
    return g.neighbour(seat, step, passed=lambda p: shown_dead(cat, p))


def kept_evil(g: Grimoire, p: Player, alignment: str) -> bool:
    """Whether a jinx keeps ``p`` evil against turning ``alignment`` by their own ability (``stays_evil``: an
    evil player the Pit-Hag made the Goon, the Cult Leader or the Ogre; a Demon the Boffin gave one of those)."""
    return p.alignment == "evil" and alignment == "good" and keys.kept_evil(p.seat) in g.memory


def impaired(g: Grimoire, cat: Catalogue, p: Player, _depth: int = 0) -> bool:
    """Drunk or poisoned: the ability does nothing and false information is allowed."""
    return bool(statuses(g, cat, p, _depth))


def impaired_for(g: Grimoire, cat: Catalogue, p: Player, ability: str | None) -> bool:
    """Whether ``p``'s ``ability`` does nothing now: they are drunk or poisoned, and it is not one given to
    work even so (``keys.kept_sober``: the Boffin's to the Demon)."""
    kept = ability is not None and keys.kept_sober(ability, p.seat) in g.memory
    return not kept and impaired(g, cat, p)


def protected(g: Grimoire, cat: Catalogue, p: Player, by_demon: bool = False, executed: bool = False) -> bool:
    """Whether a token keeps ``p`` from dying now: at night (the Innkeeper's Safe; the Monk's, from the
    Demon only), or by execution (the Devil's Advocate's)."""
    return protector(g, cat, p, by_demon, executed) is not None


def protector(
    g: Grimoire, cat: Catalogue, p: Player, by_demon: bool = False, executed: bool = False
) -> str | None:
    """The character whose token keeps ``p`` from dying now (see :func:`protected`), if any."""
    night = g.phase == "night"
    for r in p.reminders:
        s = spec(cat, r)
        if s is None or not s.protects:
            continue
        covers = {"execution": executed, "not_execution": not executed}.get(
            s.protects_from, night and (s.protects_from == "any" or by_demon)
        )
        if covers and active(g, cat, r):
            source = g.player(r.by_seat) if r.by_seat in g.seats() else None
            if source is None or not impaired(g, cat, source):
                return r.source
    return None


def _registers(
    g: Grimoire, cat: Catalogue, p: Player, what: str, observer: str | None, seat: int | None = None
) -> bool:
    """Whether a reminder on ``p`` makes them register as ``what`` to the ``observer`` ability; one kept for
    that ability's holder (a Fortune Teller's red herring) only to the holder who placed it (``seat``):
    a Philosopher's gained Fortune Teller has a red herring of its own."""
    for r in p.reminders:
        s = spec(cat, r)
        if (
            s is not None
            and s.registers_as == what
            and (not s.registers_for or observer in s.registers_for)
            and (not s.registers_for or seat is None or r.by_seat is None or r.by_seat == seat)
            and active(g, cat, r)
        ):
            return True
    return False


def false_info_allowed_by(g: Grimoire, cat: Catalogue, p: Player) -> str | None:
    """The Fabled in play that lets the storyteller give ``p`` false information though sober and healthy: the
    Knaves' lying storyteller, or the Fibbin's once per game to a good player, while unspent."""
    for cid in g.fabled:
        char = cat.get(cid)
        how = char.data.false_info if char is not None and char.data is not None else None
        if how == "always" or (how == "once" and p.alignment == "good" and keys.used(cid, None) not in g.memory):
            return cid
    return None


def misregisters(g: Grimoire, cat: Catalogue, p: Player) -> Registering | None:
    """How ``p`` may register as something it is not now (its own ability, sober and healthy; or a token
    by it that lets it register as the other alignment, the Revolutionary's Aligned)."""
    if any((s := spec(cat, r)) is not None and s.misregisters and active(g, cat, r) for r in p.reminders):
        return Registering(alignment="good" if p.alignment == "evil" else "evil")
    char = cat.get(p.character) if p.character else None
    reg = char.data.registers if char is not None and char.data is not None else None
    if reg is None or (not p.alive and not reg.while_dead) or impaired(g, cat, p):
        return None
    return reg


def registers_evil(
    g: Grimoire, cat: Catalogue, p: Player, observer: str | None = None, flips: frozenset[int] = frozenset()
) -> bool:
    """Whether ``p`` shows as evil to the ``observer`` character's ability; ``flips``: the seats the
    storyteller has misregister this time (see :func:`misregisters`)."""
    reg = misregisters(g, cat, p) if p.seat in flips else None
    if reg is not None and reg.alignment is not None:
        return reg.alignment == "evil"
    return p.alignment == "evil" or _registers(g, cat, p, "evil", observer)


def is_demon(cat: Catalogue, p: Player) -> bool:
    """Whether ``p`` truly holds a Demon character."""
    return p.character is not None and p.character in cat and cat[p.character].team == "demon"


def registers_demon(
    g: Grimoire, cat: Catalogue, p: Player, observer: str | None = None, flips: frozenset[int] = frozenset(),
    seat: int | None = None,
) -> bool:
    """Whether ``p`` shows as the Demon to the ``observer`` (babysitter, red herring, a Recluse the
    storyteller has register as the Demon …); ``seat``: the observer's own (whose red herring counts)."""
    reg = misregisters(g, cat, p) if p.seat in flips else None
    if reg is not None and reg.teams:
        return "demon" in reg.teams
    return is_demon(cat, p) or _registers(g, cat, p, "demon", observer, seat)


def team_of(cat: Catalogue, p: Player) -> str | None:
    """The team of ``p``'s true character."""
    return cat[p.character].team if p.character and p.character in cat else None
