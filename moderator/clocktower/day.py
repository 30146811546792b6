"""The day's stages (open for nominations and claims, votes, ghost votes), the end of the game, and
the rules' yes/no question. Each stage has a prompt and an act; flow.py declares which is which.
The open day's moves are declared in :data:`DAY_MOVES`. The nominations and the votes are
nominations.py's; a day ability, used in one line or at its own step, is daysteps.py's."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from moderator.clocktower.daysteps import DayStepFlow
from moderator.clocktower.grimoire.events import (
    Ask,
    Die,
    Event,
    Remember,
    SetCursor,
    SetDay,
    SetWinner,
    SpendGhostVote,
    parse_events,
)
from moderator.clocktower.grimoire.state import Alignment, Cursor
from moderator.clocktower.nominations import STORYTELLER_SEAT, NominationFlow
from moderator.clocktower.prompts import Prompt, Reply
from moderator.clocktower.questions import QuestionFlow
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.abilities import anyone_has, kept_alive_by, kill
from moderator.clocktower.rules.daytime import (
    day_end_events,
    good_wins_instead,
    jinx_win,
    opposite_unnominated,
    vizier_refuses,
)
from moderator.clocktower.rules.status import impaired
from moderator.clocktower.rules.texts import step_texts
from moderator.clocktower.rules.victory import over_notes, winner
from moderator.clocktower.rules.votes import day_notes
from moderator.commands.parse import Command
from moderator.commands.phrases import Intent
from moderator.errors import IllegalChoice
from moderator.journal import simulate


class DayFlow(NominationFlow, DayStepFlow, QuestionFlow):
    """The prompts and acts of the day's stages, the end, and the rules' questions (the votes are
    nominations.py's, a day ability's steps daysteps.py's)."""

    # -- prompts -------------------------------------------------------------------------------

    def _day_prompt(self, c: Cursor) -> Prompt:
        text = self._t(step_texts().flow.day, day=self._state.day)
        text += "".join(" " + self._t(n) for n in day_notes(self._state, self.cat))  # the Cerenovus's Mad
        return self._base(c, ["two_seats", "seat", "confirm"], text, None, None, tuple(DAY_MOVES))

    def _ability_at_vote(self, cmd: Command) -> Reply:
        return self._day_ability(cmd)

    def _ghosts_prompt(self, c: Cursor) -> Prompt:
        # The day's own moves end the ghost votes too: "end day" or the next nomination needs no extra next.
        moves: tuple[Intent, ...] = ("seat", *(i for i in DAY_MOVES if i != "seat"))
        return self._base(c, ["seat"], self._t(step_texts().flow.ghosts), None, None, moves)

    def _over_prompt(self, c: Cursor) -> Prompt:
        """Who won and why, the grimoire revealed; back still undoes the last change."""
        flow, edits = step_texts().flow, step_texts().edits
        won = self._state.winner
        public = flow.winner_public[won](self.lang) if won else None
        why = self._won_by()
        lines = [self._t(flow.over), *([public] if public else []), *([why] if why else []),
                 *(self._t(note) for note in over_notes(self._state, self.cat)), *self.grimoire_lines(),
                 self._t(edits.over_end)]  # fmt: skip
        return self._base(Cursor(id="over"), ["confirm"], " ".join(lines), public, won, ())

    def _won_by(self) -> str | None:
        """Why the game ended, in words: the game's own condition, or the ability that decided it."""
        edits = step_texts().edits
        reason = self._state.won_by
        if reason in edits.won_by:
            return self._t(edits.won_by[reason])
        if reason is not None and reason in self.cat:
            return self._t(edits.won_by_ability, character=self.cat[reason].name(self.lang))
        return None

    def _over(self, c: Cursor, cmd: Command, p: Prompt) -> Reply:
        return Reply()

    # -- the open day's moves, and the ghost votes after a vote -----------------------------------

    def _day_move(self, c: Cursor, cmd: Command, p: Prompt) -> Reply:
        move = DAY_MOVES.get(cmd.intent)
        if move is None:
            raise IllegalChoice("day_only")
        return move(self, cmd)

    def _ghost(self, c: Cursor, cmd: Command, p: Prompt) -> Reply:
        if cmd.intent == "next":
            self._push("ghost votes done", [SetCursor(cursor=Cursor(id="day"))])
            return Reply()
        if cmd.intent != "seat":  # a day move: the ghost votes are done, in the move's own entry
            day = Cursor(id="day")
            self._carry = [SetCursor(cursor=day)]
            try:
                return self._day_move(day, cmd, self._day_prompt(day))
            finally:
                self._carry = []  # refused: nothing was recorded, the ghost votes are still asked for
        t = self._state.today
        for s in cmd.seats:
            player = self._state.player(s) if s in self._state.seats() else None
            if player is None or player.alive or not player.ghost_vote or s in t.ghosts:
                raise IllegalChoice("no_ghost_vote", seat=s)
        if self._secret_votes():
            # Secret votes: the vote token is taken at the end of the day, not now.
            self._push("ghost vote", [SetDay(today=t.model_copy(update={"ghosts": [*t.ghosts, *cmd.seats]})),
                                      self._remember_seats(keys.voters(self._state.day), list(cmd.seats))])  # fmt: skip
        else:
            self._push("ghost vote", [*(SpendGhostVote(seat=s) for s in cmd.seats),
                                      self._remember_seats(keys.voters(self._state.day), list(cmd.seats))])  # fmt: skip
        return Reply()

    # -- deaths, the end of the day ---------------------------------------------------------------

    def _deaths(self, cmd: Command) -> Reply:
        """One death or several said in one line ("2번이랑 4번 사망"), each its own change in turn; if
        one is refused, none is done."""
        if len(cmd.seats) <= 1:
            return self._dies(cmd)
        replies: list[Reply] = []
        with self._all_or_none():
            for seat in dict.fromkeys(cmd.seats):
                if self._state.winner is not None:
                    break
                replies.append(self._dies(replace(cmd, seats=(seat,))))
        return Reply(say=[x for r in replies for x in r.say], public=[x for r in replies for x in r.public])

    def _dies(self, cmd: Command) -> Reply:
        seat = cmd.seats[0]
        if not self._state.player(seat).alive:
            raise IllegalChoice("already_dead", seat=seat)
        # Said during a Demon's night step, it is the Demon's kill (the Grandmother dies with the grandchild),
        # unless a Demon was made tonight (the Pit-Hag's): then tonight's deaths are the storyteller's own.
        g, c = self._state, self._state.cursor
        by_demon = g.phase == "night" and c is not None and self.cat.team(c.id) == "demon"
        by_demon = by_demon and keys.arbitrary_deaths(g.night) not in g.memory
        # By the storyteller's hand, an ability that keeps them alive (a Safe token, the Sailor's, the Tea
        # Lady beside them, the Fool's first death) is named and nothing changes; "dies anyway" overrides it.
        anyway = cmd.intent == "dies_anyway"
        keeper = None if by_demon or anyway else kept_alive_by(self._state, self.cat, self._state.player(seat))
        if keeper is not None:
            raise IllegalChoice("kept_alive", seat=seat, character=self.cat[keeper].name(self.lang))
        events = kill(self._state, self.cat, seat, by_demon=by_demon, force=anyway)
        if not any(isinstance(e, Die) for e in events):  # the Demon's kill on the Safe, or a first death
            if events:  # survived (the Fool's): the ability is spent, nothing is announced
                self._push("survives", events)
            return Reply(say=[self._t(step_texts().flow.protected, seat=seat)])
        self._push("dies", self._cursor_follows(events))
        p = self._state.player(seat)
        if self._state.phase == "night":  # announced at dawn, not now
            return Reply(say=[self._t(step_texts().edits.dies_tonight, seat=seat, name=p.name)])
        return Reply(public=[self._t(step_texts().flow.died_public, seat=seat, name=p.name)])

    def _executed(self, cmd: Command) -> Reply:
        """The storyteller executes a player by a rule (madness broken: the Cerenovus's, the Mutant's). It
        is the day's execution: no other today, and nobody on the block is executed at the day's end."""
        seat = cmd.seats[0]
        if seat not in self._state.seats():
            raise IllegalChoice("no_such_seat", seat=seat)
        character = self.cat.get(self._state.player(seat).character or "")
        executable = character is not None and character.data is not None and character.data.may_be_executed
        if character is not None and character.team == "traveller" and not executable:  # the Scapegoat may be
            raise IllegalChoice("traveller_exiled", seat=seat)
        if not self._state.player(seat).alive:
            raise IllegalChoice("already_dead", seat=seat)
        if self._state.executed_today is not None:
            raise IllegalChoice("executed_already")
        vizier_refuses(self._state, self.cat, seat)  # its execution at once needs a good vote, not its Fear's player
        t = self._state.today
        today = t.model_copy(update={"pending": None, "block": None, "block_votes": 0})
        deaths = kill(self._state, self.cat, seat, executed=True)
        events: list[Event] = [SetDay(today=today), SetCursor(cursor=Cursor(id="day")), *deaths]
        if not any(isinstance(e, Die) for e in deaths):  # it survives (the Devil's Advocate's): still the execution
            events.append(Remember(key=keys.executed(self._state.day), value=str(seat)))
        self._push("executed", events)
        p = self._state.player(seat)
        template = step_texts().flow.executed_public if not p.alive else step_texts().flow.executed_survived_public
        return Reply(public=[self._t(template, seat=p.seat, name=p.name)])

    def _end_day(self, cmd: Command) -> Reply:
        """The day ends: the player on the block is executed, then the night. Refused while the Bishop's
        nomination of the other alignment is still owed."""
        flow = step_texts().flow
        t = self._state.today
        owed = opposite_unnominated(self._state, self.cat)
        if owed is not None:
            other: Alignment = "evil" if owed.alignment == "good" else "good"
            raise IllegalChoice("opposite_nominee_owed", seat=owed.seat,
                                alignment=step_texts().flow.alignment[other])  # fmt: skip
        events: list[Event] = [SpendGhostVote(seat=s) for s in t.ghosts]
        public: list[str] = []
        legion = any(p.alive and not impaired(self._state, self.cat, p)
                     for p in anyone_has(self._state, self.cat, "evil_votes_fail"))  # fmt: skip
        if t.block is not None and legion and keys.evil_only_votes(self._state.day, t.block) in self._state.memory:
            p = self._state.player(t.block)  # only evil players voted (Legion's): nobody is executed
            public.append(self._t(flow.execution_fails_public, seat=p.seat, name=p.name))
        elif t.block == STORYTELLER_SEAT:  # the storyteller executed: good wins with the Atheist in play, else evil
            atheist = any(c in self.cat and self.cat.setup(c).no_evil for c in self._state.in_play())
            events.append(SetWinner(winner="good" if atheist else "evil", reason="atheist"))
            public.append(self._t(flow.storyteller_executed_public))
        elif t.block is not None:
            p = self._state.player(t.block)
            by = next((a for a, b in zip(t.nominators, t.nominees, strict=False) if b == t.block), None)
            deaths = kill(self._state, self.cat, t.block, executed=True)
            won = None if by is None else jinx_win(self._state, self.cat, by, t.block)  # a jinx (the Leviathan's)
            if won is not None:  # the Soldier the Leviathan nominated and executed: good wins, whatever else
                deaths = good_wins_instead(deaths, won)
            events += deaths
            died = any(isinstance(e, Die) for e in deaths)
            asked = any(isinstance(e, Ask) and _kills(e) for e in deaths)
            if not asked:  # a question first (the Pacifist's): the storyteller announces what it decides
                template = flow.executed_public if died else flow.executed_survived_public
                public.append(self._t(template, seat=p.seat, name=p.name))
        elif self._state.executed_today is None and keys.executed(self._state.day) not in self._state.memory:
            # not executed already today (by the Virgin's ability, or by the storyteller)
            public.append(self._t(flow.no_execution_public))
        ask = next((e for e in events if isinstance(e, Ask) and _kills(e)), None)
        if ask is None:
            events += self._close_day(events)
        else:  # an answer that kills (the Pacifist's): asked by day, each answer carries the rest of the day's end
            assert ask.question is not None
            q = ask.question
            raw = q.options or {"yes": q.if_yes, "no": []}
            before = [e for e in events if e is not ask]
            options: dict[str, list[dict[str, object]]] = {}
            for key, answer in raw.items():
                chosen = parse_events(answer)
                rest = self._close_day([*before, *chosen])
                options[key] = [e.model_dump() for e in [*chosen, *rest]]
            events = [*before, Ask(question=q.model_copy(update={"options": options, "if_yes": []}))]
        self._push("end day", events)
        return Reply(public=public)

    def _close_day(self, events: list[Event]) -> list[Event]:
        """What ends the day after ``events``: the day's-end triggers (the Mayor's win), then the night."""
        after = simulate(self._state, events)
        more: list[Event] = []
        if after.winner is None and winner(after, self.cat) is None:
            more += day_end_events(after, self.cat)  # the Mayor's win
            after = simulate(self._state, [*events, *more])
        if after.winner is None and winner(after, self.cat) is None:
            night = self._state.night + 1
            saved = self._state
            self._state = after  # only to compute the night from; the journal entry is the truth
            try:
                more += self._enter_night(night)
            finally:
                self._state = saved
        return more


def _kills(e: Ask) -> bool:
    """Whether an answer to the question kills someone: then it is asked by day, before the night."""
    return e.question is not None and any(x.get("kind") == "die" for a in e.question.options.values() for x in a)


DAY_MOVES: dict[Intent, Callable[[DayFlow, Command], Reply]] = {
    "nominate": DayFlow._nominate,
    "nominate_storyteller": DayFlow._nominate_storyteller,
    "storyteller_nominates": DayFlow._storyteller_nominates,
    "exile": DayFlow._exile_called,
    "slays": DayFlow._slay,
    "dies": DayFlow._dies,
    "dies_anyway": DayFlow._dies,
    "end_day": DayFlow._end_day,
    "ability": DayFlow._day_ability,
    "guess": DayFlow._day_ability,
    "executed": DayFlow._executed,
}
"""What may be said while the day is open, and what each does (its order is the prompt's)."""
