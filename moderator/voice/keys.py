"""The keyboard, always on beside the voice: Enter = next, Backspace = back, r = repeat,
digits + Enter = a seat, and the keys a page-turner pedal sends (Page Down / → = next,
Page Up / ← = back). Space is the push-to-talk key (when push_to_talk is on in config.toml).
Anything else typed + Enter is parsed as a spoken command would be."""

from __future__ import annotations

import contextlib
import os
import sys
import termios
import tty
from collections.abc import Callable, Iterator
from typing import TextIO

#: What the push-to-talk key sends: not a command, a signal to listen for the next answer.
TALK = "<talk>"
#: What Ctrl-D at the terminal sends: stop the game (it is saved). The end of piped input is not it.
QUIT = "<quit>"

#: Key sequences to the utterances they stand for (English words: the parser knows both languages).
KEYS: dict[str, str] = {
    "\r": "next",
    "\n": "next",
    "\x7f": "back",
    "\x08": "back",
    "r": "repeat",
    "\x1b[6~": "next",  # Page Down
    "\x1b[C": "next",  # →
    "\x1b[B": "next",  # ↓
    "\x1b[5~": "back",  # Page Up
    "\x1b[D": "back",  # ←
    "\x1b[A": "back",  # ↑
    " ": TALK,
}


def translate(line: str) -> str:
    """A typed line as an utterance: empty = next, b/r shortcuts, else itself (digits stay digits:
    the parser reads them as a seat where a seat is asked, and as a number where one is)."""
    text = line.strip()
    if not text:
        return "next"
    return {"b": "back", "r": "repeat"}.get(text.lower(), text)


class KeyReader:
    """Reads keys from a terminal in cbreak mode (or lines from a pipe) and hands on utterances."""

    def __init__(self, stream: TextIO, emit: Callable[[str], None]) -> None:
        self.stream = stream
        self.emit = emit

    def run(self) -> None:
        """Read until end of input; call ``emit`` for each key or line."""
        if self.stream.isatty():
            with _cbreak(self.stream):
                for utterance in self._keys():
                    self.emit(utterance)
        else:
            for line in self.stream:
                self.emit(translate(line))

    def _keys(self) -> Iterator[str]:
        fd = self.stream.fileno()
        typed = ""
        while True:
            ch = os.read(fd, 1).decode(errors="ignore")
            if not ch:  # end of input
                return
            if ch == "\x04":  # Ctrl-D: the storyteller stops the game
                yield QUIT
                return
            if ch == "\x1b":
                ch += os.read(fd, 2).decode(errors="ignore")
                if ch.endswith(("5", "6")):
                    ch += os.read(fd, 1).decode(errors="ignore")
            if ch in ("\r", "\n"):
                yield translate(typed)
                typed = ""
            elif ch in KEYS and not typed:
                yield KEYS[ch]
            elif ch in ("\x7f", "\x08"):
                typed = typed[:-1]
            else:
                typed += ch


@contextlib.contextmanager
def _cbreak(stream: TextIO) -> Iterator[None]:
    fd = stream.fileno()
    old = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)


def stdin_reader(emit: Callable[[str], None]) -> KeyReader:
    return KeyReader(sys.stdin, emit)
