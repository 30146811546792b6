"""pyttsx3 on espeak-ng in a child process of its own.

espeak-ng is native code with one global engine per process, and in a long process it has crashed
(a segmentation fault inside its synthesis, seen once in thousands of renderings). In the app's own
process that would end the game mid-night. Here it runs in a child: the app sends one JSON line per
request on the child's stdin and reads one JSON line back; if the child dies, :class:`Espeak` starts
another and asks once more, and the game goes on.

The child (this file run as a script) imports only pyttsx3 and the standard library.
Requests: ``{"op": "voices"}`` -> ``{"voices": [[id, name, language], ...]}``;
``{"op": "render", "text", "path", "voice", "rate", "volume", "pitch"}`` -> ``{"ok": true}``, the
WAV (espeak's own rate) written at ``path``. Any failure -> ``{"error": "..."}``.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import select
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

TIMEOUT = 30.0  # seconds the child waits for espeak-ng to finish one utterance
REPLY_WAIT = TIMEOUT + 5.0  # seconds the parent waits for the child's reply before replacing it


class WorkerError(Exception):
    """The child could not do what was asked (its message says why)."""


class WorkerMissing(WorkerError):
    """pyttsx3 or espeak-ng could not be loaded in the child."""


def _language_of(voice: Any) -> str:
    langs = getattr(voice, "languages", None) or [""]
    first = langs[0]
    if isinstance(first, bytes):
        first = first.decode("utf-8", "ignore")
    return str(first).lower().lstrip("\x05")


class _Child:
    """What runs in the child: one pyttsx3 engine, asked one request at a time."""

    def __init__(self) -> None:
        pyttsx3 = importlib.import_module("pyttsx3")  # only here: the parent never loads espeak-ng
        self.engine = pyttsx3.init("espeak")

    def voices(self) -> dict[str, Any]:
        return {"voices": [[str(v.id), str(v.name), _language_of(v)] for v in self.engine.getProperty("voices")]}

    def render(self, req: dict[str, Any]) -> dict[str, Any]:
        engine = self.engine
        engine.setProperty("voice", req["voice"])
        engine.setProperty("rate", req["rate"])
        engine.setProperty("volume", req["volume"])
        engine.setProperty("pitch", req["pitch"])
        done = threading.Event()

        def _finished(name: object = None, completed: object = True) -> None:
            done.set()

        token = engine.connect("finished-utterance", _finished)
        try:
            # pyttsx3's espeak driver prints "Audio saved to ..." (stdout is our reply channel, so it is
            # captured) and, in espeak's retrieval mode, runAndWait() can return before the synthesis
            # thread has written the file: wait for the finished-utterance notification.
            with contextlib.redirect_stdout(io.StringIO()):
                engine.save_to_file(req["text"], req["path"])
                engine.runAndWait()
                finished = done.wait(TIMEOUT)
        finally:
            engine.disconnect(token)
        if not finished or not Path(req["path"]).is_file():
            return {"error": f"espeak-ng produced no audio for {req['text']!r} within {TIMEOUT:.0f} s"}
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
