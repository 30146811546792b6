"""The headset's play/pause button (or a pedal) as the push-to-talk key.

A headset's button reaches Linux as a key of an input device (``/dev/input/eventN``): wired headsets
send KEY_PLAYPAUSE or KEY_MEDIA, Bluetooth ones KEY_PLAYCD / KEY_PAUSECD (AVRCP), some pedals
KEY_PLAY or KEY_PAUSE. The terminal never sees these keys, so they are read from the device itself,
without grabbing it (the desktop still sees them too). Each press sends :data:`~moderator.voice.keys.TALK`.

A regular file of the same records stands in for a device in tests (it ends where the file does).
"""

from __future__ import annotations

import os
import struct
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from moderator.voice.keys import TALK

#: ``struct input_event`` of linux/input.h on a 64-bit machine: a timeval (two longs), type, code, value.
EVENT = struct.Struct("llHHi")
EV_KEY = 1
PRESS = 1
#: The keys that open the microphone: play/pause (164), pause (119), play/pause CD (200, 201), play (207), media (226).
TALK_CODES: frozenset[int] = frozenset({164, 119, 200, 201, 207, 226})

SYS_INPUT = Path("/sys/class/input")
DEV_INPUT = Path("/dev/input")


def presses(stream: Callable[[int], bytes]) -> Iterator[int]:
    """The codes of the talk keys pressed, read from ``stream`` (``os.read``-like) until it ends."""
    pending = b""
    while True:
        chunk = stream(EVENT.size * 16)
        if not chunk:
            return
        pending += chunk
        while len(pending) >= EVENT.size:
            _, _, kind, code, value = EVENT.unpack_from(pending)
            pending = pending[EVENT.size :]
            if kind == EV_KEY and value == PRESS and code in TALK_CODES:
                yield code


def event(code: int, value: int = PRESS, kind: int = EV_KEY) -> bytes:
    """One input event's bytes (what a device sends for a key ``code``: press 1, release 0)."""
    return EVENT.pack(0, 0, kind, code, value)


def has_talk_key(bitmap: str) -> bool:
    """Whether a device's key capability bitmap (sysfs ``capabilities/key``: hex words, the most
    significant first) holds one of :data:`TALK_CODES`."""
    words = bitmap.split()
    bits = 0
    for word in words:
        bits = (bits << 64) | int(word, 16)
    return any(bits >> code & 1 for code in TALK_CODES) if words else False


def talk_devices(sys_input: Path = SYS_INPUT, dev_input: Path = DEV_INPUT) -> tuple[list[Path], list[Path]]:
    """The input devices with a talk key: those this user may read, and those it may not (the user
    then needs the ``input`` group)."""
    readable: list[Path] = []
    closed: list[Path] = []
    for caps in sorted(sys_input.glob("event*/device/capabilities/key")):
        try:
            if not has_talk_key(caps.read_text()):
                continue
        except (OSError, ValueError):
            continue
        device = dev_input / caps.parents[2].name
        (readable if os.access(device, os.R_OK) else closed).append(device)
    return readable, closed


class MediaKeys:
    """Reads talk-key presses from input devices (or files of their records), each in a daemon thread,
    and calls ``emit(TALK)`` for each press."""

    def __init__(self, paths: Sequence[Path], emit: Callable[[str], None]) -> None:
        self.paths = list(paths)
        self.emit = emit
        self.errors: list[str] = []
        self._threads = [threading.Thread(target=self._read, args=(p,), daemon=True) for p in self.paths]

    def start(self) -> MediaKeys:
        for thread in self._threads:
            thread.start()
        return self

    def join(self, timeout: float | None = None) -> None:
        """Wait for the readers to end (a file's do; a device's only when it is unplugged)."""
        for thread in self._threads:
            thread.join(timeout)

    def _read(self, path: Path) -> None:
        try:
            fd = os.open(path, os.O_RDONLY)
        except OSError as exc:
            self.errors.append(f"{path}: {exc.strerror or exc}")
            return
        try:
            for _ in presses(lambda n: os.read(fd, n)):
                self.emit(TALK)
        except OSError as exc:  # the headset was unplugged: Space still works
            self.errors.append(f"{path}: {exc.strerror or exc}")
        finally:
            os.close(fd)


def talk_key_paths(setting: str) -> tuple[list[Path], str | None]:
    """The devices ``[audio] talk_key`` names ("auto": every readable one with a talk key; "": none),
    and a line for the console when something stands in the way (None when all is well)."""
    if not setting:
        return [], None
    if setting != "auto":
        path = Path(setting).expanduser()
        if not os.access(path, os.R_OK):
            return [], f"the talk key's device {setting} cannot be read; Space still opens the microphone"
        return [path], None
    readable, closed = talk_devices()
    if readable:
        return readable, None
    if closed:
        return [], ("the headset's play/pause key cannot be read (add yourself to the 'input' group: "
                    "sudo usermod -aG input $USER, then log in again); Space opens the microphone")
    return [], "no headset play/pause key found; Space opens the microphone"
