"""Growl as the table's shared screen sees it: who is alive, the night, whose turn, the passing
countdown and the evening's standings. Nothing secret is in Growl's state, so all of it may show."""

from __future__ import annotations

from typing import Any

from moderator.growl.frontend import GrowlLoop
from moderator.growl.prompts import Prompt, Reply
from moderator.growl.state import GrowlState
from moderator.i18n import Lang
from moderator.web.server import WebOnText
from moderator.web.texts import labels

View = dict[str, Any]


class GrowlWeb(WebOnText[GrowlLoop, Reply]):
    """A :class:`moderator.web.server.WebGame` over a Growl evening's text loop."""

    def view(self) -> View:
        with self.loop.lock:
            view = table_view(self.loop.engine.state, self.loop.current(), self.loop.lang)
            return view | {"not_saved": self.loop.not_saved()}

    def table_view(self) -> View:
        """The table's screen: Growl's table view is already what every player sees (the app moderates)."""
        return self.view()

    def act(self, line: str) -> View:
        # The terminal is not echoed: Growl's prose waits out its timed lines, which would hold the game.
        with self.loop.lock:
            reply, error = self._step(line)
        return {"ok": error is None, "error": error, "reply": list(reply.public) if reply else [],
                "not_saved": self.loop.not_saved()}  # fmt: skip


def table_view(s: GrowlState, p: Prompt, lang: Lang) -> View:
    """Everything the table view draws."""
    return {
        "game": "growl",
        "lang": lang,
        "labels": labels(lang),
        "evening_game": s.game,
        "phase": s.phase,
        "step": s.step,
        "night": s.night,
        "turn_seat": s.turn_seat,
        "winner": s.winner,
        "seats": [
            {"seat": x.seat, "name": x.name, "alive": x.alive, "gold": x.gold, "current": x.seat == s.turn_seat}
            for x in s.players
        ],
        "night_cards": len(s.night_cards),
        "prompt": {
            "step": p.step,
            "text": p.text,
            "allowed": list(p.allowed),
            "beats": [{"text": b.text, "seconds": b.seconds} for b in p.beats],
        },
        "countdown": sum(b.seconds for b in p.beats) if s.step == "passing" else None,
        "standings": standings(s),
        "games": [{"game": h.game, "winner": h.winner, "gained": h.gained} for h in s.history],
    }


def standings(s: GrowlState) -> list[View]:
    """The players by gold over the evening, most first (ties by seat)."""
    rows = sorted(s.players, key=lambda x: (-x.gold, x.seat))
    return [{"seat": x.seat, "name": x.name, "gold": x.gold} for x in rows]
