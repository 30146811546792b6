"""Settings: a missing or bad settings file is one clear line; every value is checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from moderator.cli import main
from moderator.config import Config, load_config
from moderator.errors import DataError


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[growl]\npace = inf\n", "growl.pace: Input should be a finite number"),
        ("[growl]\npace = nan\n", "growl.pace"),
        ("[growl]\npace = 1e9\n", "growl.pace"),
        ("[growl]\npace = -1\n", "growl.pace"),
        ('[general]\nlanguage = "fr"\n', "general.language"),
        ("[general]\nsaves = 3\n", "general.saves"),
        ("[game]\nseed = '1'\n", "game.seed"),
        ("[tts.ko]\nrate = 0\n", "tts.ko.rate"),
        ("[audio]\nmicrophone = 'x'\n", "audio.microphone: Extra inputs are not permitted"),
        ("[general\n", "not valid TOML"),
    ],
)
def test_bad_settings_are_named_in_one_line(tmp_path: Path, text: str, expected: str) -> None:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_config(path)
    assert expected in str(caught.value) and str(path) in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_settings_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_bytes(b"\xff\xfe[general]")
    with pytest.raises(DataError, match="cannot read the settings"):
        load_config(path)


def test_a_missing_settings_file_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--config", str(tmp_path / "nope.toml"), "validate"]) == 2
    assert "no such settings file" in capsys.readouterr().err


def test_the_shipped_defaults_are_the_built_in_ones() -> None:
    from moderator.paths import default_config_file

    assert load_config(default_config_file()) == Config()


def test_the_user_settings_file_is_made_on_first_run(capsys: pytest.CaptureFixture[str]) -> None:
    from moderator.paths import user_config_file

    user_config_file().unlink(missing_ok=True)
    assert main(["characters", "--lang", "en"]) == 0
    assert "made your settings file" in capsys.readouterr().err
    assert user_config_file().is_file()
    assert main(["characters", "--lang", "en"]) == 0
    assert "made your settings file" not in capsys.readouterr().err  # only the first time
