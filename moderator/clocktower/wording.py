"""What the Clocktower engine says, as text: true answers read out, the notes at a step, the
grimoire revealed. Nothing here changes the game; the stages (night.py, day.py) build their prompts
with it, and every word comes from data/steps.yaml or the catalogue."""

from __future__ import annotations

from moderator.clocktower.grimoire.state import Cursor, Grimoire, Player, Reminder
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.jinxes import described
from moderator.clocktower.rules.notes import step_notes
from moderator.clocktower.rules.schema import Step
from moderator.clocktower.rules.status import STORYTELLER, spec, statuses
from moderator.clocktower.rules.texts import step_texts
from moderator.i18n import Lang, Text
from moderator.korean import resolve_particles


class Wording:
    """The engine's texts in one language, over one catalogue."""

    def __init__(self, cat: Catalogue, lang: Lang) -> None:
        self.cat = cat
        self.lang = lang

    def t(self, text: Text, **slots: object) -> str:
        return text(self.lang, **slots)

    def say(self, g: Grimoire, truth: object, seats: bool = False) -> str:
        """A true answer as the storyteller hears it: names for ids, yes/no for booleans, words for
        alignments and directions; with ``seats``, a number is a player ("seat 2, Mina")."""
        flow = step_texts().flow
        if isinstance(truth, bool):
            return self.t(flow.answer_yes if truth else flow.answer_no)
        if seats and isinstance(truth, int) and truth in g.seats():
            return self.t(flow.who, seat=truth, name=g.player(truth).name)
        if isinstance(truth, list):
            return ", ".join(self.say(g, x, seats) for x in truth) or "-"
        if isinstance(truth, str) and truth in flow.answer_words:
            return self.t(flow.answer_words[truth])
        if isinstance(truth, dict):
            parts = [self._part(g, str(k), v) for k, v in truth.items()]
            # Korean says each part as a sentence of its own ("하수인은 3번 민수입니다. 악마는 1번 지영입니다"): one
            # sentence chained with 이며 ran a list of bluffs into the Lunatic's seat; `;` is no Korean punctuation
            return ". ".join(parts) if self.lang == "ko" else "; ".join(parts)
        if isinstance(truth, str) and truth in self.cat:
            return self.cat[truth].name(self.lang)
        team = step_texts().flow.any_of_team.get(truth) if isinstance(truth, str) else None
        return self.t(team) if team is not None else str(truth)

    def _part(self, g: Grimoire, key: str, value: object) -> str:
        """One named part of a true answer: "하수인은 3번 c입니다" / "Minions: seat 3, c"."""
        label = step_texts().truth_labels.get(key)
        if label is None:
            return f"{key} {self.say(g, value)}"
        if label.seats:
            seats = value if isinstance(value, list) else [value]
            who = [self.t(step_texts().flow.who, seat=s, name=g.player(s).name) for s in seats
                   if isinstance(s, int)]  # fmt: skip
            said = ", ".join(who) or "-"
        else:
            said = self.say(g, value)
        if self.lang == "ko":
            return resolve_particles(f"{label.ko}(은)는 {said}입니다" if said != "-" else f"{label.ko}(은)는 없습니다")
        return f"{label.en}: {said if said != '-' else 'none'}"

    def notes(self, g: Grimoire, cid: str, actor: str | None = None) -> list[str]:
        """The notes at a character's step: the rules' (what a Demon must know), then the jinxes;
        ``actor``: the true character of the player waking there (a Cannibal at the Butler's step)."""
        said = [
            self.t(n.text, **{k: self.say(g, v) if isinstance(v, list) else v for k, v in n.slots.items()})
            for n in step_notes(g, self.cat, cid)
        ]
        return [*said, *self.jinxes(g, cid, actor)]

    def jinxes(self, g: Grimoire, cid: str, actor: str | None = None) -> list[str]:
        """Jinx notes at this character's step: ours where we describe it (a ``when_held`` one only when
        ``actor`` is the other of the pair, holding ``cid``'s ability), else a generic reminder."""
        notes = []
        shown = {v for k, v in g.memory.items() if k.startswith(f"jinxed:{cid}:")}
        for other in sorted((g.in_play() | shown) - {cid}):
            if not self.cat.jinxed(cid, other):
                continue
            jinx = described(cid, other)
            if jinx is None:
                notes.append(self.t(step_texts().flow.jinx, a=self.cat[cid].name(self.lang),
                                    b=self.cat[other].name(self.lang)))  # fmt: skip
            elif jinx.rule == "prompt_instead":
                continue  # said as the step's prompt while it holds
            elif cid in jinx.at and (not jinx.when_held or (actor == other and actor != cid)):
                notes.append(self.t(jinx.text))
        return notes

    def missing(self, c: Cursor, step: Step | None) -> str:
        """What a partial answer still needs: a character after its seat, else a seat."""
        flow = step_texts().flow
        expects = step.expects if step else []
        if "character" in expects and c.character is None and c.seats:
            return self.t(flow.need_character)
        return self.t(flow.need_seat)

    def reminder_name(self, source: str, name: str) -> str:
        """A reminder token's name in this language (the storyteller's own tokens too)."""
        s = spec(self.cat, Reminder(source=source, name=name))
        return s.ko if s and self.lang == "ko" else name

    def grimoire_lines(self, g: Grimoire, *, placers: bool = False) -> list[str]:
        """The grimoire as the storyteller hears it: each seat's true character, belief and abilities, the
        dead marked with their ghost vote, and the tokens (``placers``: with who placed each one, the
        players' statuses and the storyteller's notes too)."""
        flow = step_texts().flow
        edits = step_texts().edits
        lines = []
        for p in g.players:
            char = self.cat[p.character].name(self.lang) if p.character and p.character in self.cat else "-"
            line = self.t(flow.reveal_line, seat=p.seat, name=p.name, character=char,
                          alignment=flow.alignment[p.alignment](self.lang))  # fmt: skip
            if not p.alive:
                vote = edits.ghost_vote_left if p.ghost_vote else edits.no_ghost_vote
                line += f", {self.t(edits.dead)}, {self.t(vote)}"
            if placers:
                for status in sorted(statuses(g, self.cat, p)):
                    line += f", {self.t(step_texts().templates.status[status])}"
            if p.believes and p.believes in self.cat:
                line += self.t(flow.reveal_believed, believed=self.cat[p.believes].name(self.lang))
            for a in p.abilities:
                if a in self.cat:
                    line += self.t(flow.reveal_ability, ability=self.cat[a].name(self.lang))
            shown = [self._token(g, r) if placers else self.reminder_name(r.source, r.name) for r in p.reminders]
            line = f"{line} [{', '.join(shown)}]" if shown else line
            if placers and p.notes:
                line += " " + self.t(edits.notes, notes="; ".join(p.notes))
            lines.append(line)
        if g.unseated:
            lines.append(self.t(flow.unseated, characters=self.say(g, list(g.unseated))))
        if g.bluffs:
            lines.append(self.t(flow.bluffs, characters=self.say(g, list(g.bluffs))))
        if g.fabled:
            lines.append(self.t(edits.fabled, characters=self.say(g, list(g.fabled))))
        return lines

    def _token(self, g: Grimoire, r: Reminder) -> str:
        """A token with its character and who placed it: "Safe (the Monk, seat 5)"."""
        edits = step_texts().edits
        name = self.reminder_name(r.source, r.name)
        if r.source == STORYTELLER:
            by = self.t(edits.by_storyteller)
        elif r.by_seat is not None and r.by_seat in g.seats():
            by = self.t(edits.by_seat, seat=r.by_seat, character=self._name(r.source))
        else:
            by = self._name(r.source)
        return self.t(edits.placed_by, reminder=name, by=by)

    def _name(self, cid: str) -> str:
        return self.cat[cid].name(self.lang) if cid in self.cat else cid

    def grimoire_view(self, g: Grimoire) -> list[str]:
        """The grimoire printed on request (``grimoire``): where the game is, then every seat, the dead
        marked, statuses, tokens with who placed them, notes, and the characters with no seat."""
        edits = step_texts().edits
        phase = {"night": edits.phase_night, "day": edits.phase_day, "over": edits.phase_over,
                 "setup": edits.phase_setup}[g.phase]  # fmt: skip
        title = self.t(edits.grimoire_title, phase=self.t(phase, n=g.night if g.phase == "night" else g.day))
        return [title, *self.grimoire_lines(g, placers=True)]

    def player_dead(self, p: Player) -> str:
        """" (dead)" after a dead player's name where the terminal names them, else nothing."""
        return f" ({self.t(step_texts().edits.dead)})" if not p.alive else ""
