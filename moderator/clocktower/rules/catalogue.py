"""The character catalogue: the 181 official facts, merged with our own character files.

A character with a file under data/characters/ is *described*: it has Korean texts, prompts and
effects. Every other official character still loads with its name, team, night positions and
reminders, and is run with a generic prompt.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from moderator.clocktower.rules.problems import Problems
from moderator.clocktower.rules.schema import CharacterData, Fact, ReminderSpec, Setup, Team
from moderator.i18n import Text
from moderator.paths import data_dir
from moderator.yamlio import load_yaml

PSEUDO_STEPS = ("dusk", "minioninfo", "demoninfo", "dawn")


@dataclass(frozen=True)
class Character:
    """One character as the engine sees it: facts plus, where we have it, our description."""

    id: str
    name: Text
    team: Team
    first_night: int | None
    other_night: int | None
    reminders: tuple[str, ...] = ()
    single: frozenset[str] = frozenset()
    """The reminders the official set holds one token of (the Gnome's Amigo; the Noble's Know is three): one put
    by hand on another player moves there."""
    edition: str = "homebrew"
    data: CharacterData | None = None
    ability_text: Text | None = None

    @property
    def described(self) -> bool:
        """Whether we have prompts and effects for it (else the generic prompt is used)."""
        return self.data is not None

    def reminder(self, name: str) -> ReminderSpec | None:
        """Our description of the reminder called ``name``, if we have one."""
        if self.data is None:
            return None
        return next((r for r in self.data.reminders if r.en == name), None)


class NightSheet(BaseModel):
    """The official night order as id lists, pseudo-steps included."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    firstNight: list[str]
    otherNight: list[str]


class CountRow(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    players: int
    townsfolk: int
    outsider: int
    minion: int
    demon: int


@dataclass
class Catalogue:
    """Every character the app knows, by id, with the official tables beside them."""

    characters: dict[str, Character]
    sheet: NightSheet
    counts: dict[int, CountRow]
    jinxes: dict[str, frozenset[str]] = field(default_factory=dict)

    def __getitem__(self, cid: str) -> Character:
        return self.characters[cid]

    def __contains__(self, cid: object) -> bool:
        return cid in self.characters

    def get(self, cid: str) -> Character | None:
        return self.characters.get(cid)

    def team(self, cid: str | None) -> Team | None:
        """The team of ``cid``, or None for no or an unknown character."""
        char = self.characters.get(cid or "")
        return char.team if char else None

    def setup(self, cid: str) -> Setup:
        """The setup modifiers of ``cid`` (none for undescribed characters)."""
        char = self.characters.get(cid)
        return char.data.setup if char and char.data else Setup()

    def described(self) -> list[str]:
        """The ids of the fully described characters, sorted."""
        return sorted(c.id for c in self.characters.values() if c.described)

    def jinxed(self, a: str, b: str) -> bool:
        """Whether the two characters have a jinx."""
        return b in self.jinxes.get(a, frozenset()) or a in self.jinxes.get(b, frozenset())

    def with_homebrew(self, extra: list[Character]) -> Catalogue:
        """A copy that also knows ``extra`` (a script's homebrew characters)."""
        chars = dict(self.characters)
        chars.update({c.id: c for c in extra})
        return Catalogue(chars, self.sheet, self.counts, self.jinxes)


def _read_json(path: Path, problems: Problems) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        problems.add(path, "", "", f"cannot read: {exc}")
        return None


def _read_facts(ref: Path, problems: Problems) -> dict[str, Fact]:
    path = ref / "characters-facts.json"
    raw = _read_json(path, problems)
    facts: dict[str, Fact] = {}
    for i, item in enumerate(raw or []):
        try:
            fact = Fact.model_validate(item)
        except ValidationError as exc:
            problems.add(path, f"[{i}]", str(item.get("id", "?")) if isinstance(item, dict) else "?", str(exc))
            continue
        facts[fact.id] = fact
    return facts


def read_character_files(folder: Path, problems: Problems) -> dict[str, tuple[Path, CharacterData]]:
    """Parse every data/characters/*.yaml (pass one: each file on its own)."""
    found: dict[str, tuple[Path, CharacterData]] = {}
    for path in sorted(folder.glob("*.yaml")):
        try:
            raw = load_yaml(path.read_text(encoding="utf-8"))
            data = CharacterData.model_validate(raw)
        except (OSError, yaml.YAMLError) as exc:
            problems.add(path, "", path.stem, f"cannot read: {exc}")
            continue
        except ValidationError as exc:
            for err in exc.errors():
                where = ".".join(str(x) for x in err["loc"])
                problems.add(path, where, path.stem, err["msg"])
            continue
        if data.id != path.stem:
            problems.add(path, "id", data.id, f"the file name says '{path.stem}'")
        found[data.id] = (path, data)
    return found


class KoreanName(BaseModel):
    """A Korean name for a character with no file of its own (data/names.yaml)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    own: bool
    """Our own translation (no seed names the character)."""


class NamesFile(BaseModel):
    """data/names.yaml: Korean names of the characters not described yet."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    ko: dict[str, KoreanName] = {}


def read_names(path: Path, problems: Problems, facts: dict[str, Fact], described: set[str]) -> dict[str, str]:
    """The Korean names of undescribed characters; a missing file is no names, a broken one a problem."""
    if not path.is_file():
        return {}
    try:
        table = NamesFile.model_validate(load_yaml(path.read_text(encoding="utf-8")) or {})
    except (OSError, yaml.YAMLError) as exc:
        problems.add(path, "", "names", f"cannot read: {exc}")
        return {}
    except ValidationError as exc:
        for err in exc.errors():
            problems.add(path, ".".join(str(x) for x in err["loc"]), "names", err["msg"])
        return {}
    names: dict[str, str] = {}
    for cid, entry in table.ko.items():
        if cid not in facts:
            problems.add(path, "ko", cid, "not an official character id (see characters-facts.json)")
        elif cid in described:
            problems.add(path, "ko", cid, f"described in data/characters/{cid}.yaml, which names it: remove it here")
        elif not entry.name.strip():
            problems.add(path, "ko", cid, "an empty name")
        else:
            names[cid] = entry.name
    return names


def _names_apart(chars: dict[str, Character], files: dict[str, Path], names_file: Path, problems: Problems) -> None:
    """Two characters with one name in a language cannot be told apart by ear or by the parser."""
    for lang in ("ko", "en"):
        seen: dict[str, str] = {}
        for cid, char in chars.items():
            key = " ".join(char.name(lang).split()).casefold()
            if key in seen:
                # Said of the one named in data/names.yaml when there is one: the described file wins.
                first, second = (cid, seen[key]) if cid not in files or seen[key] in files else (seen[key], cid)
                problems.add(files.get(first, names_file), f"name.{lang}", first,
                             f"'{char.name(lang)}' is also the name of {second}")  # fmt: skip
            else:
                seen[key] = cid


def _merge(fact: Fact, data: CharacterData | None, ko_name: str | None = None) -> Character:
    tokens = [*fact.reminders, *fact.remindersGlobal]
    reminders = tuple(dict.fromkeys(tokens))
    name = data.name if data else Text(ko=ko_name or fact.name, en=fact.name)
    return Character(
        id=fact.id,
        name=name,
        team=fact.team,
        first_night=fact.firstNight,
        other_night=fact.otherNight,
        reminders=reminders,
        single=frozenset(r for r in reminders if tokens.count(r) == 1) if fact.edition != "homebrew" else frozenset(),
        edition=fact.edition,
        data=data,
        ability_text=data.ability if data else None,
    )


def read_catalogue(root: Path | None = None, problems: Problems | None = None) -> tuple[Catalogue, dict[str, Path]]:
    """Read the catalogue from ``root`` (default: data/), pass one only: each file's shape, and the
    character files' ids against the facts. Every problem goes to ``problems``. Returns the catalogue
    and each described character's file (for pass two, :func:`~.loader.load_catalogue`)."""
    problems = problems if problems is not None else Problems()
    root = root or data_dir()
    ref = root / "reference"
    facts = _read_facts(ref, problems)
    files = read_character_files(root / "characters", problems)
    sheet_raw = _read_json(ref / "nightsheet.json", problems)
    counts_raw = _read_json(ref / "player-counts.json", problems) or []
    jinx_raw = _read_json(ref / "jinx-pairs.json", problems) or []
    sheet = NightSheet.model_validate(sheet_raw) if sheet_raw else NightSheet(firstNight=[], otherNight=[])
    counts = {row.players: row for row in (CountRow.model_validate(r) for r in counts_raw)}
    jinxes: dict[str, frozenset[str]] = {j["id"]: frozenset(j["with"]) for j in jinx_raw}
    for cid, (path, _) in files.items():
        if cid not in facts:
            problems.add(path, "id", cid, "not an official character id (see characters-facts.json)")
    ko_names = read_names(root / "names.yaml", problems, facts, set(files))
    chars = {cid: _merge(f, files[cid][1] if cid in files else None, ko_names.get(cid)) for cid, f in facts.items()}
    _names_apart(chars, {cid: p for cid, (p, _) in files.items()}, root / "names.yaml", problems)
    return Catalogue(chars, sheet, counts, jinxes), {cid: p for cid, (p, _) in files.items()}
