"""When the game is won, and the reminders that time removes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from moderator.clocktower.grimoire.events import AddReminder, Event, RemoveReminder
from moderator.clocktower.grimoire.state import Grimoire, Player, Winner
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.schema import Until
from moderator.clocktower.rules.status import acts_alive, counted_living, impaired, is_demon, source_need, spec
from moderator.clocktower.rules.texts import filled
from moderator.i18n import Text


def demon_players(g: Grimoire, cat: Catalogue) -> list[Player]:
    """The players who are the Demon for the win: true Demons, and whoever a token makes "the Demon"
    for everyone (the Lil' Monsta babysitter)."""
    found = []
    for p in g.players:
        marked = any(
            (s := spec(cat, r)) is not None and s.registers_as == "demon" and not s.registers_for for r in p.reminders
        )
        if is_demon(cat, p) or marked:
            found.append(p)
    return found


def _twins_block_good_win(g: Grimoire, cat: Catalogue, p: Player) -> bool:
    """The Evil Twin (alive and sober) and its twin of the other alignment both live: good cannot win."""
    if not p.alive or impaired(g, cat, p):
        return False
    return any(q.alive and q.alignment != p.alignment and
               any(r.name == "Twin" and r.by_seat == p.seat for r in q.reminders) for q in g.players)  # fmt: skip


GOOD_WIN_BLOCKERS: dict[str, Callable[[Grimoire, Catalogue, Player], bool]] = {
    "twins_block_good_win": _twins_block_good_win,
}
"""Passive triggers that keep good from winning while they hold (read by :func:`winner`)."""


def good_blocked(g: Grimoire, cat: Catalogue) -> bool:
    """Whether a player's ability keeps good from winning now (the Evil Twin's, while both twins live)."""
    for p in g.players:
        char = cat.get(p.character) if p.character else None
        names = char.data.triggers if char is not None and char.data is not None else []
        if any(n in GOOD_WIN_BLOCKERS and GOOD_WIN_BLOCKERS[n](g, cat, p) for n in names):
            return True
    return False


RESULT_SWAP = "swaps_result"
"""The passive trigger that swaps who wins and who loses while its player is sober, dead or alive (the
Heretic's)."""


def swapper(g: Grimoire, cat: Catalogue) -> str | None:
    """The character of a sober player, dead or alive, holding a :data:`RESULT_SWAP` ability, if any: while
    one does, whoever wins, loses, and whoever loses, wins."""
    for p in g.players:
        char = cat.get(p.character) if p.character else None
        names = char.data.triggers if char is not None and char.data is not None else []
        if RESULT_SWAP in names and not impaired(g, cat, p):
            return p.character
    return None


WonBy = Literal["no_demon", "two_alive", "two_alive_no_demon"]
"""Why the game's own win conditions hold (an ability that decides gives its character instead)."""


def winner(g: Grimoire, cat: Catalogue) -> Winner | None:
    """Good wins when no Demon lives (unless an ability keeps good from winning: the Evil Twin's); evil
    wins when two players live and one is the Demon."""
    found = won(g, cat)
    return found[0] if found is not None else None


def won(g: Grimoire, cat: Catalogue) -> tuple[Winner, WonBy] | None:
    """Who wins by the game's own conditions now, and why (see :func:`winner`)."""
    demons = demon_players(g, cat)
    if any(p.character and cat.setup(p.character).no_evil for p in g.players if p.character in cat):
        # the Atheist's game: no Demon, good wins only by executing the storyteller; two alive, evil wins
        return ("evil", "two_alive_no_demon") if g.players and len(counted_living(g, cat)) <= 2 else None
    if not demons:
        # An unseated Demon with no one holding it yet (Lil' Monsta before the first babysitting).
        # No Demon yet while the Summoner lives (its setup's -1 Demon): the third night makes one.
        summoning = any(p.alive and cat.setup(p.character).demons < 0 for p in g.players
                        if p.character and p.character in cat)  # fmt: skip
        return None if g.unseated or not g.players or summoning or good_blocked(g, cat) else ("good", "no_demon")
    living = [d for d in demons if d.alive]
    if not living:  # the Mastermind's extra day decides; the Evil Twin keeps good from winning
        return None if keys.MASTERMIND_DAY in g.memory or good_blocked(g, cat) else ("good", "no_demon")
    if len(counted_living(g, cat)) <= 2:
        return ("evil", "two_alive")
    return None


def over_notes(g: Grimoire, cat: Catalogue) -> list[Text]:
    """What the storyteller is asked when the game is over: each ``over_note`` of a sober player, dead or
    alive, whose team lost (the Politician's)."""
    found: list[Text] = []
    for p in g.players:
        char = cat.get(p.character) if p.character else None
        note = char.data.over_note if char is not None and char.data is not None else None
        if note is not None and g.winner is not None and p.alignment != g.winner and not impaired(g, cat, p):
            found.append(filled(note, seat=p.seat))
    return found


def _held(p: Player) -> set[str]:
    """The abilities ``p`` holds: their own character's and those they gained (a Philosopher's)."""
    return {c for c in (p.character, *p.abilities) if c}


def lapsed(g: Grimoire, cat: Catalogue) -> list[Event]:
    """Remove the reminders whose source has died, or no longer has the ability, when they last only
    while it lives (the Widow's poison, the Philosopher's Drunk, a Poisoner's poison once she is the
    Imp), and those that go with the player they lie by (About To Die, once executed): the grimoire
    shows what is true."""
    return [
        RemoveReminder(seat=p.seat, source=r.source, name=r.name, by_seat=r.by_seat)
        for p in g.players
        for r in p.reminders
        if (source_need(spec(cat, r)) is not None and r.by_seat in g.seats()
            and (not acts_alive(g, cat, g.player(r.by_seat))
                 or (r.source in cat and r.source not in _held(g.player(r.by_seat)))))
        or (not p.alive and (s := spec(cat, r)) is not None and s.with_holder)
    ]  # fmt: skip


def expiring(g: Grimoire, cat: Catalogue, when: Until) -> list[Event]:
    """Remove the reminders that last until ``when`` (dusk or dawn); one that ``becomes`` another is
    replaced by it (the Courtier's Drunk 1, then 2, then 3)."""
    events: list[Event] = []
    for p in g.players:
        for r in p.reminders:
            s = spec(cat, r)
            if s is not None and s.until == "dusk_tomorrow" and when == "dusk":
                placed = g.memory.get(keys.placed(r.source, p.seat))
                if placed is None or g.night - int(placed) >= 2:  # placed on day D: gone at the dusk of night D+2
                    events.append(RemoveReminder(seat=p.seat, source=r.source, name=r.name))
                continue
            if s is None or s.until != when:
                continue
            events.append(RemoveReminder(seat=p.seat, source=r.source, name=r.name))
            if s.becomes is not None:
                events.append(AddReminder(seat=p.seat, source=r.source, name=s.becomes, by_seat=r.by_seat))
    return events
