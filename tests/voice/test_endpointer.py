"""The endpointer in a noisy room: it learns the noise floor between utterances, so speech still
starts above it and ends when the speaker stops, instead of running on to the 12 s cap."""

from __future__ import annotations

import array
import random
from pathlib import Path

from moderator.voice import read_wav, render
from moderator.voice.audio import BLOCK, SAMPLE_RATE, WavSource
from moderator.voice.listen import Endpointer


def noise(seconds: float, level: float, seed: int) -> bytes:
    rnd = random.Random(seed)
    return array.array("h", (round(rnd.gauss(0, level)) for _ in range(int(seconds * SAMPLE_RATE)))).tobytes()


def mix(a: bytes, b: bytes) -> bytes:
    x, y = array.array("h", a), array.array("h", b)
    return array.array("h", (max(-32768, min(32767, p + q)) for p, q in zip(x, y, strict=True))).tobytes()


def cut(pcm: bytes) -> tuple[list[bytes], Endpointer]:
    out: list[bytes] = []
    ep = Endpointer(out.append)
    WavSource(pcm, rate=SAMPLE_RATE).run(ep)
    return out, ep


def test_speech_in_loud_noise_ends_when_the_speaker_stops(tmp_path: Path) -> None:
    speech, _ = read_wav(render("seat four", "en", tmp_path / "s.wav"))
    room = 1500.0  # a noisy room: five times the quiet-room threshold
    before, after = noise(2.0, room, 1), noise(3.0, room, 2)
    pcm = before + mix(speech, noise(len(speech) / 2 / SAMPLE_RATE, room, 3)) + after
    utterances, ep = cut(pcm)
    assert len(utterances) == 1, [len(u) for u in utterances]
    seconds = len(utterances[0]) / 2 / SAMPLE_RATE
    spoken = len(speech) / 2 / SAMPLE_RATE
    assert spoken * 0.6 < seconds < spoken + 0.8  # the words, not the noise after them
    assert ep.noise is not None and 0.5 * room < ep.noise < 2 * room


def test_noise_alone_is_no_utterance() -> None:
    utterances, _ = cut(noise(5.0, 1500.0, 4))
    assert utterances == []


def test_a_quiet_room_keeps_the_fixed_threshold(tmp_path: Path) -> None:
    speech, _ = read_wav(render("continue", "en", tmp_path / "c.wav"))
    utterances, ep = cut(bytes(SAMPLE_RATE) + speech + bytes(SAMPLE_RATE))
    assert len(utterances) == 1 and ep.noise is not None and ep.noise < ep.threshold
    assert BLOCK / SAMPLE_RATE <= 0.05  # blocks short enough not to stretch the hangover much


def test_a_room_that_gets_louder_is_learnt(tmp_path: Path) -> None:
    """Quiet, then loud music: the first 12 s are taken for speech (the cap), then the floor is the
    music's, and the next answer is cut to its words again."""
    speech, _ = read_wav(render("seat four", "en", tmp_path / "s.wav"))
    room = 1500.0
    pcm = bytes(SAMPLE_RATE) + noise(14.0, room, 5)
    pcm += mix(speech, noise(len(speech) / 2 / SAMPLE_RATE, room, 6)) + noise(2.0, room, 7)
    utterances, ep = cut(pcm)
    assert len(utterances) == 2, [len(u) / 2 / SAMPLE_RATE for u in utterances]
    assert len(utterances[0]) / 2 / SAMPLE_RATE >= 11.9  # the cap
    assert len(utterances[1]) / 2 / SAMPLE_RATE < len(speech) / 2 / SAMPLE_RATE + 0.8
    assert ep.noise is not None and 0.5 * room < ep.noise < 2 * room  # the music's level, learnt


def scaled(pcm: bytes, gain: float) -> bytes:
    return array.array("h", (max(-32768, min(32767, round(x * gain))) for x in array.array("h", pcm))).tobytes()


def test_a_quiet_storyteller_is_heard_once_calibrated_to_their_level(tmp_path: Path) -> None:
    """A voice whose loud part is below the fixed threshold (a low-gain headset) starts no utterance,
    until a calibration lowers the start to the storyteller's gate; a loud calibration raises nothing,
    and none lowers it under the quietest level a microphone's floor allows."""
    from moderator.voice.calibrate import Calibration, speech_level
    from moderator.voice.listen import QUIETEST

    speech, _ = read_wav(render("seat four", "en", tmp_path / "s.wav"))
    quiet = scaled(speech, 150.0 / speech_level(speech))  # about -47 dBFS at its loudest
    pcm = noise(1.0, 20.0, 5) + quiet + noise(1.0, 20.0, 6)  # a quiet room under a quiet voice
    assert cut(pcm)[0] == []  # the fixed threshold: not heard at all
    heard: list[bytes] = []
    ep = Endpointer(heard.append)
    ep.listen_down_to(Calibration("en", speech_level(quiet)).gate)
    assert QUIETEST <= ep.threshold < 150.0
    WavSource(pcm, rate=SAMPLE_RATE).run(ep)
    ep.flush()
    assert len(heard) == 1 and len(heard[0]) >= 0.6 * len(quiet), [len(u) for u in heard]
    loud = Endpointer(heard.append)
    loud.listen_down_to(Calibration("en", 5000.0).gate)
    assert loud.threshold == Endpointer(heard.append).threshold
    whisper = Endpointer(heard.append)
    whisper.listen_down_to(Calibration("en", 10.0).gate)
    assert whisper.threshold == QUIETEST
