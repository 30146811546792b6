"""A day ability: used in one line (the Slayer's shot, a guess, 'seat N uses their ability'), or at
a step of its own (``opens_step``) whose prompt gives the truth and takes the answers."""

from __future__ import annotations

from moderator.clocktower.core import Core
from moderator.clocktower.grimoire.events import (
    Remember,
    SetCursor,
)
from moderator.clocktower.grimoire.state import Cursor
from moderator.clocktower.prompts import Prompt, Reply
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.abilities import abilities, used_by
from moderator.clocktower.rules.catalogue import Character
from moderator.clocktower.rules.conditions import CONDITIONS
from moderator.clocktower.rules.context import Answer
from moderator.clocktower.rules.daytime import guess_target
from moderator.clocktower.rules.effects.snv_demons import false_info_by
from moderator.clocktower.rules.news import dusk_news
from moderator.clocktower.rules.schema import Step
from moderator.clocktower.rules.status import acts_alive, statuses
from moderator.clocktower.rules.texts import step_texts
from moderator.clocktower.rules.triggers import asked_by
from moderator.commands.parse import INTENTS_FOR, Command
from moderator.commands.phrases import Intent
from moderator.errors import IllegalChoice


class DayStepFlow(Core):
    """A day ability used in one line, and a day ability's own step (its prompt and act)."""

    def _day_step_of(self, c: Cursor) -> Step:
        char = self.cat[c.id]
        assert char.data is not None
        return char.data.day[c.sub]

    def _day_step_prompt(self, c: Cursor) -> Prompt:
        """A day ability's step: its prompt, the truth it gives, and what it takes."""
        flow = step_texts().flow
        step = self._day_step_of(c)
        by = false_info_by(self._state, self.cat, self._state.player(c.seat), c.id) if c.seat else None
        said = step.false_info_prompt if by is not None and step.false_info_prompt is not None else step.prompt
        text = self._t(flow.ability_used, seat=c.seat, character=self.cat[c.id].name(self.lang),
                       prompt=said(self.lang))  # fmt: skip
        effect = self._effect(step)
        truth = effect.truth(self._mkctx(self._state, c.seat, c.id)) if effect and effect.truth else None
        if truth is not None:
            text += " " + self._t(flow.truth, truth=self._say(truth, effect is not None and effect.shows_player))
        if by is not None and effect is not None and (truth is not None or effect.gives_info):
            text += " " + self._t(flow.false_info, character=self.cat[by.character or ""].name(self.lang))
        templates = step_texts().templates
        for status in sorted(statuses(self._state, self.cat, self._state.player(c.seat))) if c.seat else []:
            text += " " + self._t(templates.impaired, status=templates.status[status](self.lang))
        if c.seats or c.character:
            got = ", ".join([*(f"{s}" for s in c.seats),
                             *([self.cat[c.character].name(self.lang)] if c.character else [])])  # fmt: skip
            text += " " + self._t(flow.partial, got=got, need=self.words.missing(c, step))
        allowed: list[Intent] = [i for e in step.expects for i in INTENTS_FOR[e]]
        if "seat" in step.expects and "character" in step.expects:
            allowed.append("seat_character")  # both parts in one sentence: "seat 4 sage" (the Juggler's guess)
        return self._base(c, list(step.expects), text, None, truth, [*allowed, "dies"])

    def _day_step(self, c: Cursor, cmd: Command, p: Prompt) -> Reply:
        """An answer at a day ability's step: applied when whole; 'next' (or 'no' where no yes/no is
        asked) ends the step, applying a step that asks nothing."""
        step = self._day_step_of(c)
        effect = self._effect(step)
        ctx = self._mkctx(self._state, c.seat, c.id)
        day = SetCursor(cursor=Cursor(id="day"))
        yesno = "yesno" in step.expects
        ends = cmd.intent == "next" or (cmd.intent == "no" and not yesno)
        if ends and not c.seats and not c.character:
            asks = [e for e in step.expects if e != "confirm"]
            outcome = effect.apply(ctx, Answer()) if effect is not None and (not asks or yesno) else None
            self._push(f"{c.id} done", [*asked_by(outcome.events if outcome else [], c.id, c.seat), day])
            return Reply(say=[self._t(t) for t in outcome.say] if outcome else [])
        if effect is None:
            raise IllegalChoice("answer_needed")
        if yesno:
            answer = Answer(yes=cmd.intent == "yes")
        else:
            seats = [*c.seats, *cmd.seats]
            character = cmd.character or c.character
            for s in seats:
                if s not in self._state.seats():
                    raise IllegalChoice("no_such_seat", seat=s)
            need_seats = 2 if "two_seats" in step.expects else (1 if "seat" in step.expects else 0)
            if ends or len(seats) > need_seats:
                raise IllegalChoice("answer_needed" if ends else "seat_count", need=need_seats)
            if len(seats) < need_seats or ("character" in step.expects and character is None):
                partial = c.model_copy(update={"seats": seats, "character": character})
                self._push(f"{c.id} partial", [SetCursor(cursor=partial)])
                return Reply()
            answer = Answer(seats=tuple(seats), character=character)
        if effect.check is not None:
            effect.check(ctx, answer)
        outcome = effect.apply(ctx, answer)
        nxt = SetCursor(cursor=c.model_copy(update={"seats": [], "character": None})) if outcome.again else day
        self._push(c.id, [*asked_by(outcome.events, c.id, c.seat), nxt])
        return Reply(say=[self._t(t) for t in outcome.say], public=[self._t(t) for t in outcome.public])

    def _slay(self, cmd: Command) -> Reply:
        """A claimed shot: the day step of the character steps.yaml's ``claims`` names for ``slays``."""
        shooter = cmd.seats[0]
        if not acts_alive(self._state, self.cat, self._state.player(shooter)):  # dead: unless Has Ability
            raise IllegalChoice("dead_actor", seat=shooter)
        cid = step_texts().claims["slays"]
        char = self.cat[cid]
        effect = self._effect(char.data.day[0] if char.data is not None and char.data.day else None)
        assert effect is not None, f"{cid} has no day step with an effect (moderator validate says so)"
        outcome = effect.apply(self._mkctx(self._state, shooter, cid), Answer(seats=cmd.seats))
        self._push("slay", asked_by(outcome.events, cid, shooter))
        return Reply(say=[self._t(t) for t in outcome.say], public=[self._t(t) for t in outcome.public])

    def _day_ability(self, cmd: Command) -> Reply:
        """A player uses a day ability: the first of their day steps that can act now and that this
        command uses (a step's ``command``: 'ability', or 'guess' for the Alsaahir's).

        ``guess`` hands the guessed seats to the ability; anyone may claim to have one.
        """
        flow = step_texts().flow
        seat, *rest = cmd.seats
        player = self._state.player(seat)
        if cmd.intent == "guess" and guess_target(self._state, player) is not None:
            return self._jinx_guess(cmd)  # a jinx's public guess after an execution (the Alchemist-Spy's)
        # Dead, a player uses their own ability only while it works though they are dead (the Bone Collector's
        # Has Ability), and a step used by the dead (a vote token given to the Beggar).
        dead = not player.alive
        own = (
            abilities(self.cat, player)
            if acts_alive(self._state, self.cat, player)
            else [a for a in abilities(self.cat, player) if _after_death(self.cat.get(a))]
        )  # the Klutz's, the Moonchild's
        found = [*own, *used_by(self._state, self.cat, player)]
        if dead and not found:
            raise IllegalChoice("dead_actor", seat=seat)
        not_now: str | None = None  # an ability of theirs this command uses, whose time is not now
        for ability in found:
            char = self.cat.get(ability)
            for i, step in enumerate(char.data.day if char is not None and char.data is not None else []):
                if (step.used_by == "dead") != (dead and ability not in own):
                    continue
                if dead and ability in own and step.wake_if != LEARNT_DEATH:
                    continue
                effect = self._effect(step)
                ctx = self._mkctx(self._state, seat, ability)
                if cmd.intent not in ([step.command] if isinstance(step.command, str) else step.command):
                    continue
                if effect is None or not CONDITIONS[step.wake_if](ctx):
                    if effect is not None and ability in own and player.character == ability:
                        not_now = char.name(self.lang) if char is not None else ability
                    continue
                if "two_seats" in step.expects and cmd.intent == "ability" and len(cmd.seats) < 2:
                    raise IllegalChoice("seat_count", need=2)  # the Slayer's shot needs its target: "slays"
                if step.opens_step:  # its answers are taken at a step of its own
                    used = Remember(key=keys.today(ability, seat, self._state.day), value="yes")
                    self._push(f"{ability} day", [used, SetCursor(cursor=Cursor(id=ability, seat=seat, sub=i,
                                                                                stage="day"))])  # fmt: skip
                    return Reply()
                # A guess hands over the seats guessed; a step of two seats takes the guesser's too (the Damsel's).
                # A step of one seat takes the seat picked, not the picker's (the Moonchild's).
                whole = (cmd.intent != "guess" and "seat" not in step.expects) or "two_seats" in step.expects
                if not whole and "seat" in step.expects and len(rest) != 1:
                    raise IllegalChoice("seat_count", need=1)
                answer = Answer(seats=cmd.seats if whole else tuple(rest))
                if effect.check is not None:  # a choice the rules refuse changes nothing (the Gangster's)
                    effect.check(ctx, answer)
                outcome = effect.apply(ctx, answer)
                used = Remember(key=keys.today(ability, seat, self._state.day), value="yes")
                owed = [dusk_news(self._state, outcome.tonight)] if outcome.tonight else []  # the Puzzlemaster's
                self._push(f"{ability} day", [*asked_by(outcome.events, ability, seat), used, *owed])
                said = self._t(flow.ability_used, seat=seat, character=char.name(self.lang) if char else ability,
                               prompt=step.prompt(self.lang))  # fmt: skip
                if effect.truth is not None:  # what the storyteller judges against (the Amnesiac's hidden ability)
                    said += " " + self._t(flow.truth, truth=self._say(effect.truth(ctx), effect.shows_player))
                    by = false_info_by(self._state, self.cat, player, ability)
                    if by is not None:  # the Vortox: a Townsfolk's information must be false
                        said += " " + self._t(flow.false_info, character=self.cat[by.character or ""].name(self.lang))
                return Reply(say=[said, *(self._t(t) for t in outcome.say)],
                             public=[self._t(t) for t in outcome.public])  # fmt: skip
        if not_now is not None:  # the Psychopath after a nomination, a once-per-game ability used again: said why
            return Reply(say=[self._t(flow.day_ability_not_now, seat=seat, character=not_now)])
        return Reply(say=[self._t(flow.no_day_ability, seat=seat)])


LEARNT_DEATH = "learnt_death"
"""The condition of a day step its holder uses once dead ("when you learn that you died")."""


def _after_death(char: Character | None) -> bool:
    """Whether a character has a day step its holder uses once dead (the Klutz's, the Moonchild's pick)."""
    return char is not None and char.data is not None and any(s.wake_if == LEARNT_DEATH for s in char.data.day)
