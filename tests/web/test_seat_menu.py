"""The storyteller's hand on the page, in a real Chromium: a seat's menu of every edit, Travellers and
Fabled. Each page edit sends the typed command, so it is the same event as the typed one: checked by
carrying the same line out on a copy of the journal from before, and comparing the change it makes."""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from bench.web_harness import App, chromium, clocktower_args
from moderator.clocktower.frontend import TextLoop
from moderator.clocktower.grimoire.journal import Journal
from moderator.clocktower.rules.loader import default_catalogue
from moderator.clocktower.rules.scripts import load_script
from moderator.clocktower.table import Table
from tests.web.test_page import PHONE, TABLET, agree, open_page, step


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    running = App(tmp_path, clocktower_args("en"))
    yield running
    running.stop()


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[BrowserContext]:
    with chromium(tmp_path / "profile") as ctx:
        yield ctx


def entries(app: App) -> list[dict[str, Any]]:
    saved: list[dict[str, Any]] = json.loads(app.save.read_text(encoding="utf-8"))["entries"]
    return saved


def typed_change(before: str, line: str) -> dict[str, Any]:
    """The change ``line`` makes when typed on the game as it was saved in ``before``."""
    doc = json.loads(before)
    journal = Journal.model_validate({k: v for k, v in doc.items() if k not in ("game", "checksum")})
    script, cat = load_script(journal.start.script, default_catalogue())
    table = Table(journal, script, cat, "en")
    _, error = TextLoop(table, "en", io.StringIO()).step(line)
    assert error is None, error
    return table.journal.entries[-1].model_dump(mode="json")


def edit(page: Page, app: App, seat: int, line: str, do: Callable[[], None]) -> dict[str, Any]:
    """Open seat ``seat``'s menu, do the edit, check the page and the state agree and that the change is the
    one ``line`` typed makes."""
    before = app.save.read_text(encoding="utf-8")
    page.locator(f'#square [data-menu="{seat}"]').click()
    expect(page.locator("#seatmenu")).to_have_class("open")
    state = step(page, app, do)
    assert entries(app)[-1] == typed_change(before, line), line
    return state


def test_every_edit_from_a_seat_s_menu_is_the_typed_one(app: App, browser: BrowserContext, tmp_path: Path) -> None:
    page = open_page(browser, app)
    page.set_viewport_size(PHONE)
    for line in ("next", "seat 3", "widow"):  # dusk; the Kazali makes seat 3 the Widow: Minion info now
        app.type(line)
    expect(page.locator("#sheet li.current")).to_have_attribute("data-step", "minioninfo")
    menu = page.locator("#seatmenu")
    state = edit(page, app, 4, "seat 4 dies", lambda: menu.locator('[data-edit="dies"]').click())
    assert not state["players"][3]["alive"]
    state = edit(page, app, 4, "seat 4 has no ghost vote", lambda: menu.locator('[data-edit="no_ghost_vote"]').click())
    assert not state["players"][3]["ghost_vote"]
    state = edit(page, app, 4, "seat 4 revives", lambda: menu.locator('[data-edit="revives"]').click())
    assert state["players"][3]["alive"]
    state = edit(page, app, 2, "seat 2 is poisoned", lambda: menu.locator('[data-edit="poisoned"]').click())
    assert {"from": "storyteller", "name": "Poisoned", "by_seat": None} in state["players"][1]["reminders"]
    state = edit(page, app, 2, "seat 2 is sober", lambda: menu.locator('[data-edit="sober"]').click())
    assert not any(r["from"] == "storyteller" for r in state["players"][1]["reminders"])
    state = edit(page, app, 6, "seat 6 is evil", lambda: menu.locator('[data-edit="evil"]').click())
    assert state["players"][5]["alignment"] == "evil"

    def character() -> None:
        menu.locator('[data-pane="change_character"]').click()
        menu.locator('[data-character="imp"]').click()

    state = edit(page, app, 7, "seat 7 is the imp", character)
    assert (state["players"][6]["character"], state["players"][6]["alignment"]) == ("imp", "evil")

    def reminder() -> None:
        menu.locator('[data-pane="add_reminder"]').click()
        menu.locator('[data-token="widow Poisoned"]').click()

    state = edit(page, app, 1, "put widow Poisoned on seat 1", reminder)
    assert any(r["from"] == "widow" and r["name"] == "Poisoned" for r in state["players"][0]["reminders"])
    take = menu.locator('[data-take="widow Poisoned"]')
    state = edit(page, app, 1, "take widow Poisoned off seat 1", take.click)
    assert not any(r["from"] == "widow" and r["name"] == "Poisoned" for r in state["players"][0]["reminders"])

    def note() -> None:
        menu.locator("#notein").fill("claims the Chef")
        menu.locator('[data-edit="note"]').click()

    state = edit(page, app, 5, "note seat 5 claims the Chef", note)
    assert state["players"][4]["notes"] == ["claims the Chef"]
    used = menu.locator('[data-edit="used_ability"]')
    state = edit(page, app, 3, "seat 3 has used their ability", used.click)
    assert any(r["name"] == "No Ability" for r in state["players"][2]["reminders"])

    def swap() -> None:
        menu.locator('[data-edit="swap"]').click()
        page.locator('#square [data-seat="6"]').click()

    state = edit(page, app, 1, "swap seat 1 and seat 6", swap)
    assert state["players"][0]["character"] != "imp" or state["players"][5]["character"] == "imp"
    page.set_viewport_size(TABLET)
    page.locator('#square [data-menu="2"]').click()
    page.screenshot(path=str(tmp_path / "tablet-seat-menu.png"))
    page.locator('#seatmenu [data-edit="close"]').click()
    expect(menu).not_to_have_class("open")
    agree(page, app)


def test_travellers_and_fabled_from_the_page(app: App, browser: BrowserContext) -> None:
    page = open_page(browser, app)
    app.type("next")
    expect(page.locator("#sheet li.current")).to_have_attribute("data-step", "kazali")
    menu = page.locator("#seatmenu")

    def traveller() -> None:
        menu.locator('[data-pane="add_traveller"]').click()
        menu.locator("#travname").fill("Hana")
        menu.locator('[data-traveller="thief"]').click()

    state = edit(page, app, 3, "add traveller thief as Hana after seat 3", traveller)
    assert (state["players"][3]["name"], state["players"][3]["character"]) == ("Hana", "thief")
    expect(page.locator("#square [data-seat]")).to_have_count(8)
    assert state["question"] is not None and state["question"]["expects"] == "alignment"
    state = step(page, app, lambda: page.locator("#b-next").click())  # good, as proposed
    assert state["players"][3]["alignment"] == "good" and state["question"] is None
    before = app.save.read_text(encoding="utf-8")
    page.locator("#b-fabled").click()
    state = step(page, app, lambda: menu.locator('[data-fabled-add="djinn"]').click())
    assert state["fabled"] == ["djinn"] and entries(app)[-1] == typed_change(before, "add fabled djinn")
    expect(page.locator('#fabled [data-fabled="djinn"]')).to_be_visible()
    state = step(page, app, lambda: page.locator('#fabled [data-fabled="djinn"]').click())
    assert state["fabled"] == []
    state = edit(page, app, 4, "seat 4 leaves", lambda: menu.locator('[data-edit="leaves"]').click())
    assert len(state["players"]) == 7
