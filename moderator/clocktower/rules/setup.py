"""Game setup: the bag by player count and setup modifiers, seats, and hidden storyteller decisions.

The app proposes (seeded, so a proposal can be reproduced); the storyteller may override any
character or decision. The result is a list of grimoire events, so setup is journaled like play.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from moderator.clocktower.grimoire.events import (
    AddReminder,
    Assign,
    Event,
    GainAbility,
    Remember,
    Seat,
    SetAlignment,
    SetBelieves,
    SetBluffs,
    SetUnseated,
)
from moderator.clocktower.grimoire.state import Grimoire
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.catalogue import Catalogue, CountRow
from moderator.clocktower.rules.jinxes import decided_after, forbidden_together, holder_lacks
from moderator.clocktower.rules.schema import GOOD_TEAMS, Decision, Team
from moderator.clocktower.rules.scripts import Script
from moderator.clocktower.rules.texts import filled, step_texts
from moderator.clocktower.rules.triggers import question
from moderator.errors import SetupError
from moderator.i18n import resolve_plurals

MIN_PLAYERS, MAX_PLAYERS = 5, 15


@dataclass
class Bag:
    """The characters of a game: who sits in a seat, and the setup choices that made it."""

    seated: list[str]
    """The true character of each player (the Drunk is here as 'drunk')."""
    unseated: list[str] = field(default_factory=list)
    counts: dict[Team, int] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def base_counts(cat: Catalogue, players: int) -> CountRow:
    """The official Townsfolk/Outsider/Minion/Demon counts.

    Raises:
        SetupError: fewer than 5 or more than 15 players.
    """
    if players not in cat.counts:
        raise SetupError(f"Clocktower needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    return cat.counts[players]


def build_bag(
    script: Script,
    cat: Catalogue,
    players: int,
    rng: random.Random,
    require: list[str] | None = None,
    outsider_shift: int | None = None,
    extra_copies: int | None = None,
) -> Bag:
    """Propose the characters of a game of ``players`` on ``script``.

    Raises:
        SetupError: bad player count, a required character not on the script, or no Demon.
    """
    row = base_counts(cat, players)
    want: dict[Team, int] = {
        "townsfolk": row.townsfolk,
        "outsider": row.outsider,
        "minion": row.minion,
        "demon": row.demon,
    }
    require = list(require or [])
    for cid in require:
        if cid not in script.ids:
            raise SetupError(f"'{cid}' is not on the script {script.name}")
    pools = {t: [c for c in script.by_team(cat, t)] for t in want}
    for pool in pools.values():
        rng.shuffle(pool)
    if not pools["demon"]:
        raise SetupError(f"the script {script.name} has no Demon: add one from the catalogue (--add)")
    demon = next((c for c in require if cat[c].team == "demon"), pools["demon"][0])
    setup = cat.setup(demon)
    want["minion"] += setup.minions
    minions: list[str] = []
    if not setup.demon_picks_minions:
        minions = _take(pools["minion"], want["minion"], [c for c in require if cat[c].team == "minion"])
        if len(minions) < want["minion"]:
            raise SetupError(
                f"{players} players need {want['minion']} Minions, but {script.name} has {len(pools['minion'])}: "
                "add more with --add"
            )
    for a, b in forbidden_together({demon, *minions, *pools["townsfolk"], *pools["outsider"]}):
        # A jinx allows only one of the two: keep the one in the bag already (or required), drop the other.
        drop = b if a in {demon, *minions, *require} else a
        for pool in pools.values():
            if drop in pool and drop not in require:
                pool.remove(drop)
    seated_evil = [c for c in [demon, *minions] if not _not_in_bag(cat, c)]
    good_slots = players - len(seated_evil)
    outsiders = min(want["outsider"], good_slots)
    good_required = [c for c in require if cat[c].team in GOOD_TEAMS]
    good = _good(pools, good_slots, outsiders, good_required)
    room = (max(0, good_slots - len(pools["townsfolk"])), min(len(pools["outsider"]), good_slots))
    shift = _outsider_shift(cat, [demon, *minions, *good], rng, outsider_shift, (outsiders, *room))
    modifiers = [c for c in good if cat.setup(c).outsiders]
    # Townsfolk that change the Outsiders (the Balloonist's) keep their place: Outsiders fill only what is left.
    town_kept = len({c for c in [*good_required, *modifiers] if cat[c].team == "townsfolk"})
    outsiders = max(0, min(good_slots - town_kept, outsiders + shift))
    notes: list[str] = []
    if len(pools["outsider"]) < outsiders:
        notes.append(
            f"the script has {len(pools['outsider'])} Outsiders for {outsiders} places: Townsfolk fill the rest"
        )
        outsiders = len(pools["outsider"])
    good = _good(pools, good_slots, outsiders, [*good_required, *modifiers])
    if len(good) < good_slots:
        raise SetupError(
            f"{players} players need {good_slots - outsiders} Townsfolk, but {script.name} has "
            f"{len(pools['townsfolk'])}: add more with --add"
        )
    keep = {*require, *modifiers, demon, *minions}
    seated = _copies(cat, [*seated_evil, *good], rng, extra_copies, notes, keep)
    unseated = [c for c in [demon, *minions] if _not_in_bag(cat, c)]
    counts: dict[Team, int] = {}
    for cid in [*seated, *unseated]:
        counts[cat[cid].team] = counts.get(cat[cid].team, 0) + 1
    return Bag(seated=seated, unseated=unseated, counts=counts, notes=notes)


def _take(pool: list[str], k: int, first: list[str]) -> list[str]:
    """``k`` from ``pool``, the ones in ``first`` before all others.

    Raises:
        SetupError: more characters are required than there are places.
    """
    picked = list(dict.fromkeys(first))
    if len(picked) > k:
        raise SetupError(f"no room for {', '.join(picked)}: the counts leave {k} place(s) of that team")
    return picked + [c for c in pool if c not in picked][: k - len(picked)]


def _good(pools: dict[Team, list[str]], slots: int, outsiders: int, required: list[str]) -> list[str]:
    out = _take(pools["outsider"], outsiders, [c for c in required if c in pools["outsider"]])
    town = _take(pools["townsfolk"], slots - len(out), [c for c in required if c in pools["townsfolk"]])
    return [*out, *town]


def _not_in_bag(cat: Catalogue, cid: str) -> bool:
    setup = cat.setup(cid)
    return not setup.in_bag and setup.believes is None


def _outsider_shift(
    cat: Catalogue, chosen: list[str], rng: random.Random, forced: int | None,
    bounds: tuple[int, int, int] | None = None,
) -> int:
    """The Outsider change of the modifiers in ``chosen`` (the Baron's +2, the Godfather's -1 or +1): the
    one ``forced``, else a random one; where it does not fit (``bounds``: the base number of Outsiders,
    the fewest and the most there can be), a random one of those that do, so that a modifier whose one
    direction is impossible (the Godfather's -1 with no Outsiders) takes the other."""
    options = [o for o in (cat.setup(c).outsiders for c in chosen) if o]
    if forced is not None:
        allowed = {sum(x) for x in _products(options)} if options else {0}
        if forced not in allowed:
            raise SetupError(f"an Outsider change of {forced:+d} is not allowed here ({sorted(allowed)})")
        return forced
    shift = sum(rng.choice(o) for o in options if o)
    if bounds is None:
        return shift
    base, fewest, most = bounds
    fit = sorted({sum(c) for c in _products(options) if fewest <= base + sum(c) <= most})
    return shift if shift in fit or not fit else rng.choice(fit)


def _products(options: list[list[int]]) -> list[list[int]]:
    result: list[list[int]] = [[]]
    for opt in options:
        result = [[*r, x] for r in result for x in opt]
    return result


def _copies(
    cat: Catalogue, seated: list[str], rng: random.Random, forced: int | None, notes: list[str], keep: set[str]
) -> list[str]:
    """Extra copies of a character that allows them (Village Idiot) replace other Townsfolk, never the
    required ones nor the ones that changed the setup."""
    result = list(seated)
    for cid in seated:
        data = cat[cid].data
        if data is None or not data.setup.extra_copies:
            continue
        k = forced if forced is not None else rng.choice(data.setup.extra_copies)
        if k not in data.setup.extra_copies:
            raise SetupError(f"{cat[cid].name.en}: {k} extra copies is not one of {data.setup.extra_copies}")
        replaceable = [c for c in result if cat[c].team == "townsfolk" and c != cid and c not in keep]
        for old in rng.sample(replaceable, min(k, len(replaceable))):
            result[result.index(old)] = cid
        if k:
            notes.append(f"{k} extra {cat[cid].name.en} replace Townsfolk")
    return result


def seat_events(names: list[str]) -> list[Event]:
    """Seat the players, clockwise from seat 1."""
    return [Seat(seat=i, name=n) for i, n in enumerate(names, start=1)]


def assign_events(cat: Catalogue, characters: list[str]) -> list[Event]:
    """Give seat i the i-th character, with its team's alignment."""
    return [
        Assign(seat=i, character=c, alignment="evil" if cat[c].team in ("minion", "demon") else "good")
        for i, c in enumerate(characters, start=1)
    ]


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
            allowed = f"choose from {', '.join(options)}" if options else "nothing can be chosen here"
            raise SetupError(f"{dec.id}: '{chosen}' is not allowed; {allowed}")
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
        return [
            c
            for c in ids
            if (not t.teams or cat[c].team in t.teams)
            and (t.in_play is None or (c in in_play) == t.in_play)
            and c != owner
        ]
    return [
        str(p.seat)
        for p in g.players
        if (t.alignment is None or p.alignment == t.alignment)
        and (not t.teams or cat.team(p.character) in t.teams)
        and not (t.not_self and p.seat == seat)
        and (not t.same_character or p.character == owner)
        and (not t.other_alignment or p.alignment != g.player(seat).alignment)
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


def bluffs(g: Grimoire, cat: Catalogue, script: Script, rng: random.Random, believed: list[str]) -> list[str]:
    """Three good characters on the script that are not in play (nor believed by the Drunk)."""
    free = [c for c in script.ids if cat[c].team in GOOD_TEAMS and c not in g.in_play() and c not in believed]
    return rng.sample(free, min(3, len(free)))


def setup_game(
    script: Script,
    cat: Catalogue,
    names: list[str],
    seed: int | None = None,
    characters: list[str] | None = None,
    overrides: dict[str, str] | None = None,
    require: list[str] | None = None,
    outsider_shift: int | None = None,
    extra_copies: int | None = None,
) -> tuple[list[Event], Bag, list[Proposal]]:
    """Everything setup decides, as events to journal: seats, characters, decisions, bluffs.

    ``characters`` assigns seat by seat by hand; otherwise a seeded random bag is drawn and shuffled.

    Raises:
        SetupError: the game cannot be set up as asked.
    """
    rng = random.Random(seed)
    if characters is not None:
        if len(characters) != len(names):
            raise SetupError(f"{len(names)} players but {len(characters)} characters")
        unknown = [c for c in characters if c not in cat]
        if unknown:
            raise SetupError(f"unknown character ids: {', '.join(unknown)}")
        never = [c for c in characters if _not_in_bag(cat, c) and cat[c].team == "demon"]
        if never:
            raise SetupError(f"{cat[never[0]].name.en} is never a player's character: its token stays out of the "
                             "bag and a Minion babysits it; give that seat a Minion")  # fmt: skip
        bag = Bag(
            seated=list(characters),
            unseated=[
                c
                for c in script.ids
                if _not_in_bag(cat, c)
                and cat[c].team == "demon"
                and c not in characters
                and not any(cat[x].team == "demon" for x in characters)
            ],
        )
    else:
        bag = build_bag(script, cat, len(names), rng, require, outsider_shift, extra_copies)
        rng.shuffle(bag.seated)
    events: list[Event] = [*seat_events(names), *assign_events(cat, bag.seated)]
    if bag.unseated:
        events.append(SetUnseated(characters=bag.unseated))
    g = Grimoire(script=script.name)
    for e in events:
        e.apply(g)
    proposals = decisions(g, cat, script.ids, rng, overrides)
    events += decision_events(proposals)
    bag.notes += [f"{cat[p.owner].name.en}: nothing to choose for '{p.decision.id}' (every character it could be "
                  "is in play); decide it by hand" for p in proposals if not p.options]  # fmt: skip
    used = {p.decision.id for p in proposals}
    # Decisions for characters not in play yet are kept: a Widow the Kazali makes later uses them.
    events += [Remember(key=keys.decided(k), value=v) for k, v in sorted((overrides or {}).items()) if k not in used]
    believed = [p.chosen for p in proposals if p.decision.kind == "believes" and p.chosen]
    events.append(SetBluffs(bluffs=bluffs(g, cat, script, rng, believed)))
    return events, bag, proposals


def count_problems(g: Grimoire, cat: Catalogue) -> list[str]:
    """What is off about the character counts of a grimoire (reported, not raised)."""
    try:
        row = base_counts(cat, len(g.players))
    except SetupError as exc:
        return [str(exc)]
    have: dict[str, int] = {}
    for p in g.players:
        team = cat.team(p.character) or "none"
        have[team] = have.get(team, 0) + 1
    for cid in g.unseated:
        have[cat[cid].team] = have.get(cat[cid].team, 0) + 1
    problems = [
        f"{cat[a].name.en} and {cat[b].name.en} cannot both be in play (jinx)"
        for a, b in forbidden_together(g.in_play())
    ]
    demons = have.get("demon", 0)
    if demons != row.demon:
        problems.append(f"{demons} Demon(s) in play; the table asks for {row.demon}")
    in_play = sorted(g.in_play())
    changes = [cid for cid in in_play if cat.setup(cid).outsiders]
    combos = _products([cat.setup(c).outsiders or [] for c in changes])
    allowed = sorted({n for x in combos if (n := row.outsider + sum(x)) >= 0}) or [0]  # -1 of none: the +1
    outsiders = have.get("outsider", 0)
    if outsiders not in allowed:
        by = f" and {', '.join(cat[c].name.en for c in changes)}" if changes else ""
        problems.append(f"{outsiders} Outsider(s) in play; {len(g.players)} players{by} ask for "
                        f"{' or '.join(str(a) for a in allowed)} (the bag is not the official one)")  # fmt: skip
    if not any(cat.setup(c).demon_picks_minions for c in in_play):
        minions = row.minion + sum(cat.setup(c).minions for c in in_play)
        if have.get("minion", 0) != minions:
            problems.append(f"{have.get('minion', 0)} Minion(s) in play; the table asks for {minions}")
    if "none" in have:
        problems.append(f"{have['none']} player(s) without a character")
    return [resolve_plurals(p) for p in problems]
