"""The Growl engine: it proposes each step, takes the table's commands and keeps the journal.

It knows nothing of audio or terminals. Every change is one journal entry, saved through
``persist`` before the command returns, so a crash loses nothing and "back" pops one entry
(:class:`moderator.engine.JournaledEngine`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from moderator.commands.parse import Command
from moderator.engine import JournaledEngine
from moderator.errors import SetupError
from moderator.growl.data import GrowlData
from moderator.growl.events import Die, DrawNightCard, GainGold, GrowlEvent, NewGame, SetTurn, SetWinner
from moderator.growl.journal import GrowlJournal
from moderator.growl.prompts import Prompt, Reply
from moderator.growl.state import GrowlState
from moderator.growl.steps import FIRST_STEP, STEPS
from moderator.growl.steps.base import Ctx, Outcome, View, death, refuse, say
from moderator.growl.steps.end import END_STEPS, GOLD_STEP, deaths_closed, said_lost
from moderator.i18n import Lang
from moderator.messages import msg

Persist = Callable[[GrowlJournal], None]


class Growl(JournaledEngine[GrowlState, GrowlJournal]):
    """One evening of Growl at one table."""

    def __init__(self, journal: GrowlJournal, data: GrowlData, lang: Lang, persist: Persist | None = None) -> None:
        """Raises:
        SetupError: the table has fewer or more players than Growl takes."""
        super().__init__(journal, persist, floor=1)  # "back" never pops the first game's start
        self.data = data
        self.lang = lang
        self.paused = False
        span = data.setup.players
        if not span.min <= len(self._state.players) <= span.max:
            raise SetupError(msg("growl_count", min=span.min, max=span.max, n=len(self._state.players)))
        if not journal.entries:
            self._push("game 1", [NewGame(game=1, step=FIRST_STEP)])

    @property
    def state(self) -> GrowlState:
        return self._state

    def ctx(self) -> Ctx:
        return Ctx(self._state, self.data, self.lang)

    def _push(self, label: str, events: Sequence[GrowlEvent]) -> None:
        self._record(label, events)

    # -- prompts -------------------------------------------------------------------------------

    def view(self) -> View:
        """What the current step shows (the pause notice while paused)."""
        ctx = self.ctx()
        if self.paused:
            return View(say(ctx.t(self.data.texts.flow.paused)))
        return STEPS[self._state.step].view(ctx)

    def prompt(self) -> Prompt:
        """The step the game is at, ready to be spoken."""
        v, s = self.view(), self._state
        return Prompt(
            step="paused" if self.paused else s.step, seat=v.seat, expects=list(v.expects), beats=v.beats,
            allowed=(*v.allowed, "help", "redo"), phase=s.phase, game=s.game, night=s.night, turn_seat=s.turn_seat,
        )  # fmt: skip

    # -- commands ------------------------------------------------------------------------------

    def handle(self, cmd: Command) -> Reply:
        """Carry out ``cmd`` at the current step.

        Raises:
            IllegalChoice: the rules refuse it now; nothing changed.
        """
        flow = self.data.texts.flow
        if cmd.intent == "back":
            self.paused = False
            return self.undo()
        if cmd.intent == "redo":
            self.paused = False
            flow = self.data.texts.flow
            return Reply([self.ctx().t(flow.redone if self._redo() is not None else flow.nothing_to_redo)])
        if self.paused:
            self.paused = False
            if cmd.intent in ("next", "repeat", "pause"):
                return Reply([self.ctx().t(flow.resumed)])
        if cmd.intent == "pause":
            self.paused = True
            return Reply()
        if cmd.intent == "repeat":
            return Reply()
        return self._act(cmd)

    def _act(self, cmd: Command) -> Reply:
        ctx = self.ctx()
        step = STEPS[self._state.step]
        if cmd.intent == "dies" and deaths_closed(self._state):
            raise refuse("game_over")
        view = step.view(ctx)
        if cmd.intent != "next" and cmd.intent not in view.allowed:
            raise refuse("not_now", text=cmd.text)
        if self._state.step != GOLD_STEP and said_lost(self.data, cmd):
            # "we lost" is a loser's answer at the gold step only: never a no to a yes/no question
            raise refuse("answer_yes_no" if "yesno" in view.expects else "not_now", text=cmd.text)
        if cmd.intent == "dies":
            return self._deaths(cmd.seats)
        outcome: Outcome = step.act(ctx, cmd)
        if outcome.events:
            self._push(outcome.label or self._state.step, outcome.events)
        return Reply(list(outcome.say))

    def _deaths(self, seats: Sequence[int]) -> Reply:
        """One death or several said in one line ("2번이랑 4번 사망"), each its own change in turn; if one
        is refused, none is done."""
        said: list[str] = []
        with self._all_or_none():
            for seat in dict.fromkeys(seats):
                if said and deaths_closed(self._state):
                    break
                outcome = death(self.ctx(), seat)
                if outcome.events:
                    self._push(outcome.label or self._state.step, outcome.events)
                said += outcome.say
        return Reply(said)

    def undo(self) -> Reply:
        """Pop the last entry (never the first game's start), and say what it undid and where the evening is."""
        ctx = self.ctx()
        last = self.journal.entries[-1].events if self.journal.entries else []
        if not self._pop():
            return Reply([ctx.t(self.data.texts.flow.nothing_to_undo)])
        flow = self.data.texts.flow
        ctx = self.ctx()
        what = [ctx.t(flow.undone_death, who=ctx.who(e.seat)) for e in last if isinstance(e, Die)]
        what += [ctx.t(flow.undone_gold, who=ctx.who(e.seat)) for e in last if isinstance(e, GainGold)]
        what += [ctx.t(flow.undone_card, card=ctx.card(e.card)) for e in last if isinstance(e, DrawNightCard)]
        what += [ctx.t(flow.undone_winner, team=ctx.t(self.data.texts.end.team[e.winner]))
                 for e in last if isinstance(e, SetWinner) and e.winner is not None]  # fmt: skip
        if self._state.step == "start_player":  # the start player's choice taken back
            what += [ctx.t(flow.undone_start, who=ctx.who(e.seat)) for e in last
                     if isinstance(e, SetTurn) and e.seat is not None]  # fmt: skip
        return Reply([ctx.t(flow.undone), *what, self.where()])

    def where(self) -> str:
        """Where the evening is, said: the game, the night or the turn ("두 번째 게임, 첫 번째 밤")."""
        ctx, s, flow = self.ctx(), self._state, self.data.texts.flow
        if s.step in END_STEPS:  # the game is over: nobody's turn
            return ctx.t(flow.where, place=ctx.t(flow.where_after_game, nth=ctx.nth(max(s.game, 1))))
        parts = [ctx.t(flow.where_game, nth=ctx.nth(max(s.game, 1)))]
        if s.night:
            parts.append(ctx.t(flow.where_night, nth=ctx.nth(s.night)))
        elif s.turn_seat is not None:
            parts.append(ctx.t(flow.where_turn, who=ctx.who(s.turn_seat)))
        return ctx.t(flow.where, place=", ".join(parts))
