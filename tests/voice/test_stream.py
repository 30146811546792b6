"""Decoding while the speech goes on (moderator.voice.stream), through the real models and the app's
endpointer: the answer is decoded as it comes, the loop uses that decoding, and with ``early_end`` a
whole answer ends the utterance before the full hangover (not where it may go on)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.fakes import RecordingSpeaker, simulate_room
from bench.voicebench import cut
from moderator.commands.phrases import Intent
from moderator.voice import read_wav, render
from moderator.voice.asr import Recognizer
from moderator.voice.audio import SAMPLE_RATE
from moderator.voice.loop import VoiceLoop
from moderator.voice.stream import StreamSink, Utterance
from tests.voice.test_names import NamesSession

GOLDEN = Path(__file__).parent / "golden"


def take(tmp: Path, text: str, lang: str) -> bytes:
    """``text`` spoken (the golden espeak-ng render when there is one: fixed bytes), in a quiet room."""
    golden = GOLDEN / lang / f"{'_'.join(text.split())}.wav"
    pcm, rate = read_wav(golden if golden.is_file() else render(text, lang, tmp / f"{lang}-{text}.wav"))
    return simulate_room(pcm, rate, pad=0.6)


@pytest.mark.parametrize(("lang", "text", "seat"), [("ko", "자리 넷", 4), ("en", "seat three", 3)])
def test_the_loop_hears_the_decoding_done_while_it_was_spoken(
    tmp_path: Path, lang: str, text: str, seat: int, request: pytest.FixtureRequest
) -> None:
    rec: Recognizer = request.getfixturevalue(f"{lang}_recognizer")
    loop = VoiceLoop(NamesSession(lang, {}), rec, RecordingSpeaker(), None)  # type: ignore[arg-type]
    allowed: tuple[Intent, ...] = ("seat", "no")
    streamer = loop.streamer_for(allowed)
    assert streamer is not None
    pcm = take(tmp_path, text, lang)
    (utterance,) = cut(pcm, streamer=streamer).utterances
    assert isinstance(utterance, Utterance) and utterance.decoded is not None
    decoded = utterance.decoded.result(timeout=10)
    if lang == "ko":  # Vosk's own decoding, fed block by block: the same words as one pass
        assert decoded is not None
        assert decoded.text == rec.decode(bytes(utterance), SAMPLE_RATE, loop.grammar(allowed)).text == text
    else:  # pocketsphinx's partials only: the final pass is one pass, as before
        assert decoded is None
    heard = loop.hear(utterance, allowed)
    assert heard.command is not None and heard.command.seats == (seat,), heard.result
    loop.streaming = False
    assert loop.streamer_for(allowed) is None


def test_a_whole_answer_ends_early_only_where_nothing_longer_may_follow(
    tmp_path: Path, en_recognizer: Recognizer
) -> None:
    loop = VoiceLoop(NamesSession("en", {}), en_recognizer, RecordingSpeaker(), None)  # type: ignore[arg-type]
    pcm = take(tmp_path, "seat three", "en")
    loop.early_end = False
    full = cut(pcm, streamer=loop.streamer_for(("seat", "no")))
    loop.early_end = True
    early = cut(pcm, streamer=loop.streamer_for(("seat", "no")))
    assert len(full.utterances) == len(early.utterances) == 1
    assert early.ends[0] <= full.ends[0] - 0.08, (early.ends, full.ends)  # 0.2 s of silence, not 0.3 s
    # the same audio as after the full hangover (its 0.2 s tail of silence): the same answer, sooner
    assert bytes(early.utterances[0]) == bytes(full.utterances[0])
    heard = loop.hear(early.utterances[0], ("seat", "no"))
    assert heard.command is not None and heard.command.seats == (3,)
    # at a two-seat step "seat three" may go on ("... and seat five"): the full hangover
    two = cut(pcm, streamer=loop.streamer_for(("two_seats", "seat", "no")))
    assert two.ends == full.ends


def test_a_decoy_never_ends_an_utterance_early(tmp_path: Path, en_recognizer: Recognizer) -> None:
    """A decoy ("nine" at a seat step) is talk heard as itself, and talk goes on: it waits for the full
    hangover, as any other talk. The sink's own rule, and through the endpointer with real speech."""
    sink = StreamSink(en_recognizer, ["seat three", "nine"], early=True, decoys=frozenset({"nine"}))
    sink.latest = "nine"
    assert not sink.complete(wait=0)
    sink.latest = "seat three"
    assert sink.complete(wait=0)
    sink.abandon()
    loop = VoiceLoop(NamesSession("en", {}), en_recognizer, RecordingSpeaker(), None)  # type: ignore[arg-type]
    allowed: tuple[Intent, ...] = ("seat", "no")
    assert "nine" in loop.grammar(allowed) and "nine" in loop._decoys_in[tuple(sorted(allowed))]
    pcm = take(tmp_path, "nine", "en")
    loop.early_end = False
    full = cut(pcm, streamer=loop.streamer_for(allowed))
    loop.early_end = True
    early = cut(pcm, streamer=loop.streamer_for(allowed))
    assert len(full.utterances) == len(early.utterances) == 1
    assert early.ends == full.ends
    assert loop.hear(early.utterances[0], allowed).command is None  # heard as the decoy: rejected


def test_an_abandoned_stream_frees_the_decoder(en_recognizer: Recognizer) -> None:
    """Speech cut off by the app speaking (half-duplex): the stream is dropped, and the shared
    pocketsphinx decoder it held decodes the next utterance."""
    sink = StreamSink(en_recognizer, ["seat three", "continue"])
    sink.block(b"\0\1" * 800)
    sink.abandon()
    sink._thread.join(timeout=5)
    assert not sink._thread.is_alive()
    result = en_recognizer.recognize(b"\0\1" * 8000, SAMPLE_RATE, ["seat three", "continue"])
    assert result.phrase in (None, "seat three", "continue")  # decoded at all: the lock was released


def test_early_end_is_on_by_default_in_english_only() -> None:
    """config.toml's default and the voice loop's agree: English on, Korean off (docs/benchmarks.md); a
    bool in config.toml still reads as every / no language."""
    from moderator.config import Asr
    from moderator.voice.stream import EARLY_END_LANGS

    assert Asr().early_end == list(EARLY_END_LANGS) == ["en"]
    assert Asr.model_validate({"early_end": True}).early_end == ["ko", "en"]
    assert Asr.model_validate({"early_end": False}).early_end == []
    assert VoiceLoop(NamesSession("en", {}), None, RecordingSpeaker(), None).early_end is True  # type: ignore[arg-type]
    assert VoiceLoop(NamesSession("ko", {}), None, RecordingSpeaker(), None).early_end is False  # type: ignore[arg-type]
