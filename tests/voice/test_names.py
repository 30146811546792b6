"""Every name can be said: spoken forms of known words, listened for by the loop, checked by validate."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from bench.fakes import RecordingSpeaker, simulate_room
from moderator.commands.parse import Command, Parser, Vocabulary
from moderator.commands.phrases import Intent
from moderator.config import Config
from moderator.i18n import Lang
from moderator.session import Line
from moderator.validate import validate
from moderator.voice import read_wav, render
from moderator.voice.asr import Recognizer
from moderator.voice.loop import VoiceLoop
from moderator.voice.models import locate_model
from moderator.voice.names import SpokenForms, spoken_forms, spoken_names, unsayable
from moderator.voice.vocab import Vocabulary as ModelWords

KNOWN = {"raven", "keeper", "seat", "one", "pit", "hag"}


def test_a_name_of_unknown_words_is_said_by_its_spoken_form() -> None:
    aliases = {"ravenkeeper": ("raven keeper",)}
    assert spoken_forms("Ravenkeeper", aliases, KNOWN.__contains__) == ["raven keeper"]
    assert spoken_forms("Pit-Hag", aliases, KNOWN.__contains__) == ["pit hag"]
    assert unsayable(["Ravenkeeper", "Kazali", "Pit-Hag"], aliases, KNOWN.__contains__) == ["Kazali"]


def test_spoken_sentences_lead_back_to_the_written_ones() -> None:
    forms = SpokenForms({"ravenkeeper": ("raven keeper",)})
    spoken = forms.expand(["ravenkeeper", "seat one", "pit-hag"])
    assert spoken == ["ravenkeeper", "raven keeper", "seat one", "pit-hag", "pit hag"]
    assert forms.written_form("raven keeper") == "ravenkeeper"
    assert forms.written_form("pit hag") == "pit-hag"
    assert forms.written_form("seat one") == "seat one"
    assert forms.expand(["seat one"]) == ["seat one"]  # a grammar gets its own sentences, not the last one's


def test_every_spoken_form_in_the_data_is_made_of_known_words() -> None:
    for lang in ("ko", "en"):
        words = ModelWords(locate_model(lang, Path("models")))
        bad = {name: form for name, forms in spoken_names(lang).items() for form in forms
               if not all(words.has_word(w) for w in form.split())}  # fmt: skip
        assert not bad, (lang, bad)


def test_validate_finds_every_name_on_the_seed_scripts_sayable() -> None:
    report = validate([], config=Config())
    assert not report.problems, report.problems
    checked = [c for c in report.checked if c.startswith("speakable names")]
    assert len(checked) == 2
    for lang in ("ko", "en"):  # every one of the 181 can be said, in both languages
        assert any(f"({lang}," in c and "181 of 181 characters, 17 of 17 Growl cards" in c for c in checked), checked


def test_validate_fails_on_a_seed_name_that_cannot_be_said(monkeypatch: pytest.MonkeyPatch) -> None:
    import moderator.voice.names as names

    monkeypatch.setattr(names, "spoken_names", lambda lang: {})
    report = validate([], config=Config())
    unsaid = {(p.where, p.id) for p in report.problems}
    assert {("ko", "ravenkeeper"), ("ko", "kazali"), ("ko", "organgrinder")} <= unsaid
    assert {("en", "ravenkeeper"), ("en", "kazali"), ("en", "lycanthrope"), ("en", "lilmonsta")} <= unsaid


class NamesSession:
    """The least a session needs for :meth:`VoiceLoop.hear`: a language, sentences and a parser."""

    def __init__(self, lang: Lang, characters: dict[str, str]) -> None:
        self.lang = lang
        self.parser = Parser(lang, Vocabulary(seats=list(range(1, 8)), characters=characters))

    def sentences(self, allowed: Sequence[Intent]) -> list[str]:
        return self.parser.sentences(allowed, numbers=range(1, 8))

    def core_sentences(self) -> list[str]:
        return self.sentences(("next", "back", "repeat", "yes", "no", "seat"))

    def parse(self, phrase: str, allowed: Sequence[Intent]) -> Command | None:
        return self.parser.parse(phrase, allowed)

    def read_back(self, phrase: str) -> Line:
        return Line(f"{phrase}?", "private")


@pytest.mark.parametrize(
    ("lang", "said", "characters", "expected"),
    [
        ("en", "ravenkeeper", {"ravenkeeper": "ravenkeeper", "kazali": "kazali", "imp": "imp"}, "ravenkeeper"),
        ("en", "little monster", {"lil' monsta": "lilmonsta", "imp": "imp", "baron": "baron"}, "lilmonsta"),
        ("ko", "까마귀지기", {"까마귀지기": "ravenkeeper", "카잘리": "kazali", "임프": "imp"}, "ravenkeeper"),
        ("ko", "기억상실자", {"기억상실자": "amnesiac", "벌루니스트": "balloonist", "임프": "imp"}, "amnesiac"),
        ("ko", "벌루니스트", {"기억상실자": "amnesiac", "벌루니스트": "balloonist", "임프": "imp"}, "balloonist"),
    ],
)
def test_a_spoken_form_is_heard_as_the_character(
    tmp_path: Path, tts: None, lang: Lang, said: str, characters: dict[str, str], expected: str,
    ko_recognizer: Recognizer, en_recognizer: Recognizer,
) -> None:  # fmt: skip
    """The written name, as a storyteller says it, is heard through its spoken form."""
    rec = ko_recognizer if lang == "ko" else en_recognizer
    loop = VoiceLoop(NamesSession(lang, characters), rec, RecordingSpeaker(), None)  # type: ignore[arg-type]
    pcm, rate = read_wav(render(said, lang, tmp_path / "name.wav"))
    heard = loop.hear(simulate_room(pcm, rate), ("character", "no"))
    assert heard.command is not None and heard.command.character == expected, heard.result
