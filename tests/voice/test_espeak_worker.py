"""espeak-ng runs in a child process: a crash there costs one retry, never the game."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pytest

from moderator.voice import tts
from moderator.voice.audio import read_wav
from moderator.voice.errors import VoiceError
from moderator.voice.espeak_worker import Espeak, WorkerError


@pytest.mark.usefixtures("tts")
def test_a_killed_espeak_is_started_again_and_the_line_is_said(tmp_path: Path) -> None:
    first = read_wav(tts.render("세 명이 남았습니다", "ko", tmp_path / "a.wav"))[0]
    worker = tts._worker()
    pid, restarts = worker.pid, worker.restarts
    assert pid is not None and pid != os.getpid()  # espeak-ng is not in this process
    os.kill(pid, signal.SIGSEGV)  # what a crash inside espeak-ng's synthesis does to its process
    again = read_wav(tts.render("세 명이 남았습니다", "ko", tmp_path / "b.wav"))[0]
    assert worker.pid != pid and worker.restarts == restarts + 1
    assert len(again) > 16000 and abs(len(again) - len(first)) < len(first) // 5


def test_a_child_that_dies_on_every_request_gives_one_clear_error() -> None:
    dies = [sys.executable, "-c", "import os, sys; sys.stdin.readline(); os.abort()"]
    worker = Espeak(dies)
    with pytest.raises(WorkerError, match="crashed"):
        worker.ask({"op": "voices"})
    assert worker.restarts == 1  # asked twice, then gave up
    worker.close()


def test_a_child_that_hangs_is_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("moderator.voice.espeak_worker.REPLY_WAIT", 0.5)
    hangs = [sys.executable, "-c", "import sys, time; sys.stdin.readline(); time.sleep(60)"]
    worker = Espeak(hangs)
    with pytest.raises(WorkerError, match="crashed"):
        worker.ask({"op": "voices"})
    assert worker.restarts == 1
    worker.close()


def test_a_child_without_pyttsx3_says_so() -> None:
    says = "import sys, json\nfor _ in sys.stdin: print(json.dumps({'missing': 'no pyttsx3'}), flush=True)"
    missing = [sys.executable, "-c", says]
    worker = Espeak(missing)
    with pytest.raises(WorkerError, match="no pyttsx3"):
        worker.ask({"op": "render"})
    worker.close()


@pytest.mark.usefixtures("tts")
def test_a_failed_render_is_a_voice_error_and_the_next_line_is_said(tmp_path: Path) -> None:
    with pytest.raises(VoiceError):
        tts._ask({"op": "render", "text": "x", "path": str(tmp_path / "no" / "such" / "dir" / "x.wav"),
                  "voice": "no-such-voice", "rate": 175, "volume": 1.0, "pitch": 50})  # fmt: skip
    assert len(read_wav(tts.render("hello", "en", tmp_path / "ok.wav"))[0]) > 8000


@pytest.mark.usefixtures("tts")
def test_the_same_line_is_the_same_audio_whatever_was_said_before(tmp_path: Path) -> None:
    first = read_wav(tts.render("알려줘", "ko", tmp_path / "a.wav"))[0]
    tts.render("Everyone, close your eyes.", "en", tmp_path / "b.wav", rate=200, pitch=70)
    assert read_wav(tts.render("알려줘", "ko", tmp_path / "c.wav"))[0] == first


def test_the_first_line_of_a_child_is_said_at_the_rate_asked(tmp_path: Path) -> None:
    """Each line is a fresh child's first: the rate asked is the rate of that line (pyttsx3's asynchronous
    engine once said a first line at its default 200 words a minute), and no buffer of it is lost."""
    lengths: dict[int, set[bytes]] = {}
    for rate in (140, 200, 140, 200, 140):
        worker = Espeak()  # a child that has said nothing yet
        try:
            path = tmp_path / f"{rate}-{len(lengths.get(rate, ()))}.wav"
            assert worker.ask({"op": "render", "text": "자리 셋", "path": str(path), "voice": "ko", "rate": rate,
                               "volume": 1.0, "pitch": 50}) == {"ok": True}  # fmt: skip
        finally:
            worker.close()
        lengths.setdefault(rate, set()).add(read_wav(path)[0])
    assert len(lengths[140]) == 1 and len(lengths[200]) == 1  # the same line, the same audio, every time
    slow, fast = len(next(iter(lengths[140]))), len(next(iter(lengths[200])))
    assert slow > 1.25 * fast, (slow, fast)
