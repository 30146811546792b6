"""The shape of data/growl/texts.yaml: everything the app says, in Korean and English."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from moderator.commands.phrases import Intent
from moderator.growl.rules import Condition, Model
from moderator.i18n import Lang, Text

Winner = Literal["humans", "werewolves"]

#: Why a command is refused; each names a text in texts.yaml ``refusals``.
Refusal = Literal[
    "not_now", "answer_yes_no", "say_start_seat", "say_gold", "gold_unclear", "no_such_seat", "already_dead",
    "card_drawn_already", "final_too_early", "night_card_last", "werewolves_all_won", "no_living_winner",
    "no_loser", "seat_not_named", "died_or_nobody", "word_not_a_death",
    "nobody_alive", "too_much_gold", "answer_who_died", "game_over", "bad_number",
]  # fmt: skip


class Who(Model):
    named: Text
    seat: Text
    nobody: Text


class SetupTexts(Model):
    intro: Text
    night_cards: Text
    remove_none: Text
    remove_some: Text
    remove_item: Text
    mark: Text
    """A card's player-count mark as said ("6+": "6인 이상", "six-plus"), no symbol reaching the voice."""
    marks_joined: Text
    first_wolves: Text
    deal: Text
    place: Text
    start_first: Text
    start_gold: Text
    start_tie: Text


class SniffTexts(Model):
    intro: Text
    close: Text
    wolves_open: Text
    wolves_close: Text
    open: Text
    outro: Text


class DayTexts(Model):
    turn_first: Text
    turn: Text
    morning: Text


class ConditionTexts(Model):
    question: Text
    unmet: Text
    met: Text | None = None
    """Said instead of asking, when the app's own record already answers the question."""
    counted: int | None = None
    """A question about how many players: a count said instead of yes or no ("세 명") answers it, yes from
    this many up (the Gift's 2)."""


class NightTexts(Model):
    drawn: Text
    drawn_final: Text
    drawn_unnamed: Text
    drawn_final_unnamed: Text
    unnamed: Text
    conditions: dict[Condition, ConditionTexts]
    read: Text
    effect: Text
    read_end: Text
    cannot_give: Text
    pass_intro: Text
    pass_skip: Text
    count: Text
    pass_done: Text
    more_deaths: Text
    checks: Text


class EndTexts(Model):
    by_nights: Text
    by_deaths: Text
    wolf_zeroes: Text
    all_wolves: Text
    ask: Text
    nobody_alive: Text
    """In place of :attr:`ask` when everyone is dead: the werewolves have won."""
    winner: dict[Winner, Text]
    team: dict[Winner, Text]
    gold_ask: Text
    gold_gain: Text
    gold_none: Text
    standings: Text
    rank: Text
    rank_tied: Text
    """A rank shared by several players ("공동 1위")."""
    rank_sep: Text
    another: Text
    evening_over: Text
    evening_over_tied: Text
    """The evening's end when several players share the most gold."""


class FlowTexts(Model):
    paused: Text
    resumed: Text
    undone: Text
    nothing_to_undo: Text
    redone: Text
    nothing_to_redo: Text
    not_understood: Text
    help: Text
    refused: Text
    read_back: Text
    died: Text
    turn_passes: Text
    undone_death: Text
    undone_gold: Text
    undone_card: Text
    undone_winner: Text
    undone_start: Text
    where: Text
    where_game: Text
    where_after_game: Text
    where_night: Text
    where_turn: Text


class Refusals(Model):
    not_now: Text
    answer_yes_no: Text
    say_start_seat: Text
    say_gold: Text
    gold_unclear: Text
    no_such_seat: Text
    seat_not_named: Text
    died_or_nobody: Text
    word_not_a_death: Text
    already_dead: Text
    card_drawn_already: Text
    final_too_early: Text
    night_card_last: Text
    werewolves_all_won: Text
    no_living_winner: Text
    no_loser: Text
    nobody_alive: Text
    too_much_gold: Text
    answer_who_died: Text
    game_over: Text
    bad_number: Text

    def text(self, reason: str) -> Text | None:
        value = getattr(self, reason, None)
        return value if isinstance(value, Text) else None


class CliTexts(Model):
    """What the command line says of a table it cannot seat."""

    player_count: Text
    same_name: Text


class Texts(Model):
    ordinals: list[Text]
    ordinal: Text
    who: Who
    setup: SetupTexts
    sniff: SniffTexts
    day: DayTexts
    night: NightTexts
    end: EndTexts
    flow: FlowTexts
    refusals: Refusals
    cli: CliTexts


class LostWords(Model):
    """At the gold step, "no" answers of one kind (``lost``: "my team lost"; ``unclear``: a bare no that
    may mean either, refused with the way to say it)."""

    ko: list[str]
    en: list[str]


class GrowlPhrases(Model):
    """Extra command templates per language (data/growl/phrases.yaml), keyed by shared intent."""

    ko: dict[Intent, list[str]]
    en: dict[Intent, list[str]]
    lost: LostWords
    unclear: LostWords
    stop: LostWords
    """At "another game?" (the standings), words that mean no more games tonight ("오늘은 여기까지")."""
    again: LostWords
    """At "another game?", words that mean one more ("한 판 더")."""
    voice: dict[Lang, dict[Intent, list[str]]] = Field(default_factory=dict)
    """Spoken forms added to the shared ones, per language (the loser's "lost" at the gold step)."""
