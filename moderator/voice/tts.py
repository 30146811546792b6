"""Text to speech: pyttsx3 on espeak-ng, always rendered to a 16 kHz mono 16-bit WAV file.

Never ``pyttsx3.say()``: the app plays the file itself (and tests can decode it).
"""

from __future__ import annotations

import atexit
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from moderator.korean import pronounced, spoken_sentences
from moderator.voice._deps import require
from moderator.voice.audio import SAMPLE_RATE, read_wav, resample, write_wav
from moderator.voice.errors import VoiceError
from moderator.voice.espeak_worker import Espeak, WorkerError, WorkerMissing

# espeak-ng voices that need the separate mbrola program and data; not usable here.
_UNUSABLE_PREFIXES = ("mb/",)
# When several voices match a bare language, prefer this one.
_PREFERRED = {"en": "en-us"}

SENTENCE_PAUSE = 0.25  # seconds of silence between the sentences of one spoken line
_lock = threading.Lock()  # guards starting the one espeak-ng child


@dataclass(frozen=True)
class VoiceInfo:
    id: str  # what to pass as ``voice``
    name: str
    language: str  # e.g. "ko", "en-us"


_espeak: Espeak | None = None


def _worker() -> Espeak:
    """The espeak-ng child process (:mod:`moderator.voice.espeak_worker`), started on first use."""
    global _espeak
    require("pyttsx3", "for_speech_output")  # the install hint, here rather than from the child
    with _lock:
        if _espeak is None:
            _espeak = Espeak()
            atexit.register(_espeak.close)
        return _espeak


def _ask(req: dict[str, Any]) -> dict[str, Any]:
    try:
        return _worker().ask(req)
    except WorkerMissing as exc:
        raise VoiceError(
            f"pyttsx3 could not start espeak-ng ({exc}). Install it with: apt-get install espeak-ng libespeak-ng1"
        ) from exc
    except WorkerError as exc:
        raise VoiceError(str(exc)) from exc


def list_voices(lang: str) -> list[VoiceInfo]:
    """espeak-ng voices for ``lang``, best first.

    Matching is exact on the language tag, or on its primary subtag ("en" matches "en-us" and
    "en-gb"), never a substring: "ko" must not pick Konkani ("kok").
    """
    lang = lang.lower()
    exact: list[VoiceInfo] = []
    regional: list[VoiceInfo] = []
    worker = _worker()
    if worker.voices is None:  # the same for the child's whole life: asked once
        worker.voices = _ask({"op": "voices"})["voices"]
    for vid, name, language in worker.voices:
        info = VoiceInfo(vid, name, language)
        if info.id.startswith(_UNUSABLE_PREFIXES):
            continue
        if info.language == lang:
            exact.append(info)
        elif info.language.split("-")[0] == lang:
            regional.append(info)
    preferred = _PREFERRED.get(lang)
    regional.sort(key=lambda v: (v.language != preferred, v.id))
    return exact + regional


def select_voice(lang: str, voice: str | None = None) -> str:
    """The espeak-ng voice id to use. ``voice`` may carry an espeak variant, e.g. ``"ko+f3"``."""
    available = list_voices(lang)
    if not available:
        raise VoiceError(f"espeak-ng has no voice for language {lang!r}. Install espeak-ng (apt-get install espeak-ng)")
    if voice is None:
        return available[0].id
    base = voice.split("+")[0]
    if base not in {v.id for v in available}:
        ids = ", ".join(v.id for v in available)
        raise VoiceError(f"voice {voice!r} is not a {lang!r} voice; choose one of: {ids}")
    return voice


def render(
    text: str,
    lang: str,
    path: str | Path,
    voice: str | None = None,
    rate: int | None = None,
    volume: float | None = None,
    pitch: int | None = None,
) -> Path:
    """Speak ``text`` in ``lang`` into a 16 kHz mono 16-bit WAV at ``path``.

    ``rate`` is words per minute (espeak default 175), ``volume`` 0.0-1.0, ``pitch`` 0-99.
    """
    if not text.strip():
        raise ValueError("nothing to say: text is empty")
    voice_id = select_voice(lang, voice)
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="moderator-tts-") as tmp:
        raw = Path(tmp) / "espeak.wav"
        _ask({"op": "render", "text": text, "path": str(raw), "voice": voice_id,
              "rate": 175 if rate is None else rate, "volume": 1.0 if volume is None else volume,
              "pitch": 50 if pitch is None else pitch})  # fmt: skip
        if not raw.is_file():
            raise VoiceError(f"espeak-ng produced no audio for {text!r}")
        pcm, src_rate = read_wav(raw)
    if not pcm:
        raise VoiceError(f"espeak-ng produced empty audio for {text!r}")
    return write_wav(out, resample(pcm, src_rate, SAMPLE_RATE), SAMPLE_RATE)


def spoken_lines(text: str, lang: str) -> list[str]:
    """What the voice says for ``text``, sentence by sentence.

    Every Korean line passes here on its way to espeak-ng: numbers in words by their counter,
    symbols spelled out or dropped, particles resolved, short sentences
    (:func:`moderator.korean.spoken_sentences`), each respelled in its standard pronunciation
    (:func:`moderator.korean.pronounced`). Other languages are said as written.
    """
    if lang.lower().split("-")[0] == "ko":
        return [pronounced(s) for s in spoken_sentences(text)]
    return [text] if text.strip() else []


def render_lines(
    lines: list[str],
    lang: str,
    path: str | Path,
    voice: str | None = None,
    rate: int | None = None,
    volume: float | None = None,
    pause: float = SENTENCE_PAUSE,
) -> Path:
    """Speak ``lines`` one after the other into one 16 kHz WAV, ``pause`` seconds of silence between them.

    No lines give a short silence (a line of symbols only has nothing to say).
    """
    gap = bytes(2 * round(pause * SAMPLE_RATE))
    parts: list[bytes] = []
    with tempfile.TemporaryDirectory(prefix="moderator-lines-") as tmp:
        for i, line in enumerate(lines):
            part = render(line, lang, Path(tmp) / f"{i}.wav", voice=voice, rate=rate, volume=volume)
            parts.append(read_wav(part)[0])
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    return write_wav(out, gap.join(parts) if parts else gap, SAMPLE_RATE)
