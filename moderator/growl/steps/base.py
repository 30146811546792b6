"""What every step works with: the context it reads, the view it shows, the outcome it makes."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from moderator.commands.parse import Command
from moderator.commands.phrases import Intent
from moderator.errors import IllegalChoice
from moderator.growl.data import GrowlData
from moderator.growl.events import Die, EndEarly, Goto, GrowlEvent, SetTurn
from moderator.growl.prompts import Beat, Expect
from moderator.growl.state import GrowlState
from moderator.growl.texts import Refusal, Texts
from moderator.i18n import Lang, Text
from moderator.journal import simulate


@dataclass(frozen=True)
class Ctx:
    """The state, the rules and the language a step is seen in."""

    s: GrowlState
    data: GrowlData
    lang: Lang

    @property
    def texts(self) -> Texts:
        return self.data.texts

    def t(self, text: Text, **slots: object) -> str:
        return text(self.lang, **slots)

    def who(self, seat: int) -> str:
        """A seat as spoken: number and name, or the number alone."""
        w = self.texts.who
        name = self.s.player(seat).name if seat in self.s.seats() else ""
        return self.t(w.named, seat=seat, name=name) if name else self.t(w.seat, seat=seat)

    def whos(self, seats: Iterable[int]) -> str:
        """Several seats as spoken, or "nobody"."""
        return ", ".join(self.who(s) for s in seats) or self.t(self.texts.who.nobody)

    def nth(self, n: int) -> str:
        """An ordinal as spoken: "첫 번째" / "first", then the number."""
        words = self.texts.ordinals
        return self.t(words[n - 1]) if 0 < n <= len(words) else self.t(self.texts.ordinal, n=n)

    def card(self, card_id: str) -> str:
        """A night card's name in this language."""
        card = self.data.cards.night_card(card_id)
        return self.t(card.name) if card else self.t(self.texts.night.unnamed)

    @property
    def count(self) -> int:
        return len(self.s.players)


@dataclass(frozen=True)
class View:
    """What a step says, what it expects, and which intents may answer it."""

    beats: tuple[Beat, ...]
    expects: tuple[Expect, ...] = ("confirm",)
    allowed: tuple[Intent, ...] = ()
    seat: int | None = None


@dataclass
class Outcome:
    """What an answer did: the events to journal and what to tell the table."""

    events: list[GrowlEvent] = field(default_factory=list)
    say: list[str] = field(default_factory=list)
    label: str = ""


@dataclass(frozen=True)
class StepDef:
    view: Callable[[Ctx], View]
    act: Callable[[Ctx, Command], Outcome]


def say(*texts: str) -> tuple[Beat, ...]:
    """Untimed beats."""
    return tuple(Beat(t) for t in texts if t)


def refuse(reason: Refusal, **slots: object) -> IllegalChoice:
    """The error for a refused answer; ``reason`` names a text in texts.yaml ``refusals``."""
    return IllegalChoice(reason, **slots)


def goto(step: str, seat: int | None = None) -> Outcome:
    return Outcome([Goto(step=step, seat=seat)], label=step)


def death(ctx: Ctx, seat: int) -> Outcome:
    """A player is reported dead: flip the tile; end the game at once if few are left.

    Raises:
        IllegalChoice: no such seat, or already dead.
    """
    s = ctx.s
    if seat not in s.seats():
        raise refuse("no_such_seat", seat=seat)
    if not s.player(seat).alive:
        raise refuse("already_dead", who=ctx.who(seat))
    events: list[GrowlEvent] = [Die(seat=seat)]
    after = simulate(s, events)
    said = [ctx.t(ctx.texts.flow.died, who=ctx.who(seat), alive=len(after.living()))]
    if s.step == "growl":  # a death at the same moment as the one that ended the game: recorded, no new ending
        pass
    elif len(after.living()) <= ctx.data.setup.end_alive_at_most:
        events += [EndEarly(at=s.step), Goto(step="growl")]
    elif s.step == "turn" and seat == s.turn_seat:
        nxt = after.next_living(seat)
        events.append(SetTurn(seat=nxt))
        said.append(ctx.t(ctx.texts.flow.turn_passes, who=ctx.who(nxt)) if nxt else "")
    return Outcome(events, [x for x in said if x], label=f"seat {seat} dies")
