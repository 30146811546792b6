"""The day's nominations and votes: who may nominate whom, how many votes put a player on the block
(half the living; one with the Voudon), who voted (the Flowergirl's), a bound voter (the Butler's),
secret votes (the Organ Grinder's). The ghost votes and the rest of the day are day.py's."""

from __future__ import annotations

from moderator.clocktower.grimoire.events import (
    Event,
    Remember,
    SetCursor,
    SetDay,
    SpendGhostVote,
)
from moderator.clocktower.grimoire.state import Cursor, Player
from moderator.clocktower.prompts import Prompt, Reply
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.abilities import anyone_has, owning
from moderator.clocktower.rules.daytime import nomination_events, riot_chain, storyteller_only_nominates
from moderator.clocktower.rules.status import impaired, shown_dead, spec
from moderator.clocktower.rules.texts import filled, step_texts
from moderator.clocktower.rules.votes import (
    about_to_die,
    nominations,
    paid_votes,
    secret_holder,
    token_voters,
    vote_notes,
    vote_threshold,
    vote_weights,
    voudon,
)
from moderator.clocktower.travellers import TravellerFlow
from moderator.commands.parse import Command
from moderator.errors import IllegalChoice
from moderator.i18n import Text

STORYTELLER_SEAT = 0
"""The nominee who is the storyteller (the Atheist's game): no player sits at seat 0."""


class NominationFlow(TravellerFlow):
    """The prompt and act of the votes, and the nominations that open them."""

    def _day_prompt(self, c: Cursor) -> Prompt:
        """The open day's prompt (day.py's): the votes go back to it when nobody is nominated."""
        raise NotImplementedError

    def _votes_prompt(self, c: Cursor) -> Prompt:
        flow = step_texts().flow
        t = self._state.today
        if t.pending is None:
            return self._day_prompt(c)
        if t.exile:
            return self._exile_prompt(c)
        template = flow.nominated_secret if self._secret_votes() else flow.nominated
        if t.pending == STORYTELLER_SEAT:
            template = flow.storyteller_nominated
        text = self._t(template, nominee=t.pending, threshold=self._threshold())
        text += "".join(" " + self._t(n) for n in vote_notes(self._state, self.cat))  # the Butler's Master
        if anyone_has(self._state, self.cat, "voters_asked"):  # the Flowergirl's: who voted, not only how many
            text += " " + self._t(step_texts().rules.say_voters)
        for p in token_voters(self._state, self.cat):  # the Beggar's: a hand counts with a vote token only
            held = self._state.memory.get(keys.vote_tokens(p.seat), "0")
            text += " " + self._t(step_texts().rules.votes_with_token, seat=p.seat, tokens=held)
        # a day ability used while the vote waits (the Gnome's kill of its Amigo's nominator): the vote goes on
        return self._base(c, ["number"], text, None, None, ("votes", "number", "voters", "ability", "end_day",
                                                            "nominate", "storyteller_nominates"))  # fmt: skip

    def _ability_at_vote(self, cmd: Command) -> Reply:
        """A day ability used while a vote waits (day.py's: daysteps.py's); the vote waiting stays."""
        raise NotImplementedError

    def _voudon(self) -> Player | None:
        return voudon(self._state, self.cat)

    def _threshold(self) -> int:
        return vote_threshold(self._state, self.cat)

    def _secret_votes(self) -> bool:
        return secret_holder(self._state, self.cat) is not None

    def _storyteller_nominates(self, cmd: Command) -> Reply:
        """``the storyteller nominates seat 3``: while a living, sober Bishop is in play only the storyteller
        nominates, as often as they like (seat 0 is the nominator)."""
        return self._nominate(cmd, STORYTELLER_SEAT)

    def _nominate(self, cmd: Command, by: int | None = None) -> Reply:
        nominator, nominee = (by, cmd.seats[-1]) if by is not None else (cmd.seats[0], cmd.seats[1])
        t = self._state.today
        for s in (nominator, nominee):
            if s != STORYTELLER_SEAT and s not in self._state.seats():
                raise IllegalChoice("no_such_seat", seat=s)
        if self.cat.team(self._state.player(nominee).character) == "traveller":
            return self._call_exile(nominee)  # a Traveller is exiled, not executed: anyone may call for it
        bishop = storyteller_only_nominates(self._state, self.cat)
        if bishop is not None and nominator == bishop.seat:
            nominator = STORYTELLER_SEAT  # the Bishop's seat given as the nominator (how it was once said)
        if nominator == STORYTELLER_SEAT:
            return self._storyteller_nomination(nominee, bishop)
        if bishop is not None and not riot_chain(self._state, self.cat, nominator):
            raise IllegalChoice("bishop_nominates", seat=bishop.seat, nominee=nominee)
        times = nominations(self._state, self.cat, self._state.player(nominator))  # the Banshee's, even dead
        chain = riot_chain(self._state, self.cat, nominator)  # the Riot's nominee nominates at once, dead
        # dead, or shown dead (the Zombuul's)
        if shown_dead(self.cat, self._state.player(nominator)) and times is None and not chain:
            raise IllegalChoice("dead_nominator", seat=nominator)
        if any((r_spec := spec(self.cat, r)) is not None and r_spec.no_nominating
               for r in self._state.player(nominator).reminders):  # fmt: skip
            raise IllegalChoice("may_not_nominate", seat=nominator)
        again: list[Event] = []
        if self._state.executed_today is not None or keys.executed(self._state.day) in self._state.memory:
            # executed at a nomination (the Virgin's), or by the storyteller (madness): the day is over, but for
            # one who may nominate again after it (the Butcher's)
            again = self._nominates_again(nominator)
        if t.nominators.count(nominator) >= (times or 1) + len(again) and not chain:
            raise IllegalChoice("nominated_already", seat=nominator)
        if nominee in t.nominees:
            raise IllegalChoice("nominee_already", seat=nominee)
        was_alive = self._state.player(nominator).alive
        self._open_vote(nominator, nominee, [*again, self._remember_seats(keys.nominators(self._state.day),
                                                                          [nominator])])  # the Town Crier's
        p = self._state.player(nominator)
        if self._state.executed_today == nominator:
            return Reply(public=[self._t(step_texts().rules.nominator_executed, seat=p.seat),
                                 self._t(step_texts().flow.died_public, seat=p.seat, name=p.name)])  # fmt: skip
        if was_alive and not p.alive:  # died for nominating (the Witch's curse): announced at once; not the dead
            # who may nominate (the Banshee's, the Riot's nominees)
            return Reply(say=[self._t(step_texts().rules.cursed_nominator, seat=p.seat)],
                         public=[self._t(step_texts().flow.died_public, seat=p.seat, name=p.name)])  # fmt: skip
        return Reply()

    def _storyteller_nomination(self, nominee: int, bishop: Player | None) -> Reply:
        """The storyteller's own nomination (the Bishop's game): no player nominated, so no nominator's ability
        or curse; the nominee's (the Virgin's) is spent."""
        g, t = self._state, self._state.today
        if bishop is None:
            raise IllegalChoice("storyteller_nominates_bishop_only")
        if g.executed_today is not None or keys.executed(g.day) in g.memory:
            raise IllegalChoice("executed_already")
        if nominee in t.nominees:
            raise IllegalChoice("nominee_already", seat=nominee)
        self._open_vote(STORYTELLER_SEAT, nominee, [])
        return Reply()

    def _open_vote(self, nominator: int, nominee: int, after: list[Event]) -> None:
        """Journal a nomination as one change: the day's lists with the vote on ``nominee`` pending, what the
        nomination sets off (the Virgin's), then ``after``. A nomination may end in an execution at once (the
        Virgin's): the events that close the vote without one are handed to what it sets off."""
        t = self._state.today
        today = t.model_copy(update={"nominators": [*t.nominators, nominator], "nominees": [*t.nominees, nominee],
                                     "pending": nominee})  # fmt: skip
        close: list[Event] = [SetDay(today=today.model_copy(update={"pending": None})),
                              SetCursor(cursor=Cursor(id="day"))]  # fmt: skip
        fired = nomination_events(self._state, self.cat, nominator, nominee, close)
        self._push("nominate", [SetDay(today=today), SetCursor(cursor=Cursor(id="day", stage="votes")), *fired,
                                *after])  # fmt: skip

    def _nominates_again(self, nominator: int) -> list[Event]:
        """After the day's execution, a living sober holder of ``nominates_after_execution`` (the Butcher) may
        nominate once more, having nominated already or not: that use, remembered.

        Raises:
            IllegalChoice: the nominator may not (the day is over for nominations).
        """
        p = self._state.player(nominator)
        ability = owning(self.cat, p, "nominates_after_execution")
        used = keys.today(ability or "", nominator, self._state.day)
        if ability is None or not p.alive or impaired(self._state, self.cat, p) or used in self._state.memory:
            raise IllegalChoice("executed_already")
        return [Remember(key=used, value="yes")]

    def _nominate_storyteller(self, cmd: Command) -> Reply:
        """``seat 2 nominates the storyteller``: where the Atheist is on the script or in play, a living player
        may (a good team must be able to test for it); the storyteller executed, good wins at the day's end if the
        Atheist is in play, evil wins if not."""
        nominator = cmd.seats[0]
        g, t = self._state, self._state.today
        if nominator not in g.seats():
            raise IllegalChoice("no_such_seat", seat=nominator)
        if not any(c in self.cat and self.cat.setup(c).no_evil for c in [*self.script.ids, *g.in_play()]):
            raise IllegalChoice("storyteller_not_nominated")  # the Atheist neither on the script nor in play
        if shown_dead(self.cat, g.player(nominator)):
            raise IllegalChoice("dead_nominator", seat=nominator)
        if g.executed_today is not None or keys.executed(g.day) in g.memory:
            raise IllegalChoice("executed_already")
        if nominator in t.nominators:
            raise IllegalChoice("nominated_already", seat=nominator)
        if STORYTELLER_SEAT in t.nominees:
            raise IllegalChoice("storyteller_nominated_already")
        nominees, pending = [*t.nominees, STORYTELLER_SEAT], STORYTELLER_SEAT
        today = t.model_copy(update={"nominators": [*t.nominators, nominator], "nominees": nominees,
                                     "pending": pending})  # fmt: skip
        self._push("nominate", [SetDay(today=today), SetCursor(cursor=Cursor(id="day", stage="votes")),
                                self._remember_seats(keys.nominators(g.day), [nominator])])  # fmt: skip
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

    def _evil_only(self, nominee: int, said: list[int] | None) -> list[Event]:
        """Only evil players said to vote, with a living sober holder of ``evil_votes_fail`` (Legion): remembered,
        for the execution fails."""
        g = self._state
        if not said or any(g.player(s).alignment != "evil" for s in said):
            return []
        watchers = [*anyone_has(g, self.cat, "evil_votes_fail"), *anyone_has(g, self.cat, "executes_if_good_voted")]
        if not any(p.alive and not impaired(g, self.cat, p) for p in watchers):  # Legion's, the Vizier's
            return []
        return [Remember(key=keys.evil_only_votes(g.day, nominee), value="yes")]

    def _bound_voters(self, said: list[int]) -> tuple[list[int], list[Text]]:
        """Voters said by seat: a living, sober placer of a ``placer_votes_with`` reminder (the Butler) votes
        only with the player it lies by (the Master). With the votes secret (the Organ Grinder's, a jinx) its hand
        is taken and not counted: the voters without it, and what the storyteller is told.

        Raises:
            IllegalChoice: the placer is among the voters and the marked player is not, the votes open; or a player
                who must vote (the Zealot, with enough alive) is not among them.
        """
        g = self._state
        uncounted: list[Text] = []
        for p in g.players:
            for r in p.reminders:
                s = spec(self.cat, r)
                if s is None or not s.placer_votes_with or r.by_seat not in g.seats():
                    continue
                placer = g.player(r.by_seat)
                if placer.seat in said and p.seat not in said and placer.alive and not impaired(g, self.cat, placer):
                    character = self.cat[r.source].name
                    if not self._secret_votes():
                        raise IllegalChoice("votes_without", seat=placer.seat, master=p.seat,
                                            character=character(self.lang))  # fmt: skip
                    said = [x for x in said if x != placer.seat]
                    uncounted.append(filled(step_texts().rules.vote_not_counted_without_master, seat=placer.seat,
                                            master=p.seat, character=character))  # fmt: skip
        living = sum(1 for p in g.players if p.alive)
        for p in g.players:  # the Zealot's: a hand owed at every nomination
            c = self.cat.get(p.character or "")
            most = c.data.must_vote_from if c is not None and c.data is not None else None
            if c is None or most is None or living < most or not p.alive or p.seat in said:
                continue
            if not impaired(g, self.cat, p):
                raise IllegalChoice("must_vote", seat=p.seat, character=c.name(self.lang), alive=most)
        return said, uncounted

    def _votes(self, c: Cursor, cmd: Command, p: Prompt) -> Reply:
        if cmd.intent == "ability":
            return self._ability_at_vote(cmd)
        if cmd.intent in ("end_day", "nominate", "storyteller_nominates"):  # heard, to say what the day waits for
            raise IllegalChoice("vote_pending", seat=self._state.today.pending)
        if self._state.today.exile:
            return self._exile_votes(cmd)
        said = sorted(set(cmd.seats)) if cmd.intent == "voters" else None
        unpaid: list[int] = []
        paid: list[Event] = []
        uncounted: list[Text] = []
        if said is not None:  # the Beggar's hand, without a vote token, is not counted; nor the Butler's, alone
            said, unpaid, paid = paid_votes(self._state, self.cat, said)
            said, uncounted = self._bound_voters(said)
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
        if votes is None or t.pending is None:
            raise IllegalChoice("votes_needed")
        if votes > len(self._state.players):
            raise IllegalChoice("too_many_votes", votes=votes)
        most = sum(max(0, weights.get(p.seat, 1)) for p in self._state.players
                   if (p.alive and voudon is None) or (voudon is not None and p.seat == voudon.seat)
                   or (not p.alive and (p.ghost_vote or voudon is not None)))  # fmt: skip
        if votes > most:  # more than the living and the dead with a ghost vote could give
            raise IllegalChoice("more_votes_than_voters", votes=votes, most=most)
        flow = step_texts().flow
        nominee = t.pending
        block, block_votes = t.block, t.block_votes
        if votes >= self._threshold() and votes > block_votes:
            block, block_votes = nominee, votes
            news = self._t(flow.on_block if nominee != STORYTELLER_SEAT else flow.storyteller_on_block,
                           seat=nominee, votes=votes)  # fmt: skip
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
        spent += [*paid, *self._evil_only(nominee, said)]
        self._push("votes", [SetDay(today=today), *spent, *self._who_voted(votes, said),
                             *about_to_die(self._state, self.cat, block), SetCursor(cursor=nxt)])  # fmt: skip
        news = " ".join([*(self._t(step_texts().rules.vote_not_paid, seat=s) for s in unpaid),
                         *(self._t(x) for x in uncounted), news])
        if self._secret_votes():
            return Reply(say=[news], public=[self._t(flow.vote_public_secret)])
        told = flow.vote_public if nominee != STORYTELLER_SEAT else flow.storyteller_vote_public
        return Reply(say=[news], public=[self._t(told, nominee=nominee, votes=votes), news])
