"""What the storyteller gave at an information step: the truth, or what was shown instead. Where the
information may be false (a drunk or poisoned player, one who may misregister, the Vortox) anything of
the step's kind is taken; to a sober, healthy player an untrue answer is refused with the way to give it
anyway; where it must be false (the Vortox), a true one is refused with the reason."""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from moderator.clocktower.core import Core
from moderator.clocktower.grimoire.events import Event, Remember
from moderator.clocktower.grimoire.state import Cursor
from moderator.clocktower.prompts import Prompt
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.effects.snv_demons import false_info_by
from moderator.clocktower.rules.schema import GOOD_TEAMS, CharacterData
from moderator.clocktower.rules.status import false_info_allowed_by, impaired
from moderator.clocktower.rules.texts import step_texts
from moderator.commands.parse import Command, normalise
from moderator.commands.phrases import Intent, phrases
from moderator.errors import IllegalChoice
from moderator.i18n import LANGS


class ShownFlow(Core):
    """What was shown at an information step, checked against what the rules allow."""

    def _false_info(self, c: Cursor) -> str:
        """At every information step of a Townsfolk ability: the note that it must be false, while a
        sober Vortox lives (the true answer stays shown, to be avoided)."""
        if c.seat is None:
            return ""
        by = false_info_by(self._state, self.cat, self._state.player(c.seat), c.id)
        if by is None:
            return ""
        return " " + self._t(step_texts().flow.false_info, character=self.cat[by.character or ""].name(self.lang))

    def _plainly_shown(self, cmd: Command, truth: object) -> Command:
        """A plain yes or no, number or character where a step gives that kind of information: what was
        shown (``showed yes``)."""
        if cmd.intent in ("yes", "no") and isinstance(truth, bool):
            return replace(cmd, intent="showed", value=cmd.intent == "yes")
        if cmd.intent == "number" and shown_kind(truth) == "number":
            return replace(cmd, intent="showed", value=cmd.number)
        if cmd.intent == "character" and shown_kind(truth) == "character":
            return replace(cmd, intent="showed", value=cmd.character)
        return cmd

    def _given(self, c: Cursor, cmd: Command, p: Prompt) -> tuple[object, list[str]]:
        """What was given at an information step (the truth, or what was shown), and a warning when a
        sober, healthy player was shown what is not true.

        Raises:
            IllegalChoice: the information must be false (the Vortox) and it is true; or what was shown
                is not what the step shows (two seats for a number).
        """
        shown = cmd.value if cmd.intent == "showed" else p.truth
        step = self._line(c)[1]
        effect = self._effect(step)
        if cmd.intent == "showed":
            if isinstance(p.truth, dict) and shown == p.truth.get("character"):
                shown = p.truth  # "장의사 보여줬어요" where the truth is two players and that token: the truth, shown
            kind = shown_kind(p.truth, p.shows_player)
            pair = isinstance(p.truth, dict | int) and not p.shows_player
            if effect is not None and effect.holds is not None and pair:
                kind = "any"  # two players and a token, or none of the team: either may be shown (its holds judge)
            if kind == "yesno" and type(shown) is int:
                shown = _yes_or_no(cmd.text or "", shown)  # "네 보여줌": yes, though 네 is also four
            if not _fits(shown, kind):
                raise IllegalChoice("showed_kind", kind=step_texts().edits.kinds[kind](self.lang))
        most = step.shows_most if step is not None else None
        if cmd.intent == "showed" and most is not None and type(shown) is int and shown > most:
            raise IllegalChoice("shows_most", most=most)  # never possible, not even as false information
        options = effect.options(self._ctx(c)) if effect is not None and effect.options is not None else []
        holds = effect.holds(self._ctx(c), shown) if effect is not None and effect.holds is not None else None
        if holds is None and effect is not None and effect.beside_false and isinstance(shown, tuple):
            holds = self._beside_false(shown, p.truth)
        self._never_true(c, shown, p, true=options or None, holds=holds)
        true = [p.truth, *options]
        untrue = all(_differs(shown, t) for t in true)
        if holds is not None:  # many answers are true (the Knight's two players)
            untrue = not holds
        registering = bool(p.alternatives) and holds is None  # (a step's holds weigh who may misregister)
        if cmd.intent != "showed" or self._false_allowed(c) or registering or not untrue:
            return shown, []
        seat = c.seat if c.seat is not None else 0
        if effect is not None and effect.inexact:  # the app's truth is only what it can see
            said = self._say(p.truth, p.shows_player)
            return shown, [self._t(step_texts().edits.untrue_given, seat=seat, truth=said)]
        raise IllegalChoice("untrue_to_sober", seat=seat, truth=self._say(p.truth, p.shows_player))

    def _beside_false(self, shown: tuple[object, ...], truth: object) -> bool:
        """Whether two tokens shown are the truth beside one of the other alignment (the Dreamer's): one
        good and one evil, one of them the true character (or, where the player registers as a type they
        are not, of that type)."""
        tokens = [x for x in shown if isinstance(x, str) and x in self.cat]
        if len(tokens) != 2 or len(shown) != 2 or not isinstance(truth, str):
            return False
        good = [self.cat.team(t) in GOOD_TEAMS for t in tokens]
        return good[0] != good[1] and any(t == truth or self.cat.team(t) == truth for t in tokens)

    def _gave(self, c: Cursor, shown: object, p: Prompt) -> list[Event]:
        """What was given at a night step, remembered; and, where its player is drunk or poisoned (or their
        information made false) and it is none of the true answers, that their ability worked abnormally
        (the Mathematician counts it; not a drunk player who happened to be given the truth)."""
        g = self._state
        events: list[Event] = [self._remember_shown(c, shown)]
        if p.truth is None or c.seat is None or c.seat not in g.seats():
            return events
        if all(_differs(shown, t) for t in (p.truth, *p.alternatives)):
            player = g.player(c.seat)
            if impaired(g, self.cat, player) or false_info_by(g, self.cat, player, c.id) is not None:
                events.append(Remember(key=keys.failed("night", g.night, c.seat), value="yes"))
            elif (by := false_info_allowed_by(g, self.cat, player)) is not None and _once(self.cat[by].data):
                events.append(Remember(key=keys.used(by, None), value="yes"))  # the Fibbin's once, spent
        return events

    def _shown_as_answer(self, cmd: Command) -> Command:
        """``showed X`` where the thing shown is the step's answer: a character, or a seat."""
        v = cmd.value
        if isinstance(v, str) and v in self.cat:
            return replace(cmd, intent="character", character=v)
        if isinstance(v, int) and not isinstance(v, bool):
            return replace(cmd, intent="seat", seats=(v,))
        raise IllegalChoice("not_an_answer", text=cmd.text)

    def _false_allowed(self, c: Cursor) -> bool:
        """Whether the information of this step may be false: its player is drunk or poisoned, or its
        information must be false (the Vortox)."""
        if c.seat is None:
            return False
        p, g = self._state.player(c.seat), self._state
        allowed = false_info_allowed_by(g, self.cat, p) is not None  # the Knaves' liar, the Fibbin's once
        return allowed or impaired(g, self.cat, p) or false_info_by(g, self.cat, p, c.id) is not None

    def _never_true(
        self, c: Cursor, shown: object, p: Prompt, true: list[int] | None = None, holds: bool | None = None
    ) -> None:
        """Where the information must be false (the Vortox), a true answer is refused with the reason;
        ``holds``: whether ``shown`` is one of many true answers (the Knight's two players not the Demon).

        Raises:
            IllegalChoice: ``shown`` is the truth, or another answer that would be true.
        """
        liar = false_info_by(self._state, self.cat, self._state.player(c.seat), c.id) if c.seat else None
        if liar is None:
            return
        if true is not None and set(self._state.seats()) - {c.seat} <= set(true):
            return  # every player would be true (the Balloonist's first night): no false answer to give
        truths = [p.truth, *p.alternatives, *(true or [])]
        if holds or any(_same(shown, t) or _among(t, shown) for t in truths if t is not None):
            raise IllegalChoice("must_be_false", character=self.cat[liar.character or ""].name(self.lang))



def _same(shown: object, truth: object) -> bool:
    """Whether what was shown is that true answer (several seats or tokens: in any order)."""
    if isinstance(shown, tuple | list) and isinstance(truth, tuple | list):
        return sorted(map(str, shown)) == sorted(map(str, truth))
    if isinstance(truth, dict):
        return False
    if truth == "either" and shown in ("clockwise", "counterclockwise"):
        return True  # equally near both ways: either way is true (the Shugenja's)
    return shown == truth


Kind = Literal["yesno", "number", "player", "character", "any"]


def shown_kind(truth: object, shows_player: bool = False) -> Kind:
    """What an information step shows, from its true answer: yes or no, a number, players, characters."""
    if isinstance(truth, bool):
        return "yesno"
    if isinstance(truth, int):
        return "player" if shows_player else "number"
    items = truth if isinstance(truth, list) else [truth]
    if items and all(isinstance(x, int) and not isinstance(x, bool) for x in items):
        return "player"
    if items and all(isinstance(x, str) for x in items):
        return "character"
    return "any"


def _fits(shown: object, kind: Kind) -> bool:
    """Whether what was shown is of the kind the step shows."""
    items = shown if isinstance(shown, tuple) else (shown,)
    if kind == "yesno":
        return isinstance(shown, bool)
    if kind == "number":
        return isinstance(shown, int) and not isinstance(shown, bool)
    if kind == "player":
        return all(isinstance(x, int) and not isinstance(x, bool) for x in items)
    if kind == "character":
        return all(isinstance(x, str) for x in items)
    return True


def _differs(shown: object, truth: object) -> bool:
    """Whether what was shown is clearly not the true answer (False where it cannot be told)."""
    if isinstance(truth, dict):  # players and a character: each part shown is compared with its own
        items = shown if isinstance(shown, tuple) else (shown,)
        seats = sorted(x for x in items if isinstance(x, int) and not isinstance(x, bool))
        chars = [x for x in items if isinstance(x, str)]
        players = truth.get("players", [truth["seat"]] if isinstance(truth.get("seat"), int) else None)
        wrong_seats = bool(seats) and isinstance(players, list) and seats != sorted(players)
        character = truth.get("character")
        chosen = character in step_texts().flow.any_of_team  # "a Townsfolk of your choice": any of the team
        wrong_character = bool(chars) and isinstance(character, str) and not chosen and chars != [character]
        return wrong_seats or wrong_character
    return not _same(shown, truth)


def plain_answers(truth: object) -> list[Intent]:
    """The plain answers a step showing ``truth`` takes as what was shown: yes/no, a number, a character."""
    kind = shown_kind(truth)
    return {"yesno": ["yes", "no"], "number": ["number"], "character": ["character"]}.get(kind, [])  # type: ignore[return-value]


def _among(truth: object, shown: object) -> bool:
    """Whether one thing of several shown is the truth: the Dreamer shown the true character beside another,
    the Sage shown the Demon beside another player (true information, where it must be false)."""
    scalar = isinstance(truth, int | str) and not isinstance(truth, bool)
    return scalar and isinstance(shown, tuple) and truth in shown


def _once(data: CharacterData | None) -> bool:
    """Whether a Fabled's false information is once per game (the Fibbin's)."""
    return data is not None and data.false_info == "once"


def _yes_or_no(said: str, number: int) -> bool | int:
    """At a step that shows yes or no, a shown number read from a word that is also yes or no (Korean 네, four,
    and yes): that answer; any other number stays a number (and is refused)."""
    first = normalise(said).split(" ")[0] if said.strip() else ""
    for lang in LANGS:
        words = phrases(lang)
        if words.numbers.get(number) and first in {normalise(w) for w in words.numbers[number]}:
            if first in {normalise(w) for w in words.values.yes}:
                return True
            if first in {normalise(w) for w in words.values.no}:
                return False
    return number
