"""What ``--web`` calls: start the page on a game and say where it is (URL and QR code on stderr)."""

from __future__ import annotations

import atexit
import ipaddress
import sys

from moderator.cli_common import WebOptions
from moderator.clocktower.frontend import TextLoop
from moderator.clocktower.table import Table
from moderator.errors import SetupError
from moderator.growl.frontend import GrowlLoop
from moderator.web._deps import WebDependencyError
from moderator.web.clocktower import ClocktowerWeb
from moderator.web.growl import GrowlWeb
from moderator.web.server import Running, WebGame, start
from moderator.web.terminal import public_url, qr_text


def serve_clocktower(table: Table, loop: TextLoop, options: WebOptions) -> None:
    """``moderator play --web``: the live grimoire beside the keys or the voice."""
    _serve(ClocktowerWeb(table, loop), options)


def serve_growl(loop: GrowlLoop, options: WebOptions) -> None:
    """``moderator growl --web``: the table view beside the keys or the voice."""
    _serve(GrowlWeb(loop), options)


def loopback(host: str) -> bool:
    """Whether ``host`` is this machine only (no other device can reach it)."""
    name = host.strip("[]").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def _serve(game: WebGame, options: WebOptions) -> Running:
    """Start the server and print where it is.

    Raises:
        SetupError: the address cannot be served (taken, or not this machine's).
        WebDependencyError: starlette or uvicorn is not installed.
    """
    try:
        running = start(game, options.host, options.port)
    except OSError as exc:
        raise SetupError(f"cannot serve the web page on {options.host}:{options.port} ({exc}); "
                         "try another --port") from exc  # fmt: skip
    atexit.register(running.refusals.flush)  # the last minute's refused requests, as the program ends
    url = public_url(options.host, running.port, running.token)
    print(f"moderator: the web page is at {url}", file=sys.stderr)
    table = public_url(options.host, running.port, running.table_token).replace("/?token=", "/table?token=")
    print(f"moderator: the table's screen (nothing secret on it) is at {table}", file=sys.stderr)
    if not loopback(options.host):
        print("moderator: anyone on this network with the URL can open it; keep the token to yourself",
              file=sys.stderr)  # fmt: skip
    else:
        print("moderator: this machine only; for a phone on the Wi-Fi, add --web-host 0.0.0.0", file=sys.stderr)
    try:
        print(qr_text(url), file=sys.stderr)
    except WebDependencyError as exc:  # the page works without its QR code
        print(f"moderator: no QR code: {exc}", file=sys.stderr)
    return running
