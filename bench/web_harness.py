"""What the web tests and the latency benchmark share: the app in a real process with ``--web`` (typed
commands on its stdin, the URL read off its stderr), and Debian's Chromium driven by Playwright.

Playwright never downloads a browser here: it is pointed at /usr/bin/chromium (tools/bootstrap.sh
installs it), with a fresh profile each time, and it only ever talks to 127.0.0.1.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, sync_playwright

CHROMIUM = os.environ.get("MODERATOR_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
URL_LINE = re.compile(r"the web page is at (http://\S+)")
TABLE_LINE = re.compile(r"the table's screen .* is at (http://\S+)")

#: A small first night: the Kazali asks for a seat and a Minion, the Widow poisons, the poisoned
#: Snake Charmer gets the warning.
PLAYERS = "Ann,Ben,Cat,Dan,Eve,Fay,Gus"
ASSIGN = "pixie,snakecharmer,fisherman,ravenkeeper,kazali,cannibal,lycanthrope"


class App:
    """``moderator play|growl --text --web --port 0`` in its own process."""

    def __init__(self, tmp: Path, args: Sequence[str]) -> None:
        self.state_out = tmp / "state.json"
        self.save = tmp / "game.json"
        self.stdout_log = tmp / "stdout.txt"
        cmd = [sys.executable, "-m", "moderator", *args, "--text", "--web", "--port", "0",
               "--state-out", str(self.state_out), "--save", str(self.save)]  # fmt: skip
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self._out = open(self.stdout_log, "w", encoding="utf-8")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=self._out, stderr=subprocess.PIPE,
                                     text=True, encoding="utf-8", env=env)  # fmt: skip
        self.stderr: list[str] = []
        self.url = self._read_url()
        threading.Thread(target=self._drain, daemon=True).start()

    def _read_url(self) -> str:
        assert self.proc.stderr is not None
        deadline = time.monotonic() + 60
        for line in self.proc.stderr:
            self.stderr.append(line)
            m = URL_LINE.search(line)
            if m:
                return m.group(1)
            if time.monotonic() > deadline:
                break
        raise RuntimeError("the app printed no web URL:\n" + "".join(self.stderr))

    def _drain(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.stderr.append(line)

    @property
    def table_url(self) -> str:
        """The table's screen (printed on the line after the page's URL)."""
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            for line in list(self.stderr):
                m = TABLE_LINE.search(line)
                if m:
                    return m.group(1)
            time.sleep(0.05)
        raise RuntimeError("the app printed no table URL:\n" + "".join(self.stderr))

    @property
    def base(self) -> str:
        return self.url.split("?")[0].rstrip("/")

    @property
    def token(self) -> str:
        return self.url.split("token=")[1]

    def type(self, line: str) -> None:
        """A line typed on the app's keyboard."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def state(self) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(self.state_out.read_text(encoding="utf-8"))
        return data

    def stop(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self._out.close()


def clocktower_args(lang: str = "en") -> list[str]:
    # The Widow the Kazali makes: whom she is known to, decided at setup (else the app asks, proposing one).
    return ["play", "--lang", lang, "--seed", "1", "--script", "twelve", "--players", PLAYERS, "--assign", ASSIGN,
            "--decide", "widow_know=1"]  # fmt: skip


@contextmanager
def chromium(profile: Path, width: int = 390, height: int = 844) -> Iterator[BrowserContext]:
    """A headless Chromium with a fresh profile in ``profile``."""
    if not Path(CHROMIUM).is_file():
        raise RuntimeError(f"no Chromium at {CHROMIUM}: run tools/bootstrap.sh (it installs Debian's chromium)")
    with sync_playwright() as pw:
        ctx = pw.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
            viewport={"width": width, "height": height}, device_scale_factor=1,
        )  # fmt: skip
        try:
            yield ctx
        finally:
            ctx.close()


def version(page: Page) -> int:
    """How many views the page has drawn."""
    return int(page.evaluate("() => +(document.body.dataset.version || 0)"))


def wait_drawn_after(page: Page, before: int, timeout_ms: float = 5000) -> None:
    """Wait until the page has drawn a view pushed after ``before``."""
    page.wait_for_function(f"() => +(document.body.dataset.version || 0) > {before}", timeout=timeout_ms)
