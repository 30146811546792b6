"""The night sheet: which steps a night has, in what order, for a script and a grimoire."""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Literal

from moderator.clocktower.grimoire.state import Grimoire, Player
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.abilities import abilities
from moderator.clocktower.rules.catalogue import PSEUDO_STEPS, Catalogue, Character
from moderator.clocktower.rules.conditions import CONDITIONS, SEATLESS, evil_info_night
from moderator.clocktower.rules.context import Ctx
from moderator.clocktower.rules.jinxes import lacks_while
from moderator.clocktower.rules.schema import Expect, Status, Step
from moderator.clocktower.rules.scripts import Script
from moderator.clocktower.rules.status import acts_alive, statuses
from moderator.clocktower.rules.texts import step_texts
from moderator.i18n import Lang

#: Wake conditions under which a dead player's ability can still act (checked at the step itself).
ACTS_WHILE_DEAD = frozenset(
    {"always", "died_tonight", "haircuts_tonight", "killed_by_demon_tonight", "death_pending", "learnt_death",
     "executed_chooses_tonight"}
)


@dataclass(frozen=True)
class SheetStep:
    """One line of the night sheet."""

    id: str
    """The character whose ability wakes, or a pseudo-step (dusk, minioninfo, demoninfo, dawn)."""
    position: float
    seat: int | None = None
    player: str | None = None
    character: str | None = None
    """The player's true character (differs from ``id`` for the Drunk, a Philosopher, a Cannibal …)."""
    status: frozenset[Status] = field(default_factory=frozenset)
    steps: tuple[Step, ...] = ()
    """Our described steps for ``id`` this night; empty for pseudo-steps and undescribed characters."""
    former: bool = False
    """A step woken for a token of a character the player no longer is (the Scarlet Woman made the Demon)."""

    @property
    def expects(self) -> list[Expect]:
        return list(dict.fromkeys(e for s in self.steps for e in s.expects)) or ["confirm"]

    def prompt(self, cat: Catalogue, lang: Lang) -> str:
        """What the storyteller hears for this line."""
        texts = step_texts()
        if self.id in PSEUDO_STEPS:
            return texts.pseudo[self.id].prompt(lang)
        char = cat[self.id]
        body = " ".join((s.impaired_prompt if self.status and s.impaired_prompt else s.prompt)(lang)
                        for s in self.steps) if self.steps else texts.templates.generic(lang)  # fmt: skip
        name = char.name(lang)
        if self.character and self.character != self.id and self.character in cat:
            template = texts.templates.became if self.former else texts.templates.acting_as
            name = template(lang, actual=cat[self.character].name(lang), ability=name)
        if self.seat is None:
            template = texts.templates.unseated_step if self.player is None else texts.templates.sheet_step
            line = template(lang, character=name, prompt=body)
        else:
            line = texts.templates.player_step(lang, character=name, seat=self.seat, name=self.player, prompt=body)
        for status in sorted(self.status):
            line += " " + texts.templates.impaired(lang, status=texts.templates.status[status](lang))
        return line

    def to_json(self, cat: Catalogue, lang: Lang) -> dict[str, object]:
        return {
            "id": self.id,
            "seat": self.seat,
            "player": self.player,
            "character": self.character,
            "position": self.position,
            "expects": self.expects,
            "status": sorted(self.status),
            "described": self.id in PSEUDO_STEPS or (self.id in cat and cat[self.id].described),
            "prompt": self.prompt(cat, lang),
        }


def _steps(char: Character, first: bool) -> tuple[Step, ...]:
    if char.data is None:
        return ()
    return tuple(char.data.night.first if first else char.data.night.other)


def positions(script: Script | None, cat: Catalogue, first: bool) -> dict[str, float]:
    """Each id's place in the night: the script's own order if it has one, else the official one."""
    custom = script.first_order if (script and first) else (script.other_order if script else None)
    official = cat.sheet.firstNight if first else cat.sheet.otherNight
    order = custom or official
    pos: dict[str, float] = {cid: float(i) for i, cid in enumerate(order)}
    # A custom order may leave out the special entries: dusk opens the night, the evil info follows,
    # dawn closes it.
    pos.setdefault("dusk", -1.0)
    pos.setdefault("minioninfo", -0.9)
    pos.setdefault("demoninfo", -0.8)
    dawn = pos.setdefault("dawn", float(len(order)))
    for cid, char in cat.characters.items():
        number = char.first_night if first else char.other_night
        if cid not in pos and number is not None:
            # Not in the list used (a homebrew character, or left out of a custom order): by its number.
            pos[cid] = float(number) + 0.5 if not custom else dawn - 0.5 + number / 1000
    for cid in [c for c, at in pos.items() if at > dawn]:
        # Placed after dawn (the Vizier's and the Leviathan's announcements): the night ends at dawn, so they
        # come last, as dawn breaks, in their order.
        pos[cid] = dawn - 0.1 + (pos[cid] - dawn) / 1000
    for cid, char in cat.characters.items():
        after = _placed_after(char, first)
        if cid not in pos and after is not None and after in pos:
            # No official place that night, but steps of ours placed after another (the Djinn's after dusk).
            pos[cid] = pos[after] + 0.01
    return pos


def _placed_after(char: Character, first: bool) -> str | None:
    """The step ``char``'s steps follow on a night the official order gives it no place, if its data places
    them (``night.after``)."""
    if char.data is None or (char.first_night if first else char.other_night) is not None or not _steps(char, first):
        return None
    return char.data.night.after


def wakes(char: Character, first: bool) -> bool:
    """Whether the character's ability has a place in that night's order (the official one, or one its
    data gives it after another step)."""
    return (char.first_night if first else char.other_night) is not None or _placed_after(char, first) is not None


CARRIED_OVER = frozenset({"death_pending", "learnt_death"})
"""Wake conditions that stay due until their step has run: passed over tonight, the step comes the next
night (the Sweetheart dying after its place), rather than at once out of order."""

TOKEN_WAKES = frozenset({"became_demon"})
"""Wake conditions of a step that wakes for a token its player carries, whatever character they are now:
the Scarlet Woman made the Demon (by day, or by the storyteller's hand) is woken as the Scarlet Woman to
learn it."""


def _token_steps(cat: Catalogue, p: Player, first: bool) -> list[str]:
    """The characters whose token ``p`` carries and whose step wakes for it (:data:`TOKEN_WAKES`)."""
    found = []
    for r in p.reminders:
        char = cat.get(r.source)
        if char is not None and any(s.wake_if in TOKEN_WAKES for s in _steps(char, first)):
            found.append(r.source)
    return found


def _player_lines(g: Grimoire, cat: Catalogue, p: Player, first: bool, pos: dict[str, float]) -> list[SheetStep]:
    lines: list[SheetStep] = []
    held = abilities(cat, p)
    for cid in dict.fromkeys([*held, *_token_steps(cat, p, first)]):
        char = cat.get(cid)
        if char is None:
            continue
        position = pos.get(cid)
        steps = _steps(char, first)
        gained = not first and keys.gained(g.night, p.seat, cid) in g.memory and char.first_night is not None
        once = tuple(s for s in _steps(char, True) if s.effect not in {o.effect for o in _steps(char, False)})
        if gained and (once or not _steps(char, True)):  # no steps of ours: the generic line (the Apprentice)
            # A first-night ability gained tonight (a Philosopher's Shugenja or Grandmother, one the Pit-Hag
            # made) is used tonight, right after the step that gave it; its other nights' steps as usual.
            maker = g.memory[keys.gained(g.night, p.seat, cid)]
            anchor = maker if maker in pos else (p.character or "")
            # after a line of theirs gained tonight too (the Apprentice's, joining by day, then what it gave)
            before = [x.position for x in lines if x.id == anchor and anchor not in pos]
            lines += _lines_of(g, cat, p, cid, before[0] + 0.01 if before else pos.get(anchor, 0.0) + 0.5, once)
        if not wakes(char, first):
            continue
        if position is not None and g.memory.get(keys.first_tonight(cid, p.seat)) == str(g.night):
            position = pos.get("dusk", -1.0) + 0.5  # owed by a death by day: first thing tonight (the Sweetheart's)
        lines += [replace(x, former=cid not in held) for x in _lines_of(g, cat, p, cid, position, steps)]
    return lines


def _lines_of(
    g: Grimoire, cat: Catalogue, p: Player, cid: str, position: float | None, steps: tuple[Step, ...]
) -> list[SheetStep]:
    """``p``'s line for the ability ``cid`` at ``position`` with ``steps``, if it wakes now."""
    if position is None or p.has_reminder("No Ability", cid):  # an ability used up does not wake
        return []
    believed = cat.get(p.believes or "")
    model = believed.data.night.other if believed is not None and believed.data is not None else []
    if model:  # answered as the believed character answers (the Lunatic as the Shabaloth: two players)
        steps = tuple(s.model_copy(update={"expects": model[0].expects}) if s.expects_as_believed else s
                      for s in steps)  # fmt: skip
    if not acts_alive(g, cat, p) and not _acts_dead(g, cat, p, cid, steps):
        return []
    return [SheetStep(id=cid, position=position, seat=p.seat, player=p.name, character=p.character,
                      status=line_status(g, cat, p, cid), steps=steps)]  # fmt: skip


def line_status(g: Grimoire, cat: Catalogue, p: Player, cid: str) -> frozenset[Status]:
    """``p``'s statuses at the step of ``cid``: none at a believer's own step (the Marionette's, which wakes the
    Demon), which what they believe does not impair."""
    if cid == p.character and cat.setup(cid).believes is not None:
        return frozenset()
    return frozenset(statuses(g, cat, p))


def _acts_dead(g: Grimoire, cat: Catalogue, p: Player, cid: str, steps: tuple[Step, ...]) -> bool:
    """Whether a dead player's step wakes tonight: its condition is one that acts while dead, and holds."""
    return any(
        s.wake_if == "always" or (s.wake_if in CONDITIONS and CONDITIONS[s.wake_if](Ctx(g, cat, p.seat, cid)))
        for s in steps
        if s.wake_if in ACTS_WHILE_DEAD
    )


def _evil_info(g: Grimoire | None, cat: Catalogue, in_play: set[str]) -> bool:
    if g is not None:
        return evil_info_night(g, cat, in_play)
    return not any(cat.setup(c).no_evil_info for c in in_play)


def night_sheet(script: Script | None, cat: Catalogue, night: int, g: Grimoire | None = None) -> list[SheetStep]:
    """The steps of night ``night`` (1 = the first night).

    With a grimoire: the characters in play, each at its seat, the dead skipped unless they act
    while dead, the Drunk where its Townsfolk would wake, held abilities at their own places.
    Without one: every script character as if in play, seats null (the script's full sheet).
    """
    first = night == 1
    pos = positions(script, cat, first)
    lines: list[SheetStep] = []
    if g is None:
        assert script is not None
        in_play = set(script.ids)
        for cid in script.ids:
            char = cat[cid]
            if wakes(char, first) and cid in pos:
                lines.append(SheetStep(id=cid, position=pos[cid], steps=_steps(char, first)))
    else:
        in_play = g.in_play()
        for p in g.players:
            lines += _player_lines(g, cat, p, first, pos)
        lines = [s for s in lines if lacks_while(s.id, in_play) is None]  # a jinx's (the Magician's, by the Vizier)
        for cid in [*g.unseated, *g.fabled]:  # in play with no seat: the storyteller's own step
            extra = cat.get(cid)
            if extra is not None and wakes(extra, first) and cid in pos:
                lines.append(SheetStep(id=cid, position=pos[cid], steps=_steps(extra, first)))
    pseudo = ["dusk", "dawn"]
    if first and (g is None or _evil_info(g, cat, in_play)):
        pseudo += ["minioninfo"]
        # no Demon in play, no Demon info (the Summoner's [No Demon]: its own step shows the bluffs)
        pseudo += ["demoninfo"] if g is None or any(cat.team(c) == "demon" for c in in_play) else []
    lines += [SheetStep(id=s, position=pos[s]) for s in pseudo if s in pos]
    return sorted(lines, key=lambda s: (s.position, s.seat or 0))


SheetState = Literal["current", "done", "skipped", "asleep", "todo", "dead"]
"""Where a line of tonight's sheet stands: being run; done; skipped (by the storyteller, or passed over by
a jump); asleep (the night's walk passes it: it does not wake tonight); still to come; its player dead."""


def tonight(script: Script, cat: Catalogue, g: Grimoire) -> list[tuple[SheetStep, SheetState]]:
    """Tonight's sheet (by day: the coming night's) with where each line stands; the dead's lines too."""
    night = g.night if g.phase == "night" else g.night + 1
    live = night_sheet(script, cat, night, g)
    everyone = night_sheet(script, cat, night, _all_alive(g))
    keyed = {(s.id, s.seat) for s in live}
    lines = [*live, *(s for s in everyone if (s.id, s.seat) not in keyed)]
    lines.sort(key=lambda s: (s.position, s.seat or 0))
    return [(s, _state(script, cat, g, s) if (s.id, s.seat) in keyed else "dead") for s in lines]


def _all_alive(g: Grimoire) -> Grimoire:
    copy = g.model_copy(deep=True)
    for p in copy.players:
        p.alive = True
    return copy


def _state(script: Script, cat: Catalogue, g: Grimoire, s: SheetStep) -> SheetState:
    c = g.cursor
    if g.phase != "night" or c is None:
        return "done" if g.phase == "night" else "todo"
    if (s.id, s.seat) == (c.id, c.seat) and c.id != "day":
        return "current"
    here = (c.position, c.seat or 0) if c.id != "day" else (math.inf, 0)
    if c.resume is not None:  # woken out of order: the night goes back to where it was, and on from there
        here = min(here, (c.resume.position, c.resume.seat or 0))
    acted = s.seat is not None and keys.acted(g.night, s.id, s.seat) in g.memory
    if keys.skipped(g.night, s.id, s.seat) in g.memory:
        return "skipped"
    if acted or (s.id in PSEUDO_STEPS and (s.position, s.seat or 0) < here):
        return "done"
    if (s.position, s.seat or 0) < here:
        return "skipped"
    return "todo" if _wakes(script, cat, g, s) else "asleep"


def _wakes(script: Script, cat: Catalogue, g: Grimoire, s: SheetStep) -> bool:
    if not s.steps or (s.seat is None and not any(step.wake_if in SEATLESS for step in s.steps)):
        return True
    ctx = Ctx(g, cat, s.seat, s.id, tuple(script.ids))
    return any(step.wake_if is None or CONDITIONS[step.wake_if](ctx) for step in s.steps)
