"""The Clocktower game as the page sees it: the town square, tonight's sheet, the prompt with its true
answer, the day and its vote history, and a suggestion for the players' screen.

Everything here reads the engine under the text loop's lock and changes nothing; acting goes through
:meth:`moderator.textloop.TextLoopBase.step`, the path typed lines take.
"""

from __future__ import annotations

import math
from typing import Any

from moderator.clocktower.frontend import TextLoop
from moderator.clocktower.grimoire.events import SetDay, SetPhase
from moderator.clocktower.grimoire.state import DayState, Grimoire, Player, Reminder
from moderator.clocktower.prompts import Prompt, Reply
from moderator.clocktower.rules.catalogue import PSEUDO_STEPS, Catalogue
from moderator.clocktower.rules.nightorder import SheetStep, tonight
from moderator.clocktower.rules.status import STORYTELLER, shown_dead, spec, statuses
from moderator.clocktower.rules.texts import step_texts
from moderator.clocktower.rules.votes import vote_threshold
from moderator.clocktower.table import Table
from moderator.i18n import Lang
from moderator.printable import printable
from moderator.web.server import WebOnText
from moderator.web.texts import labels, table_labels

View = dict[str, Any]


class ClocktowerWeb(WebOnText[TextLoop, Reply]):
    """A :class:`moderator.web.server.WebGame` over a Clocktower table and its text loop."""

    def __init__(self, table: Table, loop: TextLoop, *, echo: bool = True) -> None:
        super().__init__(loop)
        self.table = table
        self.echo = echo
        """Print what the page did on the terminal, as if typed (with --jsonl, its JSON line: the reply and the
        prompt now)."""

    def view(self) -> View:
        with self.loop.lock:
            return town_view(self.table, self.loop.lang) | {"not_saved": self.loop.not_saved(), "timer": self._timer()}

    def table_view(self) -> View:
        with self.loop.lock:
            return public_view(self.table, self.loop.lang) | {"timer": self._timer()}

    def _timer(self) -> View | None:
        return self.loop.timer.view() if self.loop.timer is not None else None

    def act(self, line: str) -> View:
        with self.loop.lock:
            reply, error = self._step(line)
            if self.echo:  # what the page did, on the console (and as a JSON line with --jsonl)
                if not self.loop.jsonl:
                    self.loop.out.write(f"< ({labels(self.loop.lang)['from_page']}) {printable(line)}\n")
                self.loop.emit(self.loop.current(), reply, error)
        said = list(dict.fromkeys([*reply.public, *reply.say])) if reply else []
        return {"ok": error is None, "error": error, "reply": said, "not_saved": self.loop.not_saved()}


def token(cat: Catalogue, cid: str | None, lang: Lang) -> View | None:
    """A character token: id, name in ``lang``, team."""
    if cid is None:
        return None
    char = cat.get(cid)
    return {"id": cid, "name": char.name(lang) if char else cid, "team": char.team if char else None}


def town_view(t: Table, lang: Lang) -> View:
    """Everything the page draws for a Clocktower game."""
    g, cat = t.g, t.cat
    prompt = t.prompt()
    return {
        "game": "clocktower",
        "lang": lang,
        "labels": labels(lang),
        "script": t.script.name,
        "phase": g.phase,
        "night": g.night,
        "day": g.day,
        "winner": g.winner,
        "seats": [_seat(g, cat, p, lang) for p in g.players],
        "bluffs": [token(cat, c, lang) for c in g.bluffs],
        "unseated": [token(cat, c, lang) for c in g.unseated],
        "script_characters": [token(cat, c, lang) for c in t.script.ids if c in cat.characters],
        "sheet": sheet_view(t, lang),
        "prompt": prompt_view(t, prompt, lang),
        "today": today_view(g),
        "history": vote_history(t),
        "show": show_cards(t, prompt),
        "card_kinds": list(CARD_KINDS),
        "fabled": [token(cat, c, lang) for c in g.fabled],
        "edit": edit_choices(t, lang),
        "notes": list(g.notes),
        "chosen": list(g.cursor.seats) if g.cursor is not None else [],
    }


def public_view(t: Table, lang: Lang) -> View:
    """The table's screen: what every player may see. Seats, names, alive or dead, ghost votes, who is a
    Traveller, the Fabled, the day's nominations against the threshold, and the end of the game; never
    a character, an alignment, a reminder or a note (tests/web/test_table_view.py checks the JSON)."""
    g, cat = t.g, t.cat
    return {
        "game": "clocktower",
        "screen": "table",
        "lang": lang,
        "labels": table_labels(lang),
        "script": t.script.name,
        "phase": g.phase,
        "night": g.night,
        "day": g.day,
        "winner": g.winner,
        "seats": [{"seat": p.seat, "name": p.name, "alive": _alive_to_the_table(g, cat, p), "ghost_vote": p.ghost_vote,
                   "traveller": cat.team(p.character) == "traveller"} for p in g.players],
        "fabled": [token(cat, c, lang) for c in g.fabled],
        "today": {**today_view_of(g.today), "threshold": vote_threshold(g, cat)} if g.phase == "day" else None,
    }  # fmt: skip


def _alive_to_the_table(g: Grimoire, cat: Catalogue, p: Player) -> bool:
    """Alive as the table knows it: a night's deaths (and returns) are news at dawn, not while eyes are closed
    (audit: the Demon's kill showed on the table's screen at once); one shown dead (the Zombuul) is dead."""
    if g.phase == "night" and p.seat in g.died_tonight:
        return True
    if g.phase == "night" and p.seat in g.revived_tonight:
        return False
    return not shown_dead(cat, p)


def edit_choices(t: Table, lang: Lang) -> View:
    """What the seat menu offers: every character (the script's first), the Travellers and the Fabled,
    and the reminder tokens of the characters on the script, in play or Fabled (each with the words of
    its typed command)."""
    cat, g = t.cat, t.g
    here = list(dict.fromkeys([*t.script.ids, *sorted(g.in_play()), *g.fabled]))
    teams = ("townsfolk", "outsider", "minion", "demon")
    others = sorted(c.id for c in cat.characters.values() if c.team in teams and c.id not in here)
    return {
        "characters": [token(cat, c, lang) for c in [*(c for c in here if cat.team(c) in teams), *others]],
        "travellers": [token(cat, c.id, lang) for c in cat.characters.values() if c.team == "traveller"],
        "fabled": [token(cat, c.id, lang) for c in cat.characters.values() if c.team == "fabled"],
        "tokens": [{**_reminder(cat, c, r, lang), "line": f"{c} {r}"} for c in here if c in cat
                   for r in dict.fromkeys(cat[c].reminders)],
    }


def _seat(g: Grimoire, cat: Catalogue, p: Player, lang: Lang) -> View:
    current = g.cursor is not None and g.cursor.seat == p.seat and g.phase == "night"
    return {
        "seat": p.seat,
        "name": p.name,
        "character": token(cat, p.character, lang),
        "believes": token(cat, p.believes, lang),
        "alignment": p.alignment,
        "alive": p.alive,
        "ghost_vote": p.ghost_vote,
        "status": sorted(statuses(g, cat, p)),
        "reminders": [_reminder(cat, r.source, r.name, lang) for r in p.reminders],
        "abilities": [token(cat, a, lang) for a in p.abilities],
        "notes": list(p.notes),
        "current": current,
    }


def _reminder(cat: Catalogue, source: str, name: str, lang: Lang) -> View:
    char = cat.get(source)
    s = spec(cat, Reminder(source=source, name=name))
    label = s.ko if s and lang == "ko" else name
    by = labels(lang)["storyteller"] if source == STORYTELLER else (char.name(lang) if char else source)
    return {"from": source, "name": name, "label": label, "source_name": by, "line": f"{source} {name}"}


# -- tonight's sheet ---------------------------------------------------------------------------


def sheet_view(t: Table, lang: Lang) -> View:
    """Tonight's sheet (in the day: the coming night's), each line current, done, skipped (by the
    storyteller, or passed over), asleep (it does not wake tonight), to come, or its player dead."""
    g = t.g
    night = g.night if g.phase == "night" else g.night + 1
    return {"night": night, "lines": [_line(t, s, state, lang) for s, state in tonight(t.script, t.cat, g)]}


def _line(t: Table, s: SheetStep, state: str, lang: Lang) -> View:
    char = t.cat.get(s.id)
    return {
        "id": s.id,
        "seat": s.seat,
        "player": s.player,
        "name": step_texts().pseudo[s.id].prompt(lang) if s.id in PSEUDO_STEPS else (char.name(lang) if char else s.id),
        "pseudo": s.id in PSEUDO_STEPS,
        "status": sorted(s.status),
        "state": state,
        "text": s.prompt(t.cat, lang),
    }


# -- the prompt --------------------------------------------------------------------------------


def prompt_view(t: Table, p: Prompt, lang: Lang) -> View:
    """The current step: its text, the true answer in words, the drunk/poisoned warning, what it takes."""
    g = t.g
    warning = None
    if p.phase == "night" and p.seat is not None and p.step not in PSEUDO_STEPS:
        found = sorted(statuses(g, t.cat, g.player(p.seat)))
        templates = step_texts().templates
        if found:
            names = ", ".join(templates.status[s](lang) for s in found)
            warning = templates.impaired(lang, status=names)
    truth = t.words.say(g, p.truth) if p.truth is not None else None
    text = p.text
    if truth is not None:  # the true answer has its own box on the page
        text = text.replace(" " + t.words.t(step_texts().flow.truth, truth=truth), "")
    return {
        "step": p.step,
        "name": _step_name(t, p.step, lang),
        "seat": p.seat,
        "text": text,
        "public": p.public,
        "truth": truth,
        "warning": warning,
        "expects": list(p.expects),
        "allowed": list(p.allowed),
        "question": g.question is not None,
    }


def _step_name(t: Table, step: str, lang: Lang) -> str:
    if step in PSEUDO_STEPS:
        return step_texts().pseudo[step].prompt(lang).split(".")[0]
    char = t.cat.get(step)
    return char.name(lang) if char else step


# -- the day -----------------------------------------------------------------------------------


def today_view(g: Grimoire) -> View:
    """Today's nominations with their votes, the threshold, who is about to die."""
    t = g.today
    return {
        **today_view_of(t),
        "pending": t.pending,
        "threshold": math.ceil(len(g.living()) / 2),
        "block_votes": t.block_votes,
        "executed": g.executed_today,
    }


def vote_history(t: Table) -> list[View]:
    """Every nomination of the game with its votes, day by day, read off the journal."""
    days: dict[int, View] = {}
    day = 0
    for entry in t.journal.entries:
        for e in entry.events:
            if isinstance(e, SetPhase):
                day = e.day
            elif isinstance(e, SetDay) and e.today.nominees:
                days[day] = {"day": day, **today_view_of(e.today)}
    return [days[d] for d in sorted(days)]


def today_view_of(today: DayState) -> View:
    """A day's nominations with their votes, and who was about to die."""
    pairs = zip(today.nominators, today.nominees, strict=False)
    return {"nominations": [{"nominator": a, "nominee": b, "votes": today.votes.get(b)} for a, b in pairs],
            "block": today.block}  # fmt: skip


# -- the players' screen -----------------------------------------------------------------------


def show_cards(t: Table, p: Prompt) -> list[View]:
    """What to show the players now, from the step's true information (the page lets it be changed).

    A card is ``{"kind", "characters": [ids], "seats": [seats], "number", "value"}``, one heading each
    (the page's label of its kind, :data:`CARD_KINDS`): what the rules have the storyteller show, in
    one layout per kind of information. A question the storyteller answers shows the players nothing
    new: the woken player's own token, as a step without information does.
    """
    truth = None if t.g.question is not None or p.step == "dawn" else p.truth
    cards = _cards(t, p, truth)
    if cards:
        return cards
    if p.seat is not None and p.phase == "night":
        who = t.g.player(p.seat)
        shown = who.believes or who.character
        return [_card("you_are", characters=[shown] if shown else [])]
    return [_card("you_are")]


CARD_KINDS = ("you_are", "not_in_play", "demon", "minions", "fellow_minions", "character", "characters", "player",
              "pair", "player_is", "number", "yes", "no", "alignment", "direction")  # fmt: skip
"""Every kind of card the players' screen shows (the page's picker offers each)."""


def _card(kind: str, *, characters: list[str] | None = None, seats: list[int] | None = None,
          number: int | None = None, value: str | None = None) -> View:  # fmt: skip
    return {"kind": kind, "characters": characters or [], "seats": seats or [], "number": number, "value": value}


def _ints(value: object) -> list[int]:
    items = value if isinstance(value, list) else [value]
    return [x for x in items if isinstance(x, int) and not isinstance(x, bool)]


def _chars(t: Table, value: object) -> list[str]:
    items = value if isinstance(value, list) else [value]
    return [x for x in items if isinstance(x, str) and x in t.cat.characters]


def _cards(t: Table, p: Prompt, truth: object) -> list[View]:
    """The cards for a true answer of this shape (none for no information)."""
    if truth is None:
        return []
    if isinstance(truth, dict):
        keys = set(truth)
        if keys == {"character", "players"}:  # the Washerwoman's, Librarian's, Investigator's
            return [_card("pair", characters=_chars(t, truth["character"]), seats=_ints(truth["players"]))]
        if keys == {"character", "seat"}:  # the Grandmother's grandchild, the Evil Twin's twin
            return [_card("player_is", characters=_chars(t, truth["character"]), seats=_ints(truth["seat"]))]
        cards = []
        if "demon" in truth:  # the Minion info: the Demon, then every Minion (they wake together)
            cards.append(_card("demon", seats=_ints(truth["demon"])))
            cards.append(_card("fellow_minions", seats=_ints(truth.get("minions", []))))
        elif "minions" in truth:  # the Demon info: its Minions, the bluffs, the Lunatic it knows of
            cards.append(_card("minions", seats=_ints(truth["minions"])))
        if "bluffs" in truth:
            cards.append(_card("not_in_play", characters=_chars(t, truth["bluffs"])))
        if _ints(truth.get("lunatic", [])):
            cards.append(_card("player_is", characters=["lunatic"], seats=_ints(truth["lunatic"])))
        return cards
    if isinstance(truth, bool):
        return [_card("yes" if truth else "no")]
    if isinstance(truth, int):
        return [_card("player", seats=[truth]) if p.shows_player else _card("number", number=truth)]
    if isinstance(truth, str):
        if truth in t.cat.characters:
            return [_card("character", characters=[truth])]
        if truth in ("good", "evil"):
            return [_card("alignment", value=truth)]
        if truth in ("clockwise", "counterclockwise", "either"):
            return [_card("direction", value=truth)]
        return []
    if isinstance(truth, list) and truth and len(_ints(truth)) == len(truth):
        return [_card("player", seats=_ints(truth))]
    if isinstance(truth, list) and truth and len(_chars(t, truth)) == len(truth):
        return [_card("characters", characters=_chars(t, truth))]  # the Godfather's Outsiders
    return []
