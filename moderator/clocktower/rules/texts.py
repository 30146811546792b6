"""The app's own step texts (data/steps.yaml): pseudo-steps and the templates around prompts."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

import yaml
from pydantic import ValidationError

from moderator.clocktower.rules.schema import Model, Status
from moderator.errors import DataError
from moderator.i18n import Lang, Text
from moderator.paths import data_dir
from moderator.yamlio import load_yaml


class PseudoStep(Model):
    cue: Text
    """What the headset hears at this step with ``[tts] detail = "cue"``."""
    prompt: Text
    public: Text | None = None
    effect: str | None = None
    """A named effect whose true answer is read out at this step (the Minion and Demon info)."""


class Templates(Model):
    cue_step: Text
    cue_status: Text
    player_step: Text
    unseated_step: Text
    sheet_step: Text
    generic: Text
    acting_as: Text
    became: Text
    impaired: Text
    status: dict[Status, Text]


class Flow(Model):
    """What the game flow says between the characters' own prompts."""

    truth: Text
    any_of_team: dict[str, Text]
    answer_words: dict[str, Text]
    """A character the storyteller chooses of that team (a Spy registering as a Townsfolk)."""
    truth_after: Text
    may_register: Text
    proposed: Text
    registerer: Text
    refused: Text
    refused_plain: Text
    kept: Text
    not_understood: Text
    nothing_to_undo: Text
    undone: Text
    redone: Text
    nothing_to_redo: Text
    partial: Text
    day: Text
    day_public: Text
    deaths_public: Text
    no_deaths_public: Text
    revived_public: Text
    roll_public: Text
    roll_nobody: Text
    nominated: Text
    nominated_secret: Text
    storyteller_nominated: Text
    storyteller_vote_public: Text
    storyteller_on_block: Text
    storyteller_executed_public: Text
    vote_public: Text
    vote_public_secret: Text
    ghosts: Text
    on_block: Text
    tie: Text
    not_enough: Text
    executed_public: Text
    executed_survived_public: Text
    no_execution_public: Text
    execution_fails_public: Text
    died_public: Text
    winner_public: dict[Literal["good", "evil"], Text]
    over: Text
    reveal_line: Text
    reveal_believed: Text
    reveal_ability: Text
    alignment: dict[Literal["good", "evil"], Text]
    jinx: Text
    swapped: Text
    who: Text
    demon_blocked: Text
    demon_blocked_by: Text
    exorcised: Text
    lunatic_chose: Text
    ability_used: Text
    protected: Text
    read_back: Text
    unseated: Text
    bluffs: Text
    no_day_ability: Text
    day_ability_not_now: Text
    answer_yes: Text
    answer_no: Text
    need_seat: Text
    need_character: Text
    night_title: Text
    false_info: Text
    wakes_demon: Text
    nothing_to_give: Text
    no_one_to_choose: Text


class RuleTexts(Model):
    """What the rules' effects and triggers say (their slots filled with :func:`filled`)."""

    impaired: Text
    jinx_turns_evil: Text
    snakecharmer_swapped: Text
    thumb: dict[str, Text]
    nightwatchman_wake: Text
    nightwatchman_impaired: Text
    no_minion_left: Text
    no_minion_alive: Text
    no_townsfolk_to_poison: Text
    innkeeper_drunk: Text
    nothing_happens: Text
    seat_dies: Text
    good_wins: Text
    pixie_mad: Text
    innkeeper_which: Text
    registers_demon_to: Text
    registers_as_guessed: Text
    star_pass: Text
    star_pass_scarletwoman: Text
    sailor_which: Text
    exorcist_demon: Text
    gossip_true: Text
    scarletwoman_became: Text
    decide: Text
    alsaahir_demon: Text
    demon_kill_bounces: Text
    registers_townsfolk_to: Text
    nominator_executed: Text
    mayor_wins: Text
    bountyhunter_evil: Text
    dreamer_false: Text
    sage_other: Text
    mathematician_counted: Text
    none_counted: Text
    voters_unsaid: Text
    say_voters: Text
    fanggu_jumped: Text
    registers_outsider_to: Text
    registers_minion_to: Text
    vigormortis_which: Text
    cerenovus_tell: Text
    evil: dict[str, Text]
    """The Experimental Minions' and Demons' texts (rules/effects/experimental_evil.py), by name."""
    mutant_note: Text
    learns_gained: Text
    pithag_places: Text
    became_tell: Text
    in_play_nothing: Text
    arbitrary_deaths: Text
    arbitrary_kill: Text
    barber_tell: Text
    cursed_nominator: Text
    pacifist_survives: Text
    scapegoat_instead: Text
    sober_healthy: Text
    nobody_dies_tonight: Text
    minion_gains: Text
    shabaloth_regurgitate: Text
    shabaloth_which: Text
    extra_evil: Text
    jinx_guessed_public: Text
    jinx_guess_right: Text
    jinx_guess_wrong: Text
    must_choose: Text
    toymaker_no_attack: Text
    doomsayer_pick: Text
    fiddler_duel: Text
    evil_capped: Text
    djinn_jinxes: Text
    djinn_none: Text
    stormcatcher_marked: Text
    stormcatcher_absent: Text
    tor_learns: Text
    tor_learns_day: Text
    tor_none: Text
    may_survive_execution: Text
    roshambo_survives: Text
    # the Experimental Townsfolk and Outsiders (effects/experimental_good.py)
    damsel_becomes: Text
    no_townsfolk_left: Text
    damsel_guessed: Text
    vote_token_given: Text
    seats_swapped: Text
    votes_with_token: Text
    vote_not_paid: Text
    vote_not_counted_without_master: Text
    banshee_public: Text
    jinx_pick_acts: Text
    became_farmer: Text
    preacher_minion: Text
    puzzle_right: Text
    puzzle_wrong: Text
    puzzle_tonight: Text


class EditTexts(Model):
    """What the storyteller's hand on the grimoire, going anywhere in the night, the printed grimoire and
    sheet, help, and the end of the game say (data/steps.yaml ``edits``)."""

    revived: Text
    untrue_given: Text
    kinds: dict[Literal["yesno", "number", "player", "character", "any"], Text]
    dies_tonight: Text
    drunk_is_drunk: Text
    alignment_set: Text
    status_set: Text
    status_is_not_the_pick: Text
    """After a status by hand at a step whose pick gives that status ("6번 중독" at the Widow's)."""
    sober_set: Text
    sober_overrules: Text
    states: dict[Literal["poisoned", "drunk", "sober"], Text]
    reminder_put: Text
    reminder_moved: Text
    reminder_taken: Text
    noted: Text
    game_noted: Text
    timer_started: Text
    nomination_timer_started: Text
    timer_stopped: Text
    no_timer: Text
    notes_cleared: Text
    ability_spent: Text
    ability_back: Text
    ghost_vote_spent: Text
    ghost_vote_back: Text
    traveller_alignment: Text
    traveller_public: Text
    seats_moved_up: Text
    left: Text
    seats_moved_down: Text
    exile_vote: Text
    exiled_public: Text
    exile_survived: Text
    exile_failed: Text
    fabled_added: Text
    fabled_removed: Text
    bluffs_set: Text
    loric_added: Text
    loric_removed: Text
    skipped: Text
    went_to: Text
    went_back_to: Text
    part_seat: Text
    part_second_seat: Text
    part_character: Text
    character_part: Text
    none_given: Text
    none_given_character: Text
    nothing_said: Text
    seat_word: Text
    second_seat_word: Text
    dead: Text
    ghost_vote_left: Text
    no_ghost_vote: Text
    placed_by: Text
    by_seat: Text
    by_storyteller: Text
    notes: Text
    fabled: Text
    grimoire_title: Text
    phase_night: Text
    phase_day: Text
    phase_over: Text
    phase_setup: Text
    sheet_line: Text
    sheet_states: dict[Literal["current", "done", "skipped", "asleep", "todo", "dead"], Text]
    help_title: Text
    help_line: Text
    help_edits: Text
    won_by: dict[Literal["no_demon", "two_alive", "two_alive_no_demon"], Text]
    won_by_ability: Text
    over_end: Text
    ended: Text
    voice_edit: Text
    step_changed: Text


class TruthLabel(Model):
    """How a part of a true answer is named when it is read out (Minion and Demon info, say)."""

    ko: str
    en: str
    seats: bool = False
    """Its values are seats: read as "seat 3 (c)", not "3"."""


class StepTexts(Model):
    pseudo: dict[str, PseudoStep]
    templates: Templates
    flow: Flow
    refusals: dict[str, Text]
    truth_labels: dict[str, TruthLabel]
    rules: RuleTexts
    edits: EditTexts
    claims: dict[str, str]
    """A day command anyone may claim, to the character whose day step it runs ('slays': the Slayer)."""

    def refusal(self, reason: str, lang: Lang, **slots: object) -> str:
        """A refusal's text, or its id if the data has none."""
        text = self.refusals.get(reason)
        return text(lang, **{k: v(lang) if isinstance(v, Text) else v for k, v in slots.items()}) if text else reason


def filled(text: Text, **slots: object) -> Text:
    """``text`` with its slots filled in both languages; a :class:`Text` slot gives each language its own."""

    def one(lang: Lang) -> str:
        return text(lang, **{k: v(lang) if isinstance(v, Text) else v for k, v in slots.items()})

    return Text(ko=one("ko"), en=one("en"))


def read_step_texts(path: Path) -> StepTexts:
    """Parse data/steps.yaml.

    Raises:
        DataError: unreadable or of the wrong shape (the message names the file and key).
    """
    try:
        return StepTexts.model_validate(load_yaml(path.read_text(encoding="utf-8")))
    except (OSError, yaml.YAMLError) as exc:
        raise DataError(f"{path}: cannot read: {exc}") from exc
    except ValidationError as exc:
        where = "; ".join(f"{'.'.join(str(x) for x in e['loc'])}: {e['msg']}" for e in exc.errors())
        raise DataError(f"{path}: {where}") from exc


@cache
def step_texts() -> StepTexts:
    """The step texts from data/, read once."""
    return read_step_texts(data_dir() / "steps.yaml")
