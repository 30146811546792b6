"""Players who arrive and leave during the game, and the exile of a Traveller.

A Traveller sits down where the storyteller says (every later seat moves up by one, wherever a seat is
named: the tokens, today's votes, the memory); the storyteller says whether they are good or evil (good
proposed). A player who leaves gets up the same way. A Traveller is exiled, never executed: anyone, alive
or dead, may call for it; everyone votes, the dead too, without spending a vote; half of all the players
(the dead among them) must vote for it; the exiled Traveller dies, and it is not the day's execution.
"""

from __future__ import annotations

import math
import random

from moderator.clocktower.core import Core
from moderator.clocktower.grimoire.events import (
    Ask,
    Assign,
    Event,
    InsertPlayer,
    Remember,
    RemovePlayer,
    SetAlignment,
    SetCursor,
    SetDay,
)
from moderator.clocktower.grimoire.state import Cursor, Question
from moderator.clocktower.prompts import Prompt, Reply
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.abilities import kill, survives_exile
from moderator.clocktower.rules.decisions import decision_events, decisions
from moderator.clocktower.rules.keyseats import renumbered
from moderator.clocktower.rules.texts import step_texts
from moderator.commands.parse import Command
from moderator.errors import IllegalChoice
from moderator.journal import simulate


class TravellerFlow(Core):
    """Arriving, leaving, and the exile of a Traveller."""

    def _seated(self, seat: int) -> None:
        if seat not in self._state.seats():
            raise IllegalChoice("no_such_seat", seat=seat)

    def _no_question(self) -> None:
        if self._state.question is not None:
            raise IllegalChoice("question_first")

    # -- arriving and leaving ------------------------------------------------------------------

    def _add_traveller(self, cmd: Command) -> Reply:
        """``add traveller thief as Hana after seat 7``: the Traveller sits down after that seat (at the end
        when none is said), and the storyteller is asked whether they are good or evil (good proposed)."""
        self._no_question()
        cid = cmd.character
        if cid is None or self.cat.team(cid) != "traveller":
            raise IllegalChoice("not_a_traveller", character=self.cat[cid].name(self.lang) if cid else "-")
        seats = self._state.seats()
        after = cmd.seats[0] if cmd.seats else (seats[-1] if seats else 0)
        if cmd.seats:
            self._seated(after)
        seat = after + 1
        name = cmd.words or self.cat[cid].name(self.lang)
        moved: dict[int, int | None] = {s: s + 1 for s in seats if s > after}
        texts = step_texts().edits
        asked = texts.traveller_alignment
        events: list[Event] = [
            InsertPlayer(after=after, name=name, memory=renumbered(self._state.memory, moved)),
            Assign(seat=seat, character=cid, alignment="good"),
        ]
        # each answer carries the marks the Traveller's setup decisions propose for it (the Gnome's Amigo)
        options = {"good": self._marked(events, seat, []),
                   "evil": self._marked(events, seat, [SetAlignment(seat=seat, alignment="evil")])}  # fmt: skip
        question = Question(
            ko=asked("ko", seat=seat, name=name, character=self.cat[cid].name("ko")),
            en=asked("en", seat=seat, name=name, character=self.cat[cid].name("en")),
            expects="alignment", proposed="good", step=cid, seat=seat,
            options={k: [e.model_dump() for e in v] for k, v in options.items()},
        )  # fmt: skip
        events.append(Ask(question=question))
        char = self.cat[cid]
        first = self._state.night + (self._state.phase != "night")  # their first night: tonight, or the next
        if first > 1 and char.first_night is not None and char.other_night is None:
            # a first-night ability (the Apprentice's) is used on their first night; on the game's first night its
            # own first-night step wakes them (audit w75: it was asked again on the second)
            events.append(Remember(key=keys.gained(first, seat, cid), value="yes"))
        self._push(f"{cid} joins", events)
        said = [self._t(texts.seats_moved_up, seat=after)] if moved else []
        public = self._t(texts.traveller_public, name=name, character=self.cat[cid].name(self.lang), seat=seat)
        return Reply(say=said, public=[public])

    def _marked(self, joined: list[Event], seat: int, answer: list[Event]) -> list[Event]:
        """``answer`` and the marks of the hidden decisions of the Traveller just seated, as proposed (the
        Gnome's Amigo, of its alignment): the storyteller moves a token by hand to change one."""
        after = simulate(self._state, [*joined, *answer])
        rng = random.Random(f"{after.night}:{after.day}:{seat}")
        found = decisions(after, self.cat, self.script.ids, rng, {}, seats={seat}, strict=False)
        return [*answer, *decision_events([f for f in found if f.decision.kind == "mark"])]

    def _leaves(self, cmd: Command) -> Reply:
        """``seat 8 leaves``: the player gets up; every later seat moves down by one. A step of theirs
        under way tonight is over; a vote on them is dropped."""
        self._no_question()
        seat = cmd.seats[0]
        self._seated(seat)
        g = self._state
        if len(g.players) <= 1:
            raise IllegalChoice("last_player")
        p = g.player(seat)
        moved: dict[int, int | None] = {s: (None if s == seat else s - 1) for s in g.seats() if s >= seat}
        events: list[Event] = [RemovePlayer(seat=seat, memory=renumbered(g.memory, moved))]
        c = g.cursor
        if c is not None and g.phase == "night" and c.seat == seat:
            after = simulate(g, events)
            gone = Cursor(id=c.id, position=c.position, seat=None, sub=len(self._line(c)[0].steps) + 1)
            events.append(SetCursor(cursor=self._next(after, gone)))
        elif c is not None and g.phase == "night" and c.stage == "tell" and seat in c.seats:
            now = simulate(g, events).cursor  # the player chosen left before they were told: the step is over
            assert now is not None
            events = self._advance(events, now)
        else:  # a part answered by them is lost: a step whose player no longer wakes moves on
            events = self._cursor_follows(events)
        if c is not None and c.stage == "votes" and g.today.pending == seat:
            events.append(SetCursor(cursor=Cursor(id="day")))
        self._push(f"seat {seat} leaves", events)
        texts = step_texts().edits
        said = [self._t(texts.seats_moved_down)] if any(s > seat for s in g.seats()) else []
        return Reply(say=said, public=[self._t(texts.left, seat=seat, name=p.name)])

    # -- exile ---------------------------------------------------------------------------------

    def _traveller(self, seat: int) -> None:
        self._seated(seat)
        if self.cat.team(self._state.player(seat).character) != "traveller":
            raise IllegalChoice("only_travellers", seat=seat)
        if keys.exiled(seat) in self._state.memory:
            raise IllegalChoice("exiled_already", seat=seat)

    def _call_exile(self, nominee: int) -> Reply:
        """Anyone, alive or dead, calls for a Traveller's exile: the vote is asked for. It is not a
        nomination: it uses up nobody's nomination of the day."""
        if self._state.phase != "day":
            raise IllegalChoice("day_only_exile")
        self._traveller(nominee)
        t = self._state.today
        if nominee in t.exiles:
            raise IllegalChoice("exile_called", seat=nominee)
        today = t.model_copy(update={"pending": nominee, "exile": True, "exiles": [*t.exiles, nominee]})
        self._push("exile called", [SetDay(today=today), SetCursor(cursor=Cursor(id="day", stage="votes"))])
        return Reply()

    def _exile_threshold(self) -> int:
        """Half of all the players, the dead among them, rounded up."""
        return math.ceil(len(self._state.players) / 2)

    def _exile_prompt(self, c: Cursor) -> Prompt:
        t = self._state.today
        text = self._t(step_texts().edits.exile_vote, nominee=t.pending, threshold=self._exile_threshold())
        return self._base(c, ["number"], text, None, None, ("votes", "number", "voters"))

    def _exile_votes(self, cmd: Command) -> Reply:
        """The votes on an exile: enough, and the Traveller is exiled at once (and dies); nobody's vote
        token is spent."""
        t = self._state.today
        nominee = t.pending
        votes = len(set(cmd.seats)) if cmd.intent == "voters" else cmd.number
        if votes is None or nominee is None:
            raise IllegalChoice("votes_needed")
        if votes > len(self._state.players):
            raise IllegalChoice("too_many_votes", votes=votes)
        for s in cmd.seats if cmd.intent == "voters" else ():
            self._seated(s)
        today = t.model_copy(update={"pending": None, "exile": False})
        events: list[Event] = [SetDay(today=today), SetCursor(cursor=Cursor(id="day"))]
        texts = step_texts().edits
        if votes < self._exile_threshold():
            self._push("exile fails", events)
            return Reply(public=[self._t(texts.exile_failed)])
        return self._exile(nominee, events)

    def _exiled(self, cmd: Command) -> Reply:
        """``seat 8 is exiled``: the storyteller exiles a Traveller, with no vote."""
        seat = cmd.seats[0]
        self._traveller(seat)
        return self._exile(seat, [])

    def _exile(self, seat: int, events: list[Event]) -> Reply:
        after = simulate(self._state, events)
        p = after.player(seat)
        if survives_exile(after, self.cat, p):  # the Deviant who was funny today
            self._push("exile survived", events)
            return Reply(say=[self._t(step_texts().edits.exile_survived, seat=seat, name=p.name)])
        events = [*events, *kill(after, self.cat, seat, force=True), Remember(key=keys.exiled(seat), value="yes")]
        self._push("exiled", events)
        p = self._state.player(seat)
        return Reply(public=[self._t(step_texts().edits.exiled_public, seat=seat, name=p.name)])
