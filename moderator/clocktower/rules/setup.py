"""Game setup: the bag by player count and setup modifiers, seats, and hidden storyteller decisions.
The bag is bag.py's, the hidden decisions decisions.py's; here they are put together.

The app proposes (seeded, so a proposal can be reproduced); the storyteller may override any
character or decision. The result is a list of grimoire events, so setup is journaled like play.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from moderator.clocktower.grimoire.events import (
    AddReminder,
    Assign,
    Event,
    Remember,
    Seat,
    SetAbilities,
    SetBluffs,
    SetFabled,
    SetUnseated,
)
from moderator.clocktower.grimoire.state import Grimoire
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.abilities import entering_marks
from moderator.clocktower.rules.bag import Bag, build_bag, not_in_bag
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.decisions import Proposal, decision_events, decisions
from moderator.clocktower.rules.news import dusk_news
from moderator.clocktower.rules.schema import GOOD_TEAMS
from moderator.clocktower.rules.scripts import Script
from moderator.clocktower.rules.texts import filled
from moderator.errors import SetupError
from moderator.i18n import Text
from moderator.journal import simulate
from moderator.messages import catalogue as messages
from moderator.messages import lang, msg


def beside_demon(seated: list[str], cat: Catalogue, rng: random.Random) -> None:
    """Move each character that sits beside the Demon (``setup.seated``: the Marionette) to a seat next to
    one, swapping with whoever sat there (in place)."""
    n = len(seated)
    for i, cid in enumerate(list(seated)):
        demons = [d for d, c in enumerate(seated) if cat.team(c) == "demon"]
        if cat.setup(cid).seated != "beside_demon" or not demons or n < 3:
            continue
        if any(cat.team(seated[(i + d) % n]) == "demon" for d in (-1, 1)):
            continue
        d = rng.choice(demons)
        j = (d + rng.choice((-1, 1))) % n
        seated[i], seated[j] = seated[j], seated[i]


def seat_events(names: list[str]) -> list[Event]:
    """Seat the players, clockwise from seat 1."""
    return [Seat(seat=i, name=n) for i, n in enumerate(names, start=1)]


def assign_events(cat: Catalogue, characters: list[str]) -> list[Event]:
    """Give seat i the i-th character, with its team's alignment."""
    return [
        Assign(seat=i, character=c, alignment="evil" if cat[c].team in ("minion", "demon") else "good")
        for i, c in enumerate(characters, start=1)
    ]


def held_team(cat: Catalogue, script_ids: Iterable[str], character: str) -> list[str]:
    """The abilities ``character`` holds by its setup's ``holds_team``: every other character of that type on the
    script (the Hermit's Outsiders), but one whose player only believes they are something else (the Drunk)."""
    team = cat.setup(character).holds_team if character in cat else None
    return [c for c in script_ids if team is not None and c != character and c in cat and cat[c].team == team
            and cat.setup(c).believes is None]  # fmt: skip


def held_team_events(cat: Catalogue, script_ids: Iterable[str], g: Grimoire) -> list[Event]:
    """The abilities each player holds by their character's ``holds_team`` (the Hermit's), as events."""
    return [SetAbilities(seat=p.seat, abilities=[*p.abilities, *held]) for p in g.players
            if p.character and (held := held_team(cat, script_ids, p.character))]  # fmt: skip


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
    fabled: list[str] | None = None,
) -> tuple[list[Event], Bag, list[Proposal]]:
    """Everything setup decides, as events to journal: seats, characters, decisions, bluffs.

    ``characters`` assigns seat by seat by hand; otherwise a seeded random bag is drawn and shuffled.
    ``fabled``: the Fabled and Loric put in play at setup, which may change the bag.

    Raises:
        SetupError: the game cannot be set up as asked.
    """
    rng = random.Random(seed)
    if characters is not None:
        if len(characters) != len(names):
            raise SetupError(msg("setup_counts", n=len(names), m=len(characters)))
        if not all(characters):  # "--assign ,,," or a comma too many
            raise SetupError(msg("setup_empty_id", n=characters.index("") + 1))
        unknown = [c for c in characters if c not in cat]
        if unknown:
            raise SetupError(msg("setup_unknown_ids", ids=", ".join(unknown)))
        never = [c for c in characters if not_in_bag(cat, c) and cat[c].team == "demon"]
        if never:
            raise SetupError(msg("setup_never_seated", character=cat[never[0]].name(lang())))
        bag = Bag(
            seated=list(characters),
            unseated=[
                c
                for c in script.ids
                if not_in_bag(cat, c)
                and cat[c].team == "demon"
                and c not in characters
                and not any(cat[x].team == "demon" for x in characters)
            ],
        )
    else:
        bag = build_bag(script, cat, len(names), rng, require, outsider_shift, extra_copies, fabled)
        rng.shuffle(bag.seated)
        beside_demon(bag.seated, cat, rng)
    events: list[Event] = [*seat_events(names), *assign_events(cat, bag.seated)]
    if fabled:
        events.append(SetFabled(fabled=list(dict.fromkeys(fabled))))
    if bag.unseated:
        events.append(SetUnseated(characters=bag.unseated))
    g = Grimoire(script=script.name)
    for e in events:
        e.apply(g)
    events += held_team_events(cat, script.ids, g)
    proposals = decisions(g, cat, script.ids, rng, overrides)
    events += decision_events(proposals)
    bag.notes += [msg("setup_nothing_to_choose", character=cat[p.owner].name(lang()), decision=p.decision.id)
                  for p in proposals if not p.options]  # fmt: skip
    told: list[Text] = []
    for cid in fabled or []:  # two neighbours of one alignment, marked and announced (the Revolutionary's)
        events += entering_marks(simulate(Grimoire(script=g.script), events), cat, cid)  # the Toymaker's
        mark = cat.setup(cid).marks_aligned_pair if cid in cat else None
        if mark is not None:
            now = simulate(Grimoire(script=g.script), events)
            n = len(now.players)
            beside = [(p.seat, now.players[i + 1 - n].seat) for i, p in enumerate(now.players)
                      if n > 1 and p.alignment == now.players[i + 1 - n].alignment]  # fmt: skip
            if beside:
                a, b = rng.choice(beside)
                events += [AddReminder(seat=s, source=cid, name=mark) for s in (a, b)]
                told.append(_both("setup_aligned", character=cat[cid].name, a=a, b=b))
    on_sheet = [c for c in script.ids if c in cat]
    jinxed = [(a, b) for i, a in enumerate(on_sheet) for b in on_sheet[i + 1 :] if cat.jinxed(a, b)]
    if jinxed and "djinn" in cat and "djinn" not in (fabled or []):  # the Djinn's: declared when the sheet has jinxes
        told.append(_both("setup_djinn", djinn=cat["djinn"].name, pairs=Text(
            ko=", ".join(f"{cat[a].name('ko')} & {cat[b].name('ko')}" for a, b in jinxed),
            en=", ".join(f"{cat[a].name('en')} & {cat[b].name('en')}" for a, b in jinxed))))
    if told:  # what the storyteller tells the table before the game: said at the first dusk
        events.append(dusk_news(g, told))
    used = {p.decision.id for p in proposals}
    # Decisions for characters not in play yet are kept: a Widow the Kazali makes later uses them.
    events += [Remember(key=keys.decided(k), value=v) for k, v in sorted((overrides or {}).items()) if k not in used]
    believed = [p.chosen for p in proposals if p.decision.kind == "believes" and p.chosen]
    events.append(SetBluffs(bluffs=bluffs(g, cat, script, rng, believed)))
    seated = simulate(Grimoire(script=g.script), events).players
    outsiders = sum(1 for p in seated if cat.team(p.character) == "outsider")
    events.append(Remember(key=keys.outsiders_at_setup(), value=str(outsiders)))  # the Xaan's X
    return events, bag, proposals



def _both(key: str, **slots: object) -> Text:
    """A command-line message (data/messages.yaml) in both languages; a :class:`Text` slot gives each its own."""
    return filled(messages().messages[key], **slots)
