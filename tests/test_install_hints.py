"""A missing optional package is named with how to install it, in the command line's language."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from types import ModuleType

import pytest

from moderator.errors import ModeratorError
from moderator.messages import catalogue, set_lang
from moderator.messages import lang as current_lang
from moderator.voice._deps import require as voice_require
from moderator.web._deps import require as web_require


@pytest.fixture(autouse=True)
def _lang_back() -> Iterator[None]:
    before = current_lang()
    yield
    set_lang(before)


@pytest.mark.parametrize("require", [voice_require, web_require])
def test_the_hint_follows_the_language(require: Callable[[str, str], ModuleType]) -> None:
    said = {}
    for lang in ("ko", "en"):
        set_lang(lang)
        with pytest.raises(ModeratorError) as err:
            require("no_such_package_here", "for_microphone")
        said[lang] = str(err.value)
    assert said["ko"].startswith("마이크 입력에는 파이썬 패키지 'no_such_package_here'") and "pip install" in said["ko"]
    assert said["en"].startswith("Microphone input needs the Python package 'no_such_package_here'")


def test_every_purpose_named_in_the_code_is_a_message() -> None:
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "moderator"
    used = {m for f in root.rglob("*.py") for m in re.findall(r'require\([^,]+, "(for_\w+)"\)', f.read_text())}
    assert len(used) >= 8 and used <= set(catalogue().messages), used - set(catalogue().messages)
