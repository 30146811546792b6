"""The storyteller's hand on the grimoire: any change, at any moment, each one journaled like the rules'
own (``back`` undoes it, a resume replays it) and the rules carry on from the grimoire as edited.

Each edit is a move of :data:`EDITS`, named by its intent in data/commands (``seat 7 revives``, ``seat 3
is the imp``, ``swap seat 1 and seat 2``, ``seat 4 is poisoned``, ``put monk safe on seat 5`` …).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from moderator.clocktower.grimoire.events import (
    AddNote,
    AddReminder,
    Assign,
    Die,
    Event,
    Remember,
    RemoveReminder,
    Revive,
    SetAbilities,
    SetAlignment,
    SetBluffs,
    SetFabled,
    SetGhostVote,
    SetNotes,
)
from moderator.clocktower.grimoire.state import Alignment, Player, Reminder
from moderator.clocktower.prompts import Reply
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.abilities import abilities, acts_as, entering_marks, made_acts, seat_swapper
from moderator.clocktower.rules.decisions import decision_events, decisions, made_or_asked
from moderator.clocktower.rules.schema import EVIL_TEAMS, GOOD_TEAMS
from moderator.clocktower.rules.status import STORYTELLER, source_need, spec, statuses
from moderator.clocktower.rules.swapping import ability_state_moves
from moderator.clocktower.rules.texts import step_texts
from moderator.clocktower.travellers import TravellerFlow
from moderator.commands.parse import Command
from moderator.commands.phrases import Intent
from moderator.errors import IllegalChoice
from moderator.journal import simulate

STATUS_TOKENS = {"poisoned": "Poisoned", "drunk": "Drunk"}
"""The storyteller's own token for each status said by hand (``sober`` takes them off)."""


class EditFlow(TravellerFlow):
    """Every edit the storyteller may make by hand."""

    def _edit(self, cmd: Command) -> Reply:
        """Carry out an edit (an intent of :data:`EDITS`).

        Raises:
            IllegalChoice: it cannot be made (the game is over, no such seat …); nothing changed.
        """
        if self._state.winner is not None:
            raise IllegalChoice("game_over")
        for s in cmd.seats:
            self._seated(s)
        return EDITS[cmd.intent](self, cmd)

    def _who(self, seat: int) -> Player:
        return self._state.player(seat)

    def _cname(self, cid: str | None) -> str:
        return self.cat[cid].name(self.lang) if cid and cid in self.cat else "-"

    def _now_is(self, seat: int, character: str, alignment: Alignment) -> str:
        flow = step_texts().flow
        return self._t(flow.swapped, seat=seat, character=self._cname(character),
                       alignment=flow.alignment[alignment](self.lang))  # fmt: skip

    # -- life and death ------------------------------------------------------------------------

    def _revives(self, cmd: Command) -> Reply:
        seat = cmd.seats[0]
        p = self._who(seat)
        if p.alive:
            raise IllegalChoice("alive_already", seat=seat)
        events: list[Event] = [Revive(seat=seat, by_hand=True), *self._lapsed_with(seat)]
        self._push("revives", events)
        return Reply(say=[self._t(step_texts().edits.revived, seat=seat, name=p.name)])

    def _lapsed_with(self, seat: int) -> list[Event]:
        """The reminders that went when ``seat`` last died because they last only while its player lives
        (the Lycanthrope's Faux Paw): alive again, they come back where they were."""
        for entry in reversed(self.journal.entries):
            if not any(isinstance(e, Die) and e.seat == seat and not e.seeming for e in entry.events):
                continue
            return [
                AddReminder(seat=e.seat, source=e.source, name=e.name, by_seat=e.by_seat)
                for e in entry.events
                if isinstance(e, RemoveReminder) and e.by_seat == seat and e.seat in self._state.seats()
                and source_need(spec(self.cat, Reminder(source=e.source, name=e.name))) is not None
            ]  # fmt: skip
        return []

    # -- characters and alignments -------------------------------------------------------------

    def _set_character(self, cmd: Command) -> Reply:
        """The seat's character changes; its alignment follows the new character's team unless said (a
        Traveller keeps the seat's). What the old character held (gained abilities) goes with it."""
        seat, cid = cmd.seats[0], cmd.character
        assert cid is not None
        team = self.cat.team(cid)
        if team in ("fabled", "loric"):
            raise IllegalChoice("fabled_no_seat", character=self._cname(cid))
        setup = self.cat.setup(cid)
        if team == "demon" and not setup.in_bag and setup.believes is None:  # Lil' Monsta: a Minion babysits it
            raise IllegalChoice("never_a_player", character=self._cname(cid))
        p = self._who(seat)
        c = self._state.cursor
        step = c.id if c is not None and self._state.phase == "night" else None
        kept = [r for r in p.reminders if r.source == step and (s := spec(self.cat, r)) and s.keeps_character]
        if step is not None and kept:  # the Cacklejack's Not Me: the player it picked is not the one changed
            raise IllegalChoice("keeps_character", seat=seat, character=self._cname(step))
        said = cmd.value if cmd.value in ("good", "evil") else None
        alignment: Alignment = "evil" if team in EVIL_TEAMS else ("good" if team != "traveller" else p.alignment)
        if said in ("good", "evil"):
            alignment = "evil" if said == "evil" else "good"
        events: list[Event] = [Assign(seat=seat, character=cid, alignment=alignment)]
        if p.abilities:
            events.append(SetAbilities(seat=seat, abilities=[]))
        events += self._decided_for(seat, events, p.character)
        events += made_acts(self._state, self.cat, seat, cid)
        self._push(f"seat {seat} is {cid}", self._cursor_follows(events))
        reply = [self._now_is(seat, cid, alignment)]
        if self._state.phase == "night":  # they learn it now: "you are" and the token
            reply.append(self._t(step_texts().rules.became_tell, seat=seat, character=self._cname(cid)))
        return Reply(say=reply)

    def _decided_for(self, seat: int, events: list[Event], old: str | None) -> list[Event]:
        """The hidden decisions of the character just given to ``seat`` (a Fortune Teller's red herring, the
        Drunk's believed Townsfolk, the old character where it fits): the first mark with a choice asked."""
        after = simulate(self._state, events)
        rng = random.Random(f"{after.night}:{after.day}:{seat}")
        found = decisions(after, self.cat, self.script.ids, rng, {}, seats={seat}, strict=False)
        found = [replace(f, chosen=old) if f.decision.kind == "believes" and old in f.options else f for f in found]
        # a believed character is made as proposed (said in the reply; the storyteller may change it)
        return made_or_asked(found, {}, ("mark", "evil")) if after.question is None else decision_events(found)

    def _set_alignment(self, cmd: Command) -> Reply:
        seat = cmd.seats[0]
        alignment: Alignment = "evil" if cmd.value == "evil" else "good"
        self._push(f"seat {seat} is {alignment}", [SetAlignment(seat=seat, alignment=alignment)])
        flow = step_texts().flow
        said = self._t(step_texts().edits.alignment_set, seat=seat, alignment=flow.alignment[alignment](self.lang))
        return Reply(say=[said])

    def _swap(self, cmd: Command) -> Reply:
        """Two seats exchange characters, alignments, beliefs and held abilities, and each ability's own state
        (its spent token, its memory: :mod:`moderator.clocktower.rules.swapping`); the other tokens lying by
        each seat stay where they are. By day, while a player can use a day step that ``swap`` runs (the
        Matron's), the two players change seats instead: that step, the holder's seat first."""
        a, b = cmd.seats[0], cmd.seats[1]
        if a == b:
            raise IllegalChoice("same_seat")
        mover = seat_swapper(self._state, self.cat) if self._state.phase == "day" else None
        if mover is not None:
            return self._day_ability(replace(cmd, seats=(mover.seat, a, b)))
        pa, pb = self._who(a), self._who(b)
        for p in (pa, pb):
            if p.character is None:
                raise IllegalChoice("no_character", seat=p.seat)
        assert pa.character is not None and pb.character is not None
        events: list[Event] = [
            *ability_state_moves(self._state, self.cat, a, b),  # a spent ability stays spent (the Virgin's)
            Assign(seat=a, character=pb.character, alignment=pb.alignment, believes=pb.believes),
            Assign(seat=b, character=pa.character, alignment=pa.alignment, believes=pa.believes),
            SetAbilities(seat=a, abilities=list(pb.abilities)),
            SetAbilities(seat=b, abilities=list(pa.abilities)),
        ]
        self._push(f"swap {a} {b}", self._cursor_follows(events))
        tell = step_texts().rules.became_tell  # each learns their new character: "you are"
        return Reply(say=[self._now_is(a, pb.character, pb.alignment), self._now_is(b, pa.character, pa.alignment),
                          self._t(tell, seat=a, character=self._cname(pb.character)),
                          self._t(tell, seat=b, character=self._cname(pa.character))])  # fmt: skip

    # -- drunk, poisoned, sober ----------------------------------------------------------------

    def _status(self, cmd: Command) -> Reply:
        """Poisoned or drunk by the storyteller's token, until it is taken off; sober: the storyteller's
        tokens go, and if anything else still makes them drunk or poisoned, a Sober token overrules it."""
        seat, said = cmd.seats[0], str(cmd.value)
        p = self._who(seat)
        mine = [r.name for r in p.reminders if r.source == STORYTELLER]
        events: list[Event] = []
        if said in STATUS_TOKENS:
            token = STATUS_TOKENS[said]
            if token in mine and "Sober" not in mine:
                raise IllegalChoice("status_already", seat=seat, status=self._state_name(said))
            events += [RemoveReminder(seat=seat, source=STORYTELLER, name="Sober")] if "Sober" in mine else []
            events += [] if token in mine else [AddReminder(seat=seat, source=STORYTELLER, name=token)]
        else:
            tokens = [n for n in mine if n in STATUS_TOKENS.values()]
            events += [RemoveReminder(seat=seat, source=STORYTELLER, name=n) for n in tokens]
            after = p.model_copy(deep=True)
            after.reminders = [r for r in after.reminders if r.source != STORYTELLER]
            players = [after if q.seat == seat else q for q in self._state.players]
            g = self._state.model_copy(update={"players": players})
            if statuses(g, self.cat, after) and "Sober" not in mine:
                events.append(AddReminder(seat=seat, source=STORYTELLER, name="Sober"))
            if not events:
                raise IllegalChoice("status_already", seat=seat, status=self._state_name(said))
        self._push(f"seat {seat} is {said}", events)
        edits = step_texts().edits
        if said in STATUS_TOKENS:
            reply = [self._t(edits.status_set, seat=seat, status=self._state_name(said))]
        else:
            overrules = any(isinstance(e, AddReminder) and e.name == "Sober" for e in events)
            reply = [self._t(edits.sober_overrules if overrules else edits.sober_set, seat=seat)]
        if said == "sober" and p.character == "drunk":  # the Drunk has no ability to be sober with
            reply.append(self._t(step_texts().edits.drunk_is_drunk, seat=seat, character=self._cname(p.believes)))
        return Reply(say=reply)

    def _state_name(self, said: str) -> str:
        states = step_texts().edits.states
        state = next((t for k, t in states.items() if k == said), None)
        return state(self.lang) if state is not None else said

    # -- reminder tokens and notes -------------------------------------------------------------

    def _token_name(self, source: str, name: str) -> str:
        return f"{self._cname(source)} {self.words.reminder_name(source, name)}"

    def _put_reminder(self, cmd: Command) -> Reply:
        """Any reminder of any character, by its official name; placed by that character's player when
        exactly one holds it."""
        seat = cmd.seats[0]
        assert cmd.reminder is not None
        source, name = cmd.reminder
        char = self.cat.get(source)
        if char is None or name not in char.reminders:
            raise IllegalChoice("reminder_of", character=self._cname(source), reminder=name)
        holders = [p.seat for p in self._state.players if source in abilities(self.cat, p)]
        by = holders[0] if len(holders) == 1 else None
        # the set's one token (the Gnome's Amigo) lying by another player moves here
        was = next((p.seat for p in self._state.players if p.seat != seat and p.has_reminder(name, source)),
                   None) if name in char.single else None  # fmt: skip
        moved: list[Event] = [RemoveReminder(seat=was, source=source, name=name)] if was is not None else []
        self._push(f"put {source} {name}", [*moved, AddReminder(seat=seat, source=source, name=name, by_seat=by)])
        token = self._token_name(source, name)
        if was is not None:
            return Reply(say=[self._t(step_texts().edits.reminder_moved, seat=seat, was=was, reminder=token)])
        return Reply(say=[self._t(step_texts().edits.reminder_put, seat=seat, reminder=token)])

    def _take_reminder(self, cmd: Command) -> Reply:
        seat = cmd.seats[0]
        assert cmd.reminder is not None
        source, name = cmd.reminder
        if not self._who(seat).has_reminder(name, source):
            raise IllegalChoice("no_reminder", seat=seat, reminder=self._token_name(source, name))
        self._push(f"take {source} {name}", [RemoveReminder(seat=seat, source=source, name=name)])
        said = self._t(step_texts().edits.reminder_taken, seat=seat, reminder=self._token_name(source, name))
        return Reply(say=[said])

    def _note(self, cmd: Command) -> Reply:
        seat, note = cmd.seats[0], (cmd.words or "").strip()
        self._who(seat)
        self._push("note", [AddNote(seat=seat, note=note)])
        return Reply(say=[self._t(step_texts().edits.noted, seat=seat, note=note)])

    def _game_note(self, cmd: Command) -> Reply:
        note = (cmd.words or "").strip()
        self._push("game note", [AddNote(note=note)])
        return Reply(say=[self._t(step_texts().edits.game_noted, note=note)])

    def _clear_notes(self, cmd: Command) -> Reply:
        seat = cmd.seats[0]
        self._push("notes cleared", [SetNotes(seat=seat, notes=[])])
        return Reply(say=[self._t(step_texts().edits.notes_cleared, seat=seat)])

    # -- abilities and ghost votes -------------------------------------------------------------

    def _ability_spent(self, cmd: Command) -> Reply:
        """Their own ability is used up (its No Ability token): it does not wake or work again."""
        seat = cmd.seats[0]
        p = self._who(seat)
        own = acts_as(self.cat, p)
        if own is None:
            raise IllegalChoice("no_character", seat=seat)
        events: list[Event] = [Remember(key=keys.used(own, seat), value="yes")]
        if not p.has_reminder("No Ability", own):
            events.append(AddReminder(seat=seat, source=own, name="No Ability", by_seat=seat))
        self._push(f"seat {seat} used their ability", self._cursor_follows(events))
        return Reply(say=[self._t(step_texts().edits.ability_spent, seat=seat, character=self._cname(own))])

    def _ability_back(self, cmd: Command) -> Reply:
        """Every ability they have works again: their No Ability tokens go, and what marked it used."""
        seat = cmd.seats[0]
        p = self._who(seat)
        held = abilities(self.cat, p)
        events: list[Event] = [RemoveReminder(seat=seat, source=r.source, name=r.name)
                               for r in p.reminders if r.name == "No Ability" and r.source in held]  # fmt: skip
        for a in held:
            for key in (keys.used(a, seat), keys.today(a, seat, self._state.day)):
                if key in self._state.memory:
                    events.append(Remember(key=key, value=None))
        self._push(f"seat {seat} has their ability", events)
        return Reply(say=[self._t(step_texts().edits.ability_back, seat=seat)])

    def _ghost_vote(self, cmd: Command) -> Reply:
        seat, has = cmd.seats[0], cmd.intent == "ghost_vote_back"
        if self._who(seat).alive:
            raise IllegalChoice("ghost_vote_alive", seat=seat)
        if self._who(seat).ghost_vote == has:
            raise IllegalChoice("ghost_vote_already", seat=seat)
        self._push("ghost vote", [SetGhostVote(seat=seat, has=has)])
        texts = step_texts().edits
        return Reply(say=[self._t(texts.ghost_vote_back if has else texts.ghost_vote_spent, seat=seat)])

    # -- Fabled --------------------------------------------------------------------------------

    def _fabled(self, cmd: Command) -> Reply:
        cid = cmd.character
        assert cid is not None
        if self.cat.team(cid) not in ("fabled", "loric"):  # the storyteller's characters, with no seat
            raise IllegalChoice("not_fabled", character=self._cname(cid))
        now = list(self._state.fabled)
        texts = step_texts().edits
        loric = self.cat.team(cid) == "loric"
        if cmd.intent == "add_fabled":
            if cid in now:
                raise IllegalChoice("fabled_in_play", character=self._cname(cid))
            if loric and not self._at_start():  # "all Loric must be added at the start of the game"
                raise IllegalChoice("loric_late", character=self._cname(cid))
            self._push(f"fabled {cid}", [SetFabled(fabled=[*now, cid]), *entering_marks(self._state, self.cat, cid)])
            data = self.cat[cid].data
            notes = data.notes if data is not None else None  # how to run it, said as it comes in
            added = texts.loric_added if loric else texts.fabled_added
            said = [self._t(added, character=self._cname(cid)), *([self._t(notes)] if notes else [])]
            return Reply(say=said)
        if cid not in now:
            raise IllegalChoice("fabled_absent", character=self._cname(cid))
        self._push(f"fabled {cid} out", [SetFabled(fabled=[f for f in now if f != cid])])
        removed = texts.loric_removed if loric else texts.fabled_removed
        return Reply(say=[self._t(removed, character=self._cname(cid))])

    # -- the Demon's bluffs --------------------------------------------------------------------

    def _bluffs(self, cmd: Command) -> Reply:
        """The good characters not in play that the Demon is shown (up to three), as the storyteller chose."""
        said = cmd.value if isinstance(cmd.value, tuple) else (cmd.value,)  # the {values} slot: one or several
        if not all(isinstance(c, str) and c in self.cat for c in said):
            raise IllegalChoice("bluff_not_a_character")
        chosen = [str(c) for c in said]
        if len(set(chosen)) != len(chosen) or len(chosen) > 3:
            raise IllegalChoice("bluff_count")
        for cid in chosen:
            if cid not in self.script.ids:
                raise IllegalChoice("bluff_off_script", character=self._cname(cid))
            if self.cat.team(cid) not in GOOD_TEAMS:
                raise IllegalChoice("bluff_not_good", character=self._cname(cid))
            if cid in self._state.in_play():
                raise IllegalChoice("bluff_in_play", character=self._cname(cid))
        self._push("bluffs", [SetBluffs(bluffs=chosen)])
        names = ", ".join(self._cname(c) for c in chosen)
        return Reply(say=[self._t(step_texts().edits.bluffs_set, characters=names)])

    def _at_start(self) -> bool:
        """Whether the game has not started yet: the setup, or the first night's dusk, before anyone woke."""
        g = self._state
        first_dusk = g.phase == "night" and g.night == 1 and (g.cursor is None or g.cursor.id == "dusk")
        return g.phase == "setup" or first_dusk


EDITS: dict[Intent, Callable[[EditFlow, Command], Reply]] = {
    "revives": EditFlow._revives,
    "set_character": EditFlow._set_character,
    "set_alignment": EditFlow._set_alignment,
    "swap": EditFlow._swap,
    "status": EditFlow._status,
    "put_reminder": EditFlow._put_reminder,
    "take_reminder": EditFlow._take_reminder,
    "note": EditFlow._note,
    "game_note": EditFlow._game_note,
    "clear_notes": EditFlow._clear_notes,
    "ability_spent": EditFlow._ability_spent,
    "ability_back": EditFlow._ability_back,
    "ghost_vote_spent": EditFlow._ghost_vote,
    "ghost_vote_back": EditFlow._ghost_vote,
    "add_traveller": EditFlow._add_traveller,
    "leaves": EditFlow._leaves,
    "exiled": EditFlow._exiled,
    "add_fabled": EditFlow._fabled,
    "remove_fabled": EditFlow._fabled,
    "bluffs": EditFlow._bluffs,
}
"""The storyteller's edits, by intent: allowed at every step (``dies`` is the day's own move, and also
allowed at every step)."""
