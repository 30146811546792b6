"""The Korean texts a native editor corrected stay corrected (tests/korean/reviewed.yaml)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
REVIEWED: list[dict[str, str]] = yaml.safe_load((Path(__file__).with_name("reviewed.yaml")).read_text(encoding="utf-8"))


@cache
def _doc(file: str) -> Any:
    return yaml.safe_load((REPO / file).read_text(encoding="utf-8"))


def korean_at(path: str) -> str:
    """The Korean text at ``file:dotted.key`` (a list index is a number)."""
    file, key = path.split(":", 1)
    node = _doc(file)
    for part in key.split("."):
        node = node[int(part)] if isinstance(node, list) else node[part]
    return str(node["ko"] if isinstance(node, dict) else node)


def test_the_review_covers_every_kind_of_text() -> None:
    files = {e["path"].split(":")[0] for e in REVIEWED}
    assert {"data/steps.yaml", "data/growl/texts.yaml", "data/jinxes.yaml"} <= files
    assert sum(f.startswith("data/characters/") for f in files) > 50
    assert all(e["was"] != e["now"] for e in REVIEWED)


@pytest.mark.parametrize("entry", REVIEWED, ids=lambda e: e["path"])
def test_a_reviewed_text_keeps_its_correction(entry: dict[str, str]) -> None:
    assert korean_at(entry["path"]) == entry["now"], (
        f"{entry['path']} was reviewed ({entry['why']}); change it on purpose in tests/korean/reviewed.yaml too"
    )
