"""What every stage of a Clocktower game stands on: the journaled state (a change that ends the game
also says who won), the context a rule is run in, and the walk down tonight's night sheet."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence

from moderator.clocktower.grimoire.events import Event, Remember, SetCursor, SetDay, SetPhase, SetWinner
from moderator.clocktower.grimoire.journal import Journal
from moderator.clocktower.grimoire.state import Cursor, DayState, Grimoire, Mark, Player
from moderator.clocktower.prompts import Prompt, Reply
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.abilities import abilities
from moderator.clocktower.rules.catalogue import PSEUDO_STEPS, Catalogue
from moderator.clocktower.rules.conditions import CONDITIONS, SEATLESS
from moderator.clocktower.rules.context import Ctx
from moderator.clocktower.rules.dawn import dawn_events
from moderator.clocktower.rules.daytime import jinx_guess
from moderator.clocktower.rules.effects import EFFECTS, Effect
from moderator.clocktower.rules.jinxes import not_announced
from moderator.clocktower.rules.news import dawn_news
from moderator.clocktower.rules.nightorder import (
    ACTS_WHILE_DEAD,
    CARRIED_OVER,
    SheetStep,
    line_status,
    night_sheet,
    tonight,
)
from moderator.clocktower.rules.placed import placed_events
from moderator.clocktower.rules.relations import repaired
from moderator.clocktower.rules.schema import Expect, Step
from moderator.clocktower.rules.scripts import Script
from moderator.clocktower.rules.status import acts_alive, acts_twice
from moderator.clocktower.rules.texts import filled, step_texts
from moderator.clocktower.rules.victory import expiring, lapsed, swapper, won
from moderator.clocktower.wording import Wording
from moderator.commands.parse import Command
from moderator.commands.phrases import Intent
from moderator.engine import JournaledEngine
from moderator.i18n import Lang, Text
from moderator.journal import simulate

Persist = Callable[[Journal], None]

ON_ENTER: dict[str, Callable[[Grimoire, Catalogue], list[Event]]] = {"dawn": dawn_events}
"""What happens as the night moves onto a pseudo-step, before it is announced (the dawn triggers)."""


class Core(JournaledEngine[Grimoire, Journal]):
    """One Clocktower game's state, and the moves every stage shares."""

    def __init__(
        self, journal: Journal, script: Script, cat: Catalogue, lang: Lang, persist: Persist | None = None
    ) -> None:
        super().__init__(journal, persist, floor=max(1, len(journal.entries)) if journal.entries else 0)
        self.script = script
        self.cat = cat
        self.lang = lang
        self.words = Wording(cat, lang)
        self._carry: list[Event] = []
        """Events that go into the next entry, before its own (a stage ended by the move that follows it)."""

    @property
    def g(self) -> Grimoire:
        return self._state

    def _push(self, label: str, events: Sequence[Event]) -> None:
        events = [*self._carry, *events]
        self._carry = []
        after = simulate(self._state, events)
        gone = lapsed(after, self.cat)
        if gone:
            events += gone
            after = simulate(self._state, events)
        if after.phase != "setup":  # marks tied to a character kept true (a twin turned evil: a new twin)
            mended = repaired(self._state, after, self.cat, self.script.ids)
            if mended:
                events += mended
                after = simulate(self._state, events)
        moved = placed_events(after, self.cat)  # tokens an ability keeps in place (the No Dashii's)
        if moved:
            events += moved
            after = simulate(self._state, events)
        owed = self._owed(self._state, after)
        if owed is not None:  # a wake this change set off for a turn that went by (a bounced kill, a revive)
            events += [SetCursor(cursor=owed)]
            after = simulate(self._state, events)
        found = won(after, self.cat) if after.winner is None and after.phase != "setup" else None
        if found is not None:
            events += [SetWinner(winner=found[0], reason=found[1]), SetCursor(cursor=Cursor(id="over"))]
            after = simulate(self._state, events)
        if after.winner is not None and self._state.winner is None and (by := swapper(after, self.cat)):
            # the Heretic's: whoever wins, loses, and whoever loses, wins
            events += [SetWinner(winner="good" if after.winner == "evil" else "evil", reason=by)]
        self._record(label, events)

    def _t(self, text: Text, **slots: object) -> str:
        return self.words.t(text, **slots)

    def _say(self, truth: object, seats: bool = False) -> str:
        return self.words.say(self._state, truth, seats)

    def sheet_lines(self) -> list[str]:
        """Tonight's sheet as printed (``sheet``): each line and where it stands (done, skipped …)."""
        edits = step_texts().edits
        out = [self._t(step_texts().flow.night_title, script=self.script.name,
                       night=self._state.night if self._state.phase == "night" else self._state.night + 1)]  # fmt: skip
        for i, (line, state) in enumerate(tonight(self.script, self.cat, self._state), start=1):
            name = self._t(step_texts().pseudo[line.id].prompt).split(".")[0] if line.id in PSEUDO_STEPS else (
                self.cat[line.id].name(self.lang) if line.id in self.cat else line.id)
            if line.seat is not None:
                name += " " + self._t(step_texts().flow.who, seat=line.seat, name=line.player or "")
            out.append(self._t(edits.sheet_line, i=i, name=name, state=self._t(edits.sheet_states[state])))
        return out

    def grimoire_lines(self) -> list[str]:
        """The grimoire as the storyteller hears it: each seat's true character, belief and abilities."""
        return self.words.grimoire_lines(self._state)

    def _base(self, c: Cursor, expects: list[Expect], text: str, public: str | None, truth: object,
              allowed: Sequence[Intent]) -> Prompt:  # fmt: skip
        part = next(("seat" if e == "two_seats" else e for e in expects if e != "confirm"), None)
        return Prompt(
            step=c.id, seat=c.seat, expects=expects, text=text, public=public, truth=truth,
            allowed=tuple(allowed), phase=self._state.phase, night=self._state.night, day=self._state.day, part=part,
        )  # fmt: skip

    def _jinx_guess(self, cmd: Command) -> Reply:
        """``seat 2 guesses seat 5``: a public guess a jinx allows after an execution (the Alchemist-Spy's), at
        the day's end or at the dusk that follows it (:func:`~moderator.clocktower.rules.daytime.jinx_guess`)."""
        events, say, public = jinx_guess(self._state, self.cat, cmd.seats[0], cmd.seats[-1])
        self._push("jinx guess", events)
        return Reply(say=[self._t(t) for t in say], public=[self._t(t) for t in public])

    # -- rules ---------------------------------------------------------------------------------

    def _line(self, c: Cursor) -> tuple[SheetStep, Step | None]:
        """The sheet line the cursor is on, even if its player has just died."""
        char = self.cat[c.id]
        steps: tuple[Step, ...] = ()
        p = self._state.player(c.seat) if c.seat is not None else None
        on_sheet = [x for x in night_sheet(self.script, self.cat, self._state.night, self._state)
                    if (x.id, x.seat, x.position) == (c.id, c.seat, c.position)] if p is not None else []  # fmt: skip
        if on_sheet:  # the line's own steps (a first-night ability gained tonight, beside its other nights')
            steps = on_sheet[0].steps
        elif char.data is not None:
            night = char.data.night
            # A first-night ability gained later is used with its first-night steps.
            steps = tuple(night.first if self._state.night == 1 or not night.other else night.other)
        line = SheetStep(
            id=c.id, position=c.position, seat=c.seat, player=p.name + self.words.player_dead(p) if p else None,
            character=p.character if p else None,
            status=line_status(self._state, self.cat, p, c.id) if p else frozenset(), steps=steps,
            former=bool(on_sheet) and on_sheet[0].former,
        )  # fmt: skip
        return line, (steps[c.sub] if c.sub < len(steps) else None)

    def _day_ability(self, cmd: Command) -> Reply:
        """A player uses a day ability (daysteps.py's; an edit hands one over: the Matron's seat swap)."""
        raise NotImplementedError

    def _ctx(self, c: Cursor) -> Ctx:
        return self._mkctx(self._state, c.seat, c.id)

    def _mkctx(self, g: Grimoire, seat: int | None, ability: str) -> Ctx:
        return Ctx(g, self.cat, seat, ability, tuple(self.script.ids))

    def _effect(self, step: Step | None) -> Effect | None:
        return EFFECTS[step.effect] if step is not None and step.effect else None

    # -- the night sheet -----------------------------------------------------------------------

    def _enter_night(self, n: int) -> list[Event]:
        events: list[Event] = [SetPhase(phase="night", night=n, day=self._state.day), SetDay(today=DayState())]
        after = simulate(self._state, events)
        events += expiring(after, self.cat, "dusk")
        after = simulate(self._state, events)
        return [*events, SetCursor(cursor=self._next(after, None))]

    def _next(self, g: Grimoire, after: Cursor | None) -> Cursor:
        start = (after.position, after.seat or 0, after.sub) if after else (-math.inf, 0, 0)
        for line in night_sheet(self.script, self.cat, g.night, g):
            steps: Sequence[Step | None] = line.steps or (None,)
            same_line = after is not None and ((after.id, after.seat) == (line.id, line.seat)
                                               or (after.position, after.seat) == (line.position, line.seat))
            # (the second: back from a step woken out of order to the rest of the line it left, the Leviathan's)
            if keys.acted(g.night, line.id, line.seat) in g.memory and not same_line:
                continue  # it woke already tonight (a Snake Charmer swapped in after its turn)
            for i, step in enumerate(steps):
                if (line.position, line.seat or 0, i) <= start:
                    continue
                seated = line.seat is not None or (step is not None and step.wake_if in SEATLESS)
                wake = CONDITIONS[step.wake_if] if step is not None and seated else None
                if wake is not None and not wake(self._mkctx(g, line.seat, line.id)):
                    continue
                return Cursor(id=line.id, position=line.position, seat=line.seat, sub=i)
        return Cursor(id="day")

    def _after(self, g: Grimoire, c: Cursor) -> Cursor:
        """Where the night goes after ``c``: on down the sheet, or, after a step woken out of order, back to
        the step it left (itself included) and on from there."""
        if c.resume is None:
            return self._next(g, c)
        r = c.resume
        return self._next(g, Cursor(id="", position=r.position, seat=r.seat, sub=r.sub - 1))

    def _advance(self, events: list[Event], c: Cursor) -> list[Event]:
        if c.id not in PSEUDO_STEPS and c.seat is not None:
            events = [*events, Remember(key=keys.acted(self._state.night, c.id, c.seat), value="yes")]
            step = self._line(c)[1] if self._state.phase == "night" else None
            # told to the table at dawn (the Vizier, the Leviathan), unless a jinx keeps it quiet
            if step is not None and step.public is not None and not not_announced(c.id, self._state.in_play()):
                events.append(dawn_news(simulate(self._state, events), [filled(step.public, seat=c.seat)]))
        after = simulate(self._state, events)
        nxt = self._after(after, c)
        again = self._again(after, c) if (nxt.id, nxt.seat) != (c.id, c.seat) else None
        if again is not None:  # it acts twice (the Barista's): woken again at once, for the whole line
            events, nxt = [*events, Remember(key=keys.twice(self._state.night, c.id, c.seat or 0), value="yes")], again
        entering = ON_ENTER.get(nxt.id)
        if entering is not None:
            events += entering(after, self.cat)
        return [*events, SetCursor(cursor=nxt)]

    def _again(self, g: Grimoire, c: Cursor) -> Cursor | None:
        """The line ``c`` ends, from its first step that wakes, when its player's ability works twice tonight
        (an ``acts_twice`` token) and has not been run twice yet; not a line the storyteller skipped."""
        if c.seat is None or c.id in PSEUDO_STEPS or c.seat not in g.seats():
            return None
        if keys.twice(g.night, c.id, c.seat) in g.memory or keys.skipped(g.night, c.id, c.seat) in g.memory:
            return None
        if not acts_twice(g, self.cat, g.player(c.seat)):
            return None
        nxt = self._next(g, Cursor(id=c.id, position=c.position, seat=c.seat, sub=-1))
        return nxt.model_copy(update={"resume": c.resume}) if (nxt.id, nxt.seat) == (c.id, c.seat) else None

    def _cursor_follows(self, events: list[Event]) -> list[Event]:
        """``events``, and the night moving on when they leave the step under way without its player: its
        ability taken from them (the Widow made the Imp), or its player no longer waking (killed by hand
        before they chose). A step already answered in part is left to finish."""
        g, c = self._state, self._state.cursor
        if g.phase != "night" or c is None or c.seat is None or c.id not in self.cat or c.stage != "ask":
            return events
        after = simulate(g, events)
        moved_to = after.cursor  # the same step, its seats renumbered (a player left or joined) or not
        if after.winner is not None or moved_to is None or moved_to.seat is None or (
                moved_to.id, moved_to.position, moved_to.sub, moved_to.stage) != (c.id, c.position, c.sub, c.stage):
            return events  # fmt: skip
        c, seat = moved_to, moved_to.seat  # a part answered by a player who left is lost: as if not begun
        step = self._line(c)[1]
        p = after.player(seat)
        held = c.id in abilities(self.cat, p) and not p.has_reminder("No Ability", c.id)
        if not held and not (c.seats or c.character):  # the ability moved to another player: the step follows it
            moved = [q for q in after.players if q.seat != seat and c.id in abilities(self.cat, q)
                     and keys.acted(after.night, c.id, q.seat) not in after.memory
                     and acts_alive(after, self.cat, q)]  # fmt: skip
            if moved:
                return [*events, SetCursor(cursor=c.model_copy(update={"seat": moved[0].seat}))]
        wakes = step is None or CONDITIONS[step.wake_if](self._mkctx(after, seat, c.id))
        if not acts_alive(after, self.cat, p) and (step is None or step.wake_if not in ACTS_WHILE_DEAD):
            wakes = False
        if held and (wakes or c.seats or c.character):
            return events
        return [*events, SetCursor(cursor=self._after(after, c))]

    def _resume_point(self, g: Grimoire) -> Mark | None:
        """Where the night goes on after a step woken out of order: the step left (not done yet), or an
        earlier one left before it."""
        c = g.cursor
        if c is None or c.id in ("day", "over"):
            return None
        here = Mark(position=c.position, seat=c.seat, sub=c.sub)
        r = c.resume
        earlier = r is not None and (r.position, r.seat or 0, r.sub) < (c.position, c.seat or 0, c.sub)
        return r if earlier else here

    def _owed(self, before: Grimoire, g: Grimoire) -> Cursor | None:
        """A step the night has passed over tonight that a change has just made due: its player held the
        ability before the change, it was not due then, and it is now (the Ravenkeeper a bounced Demon kill
        landed on after their place). Woken now, out of order: a wake belongs to the event, whatever route brought
        it. A character new to a seat, or a player an ability brought back to life, is not woken for a turn that went
        by."""
        c = g.cursor
        if g.phase != "night" or c is None or c.id in ("day", "over") or g.winner is not None:
            return None
        if before.phase != "night" or before.night != g.night or g.question is not None:
            return None
        here = (c.position, c.seat or 0)
        sheet_before = [line for line in night_sheet(self.script, self.cat, g.night, before) if line.seat is not None]
        lines_before = {(line.id, line.seat) for line in sheet_before}
        due_before = {(line.id, line.seat) for line in sheet_before if self._due(before, line)}
        for line in night_sheet(self.script, self.cat, g.night, g):
            seat = line.seat
            if seat is None or (line.position, seat) >= here or keys.acted(g.night, line.id, seat) in g.memory:
                continue
            if (line.id, seat) in due_before or seat not in before.seats():
                continue
            if (line.id, seat) not in lines_before and line.id not in abilities(self.cat, before.player(seat)):
                continue  # new to this seat (the Barber's swap, a change of character): not for a turn gone by
            if not before.player(seat).alive and _brought_back(before.player(seat), g.player(seat)):
                continue  # brought back to life by an ability: they wake later tonight if they would, not for a turn
                # gone by (the Professor's and the Shabaloth's How to Run: the regurgitated Exorcist does not act);
                # one the storyteller revives by hand is woken (docs/storyteller.md)
            if self._due(g, line):
                return Cursor(id=line.id, position=line.position, seat=seat, resume=self._resume_point(g))
        return None

    def _due(self, g: Grimoire, line: SheetStep) -> bool:
        """Whether ``line``'s first step wakes in ``g`` out of order (its condition holds; a dead player only
        where the ability acts while dead; never one carried over to the next night)."""
        step = line.steps[0] if line.steps else None
        if step is None or line.seat is None or step.wake_if in CARRIED_OVER:
            return False
        p = g.player(line.seat)
        if not acts_alive(g, self.cat, p) and step.wake_if not in ACTS_WHILE_DEAD:
            return False
        return CONDITIONS[step.wake_if](self._mkctx(g, line.seat, line.id))

    def _remember_shown(self, c: Cursor, shown: object) -> Event:
        key = keys.shown(self._state.night, c.id, c.seat, c.sub)
        return Remember(key=key, value=json.dumps(shown, ensure_ascii=False))


def _brought_back(was: Player, now: Player) -> bool:
    """``now`` lives again by an ability: it placed its Alive token (the Professor's, the Shabaloth's), as a revival
    by the storyteller's hand does not."""
    return now.alive and any(r.name == "Alive" for r in now.reminders) and not any(r.name == "Alive" for r in
                                                                                    was.reminders)  # fmt: skip
