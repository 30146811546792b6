"""The rules' questions to the storyteller, who decides: yes or no, a seat, good or evil (a Traveller's
alignment). The app proposes an answer; "next" takes it. Each answer's events were worked out when the
question was put."""

from __future__ import annotations

from moderator.clocktower.core import Core
from moderator.clocktower.grimoire.events import AddReminder, Ask, Die, parse_events
from moderator.clocktower.grimoire.state import Cursor
from moderator.clocktower.prompts import Prompt, Reply
from moderator.clocktower.rules.conditions import CONDITIONS
from moderator.clocktower.rules.texts import step_texts
from moderator.commands.parse import INTENTS_FOR, Command
from moderator.commands.phrases import Intent
from moderator.errors import IllegalChoice
from moderator.i18n import Text
from moderator.journal import simulate


class QuestionFlow(Core):
    """A question the rules put, and its answer."""

    def _question_prompt(self, c: Cursor) -> Prompt:
        q = self._state.question
        assert q is not None
        text = q.ko if self.lang == "ko" else q.en
        # a change already made (the Scarlet Woman became the Imp): its one answer, next, only acknowledges it
        done = q.proposed is not None and list(q.options) == [q.proposed] and not q.options[q.proposed]
        if q.proposed is not None and not done:
            flow = step_texts().flow
            answers: dict[str, Text] = {"yes": flow.answer_yes, "no": flow.answer_no, "good": flow.alignment["good"],
                                        "evil": flow.alignment["evil"]}  # fmt: skip
            shown = answers.get(q.proposed)
            seat = int(q.proposed) if q.proposed.isdigit() and int(q.proposed) in self._state.seats() else None
            name = self._state.player(seat).name if seat is not None else ""
            proposal = self._t(shown) if shown else self._t(flow.who, seat=q.proposed, name=name)
            text += " " + self._t(flow.proposed, answer=proposal)
        allowed: tuple[Intent, ...] = INTENTS_FOR[q.expects] if q.expects != "seat" else ("seat",)
        if q.expects == "seat":
            allowed += tuple(i for i in ("yes", "no") if i in q.options)  # "no": nobody
            if q.seat is not None:
                allowed += ("ability",)  # "seat 3 uses their ability on seat 5", seat 3 being asked (the Klutz)
        elif any(k.isdigit() for k in q.options):
            allowed += ("seat",)  # a yes that a seat makes precise (the Shabaloth's which)
        at = c if q.step is None else Cursor(id=q.step, seat=q.seat)
        return self._base(at, [q.expects], text, None, q.proposed, allowed)

    def _answer_question(self, cmd: Command) -> Reply:
        q = self._state.question
        assert q is not None
        if cmd.intent == "next" and q.proposed is not None:
            key = q.proposed
        elif q.expects == "yesno" and cmd.intent in ("yes", "no"):
            key = cmd.intent
        elif q.expects == "alignment" and cmd.intent == "alignment" and isinstance(cmd.value, str):
            key = cmd.value
        elif cmd.intent == "seat" and cmd.seats and (q.expects == "seat" or str(cmd.seats[0]) in q.options):
            key = str(cmd.seats[0])
        elif cmd.intent == "ability" and q.expects == "seat" and len(cmd.seats) == 2 and cmd.seats[0] == q.seat:
            key = str(cmd.seats[1])  # the asked player's own pick, said as their ability
        elif cmd.intent in ("yes", "no") and cmd.intent in q.options:
            key = cmd.intent
        else:
            raise IllegalChoice(
                {"yesno": "answer_question", "alignment": "answer_alignment"}.get(q.expects, "answer_question_seat")
            )
        if q.options:
            if key not in q.options:
                raise IllegalChoice("answer_question_seat")
            events = parse_events(q.options[key])
        else:
            events = parse_events(q.if_yes) if key == "yes" else []
        events = [Ask(question=None), *events]  # an answer may ask the next question (the Klutz)
        c = self._state.cursor
        if self._state.phase == "night" and c is not None and c.id in self.cat and c.seat is not None:
            # The night moved on before the answer: a step whose player the answer killed (a bounced or
            # storyteller-chosen death) no longer wakes.
            step = self._line(c)[1]
            after = simulate(self._state, events)
            if step is not None and not c.seats and not CONDITIONS[step.wake_if](self._mkctx(after, c.seat, c.id)):
                events = self._advance(events, c)
        before = self._state
        self._push("question", events)
        # a token the answer placed for the asked character (the Gnome's Amigo, proposed as it joined): said
        put = step_texts().edits.reminder_put
        marks = [self._t(put, seat=e.seat, reminder=self.words.reminder_name(e.source, e.name))
                 for e in events if isinstance(e, AddReminder) and e.source == q.step]  # fmt: skip
        told = [self._t(a, seat=e.seat, name=self._state.player(e.seat).name)  # the Gnome's Amigo: to everyone
                for e in events if isinstance(e, AddReminder) and e.source == q.step
                and (a := self._announced(e.source, e.name)) is not None]  # fmt: skip
        if before.phase != "day":  # a death at night is announced at dawn
            return Reply(say=marks, public=told)
        died = [e.seat for e in events if isinstance(e, Die) and not self._state.player(e.seat).alive]
        flow = step_texts().flow  # by day the table hears a death the answer made (the Slayer's shot)
        block = before.today.block
        if self._state.phase != "day" and block is not None:  # the day's execution, decided by the answer (the
            # Pacifist's, the Scapegoat's): the table hears who was executed and whether they died, not why
            instead = [e.seat for e in events
                       if isinstance(e, Die) and e.executed and e.seat in died and e.seat != block]
            seats = instead or [block]
            # dead now, by the answer or before it (the Boomdandy, who dies as it explodes): executed
            lived = flow.executed_survived_public
            said = [self._t(lived if (p := self._state.player(s)).alive else flow.executed_public, seat=s, name=p.name)
                    for s in seats]  # fmt: skip
            died = [s for s in died if s not in seats]
        else:
            executed = [e.seat for e in events if isinstance(e, Die) and e.executed and e.seat in died]
            said = [self._t(step_texts().rules.nominator_executed, seat=s) for s in executed]  # the Virgin's Spy
        said += [self._t(flow.died_public, seat=s, name=self._state.player(s).name) for s in died]
        return Reply(say=marks, public=[*told, *said])

    def _announced(self, source: str | None, name: str) -> Text | None:
        """What the table is told when ``source``'s token ``name`` is placed by an answer (the Gnome's Amigo)."""
        char = self.cat.get(source or "")
        reminders = char.data.reminders if char is not None and char.data is not None else []
        return next((r.announced for r in reminders if r.en == name), None)
