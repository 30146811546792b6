"""The four-player Growl game again, answered by voice: every answer spoken by espeak-ng, cut by the
microphone path's endpointer, recognised by the real pocketsphinx model in the step's closed
grammar, then handed to the same text front end. The game must end exactly as the typed one."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from bench.fakes import RecordingSpeaker, WavUtterances
from moderator.config import Config
from moderator.growl.frontend import GrowlLoop
from moderator.growl.voice import GrowlSession
from moderator.voice.asr import Recognizer
from moderator.voice.loop import VoiceLoop
from tests.growl.playthrough import HERE, Result, check, engine_for, load
from tests.growl.voice_helpers import hear

#: What the players say aloud, in the English words the recognizer listens for, for each typed
#: Korean answer of four_players.yaml.
SPOKEN = {
    "다음": "continue",
    "2번": "seat two",
    "블러드 하운드": "blood hound",
    "없음": "nobody",  # at a seat step: how "no" is said there
    "현우 사망": "seat three dies",
    "선물": "the gift",
    "아니요": "no",
    "졌어요": "lost",
    "할로윈의 밤": "all hallows eve",
    "네": "yes",
    "2": "two",
    "1": "one",
    "0": "zero",
}

READ_BACK = {"two", "one", "zero", "seat three dies", "blood hound", "the gift", "all hallows eve"}
"""The spoken answers of four_players.yaml that are read back whatever the confidence: Growl's gold, a death and
the night cards drawn."""


@pytest.fixture(scope="module")
def en() -> Recognizer:
    from moderator.voice.app import recognizer_for

    return recognizer_for("en", Config())


def render_apart(lines: list[str], folder: Path) -> list[Path]:
    """The spoken answers, rendered by espeak-ng in a process of their own: an engine that has spoken
    other words in this process (other tests) does not render quite the same audio."""
    paths = [folder / f"{i:02}.wav" for i in range(len(lines))]
    code = (
        "import sys, json\nfrom moderator.voice import render\n"
        "for t, p in json.loads(sys.argv[1]):\n    render(t, 'en', p)\n"
    )
    jobs = json.dumps([[t, str(p)] for t, p in zip(lines, paths, strict=True)])
    subprocess.run([sys.executable, "-c", code, jobs], check=True, timeout=300)
    return paths


def test_a_whole_four_player_game_by_voice(tmp_path: Path, en: Recognizer) -> None:
    typed = load(HERE / "four_players.yaml")
    pt = typed.model_copy(update={"lang": "en", "say": [SPOKEN[s] for s in typed.say]})
    expect = pt.expect.model_copy(update={"prompts": [], "never": [], "replies": []})
    pt = pt.model_copy(update={"expect": expect})
    engine = engine_for(pt)
    loop = GrowlLoop(engine, "en", io.StringIO(), jsonl=True)
    audio = WavUtterances(render_apart(pt.say, tmp_path))
    errors: list[str] = []
    heard: list[str | None] = []
    for said in pt.say:
        pcm = audio.next()
        assert pcm is not None
        phrase = hear(engine, en, pcm)
        heard.append(phrase)
        if phrase is None:
            errors.append(f"{said!r}: rejected")
            continue
        _, error = loop.step(phrase)
        if error:
            errors.append(f"{said!r} heard as {phrase!r}: {error}")
    assert None not in heard and errors == [], errors  # every answer understood, none refused
    check(pt, Result(engine.state, [], errors))


def test_a_whole_four_player_game_through_the_voice_loop(tmp_path: Path, en: Recognizer) -> None:
    """The live front end: the voice loop speaks every step on the table speaker and hears each
    spoken answer from the microphone path; the evening ends as the typed one."""
    typed = load(HERE / "four_players.yaml")
    # A number (the gold), a death and a night card are read back by voice whatever the confidence: each is
    # followed by a yes.
    said = [w for s in typed.say for w in ([SPOKEN[s], "yes"] if SPOKEN[s] in READ_BACK else [SPOKEN[s]])]
    pt = typed.model_copy(update={"lang": "en", "say": said})
    pt = pt.model_copy(update={"expect": pt.expect.model_copy(update={"prompts": [], "never": [], "replies": []})})
    engine = engine_for(pt)
    state_out = tmp_path / "state.json"
    session = GrowlSession(GrowlLoop(engine, "en", io.StringIO(), state_out=state_out))
    audio = WavUtterances(render_apart(pt.say, tmp_path))
    speaker = RecordingSpeaker()
    # The answers hold a "yes" only for the read-backs asked whatever the confidence (tests/voice/test_loop.py
    # tests the others): none else is asked, and "nobody" and a seat said in one word ("two") are taken as
    # if the storyteller's calibration vouched for them.
    loop = VoiceLoop(session, en, speaker, audio, pace=0.5, confirm_below=0.0, vouched=frozenset({"no", "seat"}))
    assert loop.run() == 0
    # every answer acted on; a stretch of silence heard as nothing is no answer (under load the cut may leave
    # one), and the game the answers make is checked below either way
    missed = [h for h in loop.log if h.endswith("(reject)") and not h.startswith("'' -> silence")]
    asked = [h for h in loop.log if h.endswith("(confirm)")]
    assert not missed and len(asked) == sum(w in READ_BACK for w in said), loop.log
    assert all(h.split(" -> ")[1].split()[0] in ("number", "dies", "character") for h in asked), asked
    check(pt, Result(engine.state, [], []))
    assert {channel for channel, _ in speaker.said} == {"public"}  # no storyteller: the table hears all
    lines = [t for _, t in speaker.said]
    assert not any(t.startswith(("I didn't understand", "Not now")) for t in lines), lines
    heard = {w.replace("blood hound", "bloodhound") for w in READ_BACK}  # as the recognizer writes the card
    assert {t for t in lines if t.endswith(", right?")} == {f"{w}, right?" for w in heard}
    assert speaker.waits and all(a for _, a in speaker.waits)  # the passing countdown, under ambience if on
    assert json.loads(state_out.read_text())["night"] == engine.state.night  # the state file kept up


def test_the_sniff_is_timed_by_the_voice_loop(en: Recognizer) -> None:
    """Nine players by keys through the voice loop: the sniff's lines come with their pauses, scaled
    by the pace, and a refused answer repeats only the question."""
    pt = load(HERE / "nine_players_sniff.yaml")
    pt = pt.model_copy(update={"expect": pt.expect.model_copy(update={"prompts": [], "never": [], "replies": []})})
    engine = engine_for(pt)
    session = GrowlSession(GrowlLoop(engine, "en", io.StringIO()))
    speaker = RecordingSpeaker()
    loop = VoiceLoop(session, en, speaker, WavUtterances([]), pace=2.0)
    for line in pt.say:
        loop.post_key(line)
    assert loop.run() == 0
    check(pt, Result(engine.state, [], ["refused"]))
    sniff = engine.data.pacing.sniff
    wanted = [2.0 * s for s in (sniff.close_eyes, sniff.wolves_look, sniff.wolves_close)]
    waits = [w for w, _ in speaker.waits]
    assert any(waits[i : i + 3] == wanted for i in range(len(waits))), waits
    said = [t for _, t in speaker.said]
    refused = next(i for i, t in enumerate(said) if t.startswith("Not now"))
    assert "Werewolves" not in said[refused + 1]  # after the refusal: the question again, not the whole step
