"""Every key of the grimoire's memory, built here and nowhere else.

The memory (``Grimoire.memory``) is part of the state file, so each key's text is stable: saved
games and outside tools read it. Each kind of key has one builder with typed parts, and the rules
use the builders, never a hand-spelled key.

| builder | key | what is remembered |
|---|---|---|
| used | ``used:<ability>:<seat>`` | a once-per-game ability is spent |
| today | ``today:<ability>:<seat>:<day>`` | a day ability was used that day |
| acted | ``acted:<night>:<ability>:<seat>`` | a night step was done that night (it never wakes twice) |
| gained | ``gained:<night>:<seat>:<ability>`` | an ability gained that night |
| known | ``known:<ability>:<seat>`` | the player an ability currently knows (the Bounty Hunter's) |
| chosen_last | ``last:<ability>:<seat>`` | the player(s) an ability chose last night, space-separated |
| learnt | ``learnt:<ability>:<seat>`` | the character an ability learnt (the Pixie's, the Philosopher's …) |
| shown_so_far | ``shown:<ability>:<seat>`` | every player an ability has shown, space-separated |
| shown | ``shown:n<night>:<step>:<seat>:<sub>`` | what the storyteller gave at a night step (JSON) |
| told_type | ``type:<ability>:<seat>`` | the last type an ability was told (the Balloonist's) |
| guessed | ``<ability>:<seat>:day<day>`` | a number a day ability was answered with (the Amnesiac's) |
| demon_blocked | ``demon_blocked:<night>`` | the seat the Lycanthrope killed, so the Demon cannot |
| statement_true | ``true:<ability>:<seat>:day<day>`` | a public statement was judged true (the Gossip's) |
| first_tonight | ``firsttonight:<ability>:<seat>`` | the night a step owed by a day death runs first (the Sweetheart) |
| first_day | ``firstday:<seat>`` | the first day of the player's character, if it began mid-game (the Juggler's) |
| jinx_pick | ``jinxpick:<night>`` | the player the Demon chose that night by a jinx (the Leviathan's, the Riot's) |
| exorcised | ``exorcised:<night>`` | the Exorcist chose the Demon: it does not wake (the Exorcist's seat) |
| kept_asleep | ``asleep:<night>:<seat>`` | its step ran, but it did not wake for its ability (the exorcised Demon) |
| decided | ``decide:<decision>`` | a storyteller decision given at setup (``--decide``), for a character made later |
| jinxed | ``jinxed:<ability>:<seat>`` | the ability a jinx keeps this player from holding (an Alchemist's Widow) |
| placed | ``placed:<source>:<seat>`` | the night a token that lasts until the dusk after the next day was placed |
| learnt_death | ``learnt_death:<seat>`` | the player has learnt they died (the Moonchild and the Klutz choose) |
| picked | ``picked:<ability>:<seat>`` | whom a dead player publicly picked by day, for its night step (the Moonchild) |
| mastermind | ``mastermind:day`` | the Demon died by execution with a Mastermind: the day that decides the game |
| charged | ``charged:<ability>:<seat>`` | the Po chose no-one last time: three attacks (picks so far tonight) |
| volley | ``volley:<ability>:<seat>`` | the players a charged Po has chosen so far tonight, space-separated |
| script_added | ``script:added`` | characters added to the script for this game (``--add``), comma-separated |
| nominators | ``nominators:day<day>`` | the seats who nominated that day, space-separated (the Town Crier's) |
| voters | ``voters:day<day>`` | the seats who voted that day, as far as said, space-separated (the Flowergirl's) |
| votes_unsaid | ``voters_unsaid:day<day>`` | a vote that day was given as a count only: who voted is not all known |
| juggled | ``juggled:<seat>:day<day>`` | a Juggler's guesses that day, ``seat=character`` space-separated |
| death_pending | ``death:<ability>:<seat>`` | the night a sober player's on-death step runs (the Sweetheart's) |
| about | ``about:<ability>:<seat>`` | the character a reminder placed on that seat is about (the Cerenovus's) |
| executed | ``executed:day<day>`` | a player the storyteller executed that day did not die (still the execution) |
| kept_sober | ``kept_sober:<ability>:<seat>`` | a given ability works though its holder is drunk or poisoned (Boffin) |
| kept_evil | ``kept_evil:<seat>`` | a jinx keeps this evil player evil against their own new ability (Goon) |
| arbitrary_deaths | ``arbitrary:<night>`` | a Demon was made that night (the Pit-Hag's): the storyteller's deaths |
| failed | ``failed:n<night>:<seat>``, ``failed:d<day>:<seat>`` | it worked abnormally (Mathematician) |
| dawn_news | ``dawn:<night>`` | what the table is told at that night's dawn besides its deaths (JSON: texts) |
| dawn_roll | ``roll:<night>:<character>`` | the players it chose in public that night: at dawn, who lives (seats) |
| dusk_news | ``dusk:<night>`` | what the storyteller is told at that night's dusk (JSON: texts; the Puzzlemaster's) |
| skipped | ``skipped:<night>:<step>:<seat>`` | the storyteller skipped that night step (nothing changed) |
| exiled | ``exiled:<seat>`` | the Traveller in that seat was exiled |
| demon_rested | ``demon_rested`` | the night a Demon first chose to kill nobody (the Toymaker's: it has rested) |
| reincarnated | ``reincarnated:<ability>`` | how many players a Loric has brought back as Travellers (the Hindu's) |
| twice | ``twice:<night>:<ability>:<seat>`` | that night the step was run a second time (an ability acting twice) |
| times_today | ``times:<ability>:day<day>`` | how many times a day ability was used that day (the Matron's swaps) |
| vote_tokens | ``tokens:<seat>`` | the vote tokens dead players gave this player (the Beggar's), a count |

A seat moves when a player sits down or leaves (a Traveller): :func:`renumbered` (keyseats.py) moves every
seat a key or its value names, by its table of the keys above that name a seat.
"""

from __future__ import annotations

from typing import NewType

MemoryKey = NewType("MemoryKey", str)


def used(ability: str, seat: int | None) -> MemoryKey:
    """A once-per-game ability is spent."""
    return MemoryKey(f"used:{ability}:{seat}")


def today(ability: str, seat: int | None, day: int) -> MemoryKey:
    """A day ability was used on ``day``."""
    return MemoryKey(f"today:{ability}:{seat}:{day}")


def acted(night: int, ability: str, seat: int | None) -> MemoryKey:
    """A night step was done on ``night`` (it never wakes twice in a night)."""
    return MemoryKey(f"acted:{night}:{ability}:{seat}")


def must_choose(night: int) -> MemoryKey:
    """The player the Demon must choose on ``night`` (a jinx: the Alchemist-Spy's right guess)."""
    return MemoryKey(f"must_choose:{night}")


def been_in_play(character: str) -> MemoryKey:
    """``character`` was in play and has left it (the Spy the Pit-Hag changed: the Damsel stays poisoned)."""
    return MemoryKey(f"been_in_play:{character}")


PASSED = "passed"
"""The value of an :func:`acted` key for a turn that passed without the player acting (the new Snake Charmer,
the Fang Gu's new body): it does not wake again tonight, and used no ability."""


def acted_seat(key: str, night: int) -> int | None:
    """The seat of an :func:`acted` key of ``night`` (None for any other key)."""
    prefix = f"acted:{night}:"
    tail = key.rsplit(":", 1)[-1] if key.startswith(prefix) else ""
    return int(tail) if tail.isdigit() else None


def acted_ability(key: str, night: int) -> str | None:
    """The ability of an :func:`acted` key of ``night`` (None for any other key)."""
    prefix = f"acted:{night}:"
    return key[len(prefix):].rsplit(":", 1)[0] if key.startswith(prefix) and acted_seat(key, night) else None


def gained(night: int, seat: int | None, ability: str) -> MemoryKey:
    """An ability gained on ``night`` (a first-night ability acts at once)."""
    return MemoryKey(f"gained:{night}:{seat}:{ability}")


def known(ability: str, seat: int | None) -> MemoryKey:
    """The player an ability currently knows (the Bounty Hunter's evil player)."""
    return MemoryKey(f"known:{ability}:{seat}")


def learnt(ability: str, seat: int | None) -> MemoryKey:
    """The character an ability learnt."""
    return MemoryKey(f"learnt:{ability}:{seat}")


def shown_so_far(ability: str, seat: int | None) -> MemoryKey:
    """Every player an ability has shown so far (so the same one is never shown twice)."""
    return MemoryKey(f"shown:{ability}:{seat}")


def shown(night: int, step: str, seat: int | None, sub: int) -> MemoryKey:
    """What the storyteller gave at a night step."""
    return MemoryKey(f"shown:n{night}:{step}:{seat}:{sub}")


def told_type(ability: str, seat: int | None) -> MemoryKey:
    """The last character type an ability was told."""
    return MemoryKey(f"type:{ability}:{seat}")


def guessed(ability: str, seat: int | None, day: int) -> MemoryKey:
    """The number a day ability was answered with on ``day``."""
    return MemoryKey(f"{ability}:{seat}:day{day}")


def demon_blocked(night: int) -> MemoryKey:
    """The Lycanthrope killed on ``night``, so the Demon cannot."""
    return MemoryKey(f"demon_blocked:{night}")


def outsiders_at_setup() -> MemoryKey:
    """How many Outsiders the game was set up with (the Xaan's X, whatever changes later)."""
    return MemoryKey("setup:outsiders")


def decided(decision: str) -> MemoryKey:
    """A storyteller decision given at setup, kept for a character created later (a Kazali's Widow)."""
    return MemoryKey(f"decide:{decision}")


def game_language() -> MemoryKey:
    """The language the game was started in: a resumed game keeps it unless --lang says otherwise."""
    return MemoryKey("game:lang")


def script_added() -> MemoryKey:
    """The characters added to the script for this game (the script as played)."""
    return MemoryKey("script:added")


def jinxed(ability: str, seat: int | None) -> MemoryKey:
    """The ability a jinx keeps ``ability``'s holder from having (the Alchemist shown the Widow)."""
    return MemoryKey(f"jinxed:{ability}:{seat}")


def chosen_last(ability: str, seat: int | None) -> MemoryKey:
    """The player an ability chose last night (it may not choose them twice in a row)."""
    return MemoryKey(f"last:{ability}:{seat}")


def first_tonight(ability: str, seat: int | None) -> MemoryKey:
    """The night whose first step is ``ability``'s at ``seat``, owed by a death by day (the Sweetheart's: the player
    it makes drunk is drunk before the Demon wakes)."""
    return MemoryKey(f"firsttonight:{ability}:{seat}")


def first_day(seat: int) -> MemoryKey:
    """The first day of ``seat``'s character, where it began mid-game (a Juggler the Pit-Hag made: its guesses)."""
    return MemoryKey(f"firstday:{seat}")


def jinx_pick(night: int) -> MemoryKey:
    """The player the Demon chose on ``night`` by a ``demon_chooses_nightly`` jinx (never the same twice)."""
    return MemoryKey(f"jinxpick:{night}")


def exorcised(night: int) -> MemoryKey:
    """The Exorcist chose the Demon on ``night``: the Demon does not wake."""
    return MemoryKey(f"exorcised:{night}")


def kept_asleep(night: int, seat: int) -> MemoryKey:
    """The player in ``seat`` does not wake for its own ability on ``night`` (the Demon the Exorcist
    chose): its step still runs for what happens there without it, but it did not wake to act."""
    return MemoryKey(f"asleep:{night}:{seat}")


def uncaught(night: int, seat: int) -> MemoryKey:
    """The Demon in ``seat`` dies tonight without the Scarlet Woman catching it (the Fang Gu jinx)."""
    return MemoryKey(f"uncaught:{night}:{seat}")


def statement_true(ability: str, seat: int | None, day: int) -> MemoryKey:
    """The storyteller judged the public statement made with ``ability`` on ``day`` true."""
    return MemoryKey(f"true:{ability}:{seat}:day{day}")


def nominators(day: int) -> MemoryKey:
    """The seats who nominated on ``day``."""
    return MemoryKey(f"nominators:day{day}")


def voters(day: int) -> MemoryKey:
    """The seats who voted on ``day``, as far as the storyteller said them."""
    return MemoryKey(f"voters:day{day}")


def evil_only_votes(day: int, seat: int) -> MemoryKey:
    """Only evil players voted for ``seat`` on ``day``, with a sober holder of ``evil_votes_fail`` alive (Legion)."""
    return MemoryKey(f"evil_only_votes:day{day}:seat{seat}")


def votes_unsaid(day: int) -> MemoryKey:
    """A vote on ``day`` was given as a count only, so who voted is not all known."""
    return MemoryKey(f"voters_unsaid:day{day}")


def juggled(seat: int | None, day: int) -> MemoryKey:
    """A Juggler's guesses on ``day``."""
    return MemoryKey(f"juggled:{seat}:day{day}")


def demon_rested() -> MemoryKey:
    """A Demon has chosen not to attack (the night it first did): the Toymaker's rest is done."""
    return MemoryKey("demon_rested")


def reincarnated(ability: str) -> MemoryKey:
    """How many of the first players to die a Loric has brought back as Travellers (the Hindu's)."""
    return MemoryKey(f"reincarnated:{ability}")


def death_pending(ability: str, seat: int | None) -> MemoryKey:
    """The player died with ``ability`` sober; its on-death step has yet to run."""
    return MemoryKey(f"death:{ability}:{seat}")


def about(ability: str, seat: int | None) -> MemoryKey:
    """The character the reminder ``ability`` placed on ``seat`` is about (the Cerenovus's madness)."""
    return MemoryKey(f"about:{ability}:{seat}")


def arbitrary_deaths(night: int) -> MemoryKey:
    """A Demon was made on ``night`` (the Pit-Hag's): the deaths that night are the storyteller's choice."""
    return MemoryKey(f"arbitrary:{night}")


def executed(day: int) -> MemoryKey:
    """The storyteller executed a player on ``day`` who survived it: still the day's execution."""
    return MemoryKey(f"executed:day{day}")


def placed(source: str, seat: int) -> MemoryKey:
    """The night a token lasting until the dusk after the next day was placed (the Minstrel's)."""
    return MemoryKey(f"placed:{source}:{seat}")


def learnt_death(seat: int) -> MemoryKey:
    """The player has learnt that they died (by day at once, by night at dawn)."""
    return MemoryKey(f"learnt_death:{seat}")


MASTERMIND_DAY = MemoryKey("mastermind:day")
"""The Demon died by execution while a Mastermind lived sober: the day (a number) that decides the game."""

MASTERMIND_NIGHT = MemoryKey("mastermind:night")
"""The same, where a jinx has the executed Demon choose that night instead (the Al-Hadikhia's): that night."""


def dawn_news(night: int) -> MemoryKey:
    """What the table is told at that night's dawn besides its deaths (a JSON list of texts: the Banshee's)."""
    return MemoryKey(f"dawn:{night}")


def dawn_roll(night: int, character: str) -> MemoryKey:
    """The players a character chose that night in public, whose fate the table hears at dawn (seats; the
    Al-Hadikhia's three)."""
    return MemoryKey(f"roll:{night}:{character}")


def dusk_news(night: int) -> MemoryKey:
    """What the storyteller is told at that night's dusk (a JSON list of texts: what a day ability owes tonight)."""
    return MemoryKey(f"dusk:{night}")


def picked(ability: str, seat: int | None) -> MemoryKey:
    """The player a dead player publicly picked by day (the Moonchild's), taken at its night step."""
    return MemoryKey(f"picked:{ability}:{seat}")


def charged(ability: str, seat: int | None) -> MemoryKey:
    """The Po chose no-one last time: it attacks three times tonight (the value: picks made so far)."""
    return MemoryKey(f"charged:{ability}:{seat}")


def volley(ability: str, seat: int | None) -> MemoryKey:
    """The players a charged Po has chosen so far tonight (space-separated): they die together, at the last pick."""
    return MemoryKey(f"volley:{ability}:{seat}")


def kept_sober(ability: str, seat: int) -> MemoryKey:
    """The ability ``seat`` was given works even while they are drunk or poisoned (the Boffin's, to the Demon)."""
    return MemoryKey(f"kept_sober:{ability}:{seat}")


def kept_evil(seat: int) -> MemoryKey:
    """The evil player in ``seat`` stays evil against their own ability (the Pit-Hag and Goon jinx)."""
    return MemoryKey(f"kept_evil:{seat}")


def failed(phase: str, number: int, seat: int) -> MemoryKey:
    """The ability of ``seat`` worked abnormally on that night (``phase`` "night") or day: drunk or
    poisoned, a passive one failed to keep a player alive, or an untrue answer was given (the
    Mathematician counts it)."""
    return MemoryKey(f"failed:{'n' if phase == 'night' else 'd'}{number}:{seat}")


def skipped(night: int, step: str, seat: int | None) -> MemoryKey:
    """The storyteller skipped ``step`` on ``night``: it is done, and nothing changed."""
    return MemoryKey(f"skipped:{night}:{step}:{seat}")


def exiled(seat: int) -> MemoryKey:
    """The Traveller in ``seat`` was exiled (by the day's vote, or by the storyteller)."""
    return MemoryKey(f"exiled:{seat}")


def twice(night: int, ability: str, seat: int) -> MemoryKey:
    """On ``night`` the step of ``ability`` was run a second time for ``seat`` (the Barista's Acts Twice)."""
    return MemoryKey(f"twice:{night}:{ability}:{seat}")


def times_today(ability: str, day: int) -> MemoryKey:
    """How many times the day ability ``ability`` was used on ``day``, by whoever holds it (the Matron's swaps)."""
    return MemoryKey(f"times:{ability}:day{day}")


def vote_tokens(seat: int) -> MemoryKey:
    """How many vote tokens dead players have given the player in ``seat`` and they have not spent (the Beggar's)."""
    return MemoryKey(f"tokens:{seat}")

