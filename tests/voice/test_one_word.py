"""One-word answers that change the game are read back unless the storyteller's calibration vouches."""

from __future__ import annotations

from pathlib import Path

from bench.fakes import RecordingSpeaker, simulate_room
from moderator.commands.phrases import Intent
from moderator.voice import read_wav, render
from moderator.voice.asr import Recognizer
from moderator.voice.loop import Heard, VoiceLoop, judge
from moderator.voice.result import Result
from tests.voice.test_names import NamesSession


def test_no_at_a_seat_or_character_step_is_read_back() -> None:
    assert judge("no", 1.0, False, 0.85, chooses_nobody=True) == "confirm"
    assert judge("no", 1.0, True, 0.85, chooses_nobody=True) == "reject"  # doubted: asked again
    assert judge("no", 1.0, False, 0.85) == "act"  # a yes/no step: the answer itself


def test_the_step_decides_whether_no_chooses_nobody() -> None:
    def heard(*allowed: str) -> Heard:
        from moderator.commands.parse import Command

        return Heard(Result("no", (), False, phrase="no"), Command("no"), 1.0, allowed)  # type: ignore[arg-type]

    assert heard("seat", "no").verdict(0.85) == "confirm"
    assert heard("character", "no").verdict(0.85) == "confirm"
    assert heard("yes", "no").verdict(0.85) == "act"
    assert heard("seat", "no").verdict(0.85, vouched=frozenset({"no"})) == "act"


def test_a_seat_in_one_word_is_read_back_and_seat_n_is_not() -> None:
    from moderator.commands.parse import Command

    def heard(text: str) -> Heard:
        return Heard(Result(text, (), False, phrase=text), Command("seat", (3,)), 1.0, ("seat", "no"))

    assert heard("three").verdict(0.85) == "confirm"
    assert heard("seat three").verdict(0.85) == "act"
    assert judge("seat", 1.0, False, 0.85, one_word_seat=True) == "confirm"


def test_a_number_or_anything_shown_is_read_back_unless_the_takes_agree() -> None:
    """Numbers were heard as other numbers at full confidence ("five" as four, "none" as one): a count, a
    number and anything shown are read back whatever the confidence; a seat said with its word is not."""
    from moderator.commands.parse import Command

    def heard(command: Command, agreed: bool = False) -> Heard:
        return Heard(Result("x y", (), False, phrase="x y"), command, 1.0, ("votes", "number"), agreed=agreed)

    assert heard(Command("votes", number=5)).verdict(0.0) == "confirm"
    assert heard(Command("number", number=0)).verdict(0.0) == "confirm"
    assert heard(Command("showed", value=2)).verdict(0.0) == "confirm"
    assert heard(Command("showed", seats=(4, 6))).verdict(0.0) == "confirm"
    assert heard(Command("votes", number=5), agreed=True).verdict(0.0) == "act"  # the storyteller's takes agree
    assert heard(Command("seat", (3,))).verdict(0.0) == "act"
    assert heard(Command("next")).verdict(0.0) == "act"


def test_one_part_of_a_two_part_answer_is_read_back() -> None:
    """Where a seat and a character are asked (a Kazali's step), a character alone was heard in talk."""
    from moderator.commands.parse import Command

    allowed: tuple[Intent, ...] = ("seat", "no", "character", "seat_character")

    def heard(command: Command) -> Heard:
        return Heard(Result("x y", (), False, phrase="x y"), command, 1.0, allowed)

    assert heard(Command("character", character="lunatic")).verdict(0.0) == "confirm"
    assert heard(Command("seat", (4,))).verdict(0.0) == "confirm"
    assert heard(Command("seat_character", (4,), character="lunatic")).verdict(0.0) == "act"
    only_seat = Heard(Result("x y", (), False, phrase="x y"), Command("seat", (4,)), 1.0, ("seat", "no"))
    assert only_seat.verdict(0.0) == "act"


def test_decoys_are_heard_as_themselves_and_rejected(
    tmp_path: Path, tts: None, en_recognizer: Recognizer, ko_recognizer: Recognizer
) -> None:
    """Through the real models: "four" at an English seat step is seat 4 (read back: one word), never "no";
    "nine" (no seat at seven) is a decoy; "네" (as a decoy) at a number step is not 넷; where the step
    allows the word ("four" at a number step), it is the answer."""
    en = VoiceLoop(NamesSession("en", {}), en_recognizer, RecordingSpeaker(), None)  # type: ignore[arg-type]
    seat_step = en.grammar(("seat", "no"))
    assert "four" in seat_step and "seat four" in seat_step and "nobody" in seat_step and "no" not in seat_step
    four = said(tmp_path, "four", "en")
    at_seat = en.hear(four, ("seat", "no"))
    assert at_seat.command is not None and at_seat.command.seats == (4,), at_seat.result
    assert at_seat.verdict(0.85) == "confirm"  # a seat in one word is read back
    nine = en.hear(said(tmp_path, "nine", "en"), ("seat", "no"))
    assert nine.command is None and nine.result.reason == "decoy", nine.result
    at_number = en.hear(four, ("number",))
    assert at_number.command is not None and at_number.command.number == 4, at_number.result
    ko = VoiceLoop(NamesSession("ko", {}), ko_recognizer, RecordingSpeaker(), None)  # type: ignore[arg-type]
    ko.decoys = ["네", "이", "예", "응"]  # measured, not shipped in Korean (data/commands/ko.yaml says why)
    ne = ko.hear(said(tmp_path, "네", "ko"), ("number",))
    assert ne.command is None, ne.result


def said(tmp: Path, text: str, lang: str) -> bytes:
    pcm, rate = read_wav(render(text, lang, tmp / f"{lang}-{len(text)}.wav"))
    return simulate_room(pcm, rate)


def test_a_decoy_that_means_yes_is_yes_only_at_a_yes_no_step(ko_recognizer: Recognizer) -> None:
    loop = VoiceLoop(NamesSession("ko", {}), ko_recognizer, RecordingSpeaker(), None)  # type: ignore[arg-type]
    loop.decoys = ["네", "이", "예", "응"]
    loop.grammar(("yes", "no"))
    loop.grammar(("number",))
    assert "네" not in loop._decoys_in[("no", "yes")] and "네" in loop._decoys_in[("number",)]
    assert "이" in loop._decoys_in[("number",)]  # sino 2 typed, but by voice a decoy beside 셋
