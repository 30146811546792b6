"""The Clocktower engine: it proposes each step, takes the storyteller's commands and keeps the journal.

It knows nothing of audio or terminals. Every change is one journal entry, saved through
``persist`` before the command returns, so a crash loses nothing and "back" pops one entry
(:class:`moderator.engine.JournaledEngine`). The stages themselves are declared in flow.py; the
texts are built in wording.py; the character cases are the rules'.
"""

from __future__ import annotations

from dataclasses import replace

from moderator.clocktower.core import Persist
from moderator.clocktower.edits import EDITS
from moderator.clocktower.flow import Stages, stage_of
from moderator.clocktower.grimoire.journal import Journal
from moderator.clocktower.grimoire.state import Cursor
from moderator.clocktower.prompts import Prompt, Reply
from moderator.clocktower.rules.catalogue import PSEUDO_STEPS, Catalogue
from moderator.clocktower.rules.scripts import Script
from moderator.clocktower.rules.texts import step_texts
from moderator.commands.parse import Command
from moderator.commands.phrases import Intent
from moderator.errors import IllegalChoice
from moderator.i18n import Lang

__all__ = ["ANYWHERE", "WHEN_OVER", "Persist", "Table"]

ANYWHERE: tuple[Intent, ...] = ("dies", "dies_anyway", *EDITS, "skip", "go_to", "back_to", "redo", "help", "grimoire",
                                "sheet", "timer", "nomination_timer", "stop_timer")  # fmt: skip
"""What the storyteller may say at every step besides its own answers: any edit, going anywhere, and
asking for help, the grimoire or tonight's sheet."""

WHEN_OVER: tuple[Intent, ...] = ("help", "grimoire", "sheet", "redo")
"""What may still be said when the game is over (besides back)."""


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
        asked = self._state.question is not None and not stage.final
        p = self._question_prompt(c) if asked else stage.prompt(self, c)
        return replace(p, allowed=tuple(dict.fromkeys([*p.allowed, *ANYWHERE])))

    def handle(self, cmd: Command) -> Reply:
        """Carry out ``cmd`` at the current step: an answer to it, or anything the storyteller may do at
        any step (:data:`ANYWHERE`).

        Raises:
            IllegalChoice: the rules refuse it now; nothing changed.
        """
        if cmd.intent == "back":
            return self.undo()
        if cmd.intent == "redo":
            return self.redo()
        if cmd.intent in ("repeat", "pause", "help"):
            return Reply()
        if cmd.intent == "grimoire":
            return Reply(shown=self.words.grimoire_view(self._state))
        if cmd.intent == "sheet":
            return Reply(shown=self.sheet_lines())
        if cmd.intent == "back_to":
            return self._back_to(cmd)
        over = self._state.winner is not None
        if over and cmd.intent in ANYWHERE and cmd.intent not in WHEN_OVER:
            raise IllegalChoice("game_over")
        death = cmd.intent in ("dies", "dies_anyway")
        if death or cmd.intent in EDITS:
            pick = self._pick_named(cmd)
            reply = self._deaths(cmd) if death else self._edit(cmd)
            if pick is not None:  # "6번 중독" at the Widow's step: the documented edit, and how to make it her pick
                hint = step_texts().edits.status_is_not_the_pick
                reply.say.append(hint(self.lang, character=pick, seat=cmd.seats[0]))
            return reply
        if cmd.intent == "go_to":
            return self._go_to(cmd)
        c = self._state.cursor or Cursor(id="over")
        if cmd.intent == "skip":
            if self._state.question is not None or not (c.id in PSEUDO_STEPS or c.stage == "ghosts"):
                return self._skip(cmd)
            cmd = replace(cmd, intent="next")  # a pseudo-step or the ghost votes: nothing to skip but the step
        if self._state.question is not None:
            return self._answer_question(cmd)
        p = self.prompt()
        if cmd.intent != "next" and cmd.intent not in p.allowed:
            raise IllegalChoice("not_an_answer", text=cmd.text)
        return stage_of(c).act(self, c, cmd, p)

    def _pick_named(self, cmd: Command) -> str | None:
        """The character's name when a change by hand to one seat is what the step's pick does, said at a
        step that asks for one player: a status its reminders give ("6번 중독", "seat 6 is poisoned" at the
        Widow's, the Poisoner's, the Sailor's step), or a death where its pick dies ("6번 죽음" at the
        Imp's). The change by hand is made, as documented; the storyteller may have meant the pick."""
        if len(cmd.seats) != 1 or cmd.value == "sober" or self._state.winner is not None:
            return None
        p, c = self.prompt(), self._state.cursor
        if c is None or p.expects != ["seat"] or p.step not in self.cat:
            return None
        if cmd.intent in ("dies", "dies_anyway"):
            effect = self._effect(self._line(c)[1]) if self._state.question is None else None
            named = effect is not None and effect.kills and c.stage == "ask"
        else:
            data = self.cat[p.step].data
            named = cmd.intent == "status" and data is not None and any(
                r.status is not None and r.status == cmd.value for r in data.reminders
            )
        return self.cat[p.step].name(self.lang) if named else None

    def redo(self) -> Reply:
        """Put back the last entry "back" took off (until a new change)."""
        flow = step_texts().flow
        entry = self._redo()
        if entry is None:
            return Reply(say=[self._t(flow.nothing_to_redo)])
        return Reply(say=[self._t(flow.redone)])

    def undo(self) -> Reply:
        """Pop the last entry (never the setup)."""
        flow = step_texts().flow
        if not self._pop():
            return Reply(say=[self._t(flow.nothing_to_undo)])
        return Reply(say=[self._t(flow.undone)])
