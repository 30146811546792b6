"""The table-talk set (tests/talk: 622 Korean and 272 English lines a table says, written by a helper
from how people talk, never from the phrase files): no line that means nothing changes the game.
Every other outcome is measured, not asserted: ``python -m bench.talk`` prints them (README).

A line with a ``known_fault`` (what the app still gets wrong) is left out here and listed by the bench."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bench.talk import HERE, load, measure

_ITEMS: list[tuple[str, dict[str, Any]]] = [(lang, it) for lang in ("ko", "en") for it in load(lang)[0]]


def test_the_set_is_as_large_as_the_issue_asks() -> None:
    ko = [it for lang, it in _ITEMS if lang == "ko"]
    en = [it for lang, it in _ITEMS if lang == "en"]
    assert len(ko) >= 300 and len(en) >= 100
    assert sum(it.get("means") is None for it in ko) >= len(ko) // 3  # a third are no command
    kinds = {it.get("kind") for it in ko}
    assert {"answer", "casual", "question", "chatter", "number"} <= kinds


@pytest.mark.parametrize("lang", ["ko", "en"])
@pytest.mark.parametrize("folder", [HERE, HERE / "heldout", HERE / "audit"], ids=["choose", "heldout", "audit"])
def test_no_line_that_means_nothing_changes_the_game(lang: str, folder: Path) -> None:
    """The set the phrases were chosen on, the held-out one (tests/talk/heldout: 644 Korean and 240
    English lines by another helper, on other scripts and player counts, never used to choose), and a
    third (tests/talk/audit: 410 lines of a black-box audit, whose wrong lines were mended)."""
    items, contexts = load(lang, folder)
    nothing = [it for it in items if it.get("means") is None and not it.get("known_fault")]
    totals = measure(nothing, contexts, verbose=True)
    assert totals["wrong"] == 0, totals


def test_the_known_faults_are_still_faults() -> None:
    """A line marked as a known fault that the app now gets right must lose its mark (as a strict xfail)."""
    for lang in ("ko", "en"):
        items, contexts = load(lang)
        faults = [it for it in items if it.get("known_fault")]
        if faults:
            assert measure(faults, contexts)["right"] == 0


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_outside_set_is_well_formed(lang: str) -> None:
    """tests/talk/outside: table talk written by a helper who never saw the code or the phrase files,
    measured by the voice (``python -m bench.talk_outside``): its lines as the bench reads them."""
    from bench.talk_outside import lines_of

    rows = lines_of(lang)  # type: ignore[arg-type]
    assert len(rows) >= (200 if lang == "ko" else 120)
    assert {c for c, _ in rows} == {"near", "short", "chatter", "aside", "growl"}
    assert len({t for _, t in rows}) == len(rows)
    spoken = [t for _, t in rows if not all(ch.isalpha() or ch in " ?!'" for ch in t)]
    assert spoken == [], "words only: the voice says each line as it is written"
