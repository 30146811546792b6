"""The pieces of the voice benchmark: a real 7-player table and voice loop, the utterances each
step kind listens for, the scenes (speech in a room, with noise), the endpointer, and the verdict
the loop would reach on each utterance.

Nothing here is a stand-in for the app's path: the grammars come from ``VoiceLoop.grammar``, the
hearing from ``VoiceLoop.hear`` (recogniser + rejection policy + parser), the verdict from
``moderator.voice.loop.judge``, the cutting from ``moderator.voice.listen.Endpointer``. Only the
loudspeaker is a recording fake and the microphone is a clock feeding WAV blocks.
"""

from __future__ import annotations

import array
import hashlib
import math
import queue
import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from bench.common import SPEECH, Condition, Speaker
from bench.fakes import RecordingSpeaker, WavUtterances
from moderator.clocktower.grimoire.journal import Journal
from moderator.clocktower.rules.loader import default_catalogue
from moderator.clocktower.rules.scripts import complete, load_script
from moderator.clocktower.rules.setup import setup_game
from moderator.clocktower.table import Table
from moderator.commands.parse import INTENTS_FOR, Command, Parser
from moderator.commands.phrases import Intent
from moderator.errors import Ambiguous, IllegalChoice, NotUnderstood
from moderator.i18n import Lang
from moderator.voice.asr import Recognizer
from moderator.voice.audio import BLOCK, SAMPLE_RATE, rms, to_16k_mono
from moderator.voice.listen import Endpointer
from moderator.voice.loop import Heard, Verdict, VoiceLoop
from moderator.voice.stream import StreamSink
from moderator.voice.tts import list_voices

#: The step kinds measured, each with what the step allows (the loop adds next/back/repeat/pause).
STEPS: dict[str, tuple[Intent, ...]] = {k: INTENTS_FOR[k] for k in ("seat", "number", "yesno", "confirm")}
CHARACTERS = ["imp", "snakecharmer", "widow", "pixie", "fisherman", "ravenkeeper", "cannibal"]
CONDITIONS: list[float | None] = [None, 20.0, 10.0, 5.0]
RATES = (150, 190)
LEAD = 0.5  # seconds of room before the speech
TAIL = 1.2  # seconds of room after it (longer than any hangover tried)
CHATTER = {
    "ko": ["오늘 저녁 뭐 먹을까", "잠깐 화장실 다녀올게", "그 사람 말 믿어도 될까", "나는 아무것도 몰라"],
    "en": ["what are we having for dinner", "i need the bathroom", "can we trust him", "i know nothing at all"],
}

Key = tuple[str, tuple[int, ...], int | None, object]


def key_of(cmd: Command | None) -> Key | None:
    """What a command means (intent and its slots), to compare heard with said."""
    return None if cmd is None else (cmd.intent, cmd.seats, cmd.number, cmd.value)


def new_table(lang: Lang) -> Table:
    """The 7-player game of the voice tests (twelve script, seats 1-7)."""
    cat = default_catalogue()
    script, cat = load_script("twelve", cat)
    script = complete(script, cat, ["imp"])
    names = list("abcdefg")
    events, _, _ = setup_game(script, cat, names, characters=CHARACTERS, overrides={"widow_know": "5"})
    journal = Journal.new(script.source)
    journal.push("setup", events)
    return Table(journal, script, cat, lang)


def new_loop(lang: Lang, rec: Recognizer, confirm_below: float) -> VoiceLoop:
    """The real voice loop over :func:`new_table` (no devices: a recording speaker, no microphone).

    The loop is being reworked around sessions (push-to-talk, Growl); both forms are accepted."""
    table = new_table(lang)
    loop_cls: Any = VoiceLoop
    try:
        from moderator.clocktower.voice import ClocktowerSession  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return cast(VoiceLoop, loop_cls(table, lang, rec, RecordingSpeaker(), WavUtterances([]),
                                        confirm_below=confirm_below))  # fmt: skip
    session = ClocktowerSession(table, lang)
    return cast(VoiceLoop, loop_cls(session, rec, RecordingSpeaker(), WavUtterances([]), confirm_below=confirm_below))


def parser_of(loop: VoiceLoop) -> Parser:
    """The loop's parser (the session's, once the loop drives sessions)."""
    holder: Any = getattr(loop, "session", loop)
    return cast(Parser, holder.parser)


@dataclass(frozen=True)
class Item:
    """One sentence the step's grammar holds, and what it means there."""

    step: str
    text: str
    expected: Key


def items(loop: VoiceLoop, step: str) -> list[Item]:
    allowed = STEPS[step]
    out = []
    for sentence in loop.grammar(allowed):
        try:
            cmd = parser_of(loop).parse(sentence, allowed)
        except (NotUnderstood, Ambiguous, IllegalChoice):  # a decoy ("zero": no seat 0)
            continue
        key = key_of(cmd)
        assert key is not None
        out.append(Item(step, sentence, key))
    return out


def voices(lang: Lang) -> list[str]:
    ids = [v.id for v in list_voices(lang)]
    return [*ids[:1], f"{ids[0]}+f2", f"{ids[0]}+m3"] if ids else []


def conditions(lang: Lang) -> list[Condition]:
    return [Condition(v, r) for v in voices(lang) for r in RATES]


@dataclass(frozen=True)
class Scene:
    """Speech in a room: ``pcm`` holds LEAD s of room, the speech, TAIL s of room; the speech
    ends at ``speech_end`` seconds."""

    pcm: bytes
    speech_end: float


def speech_bounds(pcm: bytes, frame: int = 160) -> tuple[int, int]:
    """First and last sample of the speech: 10 ms frames above 2% of the loudest frame's RMS."""
    levels = [rms(pcm[i : i + 2 * frame]) for i in range(0, len(pcm), 2 * frame)]
    floor = 0.02 * max(levels, default=0.0)
    loud = [i for i, x in enumerate(levels) if x > floor]
    if not loud:
        return 0, 0
    return loud[0] * frame, (loud[-1] + 1) * frame


def scene(clean: bytes, snr_db: float | None, seed: int, *, lead: float = LEAD, tail: float = TAIL) -> Scene:
    """``clean`` speech trimmed to its bounds, with room before and after: a faint noise floor
    (about -60 dBFS, as ``simulate_room``) plus, for ``snr_db``, white noise at that SNR to the
    speech's RMS over the whole scene (the room does not fall silent when the speaker stops)."""
    start, end = speech_bounds(clean)
    speech = array.array("h")
    speech.frombytes(clean[2 * start : 2 * end])
    power = sum(x * x for x in speech) / max(1, len(speech))
    sigma = 30.0
    if snr_db is not None:
        sigma = math.hypot(sigma, math.sqrt(power / (10 ** (snr_db / 10))))
    n_lead, n_tail = int(lead * SAMPLE_RATE), int(tail * SAMPLE_RATE)
    out = array.array("h", bytes(2 * n_lead)) + speech + array.array("h", bytes(2 * n_tail))
    rnd = random.Random(seed)
    gauss = rnd.gauss
    for i, x in enumerate(out):
        out[i] = max(-32768, min(32767, round(x + gauss(0.0, sigma))))
    return Scene(out.tobytes(), lead + len(speech) / SAMPLE_RATE)


def seed_of(*parts: object) -> int:
    return int(hashlib.sha1(repr(parts).encode()).hexdigest()[:8], 16)


@dataclass
class Cut:
    """The utterances the endpointer made of a scene, and when (block clock) each was handed on."""

    utterances: list[bytes]
    ends: list[float]  # seconds from the scene's start at which each utterance was handed on
    flushed: bool  # the endpointer never ended the last one (noise above its threshold): flushed at the end


UNPACED_CATCH_UP = 30.0
"""How long :func:`cut` lets the endpointer wait for the decoding: audio fed faster than it is spoken
leaves the decoder behind, which a sound card does not (:func:`paced` measures that), so an early end
is judged on the decoding of all that was fed, as it is in real time."""


def cut(pcm: bytes, hangover: float | None = None, tail: float | None = None,
        streamer: Callable[[], StreamSink] | None = None, down_to: float | None = None) -> Cut:  # fmt: skip
    """Feed ``pcm`` block by block, as the microphone does, to the app's endpointer (``streamer``: the
    loop's decoding while the speech goes on, ``VoiceLoop.streamer_for``: it may end an utterance early;
    ``down_to``: a calibrated loop's gate, ``Endpointer.listen_down_to``)."""
    got: list[bytes] = []
    ends: list[float] = []
    clock = [0.0]

    def take(u: bytes) -> None:
        got.append(u)
        ends.append(clock[0])

    ep = Endpointer(take, streamer=streamer)
    ep.catch_up = UNPACED_CATCH_UP
    if hangover is not None:
        ep.hangover = hangover
    if tail is not None:
        ep.tail = tail
    if down_to is not None:
        ep.listen_down_to(down_to)
    size = 2 * BLOCK
    for i, start in enumerate(range(0, len(pcm), size)):
        block = pcm[start : start + size]
        block += bytes(size - len(block))
        clock[0] = (i + 1) * BLOCK / SAMPLE_RATE  # a block is delivered when its last sample is in
        ep(block, BLOCK, None, None)
    flushed = bool(ep._speech)
    ep.flush()
    return Cut(got, ends, flushed)


@dataclass
class Outcome:
    """What the loop did with one spoken item (all utterances the endpointer cut from it)."""

    verdict: Verdict
    heard: Key | None
    pieces: int
    phrases: list[str] = field(default_factory=list)


def outcome(heards: Sequence[Heard], confirm_below: float) -> Outcome:
    """The first utterance the loop acts on or reads back decides; else it was rejected."""
    texts = [h.result.phrase or f"({h.result.text or h.result.reason})" for h in heards]
    for h in heards:
        v = h.verdict(confirm_below)
        if v != "reject":
            return Outcome(v, key_of(h.command), len(heards), texts)
    return Outcome("reject", None, len(heards), texts)


@dataclass
class Tally:
    """right = acted on, or read back, with the right meaning; read_back_wrong = a wrong meaning
    read back (the storyteller says no); silent_wrong = a wrong meaning acted on with no read-back."""

    right: int = 0
    right_read_back: int = 0
    read_back_wrong: int = 0
    silent_wrong: int = 0
    rejected: int = 0
    split: int = 0
    total: int = 0
    wrongs: list[str] = field(default_factory=list)

    def add(self, o: Outcome, expected: Key | None, label: str) -> None:
        self.total += 1
        self.split += o.pieces > 1
        if o.verdict == "reject":
            self.rejected += 1
        elif expected is not None and o.heard == expected:
            self.right += 1
            self.right_read_back += o.verdict == "confirm"
        elif o.verdict == "confirm":
            self.read_back_wrong += 1
        else:
            self.silent_wrong += 1
            self.wrongs.append(f"{label} -> {' | '.join(o.phrases)}")

    def merge(self, other: Tally) -> None:
        for name in ("right", "right_read_back", "read_back_wrong", "silent_wrong", "rejected", "split", "total"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.wrongs += other.wrongs

    def pct(self, n: int | None = None) -> str:
        n = self.right if n is None else n
        return f"{100 * n / max(1, self.total):.1f}% ({n}/{self.total})"


def real_offtopic(lang: Lang) -> list[Path]:
    """Real speech that is no command: the 30 Zeroth-Korean sentences; the English Speech Commands
    clips other than a lone "yes" or "no" ("yes no go stop" is four words, not one command)."""
    folder = SPEECH / ("ko-zeroth" if lang == "ko" else "en-speech-commands")
    files = sorted(folder.glob("*.wav"))
    if lang == "en":
        files = [f for f in files if f.stem not in ("en_sc_yes", "en_tfmicro_yes_1000ms", "en_tfmicro_no_1000ms")]
    return files


def real_yes_no(lang: Lang) -> list[tuple[Path, str]]:
    """Real recordings of a lone yes / no (English only)."""
    if lang != "en":
        return []
    folder = SPEECH / "en-speech-commands"
    pairs = [("en_sc_yes", "yes"), ("en_tfmicro_yes_1000ms", "yes"), ("en_tfmicro_no_1000ms", "no")]
    return [(folder / f"{stem}.wav", word) for stem, word in pairs if (folder / f"{stem}.wav").is_file()]


def real_scene(path: Path, seed: int) -> Scene:
    """A real recording with room before and after (it already has its own noise floor)."""
    return scene(to_16k_mono(path), None, seed)


class Corpus:
    """Clean renders of every sentence, cached on disk (bench.common.Speaker)."""

    def __init__(self, lang: Lang) -> None:
        self.lang = lang
        self.speaker = Speaker(lang, room=False)

    def clean(self, text: str, cond: Condition) -> bytes:
        return self.speaker.pcm(text, cond)


Hear = Callable[[bytes, tuple[Intent, ...]], Heard]


def paced(
    pcm: bytes, step: tuple[Intent, ...], hear: Hear, hangover: float | None = None, tail: float | None = None,
    streamer: Callable[[], StreamSink] | None = None,
) -> tuple[list[Heard], list[float]]:  # fmt: skip
    """Play ``pcm`` in real time through the endpointer, as a sound card would (one block every
    0.1 s on a clock, from a callback thread), and hear each utterance as it comes, as the loop does.
    ``streamer``: the loop's decoding while the speech goes on (``VoiceLoop.streamer_for``).
    Returns what was heard and, for each utterance, the clock time (s from the start) it was done."""
    done: queue.Queue[bytes | None] = queue.Queue()
    ep = Endpointer(done.put, streamer=streamer)
    if hangover is not None:
        ep.hangover = hangover
    if tail is not None:
        ep.tail = tail
    size = 2 * BLOCK
    period = BLOCK / SAMPLE_RATE
    t0 = time.perf_counter() + 0.05

    def feed() -> None:
        for i, start in enumerate(range(0, len(pcm), size)):
            block = pcm[start : start + size]
            block += bytes(size - len(block))
            delay = t0 + (i + 1) * period - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
            ep(block, BLOCK, None, None)
        ep.flush()
        done.put(None)

    thread = threading.Thread(target=feed, daemon=True)
    thread.start()
    heards: list[Heard] = []
    times: list[float] = []
    while (utterance := done.get()) is not None:
        heards.append(hear(utterance, step))
        times.append(time.perf_counter() - t0)
    thread.join()
    return heards, times
