"""How the voice should say a Korean sentence: respellings from data/pronounce/ko_list, then the
standard pronunciation (표준 발음법: liaison, nasalisation, tensing, aspiration) as Hangul.

espeak-ng's Korean reads letter by letter: 합니다 comes out [합니다], not [함니다], 있는 [읻는].
Handing it the pronounced spelling (함니다, 인는) is measured in bench/results/ko_speech.md.
The output is for espeak-ng only, never shown: 죽었습니다 becomes 주걷씀니다.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from moderator.paths import data_dir

_HANGUL_RUN = re.compile(r"[가-힣]+(?:[ ,]+[가-힣]+)*")


def read_list(path: Path) -> dict[str, str]:
    """Entries of a ko_list-style file: ``word  said`` per line, ``//`` comments.

    Raises:
        ValueError: a line has a word and no respelling (the message names the file and line).
    """
    entries: dict[str, str] = {}
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.split("//", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        if len(parts) != 2:
            raise ValueError(f"{path}:{number}: want 'word said', got {raw!r}")
        entries[parts[0]] = parts[1]
    return entries


@cache
def entries() -> dict[str, str]:
    """The respellings in data/pronounce/ko_list (none if the file is missing)."""
    path = data_dir() / "pronounce" / "ko_list"
    return read_list(path) if path.is_file() else {}


@cache
def _entry_re() -> re.Pattern[str] | None:
    words = sorted(entries(), key=len, reverse=True)
    if not words:
        return None
    return re.compile(r"(?<![가-힣])(" + "|".join(re.escape(w) for w in words) + ")")


def respell(text: str) -> str:
    """``text`` with the listed words respelled (a word matches at its start: particles follow it)."""
    pattern = _entry_re()
    return text if pattern is None else pattern.sub(lambda m: entries()[m.group()], text)


def pronounced(sentence: str) -> str:
    """What espeak-ng is given for a spoken sentence: respelled, then in its standard pronunciation.

    Latin names, spaces and pause marks are left as they are.
    """
    said = respell(sentence)
    import hangulpy  # lazily: 0.15 s at import, needed only for Korean numbers
    return _HANGUL_RUN.sub(lambda m: str(hangulpy.standardize_pronunciation(m.group())), said)
