"""The bag: which characters a game of so many players holds, by the official counts and the setup
modifiers (an Outsider more or fewer, extra copies, Minions the Demon picks), and what is off about
a grimoire's counts."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from moderator.clocktower.grimoire.state import Grimoire
from moderator.clocktower.rules.catalogue import Catalogue, CountRow
from moderator.clocktower.rules.jinxes import forbidden_together
from moderator.clocktower.rules.schema import GOOD_TEAMS, Setup, Team
from moderator.clocktower.rules.scripts import Script
from moderator.errors import SetupError
from moderator.i18n import Lang, resolve_plurals
from moderator.messages import lang, msg

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
        raise SetupError(msg("clocktower_players", min=MIN_PLAYERS, max=MAX_PLAYERS, n=players))
    return cat.counts[players]


def build_bag(
    script: Script,
    cat: Catalogue,
    players: int,
    rng: random.Random,
    require: list[str] | None = None,
    outsider_shift: int | None = None,
    extra_copies: int | None = None,
    fabled: list[str] | None = None,
) -> Bag:
    """Propose the characters of a game of ``players`` on ``script``; a character that brings another (the
    Huntsman's Damsel) in the bag has it there too, the bag drawn again with both required. ``fabled``: the
    Fabled and Loric in play, whose setup counts too (the Sentinel's Outsider, the Pope's duplicates).

    Raises:
        SetupError: bad player count, a required character not on the script, or no Demon.
    """
    state = rng.getstate()
    fab = fabled or []
    bag = _build_bag(script, cat, players, rng, require, outsider_shift, extra_copies, fab)
    missing = [(c, b) for c in bag.seated if (b := cat.setup(c).brings) and b not in bag.seated and b in script.ids]
    # drawn at random, a character that leaves evil out of the bag (the Atheist's) is drawn again, required
    missing += [(c, c) for c in bag.seated if cat.setup(c).no_evil and c not in (require or [])]
    if missing:
        rng.setstate(state)
        brought = list(dict.fromkeys(x for pair in missing for x in pair))
        bag = _build_bag(script, cat, players, rng, [*(require or []), *brought], outsider_shift, extra_copies, fab)
    for cid in fab:
        _duplicate_good(cat, bag, rng, cat.setup(cid).duplicates, {*(require or [])})
    return bag


def _duplicate_good(cat: Catalogue, bag: Bag, rng: random.Random, k: int, keep: set[str]) -> None:
    """``k`` Townsfolk of the bag (not required, not changing the setup) replaced by copies of other good
    characters in it (the Pope's duplicates)."""
    for _ in range(k):
        good = [c for c in bag.seated if cat[c].team in GOOD_TEAMS]
        free = [c for c in good if cat[c].team == "townsfolk" and c not in keep and not cat.setup(c).outsiders]
        if len(good) < 2 or not free:
            return
        old = rng.choice(free)
        bag.seated[bag.seated.index(old)] = rng.choice([c for c in good if c != old])
        bag.notes.append("a good character is in play twice (duplicates)")


def _build_bag(
    script: Script,
    cat: Catalogue,
    players: int,
    rng: random.Random,
    require: list[str] | None = None,
    outsider_shift: int | None = None,
    extra_copies: int | None = None,
    fabled: list[str] | None = None,
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
            raise SetupError(msg("setup_not_on_script", id=cid, script=script.name))
    pools = {t: [c for c in script.by_team(cat, t)] for t in want}
    for pool in pools.values():
        rng.shuffle(pool)
    if not pools["demon"]:
        raise SetupError(msg("setup_script_no_demon", script=script.name))
    demon = next((c for c in require if cat[c].team == "demon"), pools["demon"][0])
    # A required Minion that starts with no Demon (the Summoner's): the Demon's token is left out of the
    # bag, its setup with it, and a good character takes its place.
    no_demon = any(cat.setup(c).demons < 0 for c in require if cat[c].team == "minion")
    no_evil = any(cat.setup(c).no_evil for c in require)  # the Atheist's: good characters only
    if no_evil:
        want["minion"], no_demon = 0, True
    setup = Setup() if no_demon else cat.setup(demon)
    want["minion"] += setup.minions
    minions: list[str] = []
    if setup.most_players:  # Legion: more than half the players are the Demon, and no Minion (they are optional)
        want["minion"] = 0
    for a, b in forbidden_together({*require, *pools["minion"]}):  # a Minion a required character's jinx forbids
        for drop in (a, b):
            if drop not in require and drop in pools["minion"] and ({a, b} - {drop}) <= set(require):
                pools["minion"].remove(drop)
    if not setup.demon_picks_minions:
        minions = _take(pools["minion"], want["minion"], [c for c in require if cat[c].team == "minion"])
        if len(minions) < want["minion"]:
            need, have = want["minion"], len(pools["minion"])
            raise SetupError(msg("setup_need_minions", players=players, want=need, script=script.name, have=have))
    for a, b in forbidden_together({demon, *minions, *pools["townsfolk"], *pools["outsider"]}):
        # A jinx allows only one of the two: keep the one in the bag already (or required), drop the other.
        drop = b if a in {demon, *minions, *require} else a
        for pool in pools.values():
            if drop in pool and drop not in require:
                pool.remove(drop)
    no_demon = no_demon or sum(cat.setup(c).demons for c in minions) < 0  # a Summoner drawn at random
    demons = [] if no_demon else [demon] * (players // 2 + 1 if setup.most_players else 1)
    seated_evil = [c for c in [*demons, *minions] if not not_in_bag(cat, c)]
    good_slots = players - len(seated_evil)
    brought = {x for c in require if (x := cat.setup(c).brings) and x in require and cat[x].team == "outsider"}
    outsiders = min(max(want["outsider"], len(brought)), good_slots)  # a brought Damsel with no Outsider: +1
    good_required = [c for c in require if cat[c].team in GOOD_TEAMS]
    good = _good(pools, good_slots, outsiders, good_required)
    room = (max(0, good_slots - len(pools["townsfolk"])), min(len(pools["outsider"]), good_slots))
    changers = [*demons[:1], *minions, *good, *(fabled or [])]  # a Fabled's too (the Sentinel's)
    shift = _outsider_shift(cat, changers, rng, outsider_shift, (outsiders, *room))
    modifiers = [c for c in good if cat.setup(c).outsiders]
    # Townsfolk that change the Outsiders (the Balloonist's) keep their place: Outsiders fill only what is left.
    town_kept = len({c for c in [*good_required, *modifiers] if cat[c].team == "townsfolk"})
    outsiders = max(0, min(good_slots - town_kept, outsiders + shift))
    # An Outsider that is kept (required, or one that changes the count, as the Hermit does) keeps its own place,
    # whatever the shift (the Xaan's X, the Hermit's -1) would leave.
    kept_outsiders = len({c for c in [*good_required, *modifiers] if cat[c].team == "outsider"})
    outsiders = max(outsiders, min(kept_outsiders, good_slots - town_kept))
    notes: list[str] = []
    if len(pools["outsider"]) < outsiders:
        notes.append(msg("setup_few_outsiders", have=len(pools["outsider"]), want=outsiders))
        outsiders = len(pools["outsider"])
    good = _good(pools, good_slots, outsiders, [*good_required, *modifiers])
    if len(good) < good_slots:
        want_town, have = good_slots - outsiders, len(pools["townsfolk"])
        raise SetupError(msg("setup_need_townsfolk", players=players, want=want_town, script=script.name, have=have))
    keep = {*require, *modifiers, *demons, *minions}
    seated = _copies(cat, [*seated_evil, *good], rng, extra_copies, notes, keep)
    unseated = [c for c in [*demons[:1], *minions] if not_in_bag(cat, c)]
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
        raise SetupError(resolve_plurals(msg("setup_no_room", ids=", ".join(picked), k=k)))
    return picked + [c for c in pool if c not in picked][: k - len(picked)]


def _good(pools: dict[Team, list[str]], slots: int, outsiders: int, required: list[str]) -> list[str]:
    out = _take(pools["outsider"], outsiders, [c for c in required if c in pools["outsider"]])
    town = _take(pools["townsfolk"], slots - len(out), [c for c in required if c in pools["townsfolk"]])
    return [*out, *town]


def not_in_bag(cat: Catalogue, cid: str) -> bool:
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
            shifts = ", ".join(f"{a:+d}" for a in sorted(allowed))
            raise SetupError(msg("setup_outsider_change", change=f"{forced:+d}", allowed=shifts))
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
            allowed = ", ".join(str(x) for x in data.setup.extra_copies)
            raise SetupError(msg("setup_copies", character=cat[cid].name(lang()), k=k, allowed=allowed))
        replaceable = [c for c in result if cat[c].team == "townsfolk" and c != cid and c not in keep]
        for old in rng.sample(replaceable, min(k, len(replaceable))):
            result[result.index(old)] = cid
        if k:
            notes.append(msg("setup_extra_copies", n=k, character=cat[cid].name(lang())))
    return result


def _outsiders(cat: Catalogue, cid: str) -> list[int]:
    """The Outsider changes ``cid`` allows: its own, or +0 or +1 where it brings an Outsider (the Huntsman's
    Damsel, which may replace a Townsfolk)."""
    brings = cat.setup(cid).brings
    if brings and brings in cat and cat[brings].team == "outsider" and cat[cid].team != "outsider":
        return [0, 1]
    return cat.setup(cid).outsiders or []


def count_problems(g: Grimoire, cat: Catalogue, language: Lang | None = None) -> list[str]:
    """What is off about the character counts of a grimoire (reported, not raised), in ``language`` (else the
    command line's). Travellers are outside the split: neither counted among the players nor in play."""
    tongue = language or lang()

    def said(key: str, **slots: object) -> str:
        return msg(key, lang=tongue, **slots)

    counted = [p for p in g.players if cat.team(p.character) != "traveller"]
    try:
        row = base_counts(cat, len(counted))
    except SetupError as exc:
        return [str(exc)]
    have: dict[str, int] = {}
    for p in counted:
        team = cat.team(p.character) or "none"
        have[team] = have.get(team, 0) + 1
    for cid in g.unseated:
        have[cat[cid].team] = have.get(cat[cid].team, 0) + 1
    problems = [said("setup_jinx_both", a=cat[a].name(tongue), b=cat[b].name(tongue))
                for a, b in forbidden_together(g.in_play())]  # fmt: skip
    demons = have.get("demon", 0)
    in_play = sorted(g.in_play())
    most = [c for c in in_play if cat.setup(c).most_players]  # Legion: most players, any Minions
    no_evil = any(cat.setup(c).no_evil for c in in_play)  # the Atheist's: no Demon, no Minion
    fewest = 0 if no_evil else row.demon + sum(cat.setup(c).demons for c in in_play)  # the Summoner's: none yet
    if most:
        many = sum(1 for p in g.players if p.character in most)
        if many * 2 <= len(g.players):
            problems.append(said("setup_most_players", n=many, character=cat[most[0]].name(tongue)))
    elif not fewest <= demons <= (0 if no_evil else row.demon):
        problems.append(said("setup_demons", n=demons, want=fewest))
    problems += seating_problems(g, cat, tongue)
    changes = [cid for cid in [*in_play, *g.fabled] if _outsiders(cat, cid)]  # a Fabled's too (the Sentinel)
    combos = _products([_outsiders(cat, c) for c in changes])
    allowed = sorted({n for x in combos if (n := row.outsider + sum(x)) >= 0}) or [0]  # -1 of none: the +1
    outsiders = have.get("outsider", 0)
    if outsiders not in allowed:
        by = said("setup_outsiders_by", names=", ".join(cat[c].name(tongue) for c in changes)) if changes else ""
        want = said("setup_or").join(str(a) for a in allowed)
        problems.append(said("setup_outsiders", n=outsiders, players=len(counted), by=by, want=want))
    if not any(cat.setup(c).demon_picks_minions or cat.setup(c).most_players for c in in_play):
        minions = 0 if no_evil else row.minion + sum(cat.setup(c).minions for c in in_play)
        if have.get("minion", 0) != minions:
            problems.append(said("setup_minions", n=have.get("minion", 0), want=minions))
    if "none" in have:
        problems.append(said("setup_no_character", n=have["none"]))
    problems += [said("setup_twice", character=cat[c].name(tongue), n=n) for c, n in _seated_twice(g, cat).items()]
    return [resolve_plurals(p) for p in problems]


def _seated_twice(g: Grimoire, cat: Catalogue) -> dict[str, int]:
    """The characters seated more than once where nothing in play allows copies: a character that may come in
    several copies (the Village Idiot's), a Loric that duplicates good characters (the Pope), one that most
    players are (Legion)."""
    seated = [p.character for p in g.players if p.character in cat and cat.team(p.character) != "traveller"]
    duplicating = any(cat.setup(c).duplicates for c in [*g.in_play(), *g.fabled] if c in cat)
    found: dict[str, int] = {}
    for c in dict.fromkeys(c for c in seated if c is not None):
        n = seated.count(c)
        allowed = cat.setup(c).extra_copies or cat.setup(c).most_players or (duplicating and cat.team(c) in GOOD_TEAMS)
        if n > 1 and not allowed:
            found[c] = n
    return found


def seating_problems(g: Grimoire, cat: Catalogue, language: Lang | None = None) -> list[str]:
    """Where a character that must sit somewhere does not (``setup.seated``): beside the Demon (the
    Marionette), or in the middle of a line of every evil player (the Lord of Typhon)."""
    tongue = language or lang()
    problems: list[str] = []
    n = len(g.players)
    for i, p in enumerate(g.players):
        seated = cat.setup(p.character).seated if p.character is not None and p.character in cat else None
        sides = [g.players[(i + d) % n] for d in (-1, 1)]
        if seated == "beside_demon" and not any(cat.team(q.character) == "demon" for q in sides):
            name = cat[p.character or ""].name(tongue)
            problems.append(msg("setup_beside_demon", lang=tongue, character=name, seat=p.seat))
        if seated == "evil_in_line" and not _middle_of_evil_line(g, i):
            name = cat[p.character or ""].name(tongue)
            problems.append(msg("setup_evil_line", lang=tongue, character=name, seat=p.seat))
    return problems


def _middle_of_evil_line(g: Grimoire, i: int) -> bool:
    """Whether the evil players sit side by side, seat index ``i`` in the middle (one more on a side at most)."""
    evil = {p.seat for p in g.players if p.alignment == "evil"}
    left, right = line_sides(g, i, evil)
    return left + right + 1 >= len(evil) and abs(left - right) <= 1


def line_sides(g: Grimoire, i: int, seats: set[int]) -> tuple[int, int]:
    """How many players of ``seats`` sit next to one another going left, and going right, from seat index ``i``
    (the Lord of Typhon's line of evil players)."""
    n = len(g.players)

    def run(step: int) -> int:
        k = 0
        while k < n - 1 and g.players[(i + step * (k + 1)) % n].seat in seats:
            k += 1
        return k

    return run(-1), run(1)
