"""The Clocktower engine: it proposes each step, takes the storyteller's commands and keeps the journal.

It knows nothing of audio or terminals. Every change is one journal entry, saved through
``persist`` before the command returns, so a crash loses nothing and "back" pops one entry
(:class:`moderator.engine.JournaledEngine`). The stages themselves are declared in flow.py; the
texts are built in wording.py; the character cases are the rules'.
"""

from __future__ import annotations

from moderator.clocktower.core import Persist
from moderator.clocktower.flow import Stages, stage_of
from moderator.clocktower.grimoire.journal import Journal
from moderator.clocktower.grimoire.state import Cursor
from moderator.clocktower.prompts import Prompt, Reply
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.scripts import Script
from moderator.clocktower.rules.texts import step_texts
from moderator.commands.parse import Command
from moderator.errors import IllegalChoice
from moderator.i18n import Lang

__all__ = ["Persist", "Table"]


class Table(Stages):
    """One Clocktower game in play."""

    def __init__(
        self, journal: Journal, script: Script, cat: Catalogue, lang: Lang, persist: Persist | None = None
    ) -> None:
        super().__init__(journal, script, cat, lang, persist)
        if self._state.cursor is None and self._state.winner is None:
            self._push("dusk", self._enter_night(1))
        # "back" reaches back past a resume, to the first step of the game, never before it: the
        # setup and the start of the first night stay.
        self.floor = min(2, len(self.journal.entries))

    def prompt(self) -> Prompt:
        """The step the game is at."""
        c = self._state.cursor or Cursor(id="over")
        if self._state.winner is not None:
            c = Cursor(id="over")
        stage = stage_of(c)
        if self._state.question is not None and not stage.final:
            return self._question_prompt(c)
        return stage.prompt(self, c)

    def handle(self, cmd: Command) -> Reply:
        """Carry out ``cmd`` at the current step.

        Raises:
            IllegalChoice: the rules refuse it now; nothing changed.
        """
        if cmd.intent == "back":
            return self.undo()
        if cmd.intent in ("repeat", "pause"):
            return Reply()
        if cmd.intent == "dies" and self._state.winner is None:
            return self._dies(cmd)
        if self._state.question is not None:
            return self._answer_question(cmd)
        p = self.prompt()
        if cmd.intent != "next" and cmd.intent not in p.allowed:
            raise IllegalChoice("not_an_answer", text=cmd.text)
        c = self._state.cursor or Cursor(id="over")
        return stage_of(c).act(self, c, cmd, p)

    def undo(self) -> Reply:
        """Pop the last entry (never the setup)."""
        flow = step_texts().flow
        if not self._pop():
            return Reply(say=[self._t(flow.nothing_to_undo)])
        return Reply(say=[self._t(flow.undone)])
