"""Custom scripts in the official JSON format: bare ids, ``{"id": …}``, ``_meta`` and homebrew objects."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from moderator.clocktower.rules.catalogue import PSEUDO_STEPS, Catalogue, Character
from moderator.clocktower.rules.problems import Problems
from moderator.clocktower.rules.schema import Team
from moderator.config import brief_errors
from moderator.errors import DataError
from moderator.i18n import Text
from moderator.messages import msg
from moderator.paths import data_dir
from moderator.printable import has_controls

PLAYABLE_TEAMS: tuple[Team, ...] = ("townsfolk", "outsider", "minion", "demon")

MAX_SCRIPT_BYTES = 4 * 2**20
"""A script file larger than this is refused unread (the whole catalogue with art links is far smaller)."""
MAX_ENTRIES = 600
"""Entries in one script: the catalogue's 181 characters, homebrew, ``_meta``, with room to spare."""
MAX_HOMEBREW = 300
"""Homebrew characters in one script. Every command pattern carries the script's character names, so
start-up grows with them: 300 start in about 2 s (docs/design.md, "Hostile input")."""


_NAMES = ("id", "name", "author")


class _Loose(BaseModel):
    """A script object: no unknown keys; no control characters in its text (a newline in a longer text is
    a space, but a name holds none: it is printed and spoken)."""

    model_config = ConfigDict(extra="forbid")

    @model_validator(mode="before")
    @classmethod
    def _plain_text(cls, data: object) -> object:
        if not isinstance(data, dict):
            return data
        out = dict(data)
        for key, value in data.items():
            texts = value if isinstance(value, list) else [value]
            if not all(isinstance(t, str) for t in texts):
                continue
            if key not in _NAMES:
                texts = [" ".join(t.split()) if any(c in t for c in "\n\r\t") else t for t in texts]
            if any(has_controls(t) for t in texts):
                raise ValueError(f"{key} holds a control character (a newline, an escape …)")
            out[key] = texts if isinstance(value, list) else texts[0]
        return out


class Meta(_Loose):
    """The ``_meta`` object of a script."""

    id: Literal["_meta"]
    name: str = Field(max_length=50)
    author: str | None = None
    logo: str | None = None
    hideTitle: bool | None = None
    background: str | None = None
    almanac: str | None = None
    bootlegger: list[str] = Field(default_factory=list)
    firstNight: list[str] | None = None
    otherNight: list[str] | None = None


class Jinx(_Loose):
    id: str
    reason: str


class Homebrew(_Loose):
    """A homebrew character object in a script."""

    id: str = Field(max_length=50)
    name: str = Field(max_length=30)
    team: Team
    ability: str
    image: str | list[str] | None = None
    edition: str | None = None
    flavor: str | None = None
    firstNight: float = Field(0, ge=0, le=1000, allow_inf_nan=False)
    firstNightReminder: str | None = None
    otherNight: float = Field(0, ge=0, le=1000, allow_inf_nan=False)
    otherNightReminder: str | None = None
    reminders: list[str] = Field(default_factory=list)
    remindersGlobal: list[str] = Field(default_factory=list)
    setup: bool = False
    jinxes: list[Jinx] = Field(default_factory=list)
    special: list[dict[str, object]] = Field(default_factory=list)

    def character(self) -> Character:
        """As the engine sees it: facts only, with the homebrew ability text."""
        return Character(
            id=self.id,
            name=Text(ko=self.name, en=self.name),
            team=self.team,
            first_night=int(self.firstNight) if self.firstNight else None,
            other_night=int(self.otherNight) if self.otherNight else None,
            reminders=tuple(dict.fromkeys([*self.reminders, *self.remindersGlobal])),
            ability_text=Text(ko=self.ability, en=self.ability),
        )


@dataclass
class Script:
    """A loaded script: its characters in order, its own night orders, its homebrew characters."""

    name: str
    source: str
    ids: list[str]
    author: str | None = None
    first_order: list[str] | None = None
    other_order: list[str] | None = None
    homebrew: list[Character] = field(default_factory=list)
    raw: list[Any] | None = None
    """The script's JSON as it was read, for a save to keep (the save then resumes without the file)."""

    def by_team(self, cat: Catalogue, team: Team) -> list[str]:
        return [c for c in self.ids if cat[c].team == team]


def normalise_id(raw: str) -> str:
    """Official ids are lowercase letters and digits: 'Fortune_Teller' → 'fortuneteller'."""
    return re.sub(r"[^a-z0-9]", "", raw.lower())


def bundled_scripts() -> dict[str, Path]:
    """The scripts under data/scripts, by file stem."""
    return {p.stem: p for p in sorted((data_dir() / "scripts").glob("*.json"))}


def resolve_script(name_or_path: str) -> Path:
    """A script path from a path, a bundled file stem, or a bundled script's ``_meta`` name.

    Raises:
        DataError: nothing matches; the message lists the bundled scripts.
    """
    path = Path(name_or_path)
    if path.is_file():
        return path
    bundled = bundled_scripts()
    if name_or_path in bundled:
        return bundled[name_or_path]
    for stem, p in bundled.items():
        try:
            found = read_json(p)
            meta = next((x for x in found if isinstance(x, dict) and x.get("id") == "_meta"), None) if isinstance(
                found, list) else None  # fmt: skip
        except DataError:
            continue
        if meta and str(meta.get("name", "")).casefold() == name_or_path.casefold():
            return bundled[stem]
    raise DataError(msg("no_script", name=name_or_path, bundled=", ".join(bundled)))


def parse_script(path: Path, cat: Catalogue, problems: Problems) -> Script:
    """Read a script, adding a problem (file, [index], id) for each bad entry. Good entries still load."""
    try:
        raw = read_json(path)
    except DataError as exc:
        problems.add(path, "", "", str(exc))
        return Script(name=path.stem, source=str(path), ids=[])
    return parse_script_data(raw, path, cat, problems)


def parse_script_data(raw: object, path: Path, cat: Catalogue, problems: Problems) -> Script:
    """A script from its JSON (read from ``path``, or kept in a save that names it), a problem for each bad
    entry."""
    script = Script(name=path.stem, source=str(path), ids=[])
    if not isinstance(raw, list):
        problems.add(path, "", "", "a script is a JSON array")
        return script
    script.raw = raw
    brews = sum(1 for x in raw if isinstance(x, dict) and x.get("id") != "_meta" and set(x) != {"id"})
    if len(raw) > MAX_ENTRIES or brews > MAX_HOMEBREW:
        problems.add(path, "", "", f"a script holds at most {MAX_ENTRIES} entries and {MAX_HOMEBREW} homebrew "
                     f"characters; this one has {len(raw)} entries, {brews} of them homebrew")  # fmt: skip
        return script
    seen: set[str] = set()
    metas = 0
    for i, item in enumerate(raw):
        if isinstance(item, dict) and item.get("id") == "_meta":
            metas += 1
            if metas > 1:
                problems.add(path, f"[{i}]", "_meta", "a script has one _meta object")
                continue
        _entry(path, i, item, script, cat, problems, seen)
    known = {*script.ids, *PSEUDO_STEPS}
    for key, order in (("firstNight", script.first_order), ("otherNight", script.other_order)):
        for j, cid in enumerate(order or []):
            if cid not in known:
                problems.add(path, f"_meta.{key}[{j}]", cid, "not a character on this script")
    return script


def _entry(path: Path, i: int, item: object, script: Script, cat: Catalogue, problems: Problems,
           seen: set[str]) -> None:  # fmt: skip
    """One entry of a script into ``script`` (``seen``: the ids it holds so far), or a problem."""
    where = f"[{i}]"
    if isinstance(item, dict) and item.get("id") == "_meta":
        try:
            meta = Meta.model_validate(item)
        except ValidationError as exc:
            problems.add(path, where, "_meta", _first(exc))
            return
        script.name, script.author = meta.name, meta.author
        script.first_order = [normalise_id(x) if normalise_id(x) in cat else x for x in meta.firstNight or []] or None
        script.other_order = [normalise_id(x) if normalise_id(x) in cat else x for x in meta.otherNight or []] or None
        return
    if isinstance(item, dict) and set(item) == {"id"}:
        item = item["id"]
    if isinstance(item, str):
        cid = normalise_id(item)
        if cid not in cat:
            problems.add(path, where, item, "unknown character id")
        elif cid in seen:
            problems.add(path, where, item, "listed twice")
        else:
            script.ids.append(cid)
            seen.add(cid)
        return
    if isinstance(item, dict):
        try:
            brew = Homebrew.model_validate(item)
        except ValidationError as exc:
            problems.add(path, where, str(item.get("id", "?"))[:40], _first(exc))
            return
        why = _bad_homebrew_id(brew, cat, seen)
        if why:
            problems.add(path, where, brew.id[:40], why)
            return
        for j, jinx in enumerate(brew.jinxes):
            if normalise_id(jinx.id) not in cat and jinx.id not in seen:
                problems.add(path, f"{where}.jinxes[{j}]", jinx.id[:40], "a jinx with an unknown character id")
        script.homebrew.append(brew.character())
        script.ids.append(brew.id)
        seen.add(brew.id)
        return
    problems.add(path, where, "", f"expected a character id or object, got {type(item).__name__}")


HOMEBREW_ID = re.compile(r"[a-z0-9_]{1,50}")


def _bad_homebrew_id(brew: Homebrew, cat: Catalogue, seen: set[str]) -> str | None:
    """Why a homebrew character's id cannot be used, or None."""
    if not HOMEBREW_ID.fullmatch(brew.id):
        return "a homebrew id is 1 to 50 lowercase letters, digits or underscores"
    if brew.id in PSEUDO_STEPS or brew.id in ("_meta", "day", "over"):
        return "a homebrew id cannot be a step of the night or day"
    if brew.id in cat:
        return "a homebrew character cannot take an official character's id"
    if brew.id in seen:
        return "listed twice"
    name = " ".join(brew.name.split()).casefold()
    if not name:
        return "a homebrew character needs a name (it is shown and spoken)"
    if any(name in (c.name.en.casefold(), c.name.ko.casefold()) for c in cat.characters.values()):
        return f"a homebrew character cannot take an official character's name ({brew.name})"
    if SAID_AS_A_COMMAND.fullmatch(name):
        return f"{brew.name!r} reads as a seat, a number or a command: give it another name"
    return None


SAID_AS_A_COMMAND = re.compile(
    r"(?:seats?\s*)?\d+(?:\s*번)?|자리\s*\d+|next|back|yes|no|repeat|done|cancel|continue|nobody|"
    r"다음|뒤로|네|예|아니요|아니오|다시|계속|취소|돌아가|맞아|아무도 없음")
"""A homebrew name a storyteller's answer would be taken for (a seat, a number, a step's word)."""


def read_json(path: Path) -> object:
    """A JSON file: UTF-8 (a byte-order mark is fine), no NaN or Infinity, not nested too deep.

    Raises:
        DataError: one line saying what is wrong and where.
    """
    if path.exists() and not path.is_file():  # a folder, or a pipe that would never end
        raise DataError("not a file")
    try:
        with path.open("rb") as f:
            raw = f.read(MAX_SCRIPT_BYTES + 1)
    except OSError as exc:
        raise DataError(f"cannot read: {exc.strerror or exc}") from exc
    if len(raw) > MAX_SCRIPT_BYTES:
        raise DataError(f"larger than {MAX_SCRIPT_BYTES // 2**20} MB: not a script")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DataError(f"not UTF-8 text (byte {exc.start})") from exc

    def no_constant(name: str) -> object:
        raise ValueError(f"{name} is not a number a script can hold")

    try:
        return json.loads(text, parse_constant=no_constant)
    except json.JSONDecodeError as exc:
        raise DataError(f"not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}") from exc
    except RecursionError as exc:
        raise DataError("nested too deep to be a script") from exc
    except ValueError as exc:
        if "integer string conversion" in str(exc):  # a number thousands of digits long
            raise DataError("holds a number too long to be one a script means") from exc
        raise DataError(str(exc)) from exc


def _first(exc: ValidationError) -> str:
    return brief_errors(exc)


def load_script(name_or_path: str, cat: Catalogue) -> tuple[Script, Catalogue]:
    """Load a script and the catalogue that also knows its homebrew characters.

    Raises:
        DataError: the script cannot be found or has bad entries (all listed).
    """
    path = resolve_script(name_or_path)
    problems = Problems()
    script = parse_script(path, cat, problems)
    problems.raise_if_any()
    return script, cat.with_homebrew(script.homebrew)


def script_as_played(source: str, kept: object, cat: Catalogue) -> tuple[Script, Catalogue]:
    """The script of a saved game: the copy its save keeps (``kept``; a save made before saves kept one has
    none), else the file it names, else the bundled script of that file's name (the app moved since).

    Raises:
        DataError: none of them can be read (the message names the file).
    """
    if kept is None:
        try:
            return load_script(source, cat)
        except DataError:
            stem = Path(source).stem
            if Path(source).is_file() or stem not in bundled_scripts():
                raise
            return load_script(stem, cat)
    problems = Problems()
    script = parse_script_data(kept, Path(source), cat, problems)
    problems.raise_if_any()
    return script, cat.with_homebrew(script.homebrew)


def missing_for_a_game(script: Script, cat: Catalogue) -> list[Team]:
    """The teams a legal game needs that the script lacks (no Demon, no Minion …)."""
    return [t for t in PLAYABLE_TEAMS if t != "outsider" and not script.by_team(cat, t)]


def complete(script: Script, cat: Catalogue, extra: list[str]) -> Script:
    """A copy of ``script`` with catalogue characters added (to give it a Demon or Minions).

    Raises:
        DataError: an id is unknown.
    """
    ids = list(script.ids)
    for raw in extra:
        cid = normalise_id(raw)
        if cid not in cat:
            raise DataError(f"--add: unknown character id '{raw}'")
        if cid not in ids:
            ids.append(cid)
    return replace(script, ids=ids)
