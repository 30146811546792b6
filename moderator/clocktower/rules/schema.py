"""The shapes of the rules data: what a file under data/ may say.

Every model forbids unknown keys, so a typo in a data file is an error, not a silent default.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from moderator.clocktower.grimoire.state import Alignment as Alignment  # the grimoire's word, used by the data too
from moderator.i18n import Text

Team = Literal["townsfolk", "outsider", "minion", "demon", "traveller", "fabled", "loric"]
Expect = Literal["confirm", "seat", "two_seats", "character", "yesno", "number", "direction", "alignment"]
Status = Literal["drunk", "poisoned"]
Until = Literal[
    "dusk",  # removed at the next dusk (Innkeeper, Organ Grinder)
    "dawn",  # removed at the next dawn
    "source_dies",  # while the player who placed it lives (Widow)
    "permanent",  # never removed by the rules (Snake Charmer swap)
    "good_executed",  # until a good player dies by execution (Cannibal)
    "source_sober",  # while the source is alive, sober and healthy (Philosopher)
    "manual",  # only the storyteller removes it
    "dusk_tomorrow",  # placed by day: removed at the dusk after the next day (the Minstrel's)
    "demon_rests",  # removed when the Demon chooses to attack nobody (the Toymaker's Final Night: No Attack)
]

GOOD_TEAMS: tuple[Team, ...] = ("townsfolk", "outsider")
EVIL_TEAMS: tuple[Team, ...] = ("minion", "demon")


class Model(BaseModel):
    """Base for every data model: unknown keys are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Fact(Model):
    """One official character, as data/reference/characters-facts.json (bundled with the app) gives it."""

    id: str
    name: str
    team: Team
    edition: str
    setup: bool
    reminders: list[str]
    remindersGlobal: list[str]
    firstNight: int | None
    otherNight: int | None
    special: list[dict[str, object]] | None = None


class ReminderSpec(Model):
    """A reminder token and what it means to the rules while it lies in the grimoire."""

    en: str = Field(description="The official reminder name.")
    ko: str
    status: Status | None = Field(None, description="The marked player is drunk or poisoned.")
    until: Until | None = Field(None, description="When the rules remove the token by themselves.")
    registers_as: Literal["evil", "demon"] | None = Field(
        None, description="The marked player registers as this to information abilities."
    )
    registers_for: list[str] = Field(
        default_factory=list, description="Character ids whose abilities see the registration; empty: all."
    )
    protects: bool = Field(False, description="The marked player cannot die tonight (Innkeeper's Safe).")
    protects_from: Literal["any", "demon", "execution", "not_execution"] = Field(
        "any",
        description="What ``protects`` keeps away: any death at night, only the Demon's kill (Monk), the "
        "death of an execution (Devil's Advocate), or every death but by execution, by day too (Storm Catcher).",
    )
    becomes: str | None = Field(
        None, description="When ``until`` removes it, this reminder of the same owner takes its place (a countdown)."
    )
    with_holder: bool = Field(
        False, description="It goes when the player it lies by dies (the Organ Grinder's About To Die, executed)."
    )
    placer_votes_with: bool = Field(
        False, description="While it lies and its placer is alive and sober, the placer votes only if the marked "
        "player votes too (the Butler's Master): voters said without the marked player are refused.",
    )
    holder_teams: list[Team] = Field(
        default_factory=list,
        description="It lies by a player of these types: when the player's character changes to another type, "
        "it is taken off, to be placed again (Lil' Monsta's Is The Demon, by a Minion). Placed by hand, it stays.",
    )
    vote_note: Text | None = Field(
        None,
        description="Said to the storyteller at every vote while it lies and its placer is sober (the Butler's "
        "Master); {seat}: the marked player, {by_seat}: the placer.",
    )
    needs_source: Literal["alive", "sober"] | None = Field(
        None, description="Besides ``until``: it works only while its source is alive (and sober)."
    )
    keeps_ability: bool = Field(
        False, description="The marked player's ability works though they are dead (the Vigormortis's Has Ability)."
    )
    vote_weight: int | None = Field(
        None,
        description="While it lies and its placer is alive and sober, the marked player's vote counts as this many "
        "(the Thief's Negative Vote: -1, the Bureaucrat's 3 Votes: 3) when the voters are named; never at an exile.",
    )
    day_note: Text | None = Field(
        None,
        description="Said to the storyteller while the day is open, while it lies and its placer is sober (the "
        "Cerenovus's Mad); {seat}: the marked player, {by_seat}: the placer, {character}: what it is about.",
    )
    status_others: Status | None = Field(
        None, description="While it lies, every other player has this status (the Minstrel's Everyone Is Drunk)."
    )
    shown_dead: bool = Field(
        False, description="The marked player is shown dead to the table though alive (the Zombuul's Dead)."
    )
    no_nominating: bool = Field(
        False, description="The marked player may not nominate (the Golem's May Not Nominate, once it has)."
    )
    nominations: int | None = Field(
        None, description="The marked player may nominate this many times a day, alive or dead, while sober (the "
        "Banshee's Has Ability: 2).",
    )
    misregisters: bool = Field(
        False, description="The marked player may register as the other alignment (the Revolutionary's Aligned: "
        "once per game, one of them may register falsely).",
    )
    sober: bool = Field(
        False, description="While it lies, the marked player is sober and healthy whatever else lies there (the "
        "storyteller's Sober, the Barista's Sober & Healthy); the Drunk stays the Drunk.",
    )
    acts_twice: bool = Field(
        False, description="While it lies, the marked player's night ability works twice: right after their step "
        "they are woken for it again (the Barista's Acts Twice).",
    )
    keeps_character: bool = Field(
        False, description="At its source's night step the marked player is not the one whose character changes "
        "(the Cacklejack's Not Me): 'seat N is X' for them is refused there."
    )
    may_survive_execution: bool = Field(
        False, description="The marked player's execution is a question to the storyteller, proposing they die "
        "(the Ventriloquist's Mad: they might not die if executed today).",
    )
    announced: Text | None = Field(
        None, description="Told to the whole table when the token is placed as the storyteller answers (the Gnome's "
        "Amigo: 'All players start knowing a player of your alignment'); {seat} and {name} are filled.",
    )


class Choice(Model):
    """Constraints on the seats a step may be answered with."""

    alive: bool | None = Field(None, description="True: living players only; False: dead only.")
    not_self: bool = False


class Step(Model):
    """One thing the storyteller does when a character wakes, or uses a day ability."""

    prompt: Text = Field(description="Spoken to the storyteller; {seat}, {name} and {character} are filled.")
    impaired_prompt: Text | None = Field(
        None, description="Said instead of ``prompt`` while the player is drunk or poisoned (the Wraith, told to "
        "keep its eyes closed)."
    )
    false_info_prompt: Text | None = Field(
        None, description="Said instead of ``prompt`` where the information must be false (the Savant's two statements "
        "under the Vortox: both false).",
    )
    unseen_prompt: Text | None = Field(
        None, description="Said instead of ``prompt`` while a jinx hides the Grimoire from the player (the Widow "
        "with a living Poppy Grower: condition ``sees_grimoire``)."
    )
    expects: list[Expect] = Field(default_factory=lambda: list[Expect](["confirm"]))
    effect: str | None = Field(None, description="A named effect function (moderator.clocktower.rules.effects).")
    wake_if: str = Field("alive", description="A named wake condition (moderator.clocktower.rules.conditions).")
    choose: Choice | None = None
    public: Text | None = Field(None, description="Spoken to the whole table, if anything.")
    by_storyteller: bool = Field(
        False, description="The storyteller, not the player, makes the choice (the Gossip's kill): no Goon reacts."
    )
    expects_as_believed: bool = Field(
        False, description="Answered as the character the player believes they are would answer its first step (the "
        "Lunatic who thinks they are the Shabaloth chooses two players).",
    )
    chooses_players_of: bool = Field(
        False, description="The character chosen stands for its players, who count as chosen (the Courtier's: "
        "choosing the Goon, the Courtier is drunk and the Goon takes its alignment).",
    )
    command: Literal["ability", "guess", "swap"] | list[Literal["ability", "guess", "swap"]] = Field(
        "ability", description="A day step: the command that uses it ('uses their ability', or 'guesses'), or both "
        "(a public guess: the Damsel's by a Minion, the Puzzlemaster's); 'swap': 'swap seat N and seat M' by day, "
        "while its holder can use it, is this step, the holder's seat first (the Matron's).",
    )
    opens_step: bool = Field(
        False,
        description="A day step that, once used, is a step of its own (named by the character) taking its "
        "answers there until it ends or 'next' (the Juggler's guesses, the Artist's yes or no).",
    )
    shows_most: int | None = Field(
        None, ge=0, description="The greatest number this step can show, true or false (the Empath's 2: two "
        "neighbours): a greater one is refused, drunk or poisoned as the player may be."
    )
    part: Text | None = Field(
        None, description="What the character part of a seat-and-character step is, asked for alone "
        "('Minion' for the Kazali: 'the Minion for seat 6?')."
    )
    used_by: Team | Literal["any", "dead"] | None = Field(
        None, description="A day step used by a player of this type (any: every player), not the holder, while the "
        "holder (or the Fabled) is in play ('seat N uses their ability on seat M', N a Minion: the Damsel's guess; "
        "the Doomsayer's call, the Fiddler's duel); 'dead': by a dead player, who may use nothing else (a dead "
        "player's vote token given to the Beggar)."
    )
    asked: bool = Field(
        True, description="A day step with ``wake_if: learnt_death``: put to the storyteller as a question when the "
        "death is learnt (the Klutz's pick). False: taken only when said ('seat N uses their ability on seat M', "
        "the dead Moonchild's public pick, proposed again at its night step)."
    )
    wakes: Literal["holder", "demon"] = Field(
        "holder",
        description="Who the storyteller wakes for this night step: the ability's holder, or the Demon (the "
        "Barber's haircuts); the prompt is addressed to that player (its seat) and names them.",
    )


class Night(Model):
    """The steps of a character's ability on the first night and on other nights."""

    first: list[Step] = Field(default_factory=list)
    other: list[Step] = Field(default_factory=list)
    after: str | None = Field(
        None, description="Where these steps go on a night the official order gives the character no place: "
        "right after this step, a pseudo-step or a character id (the Djinn's jinxes, right after dusk: a Fabled "
        "added at the game's start, at dusk, still comes).",
    )


class Setup(Model):
    """How a character changes the setup (the text in [brackets])."""

    in_bag: bool = Field(True, description="False: the token never goes in the bag (Drunk, Lil' Monsta).")
    outsiders: list[int] | None = Field(
        None, description="The Outsider count changes the storyteller may choose from, e.g. [0, 1]."
    )
    minions: int = Field(0, description="Change in the Minion count (Lil' Monsta: +1).")
    believes: Team | None = Field(None, description="The player believes they are a character of this team.")
    extra_copies: list[int] | None = Field(
        None, description="How many extra copies may replace Townsfolk (Village Idiot: [0, 1, 2])."
    )
    brings: str | None = Field(
        None, description="In the bag, this character is in the bag too (the Huntsman's Damsel, the Choirboy's King); "
        "of another type, it may replace one of the bringer's."
    )
    evil_townsfolk: int = Field(0, description="How many Townsfolk start evil (Bounty Hunter: 1).")
    demon_picks_minions: bool = Field(False, description="No Minions in the bag; the Demon makes them.")
    demons: int = Field(0, description="Change in the Demon count at the start (the Summoner's no Demon: -1).")
    most_players: bool = Field(
        False, description="More than half the players are this character, and any number of Minions (Legion)."
    )
    marks_demon: str | None = Field(
        None, description="When this Fabled comes into play, each Demon gets this reminder (the Toymaker's Final "
        "Night: No Attack)."
    )
    marks_aligned_pair: str | None = Field(
        None, description="At setup, two neighbours of one alignment get this reminder, to be announced (the "
        "Revolutionary's Aligned)."
    )
    seated: Literal["beside_demon", "evil_in_line"] | None = Field(
        None, description="Where it sits: beside the Demon (the Marionette), or in the middle of a line of every "
        "evil player (the Lord of Typhon); the count check says when it does not.",
    )
    duplicates: int = Field(
        0, description="In play at setup (a Loric), this many Townsfolk of the bag are replaced by copies of other "
        "good characters in it (the Pope's duplicates)."
    )
    no_evil_info: bool = Field(False, description="The first night skips Minion and Demon info (Lil' Monsta).")
    holds_team: Team | None = Field(
        None, description="It has the ability of every other character of this type on the script, all at once "
        "(the Hermit's Outsiders), given at setup; not one a player only believes they have (the Drunk's)."
    )
    no_evil: bool = Field(
        False, description="No evil character goes in the bag: good tokens only, no Demon and no Minion; with no "
        "Demon the game goes on, and two players alive is evil's win (the Atheist)."
    )
    evil_info: bool = Field(
        False, description="In play, the first night has Minion and Demon info whatever the player count (the "
        "Toymaker's normal starting info)."
    )
    extra_evil: int | None = Field(
        None, description="In play, at most this many players may be evil beyond the starting evil players "
        "(the Spirit of Ivory's one): the storyteller is told by day when more are."
    )


class Target(Model):
    """Who a storyteller decision may pick."""

    alignment: Alignment | None = None
    teams: list[Team] = Field(default_factory=list)
    not_self: bool = False
    same_character: bool = Field(False, description="Only players of this same character.")
    other_alignment: bool = Field(False, description="Only players of the other alignment than the owner's.")
    same_alignment: bool = Field(False, description="Only players of the owner's alignment (the Gnome's Amigo).")
    in_play: bool | None = Field(None, description="For characters: must (True) or must not (False) be in play.")


class Decision(Model):
    """A hidden storyteller decision made at setup. The app may propose one; the storyteller decides."""

    id: str
    kind: Literal["mark", "evil", "believes", "ability", "outsiders"]
    prompt: Text
    reminder: str | None = Field(
        None, description="The official reminder placed: on the pick (mark), or by the owner (believes)."
    )
    target: Target = Field(default_factory=Target)
    when: str = Field("always", description="A named condition on the setup (e.g. several_copies).")
    recheck: Literal["never", "always", "until_told"] = Field(
        "never", description="Whether the mark must go on fitting its target after a change of character or "
        "alignment, else it is decided again: always (the Evil Twin's twin, of the other alignment; the Faux "
        "Paw's good player), until_told (until the owner's step has run: the Widow's good player who learns "
        "it), never (it stays where it was put: a grandchild turned evil is still the grandchild).",
    )


class Registering(Model):
    """How a character may register to information abilities as something it is not (the Recluse as
    evil and a Minion or the Demon; the Spy as good and a Townsfolk or an Outsider). The storyteller
    decides each time; the app computes what each choice makes true and proposes the truth."""

    alignment: Alignment | None = Field(None, description="The alignment it may register as.")
    teams: list[Team] = Field(default_factory=list, description="The character types it may register as.")
    while_dead: bool = Field(True, description="It may misregister even when dead.")


class CharacterData(Model):
    """One file under data/characters/: everything about a character that is not an official fact."""

    id: str
    name: Text
    ability: Text
    reminders: list[ReminderSpec] = Field(default_factory=list)
    night: Night = Field(default_factory=Night)
    day: list[Step] = Field(default_factory=list)
    triggers: list[str] = Field(default_factory=list, description="Named effects run on game events.")
    setup: Setup = Field(default_factory=Setup)
    decisions: list[Decision] = Field(default_factory=list)
    registers: Registering | None = Field(None, description="It may register as something it is not.")
    aliases: list[str] = Field(
        default_factory=list, description="Other names a table uses for it, in either language (the seeds' other "
        "name, the loan word): understood as the character, never said.",
    )
    acts_when_made: bool = Field(
        False, description="A player made this character during the game (the Pit-Hag's) uses its first-night "
        "ability that night (seed 003's Shugenja); made by day (by the storyteller's hand), on the coming night "
        "(the Steward's, the Noble's).",
    )
    notes: Text | None = Field(None, description="How to run it, short, from the seed's notes.")
    day_note: Text | None = Field(
        None, description="Said to the storyteller while the day is open, while a player of it lives sober (the "
        "Bishop's: only the storyteller nominates), or while ``day_note_if`` holds; {seat}: that player.",
    )
    day_note_if: str | None = Field(
        None, description="A named condition (moderator.clocktower.rules.conditions) for the day note in place of "
        "living sober: ``learnt_death``, the Moonchild's public pick after a death learnt at dawn.",
    )
    minion_info_note: Text | None = Field(
        None, description="Said at the Minion info while a player of it is in play (the Damsel's: show its token "
        "there, though its own step comes later, after the Huntsman's)."
    )
    must_vote_from: int | None = Field(
        None, description="While this many players or more are alive, a living sober player of it votes on every "
        "nomination: voters named without them are refused (the Zealot's 5)."
    )
    sober_healthy: bool = Field(
        False, description="Never drunk or poisoned, whatever token lies by them (the Beggar's 'you are sober & "
        "healthy')."
    )
    false_info: Literal["always", "once"] | None = Field(
        None, description="A Fabled's (or Loric's): in play, the storyteller may give a sober, healthy player false "
        "information: always (the Knaves' lying storyteller), or once per game to a good player (the Fibbin).",
    )
    over_note: Text | None = Field(
        None, description="Said to the storyteller when the game ends, for each sober player of it, dead or alive, "
        "whose team lost (the Politician's: were they the most responsible?); {seat}: that player.",
    )
    vote_note: Text | None = Field(
        None, description="A Fabled's (or Loric's): said to the storyteller at every vote while it is in play (the "
        "Big Wig's speaker chosen by the nominee).",
    )
    may_be_executed: bool = Field(
        False, description="A Traveller the storyteller may execute by hand ('seat N is executed'), not only exile "
        "(the Scapegoat, executed instead of a player of its alignment).",
    )
