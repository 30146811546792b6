"""The page as an app on the phone: its manifest and its icons, drawn here from the four team colours and
the app's initial (never the official art), as SVG and as PNG (a few lines of zlib: no image library)."""

from __future__ import annotations

import math
import struct
import zlib
from functools import cache

TEAMS = ("#2f6fd6", "#27a5b8", "#e0852c", "#c62828")
"""Townsfolk, Outsider, Minion, Demon: the page's own team colours, clockwise from the top right."""
BACKGROUND = "#14121a"


def manifest(token: str, lang: str) -> dict[str, object]:
    """The web app manifest: opens the storyteller's page (with its token) without the address bar."""
    query = f"?token={token}"
    return {
        "name": "moderator" if lang != "ko" else "모더레이터",
        "short_name": "moderator",
        "lang": lang,
        "start_url": f"/{query}",
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "background_color": BACKGROUND,
        "theme_color": BACKGROUND,
        "icons": [
            {"src": f"/icon-192.png{query}", "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": f"/icon-512.png{query}", "sizes": "512x512", "type": "image/png", "purpose": "any maskable"},
            {"src": f"/icon.svg{query}", "sizes": "any", "type": "image/svg+xml"},
        ],
    }


def icon_svg() -> str:
    """A ring in the four team colours around the app's initial."""
    arcs = []
    for i, colour in enumerate(TEAMS):
        a0, a1 = math.radians(-90 + 90 * i + 4), math.radians(-90 + 90 * (i + 1) - 4)
        x0, y0, x1, y1 = 50 + 36 * math.cos(a0), 50 + 36 * math.sin(a0), 50 + 36 * math.cos(a1), 50 + 36 * math.sin(a1)
        arcs.append(f'<path d="M{x0:.2f} {y0:.2f}A36 36 0 0 1 {x1:.2f} {y1:.2f}" stroke="{colour}" stroke-width="12" '
                    'fill="none" stroke-linecap="round"/>')  # fmt: skip
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" '
            f'fill="{BACKGROUND}"/>{"".join(arcs)}<text x="50" y="62" text-anchor="middle" font-size="34" '
            'font-family="sans-serif" font-weight="700" fill="#f4ecd8">M</text></svg>')  # fmt: skip


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


@cache
def icon_png(size: int) -> bytes:
    """The icon as a PNG of ``size`` pixels: the ring in the team colours, a light token in the middle."""
    back, light = _rgb(BACKGROUND), _rgb("#f4ecd8")
    teams = [_rgb(c) for c in TEAMS]
    rows = bytearray()
    half = size / 2
    for y in range(size):
        rows.append(0)  # filter: none
        for x in range(size):
            dx, dy = (x + 0.5 - half) / half, (y + 0.5 - half) / half
            r = math.hypot(dx, dy)
            if 0.62 <= r <= 0.84:
                angle = (math.degrees(math.atan2(dy, dx)) + 90) % 360
                pixel = teams[int(angle // 90)] if 4 < angle % 90 < 86 else back
            elif r < 0.4:
                pixel = light
            else:
                pixel = back
            rows += bytes(pixel)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    head = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    body = chunk(b"IHDR", head) + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + body
