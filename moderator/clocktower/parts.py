"""The parts of an answer: which part a step with several waits for, what it is called ("the Minion for
seat 6"), and what the prompt says of the parts given so far."""

from __future__ import annotations

from moderator.clocktower.core import Core
from moderator.clocktower.grimoire.events import Event
from moderator.clocktower.grimoire.state import Cursor
from moderator.clocktower.rules.nightorder import ACTS_WHILE_DEAD
from moderator.clocktower.rules.schema import Step
from moderator.clocktower.rules.status import acts_alive
from moderator.clocktower.rules.texts import step_texts
from moderator.journal import simulate


class PartsFlow(Core):
    """The parts of a step's answer."""

    def _part(self, c: Cursor, step: Step | None) -> str | None:
        """The part of the answer the step waits for (:attr:`Prompt.part`)."""
        expects = step.expects if step else ["confirm"]
        if c.asked_none:
            return "none"
        need = 2 if "two_seats" in expects else (1 if "seat" in expects else 0)
        if len(c.seats) < need:
            return "second_seat" if c.seats else "seat"
        if "character" in expects and c.character is None:
            return "character"
        return next((e for e in expects if e in ("yesno", "number", "direction")), None)

    def _part_name(self, c: Cursor, step: Step | None) -> str:
        """What the awaited part is called: "seat", "second seat", "Minion" …"""
        edits = step_texts().edits
        part = self._part(c, step) if not c.asked_none else self._part(c.model_copy(update={"asked_none": False}), step)
        if part == "character":
            return self._t(step.part) if step is not None and step.part is not None else self._t(edits.character_part)
        if part == "seat":
            return self._t(edits.seat_word)
        if part == "second_seat":
            return self._t(edits.second_seat_word)
        return self._t(edits.nothing_said)

    def _part_text(self, c: Cursor, step: Step | None) -> str:
        """What a step with several parts has so far and still waits for ("The Minion for seat 6, Mina?"),
        and, after 'next' with a part unanswered, whether nobody (or no character)."""
        edits = step_texts().edits
        text = ""
        part = self._part(c.model_copy(update={"asked_none": False}), step)
        if c.seats or c.character:
            who = [self._t(step_texts().flow.who, seat=s, name=self._state.player(s).name) for s in c.seats]
            if part == "character" and c.seats:
                asked = self._t(edits.part_character, part=self._part_name(c, step), who=who[-1])
            elif part == "second_seat":
                asked = self._t(edits.part_second_seat, got=", ".join(who))
            else:
                named = [self.cat[c.character].name(self.lang)] if c.character else []
                asked = self._t(step_texts().flow.partial, got=", ".join([*who, *named]),
                                need=self.words.missing(c, step))  # fmt: skip
            text += " " + asked
        if c.asked_none:
            none = edits.none_given_character if part == "character" else edits.none_given
            text += " " + self._t(none, what=self._part_name(c, step))
        return text

    def _still_acts(self, c: Cursor, events: list[Event]) -> bool:
        """Whether the player of a step that goes on (a charged Po's next kill) can still act after
        ``events`` (a Po that killed itself makes no more kills)."""
        if c.seat is None:
            return True
        after = simulate(self._state, events)
        step = self._line(c)[1]
        dead_acts = step is not None and step.wake_if in ACTS_WHILE_DEAD
        return acts_alive(after, self.cat, after.player(c.seat)) or dead_acts

