"""Table talk is never a command (issue 27, item 1): short real phrases that were forced into the nearest
command ("알려줘" heard as 아니요, "열어" as 계속, "화면이 너무 밝아" as 미치광이) are heard as talk, because
every step's grammar also holds the language's filler words (data/commands/fillers.<lang>.txt), and the
commands are still heard."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from bench.fakes import simulate_room
from bench.voicebench import new_loop
from moderator.commands.parse import INTENTS_FOR
from moderator.voice import read_wav, render
from moderator.voice.asr import COMMAND_WEIGHT, Recognizer, weighted
from moderator.voice.loop import VoiceLoop
from moderator.voice.names import decoys, fillers

TALK = ["알려줘", "열어", "빨리 도와줘", "문 열어줘", "화면이 너무 밝아"]
STEPS = {k: INTENTS_FOR[k] for k in ("yesno", "confirm", "character")}


def said(tmp: Path, text: str) -> bytes:
    pcm, rate = read_wav(render(text, "ko", tmp / f"{hashlib.md5(text.encode()).hexdigest()}.wav"))
    return simulate_room(pcm, rate)


@pytest.fixture(scope="module")
def loop(ko_recognizer: Recognizer) -> VoiceLoop:
    return new_loop("ko", ko_recognizer, 0.85)


def acted(loop: VoiceLoop, pcm: bytes, allowed: tuple[str, ...]) -> list[str]:
    """What the loop would carry out without a read-back, from one spoken line."""
    heard = [loop.hear(pcm, allowed)]  # type: ignore[arg-type]
    return [str(h.result.phrase) for h in heard if h.command is not None and h.verdict(loop.confirm_below) == "act"]


def test_the_fillers_are_decoys_known_to_the_model_and_far_from_the_commands(ko_recognizer: Recognizer) -> None:
    words = fillers("ko")
    assert len(words) >= 50 and set(words) <= set(decoys("ko"))
    assert all(ko_recognizer.has_word(w) for w in words)
    assert not {"계속", "다시", "돌아가", "맞아", "아니요", "자리", "미치광이"} & set(words)


def test_commands_outweigh_fillers_in_vosks_phrase_list() -> None:
    assert weighted(["계속", "때문"], frozenset({"때문"})) == ["계속"] * COMMAND_WEIGHT + ["때문"]
    assert weighted(["계속", "다시"], frozenset({"때문"})) == ["계속", "다시"]  # no filler: as it is


@pytest.mark.parametrize("step", list(STEPS))
def test_short_talk_is_not_acted_on(tmp_path: Path, tts: None, loop: VoiceLoop, step: str) -> None:
    allowed = STEPS[step]
    assert set(fillers("ko")) & set(loop.grammar(allowed))
    wrong = {text: got for text in TALK if (got := acted(loop, said(tmp_path, text), allowed))}
    assert not wrong, wrong


def test_without_the_fillers_that_talk_was_acted_on(tmp_path: Path, tts: None, ko_recognizer: Recognizer) -> None:
    """The test above fails without the fillers: the same lines, the same loop, no fillers in its grammars
    (and no command weighed against talk's interjections, which catch some of these lines too)."""
    bare = new_loop("ko", ko_recognizer, 0.85)
    bare.decoys = []
    bare.verified = {}
    wrong = [text for step, allowed in STEPS.items() for text in TALK if acted(bare, said(tmp_path, text), allowed)]
    assert wrong


@pytest.mark.parametrize(
    ("step", "text"), [("confirm", "계속"), ("confirm", "돌아가"), ("yesno", "맞아"), ("yesno", "아니요")]
)
def test_commands_are_still_heard(tmp_path: Path, tts: None, loop: VoiceLoop, step: str, text: str) -> None:
    heard = loop.hear(said(tmp_path, text), STEPS[step])
    assert heard.command is not None and heard.result.phrase == text, heard.result


def test_pocketsphinx_hears_talk_as_two_fillers_in_a_row(
    tmp_path: Path, tts: None, en_recognizer: Recognizer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """English (pocketsphinx): with ``FILLER_RUN = 2`` a step's grammar holds one or two of the fillers in a
    row (bench/results/talk-reject-en.md: off by default, measured), so two words of talk decode as two
    fillers; with one filler at most they cannot, and the commands are still heard."""
    from moderator.voice import sphinx

    assert isinstance(en_recognizer, sphinx.PocketsphinxRecognizer)
    monkeypatch.setattr(en_recognizer, "fillers", frozenset({"together", "national"}))
    grammar = ["continue", "cancel", "repeat that", "together", "national"]

    def heard(text: str) -> str:
        path = render(text, "en", tmp_path / f"{hashlib.md5(text.encode()).hexdigest()}.wav")
        pcm, rate = read_wav(path)
        return en_recognizer.decode(simulate_room(pcm, rate), rate, grammar).text

    monkeypatch.setattr(sphinx, "FILLER_RUN", 2)
    assert heard("together national") == "together national"
    assert heard("continue") == "continue"
    assert heard("repeat that") == "repeat that"
    monkeypatch.setattr(sphinx, "FILLER_RUN", 1)
    assert heard("together national") in {"together", "national", *grammar[:3]}


EN_TALK = ["let me count", "maybe the imp", "haha look at Ben", "how many yellow ones?", "did Chris die?",
           "another game?", "pass the water", "maybe two?"]  # fmt: skip
"""English talk of the choose half (tests/talk/en.yaml) that was forced into "repeat that", "continue" or
"cancel" before those commands were weighed against table talk's words."""


def said_en(tmp: Path, text: str) -> bytes:
    pcm, rate = read_wav(render(text, "en", tmp / f"{hashlib.md5(text.encode()).hexdigest()}.wav"))
    return simulate_room(pcm, rate)


def test_english_repeat_continue_and_cancel_must_win_against_talk_words() -> None:
    from moderator.voice.names import talk_words, verified

    words = talk_words("en")
    checked = verified("en")
    assert set(checked) == {"repeat", "next", "back", "yes", "no"} and checked["repeat"] == words and len(words) >= 50
    assert "time" in words and "time" not in checked["next"] and set(checked["next"]) < set(words)
    assert not {"repeat", "that", "again"} & set(words)



@pytest.mark.parametrize("step", ["confirm", "yesno"])
def test_english_short_talk_is_not_acted_on(tmp_path: Path, tts: None, en_recognizer: Recognizer, step: str) -> None:
    loop = new_loop("en", en_recognizer, 0.0)
    wrong = {text: got for text in EN_TALK if (got := acted(loop, said_en(tmp_path, text), STEPS[step]))}
    assert not wrong, wrong


def test_without_the_talk_words_english_talk_was_acted_on(tmp_path: Path, tts: None, en_recognizer: Recognizer) -> None:
    """The test above fails without the check: the same lines, a loop that weighs no command against talk."""
    bare = new_loop("en", en_recognizer, 0.0)
    bare.verified = {}
    wrong = [text for step in ("confirm", "yesno") for text in EN_TALK
             if acted(bare, said_en(tmp_path, text), STEPS[step])]  # fmt: skip
    assert len(wrong) >= 3, wrong


@pytest.mark.parametrize(("step", "text"), [("confirm", "repeat that"), ("confirm", "continue"),
                                            ("confirm", "cancel"), ("yesno", "repeat that"), ("yesno", "yes"),
                                            ("yesno", "no")])  # fmt: skip
def test_english_commands_weighed_against_talk_are_still_heard(
    tmp_path: Path, tts: None, en_recognizer: Recognizer, step: str, text: str
) -> None:
    loop = new_loop("en", en_recognizer, 0.0)
    heard = loop.hear(said_en(tmp_path, text), STEPS[step])
    assert heard.command is not None and heard.result.phrase == text, heard.result
    assert en_recognizer.verify(said_en(tmp_path, text), 16000, text, loop.verified[heard.command.intent])


def test_vosks_check_against_talk_keeps_the_command_said_and_drops_talk(tmp_path: Path, tts: None,
                                                                       ko_recognizer: Recognizer) -> None:  # fmt: skip
    """`Recognizer.verify` as Vosk does it (its bigram chains the words anyway): the sentence, listed
    VERIFY_WEIGHT times, against the talk words once each; here against the fillers."""
    words = fillers("ko")
    assert ko_recognizer.verify(said(tmp_path, "계속"), 16000, "계속", words)
    assert ko_recognizer.verify(said(tmp_path, "다시"), 16000, "다시", words)
    assert not ko_recognizer.verify(said(tmp_path, "계속"), 16000, "다시", words)
    assert not any(ko_recognizer.verify(said(tmp_path, text), 16000, "계속", words) for text in TALK)
    assert ko_recognizer.verify(said(tmp_path, "알려줘"), 16000, "계속", [])  # nothing to weigh against


YES_NO_TALK = ["lol", "not yet", "how many yellow ones?"]
"""Talk of the choose half (tests/talk/en.yaml) heard as "no" or "yes" at the yes/no step before yes and
no were weighed against talk's words too."""


def test_english_talk_is_no_yes_or_no(tmp_path: Path, tts: None, en_recognizer: Recognizer) -> None:
    loop = new_loop("en", en_recognizer, 0.0)
    wrong = {text: got for text in YES_NO_TALK if (got := acted(loop, said_en(tmp_path, text), STEPS["yesno"]))}
    assert not wrong, wrong
    bare = new_loop("en", en_recognizer, 0.0)  # the same loop, but yes and no not weighed against talk
    bare.verified = {k: v for k, v in bare.verified.items() if k not in ("yes", "no")}
    assert [text for text in YES_NO_TALK if acted(bare, said_en(tmp_path, text), STEPS["yesno"])]


def test_korean_commands_are_weighed_against_interjections() -> None:
    from moderator.voice.names import talk_words, verified

    words = talk_words("ko")
    checked = verified("ko")
    assert set(checked) == {"next", "back", "repeat", "yes", "no"} and len(words) >= 50
    assert all(len(w) >= 2 for w in words)  # single syllables chain into every command in Vosk's bigram
    assert not {"계속", "돌아가", "다시", "맞아", "아니요", "네", "응"} & set(words)
    assert "으악" in words and "으악" not in checked["yes"] and "으악" in checked["back"]


def test_a_repeated_phrase_still_wins_but_talk_does_not() -> None:
    from moderator.voice.recognizer import phrase_won

    assert phrase_won("아니요 아니요", "아니요") and phrase_won("repeat that", "repeat that")
    assert not phrase_won("아니요 아이구", "아니요") and not phrase_won("", "아니요")
    assert phrase_won("that", "repeat that")  # part of the phrase: no talk word won


KO_EXCLAMATIONS = ["자아", "우아", "아유", "아이구", "아자", "짜잔", "아이쿠", "세상에"]
"""Interjections heard as 맞아, 아니요 or 계속 at the yes/no step by a loop that weighs no command against talk
(espeak-ng's default Korean voice). Not lines of tests/talk/outside, whose exclamations showed the kind."""


def test_korean_exclamations_are_not_acted_on(tmp_path: Path, tts: None, loop: VoiceLoop) -> None:
    wrong = {(text, step): got for text in KO_EXCLAMATIONS for step in ("confirm", "yesno")
             if (got := acted(loop, said(tmp_path, text), STEPS[step]))}  # fmt: skip
    assert not wrong, wrong


def test_without_the_check_korean_exclamations_were_acted_on(tmp_path: Path, tts: None,
                                                             ko_recognizer: Recognizer) -> None:  # fmt: skip
    bare = new_loop("ko", ko_recognizer, 0.85)
    bare.verified = {}
    wrong = [text for text in KO_EXCLAMATIONS if acted(bare, said(tmp_path, text), STEPS["yesno"])]
    assert len(wrong) >= 5, wrong
