"""The checked catalogue is cached on disk, keyed by what it depends on (issue 26: start-up does not grow
with the catalogue). A cache that is damaged, or that no longer matches the data, is never used."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from moderator.clocktower.rules import loader
from moderator.paths import data_dir


@pytest.fixture()
def fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MODERATOR_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(loader, "_CACHE", {})
    return tmp_path / "cache" / "catalogue"


def test_a_second_start_reads_the_one_cached_file(fresh: Path) -> None:
    first = loader.default_catalogue()
    cached = list(fresh.glob("*.pickle"))
    assert len(cached) == 1 and cached[0].stem == loader.data_key(data_dir().resolve())
    loader._CACHE.clear()
    again = loader.default_catalogue()
    assert again is not first and again["imp"].name.ko == first["imp"].name.ko
    assert again.characters == first.characters and again.jinxes == first.jinxes
    assert again.setup("legion").most_players == first.setup("legion").most_players


def test_a_damaged_cache_is_loaded_anew_and_replaced(fresh: Path) -> None:
    loader.default_catalogue()
    (cached,) = fresh.glob("*.pickle")
    cached.write_bytes(b"\x80\x05not a pickle at all")
    loader._CACHE.clear()
    catalogue = loader.default_catalogue()
    assert catalogue["washerwoman"].described
    assert cached.read_bytes()[:2] == b"\x80\x05" and len(cached.read_bytes()) > 10_000


def test_the_key_follows_the_data(tmp_path: Path) -> None:
    copy = tmp_path / "data"
    shutil.copytree(data_dir(), copy)
    before = loader.data_key(copy)
    path = copy / "characters" / "imp.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    assert loader.data_key(copy) != before
