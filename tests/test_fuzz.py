"""Hunting for failures (property-based, Hypothesis): hostile lines at every step of both games, and
random whole Clocktower games driven only with legal answers.

After every line: no exception escapes; a line that is refused or not understood changes nothing;
the journal's replay equals the live state; 'back' restores the state before the last change. In the
random games also: a dead player never wakes unless the step says so, and the game is over exactly
when a win condition holds.
"""

from __future__ import annotations

import io
import random
import string
from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from moderator.clocktower.frontend import TextLoop
from moderator.clocktower.grimoire.journal import Journal
from moderator.clocktower.rules.catalogue import PSEUDO_STEPS
from moderator.clocktower.rules.loader import default_catalogue
from moderator.clocktower.rules.nightorder import ACTS_WHILE_DEAD
from moderator.clocktower.rules.scripts import complete, load_script
from moderator.clocktower.rules.setup import setup_game
from moderator.clocktower.rules.status import acts_alive
from moderator.clocktower.rules.victory import winner
from moderator.clocktower.table import Table
from moderator.growl.frontend import GrowlLoop
from moderator.growl.journal import GrowlJournal
from moderator.i18n import Lang
from tests.growl.helpers import new_engine

SCRIPTS: dict[str, list[str]] = {  # each seed script, with the evil a storyteller adds and Townsfolk for 15 players
    "twelve": ["poisoner", "scarletwoman", "empath", "oracle", "undertaker", "fortuneteller", "innkeeper", "gambler",
               "grandmother", "balloonist", "shugenja"],
    "hunter-x-hunter": ["imp", "poisoner", "spy", "scarletwoman", "baron", "grandmother", "fortuneteller",
                        # and Sects & Violets' information Townsfolk and the Sweetheart
                        "clockmaker", "dreamer", "mathematician", "flowergirl", "towncrier", "savant", "artist",
                        "juggler", "sage", "sweetheart"],
    "finger-pointing": ["imp", "poisoner", "scarletwoman", "baron", "recluse", "empath", "undertaker",
                        # and Bad Moon Rising's, described so far
                        "assassin", "devilsadvocate", "fool", "tinker", "sailor", "chambermaid", "exorcist", "tealady",
                        "professor", "pukka", "gossip", "courtier",
                        # and Sects & Violets' Minions and their Outsiders
                        "witch", "cerenovus", "pithag", "eviltwin", "mutant", "barber"],
    "trouble-brewing": [],  # the official script: whole as it is
    "sects-and-violets": [],  # the official script (characters not yet described run with the generic prompt)
    "bad-moon-rising": [],  # the official script: whole as it is
}
CAT = default_catalogue()
FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# What a hostile line may be made of: commands and their pieces, odd numbers, any unicode.
PIECES = [
    *["next", "back", "repeat", "yes", "no", "seat", "dies", "nominates", "votes", "end day", "showed", "slays"],
    *["guesses", "and", "다음", "뒤로", "네", "아니요", "번", "사망", "지명", "표", "낮 종료", "보여줌"],
    *["is executed", "처형"],
    *["imp", "widow"],
    *["empath", "임프", "-1", "0", "3", "7", "99", "999", "1000", "²", "①", "٣", "３", "−2", "1e9", "nan", "'", '"'],
    *["{seat}", "%s", "\x00", "\u200b", " ", "\t"],
]
LINES = st.one_of(
    st.lists(st.sampled_from(PIECES), min_size=1, max_size=6).map(" ".join),
    st.text(min_size=0, max_size=40),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.text(alphabet=string.digits + "-+ ", min_size=1, max_size=12),
)


def _table(script_name: str, players: int, seed: int, lang: Lang) -> Table:
    script, cat = load_script(script_name, CAT)
    if SCRIPTS[script_name]:
        script = complete(script, cat, SCRIPTS[script_name])
    names = [f"p{i}" for i in range(1, players + 1)]
    events, _, _ = setup_game(script, cat, names, seed=seed)
    journal = Journal.new(script.source)
    journal.push("setup", events)
    return Table(journal, script, cat, lang)


def _check_step(loop: TextLoop, table: Table, line: str) -> None:
    """One line: nothing escapes, a refusal changes nothing, replay equals the live state."""
    before = table.g.model_dump_json()
    entries = len(table.journal.entries)
    _, error = loop.step(line)
    if error is not None:
        assert table.g.model_dump_json() == before, f"refused {line!r} changed the state: {error}"
        assert len(table.journal.entries) == entries
    assert table.journal.state() == table.g, f"replay differs after {line!r}"
    table.prompt()  # the next prompt can always be made


@FAST
@given(
    script_name=st.sampled_from(sorted(SCRIPTS)),
    players=st.integers(min_value=5, max_value=15),
    seed=st.integers(min_value=0, max_value=10_000),
    lang=st.sampled_from(["ko", "en"]),
    lines=st.lists(LINES, min_size=1, max_size=25),
)
def test_hostile_lines_never_end_a_clocktower_game(
    script_name: str, players: int, seed: int, lang: Lang, lines: list[str]
) -> None:
    table = _table(script_name, players, seed, lang)
    loop = TextLoop(table, lang, io.StringIO(), jsonl=True)
    for line in lines:
        _check_step(loop, table, line)


@FAST
@given(
    players=st.integers(min_value=4, max_value=10),
    seed=st.integers(min_value=0, max_value=10_000),
    lang=st.sampled_from(["ko", "en"]),
    lines=st.lists(
        st.one_of(LINES, st.sampled_from(["next", "다음", "seat 1", "1번", "seat 2 dies", "none"])),
        min_size=1,
        max_size=40,
    ),
)
def test_hostile_lines_never_end_a_growl_evening(players: int, seed: int, lang: Lang, lines: list[str]) -> None:
    engine = new_engine([f"p{i}" for i in range(1, players + 1)], seed=seed, lang=lang)
    loop = GrowlLoop(engine, lang, io.StringIO(), jsonl=True, pace=0)
    for line in lines:
        before = engine.journal.model_dump_json()
        _, error = loop.step(line)
        if error is not None:
            assert engine.journal.model_dump_json() == before, f"refused {line!r} changed the journal"
        assert GrowlJournal.model_validate_json(engine.journal.model_dump_json()).state() == engine.state


def play_randomly(table: Table, seed: int, each: Callable[[Table, TextLoop], None], steps: int = 250) -> None:
    """A random legal game on ``table`` (answers by :func:`_legal`, seeded), until it is won or ``steps``
    answers were given; before each answer ``each`` looks at the step (and may try a line of its own)."""
    rnd = random.Random(seed)
    loop = TextLoop(table, "en", io.StringIO(), jsonl=True)
    for _ in range(steps):
        if table.g.winner is not None:
            break
        each(table, loop)
        loop.step(_legal(table, rnd))


def _legal(table: Table, rnd: random.Random) -> str:
    """A legal-looking answer to the current prompt, chosen at random."""
    p, g = table.prompt(), table.g
    living = [x.seat for x in g.players if x.alive] or g.seats()
    seats = g.seats()
    expects = p.expects[0] if p.expects else "confirm"
    if g.question is not None:
        return rnd.choice(["next", "yes", "no", f"seat {rnd.choice(seats)}"])
    if p.step == "day" and expects == "number":  # the votes on a nomination: a count, or who voted
        if rnd.random() < 0.3:
            return " and ".join(f"seat {s}" for s in rnd.sample(seats, rnd.randint(1, len(seats)))) + " voted"
        return f"{rnd.randint(0, len(living))} votes"
    if p.step == "day" and expects == "seat":  # who spent a ghost vote
        dead = [x.seat for x in g.players if not x.alive]
        return f"seat {rnd.choice(dead)}" if dead and rnd.random() < 0.3 else "next"
    if p.step == "day":
        nominators = [s for s in living if s not in g.today.nominators]
        nominees = [s for s in seats if s not in g.today.nominees]
        if nominators and nominees and rnd.random() < 0.5:
            return f"seat {rnd.choice(nominators)} nominates seat {rnd.choice(nominees)}"
        if rnd.random() < 0.15:  # a day ability (the Savant's, the Juggler's …)
            return f"seat {rnd.choice(living)} uses their ability"
        if rnd.random() < 0.05:  # the storyteller's execution (madness broken)
            return f"seat {rnd.choice(living)} is executed"
        return "end day"
    if expects == "seat":
        return rnd.choice([f"seat {rnd.choice(living)}", f"seat {rnd.choice(seats)}", "no"])
    if expects == "two_seats":
        a, b = rnd.sample(seats, 2)
        return f"seat {a} and seat {b}"
    if expects == "character":
        script = list(table.script.ids)
        return rnd.choice([table.cat[rnd.choice(script)].name.en, "no"])
    if expects == "yesno":
        return rnd.choice(["yes", "no"])
    if expects == "number":
        return str(rnd.randint(0, len(seats)))
    return "next"


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    script_name=st.sampled_from(sorted(SCRIPTS)),
    players=st.integers(min_value=5, max_value=15),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_random_whole_games_keep_the_rules(script_name: str, players: int, seed: int) -> None:
    rnd = random.Random(seed)
    table = _table(script_name, players, seed, "en")
    loop = TextLoop(table, "en", io.StringIO(), jsonl=True)
    for _ in range(250):
        if table.g.winner is not None:
            break
        p = table.prompt()
        if p.step not in PSEUDO_STEPS and p.step not in ("day", "over") and p.seat is not None:
            player = table.g.player(p.seat)
            char = table.cat.get(p.step)
            steps = (char.data.night.first + char.data.night.other) if char and char.data else ()
            acts_dead = any(s.wake_if in ACTS_WHILE_DEAD for s in steps)
            kept = acts_alive(table.g, table.cat, player)  # a dead Minion the Vigormortis killed keeps its ability
            assert kept or acts_dead or table.g.question is not None, f"dead seat {p.seat} woke for {p.step}"
        line = _legal(table, rnd)
        before = table.g.model_copy(deep=True)
        entries = len(table.journal.entries)
        _check_step(loop, table, line)
        if len(table.journal.entries) > entries and rnd.random() < 0.15:  # now and then: back restores
            loop.step("back")
            assert table.g == before, f"back after {line!r} did not restore the state"
        # The game is over exactly when a win condition holds (a win is never missed, never made up).
        if table.g.winner is None and table.g.phase != "setup":
            assert winner(table.g, table.cat) is None, f"a win condition holds but the game goes on: {line!r}"
