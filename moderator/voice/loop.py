"""The voice front end: speak each step, listen for the answer, drive the same engine as the keyboard.

- The prompt goes to the storyteller's ``private`` channel; only its ``public`` text goes to the
  table speaker.
- Each step listens with a closed grammar built from the phrase data for what the step allows,
  plus this game's seats, names and characters.
- Speech that is not a command is rejected; a state-changing answer heard with low confidence is
  read back for a yes/no first. "back" undoes.
- Keys work at the same time. If an audio device is lost, the loop says so on the console and
  carries on with the keyboard, from the same step.
"""

from __future__ import annotations

import queue
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal, TextIO

from moderator.commands.parse import Command, Parser
from moderator.commands.phrases import Intent
from moderator.errors import Ambiguous, IllegalChoice, NotUnderstood
from moderator.frontends.text import TextLoop, vocabulary
from moderator.game.prompts import Prompt, Reply
from moderator.game.table import Table
from moderator.i18n import Lang
from moderator.rules.texts import step_texts
from moderator.voice.asr import Recognizer
from moderator.voice.audio import SAMPLE_RATE
from moderator.voice.listen import Utterances
from moderator.voice.models import known_phrases
from moderator.voice.result import Result
from moderator.voice.speaker import Speaker

#: Answers that change nothing by themselves, or are themselves the yes/no: never read back.
NO_READBACK: frozenset[Intent] = frozenset({"next", "back", "repeat", "pause", "yes", "no"})

Event = tuple[Literal["speech", "key", "end"], bytes | str | None]
Verdict = Literal["act", "confirm", "reject"]


def judge(intent: Intent | None, confidence: float, doubtful: bool, confirm_below: float) -> Verdict:
    """What the loop does with an answer: carry it out, read it back for a yes/no, or ask again.

    - A state-changing answer is read back when the policy doubts it (``doubtful``) or its lowest
      word confidence is under ``confirm_below``.
    - An answer that changes nothing by itself (next, back, repeat, yes, no: see ``NO_READBACK``)
      is never read back: when the policy doubts it, it is dropped and the step is asked again.
    """
    if intent is None:
        return "reject"
    if intent in NO_READBACK:
        return "reject" if doubtful else "act"
    return "confirm" if doubtful or confidence < confirm_below else "act"


@dataclass
class Heard:
    """What one utterance turned into."""

    result: Result
    command: Command | None
    confidence: float

    def verdict(self, confirm_below: float) -> Verdict:
        intent = self.command.intent if self.command else None
        return judge(intent, self.confidence, self.result.doubtful, confirm_below)


@dataclass
class VoiceLoop:
    """Drives a :class:`Table` by voice, with the keyboard beside it."""

    table: Table
    lang: Lang
    recognizer: Recognizer
    speaker: Speaker
    utterances: Utterances
    confirm_below: float = 0.85
    console: TextIO = field(default_factory=lambda: sys.stdout)
    log: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        # Listen only for this game's words: its players, and the script's characters in this language.
        vocab = vocabulary(self.table)
        script = self.table.script.ids
        vocab.characters = {self.table.cat[c].name(self.lang).casefold(): c for c in script if c in self.table.cat}
        self.parser = Parser(self.lang, vocab)
        self._grammars: dict[tuple[Intent, ...], list[str]] = {}
        self._events: queue.Queue[Event] = queue.Queue()
        self._keyboard = TextLoop(self.table, self.lang, self.console)
        self.fell_back = False

    # -- grammars -----------------------------------------------------------------------------

    def grammar(self, allowed: Sequence[Intent]) -> list[str]:
        """The sentences to listen for at a step that allows ``allowed``: words the model lacks
        (a player's name, say) are left out, and said so once on the console."""
        key = tuple(sorted(set(allowed)))
        if key not in self._grammars:
            sentences = self.parser.sentences(key, numbers=self.table.g.seats() or None)
            kept, missing = known_phrases(sentences, self.recognizer.has_word)
            if missing:
                self.console.write(f"voice: not in the {self.lang} model, so not listened for: "
                                   f"{', '.join(missing)}\n")  # fmt: skip
            self._grammars[key] = kept
        return self._grammars[key]

    def check_vocabulary(self) -> None:
        """Fail at load, clearly, if the command words themselves are not in the model."""
        core: tuple[Intent, ...] = ("next", "back", "repeat", "yes", "no", "seat")
        self.recognizer.check_vocabulary(self.parser.sentences(core, numbers=self.table.g.seats()))

    # -- hearing ------------------------------------------------------------------------------

    def hear(self, pcm: bytes, allowed: Sequence[Intent]) -> Heard:
        """Recognise one utterance inside the step's grammar and parse it."""
        result = self.recognizer.recognize(pcm, SAMPLE_RATE, self.grammar(allowed))
        confidence = min(result.confidences, default=0.0)
        if result.rejected or result.phrase is None:
            return Heard(result, None, confidence)
        try:
            command = self.parser.parse(result.phrase, allowed)
        except (NotUnderstood, Ambiguous):
            return Heard(result, None, confidence)
        return Heard(result, command, confidence)

    # -- speaking -----------------------------------------------------------------------------

    def announce(self, prompt: Prompt, reply: Reply | None = None, error: str | None = None) -> None:
        """Say what happened and the step: public texts to the table, the rest in the headset."""
        for text in reply.public if reply else []:
            self.speaker.say(text, "public")
        for text in reply.say if reply else []:
            self.speaker.say(text, "private")
        if error:
            self.speaker.say(error, "private")
        if prompt.public:
            self.speaker.say(prompt.public, "public")
        self.speaker.say(prompt.text, "private")

    # -- the loop -----------------------------------------------------------------------------

    def post_key(self, utterance: str) -> None:
        """A key or typed line from the keyboard thread."""
        self._events.put(("key", utterance))

    def _next_event(self) -> Event:
        while True:
            try:
                return self._events.get_nowait()
            except queue.Empty:
                pass
            pcm = self.utterances.next(timeout=0.2)
            if pcm is not None:
                return ("speech", pcm)
            if self.utterances.error is not None:
                raise OSError(f"audio input lost: {self.utterances.error}")
            if self.utterances.ended():
                return ("end", None)

    def run(self, keyboard_fallback: Callable[[Table], int] | None = None) -> int:
        """Run until the input ends. A lost audio device hands the game to ``keyboard_fallback``."""
        try:
            return self._run()
        except OSError as exc:
            self.fell_back = True
            self.console.write(f"voice: {exc}; carrying on with the keyboard, at the same step.\n")
            return keyboard_fallback(self.table) if keyboard_fallback else 0

    def _run(self) -> int:
        reply: Reply | None = None
        error: str | None = None
        while True:
            prompt = self.table.prompt()
            self.announce(prompt, reply, error)
            reply, error = None, None
            kind, payload = self._next_event()
            if kind == "end":
                return 0
            if kind == "key":
                assert isinstance(payload, str)
                reply, error = self._typed(payload)
                continue
            assert isinstance(payload, bytes)
            heard = self.hear(payload, prompt.allowed)
            self.log.append(
                f"{heard.result.text!r} -> {heard.command.intent if heard.command else heard.result.reason}"
            )
            verdict = heard.verdict(self.confirm_below)
            if verdict == "reject" or heard.command is None:
                error = self._not_understood(prompt.allowed)
                continue
            if verdict == "confirm" and not self._confirmed(heard):
                continue
            reply, error = self._handle(heard.command)

    def _typed(self, utterance: str) -> tuple[Reply | None, str | None]:
        return self._keyboard.step(utterance)

    def _handle(self, command: Command) -> tuple[Reply | None, str | None]:
        try:
            return self.table.handle(command), None
        except IllegalChoice as exc:
            reason = step_texts().refusal(exc.reason, self.lang, **exc.slots)
            return None, step_texts().flow.refused(self.lang, reason=reason)

    def _not_understood(self, allowed: Sequence[Intent]) -> str:
        examples = ", ".join(self.parser.examples(allowed))
        return step_texts().flow.not_understood(self.lang, examples=examples)

    def _confirmed(self, heard: Heard) -> bool:
        """Read a low-confidence answer back and wait for yes or no (speech or keys)."""
        assert heard.command is not None and heard.result.phrase is not None
        self.speaker.say(step_texts().flow.read_back(self.lang, heard=heard.result.phrase), "private")
        while True:
            kind, payload = self._next_event()
            if kind == "end":
                return False
            if kind == "key":
                return isinstance(payload, str) and payload.strip().lower() in ("y", "yes", "네", "next", "")
            assert isinstance(payload, bytes)
            answer = self.hear(payload, ("yes", "no"))
            if answer.command is not None and answer.command.intent in ("yes", "no"):
                return answer.command.intent == "yes"
            self.speaker.say(step_texts().flow.read_back(self.lang, heard=heard.result.phrase), "private")


def run_keyboard_thread(loop: VoiceLoop, reader_factory: Callable[[Callable[[str], None]], object]) -> threading.Thread:
    """Start reading keys beside the voice (daemon thread)."""
    reader = reader_factory(loop.post_key)
    thread = threading.Thread(target=reader.run, daemon=True)  # type: ignore[attr-defined]
    thread.start()
    return thread
