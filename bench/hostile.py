"""What hostile input costs (issue 24): each attack of the issue, timed, with what the app answered.

- a script with 20,000 homebrew characters (refused), and a game started on one at the limit (300);
- a 64 MB voice-pack manifest packed into a small zip, with honest and with lying headers;
- 1,100 connections that send nothing or half a head while the page acts and every change is saved;
- the CPU one change costs with 40 event streams open (the cap), and the views built for it.

    .venv/bin/python -m bench.hostile
"""

from __future__ import annotations

import http.client
import io
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from moderator.clocktower.frontend import TextLoop
from moderator.clocktower.rules.loader import default_catalogue
from moderator.clocktower.rules.problems import Problems
from moderator.clocktower.rules.scripts import parse_script
from moderator.savefile import LiveSave, decode, read_bytes
from moderator.voice.pack import PackError, import_pack
from moderator.web.clocktower import ClocktowerWeb
from moderator.web.guard import MAX_STREAMS
from moderator.web.server import View, start
from tests.tables import make_table


def _brew(i: int) -> dict[str, object]:
    return {"id": f"hb_{i}", "name": f"Brew {i}", "team": "townsfolk", "ability": "Each night, learn a number."}


def scripts(tmp: Path) -> None:
    huge = tmp / "huge.json"
    huge.write_text(json.dumps(["imp", *(_brew(i) for i in range(20_000))]))
    start = time.perf_counter()
    problems = Problems()
    parse_script(huge, default_catalogue(), problems)
    print(f"script of 20,000 homebrew characters ({huge.stat().st_size // 1024} KB): refused in "
          f"{time.perf_counter() - start:.2f} s: {problems.items[0].message}")  # fmt: skip
    for count in (0, 300):
        path = tmp / f"brew{count}.json"
        official = ["imp", "poisoner", "washerwoman", "empath", "chef"]
        path.write_text(json.dumps([*official, *(_brew(i) for i in range(count))]))
        argv = [sys.executable, "-m", "moderator", "play", "--script", str(path), "--players", "a,b,c,d,e", "--text",
                "--save", str(tmp / f"s{count}.json")]  # fmt: skip
        start = time.perf_counter()
        done = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, check=False)
        print(f"a game started on a script with {count} homebrew characters: {time.perf_counter() - start:.2f} s "
              f"to the first prompt and out (exit {done.returncode})")  # fmt: skip


def zip_bomb(path: Path, size: int, lie: int | None = None) -> Path:
    """A voice pack whose manifest unpacks to ``size`` bytes of spaces; ``lie``: the size its headers claim
    (tests/voice/test_pack.py uses it too)."""
    import zipfile

    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z, z.open("manifest.json", "w", force_zip64=True) as m:
        m.write(b'{"name": "bomb", "lang": "ko", "takes": []')
        for _ in range(size // 2**20):
            m.write(b" " * 2**20)
        m.write(b"}")
    if lie is not None:
        data = bytearray(path.read_bytes())
        local, central = data.index(b"PK\x03\x04"), data.index(b"PK\x01\x02")
        data[local + 22 : local + 26] = lie.to_bytes(4, "little")
        data[central + 24 : central + 28] = lie.to_bytes(4, "little")
        path.write_bytes(bytes(data))
    return path


def zips(tmp: Path) -> None:
    os.environ["XDG_DATA_HOME"] = str(tmp / "data")
    for lie in (None, 100):
        bomb = zip_bomb(tmp / "bomb.zip", 64 * 2**20, lie)
        tracemalloc.start()
        start = time.perf_counter()
        try:
            import_pack(bomb)
            said = "installed (!)"
        except PackError as exc:
            said = str(exc).split(": ", 1)[1]
        took = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        how = "honest headers" if lie is None else f"headers saying {lie} bytes"
        print(f"voice pack, a 64 MB manifest in {bomb.stat().st_size // 1024} KB ({how}): {took:.2f} s, "
              f"peak {peak / 2**20:.1f} MB: {said}")  # fmt: skip


class Counting(ClocktowerWeb):
    views = 0

    def view(self) -> View:
        self.views += 1
        return super().view()


def web(tmp: Path) -> None:
    players = [chr(ord("a") + i) for i in range(12)]
    roles = ["imp", "poisoner", "spy", "drunk", "washerwoman", "librarian", "chef", "empath", "monk", "slayer",
             "soldier", "mayor"]  # fmt: skip
    table = make_table("twelve", players, roles)
    live = LiveSave(tmp / "game.json", "clocktower", tmp / "rescue.json", lambda _: None)
    live.open()
    table.persist = live
    live(table.journal)
    page = Counting(table, TextLoop(table, "en", io.StringIO()))
    said: list[str] = []
    running = start(page, "127.0.0.1", 0, say=said.append)
    port, token = running.port, running.token

    def act(line: str) -> dict[str, object]:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("POST", f"/act?token={token}", json.dumps({"line": line}), {"Content-Type": "application/json"})
        out: dict[str, object] = json.loads(conn.getresponse().read())
        conn.close()
        return out

    before = len(table.journal.entries)
    start_t = time.perf_counter()
    strangers = []
    for i in range(1100):
        s = socket.create_connection(("127.0.0.1", port))
        if i % 2:
            s.sendall(b"GET / HTTP/1.1\r\nHo")
        strangers.append(s)
    opened = time.perf_counter() - start_t
    acted = sum(act(f"seat {n} is poisoned")["ok"] is True for n in range(1, 9))
    saved = len(decode(read_bytes(live.path), live.path, "clocktower")["entries"]) - before
    fds = len(os.listdir("/proc/self/fd")) - len(strangers)
    print(f"web, 1,100 connections sending nothing or half a head (opened in {opened:.1f} s): 8 page actions "
          f"acknowledged {acted}, saved {saved}; descriptors besides the strangers' {fds}; terminal lines {len(said)}")
    for s in strangers:
        s.close()

    streams = []
    for _ in range(MAX_STREAMS):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(f"GET /events?token={token} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        streams.append(s)
    time.sleep(1)
    views, cpu = page.views, time.process_time()
    for n in range(1, 6):
        act(f"seat {n} is drunk")
        time.sleep(0.2)
    per_change = (time.process_time() - cpu) / 5
    print(f"web, {MAX_STREAMS} event streams open: {per_change * 1000:.0f} ms of CPU per change (the whole process), "
          f"{(page.views - views) / 5:.1f} views built per change")  # fmt: skip
    for s in streams:
        s.close()
    running.stop()
    live.close()


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="moderator-hostile-") as tmp:
        scripts(Path(tmp))
        zips(Path(tmp))
        web(Path(tmp))


if __name__ == "__main__":
    main()
