"""The ±2 floor pocketsphinx hears under every answer (``sphinx.no_digital_silence``): the very values a
seeded ``random.Random(0).randint(-2, 2)`` draws one by one, however the audio is cut into blocks, and
clipped at the ends of 16 bits. numpy draws them (a pure-Python loop cost 38 ms a second of audio)."""

from __future__ import annotations

import array
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from moderator.voice.sphinx import no_digital_silence


def by_hand(pcm: bytes) -> bytes:
    """The definition: each sample plus the next draw, clipped."""
    samples = array.array("h")
    samples.frombytes(pcm)
    noise = random.Random(0)
    for i, x in enumerate(samples):
        samples[i] = max(-32768, min(32767, x + noise.randint(-2, 2)))
    return samples.tobytes()


samples = st.lists(st.one_of(st.integers(-32768, 32767), st.sampled_from([-32768, -32767, 32766, 32767, 0])),
                   max_size=20000)  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(samples, st.lists(st.integers(min_value=1, max_value=5000), max_size=6))
def test_the_floor_is_the_seeded_draws_however_the_audio_is_cut(values: list[int], cuts: list[int]) -> None:
    pcm = array.array("h", values).tobytes()
    whole = no_digital_silence(pcm)
    assert whole == by_hand(pcm)
    pieces, at = [], 0
    for size in [*cuts, len(values)]:  # blocks, as a stream is fed, each at its place in the floor
        piece = pcm[2 * at : 2 * (at + size)]
        pieces.append(no_digital_silence(piece, at))
        at += len(piece) // 2
        if at >= len(values):
            break
    assert b"".join(pieces) == whole


def test_a_long_answer_and_silence_get_a_floor() -> None:
    silence = bytes(2 * 16000 * 13)  # longer than the longest utterance (12 s)
    floored = array.array("h")
    floored.frombytes(no_digital_silence(silence))
    assert set(floored) == {-2, -1, 0, 1, 2}
    assert floored.tobytes() == by_hand(silence)
