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
