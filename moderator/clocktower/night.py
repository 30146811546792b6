"""The night's stages: the pseudo-steps (dusk, the Minion and Demon info, dawn) and a character's
step (asked, answered, and for some effects told). Each stage has a prompt and an act; flow.py
declares which stage is which."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from moderator.clocktower.choices import ChoiceFlow
from moderator.clocktower.grimoire.events import AddReminder, Event, SetCursor, SetPhase
from moderator.clocktower.grimoire.state import Cursor, Player
from moderator.clocktower.prompts import Prompt, Reply
from moderator.clocktower.rules import keys, registering
from moderator.clocktower.rules.conditions import CONDITIONS
from moderator.clocktower.rules.context import Answer, Ctx, Outcome
from moderator.clocktower.rules.effects import EFFECTS, Effect
from moderator.clocktower.rules.effects.bmr import chosen_events, learned_at_dawn
from moderator.clocktower.rules.effects.snv_demons import false_info_by
from moderator.clocktower.rules.jinxes import prompt_instead
from moderator.clocktower.rules.news import dawn_news, rolled_at_dawn, told_at_dawn, told_at_dusk
from moderator.clocktower.rules.schema import Expect, Step
from moderator.clocktower.rules.status import impaired, is_demon, never_impaired, shown_dead
from moderator.clocktower.rules.texts import filled, step_texts
from moderator.clocktower.rules.triggers import asked_by
from moderator.clocktower.rules.votes import within_evil_cap
from moderator.clocktower.shown import plain_answers
from moderator.commands.parse import INTENTS_FOR, Command
from moderator.commands.phrases import Intent
from moderator.errors import IllegalChoice
from moderator.i18n import Text
from moderator.journal import simulate


class NightFlow(ChoiceFlow):
    """The prompts and acts of the night's stages (a step's answer gathered and checked: choices.py)."""

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
        if c.id == "minioninfo":  # what the Minions learn besides each other (the Damsel's token)
            notes = [n for x in sorted(self._state.in_play())
                     if (ch := self.cat.get(x)) and ch.data and (n := ch.data.minion_info_note)]
            text += "".join(" " + self._t(n) for n in notes)
        if c.id == "dusk":  # what a day ability owes tonight (the Puzzlemaster's answer)
            text += "".join(" " + self._t(t) for t in told_at_dusk(self._state))
        guess: tuple[Intent, ...] = ("guess",) if c.id == "dusk" else ()  # a jinx's guess after the execution
        return self._base(c, ["confirm"], text, public, truth, ("dies", *guess))

    def _pseudo(self, c: Cursor, cmd: Command, p: Prompt) -> Reply:
        if cmd.intent == "guess":
            return self._jinx_guess(cmd)
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
        news += "".join(" " + self._t(t) for t in told_at_dawn(self._state))
        for cid, seats in rolled_at_dawn(self._state):  # the Al-Hadikhia's three: who lives, who died
            said: dict[bool, list[str]] = {True: [], False: []}
            for s in seats:
                if s in self._state.seats():
                    q = self._state.player(s)
                    said[not shown_dead(self.cat, q)].append(self._t(texts.flow.who, seat=q.seat, name=q.name))
            nobody = self._t(texts.flow.roll_nobody)
            news += " " + self._t(texts.flow.roll_public, character=self.cat[cid].name if cid in self.cat else cid,
                                  alive=", ".join(said[True]) or nobody, dead=", ".join(said[False]) or nobody)
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
        effect = self._effect(step)
        flow = step_texts().flow
        truth: object = None
        if effect is not None and effect.truth is not None:
            truth = effect.truth(self._ctx(c))
        # Nobody to wake as the rules run the step: that is said instead of its instructions (an Evil
        # Twin with nobody of the other alignment, Lil' Monsta with no Minion alive to choose).
        idle = effect.idle(self._ctx(c), Answer()) if effect is not None and effect.idle is not None else None
        if effect is not None and effect.truth is not None and truth is None:
            idle = flow.nothing_to_give
        if step is not None and step.unseen_prompt is not None and not CONDITIONS["sees_grimoire"](self._ctx(c)):
            step = step.model_copy(update={"prompt": step.unseen_prompt})  # a jinx hides the Grimoire (the Widow's)
        instead = prompt_instead(c.id, self._state.living_characters(), line.character)
        if step is not None and instead is not None:
            step = step.model_copy(update={"prompt": instead})  # a jinx changes what is done (the Marionette's)
        body = step if step is None or idle is None else step.model_copy(update={"prompt": idle})
        shown = replace(line, steps=(body,) if body else ())
        text = shown.prompt(self.cat, self.lang)
        alternatives: list[object] = []
        if effect is not None and effect.truth is not None and truth is not None:
            text += " " + self._t(flow.truth, truth=self._say(truth, effect.shows_player))
            note, alternatives = self._registering(c, effect.truth, truth, effect.shows_player)
            if effect.options is not None:  # a player who may only register so (the Recluse, as evil)
                mis = {p.seat for p in registering.misregistering(self._ctx(c))}
                alternatives += [o for o in effect.options(self._ctx(c)) if o in mis and o != truth
                                 and o not in alternatives]  # fmt: skip
            text += note
            text += self._false_info(c)
        text += self._hint(c, effect, Answer())
        if step is not None and not self._choosable(c, step):  # the state leaves no legal answer: said
            text += " " + self._t(flow.no_one_to_choose)
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
                allowed += plain_answers(truth)  # "yes", "2", "imp": what was shown, said plainly
        elif effect is not None and effect.info_check:
            allowed.append("showed")  # the token shown is the answer (the Pixie's)
        elif effect is not None and effect.judged is not None:  # the storyteller's judgement, said as shown
            allowed += ["showed", effect.judged]
        text += self._part_text(c, step)
        prompt = replace(self._base(c, expects, text, None, truth, [*allowed, "dies"]), part=self._part(c, step))
        if effect is not None and effect.shows_player:
            prompt = replace(prompt, shows_player=True)
        woken = self._woken(step)
        if woken is not None:  # another player acts for this ability (the Demon, for the Barber)
            said = self._t(flow.wakes_demon, seat=woken.seat, name=woken.name)
            prompt = replace(prompt, seat=woken.seat, text=f"{prompt.text} {said}")
        return self._with(prompt, alternatives)

    def _woken(self, step: Step | None) -> Player | None:
        """The player the storyteller wakes for ``step`` when it is not the ability's holder: the first
        living Demon for a step that ``wakes`` the Demon (the storyteller picks if there are more)."""
        if step is None or step.wakes != "demon":
            return None
        return next((p for p in self._state.players if p.alive and is_demon(self.cat, p)), None)

    def _registering(
        self, c: Cursor, answer: Callable[[Ctx], object], truth: object, seats: bool = False
    ) -> tuple[str, list[object]]:
        """The note on who may misregister and what that would make true, and those answers."""
        who, alternatives = registering.alternatives(self._ctx(c), answer)
        if not alternatives:
            return "", []
        flow = step_texts().flow
        names = ", ".join(
            self._t(flow.registerer, seat=p.seat, character=self.cat[p.character or ""].name(self.lang)) for p in who
        )
        said = ", ".join(self._say(a, seats) for a in alternatives)
        note = self._t(flow.may_register, who=names, alternatives=said, truth=self._say(truth, seats))
        return " " + note, self._concrete(alternatives)

    def _concrete(self, alternatives: list[object]) -> list[object]:
        """The alternatives with each character type ("a Minion of your choice") also given as the script's
        characters of that type, the tokens the storyteller may show."""
        found: list[object] = []
        for a in alternatives:
            found.append(a)
            if isinstance(a, str) and a in step_texts().flow.any_of_team:
                found += [c for c in self.script.ids if self.cat.team(c) == a and c not in found]
        return found

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
        note, alternatives = self._registering(c, lambda ctx: told(ctx, answer), truth, effect.shows_player)
        text = self._t(step_texts().flow.truth_after, truth=self._say(truth, effect.shows_player))
        text += note + self._hint(c, effect, answer)
        text += self._false_info(c)
        templates = step_texts().templates
        for status in sorted(self._line(c)[0].status):  # the warning stays on the screen that gives the truth
            text += " " + self._t(templates.impaired, status=templates.status[status](self.lang))
        prompt = self._base(c, ["confirm"], text, None, truth, ("showed", *plain_answers(truth), "dies"))
        return self._with(prompt, alternatives)

    def _tell(self, c: Cursor, cmd: Command, p: Prompt) -> Reply:
        shown, warned = self._given(c, self._plainly_shown(cmd, p.truth), p)
        self._push(f"{c.id} told", self._advance(self._gave(c, shown, p), c))
        return Reply(say=warned)

    def _night_step(self, c: Cursor, cmd: Command, p: Prompt) -> Reply:
        step = self._line(c)[1]
        effect = self._effect(step)
        ctx = self._ctx(c)
        if step is None or effect is None:
            self._push(c.id, self._advance([], c))
            return Reply()
        exorcist = self._state.memory.get(keys.exorcised(self._state.night))
        if exorcist is not None and self.cat.team(c.id) == "demon" and cmd.seats:  # it does not wake nor choose
            raise IllegalChoice("exorcised_no_choice", seat=int(exorcist) if exorcist.isdigit() else 0)
        unanswered = cmd.intent == "no" or (cmd.intent == "next" and effect.proposal is None)
        if effect.must_answer and unanswered and not (c.seats or c.character):
            raise IllegalChoice("must_answer", character=self.cat[self._line(c)[0].character or c.id].name(self.lang))
        if p.truth is not None and step.expects == ["confirm"]:  # a plain yes or no is what was shown
            cmd = self._plainly_shown(cmd, p.truth)
        if cmd.intent == "no" and "yesno" not in step.expects and not (effect.repeats and (c.seats or c.character)):
            declined = effect.declined(ctx).events if effect.declined is not None else []  # the Po charges
            self._push(f"{c.id} no choice", self._advance(asked_by(declined, c.id, c.seat), c))
            return Reply()
        if cmd.intent == "showed" and effect.info_check:  # the token shown is the answer (the Pixie's)
            cmd = self._shown_as_answer(cmd)
        if effect.judged is not None and cmd.intent in ("showed", effect.judged):  # the High Priestess's player
            judged = cmd.seats[0] if cmd.intent == "seat" else cmd.value
            return self._finish(c, effect, effect.apply(ctx, Answer()), [self._remember_shown(c, judged)], Answer())
        if p.truth is not None and cmd.intent in ("next", "showed"):
            given = Answer()
            shown, warned = self._given(c, cmd, p)
            if cmd.intent == "showed" and isinstance(cmd.value, int) and effect.options:
                given = Answer(seats=(cmd.value,))
            if cmd.intent == "showed" and effect.holds is not None:  # the players shown get the tokens
                items = shown if isinstance(shown, list | tuple) else [shown]
                tokens = [x for x in items if isinstance(x, str)]
                given = Answer(seats=tuple(x for x in items if isinstance(x, int) and not isinstance(x, bool)),
                               character=tokens[0] if len(tokens) == 1 else None)  # fmt: skip
            if effect.info_check and isinstance(shown, str):  # the proposed token, shown
                given = Answer(character=shown)
            outcome = effect.apply(ctx, given)
            reply = self._finish(c, effect, outcome, self._gave(c, shown, p), given)
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
        proposed = effect.proposal(ctx) if effect.proposal is not None and cmd.intent == "next" else None
        answer = Answer(seats=(proposed,)) if proposed is not None and not c.seats else self._answer(c, cmd, step)
        if answer is None:
            return Reply()
        try:
            self._check(ctx, step, effect, answer, c)
        except IllegalChoice as exc:
            if c.seats or c.character:  # the part said before stays chosen: say so, not silently
                exc.kept = ", ".join([*(self._t(step_texts().flow.who, seat=s, name=self._state.player(s).name)
                                        for s in c.seats),
                                      *([self.cat[c.character].name(self.lang)] if c.character else [])])  # fmt: skip
            raise
        # The first player tonight to choose a Goon is drunk before their ability acts.
        seats = answer.seats
        if step.chooses_players_of and answer.character:  # the Courtier choosing the Goon chooses its player
            seats = tuple(p.seat for p in self._state.players if p.character == answer.character)
        chosen = chosen_events(self._state, self.cat, c.seat, seats, step)
        first = next((i for i, s in enumerate(answer.seats)
                      if chosen_events(self._state, self.cat, c.seat, (s,), step)), 0)  # fmt: skip
        if chosen and effect.kills and first > 0:  # the Shabaloth's kill on the Gambler, then the Goon: the kills
            # before the Goon's seat land; the chooser is drunk from the Goon on (the wiki's example)
            outcome = effect.apply(ctx, replace(answer, seats=answer.seats[:first]))
            outcome.events = [*outcome.events, *chosen]
            return self._finish(c, effect, outcome, [], answer)
        if chosen:
            ctx = self._mkctx(simulate(self._state, chosen), c.seat, c.id)
        outcome = effect.apply(ctx, answer)
        outcome.events = [*chosen, *outcome.events]
        return self._finish(c, effect, outcome, [], answer)

    def _in_turn(self, c: Cursor, cmd: Command) -> Reply:
        """Several seats said at once where the step takes one at a time: each in turn, as if said one
        after the other; if one is refused, none is taken.

        Raises:
            IllegalChoice: a seat the step refuses, or more seats than it takes.
        """
        with self._all_or_none():
            for seat in cmd.seats:
                now = self._state.cursor
                if now is None or (now.id, now.seat, now.stage) != (c.id, c.seat, "ask") or self._state.question:
                    raise IllegalChoice("seat_count", need=cmd.seats.index(seat))
                self._night_step(now, replace(cmd, intent="seat", seats=(seat,)), self._step_prompt(now))
        return Reply()

    def _sober_healthy(self, events: list[Event]) -> tuple[list[Event], list[Text]]:
        """``events`` without a drunk or poisoned token for a player who is always sober and healthy (the
        Beggar), and what is said for each left out."""
        kept: list[Event] = []
        said: list[Text] = []
        for e in events:
            if isinstance(e, AddReminder) and never_impaired(self.cat, self._state.player(e.seat)) \
                    and (token := self.cat.get(e.source)) is not None and (r := token.reminder(e.name)) is not None \
                    and r.status is not None:  # fmt: skip
                name = self.words.reminder_name(e.source, e.name)
                said.append(filled(step_texts().rules.sober_healthy, seat=e.seat, reminder=name))
                continue
            kept.append(e)
        return kept, said

    def _finish(self, c: Cursor, effect: Effect, outcome: Outcome, extra: list[Event], answer: Answer) -> Reply:
        events, capped = within_evil_cap(self._state, self.cat, [*outcome.events, *extra])
        events, spared = self._sober_healthy(events)
        capped += spared
        if outcome.at_dawn:  # said with the deaths at dawn, not to a table with its eyes closed
            events.append(dawn_news(self._state, outcome.at_dawn))
        events = asked_by(events, c.id, c.seat)  # its questions are this step's
        said = [*outcome.say, *capped]
        reply = Reply(say=[self._t(t) for t in said], public=[self._t(t) for t in outcome.public])
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
        """After a character swap, tell the storyteller what both players now are (not for a seat a question
        still decides: the star-pass's new Imp is the storyteller's answer)."""
        if c.seat is None:
            return []
        q = self._state.question
        options = q.options.values() if q is not None else []
        open_seats = {e.get("seat") for opt in options for e in opt if e.get("kind") == "assign"}
        flow = step_texts().flow
        news = []
        last = self.journal.entries[-1].events if self.journal.entries else []
        for e in last:
            night = self._state.phase == "night" and self._state.night > 0
            if e.kind == "assign" and night and e.seat not in open_seats:
                p = self._state.player(e.seat)
                news.append(self._t(flow.swapped, seat=p.seat, character=self.cat[e.character].name(self.lang),
                                    alignment=flow.alignment[p.alignment](self.lang)))  # fmt: skip
        return news
