"""Going anywhere in the night: skip a step, wake a character now (in or out of order), go back to a
step. A skip and a jump are journaled like any change; going back pops the journal to that step."""

from __future__ import annotations

from moderator.clocktower.core import ON_ENTER, Core
from moderator.clocktower.grimoire.events import Event, Remember, SetCursor
from moderator.clocktower.grimoire.state import Cursor, Grimoire, Player
from moderator.clocktower.prompts import Reply
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.abilities import abilities
from moderator.clocktower.rules.catalogue import PSEUDO_STEPS
from moderator.clocktower.rules.conditions import CONDITIONS
from moderator.clocktower.rules.nightorder import ACTS_WHILE_DEAD, positions, wakes
from moderator.clocktower.rules.status import acts_alive
from moderator.clocktower.rules.texts import step_texts
from moderator.commands.parse import Command
from moderator.errors import IllegalChoice


class NavFlow(Core):
    """``skip``, ``go to empath``, ``back to empath``."""

    def step_name(self, step: str) -> str:
        """A step as the storyteller calls it: a character's name, or a pseudo-step's ("Dawn")."""
        if step in PSEUDO_STEPS:
            return step_texts().pseudo[step].prompt(self.lang).split(".")[0]
        return self.cat[step].name(self.lang) if step in self.cat else step

    def _skip(self, cmd: Command) -> Reply:
        """The night step is done and nothing changes; it does not wake again tonight, and the sheet
        shows it skipped. (At a pseudo-step or the ghost votes, skip is next: table.py says so.)"""
        c = self._state.cursor
        if self._state.question is not None:
            raise IllegalChoice("question_first")
        if c is None or c.id == "over":
            raise IllegalChoice("game_over")
        if c.stage == "day":  # a day ability's own step: it ends, applying nothing
            self._push(f"{c.id} skipped", [SetCursor(cursor=Cursor(id="day"))])
            return Reply(say=[self._t(step_texts().edits.skipped, step=self.step_name(c.id))])
        if c.id == "day":
            raise IllegalChoice("nothing_to_skip")
        skipped = Remember(key=keys.skipped(self._state.night, c.id, c.seat), value="yes")
        self._push(f"{c.id} skipped", self._advance([skipped], c))
        return Reply(say=[self._t(step_texts().edits.skipped, step=self.step_name(c.id))])

    def _go_to(self, cmd: Command) -> Reply:
        """Wake that character now, in or out of order (or go to a pseudo-step: dawn ends the night).
        The steps jumped over stay undone: the sheet shows them skipped, and ``go to`` reaches them."""
        step = str(cmd.value or "")
        g = self._state
        if g.question is not None:
            raise IllegalChoice("question_first")
        if g.winner is not None:
            raise IllegalChoice("game_over")
        if g.phase != "night":
            raise IllegalChoice("night_steps_only")
        cursor = self._cursor_for(g, step).model_copy(update={"resume": self._resume_point(g)})
        events: list[Event] = []
        entering = ON_ENTER.get(step)
        if entering is not None:
            events += entering(g, self.cat)
        self._push(f"go to {step}", [*events, SetCursor(cursor=cursor)])
        return Reply(say=[self._t(step_texts().edits.went_to, step=self.step_name(step))])

    def _cursor_for(self, g: Grimoire, step: str) -> Cursor:
        pos = positions(self.script, self.cat, g.night == 1)
        if step in PSEUDO_STEPS:
            return Cursor(id=step, position=pos.get(step, 0.0))
        holders = [p for p in g.players if step in abilities(self.cat, p)]
        if not holders and step not in g.unseated and step not in g.fabled:
            raise IllegalChoice("not_in_play_step", step=self.step_name(step))
        char = self.cat[step]
        if not wakes(char, g.night == 1):
            raise IllegalChoice("no_night_step", step=self.step_name(step))
        able = [p for p in holders if acts_alive(g, self.cat, p) or self._acts_dead(g, p, step)]
        if holders and not able:  # a dead player wakes only where an ability says so: revive them first
            raise IllegalChoice("dead_step", step=self.step_name(step), seat=holders[0].seat)
        due = [p for p in able if self._wakes_now(g, p, step)]
        if able and not due:  # it wakes only when its condition holds (the Barber's death, the Gambler's night)
            raise IllegalChoice("not_due", step=self.step_name(step))
        able = due or able
        waiting = [p for p in able if keys.acted(g.night, step, p.seat) not in g.memory]
        seat = (waiting or able)[0].seat if able else None
        number = char.first_night if g.night == 1 else char.other_night
        position = pos.get(step, float(number if number is not None else 0))
        return Cursor(id=step, position=position, seat=seat)

    def _wakes_now(self, g: Grimoire, p: Player, step: str) -> bool:
        """Whether ``p``'s ``step`` has a step tonight whose wake condition holds now."""
        c = Cursor(id=step, seat=p.seat)
        line = self._line(c)[1]
        return line is None or CONDITIONS[line.wake_if](self._mkctx(g, p.seat, step))

    def _acts_dead(self, g: Grimoire, p: Player, step: str) -> bool:
        """Whether ``p``'s ``step`` acts though they are dead tonight (the Ravenkeeper's, killed tonight)."""
        c = Cursor(id=step, seat=p.seat)
        line = self._line(c)[1]
        if line is None or line.wake_if not in ACTS_WHILE_DEAD:
            return False
        return CONDITIONS[line.wake_if](self._mkctx(g, p.seat, step))

    def _back_to(self, cmd: Command) -> Reply:
        """Undo every change since the game was last at the start of that step (never past the setup)."""
        step = str(cmd.value or "")
        target = None
        there = False  # the game was at that step's start after the entry before
        s = self.journal.start.model_copy(deep=True)
        for i, entry in enumerate(self.journal.entries, start=1):
            for e in entry.events:
                e.apply(s)
            c = s.cursor
            fresh = c is not None and c.stage == "ask" and not c.seats and c.character is None and not c.asked_none
            at = c is not None and c.id == step and fresh and s.question is None
            if i >= self.floor and at and not there:  # the start of a visit (edits made there stay in it)
                target = i
            there = at or (there and c is not None and c.id == step and s.question is None)
        if target is None:
            raise IllegalChoice("never_there", step=self.step_name(step))
        n = len(self.journal.entries) - target
        self._pop_to(target, redoable=True)
        return Reply(say=[self._t(step_texts().edits.went_back_to, step=self.step_name(step), n=n)])
