"""The Growl text front end: utterances in (stdin or a file), prompts out (prose or JSON lines).

Timed lines (the sniff, the passing countdown, the growl) wait ``seconds × pace`` in prose mode;
JSON lines carry the seconds and leave the waiting to whoever reads them. Background sound during
the sniff and the night is a front end's choice: ``phase`` and ``step`` say when.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TextIO

from moderator.commands.parse import Command, parse_any
from moderator.errors import IllegalChoice
from moderator.growl.engine import Growl
from moderator.growl.prompts import Prompt, Reply
from moderator.growl.state import state_json
from moderator.growl.words import parsers
from moderator.i18n import Lang
from moderator.journal import write_atomic

Sleep = Callable[[float], None]


class GrowlLoop:
    """Drives a :class:`Growl` engine from lines of text."""

    def __init__(
        self, engine: Growl, lang: Lang, out: TextIO, *, jsonl: bool = False, state_out: Path | None = None,
        pace: float = 1.0, sleep: Sleep = time.sleep,
    ) -> None:  # fmt: skip
        self.engine = engine
        self.lang = lang
        self.out = out
        self.jsonl = jsonl
        self.state_out = state_out
        self.pace = pace
        self.sleep = sleep
        self.parsers = parsers(engine.state, engine.data, lang)

    def emit(self, prompt: Prompt, reply: Reply | None = None, error: str | None = None) -> None:
        """Print one prompt, after what the last command did or why it was refused."""
        if self.jsonl:
            obj = prompt.to_json()
            obj.update(reply=[], reply_public=reply.public if reply else [], error=error)
            self.out.write(json.dumps(obj, ensure_ascii=False) + "\n")
            self.out.flush()
            return
        for line in reply.public if reply else []:
            self.out.write(f"[table] {line}\n")
        if error:
            self.out.write(f"! {error}\n")
        # After a refusal, only the question again, not a whole timed sequence.
        for beat in prompt.beats[-1:] if error else prompt.beats:
            self.out.write(f"[table] {beat.text}\n")
            self.out.flush()
            if beat.seconds > 0 and self.pace > 0:
                self.sleep(beat.seconds * self.pace)
        self.out.flush()

    def save_state(self) -> None:
        if self.state_out is not None:
            text = json.dumps(state_json(self.engine.state), ensure_ascii=False, indent=1)
            write_atomic(self.state_out, text)

    def parse(self, line: str) -> Command | None:
        """The command ``line`` says in either language, or None."""
        return parse_any(self.parsers, line, self.engine.view().allowed)

    def step(self, line: str) -> tuple[Reply | None, str | None]:
        """Handle one utterance; return the reply, or the reason it changed nothing."""
        cmd = self.parse(line)
        if cmd is None:
            return None, self.not_understood()
        return self.act(cmd)

    def not_understood(self) -> str:
        """Asking again, with examples of what the step takes."""
        examples = ", ".join(f"'{e}'" for e in self.parsers[0].examples(self.engine.view().allowed))
        return self.engine.data.texts.flow.not_understood(self.lang, examples=examples)

    def act(self, cmd: Command) -> tuple[Reply | None, str | None]:
        """Carry out a command; return the reply, or the reason it changed nothing."""
        texts = self.engine.data.texts
        try:
            return self.engine.handle(cmd), None
        except IllegalChoice as exc:
            refusal = texts.refusals.text(exc.reason)
            reason = refusal(self.lang, **exc.slots) if refusal else exc.reason
            return None, texts.flow.refused(self.lang, reason=reason)

    def run(self, lines: Iterable[str]) -> int:
        """Run until the input ends. Returns the exit code."""
        self.save_state()
        self.emit(self.engine.prompt())
        for raw in lines:
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if not self.jsonl:
                self.out.write(f"< {line}\n")
            reply, error = self.step(line)
            self.save_state()
            self.emit(self.engine.prompt(), reply, error)
        return 0
