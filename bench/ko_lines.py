"""Every Korean line the two games can say, written as the console shows it, with sample values.

- Clocktower: the night sheets of the bundled scripts (first and other nights, every character
  in play, each at a seat with a player's name, some drunk or poisoned), then every text of
  data/steps.yaml (pseudo-steps, templates, flow, refusals) with sample slot values.
- Growl: every text of data/growl/texts.yaml with sample values, and the night cards' names and
  effect texts.

Names alternate between ones ending in a vowel and in a consonant, Korean and Latin, so every
particle mark is exercised both ways. Used by tests/korean/test_every_line.py and bench/ko_speech.py.
"""

from __future__ import annotations

import dataclasses
import string
from collections.abc import Iterator
from dataclasses import dataclass

from pydantic import BaseModel

from moderator.clocktower.rules.loader import default_catalogue
from moderator.clocktower.rules.nightorder import night_sheet
from moderator.clocktower.rules.schema import Status
from moderator.clocktower.rules.scripts import bundled_scripts, load_script
from moderator.clocktower.rules.texts import step_texts
from moderator.growl.data import default_data
from moderator.i18n import Text

#: Player names: Latin and Korean, ending in a consonant (Ann, 민준, Bill) and in a vowel (Anna, 서연).
NAMES = ("Ann", "서연", "Bill", "Anna", "민준", "Mike", "지우", "Tom", "하은", "Ben", "유리", "Jack")


@dataclass(frozen=True)
class Line:
    """One line the app can say."""

    key: str
    """Where it comes from: "twelve/night1/snakecharmer", "steps/flow.nominated", "growl/setup.intro"."""
    template: str
    """The Korean template (with its {slots}), or the line itself when it has none."""
    written: str
    """The line as the console shows it."""


def _samples(variant: int) -> dict[str, object]:
    """Sample slot values; ``variant`` 0 and 1 end names in a consonant and in a vowel."""
    a, b = (NAMES[0], NAMES[3]) if variant == 0 else (NAMES[3], NAMES[0])
    who = f"3번 {a}"
    return {
        "seat": 3, "nominee": 5, "votes": 4, "threshold": 4, "day": 2, "name": a, "who": who,
        "character": "뱀 조련사" if variant == 0 else "초공감자", "characters": "뱀 조련사, 초공감자",
        "prompt": "깨우세요. 살아 있는 플레이어 한 명을 가리킵니다.", "truth": "하수인은 3번 Ann이며, 악마는 5번 민준",
        "a": "뱀 조련사" if variant == 0 else "릴 몬스타", "b": "미치광이", "reason": "3번은 죽었습니다",
        "examples": "다음, 3번, 뒤로", "got": "3번", "need": "캐릭터" if variant == 0 else "자리",
        "status": "취함", "actual": "주정뱅이", "ability": "초공감자", "alignment": "선", "believed": "초공감자",
        "lunatic": 4, "chosen": f"3번 {a}, 5번 {b}", "heard": "4번", "text": "바나나" if variant else "사과 한 개",
        "count": 7, "nth": "두 번째", "night_pool": 8, "night": 2, "final_pool": 4, "final": 1, "marks": "6+ / 9+",
        "cards": "깨물기 4장, 상처 4장", "total": 8, "bites": 2, "gold": 3, "deal": 3, "tied": f"1번 {a}, 2번 {b}",
        "card": "블러드 하운드" if variant == 0 else "감금", "dead": f"3번 {a}, 5번 {b}", "werewolf": 3, "death": 3,
        "seconds": 30, "minutes": 5, "n": 5, "effect": "카드를 뽑은 사람이 가둘 플레이어를 한 명 고릅니다.", "alive": 4,
        "team": "인간", "amount": 2, "table": f"1위 3번 {a} 5개, 2위 1번 {b} 3개", "rank": 1, "claimed": 6,
        "alternatives": "0, 2", "answer": f"6번 {b}", "seats": "3, 5", "old": "뱀 조련사", "script": "열두 캐릭터",
        "sailor": 4, "reminder": "수도승 안전" if variant == 0 else "임프 죽음", "note": "요리사라고 주장",
        "step": "새벽" if variant == 0 else "초공감자", "i": 3, "state": "끝남", "phase": "2일째 낮",
        "part": "하수인" if variant == 0 else "캐릭터", "what": "하수인" if variant == 0 else "두 번째 자리",
        "by": "5번 수도승", "notes": "요리사라고 주장", "example": "3번", "path": "game.json",
        "kind": "숫자" if variant == 0 else "캐릭터", "evil": 3, "most": 2, "other": 5, "about": 5,
        "jinxes": "릴 몬스타와 마술사",
        "jinx": "철학자가 현상금 사냥꾼 능력을 얻으면, 마을주민 한 명이 악해질 수 있습니다.",
        "demon_thumb": "엄지 아래", "guessed": "포" if variant == 0 else "임프",
        "old_thumb": "엄지 위" if variant == 0 else "엄지 아래", "master": 6,
        "place": "두 번째 게임, 첫 번째 밤", "min": 4, "max": 10, "demon": 1, "rival": 5, "giver": 6, "left": 2,
        "tokens": 1, "named": 2, "goat": 8, "was": 6, "told": "맞혔습니다. 밤에 악마인 1번을 알려주세요.",
    }  # fmt: skip


def slots(template: str) -> list[str]:
    """The {slot} names in ``template``."""
    return [name for _, name, _, _ in string.Formatter().parse(template) if name]


def texts_in(value: object, key: str) -> Iterator[tuple[str, Text]]:
    """Every :class:`Text` in a data model, with its key ("flow.nominated", "ordinals.0")."""
    if isinstance(value, Text):
        yield key, value
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from texts_in(getattr(value, name), f"{key}.{name}" if key else name)
    elif isinstance(value, dict):
        for sub, item in value.items():
            yield from texts_in(item, f"{key}.{sub}")
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            yield from texts_in(item, f"{key}.{i}")


def _data_lines(prefix: str, root: object, variants: int) -> Iterator[Line]:
    for key, text in texts_in(root, ""):
        if not any(ch.isalpha() for ch in text.ko):
            continue  # a separator (", "), or a number alone ("{n}", the countdown, checked in tests/korean)
        written = {text("ko", **_samples(v)) for v in range(variants if slots(text.ko) else 1)}
        for w in sorted(written):
            yield Line(f"{prefix}/{key}", text.ko, w)


def night_sheet_lines() -> Iterator[Line]:
    """The night sheets of the bundled scripts, every character in play at a seat."""
    cat = default_catalogue()
    for stem in bundled_scripts():
        script, scat = load_script(stem, cat)
        for night in (1, 2):
            for i, step in enumerate(night_sheet(script, scat, night, None)):
                if step.id in scat:
                    status: frozenset[Status] = frozenset({"poisoned"}) if i % 5 == 4 else frozenset()
                    step = dataclasses.replace(step, seat=i % 15 + 1, player=NAMES[i % len(NAMES)], status=status)
                written = step.prompt(scat, "ko")
                yield Line(f"{stem}/night{night}/{step.id}", written, written)


def korean_lines(variants: int = 2) -> list[Line]:
    """Every Korean line both games can say, once per distinct written form."""
    growl = default_data()
    lines = [
        *night_sheet_lines(),
        *_data_lines("steps", step_texts(), variants),
        *_data_lines("growl", growl.texts, variants),
        *_data_lines("growl-cards", growl.cards, variants),
    ]
    seen: set[str] = set()
    return [x for x in lines if not (x.written in seen or seen.add(x.written))]  # type: ignore[func-returns-value]
