"""English's check against talk with its own pruning beams (``sphinx.VERIFY_BEAMS``, bench.verify_paths): a
search of its own, made with those beams, and the decoder's settings as they were after it."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.fakes import simulate_room
from moderator.voice import read_wav, render, sphinx
from moderator.voice.asr import Recognizer

TALK = ["company", "contain", "table", "water"]


@pytest.fixture
def beams() -> Iterator[None]:
    kept = dict(sphinx.VERIFY_BEAMS)
    yield
    sphinx.VERIFY_BEAMS = kept


def test_the_check_with_narrower_beams_keeps_a_plain_command_and_the_decoders_settings(
    en_recognizer: Recognizer, tmp_path: Path, beams: None
) -> None:
    assert isinstance(en_recognizer, sphinx.PocketsphinxRecognizer)
    wav = render("continue", "en", tmp_path / f"{hashlib.md5(b'continue').hexdigest()}.wav")
    pcm, rate = read_wav(wav)
    pcm = simulate_room(pcm, rate)
    config = en_recognizer._decoder.config
    before = {k: config[k] for k in ("beam", "pbeam", "wbeam", "bestpath")}
    assert en_recognizer.verify_text(pcm, rate, "continue", TALK) == "continue"
    searches = len(en_recognizer._verifiers)
    sphinx.VERIFY_BEAMS = {"beam": 1e-30, "pbeam": 1e-30, "wbeam": 1e-20}
    assert en_recognizer.verify_text(pcm, rate, "continue", TALK) == "continue"
    assert len(en_recognizer._verifiers) == searches + 1  # a search of its own, not the default one reused
    assert {k: config[k] for k in ("beam", "pbeam", "wbeam", "bestpath")} == before
