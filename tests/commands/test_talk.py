"""How a table talks (issue 23): answers with the words said around them, questions and maybes never
taken as facts, bare words that are also numbers read back, names typed close to one read back."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from moderator.commands.parse import Parser, Vocabulary
from moderator.commands.phrases import HAND
from moderator.errors import NotUnderstood, Tentative

SEATS = list(range(1, 8))
PLAYERS = {"민수": 1, "하은": 2, "지호": 3, "ann": 4}
CHARS = {"임프": "imp", "imp": "imp", "세탁부": "washerwoman", "washerwoman": "washerwoman", "독살자": "poisoner"}
DAY = ["nominate", "slays", "dies", "end_day", "executed", "ability"]


EDIT_INTENTS = sorted(HAND)


def _parser(lang: str = "ko") -> Parser:
    return Parser(lang, Vocabulary(seats=SEATS, players=dict(PLAYERS), characters=dict(CHARS)))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("line", "allowed", "intent", "seats"),
    [
        ("3번이요", ["seat"], "seat", (3,)),
        ("음 3번이요", ["seat"], "seat", (3,)),
        ("지호 씨", ["seat"], "seat", (3,)),
        ("하은이", ["seat"], "seat", (2,)),
        ("2번이랑 6번", ["two_seats"], "two_seats", (2, 6)),
        ("2번하고 6번", ["two_seats"], "two_seats", (2, 6)),
        ("3번이 5번 지명했어", DAY, "nominate", (3, 5)),
        ("3번이 5번 지목", DAY, "nominate", (3, 5)),
        ("민수 씨가 하은이를 지명했어요", DAY, "nominate", (1, 2)),
        ("5번을 3번이 지명", DAY, "nominate", (3, 5)),  # the one nominated said first: the particles say who
        ("하은이를 민수가 지명했어", DAY, "nominate", (1, 2)),
        ("3번 탈락", DAY, "dies", (3,)),
        ("3번 사망이요", DAY, "dies", (3,)),
        ("오늘은 여기까지", DAY, "end_day", ()),
        ("6번이 1번 쐈어", DAY, "slays", (6, 1)),
        ("아무도 안 골랐어", ["seat", "no"], "no", ()),
        ("아뇨", ["yes", "no"], "no", ()),
        ("아니야", ["yes", "no"], "no", ()),
        ("ㅇㅇ", ["yes", "no"], "yes", ()),
        ("어 맞아", ["yes", "no"], "yes", ()),
        ("다음 거", ["seat"], "next", ()),
        ("넘어가자", ["seat"], "next", ()),
    ],
)
def test_a_korean_answer_with_the_words_around_it(line: str, allowed: list[str], intent: str,
                                                   seats: tuple[int, ...]) -> None:  # fmt: skip
    cmd = _parser().parse(line, allowed)  # type: ignore[arg-type]
    assert (cmd.intent, cmd.seats) == (intent, seats)


def test_a_count_said_as_a_table_says_it() -> None:
    p = _parser()
    assert p.parse("네 표요", ["votes", "number"]).number == 4
    assert p.parse("4표", ["votes", "number"]).number == 4
    assert p.parse("아무도 안 들었어", ["votes", "number"]).number == 0
    for bare in ("네", "이", "오", "사"):  # a word too: read back before it counts
        with pytest.raises(Tentative) as exc:
            p.parse(bare, ["votes", "number"])
        assert exc.value.why == "number"
    assert p.parse("네", ["yes", "no"]).intent == "yes"  # where a yes is asked, it is a yes


@pytest.mark.parametrize(
    ("line", "lang"),
    [("3번 죽었어?", "ko"), ("3번 죽었나요", "ko"), ("3번이 5번 지명한 것 같아", "ko"), ("아마 3번 사망", "ko"),
     ("did seat 3 die?", "en"), ("seat 3 dies?", "en"), ("maybe seat 3 dies", "en"),
     ("I think seat 3 nominates seat 5", "en")],
)
def test_a_question_or_a_maybe_is_never_a_fact(line: str, lang: str) -> None:
    with pytest.raises(NotUnderstood) as exc:  # Tentative is a NotUnderstood: nothing is carried out
        _parser(lang).parse(line, DAY)  # type: ignore[arg-type]
    if isinstance(exc.value, Tentative):
        assert exc.value.why == "question"


def test_a_question_is_read_back_as_what_it_would_do() -> None:
    p = _parser()
    with pytest.raises(Tentative) as exc:
        p.parse("3번 죽었어?", DAY)  # type: ignore[arg-type]
    assert exc.value.command.intent == "dies"  # type: ignore[attr-defined]
    said = p.read_back(exc.value.command)  # type: ignore[arg-type]
    assert said.startswith("3번 사망으로") and "네" in said


@pytest.mark.parametrize(("line", "lang", "said"), [("6번 중독됐나?", "ko", "6번 중독으로"),
                                                    ("seat 6 is poisoned?", "en", "seat 6 is poisoned")])  # fmt: skip
def test_a_question_about_a_status_is_read_back_with_the_status(line: str, lang: str, said: str) -> None:
    """The read-back says what a yes does ("6번 중독"), never only the seat (which sounds like a pick)."""
    p = _parser(lang)
    with pytest.raises(Tentative) as exc:
        p.parse(line, ["seat", *EDIT_INTENTS])
    assert exc.value.command.intent == "status"  # type: ignore[attr-defined]
    assert said in p.read_back(exc.value.command)  # type: ignore[arg-type]


def test_a_name_typed_close_to_a_character_is_read_back() -> None:
    p = _parser("en")
    with pytest.raises(Tentative) as exc:
        p.parse("washrwoman", ["character"])
    assert exc.value.command.character == "washerwoman"  # type: ignore[attr-defined]
    with pytest.raises(NotUnderstood):
        p.parse("banana", ["character"])


_SENTENCES = sorted(set(_parser().sentences(("seat", "two_seats", "nominate", "dies", "votes", "yes", "no"),
                                            numbers=SEATS)))  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(_SENTENCES), st.sampled_from(["?", " ?", "？"]))
def test_any_command_asked_as_a_question_is_not_carried_out(sentence: str, mark: str) -> None:
    """Every sentence of the grammar, asked: never a command (read back, or not understood)."""
    p = _parser()
    allowed = ["seat", "two_seats", "nominate", "dies", "votes", "yes", "no"]
    with pytest.raises(NotUnderstood):
        cmd = p.parse(sentence + mark, allowed)  # type: ignore[arg-type]
        if cmd.intent in ("repeat", "pause"):
            raise NotUnderstood(sentence)  # asking for a repeat is still a repeat


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(_SENTENCES), st.sampled_from(["요", "이요", " 요"]), st.sampled_from(["", "음 ", "어 "]))
def test_a_polite_ending_or_a_filler_does_not_change_the_command(sentence: str, ending: str, filler: str) -> None:
    p = _parser()
    allowed = ["seat", "two_seats", "nominate", "dies", "votes", "yes", "no"]
    plain = p.parse(sentence, allowed)  # type: ignore[arg-type]
    try:
        said = p.parse(filler + sentence + ending, allowed)  # type: ignore[arg-type]
    except NotUnderstood:
        return  # not every ending fits every sentence; what is understood must be the same command
    assert (said.intent, said.seats, said.number) == (plain.intent, plain.seats, plain.number)


def _play(tmp_path, lines: list[str]) -> dict:  # type: ignore[no-untyped-def,type-arg]
    import json
    import os
    import subprocess
    import sys

    (tmp_path / "lines.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (tmp_path / "g.json").unlink(missing_ok=True)  # a new game each time (one never saves over another's save)
    env = {**os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "d"),
           "XDG_CONFIG_HOME": str(tmp_path / "c")}  # fmt: skip
    subprocess.run([sys.executable, "-m", "moderator", "play", "--text", "--jsonl", "--lang", "ko", "--script",
                    "trouble-brewing", "--players", "민수,하은,지호,서연,도윤,수아,준호", "--assign",
                    "imp,poisoner,washerwoman,fortuneteller,empath,slayer,ravenkeeper", "--seed", "0",
                    "--input", "lines.txt", "--state-out", "s.json", "--save", "g.json"],
                   capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path, check=True)  # fmt: skip
    return json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_a_question_at_the_table_is_carried_out_only_on_a_yes(tmp_path) -> None:  # type: ignore[no-untyped-def]
    day = ["next", "next", "next", "seat 5", "next", "next", "seat 1 and seat 2", "next", "next"]
    asked = _play(tmp_path, [*day, "3번 죽었어?", "다음"])
    assert next(p for p in asked["players"] if p["seat"] == 3)["alive"] is True
    confirmed = _play(tmp_path, [*day, "3번 죽었어?", "네"])
    assert next(p for p in confirmed["players"] if p["seat"] == 3)["alive"] is False
