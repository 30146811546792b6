"""What the voice loop does with an answer it heard: carry it out, read it back for a yes/no, or ask
again (:func:`judge`), and what one utterance turned into (:class:`Heard`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from moderator.commands.parse import CHOOSING as _CHOOSING
from moderator.commands.parse import Command
from moderator.commands.phrases import Intent
from moderator.voice.result import Result

#: Answers that change nothing by themselves, or are themselves the yes/no: never read back.
NO_READBACK: frozenset[Intent] = frozenset({"next", "back", "repeat", "pause", "yes", "no", "edit", "help", "grimoire",
                                           "sheet"})  # fmt: skip

Verdict = Literal["act", "confirm", "reject"]

#: Steps where "no" chooses nobody (a seat or a character step): there it changes the game.
CHOOSING = _CHOOSING


def judge(intent: Intent | None, confidence: float, doubtful: bool, confirm_below: float, *,
          chooses_nobody: bool = False, one_word_seat: bool = False, agreed: bool = False,
          always: frozenset[Intent] = frozenset(), counts: bool = False, part: bool = False,
          misfit: bool = False) -> Verdict:  # fmt: skip
    """What the loop does with an answer: carry it out, read it back for a yes/no, or ask again.

    - A state-changing answer is read back when the policy doubts it (``doubtful``), when its lowest
      word confidence is under ``confirm_below``, or when a word fits the sound badly (``misfit``: talk
      forced into "seat two").
    - An answer that changes nothing by itself (next, back, repeat, yes, no: see ``NO_READBACK``)
      is never read back: when the policy doubts it, it is dropped and the step is asked again.
    - Except "no" where it chooses nobody (``chooses_nobody``): a one-word answer that changes the
      game, and the word short answers and table talk turn into most ("four", "one", "two" and
      "알려줘" were heard as no): it is read back, unless the storyteller's calibration vouches for it.
    - And a seat said in one word (``one_word_seat``: a bare "three" at an English seat step): real
      spoken digits were heard as other digits at full confidence (0 as "two"), so it is read back
      ("seat three, right?"), unless ``vouched`` holds "seat"; "seat three" is acted on as before.
    - And a number (``counts``: a vote count, a number or anything shown, Growl's gold): numbers are
      heard as other numbers at full confidence ("five" as four, "zero" as two, "none" as one), and
      short talk as a count ("three out of five, close"), so it is read back ("five votes, right?").
    - And one part of a two-part answer (``part``: a seat alone where a seat and a character are asked, as
      a Kazali's): it is read back, then the step asks for the rest.
    - And a character (``intent == "character"``, alone or as that part): talk is heard as a character's
      name at full confidence ("probably Dana" as lunatic, "did Fay die?" as organ grinder: the most of
      English talk acted on once continue, cancel and repeat were weighed against talk), so it is read
      back ("lunatic, right?").
    - Unless the storyteller's takes agree (``agreed``): the recognizer decoded this answer and the
      takes (:meth:`~moderator.voice.templates.Templates.pick`) clearly name it too; two opinions,
      one of them this storyteller's own voice. Then it is carried out.
    - An answer the session always reads back (``always``: a change by the storyteller's hand to the
      grimoire, skip, go to …) is read back first, doubted or not, whatever the confidence.
    """
    if intent is None:
        return "reject"
    if intent in always:
        return "confirm"
    if agreed:
        return "act"
    if intent == "no" and chooses_nobody:
        return "reject" if doubtful else "confirm"
    if (intent == "seat" and one_word_seat) or counts or part or intent == "character":
        return "confirm"
    if intent in NO_READBACK:
        return "reject" if doubtful else "act"
    return "confirm" if doubtful or misfit or confidence < confirm_below else "act"


@dataclass
class Heard:
    """What one utterance turned into."""

    result: Result
    command: Command | None
    confidence: float
    allowed: tuple[Intent, ...] = ()
    """What the step allowed."""
    agreed: bool = False
    """The storyteller's takes clearly name the same sentence as the recognizer (calibrated only)."""
    read_back: frozenset[Intent] = frozenset()
    """Answers the step always reads back (:attr:`moderator.session.Spoken.read_back`)."""

    def verdict(self, confirm_below: float, vouched: frozenset[Intent] = frozenset()) -> Verdict:
        """What the loop does with it; ``vouched``: one-word answers the storyteller's calibration
        vouches for (never read back for being one word)."""
        intent = self.command.intent if self.command else None
        nobody = bool(CHOOSING & set(self.allowed)) and "no" not in vouched
        one_word = len(self.result.text.split()) == 1 and "seat" not in vouched
        counts = self.command is not None and counted(self.command)
        part = "seat_character" in self.allowed and intent == "seat"  # a character is read back anyway
        return judge(intent, self.confidence, self.result.doubtful, confirm_below, chooses_nobody=nobody,
                     one_word_seat=one_word, agreed=self.agreed, always=self.read_back, counts=counts,
                     part=part, misfit=self.result.misfit)  # fmt: skip


def counted(command: Command) -> bool:
    """Whether an answer is a number or something shown: a count, a number, a value shown to a player."""
    return command.number is not None or command.intent == "showed"
