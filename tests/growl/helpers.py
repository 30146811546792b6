"""Small helpers shared by the Growl tests: a real engine, driven by utterances."""

from __future__ import annotations

import io
from pathlib import Path

from moderator.commands.parse import Command
from moderator.growl.data import default_data
from moderator.growl.engine import Growl, Persist
from moderator.growl.frontend import GrowlLoop
from moderator.growl.journal import GrowlJournal
from moderator.growl.words import parsers
from moderator.i18n import Lang

SETUP = ["next"] * 5  # night cards, removal, first werewolves, deal, placing (under 8 players)


def new_engine(names: list[str], seed: int = 0, lang: Lang = "en", persist: Persist | None = None) -> Growl:
    return Growl(GrowlJournal.new(names, seed), default_data(), lang, persist)


def saving(path: Path) -> Persist:
    def persist(journal: GrowlJournal) -> None:
        journal.save(path)

    return persist


def say(engine: Growl, *lines: str) -> list[str]:
    """Feed ``lines`` through the text front end; return the errors (refusals, not understood)."""
    loop = GrowlLoop(engine, engine.lang, io.StringIO(), pace=0)
    errors = []
    for line in lines:
        _, error = loop.step(line)
        if error is not None:
            errors.append(error)
    return errors


def command(engine: Growl, line: str) -> Command:
    """``line`` understood in the engine's language, whatever the step allows."""
    return parsers(engine.state, engine.data, engine.lang)[0].parse(line)
