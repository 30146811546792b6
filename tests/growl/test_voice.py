"""The four-player Growl game again, answered by voice: every answer spoken by espeak-ng, cut by the
microphone path's endpointer, recognised by the real pocketsphinx model in the step's closed
grammar, then handed to the same text front end. The game must end exactly as the typed one."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from moderator.config import Config
from moderator.growl.frontend import GrowlLoop
from moderator.growl.voice import hear
from moderator.voice import render
from moderator.voice.asr import Recognizer
from moderator.voice.listen import WavUtterances
from tests.growl.playthrough import HERE, Result, check, engine_for, load

#: What the players say aloud, in the English words the recognizer listens for, for each typed
#: Korean answer of four_players.yaml.
SPOKEN = {
    "다음": "continue",
    "2번": "seat two",
    "블러드 하운드": "blood hound",
    "없음": "no",
    "현우 사망": "seat three dies",
    "선물": "the gift",
    "아니요": "no",
    "할로윈의 밤": "all hallows eve",
    "네": "yes",
    "2": "two",
    "1": "one",
    "0": "zero",
}


@pytest.fixture(scope="module")
def en() -> Recognizer:
    from moderator.voice.app import recognizer_for

    return recognizer_for("en", Config())


def test_a_whole_four_player_game_by_voice(tmp_path: Path, en: Recognizer) -> None:
    typed = load(HERE / "four_players.yaml")
    pt = typed.model_copy(update={"lang": "en", "say": [SPOKEN[s] for s in typed.say]})
    expect = pt.expect.model_copy(update={"prompts": [], "never": [], "replies": []})
    pt = pt.model_copy(update={"expect": expect})
    engine = engine_for(pt)
    loop = GrowlLoop(engine, "en", io.StringIO(), jsonl=True)
    audio = WavUtterances([render(s, "en", tmp_path / f"{i:02}.wav") for i, s in enumerate(pt.say)])
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
