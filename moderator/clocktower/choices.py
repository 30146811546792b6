"""A night step's answer: gathered part by part (the first of two seats, a seat before a character,
'next' once for nobody), and checked against the step's own limits on whom it chooses and the
effect's check (where information may or must be false, against its truth)."""

from __future__ import annotations

from collections.abc import Sequence

from moderator.clocktower.grimoire.events import SetCursor
from moderator.clocktower.grimoire.state import Cursor
from moderator.clocktower.parts import PartsFlow
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.context import Answer, Ctx
from moderator.clocktower.rules.effects import Effect
from moderator.clocktower.rules.effects.snv_demons import false_info_by
from moderator.clocktower.rules.schema import Step
from moderator.clocktower.rules.texts import step_texts
from moderator.clocktower.shown import ShownFlow
from moderator.commands.parse import Command
from moderator.errors import IllegalChoice


class ChoiceFlow(ShownFlow, PartsFlow):
    """A night step's answer gathered and checked (a part of the night's stages: night.py)."""

    def _answer(self, c: Cursor, cmd: Command, step: Step) -> Answer | None:
        """Gather the answer; store a partial one (first of two seats, seat before character)."""
        seats = [*c.seats, *cmd.seats]
        character = cmd.character or c.character
        need_seats = 2 if "two_seats" in step.expects else (1 if "seat" in step.expects else 0)
        need_char = "character" in step.expects
        if cmd.intent == "next" and (need_seats or need_char):
            # a part unanswered: asked once whether nobody (the prompt says so); next again is nobody
            self._push(f"{c.id} unanswered", [SetCursor(cursor=c.model_copy(update={"asked_none": True}))])
            return None
        if len(seats) > need_seats and need_seats:
            if need_char and character is None and c.seats:  # the seat is chosen: the character is awaited
                who = step_texts().flow.who
                got = ", ".join(self._t(who, seat=s, name=self._state.player(s).name) for s in c.seats)
                raise IllegalChoice("part_awaited", got=got, part=self._part_name(c, step))
            raise IllegalChoice("seat_count", need=need_seats)
        for s in seats:
            if s not in self._state.seats():
                raise IllegalChoice("no_such_seat", seat=s)
        if need_seats == 2 and len(set(seats)) < len(seats):  # "two players" are two different players
            raise IllegalChoice("two_different", seat=seats[-1])
        if (need_seats and len(seats) < need_seats) or (need_char and character is None):
            self._check_chosen(c.seat, step, cmd.seats)  # a seat it cannot choose is refused when said
            partial = c.model_copy(update={"seats": seats, "character": character, "asked_none": False})
            self._push(f"{c.id} partial", [SetCursor(cursor=partial)])
            return None
        yes = True if cmd.intent == "yes" else (False if cmd.intent == "no" else None)
        return Answer(seats=tuple(seats), character=character, yes=yes, number=cmd.number,
                      direction=cmd.value if isinstance(cmd.value, str) else None)  # fmt: skip

    def _choosable(self, c: Cursor, step: Step) -> bool:
        """Whether enough players fit the step's own limits (alive, dead, not themselves) for its choice
        (two different ones for two seats): a Professor with nobody dead cannot choose."""
        need = 2 if "two_seats" in step.expects else (1 if "seat" in step.expects else 0)
        if step.choose is None or not need:
            return True
        fit = 0
        for s in self._state.seats():
            try:
                self._check_chosen(c.seat, step, [s])
            except IllegalChoice:
                continue
            fit += 1
        return fit >= need

    def _check_must_choose(self, ctx: Ctx, step: Step, answer: Answer) -> None:
        """A Demon's choice tonight, when a right public guess after the execution (a jinx: the Alchemist-Spy's,
        the Magician-Wraith's) says whom it must choose: that player, or the answer is refused.

        Raises:
            IllegalChoice: the Demon chose others, or nobody.
        """
        must = self._state.memory.get(keys.must_choose(self._state.night), "")
        if not must.isdigit() or int(must) not in self._state.seats() or self.cat.team(ctx.ability) != "demon":
            return
        if not {"seat", "two_seats"} & set(step.expects) or int(must) in answer.seats:
            return
        raise IllegalChoice("must_choose_guessed", seat=int(must))

    def _check_chosen(self, seat: int | None, step: Step, seats: Sequence[int]) -> None:
        """The step's own limits on whom it chooses (alive, dead, not themselves), seat by seat.

        Raises:
            IllegalChoice: a seat the step cannot choose.
        """
        if step.choose is None:
            return
        for s in seats:
            player = self._state.player(s)
            if step.choose.alive is True and not player.alive:
                raise IllegalChoice("dead_choice", seat=s)
            if step.choose.alive is False and player.alive:
                raise IllegalChoice("alive_choice", seat=s)
            if step.choose.not_self and s == seat:
                raise IllegalChoice("not_self")

    def _check(self, ctx: Ctx, step: Step, effect: Effect, answer: Answer, c: Cursor | None = None) -> None:
        self._check_chosen(ctx.seat, step, answer.seats)
        self._check_must_choose(ctx, step, answer)
        if effect.check is None:
            return
        if not effect.info_check or c is None:
            effect.check(ctx, answer)
            return
        # The check is of the information's truth (the Pixie's in-play Townsfolk): where it may be false,
        # anything shown is taken; where it must be false, a true one is refused.
        liar = false_info_by(self._state, self.cat, self._state.player(c.seat), c.id) if c.seat else None
        if liar is not None:
            try:
                effect.check(ctx, answer)
            except IllegalChoice:
                return
            raise IllegalChoice("must_be_false", character=self.cat[liar.character or ""].name(self.lang))
        if not self._false_allowed(c):
            effect.check(ctx, answer)
