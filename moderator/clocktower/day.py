"""The day's stages (open for nominations and claims, votes, ghost votes), the end of the game, and
the rules' yes/no question. Each stage has a prompt and an act; flow.py declares which is which.
The open day's moves are declared in :data:`DAY_MOVES`."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

from moderator.clocktower.grimoire.events import (
    Ask,
    Die,
    Event,
    Remember,
    SetCursor,
    SetDay,
    SpendGhostVote,
    parse_events,
)
from moderator.clocktower.grimoire.state import Cursor, Player
from moderator.clocktower.prompts import Prompt, Reply
from moderator.clocktower.questions import QuestionFlow
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.abilities import abilities, anyone_has, kept_alive_by, kill
from moderator.clocktower.rules.conditions import CONDITIONS
from moderator.clocktower.rules.context import Answer
from moderator.clocktower.rules.daytime import day_end_events, nomination_events
from moderator.clocktower.rules.effects.snv_demons import false_info_by
from moderator.clocktower.rules.schema import Step
from moderator.clocktower.rules.status import impaired, shown_dead, spec, statuses
from moderator.clocktower.rules.texts import step_texts
from moderator.clocktower.rules.triggers import asked_by
from moderator.clocktower.rules.victory import winner
from moderator.clocktower.rules.votes import about_to_die, day_notes, secret_holder, vote_notes, vote_weights
from moderator.clocktower.travellers import TravellerFlow
from moderator.commands.parse import INTENTS_FOR, Command
from moderator.commands.phrases import Intent
from moderator.errors import IllegalChoice
from moderator.journal import simulate


class DayFlow(TravellerFlow, QuestionFlow):
    """The prompts and acts of the day's stages, the end, and the rules' questions."""

    # -- prompts -------------------------------------------------------------------------------

    def _day_prompt(self, c: Cursor) -> Prompt:
        text = self._t(step_texts().flow.day, day=self._state.day)
        text += "".join(" " + self._t(n) for n in day_notes(self._state, self.cat))  # the Cerenovus's Mad
        return self._base(c, ["two_seats", "seat", "confirm"], text, None, None, tuple(DAY_MOVES))

    def _votes_prompt(self, c: Cursor) -> Prompt:
        flow = step_texts().flow
        t = self._state.today
        if t.pending is None:
            return self._day_prompt(c)
        if t.exile:
            return self._exile_prompt(c)
        template = flow.nominated_secret if self._secret_votes() else flow.nominated
        text = self._t(template, nominee=t.pending, threshold=self._threshold())
        text += "".join(" " + self._t(n) for n in vote_notes(self._state, self.cat))  # the Butler's Master
        if anyone_has(self._state, self.cat, "voters_asked"):  # the Flowergirl's: who voted, not only how many
            text += " " + self._t(step_texts().rules.say_voters)
        return self._base(c, ["number"], text, None, None, ("votes", "number", "voters"))

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
        lines = [self._t(flow.over), *([public] if public else []), *([why] if why else []), *self.grimoire_lines(),
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

    # -- votes ---------------------------------------------------------------------------------

    def _voudon(self) -> Player | None:
        """A living, sober holder of ``dead_vote_only`` (the Voudon): only they and the dead vote, the dead
        spend no vote token, and no majority is needed."""
        return next((p for p in anyone_has(self._state, self.cat, "dead_vote_only")
                     if p.alive and not impaired(self._state, self.cat, p)), None)  # fmt: skip

    def _threshold(self) -> int:
        """Half the living, rounded up; a player shown dead (the Zombuul's first death) counts as dead. With
        the Voudon, one vote (the most votes still win, a tie still saves)."""
        if self._voudon() is not None:
            return 1
        return math.ceil(sum(1 for p in self._state.living() if not shown_dead(self.cat, p)) / 2)

    def _secret_votes(self) -> bool:
        return secret_holder(self._state, self.cat) is not None

    def _day_move(self, c: Cursor, cmd: Command, p: Prompt) -> Reply:
        move = DAY_MOVES.get(cmd.intent)
        if move is None:
            raise IllegalChoice("day_only")
        return move(self, cmd)

    def _nominate(self, cmd: Command) -> Reply:
        nominator, nominee = cmd.seats
        t = self._state.today
        for s in (nominator, nominee):
            if s not in self._state.seats():
                raise IllegalChoice("no_such_seat", seat=s)
        if self.cat.team(self._state.player(nominee).character) == "traveller":
            return self._call_exile(nominee)  # a Traveller is exiled, not executed: anyone may call for it
        if shown_dead(self.cat, self._state.player(nominator)):  # dead, or shown dead (the Zombuul)
            raise IllegalChoice("dead_nominator", seat=nominator)
        if self._state.executed_today is not None or keys.executed(self._state.day) in self._state.memory:
            # executed at a nomination (the Virgin's), or by the storyteller (madness): the day is over
            raise IllegalChoice("executed_already")
        if nominator in t.nominators:
            raise IllegalChoice("nominated_already", seat=nominator)
        if nominee in t.nominees:
            raise IllegalChoice("nominee_already", seat=nominee)
        today = t.model_copy(update={"nominators": [*t.nominators, nominator], "nominees": [*t.nominees, nominee],
                                     "pending": nominee})  # fmt: skip
        # A nomination may end in an execution at once (the Virgin's): then there is no vote.
        close: list[Event] = [SetDay(today=today.model_copy(update={"pending": None})),
                              SetCursor(cursor=Cursor(id="day"))]  # fmt: skip
        fired = nomination_events(self._state, self.cat, nominator, nominee, close)
        events: list[Event] = [SetDay(today=today), SetCursor(cursor=Cursor(id="day", stage="votes")), *fired]
        events.append(self._remember_seats(keys.nominators(self._state.day), [nominator]))  # the Town Crier's
        self._push("nominate", events)
        p = self._state.player(nominator)
        if self._state.executed_today == nominator:
            return Reply(public=[self._t(step_texts().rules.nominator_executed, seat=p.seat),
                                 self._t(step_texts().flow.died_public, seat=p.seat, name=p.name)])  # fmt: skip
        if not p.alive:  # died for nominating (the Witch's curse): announced at once
            return Reply(say=[self._t(step_texts().rules.cursed_nominator, seat=p.seat)],
                         public=[self._t(step_texts().flow.died_public, seat=p.seat, name=p.name)])  # fmt: skip
        return Reply()

    def _exile_called(self, cmd: Command) -> Reply:
        """``seat 2 calls for the exile of seat 8`` (or the storyteller's ``call for the exile of seat 8``)."""
        return self._call_exile(cmd.seats[-1])

    def _remember_seats(self, key: str, seats: list[int]) -> Remember:
        """Add ``seats`` to the space-separated seats remembered under ``key``."""
        known = {int(x) for x in self._state.memory.get(key, "").split()}
        return Remember(key=key, value=" ".join(str(s) for s in sorted(known | set(seats))))

    def _who_voted(self, votes: int, said: list[int] | None) -> list[Event]:
        """Remember who voted (the Flowergirl's): the seats said, or everyone able to when the count is
        all of them; a count of some of them leaves who voted unsaid."""
        g = self._state
        able = [p.seat for p in g.players if p.alive or p.ghost_vote]
        if said is not None:
            return [self._remember_seats(keys.voters(g.day), said)]
        if votes == len(able) and votes > 0:
            return [self._remember_seats(keys.voters(g.day), able)]
        return [Remember(key=keys.votes_unsaid(g.day), value="yes")] if votes > 0 else []

    def _check_bound_voters(self, said: list[int] | None) -> None:
        """Voters said by seat: a living, sober placer of a ``placer_votes_with`` reminder (the Butler) votes
        only with the player it lies by (the Master).

        Raises:
            IllegalChoice: the placer is among the voters and the marked player is not.
        """
        g = self._state
        for p in g.players:
            for r in p.reminders:
                s = spec(self.cat, r)
                if s is None or not s.placer_votes_with or said is None or r.by_seat not in g.seats():
                    continue
                placer = g.player(r.by_seat)
                if placer.seat in said and p.seat not in said and placer.alive and not impaired(g, self.cat, placer):
                    raise IllegalChoice("votes_without", seat=placer.seat, master=p.seat,
                                        character=self.cat[r.source].name(self.lang))  # fmt: skip

    def _votes(self, c: Cursor, cmd: Command, p: Prompt) -> Reply:
        if self._state.today.exile:
            return self._exile_votes(cmd)
        said = sorted(set(cmd.seats)) if cmd.intent == "voters" else None
        voudon = self._voudon()
        if said is not None and voudon is not None:  # only the Voudon and the dead vote
            departed = {p.seat for p in self._state.players if not p.alive}
            said = [s for s in said if s == voudon.seat or s in departed]
        weights = vote_weights(self._state, self.cat)  # the Thief's and the Bureaucrat's, when voters are named
        votes = max(0, sum(weights.get(s, 1) for s in said)) if said is not None else cmd.number
        t = self._state.today
        for s in said or []:
            voter = self._state.player(s) if s in self._state.seats() else None
            if voter is None:
                raise IllegalChoice("no_such_seat", seat=s)
            if not voter.alive and not voter.ghost_vote and voudon is None:
                raise IllegalChoice("no_ghost_vote", seat=s)
        self._check_bound_voters(said)
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
        ghosts = any(not p.alive and p.ghost_vote for p in self._state.players) and votes > 0 and said is None
        nxt = Cursor(id="day", stage="ghosts" if ghosts else "ask")
        dead = [s for s in said or [] if not self._state.player(s).alive]  # the ghost votes said with the voters
        if dead and self._secret_votes():
            today = today.model_copy(update={"ghosts": [*today.ghosts, *dead]})
        free = self._secret_votes() or voudon is not None  # the dead vote without their token (the Voudon's)
        spent: list[Event] = [] if free else [SpendGhostVote(seat=s) for s in dead]
        self._push("votes", [SetDay(today=today), *spent, *self._who_voted(votes, said),
                             *about_to_die(self._state, self.cat, block), SetCursor(cursor=nxt)])  # fmt: skip
        if self._secret_votes():
            return Reply(say=[news], public=[self._t(flow.vote_public_secret)])
        return Reply(say=[news], public=[self._t(flow.vote_public, nominee=nominee, votes=votes), news])

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

    # -- a day ability's own step (opens_step) --------------------------------------------------

    def _day_step_of(self, c: Cursor) -> Step:
        char = self.cat[c.id]
        assert char.data is not None
        return char.data.day[c.sub]

    def _day_step_prompt(self, c: Cursor) -> Prompt:
        """A day ability's step: its prompt, the truth it gives, and what it takes."""
        flow = step_texts().flow
        step = self._day_step_of(c)
        text = self._t(flow.ability_used, seat=c.seat, character=self.cat[c.id].name(self.lang),
                       prompt=step.prompt(self.lang))  # fmt: skip
        effect = self._effect(step)
        truth = effect.truth(self._mkctx(self._state, c.seat, c.id)) if effect and effect.truth else None
        if truth is not None:
            text += " " + self._t(flow.truth, truth=self._say(truth, effect is not None and effect.shows_player))
        by = false_info_by(self._state, self.cat, self._state.player(c.seat), c.id) if c.seat else None
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

    # -- claims, deaths, the end of the day ----------------------------------------------------

    def _slay(self, cmd: Command) -> Reply:
        """A claimed shot: the day step of the character steps.yaml's ``claims`` names for ``slays``."""
        shooter = cmd.seats[0]
        if not self._state.player(shooter).alive:
            raise IllegalChoice("dead_actor", seat=shooter)
        cid = step_texts().claims["slays"]
        char = self.cat[cid]
        effect = self._effect(char.data.day[0] if char.data is not None and char.data.day else None)
        assert effect is not None, f"{cid} has no day step with an effect (moderator validate says so)"
        outcome = effect.apply(self._mkctx(self._state, shooter, cid), Answer(seats=cmd.seats))
        self._push("slay", asked_by(outcome.events, cid, shooter))
        return Reply(public=[self._t(t) for t in outcome.public])

    def _day_ability(self, cmd: Command) -> Reply:
        """A player uses a day ability: the first of their day steps that can act now and that this
        command uses (a step's ``command``: 'ability', or 'guess' for the Alsaahir's).

        ``guess`` hands the guessed seats to the ability; anyone may claim to have one.
        """
        flow = step_texts().flow
        seat, *rest = cmd.seats
        player = self._state.player(seat)
        if not player.alive:
            raise IllegalChoice("dead_actor", seat=seat)
        for ability in abilities(self.cat, player):
            char = self.cat.get(ability)
            for i, step in enumerate(char.data.day if char is not None and char.data is not None else []):
                effect = self._effect(step)
                ctx = self._mkctx(self._state, seat, ability)
                if effect is None or not CONDITIONS[step.wake_if](ctx):
                    continue
                if step.command != cmd.intent:
                    continue
                if "two_seats" in step.expects and cmd.intent == "ability" and len(cmd.seats) < 2:
                    raise IllegalChoice("seat_count", need=2)  # the Slayer's shot needs its target: "slays"
                if step.opens_step:  # its answers are taken at a step of its own
                    used = Remember(key=keys.today(ability, seat, self._state.day), value="yes")
                    self._push(f"{ability} day", [used, SetCursor(cursor=Cursor(id=ability, seat=seat, sub=i,
                                                                                stage="day"))])  # fmt: skip
                    return Reply()
                answer = Answer(seats=tuple(rest) if cmd.intent == "guess" else cmd.seats)
                if effect.check is not None:  # a choice the rules refuse changes nothing (the Gangster's)
                    effect.check(ctx, answer)
                outcome = effect.apply(ctx, answer)
                used = Remember(key=keys.today(ability, seat, self._state.day), value="yes")
                self._push(f"{ability} day", [*asked_by(outcome.events, ability, seat), used])
                said = self._t(flow.ability_used, seat=seat, character=char.name(self.lang) if char else ability,
                               prompt=step.prompt(self.lang))  # fmt: skip
                if effect.truth is not None:  # what the storyteller judges against (the Amnesiac's hidden ability)
                    said += " " + self._t(flow.truth, truth=self._say(effect.truth(ctx), effect.shows_player))
                    by = false_info_by(self._state, self.cat, player, ability)
                    if by is not None:  # the Vortox: a Townsfolk's information must be false
                        said += " " + self._t(flow.false_info, character=self.cat[by.character or ""].name(self.lang))
                return Reply(say=[said, *(self._t(t) for t in outcome.say)],
                             public=[self._t(t) for t in outcome.public])  # fmt: skip
        return Reply(say=[self._t(flow.no_day_ability, seat=seat)])

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
        flow = step_texts().flow
        t = self._state.today
        events: list[Event] = [SpendGhostVote(seat=s) for s in t.ghosts]
        public: list[str] = []
        if t.block is not None:
            p = self._state.player(t.block)
            deaths = kill(self._state, self.cat, t.block, executed=True)
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
