"""Secret votes (the Organ Grinder): who makes them secret, and the silent "about to die" mark; what the
storyteller keeps in mind by day (the day notes, a Fabled's among them)."""

from __future__ import annotations

import math

from moderator.clocktower.grimoire.events import AddReminder, Event, Remember, RemoveReminder, SetAlignment
from moderator.clocktower.grimoire.state import Grimoire, Player
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.abilities import anyone_has
from moderator.clocktower.rules.bag import base_counts
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.conditions import CONDITIONS
from moderator.clocktower.rules.context import Ctx
from moderator.clocktower.rules.jinxes import secret_vote_note
from moderator.clocktower.rules.status import impaired, shown_dead, spec
from moderator.clocktower.rules.texts import filled, step_texts
from moderator.errors import SetupError
from moderator.i18n import Text

ABOUT_TO_DIE = "About To Die"


def secret_holder(g: Grimoire, cat: Catalogue) -> Player | None:
    """The living, sober player whose ability makes votes secret (the ``secret_votes`` trigger), if any."""
    holders = anyone_has(g, cat, "secret_votes")
    return next((p for p in holders if p.alive and not impaired(g, cat, p)), None)


def voudon(g: Grimoire, cat: Catalogue) -> Player | None:
    """A living, sober holder of ``dead_vote_only`` (the Voudon): only they and the dead vote, the dead spend no
    vote token, and no majority is needed."""
    return next((p for p in anyone_has(g, cat, "dead_vote_only") if p.alive and not impaired(g, cat, p)), None)


def vote_threshold(g: Grimoire, cat: Catalogue) -> int:
    """The votes an execution needs: half the living, rounded up; a player shown dead (the Zombuul's first death)
    counts as dead. With the Voudon, one vote (the most votes still win, a tie still saves)."""
    if voudon(g, cat) is not None:
        return 1
    return math.ceil(sum(1 for p in g.living() if not shown_dead(cat, p)) / 2)


def about_to_die(g: Grimoire, cat: Catalogue, block: int | None) -> list[Event]:
    """Under secret votes the storyteller marks the player about to die, silently."""
    holder = secret_holder(g, cat)
    if holder is None or holder.character is None:
        return []
    source = holder.character
    events: list[Event] = [
        RemoveReminder(seat=p.seat, source=source, name=ABOUT_TO_DIE)
        for p in g.players
        if p.has_reminder(ABOUT_TO_DIE, source)
    ]
    if block is not None and ABOUT_TO_DIE in cat[source].reminders:
        events.append(AddReminder(seat=block, source=source, name=ABOUT_TO_DIE, by_seat=holder.seat))
    return events


def vote_weights(g: Grimoire, cat: Catalogue) -> dict[int, int]:
    """How many votes each player's vote counts as, where a reminder says otherwise than one (``vote_weight``,
    its placer alive and sober, or their own even dead): the Thief's -1, the Bureaucrat's 3, the Banshee's 2; both
    on one player multiply (-3)."""
    weights: dict[int, int] = {}
    for p in g.players:
        for r in p.reminders:
            s = spec(cat, r)
            if s is None or s.vote_weight is None:
                continue
            placer = g.player(r.by_seat) if r.by_seat in g.seats() else None  # None: placed by the storyteller's hand
            own = placer is not None and placer.seat == p.seat  # their own, alive or dead (the Banshee's Has Ability)
            if placer is None or ((placer.alive or own) and not impaired(g, cat, placer)):
                weights[p.seat] = weights.get(p.seat, 1) * s.vote_weight
    return weights


def token_voters(g: Grimoire, cat: Catalogue) -> list[Player]:
    """The living players who vote only by spending a vote token (the Beggar)."""
    return [p for p in anyone_has(g, cat, "votes_need_token") if p.alive]


def paid_votes(g: Grimoire, cat: Catalogue, said: list[int]) -> tuple[list[int], list[int], list[Event]]:
    """Of the voters said, a living holder of ``votes_need_token`` (the Beggar) votes only by spending a vote
    token: the voters counted, the ones without a token (not counted), and the tokens spent."""
    holders = {p.seat for p in token_voters(g, cat)}
    counted: list[int] = []
    unpaid: list[int] = []
    spent: list[Event] = []
    for s in said:
        held = int(g.memory.get(keys.vote_tokens(s), "0")) if s in holders else None
        if held == 0:
            unpaid.append(s)
            continue
        if held is not None:
            spent.append(Remember(key=keys.vote_tokens(s), value=str(held - 1)))
        counted.append(s)
    return counted, unpaid, spent


def nominations(g: Grimoire, cat: Catalogue, p: Player) -> int | None:
    """How many times a day ``p`` may nominate, alive or dead, where a reminder by them says so (``nominations``:
    the Banshee's Has Ability), while they are sober; None: once, and only alive."""
    if impaired(g, cat, p):
        return None
    return max((s.nominations for r in p.reminders if (s := spec(cat, r)) and s.nominations), default=None)


def vote_notes(g: Grimoire, cat: Catalogue) -> list[Text]:
    """What the storyteller must keep in mind at a vote: the ``vote_note`` of each reminder in the
    grimoire whose placer is sober (the Butler votes only with their Master); under secret votes a
    ``secret_vote_note`` jinx's text instead (the Butler and the Organ Grinder)."""
    notes: list[Text] = []
    holder = secret_holder(g, cat)
    secret = {c for c in (holder.character, *holder.abilities) if c} if holder else set()
    for p in g.players:
        for r in p.reminders:
            s = spec(cat, r)
            if s is None or s.vote_note is None:
                continue
            if r.source in g.fabled or (r.by_seat in g.seats() and not impaired(g, cat, g.player(r.by_seat))):
                note = secret_vote_note(r.source, secret) or s.vote_note  # a Fabled's token: while it is in play
                notes.append(filled(note, seat=p.seat, by_seat=r.by_seat or "?"))
    return notes + fabled_vote_notes(g, cat)


def fabled_vote_notes(g: Grimoire, cat: Catalogue) -> list[Text]:
    """The ``vote_note`` of each Fabled or Loric in play, said at every vote (the Big Wig's)."""
    datas = [char.data for char in (cat.get(cid) for cid in g.fabled) if char is not None and char.data is not None]
    return [d.vote_note for d in datas if d.vote_note is not None]


def day_notes(g: Grimoire, cat: Catalogue) -> list[Text]:
    """What the storyteller must keep in mind while the day is open: the ``day_note`` of each reminder
    whose placer is sober (a player mad about a character: the Cerenovus's), and each living, sober
    player mad about being an Outsider (``mad_about_outsider``, the Mutant)."""
    notes: list[Text] = []
    for p in g.players:  # a dead player's own token too (the Banshee's Has Ability)
        for r in p.reminders:
            s = spec(cat, r)
            placer_impaired = r.by_seat in g.seats() and impaired(g, cat, g.player(r.by_seat))
            if s is None or s.day_note is None or (not p.alive and r.by_seat != p.seat) or placer_impaired:
                continue
            about = g.memory.get(keys.about(r.source, p.seat))
            character = cat[about].name if about is not None and about in cat else Text(ko="?", en="?")
            notes.append(filled(s.day_note, seat=p.seat, by_seat=r.by_seat, character=character, about=about or "?"))
    for p in anyone_has(g, cat, "mad_about_outsider"):
        if p.alive and not impaired(g, cat, p):
            notes.append(filled(step_texts().rules.mutant_note, seat=p.seat))
    for p in g.players:  # a character's own note for the day: living sober (the Bishop's), or as it says
        char = cat.get(p.character or "")
        if char is None or char.data is None or char.data.day_note is None:
            continue
        cond = char.data.day_note_if
        if (p.alive and not impaired(g, cat, p)) if cond is None else CONDITIONS[cond](Ctx(g, cat, p.seat, char.id)):
            notes.append(filled(char.data.day_note, seat=p.seat))
    for cid in g.fabled:  # a Fabled's note for the day (the Doomsayer's call for a death)
        char = cat.get(cid)
        if char is not None and char.data is not None and char.data.day_note is not None:
            notes.append(char.data.day_note)
    unique: list[Text] = []  # one note said once, however many hold it (every Legion, every Riot)
    for n in notes + too_many_evil(g, cat):
        if n not in unique:
            unique.append(n)
    return unique


def too_many_evil(g: Grimoire, cat: Catalogue) -> list[Text]:
    """The note of a Fabled that caps the extra evil players (the Spirit of Ivory's one), where more players
    are evil than the table's starting evil players and that many."""
    evil = sum(1 for p in g.players if p.alignment == "evil")
    start = _starting_evil(g, cat)
    notes = []
    for cid in g.fabled:
        cap = cat.setup(cid).extra_evil
        if cap is not None and evil > start + cap:
            notes.append(filled(step_texts().rules.extra_evil, character=cat[cid].name, evil=evil, most=start + cap))
    return notes


def within_evil_cap(g: Grimoire, cat: Catalogue, events: list[Event]) -> tuple[list[Event], list[Text]]:
    """An ability's ``events`` without the turns to evil a Fabled's cap forbids (the Spirit of Ivory's: at most
    one extra evil player; anyone after stays good), and what the storyteller is told of each."""
    caps = [(cid, cap) for cid in g.fabled if (cap := cat.setup(cid).extra_evil) is not None]
    if not caps:
        return events, []
    cid, cap = min(caps, key=lambda c: c[1])
    evil, most = sum(1 for p in g.players if p.alignment == "evil"), _starting_evil(g, cat) + cap
    kept: list[Event] = []
    said: list[Text] = []
    for e in events:
        turns = isinstance(e, SetAlignment) and e.alignment == "evil" and g.player(e.seat).alignment != "evil"
        if isinstance(e, SetAlignment) and turns and evil >= most:
            said.append(filled(step_texts().rules.evil_capped, character=cat[cid].name, seat=e.seat))
            continue
        evil += 1 if turns else 0
        kept.append(e)
    return kept, said


def _starting_evil(g: Grimoire, cat: Catalogue) -> int:
    """How many players the setup makes evil: the table's Minions and Demon, with the Minions the characters
    in play add (Lil' Monsta's) and the Townsfolk they make evil (the Bounty Hunter's)."""
    try:
        row = base_counts(cat, len([p for p in g.players if cat.team(p.character) != "traveller"]))
    except SetupError:
        return len(g.players)
    in_play = g.in_play()
    extra = sum(cat.setup(c).minions + cat.setup(c).evil_townsfolk for c in in_play)
    travellers = sum(1 for p in g.players if cat.team(p.character) == "traveller" and p.alignment == "evil")
    return row.minion + row.demon + extra + travellers
