"""The Growl text front end: utterances in (stdin or a file), prompts out (prose or JSON lines).

Timed lines (the sniff, the passing countdown, the growl) wait ``seconds × pace`` in prose mode;
JSON lines carry the seconds and leave the waiting to whoever reads them. Background sound during
the sniff and the night is a front end's choice: ``phase`` and ``step`` say when.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from moderator.commands.command import ALWAYS
from moderator.commands.parse import Command, normalise
from moderator.errors import IllegalChoice, Tentative
from moderator.growl.engine import Growl
from moderator.growl.prompts import Prompt, Reply
from moderator.growl.state import state_json
from moderator.growl.steps.night import SEAT_IS_DEATH
from moderator.growl.words import parsers
from moderator.i18n import Lang
from moderator.textloop import TextLoopBase

Sleep = Callable[[float], None]


class GrowlLoop(TextLoopBase[Prompt, Reply]):
    """Drives a :class:`Growl` engine from lines of text."""

    def __init__(
        self, engine: Growl, lang: Lang, out: TextIO, *, jsonl: bool = False, state_out: Path | None = None,
        pace: float = 1.0, sleep: Sleep = time.sleep,
    ) -> None:  # fmt: skip
        super().__init__(lang, out, parsers(engine.state, engine.data, lang), jsonl=jsonl, state_out=state_out)
        self.engine = engine
        self.pace = pace
        self.sleep = sleep

    def current(self) -> Prompt:
        return self.engine.prompt()

    def parse(self, line: str) -> Command | None:
        """As every game parses it; at "another game?" also the words that end the evening ("오늘은 여기까지")
        or ask for one more ("한 판 더"), there only: elsewhere a yes or a no changes the game."""
        if self.engine.state.step == "standings" and not self.parsers[0].doubted(line):  # "another game?" asks
            said, words = normalise(line), self.engine.data.phrases
            if said in {normalise(w) for w in (*words.stop.ko, *words.stop.en)}:
                return Command("no")  # a plain no there (the step ends the evening only on one)
            if said in {normalise(w) for w in (*words.again.ko, *words.again.en)}:
                return Command("yes")
        try:
            return super().parse(line)
        except Tentative as exc:
            heard = exc.command
            if exc.why == "number" and isinstance(heard, Command) and heard.intent == "seat" and heard.seats \
                    and self.engine.state.step in SEAT_IS_DEATH:  # fmt: skip
                raise IllegalChoice("word_not_a_death", text=line.strip(), seat=heard.seats[0]) from None
            raise

    def handle(self, cmd: Command) -> Reply:
        if cmd.intent == "help":  # what this step takes, and what works at any step: nothing changes
            shown = [i for i in (*self.engine.view().allowed, *ALWAYS) if i != "help"]
            examples = ", ".join(f"'{e}'" for e in self.parsers[0].examples(shown))
            return Reply([self.engine.data.texts.flow.help(self.lang, examples=examples)])
        return self.engine.handle(cmd)

    def greeting(self) -> Reply | None:
        """A resumed evening says where it is ("지금은 두 번째 게임, 첫 번째 밤입니다")."""
        return Reply([self.engine.where()]) if len(self.engine.journal.entries) > 1 else None

    def emit(self, prompt: Prompt, reply: Reply | None = None, error: str | None = None) -> None:
        """Print one prompt, after what the last command did or why it was refused."""
        if self.jsonl:
            obj = prompt.to_json()
            obj.update(reply=[], reply_public=reply.public if reply else [], error=error, not_saved=self.not_saved())
            self.out.write(json.dumps(obj, ensure_ascii=False) + "\n")
            self.out.flush()
            return
        for line in reply.public if reply else []:
            self.out.write(f"[table] {line}\n")
        if error:
            self.out.write(f"! {error}\n")
        if unsaved := self.not_saved():
            self.out.write(f"! {unsaved}\n")
        # After a refusal, only the question again, not a whole timed sequence; after a read-back, not even
        # that: the read-back is the question now, and the last thing the table hears.
        beats = () if error and self._pending is not None else prompt.beats[-1:] if error else prompt.beats
        for beat in beats:
            self.out.write(f"[table] {beat.text}\n")
            self.out.flush()
            if beat.seconds > 0 and self.pace > 0:
                self.sleep(beat.seconds * self.pace)
        self.out.flush()

    def state_text(self) -> str:
        return json.dumps(state_json(self.engine.state), ensure_ascii=False, indent=1)

    def not_saved(self) -> str | None:
        return self.engine.unsaved(self.lang)

    def kept(self) -> str:
        return self.engine.kept(self.lang)

    def refused(self, exc: IllegalChoice) -> str:
        texts = self.engine.data.texts
        refusal = texts.refusals.text(exc.reason)
        reason = refusal(self.lang, **exc.slots) if refusal else exc.reason
        return texts.flow.refused(self.lang, reason=reason)

    def asked_again(self, examples: str) -> str:
        return self.engine.data.texts.flow.not_understood(self.lang, examples=examples)

    def echo(self, line: str) -> None:
        if not self.jsonl:
            self.out.write(f"< {line}\n")
