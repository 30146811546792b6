"""Korean ordinals in printed texts read as a table says them: 첫 번째 밤, never 1번째 밤."""

from __future__ import annotations

import pytest

from moderator.i18n import Text, resolve_ordinals

ORDINALS = [(1, "첫 번째"), (2, "두 번째"), (3, "세 번째"), (4, "네 번째"), (11, "열한 번째"), (20, "스무 번째")]


@pytest.mark.parametrize(("n", "said"), ORDINALS)
def test_an_ordinal_in_words(n: int, said: str) -> None:
    assert Text(ko="{night}번째 밤", en="night {night}")("ko", night=n) == f"{said} 밤"
    assert Text(ko="{night}번째 밤", en="night {night}")("en", night=n) == f"night {n}"


def test_other_numbers_are_left_as_they_are() -> None:
    assert resolve_ordinals("3번 민수, 2.5번째") == "3번 민수, 2.5번째"
    assert resolve_ordinals("번째") == "번째"
