"""config.toml's asr.read_back_all: in those languages every state-changing answer is read back,
whatever the confidence; commands that change nothing by themselves are not."""

from __future__ import annotations

from moderator.config import Config, confirm_below, load_config
from moderator.voice.loop import judge


def test_korean_reads_back_every_state_change_by_default() -> None:
    config = load_config()  # the config.toml that ships
    ko, en = confirm_below(config, "ko"), confirm_below(config, "en")
    assert judge("seat", 1.0, False, ko) == "confirm"
    assert judge("number", 1.0001, False, ko) == "confirm"
    assert judge("next", 1.0, False, ko) == "act"
    assert judge("seat", 1.0, False, en) == "act" and judge("seat", 0.5, False, en) == "confirm"


def test_the_list_can_be_emptied() -> None:
    config = Config.model_validate({"asr": {"read_back_all": []}})
    assert judge("seat", 1.0, False, confirm_below(config, "ko")) == "act"


def test_a_character_by_voice_is_read_back_in_english_too() -> None:
    """Talk was heard as a character's name at full confidence ("probably Dana" as lunatic): a character
    is read back in every language, whatever the confidence; "seat three" at the same confidence is not."""
    en = confirm_below(load_config(), "en")
    assert judge("character", 1.0, False, en) == "confirm"
    assert judge("seat_character", 1.0, False, en) == "act" and judge("seat", 1.0, False, en) == "act"
    assert judge("character", 1.0, False, en, agreed=True) == "act"  # the storyteller's takes agreeing
