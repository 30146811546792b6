"""Play time: lines spliced from a pack's takes, with text-to-speech for what no take covers, and
the rendering of every line before it is needed."""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Protocol

from moderator.voice.audio import SAMPLE_RATE, read_wav, write_wav
from moderator.voice.pack.manifest import PackError
from moderator.voice.pack.store import Pack
from moderator.voice.pack.words import Piece, plan


class Prompts(Protocol):
    """What renders a line to a WAV (the plain :class:`~moderator.voice.speaker.PromptCache`, or a pack)."""

    def get(self, text: str) -> Path: ...


class Prerendering:
    """Rendering every line before it is needed, through the class's own ``get``."""

    def get(self, text: str) -> Path:
        raise NotImplementedError

    def prerender(self, texts: Iterable[str], progress: Callable[[int, int], None] | None = None) -> None:
        """Render every text now (at game start), so nothing waits on synthesis at night."""
        todo = list(dict.fromkeys(t for t in texts if t.strip()))
        for i, text in enumerate(todo, start=1):
            self.get(text)
            if progress is not None:
                progress(i, len(todo))


class PackPrompts(Prerendering):
    """Lines spliced from a pack's takes, text-to-speech (``tts``) for each piece with no take.

    Same interface as :class:`~moderator.voice.speaker.PromptCache`; spliced lines are cached too.
    """

    def __init__(self, pack: Pack, tts: Prompts, folder: Path) -> None:
        self.pack = pack
        self.tts = tts
        self.folder = folder
        self._takes, self._longest = pack.lookup()
        self._digest = pack.digest()
        self._lock = threading.Lock()

    def plan(self, text: str) -> list[Piece]:
        return plan(text, self._takes, self._longest)

    def pcm(self, text: str) -> bytes:
        """The spliced audio of ``text`` (16 kHz)."""
        pieces = self.plan(text)
        out: list[bytes] = []
        for i, piece in enumerate(pieces):
            if piece.take is not None:
                out.append(self.pack.pcm(piece.take))
            else:
                pcm, rate = read_wav(self.tts.get(piece.text))
                if rate != SAMPLE_RATE:
                    raise PackError(f"text to speech gave {rate} Hz, want {SAMPLE_RATE}")
                out.append(pcm)
            if i < len(pieces) - 1:
                out.append(bytes(2 * round(piece.gap * SAMPLE_RATE)))
        return b"".join(out)

    def get(self, text: str) -> Path:
        voice = f"{getattr(self.tts, 'lang', '')}|{getattr(self.tts, 'settings', '')}"  # espeak-ng's part
        digest = hashlib.sha1(f"{self.pack.name}|{self._digest}|{voice}|{text}".encode()).hexdigest()[:20]
        path = self.folder / f"pack-{digest}.wav"
        with self._lock:
            if not path.is_file():
                self.folder.mkdir(parents=True, exist_ok=True)
                write_wav(path, self.pcm(text), SAMPLE_RATE)
        return path
