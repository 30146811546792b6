"""Where the page is, said on the terminal: the URL (with the LAN address when serving the LAN) and
a QR code a phone on the same Wi-Fi opens in one step."""

from __future__ import annotations

import io
import socket

from moderator.web._deps import require

ANY_HOSTS = ("0.0.0.0", "::", "")


def lan_address() -> str | None:
    """This machine's address on the local network (the route out; nothing is sent), or None."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            addr: str = s.getsockname()[0]
        except OSError:
            return None
    return None if addr.startswith("127.") else addr


def public_url(host: str, port: int, token: str) -> str:
    """The URL a phone opens: the LAN address when bound to every address, else the host bound."""
    shown = (lan_address() or "127.0.0.1") if host in ANY_HOSTS else host
    shown = f"[{shown}]" if ":" in shown else shown
    return f"http://{shown}:{port}/?token={token}"


def qr_text(url: str) -> str:
    """``url`` as a QR code drawn with half-block characters (two rows per line).

    Raises:
        WebDependencyError: qrcode is not installed.
    """
    qrcode = require("qrcode", "for_qr_code")
    qr = qrcode.QRCode(border=2)
    qr.add_data(url)
    qr.make(fit=True)
    out = io.StringIO()
    qr.print_ascii(out=out, invert=True)
    return out.getvalue()
