"""pyttsx3 + espeak-ng rendered to 16 kHz mono WAV files."""

from __future__ import annotations

import wave
from pathlib import Path

import pytest

from moderator.voice import VoiceError, list_voices, render, select_voice


@pytest.mark.usefixtures("tts")
def test_korean_voice_is_an_exact_language_match() -> None:
    voices = list_voices("ko")
    assert voices and voices[0].id == "ko"
    assert all(v.language == "ko" for v in voices)  # not Konkani ("kok")
    assert select_voice("ko") == "ko"
    assert select_voice("ko", "ko+f2") == "ko+f2"
    with pytest.raises(VoiceError, match="not a 'ko' voice"):
        select_voice("ko", "inc/kok")


@pytest.mark.usefixtures("tts")
def test_english_prefers_en_us() -> None:
    voices = list_voices("en")
    assert voices[0].language == "en-us"
    assert all(v.language.split("-")[0] == "en" for v in voices)
    assert not any(v.id.startswith("mb/") for v in voices)


@pytest.mark.usefixtures("tts")
@pytest.mark.parametrize(("text", "lang"), [("다음 차례입니다", "ko"), ("Seat three, you are nominated.", "en")])
def test_render_writes_16k_mono_wav(tmp_path: Path, text: str, lang: str) -> None:
    out = render(text, lang, tmp_path / "sub" / "out.wav", rate=160, volume=0.8)
    with wave.open(str(out)) as wav:
        assert (wav.getframerate(), wav.getnchannels(), wav.getsampwidth()) == (16_000, 1, 2)
        assert 0.4 < wav.getnframes() / 16_000 < 5.0


@pytest.mark.usefixtures("tts")
def test_render_rejects_empty_text(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="empty"):
        render("  ", "ko", tmp_path / "x.wav")


def test_korean_goes_to_the_voice_in_its_spoken_form() -> None:
    from moderator.voice.tts import spoken_lines

    assert spoken_lines("4명입니다. 3번, 깨우세요.", "ko") == ["네 명임니다.", "삼 번, 깨우세요."]
    assert spoken_lines("Seat 3, wake them.", "en") == ["Seat 3, wake them."]
    assert spoken_lines("", "en") == []


@pytest.mark.usefixtures("tts")
def test_sentences_are_rendered_with_a_pause_between(tmp_path: Path) -> None:
    from moderator.voice import read_wav
    from moderator.voice.tts import SENTENCE_PAUSE, render_lines

    one = read_wav(render_lines(["밤이 됩니다."], "ko", tmp_path / "one.wav"))[0]
    two = read_wav(render_lines(["밤이 됩니다.", "밤이 됩니다."], "ko", tmp_path / "two.wav"))[0]
    gap = bytes(2 * round(SENTENCE_PAUSE * 16_000))  # 16-bit samples
    assert abs(len(two) - (2 * len(one) + len(gap))) < 0.05 * 32_000  # espeak-ng varies by a few ms, more under load
    assert gap in two
    assert read_wav(render_lines([], "ko", tmp_path / "none.wav"))[0] == gap


@pytest.mark.usefixtures("tts")
def test_the_prompt_cache_keys_on_what_is_said(tmp_path: Path) -> None:
    from moderator.voice.speaker import PromptCache, VoiceSettings

    cache = PromptCache(tmp_path, "ko", VoiceSettings())
    assert cache.get("3명") == cache.get("세 명")  # the same words, one recording
    assert cache.get("3번") != cache.get("3명")
