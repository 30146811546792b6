"""Jinxes we describe (data/jinxes.yaml): notes at the step where each matters, and rules we apply."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

import yaml
from pydantic import TypeAdapter

from moderator.clocktower.rules.schema import Model
from moderator.errors import DataError
from moderator.i18n import Text
from moderator.paths import data_dir
from moderator.yamlio import load_yaml


class Jinx(Model):
    """One jinxed pair, as we run it."""

    pair: tuple[str, str]
    at: list[str]
    text: Text
    rule: (
        Literal[
            "only_one_in_play", "holder_lacks", "decide_after",
            "cannibal_learns_juggles", "chambermaid_sees_mathematician", "drunk_counts", "lunatic_attack_counts",
            "jump_not_caught", "kept_after_source_dies", "extra_copy", "both_drunk", "stays_evil",
            "secret_vote_note", "gained_turns_townsfolk_evil", "cannot_give", "slayer_kills_host",
            "no_execution_day_five", "executed_good_wins", "grimoire_hidden",
            "vizier_not_fear", "minion_gains_instead", "demon_chooses_nightly", "knows_and_lacks",
            "not_announced", "registers_as_demon", "may_choose", "prompt_instead",
            "learns_gained", "safe_by_day_when_lost",
            "lives_without_ability", "nominated_executed_spares",
            "summons_early", "poisoned_while_in_play", "babysitter_dies_executed",
            "no_ability_while", "summoned_beside_minion",
            "storyteller_places", "keeps_ability_against", "executed_chooses_tonight",
        ]
        | None
    ) = None
    """executed_chooses_tonight: the first, executed as the Demon while the second lives sober, chooses three good
    players that night (its step ``wake_if: executed_chooses_tonight``), and their answer decides the game, in
    place of the second's extra day (the Al-Hadikhia and the Mastermind). keeps_ability_against: the first keeps
    its ability against the second's (Legion, against the Minstrel's and the
    Preacher's). storyteller_places: the second making the first, the storyteller chooses which player becomes it
    (the Pit-Hag's Damsel). summoned_beside_minion: the first, summoned by the second, must neighbour a Minion, and
    its other neighbour becomes an evil Minion (the Lord of Typhon). no_ability_while: while the second is in play
    the first has no ability: no step of its own, not shown with the evil team (the Magician with the Vizier, the
    Hatter with Legion); where the second is the Vizier, it cannot have the first executed at once (the Magician is
    immune to it). babysitter_dies_executed: the second, babysitting the first (Lil' Monsta's Is The Demon), dies
    when executed, whatever would keep it alive (the Psychopath's roshambo, the Vizier's day).
    poisoned_while_in_play: the first is poisoned while the second is or has been in play (the Damsel with the Spy
    or the Widow). summons_early: the second may summon the first a night early (the Summoner the Pukka).
    nominated_executed_spares: the second, nominated by the first and executed, dies: the Demon kills nobody that
    night (the Cannibal and the Princess). lives_without_ability: the first, whose host is executed while the second
    lives, lives without its ability (the Lleech with the Mastermind). slayer_kills_host: the Slayer's shot at the
    Lleech's host kills the host. no_execution_day_five: the fifth day ends with no execution while the first is in
    play: good wins (the Leviathan and the Mayor). executed_good_wins: the first (sober), or the player a living
    sober first chose last night (the Monk's, the Innkeeper's, the Exorcist's), nominated by the second and
    executed: good wins (the Soldier and the Riot). grimoire_hidden: while the first lives sober, the second does
    not wake to see the Grimoire (the Poppy Grower). vizier_not_fear: the second cannot execute at once the player
    the first chose (the Fearmonger's Fear). minion_gains_instead: the first's ability, which the second would give
    the storyteller, goes to a Minion. demon_chooses_nightly: while both are in play, the second (the Leviathan, the
    Riot) wakes each night but the first to choose a living player it has not chosen before; the first chosen uses
    its ability that night (the Ravenkeeper, the Sage, the Farmer) but does not die, or dies of it (the Banshee).
    knows_and_lacks: while the second is in play, the first is woken to learn it on the first night and has no
    ability (the Engineer with Legion). safe_by_day_when_lost: the second, its ability taken by the first, still
    cannot die by day (the Vizier, by the Preacher or the Courtier). learns_gained: the first, gaining the second's
    ability, is woken that night to learn it (the Cannibal the Zealot's). prompt_instead: while the other of the
    pair is alive, this jinx's text is the prompt at the step of the character in ``at`` (the Marionette's, while
    the Magician lives), not a note beside it. may_choose: the first may choose the second though its ability says a
    good character (the Cerenovus the Goblin). registers_as_demon: the second registers as the Demon to the first
    (the Summoner to the Clockmaker). not_announced: while the first is in play, the table is not told at dawn who
    the second is (the Vizier with the Investigator). only_one_in_play: never both in play. holder_lacks: the first,
    given the second's ability, does not have it (the Alchemist and the Widow, the Spy or the Mastermind).
    decide_after: the first's setup decisions wait until the second has acted on the first night (the Bounty
    Hunter's evil Townsfolk, after the Kazali), and are made only if the first is still in play.
    cannibal_learns_juggles: a living Cannibal given the Juggler's ability by its execution learns that night how
    many of the Juggler's day-one guesses were right. chambermaid_sees_mathematician: the Mathematician, alive,
    counts as waking tonight to the Chambermaid who wakes before it. drunk_counts: the Drunk counts to the
    Mathematician. lunatic_attack_counts: a Lunatic who attacked other players than the ones the Demon killed counts
    to the Mathematician. jump_not_caught: a Demon that dies passing itself on to another player (the Fang Gu's
    jump) is not caught by the other (the Scarlet Woman). kept_after_source_dies: the first keeps an ability the
    second let it keep, even when the second dies (the Mastermind and the Vigormortis). extra_copy: the first may
    make (or give) the second even while it is in play (the Pit-Hag an extra Village Idiot). both_drunk: a player of
    the first holding the second's ability and a player of the second are both drunk while both are otherwise sober
    (the Alchemist and the Organ Grinder). stays_evil: an evil player one of them makes the other keeps evil against
    that character's own ability (the Pit- Hag's evil Goon). secret_vote_note: while the second makes the votes
    secret, the vote note of the first's reminders is this jinx's text instead ({seat}: the marked player,
    {by_seat}: the placer; the Butler's Master under the Organ Grinder's eyes-closed votes).
    gained_turns_townsfolk_evil: when the second gains the first's ability, a Townsfolk may turn evil: the
    storyteller is asked which, or none (the Philosopher taking the Bounty Hunter's). cannot_give: the first may not
    give the second's ability (the Boffin the Heretic's)."""
    guess_after_execution: bool = False
    """After each execution the first (holding the second's ability the jinx keeps from it, the Alchemist's; or
    itself, the Magician) may publicly guess a living player as the second: right, the Demon must choose that
    player that night."""
    chosen_dies: bool = False
    """demon_chooses_nightly: the first, chosen, dies as the Demon's kill (the Banshee), instead of using its
    ability and living."""
    when_held: bool = False
    """The note is said at a step in ``at`` only when the player waking there is the pair's other
    character holding that step's ability (the Cannibal with the Butler's), not at the character's own."""


def read_jinxes(path: Path) -> list[Jinx]:
    """Parse data/jinxes.yaml.

    Raises:
        DataError: unreadable or of the wrong shape.
    """
    try:
        return TypeAdapter(list[Jinx]).validate_python(load_yaml(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, yaml.YAMLError) as exc:  # pydantic errors are ValueErrors
        raise DataError(f"{path}: {exc}") from exc


@cache
def jinxes() -> list[Jinx]:
    """The jinxes from data/, read once."""
    return read_jinxes(data_dir() / "jinxes.yaml")


def described(a: str, b: str) -> Jinx | None:
    """Our description of the jinx between ``a`` and ``b``, if we have one."""
    return next((j for j in jinxes() if set(j.pair) == {a, b}), None)


def forbidden_together(ids: set[str]) -> list[tuple[str, str]]:
    """Pairs in ``ids`` that a jinx says cannot both be in play."""
    return [j.pair for j in jinxes() if j.rule == "only_one_in_play" and set(j.pair) <= ids]


def holder_lacks(holder: str, ability: str) -> bool:
    """Whether a jinx says ``holder`` cannot have ``ability`` even when given it."""
    return any(j.rule == "holder_lacks" and j.pair == (holder, ability) for j in jinxes())


def cannot_give(giver: str, ability: str) -> bool:
    """Whether a jinx says ``giver`` may not give ``ability`` (the Boffin the Politician's)."""
    return any(j.rule == "cannot_give" and j.pair == (giver, ability) for j in jinxes())


def secret_vote_note(reminder_source: str, secret: set[str]) -> Text | None:
    """The jinx text said at a secret vote instead of the vote note of ``reminder_source``'s reminder,
    while a player with one of the characters or abilities ``secret`` makes the votes secret."""
    return next((j.text for j in jinxes() if j.rule == "secret_vote_note" and j.pair[0] == reminder_source
                 and j.pair[1] in secret), None)  # fmt: skip


def ruled_pair(rule: str, first: str, second: str) -> bool:
    """Whether a jinx with ``rule`` pairs ``first`` with ``second``, in that order."""
    return any(j.rule == rule and j.pair == (first, second) for j in jinxes())


def ruled(rule: str, in_play: set[str]) -> bool:
    """Whether a jinx with ``rule`` holds between characters in play."""
    return any(j.rule == rule and set(j.pair) <= in_play for j in jinxes())


def poisoned_by(character: str | None) -> frozenset[str]:
    """The characters a jinx poisons ``character`` by while they are or have been in play
    (``poisoned_while_in_play``: the Damsel, by the Spy and the Widow); none for most."""
    return _poisoners().get(character or "", frozenset())


@cache
def _poisoners() -> dict[str, frozenset[str]]:
    found: dict[str, set[str]] = {}
    for j in jinxes():
        if j.rule == "poisoned_while_in_play":
            found.setdefault(j.pair[0], set()).add(j.pair[1])
    return {k: frozenset(v) for k, v in found.items()}


@cache
def poisoning_presences() -> frozenset[str]:
    """The characters whose having been in play a jinx remembers (``poisoned_while_in_play``'s second)."""
    return frozenset(x for v in _poisoners().values() for x in v)


def guessed_character(character: str | None, shown: str | None, present: set[str]) -> str | None:
    """What a player of ``character`` may publicly guess after an execution (``guess_after_execution``): the
    character whose ability a jinx showed them and keeps from them (``shown``: the Alchemist-Spy guesses the Spy),
    or, where no jinx keeps it, the second of the pair on the script (``present``: the Magician, the Wraith)."""
    for j in jinxes():
        if not j.guess_after_execution or j.pair[0] != character:
            continue
        if holder_lacks(j.pair[0], j.pair[1]) and shown == j.pair[1]:
            return j.pair[1]
        if not holder_lacks(j.pair[0], j.pair[1]) and j.pair[1] in present:
            return j.pair[1]
    return None


def lacks_while(ability: str | None, in_play: set[str]) -> str | None:
    """The character in play whose presence takes ``ability`` away (``no_ability_while``: the Vizier, from the
    Magician, which is immune to it; Legion, from the Hatter)."""
    return next((j.pair[1] for j in jinxes() if j.rule == "no_ability_while" and j.pair[0] == ability
                 and j.pair[1] in in_play), None)  # fmt: skip


@cache
def keeps_ability(character: str, against: str) -> bool:
    """Whether a jinx lets ``character`` keep its ability against ``against``'s (``keeps_ability_against``:
    Legion against the Minstrel and the Preacher)."""
    return ruled_pair("keeps_ability_against", character, against)


def not_announced(ability: str, in_play: set[str]) -> bool:
    """Whether a jinx keeps the table from being told who holds ``ability`` (``not_announced``: the Vizier, while
    the Investigator or the Alsaahir is in play)."""
    return any(j.rule == "not_announced" and j.pair[1] == ability and j.pair[0] in in_play for j in jinxes())


def registers_as_demon(character: str | None, to: str) -> bool:
    """Whether a jinx makes ``character`` register as the Demon to the ability ``to`` (``registers_as_demon``:
    the Summoner to the Clockmaker)."""
    return ruled_pair("registers_as_demon", to, character or "")


def prompt_instead(step: str, alive: set[str], actor: str | None = None) -> Text | None:
    """The prompt a jinx says instead of ``step``'s own while the other of its pair is alive (``prompt_instead``:
    the Demon shown the Marionette without being told which neighbour, while the Magician lives); a ``when_held``
    one only where the player waking there (``actor``) is the other of the pair, holding ``step``'s ability (the
    Alchemist with the Boffin's, who does not learn the Demon's ability)."""
    for j in jinxes():
        if j.rule != "prompt_instead" or step not in j.at:
            continue
        other = set(j.pair) - {step}
        if (actor in other and actor != step) if j.when_held else other <= alive:
            return j.text
    return None


def knows_and_lacks(ability: str, in_play: set[str]) -> str | None:
    """The character in play whose presence takes ``ability`` away, learnt on the first night (a jinx,
    ``knows_and_lacks``: Legion takes the Engineer's)."""
    return next((j.pair[1] for j in jinxes() if j.rule == "knows_and_lacks" and j.pair[0] == ability
                 and j.pair[1] in in_play), None)  # fmt: skip


def decided_after(owner: str, in_play: set[str]) -> str | None:
    """The character whose first-night act ``owner``'s setup decisions wait for, if one is in play."""
    return next((j.pair[1] for j in jinxes() if j.rule == "decide_after" and j.pair[0] == owner
                 and j.pair[1] in in_play), None)  # fmt: skip


def both_drunk_pairs() -> list[tuple[str, str]]:
    """The pairs (holder, ability) whose players are both drunk while both are otherwise sober."""
    return [j.pair for j in jinxes() if j.rule == "both_drunk"]


def stays_evil(maker: str, made: str) -> bool:
    """Whether an evil player ``maker`` turns into ``made`` keeps evil against ``made``'s own ability."""
    return any(j.rule == "stays_evil" and set(j.pair) == {maker, made} for j in jinxes())
