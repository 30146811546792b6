"""The live grimoire in a real Chromium: the token, the seats, a first night played partly by taps on
the page and partly by lines typed on the app's keyboard (the page and the saved state agree after
each), a refused tap that changes nothing, the players' screen, screenshots at phone and tablet sizes,
and Growl's table view."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, ViewportSize, expect

from bench.web_harness import App, chromium, clocktower_args, version, wait_drawn_after

PHONE: ViewportSize = {"width": 390, "height": 844}
TABLET: ViewportSize = {"width": 820, "height": 1180}


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    running = App(tmp_path, clocktower_args("en"))
    yield running
    running.stop()


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[BrowserContext]:
    with chromium(tmp_path / "profile") as ctx:
        yield ctx


def status(url: str, method: str = "GET", body: bytes | None = None) -> int:
    req = urllib.request.Request(url, method=method, data=body, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            return int(r.status)
    except urllib.error.HTTPError as e:
        return int(e.code)


def open_page(browser: BrowserContext, app: App) -> Page:
    page = browser.new_page()
    page.goto(app.url)
    page.wait_for_function("() => +(document.body.dataset.version || 0) > 0")
    return page


def agree(page: Page, app: App) -> dict[str, Any]:
    """The page, the state file and GET /state.json say the same; returns the state."""
    for _ in range(50):  # the state file is written just after the page hears of a change: wait for it
        state = app.state()
        served = json.loads(page.evaluate(
            "async (t) => (await fetch('/state.json?token=' + t)).text()", app.token))  # fmt: skip
        if served == state:
            break
        time.sleep(0.1)
    assert served == state
    for p in state["players"]:
        seat = page.locator(f'#square [data-seat="{p["seat"]}"]')
        classes = seat.get_attribute("class") or ""
        assert ("dead" in classes) == (not p["alive"]), p
        assert p["alignment"] in classes.split(), p
        assert seat.locator(".rem").count() == len(p["reminders"]) + len(p["abilities"]), p
    cursor = state["cursor"]["id"]
    if state["phase"] == "night":
        current = page.locator("#sheet li.current")
        expect(current).to_have_count(1)
        assert current.get_attribute("data-step") == cursor
    return state


def step(page: Page, app: App, do: Callable[[], None]) -> dict[str, Any]:
    """Do one thing (a tap or a typed line), wait for the page to draw the change, check they agree."""
    before = version(page)
    do()
    wait_drawn_after(page, before)
    return agree(page, app)


def test_every_path_needs_the_token(app: App, browser: BrowserContext) -> None:
    for path in ("/", "/view.json", "/state.json", "/events", "/nothing"):
        assert status(app.base + path) == 403, path
        assert status(app.base + path + "?token=wrong") == 403, path
    assert status(app.base + "/act", "POST", b'{"line": "next"}') == 403
    assert status(app.base + "/state.json?token=" + app.token) == 200
    page = browser.new_page()
    response = page.goto(app.base + "/")
    assert response is not None and response.status == 403
    assert "token" in page.content()
    assert app.state()["cursor"]["id"] == "dusk"  # the refused POST changed nothing


def test_the_seats_in_a_circle(app: App, browser: BrowserContext) -> None:
    page = open_page(browser, app)
    seats = page.locator("#square [data-seat]")
    expect(seats).to_have_count(7)
    boxes = [seats.nth(i).bounding_box() for i in range(7)]
    assert all(b is not None for b in boxes)
    # Seat 1 at the top; clockwise: seat 2 is to the right of seat 1 and seat 7 to the left.
    tops = [b["y"] for b in boxes if b]
    assert tops[0] == min(tops)
    assert boxes[1] and boxes[0] and boxes[1]["x"] > boxes[0]["x"]
    assert boxes[6] and boxes[0] and boxes[6]["x"] < boxes[0]["x"]
    expect(seats.nth(4)).to_contain_text("Kazali")
    expect(seats.nth(4)).to_contain_text("Eve")
    assert "evil" in (seats.nth(4).get_attribute("class") or "")


def test_a_first_night_by_taps_and_keys(app: App, browser: BrowserContext, tmp_path: Path) -> None:
    page = open_page(browser, app)
    page.set_viewport_size(PHONE)
    agree(page, app)
    tap = page.locator
    # dusk, typed
    state = step(page, app, lambda: app.type("next"))
    assert state["cursor"]["id"] == "kazali"
    # the Kazali: a seat tapped, then a refused character (not a Minion), then the Widow picked
    state = step(page, app, lambda: tap('#square [data-seat="3"]').click())
    assert state["cursor"]["seats"] == [3]
    before = app.state_out.read_text(encoding="utf-8")
    journal = app.save.read_text(encoding="utf-8")
    state = step(page, app, lambda: tap('#chars [data-character="pixie"]').click())
    expect(page.locator("#toast")).to_contain_text("Minion")
    assert app.state_out.read_text(encoding="utf-8") == before
    assert app.save.read_text(encoding="utf-8") == journal
    state = step(page, app, lambda: tap('#chars [data-character="widow"]').click())
    assert state["players"][2]["character"] == "widow"
    expect(tap('#square [data-seat="3"]')).to_contain_text("Widow")
    # the Minion info by keys, with its true answer on the page; the players' screen filled from it
    assert state["cursor"]["id"] == "minioninfo"
    expect(page.locator("#truth")).to_contain_text("Demon: seat 5")
    page.locator("#showbtn").click()
    expect(page.locator("#showbody")).to_contain_text("This is the Demon")
    expect(page.locator("#showbody")).to_contain_text("5 Eve")
    page.locator("#kind").select_option("you_are")  # the storyteller changes it before showing
    expect(page.locator("#showbody")).to_contain_text("You are")
    page.locator("#b-close").click()
    state = step(page, app, lambda: app.type("next"))
    # the Demon info: its bluffs on the players' screen
    assert state["cursor"]["id"] == "demoninfo"
    page.locator("#showbtn").click()
    expect(page.locator("#showbody")).to_contain_text("These characters are not in play")
    expect(page.locator("#showbody .tok")).to_have_count(3)
    page.screenshot(path=str(tmp_path / "phone-players-screen.png"))
    page.locator("#b-close").click()
    state = step(page, app, lambda: tap("#b-next").click())
    # the Widow poisons seat 2 (a tap), then the typed next; back on the page undoes it and keys redo it
    assert state["cursor"]["id"] == "widow"
    state = step(page, app, lambda: tap('#square [data-seat="2"]').click())
    assert any(r["name"] == "Poisoned" for r in state["players"][1]["reminders"])
    state = step(page, app, lambda: tap("#b-back").click())
    assert not any(r["name"] == "Poisoned" for r in state["players"][1]["reminders"])
    state = step(page, app, lambda: app.type("seat 2"))
    assert any(r["name"] == "Poisoned" for r in state["players"][1]["reminders"])
    state = step(page, app, lambda: app.type("next"))
    # the poisoned Snake Charmer: the warning is shown
    assert state["cursor"]["id"] == "snakecharmer"
    expect(page.locator("#warning")).to_contain_text("poisoned")
    expect(page.locator('#square [data-seat="2"]')).to_contain_text("Poisoned")
    for size, name in ((PHONE, "phone"), (TABLET, "tablet")):
        page.set_viewport_size(size)
        page.screenshot(path=str(tmp_path / f"{name}-night.png"), full_page=True)
    state = step(page, app, lambda: tap('#square [data-seat="6"]').click())
    # the Pixie: a character picked on the page (an in-play Townsfolk), then dawn by keys
    assert state["cursor"]["id"] == "pixie"
    state = step(page, app, lambda: tap('#chars [data-character="ravenkeeper"]').click())
    assert state["cursor"]["id"] == "dawn"
    expect(page.locator("#sheet li.current")).to_contain_text("Dawn")
    assert page.locator("#sheet li.done").count() == 7
    state = step(page, app, lambda: app.type("next"))
    assert state["phase"] == "day"
    expect(page.locator("#phase")).to_have_text("Day 1")


def test_a_tap_where_no_seat_is_asked_opens_its_menu_and_sends_nothing(app: App, browser: BrowserContext) -> None:
    page = open_page(browser, app)
    before = app.state_out.read_text(encoding="utf-8")
    page.locator('#square [data-seat="4"]').click()  # dusk asks for no seat: the seat's menu of edits opens
    expect(page.locator("#seatmenu")).to_have_class("open")
    expect(page.locator('#seatmenu [data-edit="dies"]')).to_be_visible()
    page.locator('#seatmenu [data-edit="close"]').click()
    assert app.state_out.read_text(encoding="utf-8") == before
    assert app.state()["cursor"]["id"] == "dusk"


def test_growl_table_view(tmp_path: Path, browser: BrowserContext) -> None:
    growl = App(tmp_path, ["growl", "--lang", "en", "--players", "Ann,Ben,Cat,Dan,Eve", "--seed", "3", "--pace", "0"])
    try:
        page = open_page(browser, growl)
        expect(page.locator("#g-seats [data-seat]")).to_have_count(5)
        expect(page.locator("#standings tr")).to_have_count(5)
        before = growl.state()
        state = step_growl(page, growl, lambda: page.locator('#controls-g [data-line="next"]').click())
        assert state != before or page.locator("#toast").is_visible()
        page.set_viewport_size(TABLET)
        page.screenshot(path=str(tmp_path / "tablet-growl.png"), full_page=True)
    finally:
        growl.stop()


def step_growl(page: Page, app: App, do: Callable[[], None]) -> dict[str, Any]:
    before = version(page)
    do()
    wait_drawn_after(page, before)
    state = app.state()
    assert page.locator("#g-seats [data-seat]").count() == len(state["players"])
    return state


def test_the_day_by_taps_and_keys(app: App, browser: BrowserContext, tmp_path: Path) -> None:
    page = open_page(browser, app)
    for line in ("next", "seat 3", "widow", "next", "next", "seat 2", "next", "seat 6", "ravenkeeper", "next"):
        app.type(line)
    expect(page.locator("#phase")).to_have_text("Day 1")
    state = agree(page, app)
    assert state["phase"] == "day"
    # a nomination by two taps and the Nominate button; the votes from the page
    page.locator('#square [data-seat="1"]').click()
    page.locator('#square [data-seat="4"]').click()
    state = step(page, app, lambda: page.locator("#b-nominate").click())
    assert state["today"]["nominees"] == [4]
    page.locator("#nvotes").fill("4")
    state = step(page, app, lambda: page.locator("#b-votes").click())
    assert state["today"]["block"] == 4
    expect(page.locator("#today")).to_contain_text("1 → 4")
    expect(page.locator("#today")).to_contain_text("4 votes")
    expect(page.locator("#today")).to_contain_text("About to die: 4")
    expect(page.locator("#today-l")).to_contain_text("Votes needed 4")
    page.set_viewport_size(TABLET)
    page.screenshot(path=str(tmp_path / "tablet-day.png"), full_page=True)
    # the execution typed; the rules' yes/no question answered on the page
    state = step(page, app, lambda: app.type("end day"))
    assert not state["players"][3]["alive"]
    expect(page.locator("#b-no")).to_be_visible()
    state = step(page, app, lambda: page.locator("#b-no").click())
    assert state["phase"] == "night" and state["night"] == 2
    assert "dead" in (page.locator('#square [data-seat="4"]').get_attribute("class") or "")
    expect(page.locator("#history")).to_contain_text("1 → 4")
    # the dead Ravenkeeper's line is struck through on tonight's sheet, as the voice skips it
    expect(page.locator('#sheet li.dead[data-step="ravenkeeper"]')).to_have_count(1)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(tmp_path / "phone-night-2.png"), full_page=True)


def test_a_korean_game_on_the_page(tmp_path: Path, browser: BrowserContext) -> None:
    korean = App(tmp_path, clocktower_args("ko"))
    try:
        page = open_page(browser, korean)
        page.set_viewport_size(PHONE)
        expect(page.locator("#b-next")).to_have_text("다음")
        state = step(page, korean, lambda: korean.type("다음"))
        assert state["cursor"]["id"] == "kazali"
        expect(page.locator('#square [data-seat="5"]')).to_contain_text("카잘리")
        state = step(page, korean, lambda: page.locator('#square [data-seat="3"]').click())
        assert state["cursor"]["seats"] == [3]
        state = step(page, korean, lambda: page.locator('#chars [data-character="widow"]').click())
        assert state["players"][2]["character"] == "widow"
        expect(page.locator("#truth")).to_contain_text("참인 정보")
        page.screenshot(path=str(tmp_path / "phone-korean.png"), full_page=True)
    finally:
        korean.stop()
