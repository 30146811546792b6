"""pyttsx3 on espeak-ng in a child process of its own.

espeak-ng is native code with one global engine per process, and in a long process it has crashed
(a segmentation fault inside its synthesis, seen once in thousands of renderings). In the app's own
process that would end the game mid-night. Here it runs in a child: the app sends one JSON line per
request on the child's stdin and reads one JSON line back; if the child dies, :class:`Espeak` starts
another and asks once more, and the game goes on.

The child (this file run as a script) imports only pyttsx3's espeak-ng bindings and the standard library.
Requests: ``{"op": "voices"}`` -> ``{"voices": [[id, name, language], ...]}``;
``{"op": "render", "text", "path", "voice", "rate", "volume", "pitch"}`` -> ``{"ok": true}``, the
WAV (espeak's own rate) written at ``path``. Any failure -> ``{"error": "..."}``.
"""

from __future__ import annotations

import ctypes
import importlib
import io
import json
import select
import subprocess
import sys
import threading
import wave
from pathlib import Path
from typing import Any

REPLY_WAIT = 35.0  # seconds the parent waits for the child's reply before replacing it


class WorkerError(Exception):
    """The child could not do what was asked (its message says why)."""


class WorkerMissing(WorkerError):
    """pyttsx3 or espeak-ng could not be loaded in the child."""


class _Child:
    """What runs in the child: espeak-ng through pyttsx3's own bindings (``pyttsx3.drivers._espeak``), in
    espeak's synchronous mode. pyttsx3's engine runs espeak asynchronously, so a rate set just before a
    line could be applied after it had begun (the first line of a process came out at the engine's
    default 200 words a minute), and its file writer drops the last buffer when the end of the
    message arrives with it; here each setting takes effect before the line is made, and every buffer
    is kept."""

    def __init__(self) -> None:
        self.es: Any = importlib.import_module("pyttsx3.drivers._espeak")  # only here: the parent never loads it
        self.sample_rate = int(self.es.Initialize(self.es.AUDIO_OUTPUT_SYNCHRONOUS, 500, None, 0))
        if self.sample_rate <= 0:
            raise RuntimeError("espeak-ng could not be initialised")
        self._chunks: list[bytes] = []
        self.es.SetSynthCallback(self._on_synth)

    def _on_synth(self, wav: Any, numsamples: int, events: Any) -> int:
        if numsamples > 0:
            self._chunks.append(ctypes.string_at(wav, numsamples * ctypes.sizeof(ctypes.c_short)))
        return 0  # go on

    def voices(self) -> dict[str, Any]:
        found = []
        for v in self.es.ListVoices(None):
            langs = bytes(v.languages or b"")
            # the language list starts with its priority byte: "\x05ko\x00..."
            language = langs[1:].split(b"\0")[0].decode("utf-8", "ignore").lower() if langs else ""
            found.append([v.identifier.decode("utf-8").lower(), v.name.decode("utf-8"), language])
        return {"voices": found}

    def render(self, req: dict[str, Any]) -> dict[str, Any]:
        es = self.es
        if es.SetVoiceByName(str(req["voice"]).encode("utf-8")) != 0:
            return {"error": f"espeak-ng has no voice {req['voice']!r}"}
        es.SetParameter(es.RATE, int(req["rate"]), 0)
        es.SetParameter(es.VOLUME, round(float(req["volume"]) * 100), 0)
        es.SetParameter(es.PITCH, int(req["pitch"]), 0)
        self._chunks = []
        status = es.Synth(str(req["text"]).encode("utf-8"), flags=es.ENDPAUSE | es.CHARS_UTF8)
        if status not in (0, None) or not self._chunks:
            return {"error": f"espeak-ng produced no audio for {req['text']!r}"}
        with wave.open(str(req["path"]), "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(self.sample_rate)
            out.writeframes(b"".join(self._chunks))
        return {"ok": True}


def serve(stdin: io.TextIOBase | Any = None, stdout: io.TextIOBase | Any = None) -> None:
    """The child's loop: one JSON request per line in, one JSON reply per line out, until stdin ends."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    try:
        child: _Child | None = _Child()
        broken = ""
    except (ImportError, OSError, RuntimeError) as exc:
        child, broken = None, f"{type(exc).__name__}: {exc}"
    for line in stdin:
        if not line.strip():
            continue
        try:
            req = json.loads(line)
            if child is None:
                reply: dict[str, Any] = {"missing": broken}
            elif req.get("op") == "voices":
                reply = child.voices()
            elif req.get("op") == "render":
                reply = child.render(req)
            else:
                reply = {"error": f"unknown request {req.get('op')!r}"}
        except Exception as exc:  # a reply, never a traceback: the parent raises it as a clear error
            reply = {"error": f"{type(exc).__name__}: {exc}"}
        stdout.write(json.dumps(reply, ensure_ascii=False) + "\n")
        stdout.flush()
        if "error" in reply:
            return  # pyttsx3's loop may be left half-run after a failure: the parent starts a fresh child


class Espeak:
    """The parent's side: a child started on first use, started again if it dies."""

    def __init__(self, argv: list[str] | None = None) -> None:
        # The file run as a script: the child imports neither this package nor the app, only pyttsx3.
        self._argv = argv or [sys.executable, "-I", str(Path(__file__).resolve())]
        self._lock = threading.Lock()
        self._proc: subprocess.Popen[str] | None = None
        self.restarts = 0  # children started after one died
        self.voices: list[list[str]] | None = None  # the child's voices, asked once
        self._retired: list[subprocess.Popen[str]] = []

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    def _start(self) -> subprocess.Popen[str]:
        return subprocess.Popen(
            self._argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            encoding="utf-8",
            bufsize=1,
        )

    def _ask_once(self, req: dict[str, Any]) -> dict[str, Any] | None:
        """The child's reply, or None when it died or hung on the way."""
        if self._proc is None or self._proc.poll() is not None:
            if self._proc is not None:
                self.restarts += 1
            self._proc = self._start()
        proc = self._proc
        assert proc.stdin is not None and proc.stdout is not None
        try:
            proc.stdin.write(json.dumps(req, ensure_ascii=False) + "\n")
            proc.stdin.flush()
            # One request at a time, so nothing is buffered before the reply: waiting on the pipe is safe.
            ready, _, _ = select.select([proc.stdout], [], [], REPLY_WAIT)
            line = proc.stdout.readline() if ready else ""
        except (BrokenPipeError, OSError, ValueError):
            line = ""
        if not line:  # it died, or hangs: replace it
            proc.kill()
            proc.wait(timeout=5)
            return None
        reply: dict[str, Any] = json.loads(line)
        return reply

    def ask(self, req: dict[str, Any]) -> dict[str, Any]:
        """Send ``req``; a child that dies is replaced and asked once more."""
        with self._lock:
            for _ in range(2):
                reply = self._ask_once(req)
                if reply is None:
                    continue
                if "missing" in reply:
                    raise WorkerMissing(reply["missing"])
                if "error" in reply:
                    raise WorkerError(reply["error"])
                if req.get("op") == "render":
                    self._fresh_child()
                return reply
        raise WorkerError("espeak-ng stopped twice on this line (its process crashed or hung)")

    def _fresh_child(self) -> None:
        """espeak-ng's audio depends on what it said before; a fresh child for every line makes the same line
        the same audio. The next child starts now, while the app plays this one, so no line waits for it."""
        if self._proc is not None and self._proc.stdin is not None:
            self._proc.stdin.close()  # it ends at the end of its input
            self._retired.append(self._proc)
        self._retired = [p for p in self._retired if p.poll() is None]
        self._proc = self._start()

    def close(self) -> None:
        with self._lock:
            if self._proc is not None and self._proc.poll() is None:
                assert self._proc.stdin is not None
                self._proc.stdin.close()
                try:
                    self._proc.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    self._proc.kill()
            self._proc = None
            for old in self._retired:
                try:
                    old.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    old.kill()
            self._retired = []


if __name__ == "__main__":
    serve()
