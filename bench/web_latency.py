"""The live grimoire's update latency: from a change to the page showing it, in a real Chromium.

Two paths, each timed ``--rounds`` times on a running ``moderator play --text --web``:

- keys → page: a line typed on the app's stdin ("next", then "back") until the page has drawn the
  pushed view (wall clock: the line written, and the page's ``Date.now()`` when the new view is
  drawn, read by a MutationObserver; the same machine's clock);
- page → page: a tap on Next (then Back) until the page has drawn the result (``performance.now()``
  in the page, from the click to the draw);
- keys → table: the same typed lines until the table's screen (``/table``, open beside the page all the
  while) has drawn them.

    .venv/bin/python -m bench.web_latency [--rounds 40]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from bench.web_harness import App, chromium, clocktower_args, version, wait_drawn_after

OBSERVE = """() => { window.__drawn = []; new MutationObserver(() => window.__drawn.push(Date.now()))
  .observe(document.body, {attributes: true, attributeFilter: ["data-version"]}); }"""
TAP = """async (sel) => { const t0 = performance.now(); const v0 = +document.body.dataset.version;
  document.querySelector(sel).click();
  while (+document.body.dataset.version === v0) await new Promise((r) => requestAnimationFrame(r));
  return performance.now() - t0; }"""


def summary(name: str, ms: list[float]) -> str:
    q = statistics.quantiles(ms, n=20)
    return f"{name}: median {statistics.median(ms):.1f} ms, p95 {q[18]:.1f} ms, max {max(ms):.1f} ms (n={len(ms)})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=40)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        app = App(Path(tmp), clocktower_args("en"))
        try:
            with chromium(Path(tmp) / "profile") as ctx:
                page = ctx.new_page()
                page.goto(app.url)
                page.wait_for_function("() => +(document.body.dataset.version || 0) > 0")
                page.evaluate(OBSERVE)
                table = ctx.new_page()
                table.goto(app.table_url)
                table.wait_for_function("() => +(document.body.dataset.version || 0) > 0")
                table.evaluate(OBSERVE)
                keys: list[float] = []
                shown: list[float] = []
                for i in range(args.rounds):
                    before, at_table = version(page), version(table)
                    page.evaluate("() => { window.__drawn = []; }")
                    table.evaluate("() => { window.__drawn = []; }")
                    t0 = time.time() * 1000
                    app.type("next" if i % 2 == 0 else "back")
                    wait_drawn_after(page, before)
                    wait_drawn_after(table, at_table)
                    keys.append(float(page.evaluate("() => window.__drawn[0]")) - t0)
                    shown.append(float(table.evaluate("() => window.__drawn[0]")) - t0)
                taps = [float(page.evaluate(TAP, "#b-next" if i % 2 == 0 else "#b-back")) for i in range(args.rounds)]
        finally:
            app.stop()
    print(summary("keys -> page", keys))
    print(summary("keys -> table", shown))
    print(summary("page tap -> page", taps))


if __name__ == "__main__":
    main()
