"""What an effect or condition sees, what the storyteller answered, and what an effect does."""

from __future__ import annotations

from dataclasses import dataclass, field

from moderator.clocktower.grimoire.events import Event
from moderator.clocktower.grimoire.state import Grimoire, Player
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.i18n import Text


@dataclass(frozen=True)
class Ctx:
    """Where an effect runs: the grimoire, the catalogue, who acts and with whose ability."""

    g: Grimoire
    cat: Catalogue
    seat: int | None
    ability: str
    script: tuple[str, ...] = ()
    """The ids on the script, where an ability may only pick from them (empty: no limit)."""
    flips: frozenset[int] = frozenset()
    """Seats the storyteller has register as something they are not, for this answer."""
    as_team: tuple[tuple[int, str], ...] = ()
    """Of those, the character type each registers as where it may be one of several (the Recluse as a
    Minion or as a Demon); unnamed: the first."""

    def registers_as(self, seat: int) -> str | None:
        """The one character type the player in ``seat`` registers as this time, where the storyteller has
        them misregister and named it (see ``as_team``); None otherwise."""
        return dict(self.as_team).get(seat) if seat in self.flips else None

    @property
    def actor(self) -> Player:
        assert self.seat is not None
        return self.g.player(self.seat)

    def name(self, cid: str | None, lang: str = "en") -> str:
        if cid is None or cid not in self.cat:
            return str(cid)
        text = self.cat[cid].name
        return text.ko if lang == "ko" else text.en


@dataclass(frozen=True)
class Answer:
    """What the storyteller answered at a step."""

    seats: tuple[int, ...] = ()
    character: str | None = None
    yes: bool | None = None
    number: int | None = None
    direction: str | None = None


@dataclass
class Outcome:
    """What an effect does: grimoire events, and sentences for the storyteller and the table."""

    events: list[Event] = field(default_factory=list)
    say: list[Text] = field(default_factory=list)
    public: list[Text] = field(default_factory=list)
    at_dawn: list[Text] = field(default_factory=list)
    """Told to the table at dawn, with the night's deaths (the Banshee's wail), not while eyes are closed."""
    tonight: list[Text] = field(default_factory=list)
    """Told to the storyteller at the coming night's dusk: what a day ability owes then (the Puzzlemaster's)."""
    again: bool = False
    """The step runs again (the Kazali makes one Minion at a time)."""
