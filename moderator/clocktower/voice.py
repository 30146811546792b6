"""Blood on the Clocktower for the voice loop: prompts in the storyteller's headset, public lines on
the table speaker. The engine stays audio-free; this module knows only the session protocol."""

from __future__ import annotations

import io
from collections.abc import Sequence

from moderator.clocktower.frontend import TextLoop, reminder_names, seating, vocabulary
from moderator.clocktower.prompts import Prompt, Reply
from moderator.clocktower.rules.nightorder import night_sheet
from moderator.clocktower.rules.status import statuses
from moderator.clocktower.rules.texts import step_texts
from moderator.clocktower.table import ANYWHERE, Table
from moderator.commands.parse import Command, Parser, normalise
from moderator.commands.phrases import HAND, Intent
from moderator.i18n import Lang
from moderator.session import Line, Spoken
from moderator.textloop import SessionOnText

ANY_STEP: tuple[Intent, ...] = ("dies", "skip", "help", "edit", "timer", "nomination_timer", "stop_timer")
"""Listened for at every step besides its own answers: a death, skip, help, "edit", and the page's timers."""

EDITING: tuple[Intent, ...] = (
    "revives", "dies", "dies_anyway", "set_character", "set_alignment", "swap", "status", "put_reminder",
    "take_reminder", "ability_spent", "ability_back", "ghost_vote_spent", "ghost_vote_back", "leaves", "exiled",
    "go_to", "back_to", "grimoire", "sheet", "help",
)  # fmt: skip
"""Listened for after "edit": one change by the storyteller's hand (each read back before it is done), or
going anywhere in the night. Notes, Travellers and Fabled, whose words no grammar holds, are typed."""


class ClocktowerSession(SessionOnText[Reply]):
    """A Blood on the Clocktower table: prompts in the storyteller's headset, public lines on the
    table speaker."""

    def __init__(self, table: Table, lang: Lang, text: TextLoop | None = None) -> None:
        self.table = table
        self.lang = lang
        # The text front end this session shares typed parsing, refusals and --state-out with (its
        # printing is not used).
        self.text = text if text is not None else TextLoop(table, lang, io.StringIO())
        self.editing = False
        """After "edit": the next answer is a change to the grimoire."""
        self._seating: tuple[tuple[int, str], ...] | None = None
        self._words()

    def _words(self) -> None:
        """Listen only for this game's words: its players, and the script's characters (and theirs and
        the players' tokens) in this language; made anew when the seating changes."""
        if self._seating == seating(self.table):
            return
        table, lang = self.table, self.lang
        vocab = vocabulary(table)
        cat, script = table.cat, table.script.ids
        here = [*script, *(c for c in sorted(table.g.in_play()) if c not in script)]
        vocab.characters = {normalise(cat[c].name(lang)): c for c in here if c in cat}
        vocab.reminders = reminder_names(cat, here, lang)
        self.parser = Parser(lang, vocab).warm()
        self._seating = seating(table)

    def prompt(self, brief: bool = False) -> Spoken:
        with self.text.lock:  # the web page may act on the same game from another thread
            p = self.table.prompt()
            self.ask()
            self._words()
        if self.editing:
            return Spoken((Line(step_texts().edits.voice_edit(self.lang), "private"),), EDITING, HAND)
        lines = [Line(p.public, "public")] if p.public else []
        own = tuple(i for i in p.allowed if i not in ANYWHERE)
        cue = self._cue(p)
        return Spoken((*lines, Line(p.text, "private")), (*own, *ANY_STEP), HAND, (*lines, *cue))

    def _cue(self, p: Prompt) -> tuple[Line, ...]:
        """The headset's cue for a night step: a short sound and whose turn it is (the character, the seat and
        the player, or the pseudo-step's name: known before the night, so rendered before it), then whether
        that player is drunk or poisoned and the truth to give. Empty where the whole prompt is the cue
        (the day, the end, a question)."""
        texts, table = step_texts(), self.table
        t = table.words.t
        who: str | None = None
        rest: list[str] = []
        if p.step in texts.pseudo:
            who = t(texts.pseudo[p.step].cue)
        elif p.phase == "night" and p.seat is not None and p.step in table.cat:
            player = table.g.player(p.seat)
            who = self._who(p.step, p.seat, player.name)
            rest += [t(texts.templates.cue_status, status=texts.templates.status[s](self.lang))
                     for s in sorted(statuses(table.g, table.cat, player))]  # fmt: skip
        if who is None:
            return ()
        if p.truth is not None and p.truth not in ([], (), ""):  # nothing to give (nobody died tonight)
            rest.append(t(texts.flow.truth, truth=table.words.say(table.g, p.truth, p.shows_player)))
        return (Line(who, "private", earcon=True), *([Line(" ".join(rest), "private")] if rest else []))

    def _who(self, step: str, seat: int, name: str) -> str:
        """"뱀 조련사, 4번 민수.": the character whose ability wakes, at a seat, with its player's name."""
        character = self.table.cat[step].name(self.lang)
        return step_texts().templates.cue_step(self.lang, character=character, seat=seat, name=name)

    def handle(self, command: Command) -> list[Line]:
        if command.intent == "edit":
            self.editing = True
            return []
        editing, self.editing = self.editing, False
        if editing and command.intent == "back":  # back out of the edit: nothing is undone
            return []
        return super().handle(command)

    def sentences(self, allowed: Sequence[Intent]) -> list[str]:
        return self.parser.sentences(allowed, numbers=self.table.g.seats() or None)

    def core_sentences(self) -> list[str]:
        return self.parser.sentences(("next", "back", "repeat", "yes", "no", "seat"), numbers=self.table.g.seats())

    def _said(self, reply: Reply | None, error: str | None) -> list[Line]:
        self.text.save_state()
        return _reply_lines(reply) + ([Line(error, "private")] if error else [])

    def not_understood(self, allowed: Sequence[Intent]) -> Line:
        examples = ", ".join(self.parser.examples(allowed))
        return Line(step_texts().flow.not_understood(self.lang, examples=examples), "private")

    def read_back(self, phrase: str) -> Line:
        return Line(step_texts().flow.read_back(self.lang, heard=phrase), "private")

    def known_texts(self) -> list[str]:
        """Every sheet line of the first two nights, the pseudo-steps, and their public lines."""
        texts = step_texts()
        lang, table = self.lang, self.table
        out = [p.prompt(lang) for p in texts.pseudo.values()]
        out += [p.public(lang) for p in texts.pseudo.values() if p.public]
        out += [p.cue(lang) for p in texts.pseudo.values()]
        for night in (1, 2):
            for s in night_sheet(table.script, table.cat, night, table.g):
                out.append(s.prompt(table.cat, lang))
                if s.seat is not None and s.player and s.id in table.cat:  # the cue of whose turn it is
                    out.append(self._who(s.id, s.seat, table.g.player(s.seat).name))
        return out


def _reply_lines(reply: Reply | None) -> list[Line]:
    if reply is None:
        return []
    return [Line(t, "public") for t in reply.public] + [Line(t, "private") for t in [*reply.say, *reply.shown]]

