"""The spoken forms tried at calibration (data/commands ``voice.calibrate``) are each understood as
their command, where the game would listen for them."""

from __future__ import annotations

import pytest

from moderator.commands.parse import Parser, Vocabulary
from moderator.commands.phrases import Intent, phrases

WHERE: dict[str, tuple[Intent, ...]] = {"next": (), "back": (), "repeat": (), "yes": ("yes", "no"),
                                        "no": ("yes", "no"), "nobody": ("seat", "no")}  # fmt: skip


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_every_calibration_form_parses_as_its_command(lang: str) -> None:
    voice = phrases(lang).voice
    assert voice is not None and voice.calibrate
    parser = Parser(lang, Vocabulary(seats=list(range(1, 8))))  # type: ignore[arg-type]
    for key, forms in voice.calibrate.items():
        assert forms, key
        intent = "no" if key == "nobody" else key
        for form in forms:
            assert parser.parse(form, WHERE[key]).intent == intent, (key, form)
        # the form the grammar listens for without a calibration is one of them
        spoken = parser.sentences(WHERE[key] or ("next",))
        assert any(f in spoken for f in forms), (key, forms, spoken)
