"""The storyteller's hidden decisions at setup and later (the Fortune Teller's red herring, the
Drunk's believed Townsfolk, a Widow's Know player): each proposed, seeded, with what else is allowed,
made at once or asked."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from moderator.clocktower.grimoire.events import (
    AddReminder,
    Event,
    GainAbility,
    Remember,
    SetAlignment,
    SetBelieves,
)
from moderator.clocktower.grimoire.state import Grimoire
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.jinxes import decided_after, holder_lacks
from moderator.clocktower.rules.schema import Decision
from moderator.clocktower.rules.texts import filled, step_texts
from moderator.clocktower.rules.triggers import question
from moderator.errors import SetupError
from moderator.messages import msg


@dataclass
class Proposal:
    """A hidden decision, with what the app proposes and what else is allowed."""

    owner: str
    seat: int
    decision: Decision
    options: list[str]
    """Seats (as strings) or character ids."""
    chosen: str | None


def decisions(
    g: Grimoire,
    cat: Catalogue,
    script: Sequence[str],
    rng: random.Random,
    overrides: dict[str, str] | None = None,
    seats: set[int] | None = None,
    *,
    deferred: bool = False,
    strict: bool = True,
) -> list[Proposal]:
    """Every hidden setup decision of the characters in play, each proposed (or as overridden).

    A jinx may put a character's decisions off until another has acted (the Bounty Hunter's evil
    Townsfolk, after the Kazali has made its Minions): those are left out, unless ``deferred``. A mark
    already in place is not decided again (a second Village Idiot made later: one is still the drunk one).
    In play (``strict`` false) an override that the game has made impossible is proposed afresh instead:
    no rule may end a game.

    Raises:
        SetupError: an override is not one of the allowed options (``strict`` only).
    """
    overrides = overrides or {}
    g = g.model_copy(deep=True)
    pending = [  # a player's own character's, and those of abilities they gained (a Philosopher's Grandmother)
        (p.seat, char.id, dec)
        for p in g.players
        if (seats is None or p.seat in seats)
        for cid in dict.fromkeys([p.character or "", *p.abilities])
        if (char := cat.get(cid)) is not None
        and char.data is not None
        for dec in char.data.decisions
    ]
    # Alignment changes first, so that marks meant for good players see who is evil.
    pending.sort(key=lambda x: x[2].kind != "evil")
    found: list[Proposal] = []
    for seat, owner, dec in pending:
        if dec.when == "several_copies" and len(g.holders(owner)) < 2:
            continue
        if not deferred and decided_after(owner, g.in_play()):
            continue
        if any(f.decision.id == dec.id for f in found):
            continue
        if dec.kind == "mark" and _marked(g, dec, owner, seat):
            continue
        options = options_of(g, cat, script, dec, seat, owner)
        chosen = overrides.get(dec.id)
        if chosen is not None and chosen not in options and not strict:
            chosen = None
        if chosen is not None and chosen not in options:
            allowed = msg("setup_choose_from", options=", ".join(options)) if options else msg("setup_nothing_here")
            raise SetupError(msg("setup_decision", id=dec.id, chosen=chosen, allowed=allowed))
        if chosen is None and options:
            chosen = rng.choice(_preferred(g, cat, dec, options))
        prop = Proposal(owner, seat, dec, options, chosen)
        for e in decision_events([prop]):
            e.apply(g)
        found.append(prop)
    return found


def _marked(g: Grimoire, dec: Decision, owner: str, seat: int) -> bool:
    """Whether the decision's mark is in place: placed by ``seat``, or, for a decision among several copies
    (the drunk Village Idiot), by any of them."""
    return any(r.source == owner and r.name == dec.reminder and (dec.when == "several_copies" or r.by_seat == seat)
               for p in g.players for r in p.reminders)  # fmt: skip


def _preferred(g: Grimoire, cat: Catalogue, dec: Decision, options: list[str]) -> list[str]:
    """What to propose from: a believed character in play (the Lunatic's real Demon) when there is one;
    a held ability not in play (the Alchemist usually copies a Minion that is not in play; one in play
    is allowed, seed 003)."""
    if dec.kind == "believes" and dec.target.in_play is None:
        in_play = [c for c in options if c in g.in_play()]
        return in_play or options
    if dec.kind == "ability":
        return [c for c in options if c not in g.in_play()] or options
    if dec.kind == "outsiders":  # the change the grimoire shows, else the first allowed (the Godfather's +1)
        have = sum(1 for p in g.players if cat.team(p.character) == "outsider")
        base = cat.counts[len(g.players)].outsider if len(g.players) in cat.counts else have
        shown = f"{have - base:+d}"
        return [shown] if shown in options else options[:1]
    return options


def options_of(g: Grimoire, cat: Catalogue, script: Sequence[str], dec: Decision, seat: int, owner: str) -> list[str]:
    """What the decision ``dec`` of ``owner`` (in ``seat``) may choose now: seats as strings, or characters."""
    t = dec.target
    if dec.kind == "outsiders":  # the Outsider change chosen at setup: "+1", "-1"
        return [f"{o:+d}" for o in cat.setup(owner).outsiders or []]
    if dec.kind in ("believes", "ability"):
        ids = list(script) if dec.kind == "believes" else list(cat.characters)
        in_play = g.in_play()
        # A belief is a token the player is shown: never one that is itself a belief (the Drunk, the Lunatic),
        # nor one another player believes already (the Drunk's and the Marionette's are two tokens).
        believed = {p.believes for p in g.players if p.believes} if dec.kind == "believes" else set()
        return [
            c
            for c in ids
            if (not t.teams or cat[c].team in t.teams)
            and (t.in_play is None or (c in in_play) == t.in_play)
            and c != owner
            and (dec.kind != "believes" or (cat.setup(c).believes is None and c not in believed))
        ]
    return [
        str(p.seat)
        for p in g.players
        if (t.alignment is None or p.alignment == t.alignment)
        and (not t.teams or cat.team(p.character) in t.teams)
        and not (t.not_self and p.seat == seat)
        and (not t.same_character or p.character == owner)
        and (not t.other_alignment or p.alignment != g.player(seat).alignment)
        and (not t.same_alignment or p.alignment == g.player(seat).alignment)
    ]


def given_at_setup(memory: dict[str, str]) -> dict[str, str]:
    """The decisions given at setup (``--decide``), kept in the memory for characters made later."""
    return {k.removeprefix("decide:"): v for k, v in memory.items() if k.startswith("decide:")}


def still_given(given: dict[str, str], found: list[Proposal]) -> dict[str, str]:
    """Of ``given``, the decisions still taken as given (an impossible one was proposed afresh: asked)."""
    return {k: v for k, v in given.items() if any(f.decision.id == k and f.chosen == v for f in found)}


def made_or_asked(found: list[Proposal], given: dict[str, str], kinds: tuple[str, ...]) -> list[Event]:
    """Hidden decisions during play (a character just made): the first of ``kinds`` not ``given`` that has
    a choice of seats is asked of the storyteller, the app's proposal offered; the others are made as
    proposed (a believed character too: the storyteller may change it by hand)."""
    asked = next((p for p in found if p.decision.id not in given and len(p.options) > 1
                  and p.decision.kind in kinds and all(o.isdigit() for o in p.options)), None)  # fmt: skip
    made = decision_events([p for p in found if p is not asked])
    if asked is None or asked.chosen is None:
        return made
    options = {o: decision_events([replace(asked, chosen=o)]) for o in asked.options}
    text = filled(step_texts().rules.decide, prompt=asked.decision.prompt)
    return [*made, question(text, options, asked.chosen)]


def decision_events(proposals: list[Proposal]) -> list[Event]:
    """The grimoire events that carry out the chosen decisions."""
    events: list[Event] = []
    for prop in proposals:
        if prop.chosen is None:
            continue
        d = prop.decision
        if d.kind == "mark" and d.reminder:
            events.append(AddReminder(seat=int(prop.chosen), source=prop.owner, name=d.reminder, by_seat=prop.seat))
        elif d.kind == "evil":
            events.append(SetAlignment(seat=int(prop.chosen), alignment="evil"))
        elif d.kind == "believes":
            events.append(SetBelieves(seat=prop.seat, believes=prop.chosen))
            if d.reminder:
                events.append(AddReminder(seat=prop.seat, source=prop.owner, name=d.reminder, by_seat=prop.seat))
        elif d.kind == "outsiders":
            events.append(Remember(key=keys.decided(d.id), value=prop.chosen))
        elif d.kind == "ability" and holder_lacks(prop.owner, prop.chosen):  # the jinx: shown, not held
            events.append(Remember(key=keys.jinxed(prop.owner, prop.seat), value=prop.chosen))
        elif d.kind == "ability":
            events.append(GainAbility(seat=prop.seat, ability=prop.chosen))
    return events
