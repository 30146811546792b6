"""Nothing from outside reaches the terminal raw (issue 24): a player's name, a script's, a line typed
or posted from the page, a voice pack's manifest. Control characters (the escape that starts a
terminal sequence, the bell, a carriage return, the direction overrides) are shown escaped, and a
newline inside one piece of text as ``⏎``, so no text can clear the screen, retitle the window or print
a line that looks like the app's own.
"""

from __future__ import annotations

import unicodedata
from typing import TextIO

NEWLINE = "\u23ce"  # ⏎
#: Control characters, lone surrogates (bytes that were not UTF-8), format characters (the direction overrides
#: that show a name backwards, zero-width spaces, the soft hyphen, a byte-order mark) and the line and
#: paragraph separators some terminals and viewers break lines at.
_UNSAFE = frozenset({"Cc", "Cs", "Cf", "Zl", "Zp"})


def _escaped(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def unsafe(ch: str) -> bool:
    """Whether ``ch`` may change what a terminal shows beyond printing itself, or is no text at all (a lone
    surrogate: bytes that were not UTF-8)."""
    code = ord(ch)
    noncharacter = 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE
    return unicodedata.category(ch) in _UNSAFE or noncharacter


def printable(text: str) -> str:
    """``text`` as one printable piece: every control character escaped, a newline as ``⏎``."""
    if not any(unsafe(ch) for ch in text):
        return text
    return "".join(NEWLINE if ch == "\n" else _escaped(ch) if unsafe(ch) else ch for ch in text)


def has_controls(text: str) -> bool:
    """Whether ``text`` holds any control character or lone surrogate (a name or a line must not)."""
    return any(unsafe(ch) for ch in text)


class PrintableStream:
    """A text stream that escapes what a terminal would act on in everything written to it: every control
    character but the newline and the tab that lay out the app's own lines (and a carriage return that
    starts a write: the level meter redraws its line so)."""

    def __init__(self, inner: TextIO) -> None:
        self.inner = inner

    def write(self, text: str) -> int:
        head = "\r" if text.startswith("\r") else ""
        body = text[len(head) :]
        if any(unsafe(ch) and ch not in "\n\t" for ch in body):
            body = "".join(_escaped(ch) if unsafe(ch) and ch not in "\n\t" else ch for ch in body)
        try:
            self.inner.write(head + body)
        except UnicodeEncodeError:  # what the stream cannot encode (a lone surrogate) is replaced
            enc = getattr(self.inner, "encoding", None) or "utf-8"
            self.inner.write((head + body).encode(enc, "replace").decode(enc, "replace"))
        return len(text)

    def __getattr__(self, name: str) -> object:  # flush, isatty, encoding, fileno, buffer …
        return getattr(self.inner, name)
