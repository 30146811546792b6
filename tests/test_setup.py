"""Setup: the bag by player count and setup modifiers, the hidden decisions, bluffs, seeds."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from moderator.cli import main
from moderator.clocktower.grimoire.events import Event
from moderator.clocktower.grimoire.state import Grimoire, Player, Reminder
from moderator.clocktower.rules.bag import Bag, base_counts, build_bag
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.decisions import Proposal
from moderator.clocktower.rules.loader import load_catalogue
from moderator.clocktower.rules.scripts import Script, complete, load_script
from moderator.clocktower.rules.setup import setup_game
from moderator.clocktower.rules.status import statuses
from moderator.errors import SetupError

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "data"
REFERENCE = DATA / "reference"
FACTS: dict[str, dict[str, Any]] = {
    f["id"]: f for f in json.loads((REFERENCE / "characters-facts.json").read_text(encoding="utf-8"))
}
COUNTS: dict[int, dict[str, int]] = {
    r["players"]: r for r in json.loads((REFERENCE / "player-counts.json").read_text(encoding="utf-8"))
}
PLAYERS = list(range(5, 16))
SEEDS = [0, 1, 2, 7, 42]
#: Catalogue characters without a setup modifier (facts: setup false), to complete the seed scripts.
EXTRA = ["imp", "poisoner", "spy", "scarletwoman"]
#: What the seed characters allow as an Outsider change, from their ability texts.
OUTSIDER_CHANGES: dict[str, list[int]] = {"balloonist": [0, 1], "kazali": [-2, -1, 0, 1, 2], "godfather": [1, -1]}
GOOD = ("townsfolk", "outsider")

TOWNSFOLK = ["chef", "empath", "washerwoman", "librarian", "investigator", "undertaker", "monk", "soldier", "mayor",
             "virgin", "slayer", "ravenkeeper", "sage", "tealady", "pacifist", "fool", "artist", "savant",
             "juggler"]  # fmt: skip
OUTSIDERS = ["drunk", "lunatic", "saint", "recluse", "butler"]
MINIONS = ["poisoner", "spy", "scarletwoman", "widow", "organgrinder"]


def names(n: int) -> list[str]:
    return [f"p{i}" for i in range(1, n + 1)]


def team(cid: str) -> str:
    return str(FACTS[cid]["team"])


def script_of(*groups: Iterable[str]) -> Script:
    ids = list(dict.fromkeys(c for g in groups for c in g))
    return Script(name="test", source="test", ids=ids)


def play(events: list[Event]) -> Grimoire:
    g = Grimoire(script="test")
    for e in events:
        e.apply(g)
    return g


def holders(g: Grimoire, cid: str) -> list[Player]:
    return [p for p in g.players if p.character == cid]


def marked(g: Grimoire, source: str, name: str) -> list[Player]:
    return [p for p in g.players if any(r.source == source and r.name == name for r in p.reminders)]


def mark_of(p: Player, source: str, name: str) -> Reminder:
    (found,) = [r for r in p.reminders if r.source == source and r.name == name]
    return found


def proposal(props: list[Proposal], did: str) -> Proposal:
    found = [p for p in props if p.decision.id == did]
    assert len(found) == 1, [p.decision.id for p in props]
    return found[0]


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue(DATA)


def bundled(cat: Catalogue, stem: str) -> Script:
    script, _ = load_script(stem, cat)
    return script if stem == "twelve" else complete(script, cat, EXTRA)


# --- the oracle for team counts ------------------------------------------------------------------


def allowed_outsiders(script: Script, bag: Bag, players: int) -> set[int]:
    """The Outsider counts the rules allow for this bag: the table, changed by the modifiers in play."""
    in_play = {*bag.seated, *bag.unseated}
    row = COUNTS[players]
    evil = sum(1 for c in bag.seated if team(c) in ("minion", "demon"))
    good_slots = players - evil
    shifts = {0}
    for cid in in_play:
        if cid in OUTSIDER_CHANGES:
            shifts = {s + x for s in shifts for x in OUTSIDER_CHANGES[cid]}
    have = sum(1 for c in script.ids if team(c) == "outsider")
    return {min(have, max(0, min(good_slots, row["outsider"] + s))) for s in shifts}


def check_bag(script: Script, bag: Bag, players: int) -> None:
    """The team counts of player-counts.json, adjusted by the setup modifiers in play."""
    row = COUNTS[players]
    seated = Counter(team(c) for c in bag.seated)
    everyone = [*bag.seated, *bag.unseated]
    assert len(bag.seated) == players
    assert set(everyone) <= set(script.ids), "only script characters"
    dupes = [c for c, k in Counter(everyone).items() if k > 1 and c != "villageidiot"]
    assert dupes == [], "no character twice (but extra Village Idiots)"
    assert Counter(bag.seated)["villageidiot"] <= 3
    demons = [c for c in everyone if team(c) == "demon"]
    assert len(demons) == 1
    if demons == ["kazali"]:
        assert seated["minion"] == 0, "the Kazali makes the Minions itself"
    elif demons == ["lilmonsta"]:
        assert bag.unseated == ["lilmonsta"] and seated["demon"] == 0
        assert seated["minion"] == row["minion"] + 1
    else:
        assert seated["minion"] == row["minion"]
    assert seated["outsider"] in allowed_outsiders(script, bag, players)
    assert seated["townsfolk"] == players - seated["outsider"] - seated["minion"] - seated["demon"]


# --- every player count on the bundled scripts ----------------------------------------------------


@pytest.mark.parametrize("stem", ["twelve", "hunter-x-hunter", "finger-pointing"])
@pytest.mark.parametrize("players", PLAYERS)
def test_bundled_script_bags(cat: Catalogue, stem: str, players: int) -> None:
    script = bundled(cat, stem)
    good_chars = sum(1 for c in script.ids if team(c) in GOOD)
    minions = sum(1 for c in script.ids if team(c) == "minion")
    row = COUNTS[players]
    for seed in SEEDS:
        # Twelve has 8 good characters and 2 Minions: a Kazali needs players-1 good ones, a Lil' Monsta
        # needs one Minion more than the table; past 9 players neither fits.
        if stem == "twelve" and (good_chars < players - 1 and minions < row["minion"] + 1):
            with pytest.raises(SetupError):
                setup_game(script, cat, names(players), seed=seed)
            continue
        events, bag, _ = setup_game(script, cat, names(players), seed=seed)
        check_bag(script, bag, players)
        g = play(events)
        assert [p.seat for p in g.players] == list(range(1, players + 1))
        assert [p.name for p in g.players] == names(players)
        assert sorted(p.character or "" for p in g.players) == sorted(bag.seated)
        assert g.unseated == bag.unseated


def test_twelve_fits_up_to_nine_players(cat: Catalogue) -> None:
    script = bundled(cat, "twelve")
    for players in range(5, 10):
        for seed in SEEDS:
            setup_game(script, cat, names(players), seed=seed)


def test_bag_counts_describe_the_bag(cat: Catalogue) -> None:
    """``Bag.counts`` says how many of each team the bag holds; it must add up to the characters in play."""
    wrong = []
    for stem in ("twelve", "hunter-x-hunter", "finger-pointing"):
        script = bundled(cat, stem)
        for players in range(5, 10):
            for seed in SEEDS:
                bag = build_bag(script, cat, players, random.Random(seed))
                actual = Counter(team(c) for c in [*bag.seated, *bag.unseated])
                said = Counter({str(t): k for t, k in bag.counts.items() if k})
                if said != actual:
                    wrong.append((stem, players, seed, bag.seated, bag.unseated, dict(bag.counts)))
    assert wrong == [], f"{len(wrong)} bags with wrong counts, e.g. {wrong[0]}"


@pytest.mark.parametrize("players", [4, 16, 0])
def test_player_counts_outside_5_to_15_are_refused(cat: Catalogue, players: int) -> None:
    with pytest.raises(SetupError):
        base_counts(cat, players)
    with pytest.raises(SetupError):
        setup_game(bundled(cat, "twelve"), cat, names(players), seed=1)


@pytest.mark.parametrize("players", PLAYERS)
def test_base_counts_are_the_table(cat: Catalogue, players: int) -> None:
    assert base_counts(cat, players).model_dump() == COUNTS[players]


def test_a_script_without_a_demon_is_refused(cat: Catalogue) -> None:
    script, _ = load_script("hunter-x-hunter", cat)
    with pytest.raises(SetupError):
        setup_game(script, cat, names(7), seed=1)


def test_too_few_minions_or_townsfolk_are_refused(cat: Catalogue) -> None:
    few_minions = script_of(TOWNSFOLK, ["saint", "recluse"], ["poisoner"], ["imp"])
    with pytest.raises(SetupError):
        setup_game(few_minions, cat, names(10), seed=1)
    few_good = script_of(TOWNSFOLK[:4], ["poisoner"], ["imp"])
    with pytest.raises(SetupError):
        setup_game(few_good, cat, names(7), seed=1)


def test_a_requirement_off_the_script_is_refused(cat: Catalogue) -> None:
    with pytest.raises(SetupError):
        setup_game(bundled(cat, "twelve"), cat, names(7), seed=1, require=["imp"])


def test_required_characters_are_in_the_bag(cat: Catalogue) -> None:
    script = script_of(TOWNSFOLK, OUTSIDERS, MINIONS, ["imp"])
    for players in PLAYERS:
        for seed in SEEDS:
            require = ["empath", "poisoner", "saint"] if COUNTS[players]["outsider"] else ["empath", "poisoner"]
            _, bag, _ = setup_game(script, cat, names(players), seed=seed, require=require)
            assert set(require) <= set(bag.seated)


def test_a_requirement_the_counts_leave_no_room_for_is_not_dropped(cat: Catalogue) -> None:
    """--require promises the character is in the bag: honour it, or refuse; never drop it silently."""
    script = script_of(TOWNSFOLK, OUTSIDERS, MINIONS, ["imp"])
    dropped = []
    for players, require in ((5, ["drunk"]), (7, ["saint"]), (7, ["poisoner", "spy"])):
        try:
            bag = build_bag(script, cat, players, random.Random(1), require=require)
        except SetupError:
            continue
        if not set(require) <= set(bag.seated):
            dropped.append((players, require, bag.seated))
    assert dropped == []


# --- the setup modifiers ---------------------------------------------------------------------


def modifier_script(*extra: str, without: Iterable[str] = ()) -> Script:
    ids = [c for c in [*TOWNSFOLK, *OUTSIDERS, *MINIONS, "imp", *extra] if c not in set(without)]
    return script_of(ids)


@pytest.mark.parametrize("players", PLAYERS)
def test_drunk_is_seated_as_itself_and_believes_a_townsfolk_not_in_play(cat: Catalogue, players: int) -> None:
    script = modifier_script()
    for seed in SEEDS:
        if COUNTS[players]["outsider"] == 0:
            continue
        events, bag, props = setup_game(script, cat, names(players), seed=seed, require=["imp", "drunk"])
        check_bag(script, bag, players)
        g = play(events)
        (drunk,) = holders(g, "drunk")
        assert drunk.alignment == "good"
        assert drunk.believes is not None and team(drunk.believes) == "townsfolk"
        assert drunk.believes in script.ids
        assert drunk.believes not in g.in_play()
        assert drunk.believes not in g.bluffs
        assert "drunk" in statuses(g, cat, drunk)
        prop = proposal(props, "drunk_believes")
        in_play = {c for c in bag.seated}
        assert sorted(prop.options) == sorted(c for c in script.ids if team(c) == "townsfolk" and c not in in_play)
        assert prop.chosen == drunk.believes


def test_drunk_believes_can_be_chosen_and_checked(cat: Catalogue) -> None:
    script = modifier_script()
    _, bag, props = setup_game(script, cat, names(8), seed=3, require=["imp", "drunk"])
    options = proposal(props, "drunk_believes").options
    for choice in options:
        events, _, _ = setup_game(
            script, cat, names(8), seed=3, require=["imp", "drunk"], overrides={"drunk_believes": choice}
        )
        assert holders(play(events), "drunk")[0].believes == choice
    in_play_townsfolk = next(c for c in bag.seated if team(c) == "townsfolk")
    for bad in (in_play_townsfolk, "saint", "imp", "notacharacter"):
        with pytest.raises(SetupError):
            setup_game(script, cat, names(8), seed=3, require=["imp", "drunk"], overrides={"drunk_believes": bad})


@pytest.mark.parametrize("players", PLAYERS)
def test_lunatic_believes_a_demon(cat: Catalogue, players: int) -> None:
    script = modifier_script("kazali")
    for seed in SEEDS:
        if COUNTS[players]["outsider"] == 0:
            continue
        events, bag, _ = setup_game(script, cat, names(players), seed=seed, require=["imp", "lunatic"])
        check_bag(script, bag, players)
        (lunatic,) = holders(play(events), "lunatic")
        assert lunatic.alignment == "good"
        assert lunatic.believes is not None and team(lunatic.believes) == "demon"
        assert lunatic.believes in script.ids


@pytest.mark.parametrize("players", PLAYERS)
def test_kazali_seats_no_minions(cat: Catalogue, players: int) -> None:
    script = modifier_script("kazali", without=["balloonist"])
    for seed in SEEDS:
        events, bag, _ = setup_game(script, cat, names(players), seed=seed, require=["kazali"])
        check_bag(script, bag, players)
        g = play(events)
        assert [p.character for p in g.players if p.alignment == "evil"] == ["kazali"]
        outsiders = sum(1 for c in bag.seated if team(c) == "outsider")
        assert outsiders - COUNTS[players]["outsider"] in range(-2, 3)


@pytest.mark.parametrize("shift", [-2, -1, 0, 1, 2])
def test_kazali_outsider_change_can_be_chosen(cat: Catalogue, shift: int) -> None:
    script = modifier_script("kazali", without=["balloonist"])
    for players in (9, 12, 15):  # two Outsiders by the table, five on the script
        for seed in SEEDS:
            _, bag, _ = setup_game(script, cat, names(players), seed=seed, require=["kazali"], outsider_shift=shift)
            assert sum(1 for c in bag.seated if team(c) == "outsider") == COUNTS[players]["outsider"] + shift
    # Five players have no Outsider to remove.
    _, bag, _ = setup_game(script, cat, names(5), seed=1, require=["kazali"], outsider_shift=shift)
    assert sum(1 for c in bag.seated if team(c) == "outsider") == max(0, shift)


@pytest.mark.parametrize("shift", [-3, 3, 5])
def test_kazali_illegal_outsider_change_is_refused(cat: Catalogue, shift: int) -> None:
    script = modifier_script("kazali", without=["balloonist"])
    with pytest.raises(SetupError):
        setup_game(script, cat, names(9), seed=1, require=["kazali"], outsider_shift=shift)


@pytest.mark.parametrize("players", PLAYERS)
def test_lil_monsta_adds_a_minion_and_sits_nowhere(cat: Catalogue, players: int) -> None:
    script = modifier_script("lilmonsta")
    for seed in SEEDS:
        events, bag, _ = setup_game(script, cat, names(players), seed=seed, require=["lilmonsta"])
        check_bag(script, bag, players)
        assert "lilmonsta" not in bag.seated and bag.unseated == ["lilmonsta"]
        g = play(events)
        assert g.unseated == ["lilmonsta"] and "lilmonsta" in g.in_play()
        evil = [p for p in g.players if p.alignment == "evil"]
        assert len(evil) == COUNTS[players]["minion"] + 1
        assert all(team(p.character or "") == "minion" for p in evil)


@pytest.mark.parametrize("players", PLAYERS)
def test_balloonist_adds_none_or_one_outsider(cat: Catalogue, players: int) -> None:
    script = modifier_script("balloonist")
    base = COUNTS[players]["outsider"]
    seen = set()
    for seed in range(12):
        _, bag, _ = setup_game(script, cat, names(players), seed=seed, require=["imp", "balloonist"])
        check_bag(script, bag, players)
        outsiders = sum(1 for c in bag.seated if team(c) == "outsider")
        assert outsiders in (base, base + 1)
        seen.add(outsiders)
    for shift in (0, 1):
        _, bag, _ = setup_game(
            script, cat, names(players), seed=1, require=["imp", "balloonist"], outsider_shift=shift
        )
        assert sum(1 for c in bag.seated if team(c) == "outsider") == base + shift
    for shift in (-1, 2):
        with pytest.raises(SetupError):
            setup_game(script, cat, names(players), seed=1, require=["imp", "balloonist"], outsider_shift=shift)


@pytest.mark.parametrize("players", [8, 9, 12])  # tables with an Outsider to remove
def test_godfather_adds_or_removes_one_outsider_and_the_decision_says_which(cat: Catalogue, players: int) -> None:
    script, cat = load_script("bad-moon-rising", cat)
    base = COUNTS[players]["outsider"]
    for shift in (1, -1):
        events, bag, proposals = setup_game(
            script, cat, names(players), seed=3, require=["godfather"], outsider_shift=shift
        )
        check_bag(script, bag, players)
        assert sum(1 for c in bag.seated if team(c) == "outsider") == base + shift
        decided = [p for p in proposals if p.decision.id == "godfather_outsiders"]
        assert [p.chosen for p in decided] == [f"{shift:+d}"]  # proposed: the change the grimoire shows
        assert any(getattr(e, "key", "") == "decide:godfather_outsiders" for e in events)
    with pytest.raises(SetupError):
        setup_game(script, cat, names(players), seed=3, require=["godfather"], outsider_shift=0)


def test_no_outsider_change_without_a_modifier(cat: Catalogue) -> None:
    script = modifier_script()
    _, bag, _ = setup_game(script, cat, names(9), seed=1, outsider_shift=0)
    assert sum(1 for c in bag.seated if team(c) == "outsider") == COUNTS[9]["outsider"]
    with pytest.raises(SetupError):
        setup_game(script, cat, names(9), seed=1, outsider_shift=1)


@pytest.mark.parametrize("copies", [0, 1, 2])
@pytest.mark.parametrize("players", PLAYERS)
def test_village_idiot_extra_copies(cat: Catalogue, copies: int, players: int) -> None:
    script = modifier_script("villageidiot")
    for seed in SEEDS[:3]:
        events, bag, props = setup_game(
            script, cat, names(players), seed=seed, require=["imp", "villageidiot"], extra_copies=copies
        )
        check_bag(script, bag, players)
        assert Counter(bag.seated)["villageidiot"] == 1 + copies
        g = play(events)
        idiots = holders(g, "villageidiot")
        drunk = marked(g, "villageidiot", "Drunk")
        if copies == 0:
            assert drunk == []
            assert not [p for p in props if p.decision.id == "drunk_villageidiot"]
        else:
            assert len(drunk) == 1 and drunk[0] in idiots
            assert mark_of(drunk[0], "villageidiot", "Drunk").by_seat in [p.seat for p in idiots]
            assert [p.seat for p in idiots if "drunk" in statuses(g, cat, p)] == [drunk[0].seat]
            prop = proposal(props, "drunk_villageidiot")
            assert sorted(prop.options) == sorted(str(p.seat) for p in idiots)


def test_village_idiot_drunk_one_can_be_chosen(cat: Catalogue) -> None:
    script = modifier_script("villageidiot")
    kw: dict[str, Any] = {"seed": 4, "require": ["imp", "villageidiot"], "extra_copies": 2}
    events, _, _ = setup_game(script, cat, names(10), **kw)
    idiots = [p.seat for p in holders(play(events), "villageidiot")]
    for seat in idiots:
        events, _, _ = setup_game(script, cat, names(10), overrides={"drunk_villageidiot": str(seat)}, **kw)
        assert [p.seat for p in marked(play(events), "villageidiot", "Drunk")] == [seat]
    other = next(s for s in range(1, 11) if s not in idiots)
    with pytest.raises(SetupError):
        setup_game(script, cat, names(10), overrides={"drunk_villageidiot": str(other)}, **kw)


@pytest.mark.parametrize("copies", [-1, 3])
def test_village_idiot_illegal_copies_are_refused(cat: Catalogue, copies: int) -> None:
    script = modifier_script("villageidiot")
    with pytest.raises(SetupError):
        setup_game(script, cat, names(9), seed=1, require=["imp", "villageidiot"], extra_copies=copies)


def test_extra_village_idiots_do_not_replace_required_or_modifying_characters(cat: Catalogue) -> None:
    """Extra copies replace *other* Townsfolk: not a required one, not the Balloonist whose +1 Outsider is used."""
    script = modifier_script("villageidiot", "balloonist", "alchemist")
    lost = []
    for players in (7, 9, 12):
        for seed in range(30):
            bag = build_bag(
                script, cat, players, random.Random(seed), require=["imp", "villageidiot", "balloonist", "alchemist"],
                outsider_shift=1, extra_copies=2,
            )  # fmt: skip
            missing = {"balloonist", "alchemist"} - set(bag.seated)
            if missing:
                lost.append((players, seed, sorted(missing)))
    assert lost == [], f"{len(lost)} bags lost a required character, e.g. {lost[0]}"


@pytest.mark.parametrize("players", PLAYERS)
def test_bounty_hunter_turns_one_other_townsfolk_evil(cat: Catalogue, players: int) -> None:
    script = modifier_script("bountyhunter")
    for seed in SEEDS:
        events, bag, props = setup_game(script, cat, names(players), seed=seed, require=["imp", "bountyhunter"])
        check_bag(script, bag, players)
        g = play(events)
        (hunter,) = holders(g, "bountyhunter")
        townsfolk = [p for p in g.players if team(p.character or "") == "townsfolk"]
        evil = [p for p in townsfolk if p.alignment == "evil"]
        assert len(evil) == 1 and evil[0].seat != hunter.seat
        assert hunter.alignment == "good"
        assert all(p.alignment == "good" for p in g.players if team(p.character or "") == "outsider")
        prop = proposal(props, "evil_townsfolk")
        assert sorted(prop.options, key=int) == [str(p.seat) for p in townsfolk if p.seat != hunter.seat]


def test_bounty_hunter_evil_townsfolk_can_be_chosen(cat: Catalogue) -> None:
    script = modifier_script("bountyhunter")
    kw: dict[str, Any] = {"seed": 2, "require": ["imp", "bountyhunter"]}
    g = play(setup_game(script, cat, names(8), **kw)[0])
    hunter = holders(g, "bountyhunter")[0].seat
    for p in g.players:
        if team(p.character or "") == "townsfolk" and p.seat != hunter:
            got = play(setup_game(script, cat, names(8), overrides={"evil_townsfolk": str(p.seat)}, **kw)[0])
            evil = [q.seat for q in got.players if q.alignment == "evil" and team(q.character or "") == "townsfolk"]
            assert evil == [p.seat]
    for bad in (hunter, holders(g, "imp")[0].seat):
        with pytest.raises(SetupError):
            setup_game(script, cat, names(8), overrides={"evil_townsfolk": str(bad)}, **kw)


# --- the hidden decisions ---------------------------------------------------------------------


def decision_script(*extra: str) -> Script:
    return modifier_script(*extra, without=["drunk"])


@pytest.mark.parametrize("players", PLAYERS)
def test_red_herring_is_a_good_player(cat: Catalogue, players: int) -> None:
    script = decision_script("fortuneteller")
    for seed in SEEDS:
        events, _, props = setup_game(script, cat, names(players), seed=seed, require=["imp", "fortuneteller"])
        g = play(events)
        (herring,) = marked(g, "fortuneteller", "Red Herring")
        assert herring.alignment == "good"
        teller = holders(g, "fortuneteller")[0]
        assert mark_of(herring, "fortuneteller", "Red Herring").by_seat == teller.seat
        prop = proposal(props, "red_herring")
        assert sorted(prop.options, key=int) == [str(p.seat) for p in g.players if p.alignment == "good"]


def test_red_herring_can_be_chosen_even_the_fortune_teller(cat: Catalogue) -> None:
    script = decision_script("fortuneteller")
    kw: dict[str, Any] = {"seed": 5, "require": ["imp", "fortuneteller"]}
    g = play(setup_game(script, cat, names(9), **kw)[0])
    for p in g.players:
        over = {"red_herring": str(p.seat)}
        if p.alignment == "good":
            got = play(setup_game(script, cat, names(9), overrides=over, **kw)[0])
            assert [q.seat for q in marked(got, "fortuneteller", "Red Herring")] == [p.seat]
        else:
            with pytest.raises(SetupError):
                setup_game(script, cat, names(9), overrides=over, **kw)


@pytest.mark.parametrize("players", PLAYERS)
def test_faux_paw_is_a_good_player_other_than_the_lycanthrope(cat: Catalogue, players: int) -> None:
    script = decision_script("lycanthrope")
    for seed in SEEDS:
        events, _, _ = setup_game(script, cat, names(players), seed=seed, require=["imp", "lycanthrope"])
        g = play(events)
        (paw,) = marked(g, "lycanthrope", "Faux Paw")
        assert paw.alignment == "good"
        assert paw.character != "lycanthrope"


def test_faux_paw_override(cat: Catalogue) -> None:
    script = decision_script("lycanthrope")
    kw: dict[str, Any] = {"seed": 6, "require": ["imp", "lycanthrope"]}
    g = play(setup_game(script, cat, names(8), **kw)[0])
    lycan = holders(g, "lycanthrope")[0].seat
    good = next(p.seat for p in g.players if p.alignment == "good" and p.seat != lycan)
    got = play(setup_game(script, cat, names(8), overrides={"faux_paw": str(good)}, **kw)[0])
    assert [p.seat for p in marked(got, "lycanthrope", "Faux Paw")] == [good]
    for bad in (lycan, holders(g, "imp")[0].seat):
        with pytest.raises(SetupError):
            setup_game(script, cat, names(8), overrides={"faux_paw": str(bad)}, **kw)


@pytest.mark.parametrize("players", PLAYERS)
def test_grandchild_is_a_good_townsfolk_or_outsider_not_the_grandmother(cat: Catalogue, players: int) -> None:
    script = decision_script("grandmother")
    for seed in SEEDS:
        events, _, props = setup_game(script, cat, names(players), seed=seed, require=["imp", "grandmother"])
        g = play(events)
        (child,) = marked(g, "grandmother", "Grandchild")
        assert child.alignment == "good"
        assert team(child.character or "") in GOOD
        assert child.character != "grandmother"
        prop = proposal(props, "grandchild")
        gm = holders(g, "grandmother")[0].seat
        want = [p.seat for p in g.players if team(p.character or "") in GOOD and p.seat != gm and p.alignment == "good"]
        assert sorted(prop.options, key=int) == [str(s) for s in want]


def test_grandchild_override(cat: Catalogue) -> None:
    script = decision_script("grandmother")
    kw: dict[str, Any] = {"seed": 8, "require": ["imp", "grandmother", "poisoner"]}
    g = play(setup_game(script, cat, names(9), **kw)[0])
    gm = holders(g, "grandmother")[0].seat
    for bad in (gm, holders(g, "imp")[0].seat, holders(g, "poisoner")[0].seat):
        with pytest.raises(SetupError):
            setup_game(script, cat, names(9), overrides={"grandchild": str(bad)}, **kw)


@pytest.mark.parametrize("players", PLAYERS)
def test_widow_know_is_a_good_player(cat: Catalogue, players: int) -> None:
    script = decision_script()
    for seed in SEEDS:
        events, _, _ = setup_game(script, cat, names(players), seed=seed, require=["imp", "widow"])
        g = play(events)
        (know,) = marked(g, "widow", "Know")
        assert know.alignment == "good"
    g = play(setup_game(script, cat, names(8), seed=1, require=["imp", "widow"])[0])
    with pytest.raises(SetupError):
        setup_game(script, cat, names(8), seed=1, require=["imp", "widow"],
                   overrides={"widow_know": str(holders(g, "widow")[0].seat)})  # fmt: skip


def test_hidden_decisions_respect_each_other(cat: Catalogue) -> None:
    """The Bounty Hunter's evil Townsfolk is evil: it cannot be the red herring, faux paw, grandchild or Know."""
    script = decision_script("bountyhunter", "fortuneteller", "lycanthrope", "grandmother")
    require = ["imp", "widow", "bountyhunter", "fortuneteller", "lycanthrope", "grandmother"]
    marks = [("fortuneteller", "Red Herring"), ("lycanthrope", "Faux Paw"), ("grandmother", "Grandchild"),
             ("widow", "Know")]  # fmt: skip
    wrong = []
    for players in (9, 12):
        for seed in range(25):
            g = play(setup_game(script, cat, names(players), seed=seed, require=require)[0])
            for source, name in marks:
                wrong += [(players, seed, name, p.seat) for p in marked(g, source, name) if p.alignment != "good"]
    assert wrong == [], f"{len(wrong)} good-only marks on an evil player, e.g. {wrong[0]}"


def test_bluffs_are_three_good_characters_not_in_play(cat: Catalogue) -> None:
    for script in (modifier_script(), bundled(cat, "twelve"), bundled(cat, "finger-pointing")):
        for players in (5, 7, 9):
            for seed in SEEDS:
                g = play(setup_game(script, cat, names(players), seed=seed)[0])
                believed = {p.believes for p in g.players if p.believes}
                free = [c for c in script.ids if team(c) in GOOD and c not in g.in_play() and c not in believed]
                assert len(g.bluffs) == min(3, len(free)) and len(set(g.bluffs)) == len(g.bluffs)
                assert set(g.bluffs) <= set(free)


# --- seeds and manual assignment -------------------------------------------------------------


def test_same_seed_same_setup(cat: Catalogue) -> None:
    for stem in ("twelve", "hunter-x-hunter", "finger-pointing"):
        script = bundled(cat, stem)
        for seed in SEEDS:
            a = setup_game(script, cat, names(8), seed=seed)
            b = setup_game(script, cat, names(8), seed=seed)
            assert [e.model_dump() for e in a[0]] == [e.model_dump() for e in b[0]]
            assert [(p.decision.id, p.chosen, p.options) for p in a[2]] == [
                (p.decision.id, p.chosen, p.options) for p in b[2]
            ]


def test_different_seeds_differ(cat: Catalogue) -> None:
    script = modifier_script()
    setups = {json.dumps([e.model_dump() for e in setup_game(script, cat, names(9), seed=s)[0]]) for s in range(10)}
    assert len(setups) > 1


def test_manual_assignment(cat: Catalogue) -> None:
    script = modifier_script("fortuneteller")
    chars = ["chef", "imp", "fortuneteller", "poisoner", "drunk", "empath", "saint"]
    events, bag, props = setup_game(script, cat, names(7), seed=1, characters=chars)
    g = play(events)
    assert [p.character for p in g.players] == chars
    assert [p.alignment for p in g.players] == ["evil" if team(c) in ("minion", "demon") else "good" for c in chars]
    assert bag.seated == chars and bag.unseated == []
    assert {p.decision.id for p in props} == {"red_herring", "drunk_believes"}
    drunk = holders(g, "drunk")[0]
    assert drunk.believes is not None and drunk.believes not in chars and team(drunk.believes) == "townsfolk"


def test_manual_assignment_with_lil_monsta_on_the_script(cat: Catalogue) -> None:
    script = modifier_script("lilmonsta", without=["imp"])
    chars = ["chef", "poisoner", "spy", "empath", "saint", "mayor", "soldier"]
    events, bag, _ = setup_game(script, cat, names(7), seed=1, characters=chars)
    assert bag.unseated == ["lilmonsta"] and play(events).unseated == ["lilmonsta"]


def test_manual_assignment_errors(cat: Catalogue) -> None:
    script = modifier_script()
    with pytest.raises(SetupError):
        setup_game(script, cat, names(7), characters=["chef", "imp"])
    with pytest.raises(SetupError):
        setup_game(script, cat, names(5), characters=["chef", "imp", "saint", "empath", "notacharacter"])


def test_cli_setup_json_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["setup", "--script", "twelve", "--players", "a,b,c,d,e,f,g", "--seed", "1", "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert [p["name"] for p in state["players"]] == list("abcdefg")
    assert [p["seat"] for p in state["players"]] == list(range(1, 8))
    assert main(["setup", "--script", "hunter-x-hunter", "--players", "a,b,c,d,e,f,g", "--seed", "1"]) != 0
    err = capsys.readouterr().err
    assert ("demon" in err.lower() or "악마" in err) and "--add" in err  # in the command line's language
    args = ["setup", "--script", "hunter-x-hunter", "--add", ",".join(EXTRA), "--players", "a,b,c,d,e,f,g"]
    assert main([*args, "--seed", "1", "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert sum(1 for p in state["players"] if p["alignment"] == "evil") >= 2


@pytest.mark.parametrize(("demon", "shift"), [("fanggu", 1), ("vigormortis", -1)])
def test_sects_and_violets_demons_change_the_outsiders(cat: Catalogue, demon: str, shift: int) -> None:
    """The Fang Gu's [+1 Outsider], the Vigormortis's [-1 Outsider], on the Sects & Violets script."""
    script, _ = load_script("sects-and-violets", cat)
    for players in (7, 10, 13):
        _, bag, _ = setup_game(script, cat, names(players), seed=3, require=[demon])
        want = max(0, COUNTS[players]["outsider"] + shift)
        assert sum(1 for c in bag.seated if team(c) == "outsider") == want


# --- audit 45: where a random bag seats and what it may believe -------------------------------------------

TB_GOOD = ["washerwoman", "librarian", "investigator", "chef", "empath", "fortuneteller", "undertaker", "monk",
           "ravenkeeper", "soldier", "slayer", "mayor", "virgin", "butler", "recluse", "drunk", "saint"]  # fmt: skip


@pytest.mark.parametrize("players", [7, 8, 10, 12])
def test_a_random_marionette_sits_beside_the_demon_and_believes_its_own_token(cat: Catalogue, players: int) -> None:
    """Marionette: "[You neighbor the Demon]"; it believes a good character that is shown to it, never the
    Drunk (a token never shown) nor the one the Drunk believes."""
    script = script_of(TB_GOOD, ["marionette", "poisoner", "imp"])
    for seed in range(12):
        events, _, _ = setup_game(script, cat, names(players), seed=seed, require=["marionette"])
        g = play(events)
        (m,) = holders(g, "marionette")
        (demon,) = holders(g, "imp")
        assert demon.seat in (m.seat % players + 1, (m.seat - 2) % players + 1), (seed, m.seat, demon.seat)
        assert m.believes not in (None, "drunk", "lunatic")
        assert all(p.believes != m.believes for p in g.players if p.seat != m.seat)


@pytest.mark.parametrize("seed", range(8))
def test_a_required_heretic_leaves_the_minions_it_is_jinxed_with_out(cat: Catalogue, seed: int) -> None:
    """Heretic: "Only 1 jinxed character can be in play" (with the Baron, the Spy, the Widow, the Pit-Hag...)."""
    script = script_of(TB_GOOD, ["heretic", "baron", "spy", "widow", "pithag", "poisoner", "scarletwoman", "imp"])
    events, _, _ = setup_game(script, cat, names(11), seed=seed, require=["heretic"])
    g = play(events)
    assert not g.in_play() & {"baron", "spy", "widow", "pithag"}, sorted(g.in_play())
    assert holders(g, "heretic")


def test_the_summoners_game_has_no_demon_info_and_its_step_shows_the_bluffs(cat: Catalogue) -> None:
    from moderator.clocktower.rules.nightorder import night_sheet

    script = script_of(TB_GOOD, ["summoner", "poisoner", "imp"])
    events, _, _ = setup_game(script, cat, names(8), seed=1, require=["summoner"])
    g = play(events)
    ids = [s.id for s in night_sheet(script, cat, 1, g)]
    assert "minioninfo" in ids and "demoninfo" not in ids and "summoner" in ids
    assert len(g.bluffs) == 3


def test_a_script_with_jinxed_characters_declares_the_djinn(cat: Catalogue) -> None:
    """Djinn: "if there are jinxed characters on the character sheet, declare that the Djinn is in play"."""
    from moderator.clocktower.rules.news import told_at_dusk

    def told(script: Script, **kw: Any) -> list[str]:  # what the first dusk tells the storyteller
        events, _, _ = setup_game(script, cat, names(8), seed=1, **kw)
        return [t("en") for t in told_at_dusk(play(events), 1)]

    script = script_of(TB_GOOD, ["scarletwoman", "poisoner", "fanggu"])
    assert any("Djinn" in n and "Fang Gu" in n for n in told(script))
    assert not any("Djinn" in n for n in told(script, fabled=["djinn"]))
    assert not any("Djinn" in n for n in told(script_of(TB_GOOD, ["poisoner", "imp"])))


@pytest.mark.parametrize("seed", range(6))
def test_the_revolutionary_marks_two_neighbours_of_one_alignment(cat: Catalogue, seed: int) -> None:
    """Revolutionary: "2 neighboring players are known to be the same alignment." """
    script = script_of(TB_GOOD, ["poisoner", "imp"])
    from moderator.clocktower.rules.news import told_at_dusk

    events, _, _ = setup_game(script, cat, names(9), seed=seed, fabled=["revolutionary"])
    g = play(events)
    pair = marked(g, "revolutionary", "Aligned")
    assert len(pair) == 2 and pair[0].alignment == pair[1].alignment
    assert abs(pair[0].seat - pair[1].seat) in (1, 8)
    assert any("Revolutionary" in t("en") for t in told_at_dusk(g, 1))  # said at the first dusk, to announce
