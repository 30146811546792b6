"""The night's stages: the pseudo-steps (dusk, the Minion and Demon info, dawn) and a character's
step (asked, answered, and for some effects told). Each stage has a prompt and an act; flow.py
declares which stage is which."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Literal

from moderator.clocktower.core import Core
from moderator.clocktower.grimoire.events import Event, SetCursor, SetPhase
from moderator.clocktower.grimoire.state import Cursor, Player
from moderator.clocktower.prompts import Prompt, Reply
from moderator.clocktower.rules import registering
from moderator.clocktower.rules.context import Answer, Ctx, Outcome
from moderator.clocktower.rules.effects import EFFECTS, Effect
from moderator.clocktower.rules.effects.bmr import chosen_events, learned_at_dawn
from moderator.clocktower.rules.effects.snv_demons import false_info_by
from moderator.clocktower.rules.nightorder import ACTS_WHILE_DEAD, SheetStep
from moderator.clocktower.rules.schema import Expect, Step
from moderator.clocktower.rules.status import acts_alive, impaired, is_demon, shown_dead
from moderator.clocktower.rules.texts import step_texts
from moderator.clocktower.rules.triggers import asked_by
from moderator.commands.parse import INTENTS_FOR, Command
from moderator.commands.phrases import Intent
from moderator.errors import IllegalChoice
from moderator.journal import simulate


class NightFlow(Core):
    """The prompts and acts of the night's stages."""

    # -- pseudo-steps --------------------------------------------------------------------------

    def _pseudo_prompt(self, c: Cursor) -> Prompt:
        """Dusk, the Minion info, the Demon info: the step's text and public line, and the true answer
        of the effect it names in steps.yaml."""
        texts = step_texts()
        pseudo = texts.pseudo[c.id]
        text = pseudo.prompt(self.lang)
        public = pseudo.public(self.lang) if pseudo.public else None
        effect = EFFECTS[pseudo.effect] if pseudo.effect else None
        truth = effect.truth(self._ctx(c)) if effect is not None and effect.truth is not None else None
        if truth is not None:
            text += " " + self._t(texts.flow.truth, truth=self._say(truth))
        return self._base(c, ["confirm"], text, public, truth, ("dies",))

    def _pseudo(self, c: Cursor, cmd: Command, p: Prompt) -> Reply:
        self._push(c.id, self._advance([], c))
        return Reply()

    def _dawn_prompt(self, c: Cursor) -> Prompt:
        """Dawn: the night's deaths, announced to the table."""
        texts = step_texts()
        pseudo = texts.pseudo[c.id]
        public = pseudo.public(self.lang) if pseudo.public else None
        # Died tonight and still dead (a Professor may have brought one back).
        # (shown dead counts: the Zombuul's first death is announced like any other)
        dead = [p for s in dict.fromkeys(self._state.died_tonight) if shown_dead(self.cat, p := self._state.player(s))]
        who = ", ".join(self._t(texts.flow.who, seat=p.seat, name=p.name) for p in dead)
        news = self._t(texts.flow.deaths_public, who=who) if dead else self._t(texts.flow.no_deaths_public)
        # Then who is alive again (the Shabaloth's regurgitation, the Professor's), never why.
        back = [p for s in dict.fromkeys(self._state.revived_tonight) if (p := self._state.player(s)).alive]
        if back:
            again = ", ".join(self._t(texts.flow.who, seat=p.seat, name=p.name) for p in back)
            news += " " + self._t(texts.flow.revived_public, who=again)
        public = f"{public} {news}" if public else news
        return self._base(c, ["confirm"], pseudo.prompt(self.lang), public, [p.seat for p in dead], ("dies",))

    def _dawn(self, c: Cursor, cmd: Command, p: Prompt) -> Reply:
        events: list[Event] = [SetPhase(phase="day", night=self._state.night, day=self._state.night),
                               SetCursor(cursor=Cursor(id="day"))]  # fmt: skip
        # Who died tonight learns it now (the Moonchild's and the Klutz's public choice).
        events += learned_at_dawn(simulate(self._state, events), self.cat)
        self._push("dawn", events)
        return Reply()

    # -- a character's step --------------------------------------------------------------------

    def _step_prompt(self, c: Cursor) -> Prompt:
        line, step = self._line(c)
        shown = SheetStep(line.id, line.position, line.seat, line.player, line.character, line.status,
                          (step,) if step else ())  # fmt: skip
        text = shown.prompt(self.cat, self.lang)
        effect = self._effect(step)
        flow = step_texts().flow
        truth: object = None
        alternatives: list[object] = []
        if effect is not None and effect.truth is not None:
            truth = effect.truth(self._ctx(c))
            text += " " + self._t(flow.truth, truth=self._say(truth))
            note, alternatives = self._registering(c, effect.truth, truth)
            text += note
            text += self._false_info(c)
        text += self._hint(c, effect, Answer())
        text += "".join(" " + j for j in self.words.notes(self._state, c.id, line.character))
        expects: list[Expect] = list(step.expects) if step else ["confirm"]
        allowed: list[Intent] = [i for e in expects for i in INTENTS_FOR[e]]
        if "seat" in expects and "character" in expects:
            allowed.append("seat_character")  # both parts in one sentence: "seat 6 widow"
        if expects == ["seat"] and effect is not None and effect.repeats:
            allowed += ["two_seats", "seat_list"]  # several picks in one sentence, taken in turn (a charged Po)
        if truth is not None:
            allowed += ["showed", "seat"] if effect is not None and effect.options else ["showed"]
            if expects == ["confirm"]:
                allowed += _plain(truth)  # "yes", "2", "imp": what was shown, said plainly
        elif effect is not None and effect.info_check:
            allowed.append("showed")  # the token shown is the answer (the Pixie's)
        text += self._part_text(c, step)
        prompt = replace(self._base(c, expects, text, None, truth, [*allowed, "dies"]), part=self._part(c, step))
        if effect is not None and effect.shows_player:
            prompt = replace(prompt, shows_player=True)
        woken = self._woken(step)
        if woken is not None:  # another player acts for this ability (the Demon, for the Barber)
            said = self._t(flow.wakes_demon, seat=woken.seat, name=woken.name)
            prompt = replace(prompt, seat=woken.seat, text=f"{prompt.text} {said}")
        return self._with(prompt, alternatives)

    # -- the parts of an answer ----------------------------------------------------------------

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
        """What a step with several parts has so far and still waits for ("6. The Minion for seat 6?"),
        and, after 'next' with a part unanswered, whether nobody."""
        edits = step_texts().edits
        text = ""
        if c.seats or c.character:
            named = [self.cat[c.character].name(self.lang)] if c.character else []
            got = ", ".join([*(f"{s}" for s in c.seats), *named])
            part = self._part(c.model_copy(update={"asked_none": False}), step)
            if part == "character" and c.seats:
                asked = self._t(edits.part_character, part=self._part_name(c, step), seat=c.seats[-1])
            elif part == "second_seat":
                asked = self._t(edits.part_second_seat)
            else:
                asked = self._t(step_texts().flow.partial, got=got, need=self.words.missing(c, step))
                got = ""
            text += " " + (f"{got}. {asked}" if got else asked)
        if c.asked_none:
            text += " " + self._t(edits.none_given, what=self._part_name(c, step))
        return text

    def _woken(self, step: Step | None) -> Player | None:
        """The player the storyteller wakes for ``step`` when it is not the ability's holder: the first
        living Demon for a step that ``wakes`` the Demon (the storyteller picks if there are more)."""
        if step is None or step.wakes != "demon":
            return None
        return next((p for p in self._state.players if p.alive and is_demon(self.cat, p)), None)

    def _registering(self, c: Cursor, answer: Callable[[Ctx], object], truth: object) -> tuple[str, list[object]]:
        """The note on who may misregister and what that would make true, and those answers."""
        who, alternatives = registering.alternatives(self._ctx(c), answer)
        if not alternatives:
            return "", []
        flow = step_texts().flow
        names = ", ".join(
            self._t(flow.registerer, seat=p.seat, character=self.cat[p.character or ""].name(self.lang)) for p in who
        )
        said = ", ".join(self._say(a) for a in alternatives)
        return " " + self._t(flow.may_register, who=names, alternatives=said, truth=self._say(truth)), alternatives

    def _hint(self, c: Cursor, effect: Effect | None, answer: Answer) -> str:
        """The effect's note beside the truth, and the seat it proposes ("next" takes it)."""
        if effect is None:
            return ""
        said = ""
        hint = effect.hint(self._ctx(c), answer) if effect.hint is not None else None
        if hint is not None and self._false_info(c) and not effect.inexact:
            hint = None  # how to give the true answer ("point at the Demon and at seat 5"): not where it must be false
        if hint is not None:
            said += " " + self._t(hint)
        proposed = effect.proposal(self._ctx(c)) if effect.proposal is not None and c.stage == "ask" else None
        if proposed is not None:
            flow = step_texts().flow
            who = self._t(flow.who, seat=proposed, name=self._state.player(proposed).name)
            said += " " + self._t(flow.proposed, answer=who)
        return said

    def _false_info(self, c: Cursor) -> str:
        """At every information step of a Townsfolk ability: the note that it must be false, while a
        sober Vortox lives (the true answer stays shown, to be avoided)."""
        if c.seat is None:
            return ""
        by = false_info_by(self._state, self.cat, self._state.player(c.seat), c.id)
        if by is None:
            return ""
        return " " + self._t(step_texts().flow.false_info, character=self.cat[by.character or ""].name(self.lang))

    @staticmethod
    def _with(p: Prompt, alternatives: list[object]) -> Prompt:
        return replace(p, alternatives=tuple(alternatives)) if alternatives else p

    def _tell_prompt(self, c: Cursor) -> Prompt:
        """After the choice: the true answer that depends on it (the effect's ``told``)."""
        effect = self._effect(self._line(c)[1])
        if effect is None or effect.told is None:
            return self._step_prompt(c)
        told, answer = effect.told, Answer(seats=tuple(c.seats), character=c.character)
        truth = told(self._ctx(c), answer)
        note, alternatives = self._registering(c, lambda ctx: told(ctx, answer), truth)
        text = self._t(step_texts().flow.truth_after, truth=self._say(truth)) + note + self._hint(c, effect, answer)
        text += self._false_info(c)
        templates = step_texts().templates
        for status in sorted(self._line(c)[0].status):  # the warning stays on the screen that gives the truth
            text += " " + self._t(templates.impaired, status=templates.status[status](self.lang))
        prompt = self._base(c, ["confirm"], text, None, truth, ("showed", *_plain(truth), "dies"))
        return self._with(prompt, alternatives)

    def _tell(self, c: Cursor, cmd: Command, p: Prompt) -> Reply:
        shown, warned = self._given(c, self._plainly_shown(cmd, p.truth), p)
        self._push(f"{c.id} told", self._advance([self._remember_shown(c, shown)], c))
        return Reply(say=warned)

    def _night_step(self, c: Cursor, cmd: Command, p: Prompt) -> Reply:
        step = self._line(c)[1]
        effect = self._effect(step)
        ctx = self._ctx(c)
        if step is None or effect is None:
            self._push(c.id, self._advance([], c))
            return Reply()
        if cmd.intent == "no" and "yesno" not in step.expects and not (effect.repeats and (c.seats or c.character)):
            declined = effect.declined(ctx).events if effect.declined is not None else []  # the Po charges
            self._push(f"{c.id} no choice", self._advance(asked_by(declined, c.id, c.seat), c))
            return Reply()
        if p.truth is not None and step.expects == ["confirm"]:
            cmd = self._plainly_shown(cmd, p.truth)
        if p.truth is not None and cmd.intent in ("next", "showed"):
            given = Answer()
            shown, warned = self._given(c, cmd, p)
            if cmd.intent == "showed" and isinstance(cmd.value, int) and effect.options:
                given = Answer(seats=(cmd.value,))
            outcome = effect.apply(ctx, given)
            reply = self._finish(c, effect, outcome, [self._remember_shown(c, shown)], given)
            reply.say += warned
            return reply
        if cmd.intent == "seat" and effect.options is not None and not step.expects.count("seat"):
            # Another true answer than the one proposed: it must be true (else say "showed N").
            seat = cmd.seats[0]
            sober = c.seat is not None and not impaired(self._state, self.cat, self._state.player(c.seat))
            liar = false_info_by(self._state, self.cat, self._state.player(c.seat), c.id) if c.seat else None
            lying = liar is not None
            if sober and not lying and seat not in effect.options(ctx):  # under the Vortox, false is required
                raise IllegalChoice("not_true", seat=seat)
            self._never_true(c, seat, p, true=effect.options(ctx))
            given = Answer(seats=(seat,))
            outcome = effect.apply(ctx, given)
            return self._finish(c, effect, outcome, [self._remember_shown(c, seat)], given)
        half = bool(c.seats or c.character) and effect.repeats
        if half and (cmd.intent == "no" or (cmd.intent == "next" and c.asked_none)):
            # nobody for this pick only (the Kazali's next Minion is still asked)
            self._push(f"{c.id} nobody", [SetCursor(cursor=c.model_copy(update={"seats": [], "character": None,
                                                                                  "asked_none": False}))])  # fmt: skip
            return Reply()
        if cmd.intent in ("two_seats", "seat_list") and effect.repeats and step.expects == ["seat"]:
            return self._in_turn(c, cmd)
        if cmd.intent == "next" and c.asked_none:  # asked once whether nobody: nobody it is
            declined = effect.declined(ctx).events if effect.declined is not None else []
            self._push(f"{c.id} no choice", self._advance(asked_by(declined, c.id, c.seat), c))
            return Reply()
        if cmd.intent == "showed" and p.truth is None:  # the token shown is the answer (the Pixie's)
            cmd = self._shown_as_answer(cmd)
        proposed = effect.proposal(ctx) if effect.proposal is not None and cmd.intent == "next" else None
        answer = Answer(seats=(proposed,)) if proposed is not None and not c.seats else self._answer(c, cmd, step)
        if answer is None:
            return Reply()
        try:
            self._check(ctx, step, effect, answer, c)
        except IllegalChoice as exc:
            if c.seats or c.character:  # the part said before stays chosen: say so, not silently
                exc.kept = ", ".join([*(str(s) for s in c.seats),
                                      *([self.cat[c.character].name(self.lang)] if c.character else [])])  # fmt: skip
            raise
        # The first player tonight to choose a Goon is drunk before their ability acts.
        chosen = chosen_events(self._state, self.cat, c.seat, answer.seats, step)
        if chosen:
            ctx = self._mkctx(simulate(self._state, chosen), c.seat, c.id)
        outcome = effect.apply(ctx, answer)
        outcome.events = [*chosen, *outcome.events]
        return self._finish(c, effect, outcome, [], answer)

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
        if (need_seats and len(seats) < need_seats) or (need_char and character is None):
            partial = c.model_copy(update={"seats": seats, "character": character, "asked_none": False})
            self._push(f"{c.id} partial", [SetCursor(cursor=partial)])
            return None
        yes = True if cmd.intent == "yes" else (False if cmd.intent == "no" else None)
        return Answer(seats=tuple(seats), character=character, yes=yes, number=cmd.number,
                      direction=cmd.value if isinstance(cmd.value, str) else None)  # fmt: skip

    # -- what was shown ----------------------------------------------------------------------

    def _plainly_shown(self, cmd: Command, truth: object) -> Command:
        """A plain yes or no, number or character where a step gives that kind of information: what was
        shown (``showed yes``)."""
        if cmd.intent in ("yes", "no") and isinstance(truth, bool):
            return replace(cmd, intent="showed", value=cmd.intent == "yes")
        if cmd.intent == "number" and _kind(truth) == "number":
            return replace(cmd, intent="showed", value=cmd.number)
        if cmd.intent == "character" and _kind(truth) == "character":
            return replace(cmd, intent="showed", value=cmd.character)
        return cmd

    def _given(self, c: Cursor, cmd: Command, p: Prompt) -> tuple[object, list[str]]:
        """What was given at an information step (the truth, or what was shown), and a warning when a
        sober, healthy player was shown what is not true.

        Raises:
            IllegalChoice: the information must be false (the Vortox) and it is true; or what was shown
                is not what the step shows (two seats for a number).
        """
        shown = cmd.value if cmd.intent == "showed" else p.truth
        if cmd.intent == "showed":
            kind = _kind(p.truth, p.shows_player)
            if not _fits(shown, kind):
                raise IllegalChoice("showed_kind", kind=step_texts().edits.kinds[kind](self.lang))
        effect = self._effect(self._line(c)[1])
        options = effect.options(self._ctx(c)) if effect is not None and effect.options is not None else []
        self._never_true(c, shown, p, true=options or None)
        true = [p.truth, *options]
        untrue = all(_differs(shown, t) for t in true)
        if cmd.intent != "showed" or self._false_allowed(c) or p.alternatives or not untrue:
            return shown, []
        seat = c.seat if c.seat is not None else 0
        if effect is not None and effect.inexact:  # the app's truth is only what it can see
            return shown, [self._t(step_texts().edits.untrue_given, seat=seat, truth=self._say(p.truth))]
        raise IllegalChoice("untrue_to_sober", seat=seat, truth=self._say(p.truth))

    def _still_acts(self, c: Cursor, events: list[Event]) -> bool:
        """Whether the player of a step that goes on (a charged Po's next kill) can still act after
        ``events`` (a Po that killed itself makes no more kills)."""
        if c.seat is None:
            return True
        after = simulate(self._state, events)
        step = self._line(c)[1]
        dead_acts = step is not None and step.wake_if in ACTS_WHILE_DEAD
        return acts_alive(after, self.cat, after.player(c.seat)) or dead_acts

    def _in_turn(self, c: Cursor, cmd: Command) -> Reply:
        """Several seats said at once where the step takes one at a time: each in turn, as if said one
        after the other; if one is refused, none is taken.

        Raises:
            IllegalChoice: a seat the step refuses, or more seats than it takes.
        """
        mark = len(self.journal.entries)
        try:
            for seat in cmd.seats:
                now = self._state.cursor
                if now is None or (now.id, now.seat, now.stage) != (c.id, c.seat, "ask") or self._state.question:
                    raise IllegalChoice("seat_count", need=cmd.seats.index(seat))
                self._night_step(now, replace(cmd, intent="seat", seats=(seat,)), self._step_prompt(now))
        except IllegalChoice:
            self._pop_to(mark)
            raise
        return Reply()

    def _shown_as_answer(self, cmd: Command) -> Command:
        """``showed X`` where the thing shown is the step's answer: a character, or a seat."""
        v = cmd.value
        if isinstance(v, str) and v in self.cat:
            return replace(cmd, intent="character", character=v)
        if isinstance(v, int) and not isinstance(v, bool):
            return replace(cmd, intent="seat", seats=(v,))
        raise IllegalChoice("not_an_answer", text=cmd.text)

    def _false_allowed(self, c: Cursor) -> bool:
        """Whether the information of this step may be false: its player is drunk or poisoned, or its
        information must be false (the Vortox)."""
        if c.seat is None:
            return False
        p = self._state.player(c.seat)
        return impaired(self._state, self.cat, p) or false_info_by(self._state, self.cat, p, c.id) is not None

    def _never_true(self, c: Cursor, shown: object, p: Prompt, true: list[int] | None = None) -> None:
        """Where the information must be false (the Vortox), a true answer is refused with the reason.

        Raises:
            IllegalChoice: ``shown`` is the truth, or another answer that would be true.
        """
        liar = false_info_by(self._state, self.cat, self._state.player(c.seat), c.id) if c.seat else None
        if liar is None:
            return
        if true is not None and set(self._state.seats()) - {c.seat} <= set(true):
            return  # every player would be true (the Balloonist's first night): no false answer to give
        truths = [p.truth, *p.alternatives, *(true or [])]
        if any(_same(shown, t) or _among(t, shown) for t in truths if t is not None):
            raise IllegalChoice("must_be_false", character=self.cat[liar.character or ""].name(self.lang))

    def _check(self, ctx: Ctx, step: Step, effect: Effect, answer: Answer, c: Cursor | None = None) -> None:
        if step.choose is not None:
            for s in answer.seats:
                player = self._state.player(s)
                if step.choose.alive is True and not player.alive:
                    raise IllegalChoice("dead_choice", seat=s)
                if step.choose.alive is False and player.alive:
                    raise IllegalChoice("alive_choice", seat=s)
                if step.choose.not_self and s == ctx.seat:
                    raise IllegalChoice("not_self")
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

    def _finish(self, c: Cursor, effect: Effect, outcome: Outcome, extra: list[Event], answer: Answer) -> Reply:
        events = asked_by([*outcome.events, *extra], c.id, c.seat)  # its questions are this step's
        reply = Reply(say=[self._t(t) for t in outcome.say], public=[self._t(t) for t in outcome.public])
        if effect.told is not None and not extra:
            tell = c.model_copy(update={"stage": "tell", "seats": list(answer.seats), "character": answer.character})
            self._push(c.id, [*events, SetCursor(cursor=tell)])
        elif outcome.again and self._still_acts(c, events):
            self._push(c.id, [*events, SetCursor(cursor=c.model_copy(update={"seats": [], "character": None}))])
        else:
            self._push(c.id, self._advance(events, c))
        reply.say += self._swap_news(c)
        return reply

    def _swap_news(self, c: Cursor) -> list[str]:
        """After a character swap, tell the storyteller what both players now are."""
        if c.seat is None:
            return []
        flow = step_texts().flow
        news = []
        last = self.journal.entries[-1].events if self.journal.entries else []
        for e in last:
            if e.kind == "assign" and self._state.phase == "night" and self._state.night > 0:
                p = self._state.player(e.seat)
                news.append(self._t(flow.swapped, seat=p.seat, character=self.cat[e.character].name(self.lang),
                                    alignment=flow.alignment[p.alignment](self.lang)))  # fmt: skip
        return news


def _same(shown: object, truth: object) -> bool:
    """Whether what was shown is that true answer (several seats or tokens: in any order)."""
    if isinstance(shown, tuple | list) and isinstance(truth, tuple | list):
        return sorted(map(str, shown)) == sorted(map(str, truth))
    if isinstance(truth, dict):
        return False
    if truth == "either" and shown in ("clockwise", "counterclockwise"):
        return True  # equally near both ways: either way is true (the Shugenja's)
    return shown == truth


Kind = Literal["yesno", "number", "player", "character", "any"]


def _kind(truth: object, shows_player: bool = False) -> Kind:
    """What an information step shows, from its true answer: yes or no, a number, players, characters."""
    if isinstance(truth, bool):
        return "yesno"
    if isinstance(truth, int):
        return "player" if shows_player else "number"
    items = truth if isinstance(truth, list) else [truth]
    if items and all(isinstance(x, int) and not isinstance(x, bool) for x in items):
        return "player"
    if items and all(isinstance(x, str) for x in items):
        return "character"
    return "any"


def _fits(shown: object, kind: Kind) -> bool:
    """Whether what was shown is of the kind the step shows."""
    items = shown if isinstance(shown, tuple) else (shown,)
    if kind == "yesno":
        return isinstance(shown, bool)
    if kind == "number":
        return isinstance(shown, int) and not isinstance(shown, bool)
    if kind == "player":
        return all(isinstance(x, int) and not isinstance(x, bool) for x in items)
    if kind == "character":
        return all(isinstance(x, str) for x in items)
    return True


def _differs(shown: object, truth: object) -> bool:
    """Whether what was shown is clearly not the true answer (False where it cannot be told)."""
    if isinstance(truth, dict):  # players and a character: each part shown is compared with its own
        items = shown if isinstance(shown, tuple) else (shown,)
        seats = sorted(x for x in items if isinstance(x, int) and not isinstance(x, bool))
        chars = [x for x in items if isinstance(x, str)]
        players = truth.get("players", [truth["seat"]] if isinstance(truth.get("seat"), int) else None)
        wrong_seats = bool(seats) and isinstance(players, list) and seats != sorted(players)
        character = truth.get("character")
        chosen = character in step_texts().flow.any_of_team  # "a Townsfolk of your choice": any of the team
        wrong_character = bool(chars) and isinstance(character, str) and not chosen and chars != [character]
        return wrong_seats or wrong_character
    return not _same(shown, truth)


def _plain(truth: object) -> list[Intent]:
    """The plain answers a step showing ``truth`` takes as what was shown: yes/no, a number, a character."""
    kind = _kind(truth)
    return {"yesno": ["yes", "no"], "number": ["number"], "character": ["character"]}.get(kind, [])  # type: ignore[return-value]


def _among(truth: object, shown: object) -> bool:
    """Whether one thing of several shown is the truth: the Dreamer shown the true character beside another,
    the Sage shown the Demon beside another player (true information, where it must be false)."""
    scalar = isinstance(truth, int | str) and not isinstance(truth, bool)
    return scalar and isinstance(shown, tuple) and truth in shown
