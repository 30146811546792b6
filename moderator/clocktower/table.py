"""The game engine: it proposes each step, takes the storyteller's commands and keeps the journal.

It knows nothing of audio or terminals. Every change is one journal entry, saved through
``persist`` before the command returns, so a crash loses nothing and "back" pops one entry.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence

from moderator.clocktower.grimoire.events import (
    AddReminder,
    Ask,
    Event,
    Remember,
    RemoveReminder,
    SetCursor,
    SetDay,
    SetPhase,
    SetWinner,
    SpendGhostVote,
    parse_events,
)
from moderator.clocktower.grimoire.journal import Journal
from moderator.clocktower.grimoire.state import Cursor, DayState, Grimoire, Player
from moderator.clocktower.prompts import Prompt, Reply
from moderator.clocktower.rules.abilities import abilities, anyone_has, kill
from moderator.clocktower.rules.catalogue import PSEUDO_STEPS, Catalogue
from moderator.clocktower.rules.conditions import CONDITIONS, acted_key, today_key
from moderator.clocktower.rules.context import Answer, Ctx, Outcome
from moderator.clocktower.rules.effects import EFFECTS, Effect
from moderator.clocktower.rules.effects.actions import demon_blocked
from moderator.clocktower.rules.jinxes import described
from moderator.clocktower.rules.nightorder import SheetStep, night_sheet
from moderator.clocktower.rules.schema import Expect, Step
from moderator.clocktower.rules.scripts import Script
from moderator.clocktower.rules.status import impaired, statuses
from moderator.clocktower.rules.texts import step_texts
from moderator.clocktower.rules.victory import demon_players, expiring, winner
from moderator.commands.parse import INTENTS_FOR, Command
from moderator.commands.phrases import Intent
from moderator.engine import JournaledEngine
from moderator.errors import IllegalChoice
from moderator.i18n import Lang, Text

Persist = Callable[[Journal], None]

_INTENTS = INTENTS_FOR
_DAY: tuple[Intent, ...] = ("nominate", "slays", "dies", "end_day", "ability", "guess")


class Table(JournaledEngine[Grimoire, Journal]):
    """One Clocktower game in play."""

    def __init__(
        self, journal: Journal, script: Script, cat: Catalogue, lang: Lang, persist: Persist | None = None
    ) -> None:
        super().__init__(journal, persist, floor=max(1, len(journal.entries)) if journal.entries else 0)
        self.script = script
        self.cat = cat
        self.lang = lang
        if self._state.cursor is None and self._state.winner is None:
            self._push("dusk", self._enter_night(1))

    # -- state ---------------------------------------------------------------------------------

    @property
    def g(self) -> Grimoire:
        return self._state

    def _push(self, label: str, events: Sequence[Event]) -> None:
        events = list(events)
        after = _simulate(self._state, events)
        won = winner(after, self.cat) if after.winner is None and after.phase != "setup" else None
        if won is not None:
            events += [SetWinner(winner=won), SetCursor(cursor=Cursor(id="over"))]
        self._record(label, events)

    def _t(self, text: Text, **slots: object) -> str:
        return text(self.lang, **slots)

    def _say(self, truth: object) -> str:
        """A true answer as the storyteller hears it: names for ids, yes/no for booleans."""
        if isinstance(truth, bool):
            return {"ko": "예" if truth else "아니요", "en": "yes" if truth else "no"}[self.lang]
        if isinstance(truth, list):
            return ", ".join(self._say(x) for x in truth) or "-"
        if isinstance(truth, dict):
            return "; ".join(self._part(str(k), v) for k, v in truth.items())
        if isinstance(truth, str) and truth in self.cat:
            return self.cat[truth].name(self.lang)
        return str(truth)

    def _part(self, key: str, value: object) -> str:
        """One named part of a true answer: "하수인: 3번 c" / "Minions: seat 3 (c)"."""
        label = step_texts().truth_labels.get(key)
        if label is None:
            return f"{key} {self._say(value)}"
        if label.seats:
            seats = value if isinstance(value, list) else [value]
            who = [self._t(step_texts().flow.who, seat=s, name=self._state.player(s).name) for s in seats
                   if isinstance(s, int)]  # fmt: skip
            said = ", ".join(who) or "-"
        else:
            said = self._say(value)
        return f"{label.ko if self.lang == 'ko' else label.en}: {said}"

    # -- prompts -------------------------------------------------------------------------------

    def prompt(self) -> Prompt:
        """The step the game is at."""
        c = self._state.cursor or Cursor(id="over")
        if c.id == "over" or self._state.winner is not None:
            return self._over_prompt()
        if self._state.question is not None:
            q = self._state.question
            text = q.ko if self.lang == "ko" else q.en
            return self._base(c, ["yesno"], text, None, None, ("yes", "no"))
        if c.id == "day":
            return self._day_prompt(c)
        if c.id in PSEUDO_STEPS:
            return self._pseudo_prompt(c)
        return self._step_prompt(c)

    def _base(self, c: Cursor, expects: list[Expect], text: str, public: str | None, truth: object,
              allowed: Sequence[Intent]) -> Prompt:  # fmt: skip
        return Prompt(
            step=c.id, seat=c.seat, expects=expects, text=text, public=public, truth=truth,
            allowed=tuple(allowed), phase=self._state.phase, night=self._state.night, day=self._state.day,
        )  # fmt: skip

    def _pseudo_prompt(self, c: Cursor) -> Prompt:
        texts = step_texts()
        pseudo = texts.pseudo[c.id]
        text = pseudo.prompt(self.lang)
        public = pseudo.public(self.lang) if pseudo.public else None
        truth: object = None
        if c.id in ("minioninfo", "demoninfo"):
            truth = self._evil_info(c.id)
        if c.id == "dawn":
            dead = [self._state.player(s) for s in self._state.died_tonight]
            who = ", ".join(self._t(texts.flow.who, seat=p.seat, name=p.name) for p in dead)
            flow = texts.flow
            news = self._t(flow.deaths_public, who=who) if dead else self._t(flow.no_deaths_public)
            public = f"{public} {news}" if public else news
            truth = [p.seat for p in dead]
        if truth is not None and c.id != "dawn":
            text += " " + self._t(texts.flow.truth, truth=self._say(truth))
        return self._base(c, ["confirm"], text, public, truth, ("dies",))

    def _evil_info(self, which: str) -> dict[str, object]:
        g = self._state
        minions = [p.seat for p in g.players if self.cat.team(p.character) == "minion"]
        demons = [p.seat for p in demon_players(g, self.cat)]
        magicians = [p.seat for p in g.players if p.character == "magician"]
        lunatics = [p.seat for p in g.players if p.character == "lunatic"]
        if which == "minioninfo":
            return {"minions": minions, "demon": sorted(demons + magicians)}
        info: dict[str, object] = {"minions": sorted(minions + magicians), "bluffs": list(g.bluffs)}
        if lunatics:
            info["lunatic"] = lunatics
        return info

    def _line(self, c: Cursor) -> tuple[SheetStep, Step | None]:
        """The sheet line the cursor is on, even if its player has just died."""
        char = self.cat[c.id]
        steps: tuple[Step, ...] = ()
        if char.data is not None:
            night = char.data.night
            # A first-night ability gained later is used with its first-night steps.
            steps = tuple(night.first if self._state.night == 1 or not night.other else night.other)
        p = self._state.player(c.seat) if c.seat is not None else None
        line = SheetStep(
            id=c.id, position=c.position, seat=c.seat, player=p.name if p else None,
            character=p.character if p else None,
            status=frozenset(statuses(self._state, self.cat, p)) if p else frozenset(), steps=steps,
        )  # fmt: skip
        return line, (steps[c.sub] if c.sub < len(steps) else None)

    def _ctx(self, c: Cursor) -> Ctx:
        return self._mkctx(self._state, c.seat, c.id)

    def _mkctx(self, g: Grimoire, seat: int | None, ability: str) -> Ctx:
        return Ctx(g, self.cat, seat, ability, tuple(self.script.ids))

    def _effect(self, step: Step | None) -> Effect | None:
        return EFFECTS[step.effect] if step is not None and step.effect else None

    def _step_prompt(self, c: Cursor) -> Prompt:
        line, step = self._line(c)
        shown = SheetStep(line.id, line.position, line.seat, line.player, line.character, line.status,
                          (step,) if step else ())  # fmt: skip
        text = shown.prompt(self.cat, self.lang)
        effect = self._effect(step)
        ctx = self._ctx(c)
        flow = step_texts().flow
        truth: object = None
        if c.stage == "tell" and effect is not None and effect.told is not None:
            truth = effect.told(ctx, Answer(seats=tuple(c.seats), character=c.character))
            return self._base(c, ["confirm"], self._t(flow.truth_after, truth=self._say(truth)), None, truth,
                              ("showed", "dies"))  # fmt: skip
        if effect is not None and effect.truth is not None:
            truth = effect.truth(ctx)
            text += " " + self._t(flow.truth, truth=self._say(truth))
        text += "".join(" " + j for j in [*self._demon_notes(c.id), *self._jinxes(c.id)])
        expects: list[Expect] = list(step.expects) if step else ["confirm"]
        allowed: list[Intent] = [i for e in expects for i in _INTENTS[e]]
        if truth is not None:
            allowed += ["showed", "seat"] if effect is not None and effect.options else ["showed"]
        if c.seats or c.character:
            got = ", ".join(
                [*(f"{s}" for s in c.seats), *([self.cat[c.character].name(self.lang)] if c.character else [])]
            )
            text += " " + self._t(flow.partial, got=got, need=self._missing(c, step))
        return self._base(c, expects, text, None, truth, [*allowed, "dies"])

    def _demon_notes(self, cid: str) -> list[str]:
        """What any Demon's step must know: a Lycanthrope kill tonight, the Lunatic's choices."""
        if self.cat.team(cid) != "demon":
            return []
        flow = step_texts().flow
        notes = [self._t(flow.demon_blocked)] if demon_blocked(self._state) else []
        for lunatic in self._state.players:
            chosen = [
                p.seat
                for p in self._state.players
                if any(r.source == "lunatic" and r.name == "Chosen" and r.by_seat == lunatic.seat for r in p.reminders)
            ]
            if chosen:
                notes.append(self._t(flow.lunatic_chose, lunatic=lunatic.seat, chosen=self._say(chosen)))
        return notes

    def _missing(self, c: Cursor, step: Step | None) -> str:
        expects = step.expects if step else []
        if "character" in expects and c.character is None and c.seats:
            return {"ko": "캐릭터", "en": "character"}[self.lang]
        return {"ko": "자리", "en": "seat"}[self.lang]

    def _jinxes(self, cid: str) -> list[str]:
        """Jinx notes at this character's step: ours where we describe it, else a generic reminder."""
        notes = []
        for other in sorted(self._state.in_play() - {cid}):
            if not self.cat.jinxed(cid, other):
                continue
            jinx = described(cid, other)
            if jinx is None:
                notes.append(self._t(step_texts().flow.jinx, a=self.cat[cid].name(self.lang),
                                     b=self.cat[other].name(self.lang)))  # fmt: skip
            elif cid in jinx.at:
                notes.append(self._t(jinx.text))
        return notes

    def _day_prompt(self, c: Cursor) -> Prompt:
        flow = step_texts().flow
        t = self._state.today
        if c.stage == "votes" and t.pending is not None:
            template = flow.nominated_secret if self._secret_votes() else flow.nominated
            text = self._t(template, nominee=t.pending, threshold=self._threshold())
            return self._base(c, ["number"], text, None, None, ("votes", "number"))
        if c.stage == "ghosts":
            return self._base(c, ["seat"], self._t(flow.ghosts), None, None, ("seat",))
        text = self._t(flow.day, day=self._state.day)
        return self._base(c, ["two_seats", "seat", "confirm"], text, None, None, _DAY)

    def _over_prompt(self) -> Prompt:
        flow = step_texts().flow
        lines = [self._t(flow.over), *self.grimoire_lines()]
        public = flow.winner_public[self._state.winner](self.lang) if self._state.winner else None
        return self._base(Cursor(id="over"), ["confirm"], " ".join(lines), public, self._state.winner, ())

    def _reminder_name(self, source: str, name: str) -> str:
        char = self.cat.get(source)
        spec = char.reminder(name) if char else None
        return spec.ko if spec and self.lang == "ko" else name

    def grimoire_lines(self) -> list[str]:
        """The grimoire as the storyteller hears it: each seat's true character, belief and abilities."""
        flow = step_texts().flow
        lines = []
        for p in self._state.players:
            char = self.cat[p.character].name(self.lang) if p.character and p.character in self.cat else "-"
            line = self._t(flow.reveal_line, seat=p.seat, name=p.name, character=char,
                           alignment=flow.alignment[p.alignment](self.lang))  # fmt: skip
            if p.believes and p.believes in self.cat:
                line += self._t(flow.reveal_believed, believed=self.cat[p.believes].name(self.lang))
            for a in p.abilities:
                if a in self.cat:
                    line += self._t(flow.reveal_ability, ability=self.cat[a].name(self.lang))
            reminders = ", ".join(self._reminder_name(r.source, r.name) for r in p.reminders)
            lines.append(f"{line} [{reminders}]" if reminders else line)
        if self._state.unseated:
            lines.append(self._t(flow.unseated, characters=self._say(list(self._state.unseated))))
        if self._state.bluffs:
            lines.append(self._t(flow.bluffs, characters=self._say(list(self._state.bluffs))))
        return lines

    # -- commands ------------------------------------------------------------------------------

    def handle(self, cmd: Command) -> Reply:
        """Carry out ``cmd`` at the current step.

        Raises:
            IllegalChoice: the rules refuse it now; nothing changed.
        """
        if cmd.intent == "back":
            return self.undo()
        if cmd.intent in ("repeat", "pause"):
            return Reply()
        if cmd.intent == "dies" and self._state.winner is None:
            return self._dies(cmd)
        if self._state.question is not None:
            return self._answer_question(cmd)
        p = self.prompt()
        if cmd.intent != "next" and cmd.intent not in p.allowed:
            raise IllegalChoice("not_an_answer", text=cmd.text)
        c = self._state.cursor or Cursor(id="over")
        if c.id == "over":
            return Reply()
        if c.id == "day":
            return self._day(c, cmd)
        if c.id in PSEUDO_STEPS:
            return self._pseudo(c)
        return self._night_step(c, cmd, p)

    def _answer_question(self, cmd: Command) -> Reply:
        q = self._state.question
        assert q is not None
        if cmd.intent not in ("yes", "no"):
            raise IllegalChoice("answer_question")
        events = parse_events(q.if_yes) if cmd.intent == "yes" else []
        self._push("question", [*events, Ask(question=None)])
        return Reply()

    def undo(self) -> Reply:
        """Pop the last entry (never the setup)."""
        flow = step_texts().flow
        if not self._pop():
            return Reply(say=[self._t(flow.nothing_to_undo)])
        return Reply(say=[self._t(flow.undone)])

    # -- night ---------------------------------------------------------------------------------

    def _enter_night(self, n: int) -> list[Event]:
        events: list[Event] = [SetPhase(phase="night", night=n, day=self._state.day), SetDay(today=DayState())]
        after = _simulate(self._state, events)
        events += expiring(after, self.cat, "dusk")
        after = _simulate(self._state, events)
        return [*events, SetCursor(cursor=self._next(after, None))]

    def _next(self, g: Grimoire, after: Cursor | None) -> Cursor:
        start = (after.position, after.seat or 0, after.sub) if after else (-math.inf, 0, 0)
        for line in night_sheet(self.script, self.cat, g.night, g):
            steps: Sequence[Step | None] = line.steps or (None,)
            same_line = after is not None and (after.id, after.seat) == (line.id, line.seat)
            if acted_key(g.night, line.id, line.seat) in g.memory and not same_line:
                continue  # it woke already tonight (a Snake Charmer swapped in after its turn)
            for i, step in enumerate(steps):
                if (line.position, line.seat or 0, i) <= start:
                    continue
                wake = CONDITIONS[step.wake_if] if step is not None and line.seat is not None else None
                if wake is not None and not wake(self._mkctx(g, line.seat, line.id)):
                    continue
                return Cursor(id=line.id, position=line.position, seat=line.seat, sub=i)
        return Cursor(id="day")

    def _advance(self, events: list[Event], c: Cursor) -> list[Event]:
        if c.id not in PSEUDO_STEPS and c.seat is not None:
            events = [*events, Remember(key=acted_key(self._state.night, c.id, c.seat), value="yes")]
        after = _simulate(self._state, events)
        nxt = self._next(after, c)
        if nxt.id == "dawn":
            events += self._dawn_events(after)
        return [*events, SetCursor(cursor=nxt)]

    def _dawn_events(self, g: Grimoire) -> list[Event]:
        """Before dawn is announced: the Acrobat's choice checked, dawn-long tokens removed."""
        events: list[Event] = []
        for p in g.players:
            for r in p.reminders:
                if r.source == "acrobat" and r.name == "Chosen" and r.by_seat is not None:
                    acrobat = g.player(r.by_seat)
                    if acrobat.alive and not impaired(g, self.cat, acrobat) and impaired(g, self.cat, p):
                        events += kill(g, self.cat, acrobat.seat)
        after = _simulate(g, events)
        return events + expiring(after, self.cat, "dawn")

    def _pseudo(self, c: Cursor) -> Reply:
        if c.id == "dawn":
            events: list[Event] = [SetPhase(phase="day", night=self._state.night, day=self._state.night),
                                   SetCursor(cursor=Cursor(id="day"))]  # fmt: skip
            self._push("dawn", events)
            return Reply()
        self._push(c.id, self._advance([], c))
        return Reply()

    def _night_step(self, c: Cursor, cmd: Command, p: Prompt) -> Reply:
        step = self._line(c)[1]
        effect = self._effect(step)
        ctx = self._ctx(c)
        if c.stage == "tell":
            shown = cmd.value if cmd.intent == "showed" else p.truth
            self._push(f"{c.id} told", self._advance([self._remember_shown(c, shown)], c))
            return Reply()
        if step is None or effect is None:
            self._push(c.id, self._advance([], c))
            return Reply()
        if cmd.intent == "no" and "yesno" not in step.expects:
            self._push(f"{c.id} no choice", self._advance([], c))
            return Reply()
        if p.truth is not None and cmd.intent in ("next", "showed"):
            given = Answer()
            shown = cmd.value if cmd.intent == "showed" else p.truth
            if cmd.intent == "showed" and isinstance(cmd.value, int) and effect.options:
                given = Answer(seats=(cmd.value,))
            outcome = effect.apply(ctx, given)
            return self._finish(c, effect, outcome, [self._remember_shown(c, shown)], given)
        if cmd.intent == "seat" and effect.options is not None and not step.expects.count("seat"):
            # Another true answer than the one proposed: it must be true (else say "showed N").
            seat = cmd.seats[0]
            sober = c.seat is not None and not impaired(self._state, self.cat, self._state.player(c.seat))
            if sober and seat not in effect.options(ctx):
                raise IllegalChoice("not_true", seat=seat)
            given = Answer(seats=(seat,))
            outcome = effect.apply(ctx, given)
            return self._finish(c, effect, outcome, [self._remember_shown(c, seat)], given)
        answer = self._answer(c, cmd, step)
        if answer is None:
            return Reply()
        self._check(ctx, step, effect, answer)
        outcome = effect.apply(ctx, answer)
        return self._finish(c, effect, outcome, [], answer)

    def _answer(self, c: Cursor, cmd: Command, step: Step) -> Answer | None:
        """Gather the answer; store a partial one (first of two seats, seat before character)."""
        seats = [*c.seats, *cmd.seats]
        character = cmd.character or c.character
        need_seats = 2 if "two_seats" in step.expects else (1 if "seat" in step.expects else 0)
        need_char = "character" in step.expects
        if cmd.intent == "next" and (need_seats or need_char):
            raise IllegalChoice("answer_needed")
        if len(seats) > need_seats and need_seats:
            raise IllegalChoice("seat_count", need=need_seats)
        for s in seats:
            if s not in self._state.seats():
                raise IllegalChoice("no_such_seat", seat=s)
        if (need_seats and len(seats) < need_seats) or (need_char and character is None):
            partial = c.model_copy(update={"seats": seats, "character": character})
            self._push(f"{c.id} partial", [SetCursor(cursor=partial)])
            return None
        yes = True if cmd.intent == "yes" else (False if cmd.intent == "no" else None)
        return Answer(seats=tuple(seats), character=character, yes=yes, number=cmd.number,
                      direction=cmd.value if isinstance(cmd.value, str) else None)  # fmt: skip

    def _check(self, ctx: Ctx, step: Step, effect: Effect, answer: Answer) -> None:
        if step.choose is not None:
            for s in answer.seats:
                player = self._state.player(s)
                if step.choose.alive is True and not player.alive:
                    raise IllegalChoice("dead_choice", seat=s)
                if step.choose.alive is False and player.alive:
                    raise IllegalChoice("alive_choice", seat=s)
                if step.choose.not_self and s == ctx.seat:
                    raise IllegalChoice("not_self")
        if effect.check is not None:
            effect.check(ctx, answer)

    def _finish(self, c: Cursor, effect: Effect, outcome: Outcome, extra: list[Event], answer: Answer) -> Reply:
        events = [*outcome.events, *extra]
        reply = Reply(say=[self._t(t) for t in outcome.say], public=[self._t(t) for t in outcome.public])
        if effect.told is not None and not extra:
            tell = c.model_copy(update={"stage": "tell", "seats": list(answer.seats), "character": answer.character})
            self._push(c.id, [*events, SetCursor(cursor=tell)])
        elif outcome.again:
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

    def _remember_shown(self, c: Cursor, shown: object) -> Event:
        key = f"shown:n{self._state.night}:{c.id}:{c.seat}:{c.sub}"
        return Remember(key=key, value=json.dumps(shown, ensure_ascii=False))

    # -- day -----------------------------------------------------------------------------------

    def _threshold(self) -> int:
        return math.ceil(len(self._state.living()) / 2)

    def _secret_votes(self) -> bool:
        return self._secret_holder() is not None

    def _secret_holder(self) -> Player | None:
        """The living, sober player whose ability makes votes secret (the Organ Grinder), if any."""
        holders = anyone_has(self._state, self.cat, "secret_votes")
        return next((p for p in holders if p.alive and not impaired(self._state, self.cat, p)), None)

    def _about_to_die(self, block: int | None) -> list[Event]:
        """Under secret votes the storyteller marks the player about to die, silently."""
        holder = self._secret_holder()
        if holder is None or holder.character is None:
            return []
        source = holder.character
        events: list[Event] = [
            RemoveReminder(seat=p.seat, source=source, name="About To Die")
            for p in self._state.players
            if p.has_reminder("About To Die", source)
        ]
        if block is not None and "About To Die" in self.cat[source].reminders:
            events.append(AddReminder(seat=block, source=source, name="About To Die", by_seat=holder.seat))
        return events

    def _day(self, c: Cursor, cmd: Command) -> Reply:
        if c.stage == "votes":
            return self._votes(c, cmd)
        if c.stage == "ghosts":
            return self._ghost(c, cmd)
        if cmd.intent == "nominate":
            return self._nominate(c, cmd)
        if cmd.intent == "slays":
            return self._slay(cmd)
        if cmd.intent == "dies":
            return self._dies(cmd)
        if cmd.intent == "end_day":
            return self._end_day()
        if cmd.intent in ("ability", "guess"):
            return self._day_ability(cmd)
        raise IllegalChoice("day_only")

    def _nominate(self, c: Cursor, cmd: Command) -> Reply:
        nominator, nominee = cmd.seats
        t = self._state.today
        for s in (nominator, nominee):
            if s not in self._state.seats():
                raise IllegalChoice("no_such_seat", seat=s)
        if not self._state.player(nominator).alive:
            raise IllegalChoice("dead_nominator", seat=nominator)
        if nominator in t.nominators:
            raise IllegalChoice("nominated_already", seat=nominator)
        if nominee in t.nominees:
            raise IllegalChoice("nominee_already", seat=nominee)
        today = t.model_copy(update={"nominators": [*t.nominators, nominator], "nominees": [*t.nominees, nominee],
                                     "pending": nominee})  # fmt: skip
        self._push("nominate", [SetDay(today=today), SetCursor(cursor=Cursor(id="day", stage="votes"))])
        return Reply()

    def _votes(self, c: Cursor, cmd: Command) -> Reply:
        votes = cmd.number
        t = self._state.today
        if votes is None or t.pending is None:
            raise IllegalChoice("votes_needed")
        if votes > len(self._state.players):
            raise IllegalChoice("too_many_votes", votes=votes)
        flow = step_texts().flow
        nominee = t.pending
        block, block_votes = t.block, t.block_votes
        if votes >= self._threshold() and votes > block_votes:
            block, block_votes = nominee, votes
            news = self._t(flow.on_block, seat=nominee, votes=votes)
        elif votes >= self._threshold() and votes == block_votes:
            block = None
            news = self._t(flow.tie)
        else:
            news = self._t(flow.not_enough)
        today = t.model_copy(update={"pending": None, "votes": {**t.votes, nominee: votes}, "block": block,
                                     "block_votes": block_votes})  # fmt: skip
        ghosts = any(not p.alive and p.ghost_vote for p in self._state.players) and votes > 0
        nxt = Cursor(id="day", stage="ghosts" if ghosts else "ask")
        self._push("votes", [SetDay(today=today), *self._about_to_die(block), SetCursor(cursor=nxt)])
        if self._secret_votes():
            return Reply(say=[news], public=[self._t(flow.vote_public_secret)])
        return Reply(say=[news], public=[self._t(flow.vote_public, nominee=nominee, votes=votes), news])

    def _ghost(self, c: Cursor, cmd: Command) -> Reply:
        if cmd.intent == "next":
            self._push("ghost votes done", [SetCursor(cursor=Cursor(id="day"))])
            return Reply()
        t = self._state.today
        for s in cmd.seats:
            p = self._state.player(s) if s in self._state.seats() else None
            if p is None or p.alive or not p.ghost_vote or s in t.ghosts:
                raise IllegalChoice("no_ghost_vote", seat=s)
        if self._secret_votes():
            # Secret votes: the vote token is taken at the end of the day, not now.
            self._push("ghost vote", [SetDay(today=t.model_copy(update={"ghosts": [*t.ghosts, *cmd.seats]}))])
        else:
            self._push("ghost vote", [SpendGhostVote(seat=s) for s in cmd.seats])
        return Reply()

    def _slay(self, cmd: Command) -> Reply:
        shooter = cmd.seats[0]
        if not self._state.player(shooter).alive:
            raise IllegalChoice("dead_actor", seat=shooter)
        outcome = EFFECTS["slayer_shot"].apply(self._mkctx(self._state, shooter, "slayer"), Answer(seats=cmd.seats))
        self._push("slay", outcome.events)
        return Reply(public=[self._t(t) for t in outcome.public])

    def _day_ability(self, cmd: Command) -> Reply:
        """A player uses a day ability: the first of their day steps that can act now.

        ``guess`` hands the guessed seats to the ability (the Alsaahir); anyone may claim to have one.
        """
        flow = step_texts().flow
        seat, *rest = cmd.seats
        player = self._state.player(seat)
        if not player.alive:
            raise IllegalChoice("dead_actor", seat=seat)
        for ability in abilities(self.cat, player):
            char = self.cat.get(ability)
            for step in char.data.day if char is not None and char.data is not None else []:
                effect = self._effect(step)
                ctx = self._mkctx(self._state, seat, ability)
                if effect is None or not CONDITIONS[step.wake_if](ctx):
                    continue
                if (cmd.intent == "guess") != (effect.name == "alsaahir_guess"):
                    continue
                outcome = effect.apply(ctx, Answer(seats=tuple(rest) if cmd.intent == "guess" else cmd.seats))
                used = Remember(key=today_key(ability, seat, self._state.day), value="yes")
                self._push(f"{ability} day", [*outcome.events, used])
                said = self._t(flow.ability_used, seat=seat, character=char.name(self.lang) if char else ability,
                               prompt=step.prompt(self.lang))  # fmt: skip
                return Reply(say=[said, *(self._t(t) for t in outcome.say)],
                             public=[self._t(t) for t in outcome.public])  # fmt: skip
        return Reply(say=[self._t(flow.no_day_ability, seat=seat)])

    def _dies(self, cmd: Command) -> Reply:
        seat = cmd.seats[0]
        if not self._state.player(seat).alive:
            raise IllegalChoice("already_dead", seat=seat)
        # Said during a Demon's night step, it is the Demon's kill (the Grandmother dies with the grandchild).
        c = self._state.cursor
        by_demon = self._state.phase == "night" and c is not None and self.cat.team(c.id) == "demon"
        events = kill(self._state, self.cat, seat, by_demon=by_demon)
        if not events:  # protected (the Innkeeper's Safe): nothing happens, nothing is announced
            return Reply(say=[self._t(step_texts().flow.protected, seat=seat)])
        self._push("dies", events)
        p = self._state.player(seat)
        if self._state.phase == "night":  # announced at dawn, not now
            return Reply()
        return Reply(public=[self._t(step_texts().flow.died_public, seat=seat, name=p.name)])

    def _end_day(self) -> Reply:
        flow = step_texts().flow
        t = self._state.today
        events: list[Event] = [SpendGhostVote(seat=s) for s in t.ghosts]
        public: list[str] = []
        if t.block is not None:
            p = self._state.player(t.block)
            deaths = kill(self._state, self.cat, t.block, executed=True)
            events += deaths
            template = flow.executed_public if deaths else flow.executed_survived_public
            public.append(self._t(template, seat=p.seat, name=p.name))
        else:
            public.append(self._t(flow.no_execution_public))
        after = _simulate(self._state, events)
        if winner(after, self.cat) is None:
            night = self._state.night + 1
            self._state = after  # only to compute the night from; the journal entry below is the truth
            try:
                events += self._enter_night(night)
            finally:
                self._state = self.journal.state()
        self._push("end day", events)
        return Reply(public=public)


def _simulate(g: Grimoire, events: Sequence[Event]) -> Grimoire:
    after = g.model_copy(deep=True)
    for e in events:
        e.apply(after)
    return after
