"""Random whole games on scripts drawn from every official character (issue 26): 13 Townsfolk, 4 Outsiders,
4 Minions and 4 Demons at random, 5 to 15 players, the answers random and legal. After every line the
rules' invariants of tests/test_fuzz.py hold, and no step is the generic "follow the character sheet" (every
character has its own prompt)."""

from __future__ import annotations

import io
import random

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from moderator.clocktower.frontend import TextLoop
from moderator.clocktower.grimoire.journal import Journal
from moderator.clocktower.rules.loader import default_catalogue
from moderator.clocktower.rules.scripts import Script
from moderator.clocktower.rules.setup import setup_game
from moderator.clocktower.rules.texts import step_texts
from moderator.clocktower.rules.victory import winner
from moderator.clocktower.table import Table
from tests.test_fuzz import _check_step, _legal

CAT = default_catalogue()
TEAMS = {"townsfolk": 13, "outsider": 4, "minion": 4, "demon": 4}
POOLS = {team: sorted(c for c in CAT.characters if CAT[c].team == team) for team in TEAMS}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(min_value=5, max_value=15), seed=st.integers(min_value=0, max_value=100_000))
@example(players=15, seed=19)  # a Hermit drawn with a Xaan: the Hermit kept its place when X left no Outsider
def test_random_games_on_scripts_from_all_181_keep_the_rules(players: int, seed: int) -> None:
    rnd = random.Random(seed)
    ids = [c for team, n in TEAMS.items() for c in rnd.sample(POOLS[team], n)]
    script = Script(name="random", source="random", ids=ids)
    names = [f"p{i}" for i in range(1, players + 1)]
    events, _, _ = setup_game(script, CAT, names, seed=seed)
    journal = Journal.new(script.source)
    journal.push("setup", events)
    table = Table(journal, script, CAT, "en")
    loop = TextLoop(table, "en", io.StringIO(), jsonl=True)
    generic = step_texts().templates.generic("en")
    for _ in range(150):
        if table.g.winner is not None:
            break
        p = table.prompt()
        assert generic not in p.text, f"a generic prompt at {p.step} on {ids}"
        _check_step(loop, table, _legal(table, rnd))
        if table.g.winner is None and table.g.phase != "setup":
            assert winner(table.g, table.cat) is None, "a win condition holds but the game goes on"


CLUB = ["washerwoman", "huntsman", "highpriestess", "steward", "knight", "noble", "banshee", "villageidiot", "damsel",
        "heretic", "hatter", "boomdandy", "harpy", "wizard", "yaggababble", "legion", "lordoftyphon", "thief",
        "bureaucrat"]  # fmt: skip
"""The club's script of issue 26 (with a Djinn added in play): 15 of its 18 night lines were generic."""


def test_the_clubs_script_with_a_djinn_plays_a_whole_game_to_a_win() -> None:
    script = Script(name="club", source="club", ids=CLUB)
    for seed in range(20):  # random legal games until one is won; each line checked as above
        rnd = random.Random(seed)
        events, _, _ = setup_game(script, CAT, [f"p{i}" for i in range(1, 9)], seed=seed)
        journal = Journal.new(script.source)
        journal.push("setup", events)
        table = Table(journal, script, CAT, "en")
        loop = TextLoop(table, "en", io.StringIO(), jsonl=True)
        _check_step(loop, table, "add fabled djinn")
        seen: set[str] = set()
        for _ in range(400):
            if table.g.winner is not None:
                break
            p = table.prompt()
            seen.add(p.step)
            assert step_texts().templates.generic("en") not in p.text, p.step
            _check_step(loop, table, _legal(table, rnd))
        if table.g.winner is not None:
            assert "djinn" in seen, "the Djinn's step came on the first night"
            assert table.g.winner in ("good", "evil") and table.prompt().step == "over"
            return
    raise AssertionError("no whole game on the club's script reached a win in 20 seeded games")
