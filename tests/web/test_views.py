"""The page at a phone's, a tablet's and a laptop's size in both languages (nothing clipped or overlapping,
the square and Next on screen without scrolling on a tablet, tokens readable), the players' screen's
headings for each kind of card, the table's screen (nothing secret in it), the timers, notes, the page
as an app, and a reconnect after the server was away for 10 s. In a real Chromium, on loopback."""

from __future__ import annotations

import io
import json
import struct
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, ViewportSize, expect

from bench.web_harness import App, chromium, clocktower_args, version, wait_drawn_after
from moderator.clocktower.frontend import TextLoop
from moderator.web.clocktower import CARD_KINDS, ClocktowerWeb
from moderator.web.server import start
from moderator.web.texts import labels
from tests.web.test_voice_sync import new_table

SHOW = """(cards) => { suggested = cards; openShow();
  return [...document.querySelectorAll('#showbody .title')].map((e) => e.textContent); }"""
SIZES: dict[str, ViewportSize] = {
    "phone": {"width": 390, "height": 844},
    "tablet": {"width": 820, "height": 1180},
    "landscape": {"width": 1024, "height": 768},
}


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[BrowserContext]:
    with chromium(tmp_path / "profile") as ctx:
        yield ctx


def fetch(url: str) -> tuple[int, bytes, str]:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return int(r.status), r.read(), r.headers.get("Content-Type", "")
    except urllib.error.HTTPError as e:
        return int(e.code), e.read(), ""


@contextmanager
def running(tmp: Path, lang: str) -> Iterator[App]:
    """``moderator play --web`` on the harness's small game in ``lang``, stopped after the block."""
    app = App(tmp, clocktower_args(lang))
    try:
        yield app
    finally:
        app.stop()


def open_page(browser: BrowserContext, url: str, size: ViewportSize) -> Page:
    page = browser.new_page()
    page.set_viewport_size(size)
    page.goto(url)
    page.wait_for_function("() => +(document.body.dataset.version || 0) > 0")
    return page


def boxes(page: Page, selector: str) -> list[dict[str, float]]:
    found: list[dict[str, float]] = page.evaluate(
        "(s) => [...document.querySelectorAll(s)].map((e) => { const r = e.getBoundingClientRect();"
        " return {x: r.x, y: r.y, w: r.width, h: r.height}; })", selector)  # fmt: skip
    return found


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    across = a["x"] < b["x"] + b["w"] - 1 and b["x"] < a["x"] + a["w"] - 1
    return across and a["y"] < b["y"] + b["h"] - 1 and b["y"] < a["y"] + a["h"] - 1


def check_layout(page: Page, name: str, size: ViewportSize) -> None:
    """Nothing clipped or overlapping; tokens readable; on a tablet the square and Next without scrolling."""
    tokens = boxes(page, "#square .seat .tok")
    assert tokens and not any(overlap(a, b) for i, a in enumerate(tokens) for b in tokens[i + 1 :]), name
    square = boxes(page, "#square")[0]
    assert all(t["x"] >= square["x"] - 2 and t["x"] + t["w"] <= square["x"] + square["w"] + 2 for t in tokens), name
    assert all(t["y"] >= 0 for t in tokens), f"{name}: a seat is cut at the top"
    smallest = page.evaluate("() => Math.min(...[...document.querySelectorAll('#square .tok')].map("
                             "(e) => parseFloat(getComputedStyle(e).fontSize)))")  # fmt: skip
    assert smallest >= 12, f"{name}: token text {smallest} px"
    clipped = page.evaluate(
        "() => [...document.querySelectorAll('header h1, #pname, #b-next, .pname')].filter((e) =>"
        " e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).textOverflow !== 'ellipsis')"
        ".map((e) => e.id || e.className)"
    )
    assert clipped == [], f"{name}: clipped {clipped}"
    wide = page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
    assert wide, f"{name}: scrolls sideways"
    if name != "phone":
        page.evaluate("() => window.scrollTo(0, 0)")
        nxt = boxes(page, "#b-next")[0]
        assert square["y"] + square["h"] <= size["height"] + 1, f"{name}: the square goes below the screen"
        assert nxt["y"] + nxt["h"] <= size["height"] and nxt["h"] > 0, f"{name}: Next is off the screen"


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_layouts_hold_still_at_each_size(tmp_path: Path, browser: BrowserContext, lang: str) -> None:
    with running(tmp_path, lang) as app:
        page = open_page(browser, app.url, SIZES["phone"])
        for name, size in SIZES.items():
            page.set_viewport_size(size)
            page.wait_for_timeout(100)
            check_layout(page, name, size)
            page.screenshot(path=str(tmp_path / f"{lang}-{name}-dusk.png"))
        page.set_viewport_size(SIZES["landscape"])
        for line in ("next", "seat 3", "widow", "next", "next"):  # a few steps: the page never scrolls itself
            before = version(page)
            app.type(line if lang == "en" else {"next": "다음", "seat 3": "3번", "widow": "미망인"}[line])
            wait_drawn_after(page, before)
            assert page.evaluate("() => window.scrollY") == 0, line
            check_layout(page, "landscape", SIZES["landscape"])
        expect(page.locator("#sheet li.current")).to_be_in_viewport()
        for name, size in SIZES.items():
            page.set_viewport_size(size)
            page.wait_for_timeout(100)
            page.screenshot(path=str(tmp_path / f"{lang}-{name}-widow.png"))
        # Korean is kept whole between words everywhere (the body's word-break)
        assert page.evaluate("() => getComputedStyle(document.body).wordBreak") == "keep-all"


def test_the_players_screen_says_each_kind_once(tmp_path: Path, browser: BrowserContext) -> None:
    with running(tmp_path, "en") as app:
        page = open_page(browser, app.url, SIZES["phone"])
        page.locator("#showbtn").click()
        words = labels("en")
        for kind in CARD_KINDS:  # each kind as the storyteller may pick it, on the screen with one heading
            page.locator("#kind").select_option(kind)
            titles = page.locator("#showbody .title").all_inner_texts()
            expected = words[kind]
            assert titles == [expected], (kind, titles)
        # two cards (the Minion info): two headings, each once; the picker sits beside them, not over them
        page.locator("#b-close").click()
        for line in ("next", "seat 3", "widow"):
            app.type(line)
        page.wait_for_function("() => document.querySelector('#pname').textContent.includes('Minion')")
        page.locator("#showbtn").click()
        titles = page.locator("#showbody .title").all_inner_texts()
        assert titles == [words["demon"], words["fellow_minions"]]
        page.locator("#b-pick").click()
        picker = boxes(page, "#picker")[0]
        for card in boxes(page, "#showbody .card"):
            assert not overlap(card, picker) or card["y"] + card["h"] <= picker["y"] + 1
        page.locator('#showedit [data-card="1"]').click()
        page.locator("#kind").select_option("you_are")  # "Change" acts on the card chosen, not only the first
        assert page.locator("#showbody .title").all_inner_texts() == [words["demon"], words["you_are"]]
        page.screenshot(path=str(tmp_path / "phone-players-screen-minions.png"))


def secrets_of(state: dict[str, Any]) -> set[str]:
    """Every character and alignment of a living player, and every reminder and note: what the table's
    screen must not carry."""
    out: set[str] = set()
    for p in state["players"]:
        if p.get("character"):
            out.add(f'"{p["character"]}"')
        for r in p.get("reminders", []):
            out.add(f'"{r["name"]}"')
        out.update(f'"{n}"' for n in p.get("notes", []))
    return out


def test_the_table_screen_carries_nothing_secret(tmp_path: Path, browser: BrowserContext) -> None:
    with running(tmp_path, "en") as app:
        table_url = app.table_url
        token = table_url.split("token=")[1]
        base = app.base
        for path in ("/", "/state.json", "/view.json", "/events"):  # the table's token opens its screen only
            assert fetch(f"{base}{path}?token={token}")[0] == 403, path
        lines = ("next", "seat 3", "widow", "next", "next", "seat 2", "note seat 5 is the Kazali", "note Eve bluffs")
        for line in lines:
            app.type(line)
        time.sleep(0.5)
        status, body, _ = fetch(f"{base}/table.json?token={token}")
        assert status == 200
        text = body.decode()
        leaked = [s for s in secrets_of(app.state()) if s in text]
        assert leaked == [], leaked
        assert '"alignment"' not in text and '"reminders"' not in text and '"character"' not in text
        assert "Eve bluffs" not in text and "is the Kazali" not in text
        page = open_page(browser, table_url, SIZES["landscape"])
        expect(page.locator("#square .seat")).to_have_count(7)
        page.screenshot(path=str(tmp_path / "table-night.png"))
        storyteller = open_page(browser, app.url, SIZES["tablet"])
        expect(storyteller.locator("#notes")).to_contain_text("Eve bluffs")
        for line in ("next", "seat 6", "ravenkeeper", "next", "seat 1 nominates seat 4"):
            app.type(line)
        expect(page.locator("#phase")).to_have_text("Day 1")
        expect(page.locator("#noms .now")).to_contain_text("1 → 4")
        expect(page.locator('#square .seat.nominee[data-seat="4"]')).to_have_count(1)
        app.type("4 votes")
        expect(page.locator("#noms")).to_contain_text("4 / 4")
        page.screenshot(path=str(tmp_path / "table-day.png"))
        for size in SIZES.values():
            page.set_viewport_size(size)
            page.wait_for_timeout(100)
            seats = boxes(page, "#square .seat .disc")
            assert not any(overlap(a, b) for i, a in enumerate(seats) for b in seats[i + 1 :])


def test_timers_by_typing_count_down_on_both_screens_and_chime(tmp_path: Path, browser: BrowserContext) -> None:
    with running(tmp_path, "en") as app:
        table = open_page(browser, app.table_url, SIZES["landscape"])
        table.locator("#sound").click()  # a browser makes sound only after a tap
        chimes = int(table.evaluate("() => +(document.body.dataset.chimed || 0)"))
        page = open_page(browser, app.url, SIZES["phone"])
        app.type("timer 5 minutes")
        expect(page.locator("#clock")).to_contain_text("4:5")
        expect(table.locator("#timer")).to_contain_text("4:5")
        expect(table.locator("#timer-l")).to_have_text("Day timer")
        page.locator("#b-stoptimer").click()  # stopped by a tap
        expect(table.locator("#timer")).to_be_hidden()
        app.type("nomination timer 2 seconds")
        expect(table.locator("#timer-l")).to_have_text("Nomination timer")
        table.wait_for_function("() => document.body.dataset.timer === 'done'", timeout=6000)
        table.wait_for_function(f"() => +(document.body.dataset.chimed || 0) > {chimes}")
        expect(table.locator("#timer-l")).to_have_text("Time is up")
        expect(page.locator("#clock")).to_contain_text("0:00")
        page.locator("#tminutes").fill("3")
        page.locator("#b-timer").click()  # started by a tap
        expect(table.locator("#timer")).to_contain_text("2:5")


def test_the_page_is_an_app(tmp_path: Path, browser: BrowserContext) -> None:
    with running(tmp_path, "ko") as app:
        status, body, kind = fetch(f"{app.base}/manifest.webmanifest?token={app.token}")
        assert status == 200 and "manifest+json" in kind
        manifest = json.loads(body)
        assert manifest["display"] == "standalone" and manifest["start_url"] == f"/?token={app.token}"
        for icon in manifest["icons"]:
            status, data, kind = fetch(f"{app.base}{icon['src']}")
            assert status == 200 and kind == icon["type"]
            if kind == "image/png":
                width, height = struct.unpack(">II", data[16:24])
                assert data[:8] == b"\x89PNG\r\n\x1a\n" and f"{width}x{height}" == icon["sizes"]
        assert fetch(f"{app.base}/manifest.webmanifest")[0] == 403
        page = open_page(browser, app.url, SIZES["phone"])
        assert page.evaluate("async () => { const r = await navigator.serviceWorker.ready; return !!r.active; }")


def test_the_page_reconnects_after_the_server_was_away(tmp_path: Path, browser: BrowserContext) -> None:
    table = new_table()
    loop = TextLoop(table, "en", io.StringIO(), state_out=tmp_path / "state.json")
    loop.save_state()
    web = ClocktowerWeb(table, loop, echo=False)
    running = start(web, "127.0.0.1", 0)
    port, token = running.port, running.token
    page = open_page(browser, running.url, SIZES["phone"])
    expect(page.locator("#live")).to_have_class("on")
    running.stop()
    with loop.lock:
        loop.step("seat 2 is poisoned")  # the game goes on (keys, voice) while the page cannot reach it
        loop.save_state()
    time.sleep(10)
    expect(page.locator("#live")).not_to_have_class("on")
    again = start(web, "127.0.0.1", port, token=token)
    try:
        expect(page.locator('#square [data-seat="2"]')).to_contain_text("Poisoned", timeout=15000)
        expect(page.locator("#live")).to_have_class("on")
    finally:
        again.stop()


def test_a_page_whose_token_the_app_no_longer_has_says_so(tmp_path: Path, browser: BrowserContext) -> None:
    """Audit: after a restart (new tokens) the open page retried against 403 forever, showing only a grey dot.
    It says to scan the new code; and a tap while the app is away says it was not sent."""
    table = new_table()
    loop = TextLoop(table, "en", io.StringIO())
    web = ClocktowerWeb(table, loop, echo=False)
    running = start(web, "127.0.0.1", 0)
    port = running.port
    page = open_page(browser, running.url, SIZES["phone"])
    expect(page.locator("#live")).to_have_class("on")
    running.stop()
    time.sleep(1)
    page.evaluate("act('next')")
    expect(page.locator("#toast")).to_contain_text(labels("en")["not_sent"], timeout=10000)
    again = start(web, "127.0.0.1", port)  # a new token, as a resumed game gets
    try:
        expect(page.locator("#toast")).to_contain_text(labels("en")["new_code"], timeout=20000)
        assert table.g.cursor is not None and table.g.cursor.id == "dusk"  # nothing was done
    finally:
        again.stop()


@pytest.mark.parametrize("size", ["phone", "landscape"])
def test_fifteen_seats_each_answer_their_own_taps(size: str, browser: BrowserContext) -> None:
    """Audit: from 12 players a seat's menu button lay under the next seat, and a tap on seat 2's opened seat 3's.
    At 15 (the most players a game has), every seat's button and token are that seat's to tap."""
    from tests.tables import make_table

    chars = ["imp", "poisoner", "spy", "scarletwoman", "washerwoman", "librarian", "investigator", "chef", "empath",
             "fortuneteller", "undertaker", "monk", "ravenkeeper", "butler", "saint"]  # fmt: skip
    table = make_table("trouble-brewing", [f"Player{i}" for i in range(1, 16)], chars)
    running = start(ClocktowerWeb(table, TextLoop(table, "en", io.StringIO()), echo=False), "127.0.0.1", 0)
    try:
        page = open_page(browser, running.url, SIZES[size])
        hits = page.evaluate("""[...document.querySelectorAll('#square .seat')].map((s) => {
            const at = (r) => { const e = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                                return e && e.closest('.seat') ? e.closest('.seat').dataset.seat : null; };
            return [s.dataset.seat, at(s.querySelector('.menu-btn').getBoundingClientRect()),
                    at(s.querySelector('.tok').getBoundingClientRect())]; })""")
        assert len(hits) == 15
        assert [h for h in hits if h[1] != h[0] or h[2] != h[0]] == []
    finally:
        running.stop()


def test_every_steps_cards_render_with_their_headings(tmp_path: Path, browser: BrowserContext) -> None:
    """The cards of every step met in random games on all six bundled scripts, drawn on the players' screen:
    one heading per card, the heading of its kind, in both languages."""
    from moderator.clocktower.rules.scripts import bundled_scripts
    from moderator.web.clocktower import show_cards
    from tests.test_fuzz import _table as random_table
    from tests.test_fuzz import play_randomly

    decks: dict[str, list[dict[str, Any]]] = {}

    def each(table: Any, _loop: Any) -> None:
        cards = show_cards(table, table.prompt())
        decks.setdefault(json.dumps([c["kind"] for c in cards]) + table.prompt().step, cards)

    for script_id in sorted(bundled_scripts()):
        for seed in range(2):
            play_randomly(random_table(script_id, 8 + 3 * seed, seed, "en"), seed, each, steps=120)
    assert len(decks) >= 20
    for lang in ("en", "ko"):
        (tmp_path / lang).mkdir()
        with running(tmp_path / lang, lang) as app:
            page = open_page(browser, app.url, SIZES["phone"])
            words = labels(lang)
            for key, cards in decks.items():
                titles = page.evaluate(SHOW, cards)
                want = [words["players"] if c["kind"] == "player" and len(c["seats"]) > 1 else words[c["kind"]]
                        for c in cards]  # fmt: skip
                assert titles == want, (key, titles)
                page.evaluate("() => closeShow()")
