"""A telephone-band microphone (a Bluetooth headset's hands-free profile) is told apart from a wideband
one, on real espeak-ng speech and real recordings, and the storyteller is told once, in the game and by
`moderator doctor`."""

from __future__ import annotations

import io
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.band import telephone
from bench.fakes import RecordingSpeaker, WavUtterances, simulate_room
from moderator.config import Config
from moderator.voice import read_wav, render
from moderator.voice.asr import Recognizer
from moderator.voice.audio import SAMPLE_RATE, to_16k_mono
from moderator.voice.band import NARROW_BAND_DB, WARNING, BandWatch, high_band_db, narrow
from tests.tables import twelve_table
from tests.voice.test_loop import spoken, voice_loop


def with_room(pcm: bytes, seed: int = 0, level: float = 30.0) -> bytes:
    """A quiet wideband room under the speech (a real microphone never gives digital silence)."""
    return simulate_room(pcm, SAMPLE_RATE, pad=0.0, noise=level, seed=seed)


@pytest.fixture(scope="module")
def en() -> Recognizer:
    from moderator.voice.app import recognizer_for

    return recognizer_for("en", Config())


@pytest.mark.parametrize(("lang", "text"),
                         [("en", "seat three"), ("en", "continue"), ("ko", "자리 셋"), ("ko", "계속")])
def test_espeak_speech_is_wideband_and_telephone_band_once_cut(tmp_path: Path, lang: str, text: str) -> None:
    pcm = with_room(read_wav(render(text, lang, tmp_path / "said.wav"))[0])
    wide, cut = high_band_db(pcm), high_band_db(telephone(pcm))
    assert wide is not None and cut is not None
    assert wide > NARROW_BAND_DB + 5 and cut < NARROW_BAND_DB - 5, (wide, cut)
    assert narrow(pcm) is False and narrow(telephone(pcm)) is True


@pytest.mark.shared
def test_real_recordings_are_told_apart(speech_dir: Path) -> None:
    """Real speech never chosen on: the Zeroth-Korean sentences and the Speech Commands clips are
    wideband; the FSDD digits were recorded at 8 kHz."""
    wide = [p for folder in ("ko-zeroth", "en-speech-commands") for p in sorted((speech_dir / folder).glob("*.wav"))]
    cut = sorted((speech_dir / "en-fsdd-train").glob("*.wav"))
    assert len(wide) >= 30 and len(cut) >= 100
    assert [p.name for p in wide if narrow(to_16k_mono(p)) is not False] == []
    assert [p.name for p in cut if narrow(to_16k_mono(p)) is not True] == []


def test_too_little_or_silent_sound_cannot_be_judged() -> None:
    assert high_band_db(b"") is None
    assert high_band_db(bytes(2 * 500)) is None  # shorter than two frames
    assert high_band_db(bytes(2 * SAMPLE_RATE)) is None  # digital silence has no voice band
    assert high_band_db(bytes(2 * SAMPLE_RATE), rate=8000) is None  # not 16 kHz: no band above 4 kHz to judge


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=6000))
def test_any_bytes_give_a_figure_or_none(data: bytes) -> None:
    db = high_band_db(data)
    assert db is None or math.isfinite(db)


def test_the_watch_speaks_once_after_three_answers() -> None:
    tone = b"".join(round(3000 * math.sin(2 * math.pi * 500 * i / SAMPLE_RATE)).to_bytes(2, "little", signed=True)
                    for i in range(SAMPLE_RATE // 2))  # fmt: skip
    watch = BandWatch()
    assert [watch.heard(tone) for _ in range(5)] == [None, None, WARNING, None, None]
    wide = with_room(tone, level=2000.0)  # white noise over the whole band
    watch = BandWatch()
    assert [watch.heard(wide) for _ in range(5)] == [None] * 5
    watch = BandWatch()
    assert [watch.heard(b"") for _ in range(5)] == [None] * 5  # nothing judged yet: still watching
    assert not watch.done


def _night(tmp_path: Path, en: Recognizer, cut: bool) -> tuple[str, list[str]]:
    answers = ["continue", "continue", "continue", "seat four", "continue"]
    files = spoken(tmp_path, "en", answers).files
    pcms = [with_room(read_wav(f)[0] if isinstance(f, Path) else f, seed=i) for i, f in enumerate(files)]
    said = [telephone(p) for p in pcms] if cut else pcms
    console = io.StringIO()
    loop = voice_loop(twelve_table("en"), "en", en, RecordingSpeaker(), WavUtterances(said), console=console)
    loop.run()
    return console.getvalue(), loop.log


def test_a_game_heard_through_a_telephone_band_says_so_once(tmp_path: Path, en: Recognizer) -> None:
    out, log = _night(tmp_path, en, cut=True)
    assert out.count(WARNING) == 1, out
    assert len(log) >= 3  # the answers are still heard and handled
    out, _ = _night(tmp_path, en, cut=False)
    assert WARNING not in out
