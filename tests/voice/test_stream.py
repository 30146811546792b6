"""Decoding while the speech goes on (moderator.voice.stream), through the real models and the app's
endpointer: the answer is decoded as it comes, the loop uses that decoding, and with ``early_end`` a
whole answer ends the utterance before the full hangover (not where it may go on)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from bench.fakes import RecordingSpeaker, simulate_room
from bench.voicebench import Cut, cut
from moderator.commands.phrases import Intent
from moderator.voice import listen, read_wav, render
from moderator.voice.asr import Recognizer
from moderator.voice.audio import BLOCK, SAMPLE_RATE
from moderator.voice.loop import VoiceLoop
from moderator.voice.result import Hypothesis, Word
from moderator.voice.stream import Stream, StreamSink, Utterance
from tests.voice.test_names import NamesSession

GOLDEN = Path(__file__).parent / "golden"


def take(tmp: Path, text: str, lang: str) -> bytes:
    """``text`` spoken (the golden espeak-ng render when there is one: fixed bytes), in a quiet room."""
    golden = GOLDEN / lang / f"{'_'.join(text.split())}.wav"
    pcm, rate = read_wav(golden if golden.is_file() else render(text, lang, tmp / f"{lang}-{text}.wav"))
    return simulate_room(pcm, rate, pad=0.6)


def both_ways(loop: VoiceLoop, pcm: bytes, allowed: tuple[Intent, ...]) -> tuple[Cut, Cut]:
    """``pcm`` cut by the endpointer as the loop cuts it at ``allowed``: without the early end, then with it."""
    loop.early_end = False
    full = cut(pcm, streamer=loop.streamer_for(allowed))
    loop.early_end = True
    return full, cut(pcm, streamer=loop.streamer_for(allowed))


def test_a_made_up_tail_ends_a_block_sooner_with_an_utterance_of_the_same_length(
    tmp_path: Path, en_recognizer: Recognizer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``listen.MADE_UP`` (a bench's, off in the app): the early end one quiet block sooner, its last block
    copied from the one before, so the utterance is as long as the one cut after the whole tail."""
    loop = VoiceLoop(NamesSession("en", {}), en_recognizer, RecordingSpeaker(), None)  # type: ignore[arg-type]
    pcm = take(tmp_path, "seat three", "en")
    waited = cut(pcm, streamer=loop.streamer_for(("seat", "no")))
    monkeypatch.setattr(listen, "MADE_UP", BLOCK / SAMPLE_RATE)
    made = cut(pcm, streamer=loop.streamer_for(("seat", "no")))
    (a,), (b,) = waited.utterances, made.utterances
    assert made.ends[0] == pytest.approx(waited.ends[0] - BLOCK / SAMPLE_RATE)
    assert len(a) == len(b) and bytes(b)[: -4 * BLOCK] == bytes(a)[: -4 * BLOCK]
    assert bytes(b)[-2 * BLOCK :] == bytes(b)[-4 * BLOCK : -2 * BLOCK]  # the copy of the block before
    assert bytes(b)[-2 * BLOCK :] != bytes(a)[-2 * BLOCK :]


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
    full, early = both_ways(loop, pcm, ("seat", "no"))
    assert len(full.utterances) == len(early.utterances) == 1
    assert early.ends[0] <= full.ends[0] - 0.08, (early.ends, full.ends)  # 0.2 s of silence, not 0.3 s
    # the same audio as after the full hangover (its 0.2 s tail of silence): the same answer, sooner
    assert bytes(early.utterances[0]) == bytes(full.utterances[0])
    heard = loop.hear(early.utterances[0], ("seat", "no"))
    assert heard.command is not None and heard.command.seats == (3,)
    # at a two-seat step "seat three" may go on ("... and seat five"): the full hangover
    two = cut(pcm, streamer=loop.streamer_for(("two_seats", "seat", "no")))
    assert two.ends == full.ends


def test_a_korean_whole_answer_ends_early_with_the_same_decoding(tmp_path: Path, ko_recognizer: Recognizer) -> None:
    """Vosk's partial trails the audio, so a pause asks a second recognizer fed the same blocks to settle:
    "자리 넷" ends after 0.2 s of silence, not 0.3 s, and the settled decoding is the final one (the same
    audio, the same words as one pass)."""
    loop = VoiceLoop(NamesSession("ko", {}), ko_recognizer, RecordingSpeaker(), None)  # type: ignore[arg-type]
    allowed: tuple[Intent, ...] = ("seat", "no")
    pcm = take(tmp_path, "자리 넷", "ko")
    full, early = both_ways(loop, pcm, allowed)
    assert len(full.utterances) == len(early.utterances) == 1
    assert early.ends[0] <= full.ends[0] - 0.08, (early.ends, full.ends)
    assert bytes(early.utterances[0]) == bytes(full.utterances[0])
    utterance = early.utterances[0]
    assert isinstance(utterance, Utterance) and utterance.decoded is not None
    decoded = utterance.decoded.result(timeout=10)
    assert decoded is not None
    assert decoded.text == ko_recognizer.decode(bytes(utterance), SAMPLE_RATE, loop.grammar(allowed)).text == "자리 넷"
    heard = loop.hear(utterance, allowed)
    assert heard.command is not None and heard.command.seats == (4,), heard.result
    # "자리" alone begins a longer answer: settled there, the utterance waits for the full hangover
    full, alone = both_ways(loop, take(tmp_path, "자리", "ko"), allowed)
    assert alone.ends == full.ends


class _Lagging(Stream):
    """A stream whose partial is always empty, settling to scripted words (the seam, for the sink's rule)."""

    lags = True

    def __init__(self, settles: list[str | Hypothesis]) -> None:
        self.phrases = ("seat three",)
        self.settles = settles
        self.asked = 0

    def feed(self, pcm: bytes) -> None:
        pass

    def partial(self) -> str:
        return ""

    def settle(self) -> Hypothesis:
        self.asked += 1
        settled = self.settles.pop(0) if self.settles else ""
        return settled if isinstance(settled, Hypothesis) else Hypothesis(settled)

    def finish(self, pcm: bytes) -> None:
        return None


class _Owner:
    def __init__(self, stream: Stream) -> None:
        self.made = stream

    def stream(self, phrases: Sequence[str]) -> Stream:
        return self.made


def test_a_lagging_stream_is_settled_once_a_pause() -> None:
    """The sink asks a lagging stream to settle once in a pause (later checks in it take that answer),
    and again only after loud speech began a new pause."""
    made = _Lagging(["seat", "seat three"])
    sink = StreamSink(_Owner(made), ["seat three"], early=True)
    sink.block(b"\0\0" * 800)
    sink.block(b"\0\0" * 800, loud=False)
    assert not sink.complete(wait=5)  # "seat" begins a longer answer
    assert not sink.complete(wait=5)
    assert made.asked == 1
    sink.block(b"\0\0" * 800, loud=True)  # the speech went on
    sink.block(b"\0\0" * 800, loud=False)
    assert sink.complete(wait=5)
    assert made.asked == 2
    sink.abandon()
    partial_only = StreamSink(_Owner(made), ["seat three"], early=False)
    assert not partial_only.complete(wait=5)  # no early end: never asked
    partial_only.abandon()
    assert made.asked == 2


@pytest.mark.parametrize(("three_starts", "whole"), [(0.30, True), (0.44, True), (0.46, False), (0.55, False)])
def test_a_settled_word_put_in_the_silence_is_not_an_answer(three_starts: float, whole: bool) -> None:
    """Told the utterance is over, a grammar decoder finishes the sentence: "seat" then a pause settles
    as "seat three", "three" in the silence. A last word that began less than SAID (0.1 s) before the
    speech went quiet is not whole. Here the speech is loud for 0.55 s, then quiet for 0.2 s."""
    settled = Hypothesis("seat three", (Word("seat", 1.0, 0.05, 0.3), Word("three", 1.0, three_starts, 0.7)))
    sink = StreamSink(_Owner(_Lagging([settled])), ["seat three"], early=True)
    block = b"\0\0" * 880  # 0.055 s
    for _ in range(10):
        sink.block(block, loud=True)
    for _ in range(4):
        sink.block(block, loud=False)
    assert sink.complete(wait=5) is whole
    sink.abandon()


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
    full, early = both_ways(loop, pcm, allowed)
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


def test_early_end_is_on_by_default_in_both_languages() -> None:
    """config.toml's default and the voice loop's agree: on in Korean and English (docs/benchmarks.md);
    a bool in config.toml still reads as every / no language."""
    from moderator.config import Asr
    from moderator.voice.stream import EARLY_END_LANGS

    assert Asr().early_end == list(EARLY_END_LANGS) == ["ko", "en"]
    assert Asr.model_validate({"early_end": True}).early_end == ["ko", "en"]
    assert Asr.model_validate({"early_end": False}).early_end == []
    assert VoiceLoop(NamesSession("en", {}), None, RecordingSpeaker(), None).early_end is True  # type: ignore[arg-type]
    assert VoiceLoop(NamesSession("ko", {}), None, RecordingSpeaker(), None).early_end is True  # type: ignore[arg-type]
