"""What espeak-ng is given: respellings from data/pronounce/ko_list, then the standard pronunciation."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.ko_lines import korean_lines
from moderator.korean.pronounce import entries, pronounced, read_list, respell
from moderator.voice.tts import spoken_lines
from tests.korean.test_spoken import assert_sayable


def test_the_list_reads_like_espeak_ng_ko_list(tmp_path: Path) -> None:
    f = tmp_path / "ko_list"
    f.write_text("// comment\n\n거리의   거리에  // trailing comment\n", encoding="utf-8")
    assert read_list(f) == {"거리의": "거리에"}
    f.write_text("거리의\n", encoding="utf-8")
    with pytest.raises(ValueError, match="ko_list:1"):
        read_list(f)


def test_the_bundled_list_loads() -> None:
    assert entries()["할로윈의"] == "할로위네"


def test_respell_matches_at_a_word_start() -> None:
    assert respell("할로윈의 밤") == "할로위네 밤"
    assert respell("마을주민을") == "마을쭈민을"
    assert respell("작은마을주민") == "작은마을주민"


@pytest.mark.parametrize(
    ("sentence", "said"),
    [
        ("감사합니다.", "감사함니다."),
        ("살아 있는 플레이어", "사라 인는 플레이어"),
        ("삼 번 Bill, 깨우세요.", "삼 번 Bill, 깨우세요."),
        ("마을주민을 보여주세요.", "마을쭈미늘 보여주세요."),
    ],
)
def test_pronounced(sentence: str, said: str) -> None:
    assert pronounced(sentence) == said


def test_every_line_given_to_espeak_is_sayable() -> None:
    for line in korean_lines(variants=1):
        for sentence in spoken_lines(line.written, "ko"):
            assert_sayable(sentence)
