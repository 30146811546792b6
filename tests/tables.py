"""Clocktower games set up for tests: a script, seated players and their characters, as a Table."""

from __future__ import annotations

from collections.abc import Sequence

from moderator.clocktower.grimoire.journal import Journal
from moderator.clocktower.rules.loader import default_catalogue
from moderator.clocktower.rules.scripts import complete, load_script
from moderator.clocktower.rules.setup import setup_game
from moderator.clocktower.table import Table
from moderator.i18n import Lang

TWELVE = ["imp", "snakecharmer", "widow", "pixie", "fisherman", "ravenkeeper", "cannibal"]
"""The seed 000 script's game most tests play: seat 1 the Imp, seat 3 the Widow (Know: seat 5)."""


def make_table(
    script_id: str,
    players: Sequence[str],
    assign: Sequence[str],
    *,
    lang: Lang = "en",
    add: Sequence[str] = (),
    decide: dict[str, str] | None = None,
    seed: int = 0,
) -> Table:
    """A game on ``script_id`` (``add``: characters added to it) with these players and characters."""
    script, cat = load_script(script_id, default_catalogue())
    if add:
        script = complete(script, cat, list(add))
    events, _, _ = setup_game(script, cat, list(players), seed=seed, characters=list(assign), overrides=decide or {})
    journal = Journal.new(script.source)
    journal.push("setup", events)
    return Table(journal, script, cat, lang)


def twelve_table(lang: Lang = "en") -> Table:
    """The seed 000 script with the Imp added, seven players a–g as :data:`TWELVE`."""
    return make_table("twelve", list("abcdefg"), TWELVE, lang=lang, add=["imp"], decide={"widow_know": "5"})
