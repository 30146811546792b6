"""``[asr] listen``: push (the headset's play/pause button, a pedal or Space opens the microphone for one
answer), wake (a wake phrase first) and always; and plain one-word forms where no bare
number is listened for. Real parts: espeak-ng speech through the microphone's callback path, the real
recognizers, the real engine; the media key is a file of the records a Linux input device sends."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.fakes import RecordingSpeaker
from moderator.clocktower.voice import ClocktowerSession
from moderator.config import Config
from moderator.voice.asr import Recognizer
from moderator.voice.loop import VoiceLoop
from moderator.voice.mediakeys import EV_KEY, MediaKeys, event, has_talk_key, presses, talk_devices, talk_key_paths
from tests.tables import twelve_table
from tests.voice.test_loop import en, ko, spoken  # noqa: F401 (the fixtures)

KEY_PLAYPAUSE, KEY_A, KEY_PLAYCD = 164, 30, 200


def test_a_press_of_the_media_key_is_one_talk_and_a_release_or_another_key_is_none() -> None:
    records = event(KEY_PLAYPAUSE, 1) + event(KEY_PLAYPAUSE, 0) + event(KEY_A, 1) + event(0, 0, kind=0)
    records += event(KEY_PLAYCD, 1) + event(KEY_PLAYCD, 2)  # a Bluetooth headset's play; a key repeat
    chunks = [records[:7], records[7:50], records[50:]]  # reads may end mid-record
    assert list(presses(lambda n: chunks.pop(0) if chunks else b"")) == [KEY_PLAYPAUSE, KEY_PLAYCD]
    assert EV_KEY == 1


def test_the_key_bitmap_of_sysfs_is_read_most_significant_word_first() -> None:
    assert has_talk_key("1000000000 0 0")  # key 164: the third word from the right, its bit 36
    assert not has_talk_key("fffffffff 0")  # keys 64-99 only
    assert not has_talk_key("")


def test_devices_with_a_talk_key_are_found_and_unreadable_ones_named(tmp_path: Path) -> None:
    sys_input, dev = tmp_path / "sys", tmp_path / "dev"
    dev.mkdir()
    for name, bitmap in (("event3", "1000000000 0 0"), ("event4", "ffff")):
        caps = sys_input / name / "device" / "capabilities"
        caps.mkdir(parents=True)
        (caps / "key").write_text(bitmap + "\n")
        (dev / name).write_bytes(b"")
    readable, closed = talk_devices(sys_input, dev)
    assert (readable, closed) == ([dev / "event3"], [])


def test_a_talk_key_setting_that_cannot_be_read_is_one_line(tmp_path: Path) -> None:
    paths, problem = talk_key_paths(str(tmp_path / "absent"))
    assert paths == [] and problem is not None and "Space" in problem and "\n" not in problem
    assert talk_key_paths("") == ([], None)


def test_push_mode_hears_only_the_answer_after_the_headset_button(tmp_path: Path, en: Recognizer) -> None:  # noqa: F811
    table = twelve_table("en")
    audio = spoken(tmp_path, "en", ["continue", "continue", "continue"], push_to_talk=True)
    loop = VoiceLoop(ClocktowerSession(table, "en"), en, RecordingSpeaker(), audio)
    button = tmp_path / "event7"
    button.write_bytes(event(KEY_PLAYPAUSE, 1) + event(KEY_PLAYPAUSE, 0))  # one press and its release
    keys = MediaKeys([button], loop.post_key).start()
    keys.join(5)
    assert not keys.errors
    loop.run()
    assert table.g.step == "minioninfo" and len(loop.log) == 1, loop.log


def test_push_mode_without_a_press_acts_on_nothing(tmp_path: Path, en: Recognizer) -> None:  # noqa: F811
    table = twelve_table("en")
    audio = spoken(tmp_path, "en", ["continue", "cancel", "continue"], push_to_talk=True)
    loop = VoiceLoop(ClocktowerSession(table, "en"), en, RecordingSpeaker(), audio)
    loop.run()
    assert table.g.step == "dusk" and loop.log == []


def test_wake_mode_acts_only_on_what_follows_the_wake_phrase(tmp_path: Path, en: Recognizer) -> None:  # noqa: F811
    table = twelve_table("en")
    # talk, the wake phrase alone then an answer, talk again, the wake phrase with an answer
    said = ["continue", "moderator", "continue", "continue", "moderator continue"]
    speaker = RecordingSpeaker()
    loop = VoiceLoop(ClocktowerSession(table, "en"), en, speaker, spoken(tmp_path, "en", said), wake="moderator")
    loop.run()
    assert table.g.step == "demoninfo", loop.log
    assert [line for line in loop.log if line.endswith("-> next")] == ["'continue' -> next", "'continue' -> next"]
    assert ("private", "<earcon>") in speaker.said  # the microphone opening is heard


def test_korean_wake_mode_acts_only_on_what_follows_the_wake_phrase(tmp_path: Path, ko: Recognizer) -> None:  # noqa: F811
    table = twelve_table("ko")
    said = ["계속", "모더레이터", "계속", "계속", "모더레이터 계속"]
    loop = VoiceLoop(ClocktowerSession(table, "ko"), ko, RecordingSpeaker(), spoken(tmp_path, "ko", said),
                     wake="모더레이터")  # fmt: skip
    loop.run()
    assert table.g.step == "demoninfo", loop.log
    assert sum(line.endswith("-> next") for line in loop.log) == 2, loop.log


def test_always_mode_hears_every_answer(tmp_path: Path, en: Recognizer) -> None:  # noqa: F811
    table = twelve_table("en")
    loop = VoiceLoop(ClocktowerSession(table, "en"), en, RecordingSpeaker(), spoken(tmp_path, "en", ["continue"] * 2))
    loop.run()
    assert table.g.step == "demoninfo"


def test_plain_forms_are_heard_only_where_no_bare_number_is(tmp_path: Path) -> None:
    """The `voice.plain` mechanism: a one-word form joins a step's grammar where it means its command and no
    sentence is a bare number. English ships a bare "repeat" (data/commands/en.yaml: weighed against table
    talk, it no longer takes talk); the loop hears it, and without it that step hears no bare "repeat"."""
    from moderator.commands.phrases import phrases
    from moderator.voice.app import recognizer_for

    voice = phrases("en").voice
    assert voice is not None and voice.plain == {"repeat": ["repeat"]} and "repeat" in voice.verify
    # the golden render (fixed bytes) on a decoder of its own: pocketsphinx adapts to what it heard before
    fresh = recognizer_for("en", Config())
    table = twelve_table("en")
    loop = VoiceLoop(ClocktowerSession(table, "en"), fresh, RecordingSpeaker(),
                     spoken(tmp_path, "en", ["continue", "repeat"]))  # fmt: skip
    plain, loop.plain = loop.plain, {}
    assert "repeat" not in loop.grammar(("next", "back", "repeat", "dies"))
    loop.plain = plain
    loop._grammars.clear()
    confirm = loop.grammar(("next", "back", "repeat", "dies"))
    seat = loop.grammar(("next", "back", "repeat", "seat"))
    assert "repeat" in confirm and "repeat" not in seat
    loop.run()
    assert [line.split(" -> ")[1] for line in loop.log] == ["next", "repeat"], loop.log
    assert table.g.step == "minioninfo"


def test_listen_is_a_setting_and_push_to_talk_still_means_push() -> None:
    import tomllib

    assert Config().listen == "always"
    assert Config.model_validate(tomllib.loads('[audio]\npush_to_talk = true\n')).listen == "push"
    assert Config.model_validate(tomllib.loads('[asr]\nlisten = "wake"\n')).listen == "wake"
    with pytest.raises(ValueError):
        Config.model_validate(tomllib.loads('[asr]\nlisten = "sometimes"\n'))
