"""Every official jinx among the characters the app describes is a rule the app applies (or a question it
asks), or a note said at the step where it matters; none is left out. The list is the table below: a new
described character with a jinx fails here until its pair is given one."""

from __future__ import annotations

import json

from moderator.clocktower.rules.jinxes import jinxes
from moderator.clocktower.rules.loader import default_catalogue
from moderator.paths import data_dir

KINDS: dict[frozenset[str], str] = {
    frozenset(pair): kind
    for pair, kind in [
        (("alchemist", "mastermind"), "rule"),
        (("alchemist", "organgrinder"), "rule"),
        (("alchemist", "spy"), "rule"),
        (("alchemist", "widow"), "rule"),
        (("bountyhunter", "kazali"), "rule"),
        (("bountyhunter", "philosopher"), "question"),
        (("butler", "organgrinder"), "rule"),
        (("cannibal", "butler"), "note"),
        (("cannibal", "juggler"), "rule"),
        (("lilmonsta", "magician"), "rule"),
        (("lilmonsta", "scarletwoman"), "note"),
        (("magician", "spy"), "note"),
        (("magician", "widow"), "note"),
        (("mastermind", "vigormortis"), "rule"),
        (("mathematician", "chambermaid"), "rule"),
        (("mathematician", "drunk"), "rule"),
        (("mathematician", "lunatic"), "rule"),
        (("pithag", "goon"), "rule"),
        (("pithag", "villageidiot"), "rule"),
        (("recluse", "sage"), "note"),
        (("scarletwoman", "fanggu"), "rule"),
        (("alchemist", "boffin"), "rule"),
        (("alchemist", "marionette"), "note"),
        (("alchemist", "summoner"), "note"),
        (("alchemist", "wraith"), "rule"),
        (("alhadikhia", "mastermind"), "rule"),
        (("alhadikhia", "princess"), "note"),
        (("alhadikhia", "scarletwoman"), "note"),
        (("alsaahir", "vizier"), "rule"),
        (("atheist", "riot"), "note"),
        (("balloonist", "marionette"), "note"),
        (("banshee", "leviathan"), "rule"),
        (("farmer", "leviathan"), "rule"),
        (("ravenkeeper", "leviathan"), "rule"),
        (("sage", "leviathan"), "rule"),
        (("exorcist", "leviathan"), "rule"),
        (("innkeeper", "leviathan"), "rule"),
        (("monk", "leviathan"), "rule"),
        (("soldier", "leviathan"), "rule"),
        (("grandmother", "leviathan"), "note"),
        (("king", "leviathan"), "note"),
        (("banshee", "riot"), "rule"),
        (("farmer", "riot"), "rule"),
        (("ravenkeeper", "riot"), "rule"),
        (("sage", "riot"), "rule"),
        (("exorcist", "riot"), "rule"),
        (("innkeeper", "riot"), "rule"),
        (("monk", "riot"), "rule"),
        (("soldier", "riot"), "rule"),
        (("grandmother", "riot"), "note"),
        (("king", "riot"), "note"),
        (("leviathan", "mayor"), "rule"),
        (("mayor", "riot"), "note"),
        (("banshee", "vortox"), "note"),
        (("baron", "heretic"), "rule"),
        (("godfather", "heretic"), "rule"),
        (("heretic", "spy"), "rule"),
        (("heretic", "widow"), "rule"),
        (("heretic", "pithag"), "rule"),
        (("heretic", "lleech"), "rule"),
        (("damsel", "spy"), "rule"),
        (("damsel", "widow"), "rule"),
        (("fearmonger", "plaguedoctor"), "rule"),
        (("goblin", "plaguedoctor"), "rule"),
        (("scarletwoman", "plaguedoctor"), "rule"),
        (("spy", "plaguedoctor"), "rule"),
        (("wraith", "plaguedoctor"), "rule"),
        (("baron", "plaguedoctor"), "note"),
        (("boomdandy", "plaguedoctor"), "note"),
        (("eviltwin", "plaguedoctor"), "note"),
        (("marionette", "plaguedoctor"), "note"),
        (("boffin", "cultleader"), "rule"),
        (("boffin", "goon"), "rule"),
        (("boffin", "drunk"), "rule"),
        (("boffin", "heretic"), "rule"),
        (("boffin", "ogre"), "rule"),
        (("boffin", "politician"), "rule"),
        (("boffin", "villageidiot"), "rule"),
        (("cannibal", "princess"), "rule"),
        (("cannibal", "zealot"), "rule"),
        (("cerenovus", "goblin"), "rule"),
        (("clockmaker", "summoner"), "rule"),
        (("courtier", "summoner"), "note"),
        (("courtier", "vizier"), "rule"),
        (("preacher", "summoner"), "note"),
        (("preacher", "vizier"), "rule"),
        (("engineer", "summoner"), "note"),
        (("cultleader", "pithag"), "rule"),
        (("ogre", "pithag"), "rule"),
        (("politician", "pithag"), "note"),
        (("damsel", "pithag"), "rule"),
        (("engineer", "legion"), "rule"),
        (("hatter", "legion"), "rule"),
        (("legion", "summoner"), "note"),
        (("exorcist", "yaggababble"), "note"),
        (("fearmonger", "vizier"), "rule"),
        (("hatter", "leviathan"), "note"),
        (("pithag", "leviathan"), "note"),
        (("hatter", "lilmonsta"), "note"),
        (("hatter", "summoner"), "note"),
        (("kazali", "summoner"), "note"),
        (("pithag", "summoner"), "note"),
        (("huntsman", "marionette"), "note"),
        (("investigator", "vizier"), "rule"),
        (("kazali", "marionette"), "note"),
        (("lilmonsta", "marionette"), "note"),
        (("summoner", "marionette"), "note"),
        (("legion", "magician"), "note"),
        (("legion", "minstrel"), "rule"),
        (("legion", "preacher"), "rule"),
        (("legion", "politician"), "note"),
        (("politician", "vizier"), "note"),
        (("legion", "zealot"), "note"),
        (("zealot", "vizier"), "note"),
        (("lilmonsta", "poppygrower"), "note"),
        (("lilmonsta", "psychopath"), "rule"),
        (("lilmonsta", "vizier"), "rule"),
        (("lleech", "mastermind"), "rule"),
        (("lleech", "slayer"), "rule"),
        (("lordoftyphon", "summoner"), "rule"),
        (("magician", "marionette"), "rule"),
        (("magician", "vizier"), "rule"),
        (("magician", "wraith"), "note"),
        (("marionette", "mathematician"), "note"),
        (("ogre", "recluse"), "note"),
        (("ogre", "spy"), "note"),
        (("poppygrower", "spy"), "rule"),
        (("poppygrower", "widow"), "rule"),
        (("poppygrower", "summoner"), "note"),
        (("pukka", "summoner"), "rule"),
        (("summoner", "zombuul"), "note"),
    ]
}
QUESTIONS = {"gained_turns_townsfolk_evil"}
"""Rules that put a question to the storyteller rather than deciding."""


def _official_described() -> set[frozenset[str]]:
    cat = default_catalogue()
    pairs = json.loads((data_dir() / "reference" / "jinx-pairs.json").read_text(encoding="utf-8"))
    return {
        frozenset((d["id"], w))
        for d in pairs
        for w in d["with"]
        if d["id"] in cat and w in cat and cat[d["id"]].described and cat[w].described
    }


def test_every_official_jinx_among_described_characters_is_listed() -> None:
    assert _official_described() == set(KINDS)


def test_each_jinx_is_what_the_table_says() -> None:
    ours = {frozenset(j.pair): j for j in jinxes()}
    for pair, kind in KINDS.items():
        j = ours.get(pair)
        assert j is not None, f"no entry in data/jinxes.yaml for {sorted(pair)}"
        got = "note" if j.rule is None else ("question" if j.rule in QUESTIONS else "rule")
        assert got == kind, f"{sorted(pair)}: {got}, not {kind}"
        assert j.text.ko and j.text.en and (j.at or j.rule), f"{sorted(pair)}: a jinx is said somewhere, or applied"
