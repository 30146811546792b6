"""Saves you can trust: what a save file holds, how it is checked, and the live file a game writes.

A save is one JSON object: the journal (``start``, ``entries``), the ``format`` it was written in,
the ``game`` it belongs to, and a ``checksum`` over the rest, so a file cut short or changed by hand
is told apart from a valid one. Reading a save answers every fault with one line naming the file
and the problem; an older format is migrated as it is read.

:class:`LiveSave` is the file a running game writes after every change: one writer at a time (an
OS lock beside it), the previous good save kept as ``<file>.bak``, leftover temporary files cleaned,
and a failing disk reported while the game goes on in memory and is saved to a rescue file.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import shutil
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from moderator.errors import StateFileError
from moderator.i18n import Lang
from moderator.messages import msg, os_reason

if TYPE_CHECKING:
    from moderator.journal import Journal

FORMAT = 2
"""The newest save format this version writes and reads."""
GAMES: dict[str, tuple[str, str]] = {
    "clocktower": ("save_clocktower", "moderator play --game"),
    "growl": ("save_growl", "moderator growl --game"),
}
"""Each game's name for its saves (a message key), and the command that resumes one."""
MAX_BYTES = 64 * 1024 * 1024


class SaveError(StateFileError):
    """A save that cannot be read or written; the message is one line that names the file."""


class DamagedSave(SaveError):
    """A save cut short, changed by hand, or holding a change that cannot be replayed (its .bak may be good)."""


# -- the document ------------------------------------------------------------------------------


def checksum(body: dict[str, Any]) -> str:
    """The SHA-256 of everything in ``body`` but its checksum, in a canonical form."""
    rest = {k: v for k, v in body.items() if k != "checksum"}
    canonical = json.dumps(rest, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def encode(body: dict[str, Any], game: str) -> str:
    """The text of a save of ``game`` holding the journal ``body`` (``start`` and ``entries``)."""
    doc = {"format": FORMAT, "game": game, **{k: v for k, v in body.items() if k not in ("format", "game")}}
    doc["checksum"] = checksum(doc)
    return json.dumps(doc, ensure_ascii=False, indent=1)


def game_of(doc: dict[str, Any]) -> str:
    """Which game a save belongs to (format 1 did not say: a Clocktower grimoire names its script)."""
    game = doc.get("game")
    if isinstance(game, str):
        return game
    start = doc.get("start")
    return "clocktower" if isinstance(start, dict) and "script" in start else "growl"


def _migrate(doc: dict[str, Any]) -> dict[str, Any]:
    """Bring an older save up to :data:`FORMAT` (format 1: the same journal, no game, no checksum)."""
    if doc.get("format", 1) == 1:
        doc = {**doc, "game": game_of(doc), "format": FORMAT}
        doc["checksum"] = checksum(doc)
    return doc


def decode(raw: bytes, path: Path, game: str) -> dict[str, Any]:
    """The checked journal body of a save of ``game`` (``start`` and ``entries``).

    Raises:
        SaveError: not UTF-8 JSON, not a moderator save, another game's save, a newer format, or
            a checksum that does not match.
    """
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DamagedSave(msg("save_not_utf8", path=path, at=exc.start)) from exc
    if not text.lstrip().startswith("{"):
        raise SaveError(msg("not_a_save" if text.strip() else "empty_save", path=path))
    try:
        doc = json.loads(text, parse_constant=no_constant)
    except json.JSONDecodeError as exc:
        at = len(text[: exc.pos].encode("utf-8"))
        raise DamagedSave(msg("save_damaged_at", path=path, at=at, why=exc.msg)) from exc
    except (RecursionError, ValueError) as exc:
        raise DamagedSave(msg("save_damaged", path=path, why=_short(exc))) from exc
    if not isinstance(doc, dict) or not {"start", "entries"} <= doc.keys():
        raise SaveError(msg("not_a_save", path=path))
    version = doc.get("format", 1)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(msg("save_format", path=path, version=repr(version)))
    if version > FORMAT:
        raise SaveError(msg("save_newer", path=path, version=version, max=FORMAT))
    found = game_of(doc)
    if found != game:
        key, command = GAMES.get(found, ("save_unknown", "another program"))
        raise SaveError(msg("save_other_game", path=path, name=msg(key, game=found), command=command))
    if version >= 2 and doc.get("checksum") != checksum(doc):
        raise DamagedSave(msg("save_checksum", path=path))
    return _migrate(doc)


def no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a save can hold")


def _short(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 200 else text[:197] + "..."


def read_bytes(path: Path) -> bytes:
    """The bytes of a save file that must be a regular file of sensible size.

    Raises:
        SaveError: missing, not a regular file (a folder, a pipe), too large or unreadable.
    """
    try:
        info = path.stat()
    except OSError as exc:
        raise SaveError(msg("cannot_read", path=path, reason=os_reason(exc))) from exc
    if not stat.S_ISREG(info.st_mode):
        raise SaveError(msg("not_regular", path=path))
    if info.st_size > MAX_BYTES:
        raise SaveError(msg("too_large", path=path, size=info.st_size))
    try:
        return path.read_bytes()
    except OSError as exc:
        raise SaveError(msg("cannot_read", path=path, reason=os_reason(exc))) from exc


def same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def backup_of(path: Path) -> Path:
    """The previous good save, kept beside ``path``."""
    return path.with_name(path.name + ".bak")


# -- the live file -----------------------------------------------------------------------------


def write_atomic(path: Path, text: str, *, keep_backup: bool = False) -> None:
    """Replace ``path`` with ``text`` so that a crash leaves either the old or the new file. With
    ``keep_backup``, the old one is kept as ``<path>.bak`` first (a hard link, so ``path`` itself
    never goes missing)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if keep_backup and path.is_file():
            link = path.with_name(f".{path.name}.{os.getpid()}.bak.tmp")
            link.unlink(missing_ok=True)
            try:
                os.link(path, link)
            except OSError:  # a file system without hard links
                shutil.copy2(path, link)
            os.replace(link, backup_of(path))
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    dir_fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size


@dataclass
class LiveSave:
    """The save a running game writes after every change.

    ``open`` takes the lock (a second process is refused, named) and checks the target; ``write``
    saves, or, when the disk fails, says so once, keeps the game in memory, writes a rescue copy
    and retries the target after every change.
    """

    path: Path
    game: str
    rescue: Path
    note: Callable[[str], None]
    resumed: Path | None = None
    """The save this game was resumed from: the only save it may write over (a new game never replaces
    another game's save, nor its .bak)."""
    _lock: int | None = None
    _written: tuple[int, int] | None = None
    _failing: str | None = None
    _rescued: bool = False
    unsaved_reason: str | None = None
    """Why the last change is saved nowhere (neither the save nor the rescue file could be written);
    None once a write works. While it is set, every reply says NOT SAVED (:meth:`problem`)."""

    def problem(self, lang: Lang | None = None) -> str | None:
        """NOT SAVED and why, in ``lang`` (the game's; else the command line's), while nothing is saved."""
        if self.unsaved_reason is None:
            return None
        return msg("not_saved", lang=lang, path=self.path, rescue=self.rescue, reason=self.unsaved_reason)

    def where(self, lang: Lang | None = None) -> str:
        """Where every change is, said as the game stops: the save, or the rescue file while the save fails."""
        if self._failing is not None and self.unsaved_reason is None:
            return msg("stopped_rescued", lang=lang, rescue=self.rescue)
        return msg("stopped_saved", lang=lang, path=self.path)

    @property
    def lock_path(self) -> Path:
        return self.lock_of(self.path)

    @staticmethod
    def lock_of(path: Path) -> Path:
        """The lock file beside a save."""
        return path.with_name(f".{path.name}.lock")

    def open(self) -> None:
        """Check the target and take the lock.

        Raises:
            SaveError: the target is a folder, is not a moderator save of this game, or another
                process is writing it.
        """
        self.path = Path(os.path.realpath(self.path))  # a link to a running save meets its lock
        if self.path.exists():
            if self.path.is_dir():
                raise SaveError(f"{self.path}: is a folder; give a file name to save to")
            try:
                doc = decode(read_bytes(self.path), self.path, self.game)
            except SaveError as exc:
                if not self.path.is_file() or self.path.stat().st_size > 0:
                    raise SaveError(f"{exc}; not overwritten: choose another file to save to") from exc
            else:
                if self.resumed is None or not same_file(self.path, self.resumed):
                    raise SaveError(msg("save_holds_game", path=self.path, command=GAMES[doc["game"]][1]))
            if self.path.is_file() and self.path.stat().st_nlink > 1:  # another name could fork the game
                raise SaveError(msg("save_linked", path=self.path))
        self._take_lock()
        self._clean_leftovers()
        self._written = _stamp(self.path)

    def _take_lock(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o644)  # never a link's target
        except OSError as exc:  # a read-only folder (or a link where the lock goes): no lock; the first write says why
            self.note(f"moderator: cannot lock {self.path} ({exc.strerror or _short(exc)})")
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            holder = os.read(fd, 64).decode("ascii", "replace").strip() or "unknown"
            os.close(fd)
            raise SaveError(f"{self.path}: in use by another moderator (process {holder}); "
                            "stop that one first, or save to another file") from exc  # fmt: skip
        with contextlib.suppress(OSError):  # who holds it, for a second writer's message; a full disk keeps the lock
            os.ftruncate(fd, 0)
            os.write(fd, str(os.getpid()).encode("ascii"))
        self._lock = fd

    def _clean_leftovers(self) -> None:
        """Temporary files left by a process that was killed while it saved."""
        for tmp in self.path.parent.glob(f".{self.path.name}.*.tmp"):
            with contextlib.suppress(OSError):
                tmp.unlink()

    def write(self, body: dict[str, Any]) -> None:
        """Save ``body``; a failing target is reported once and the game saved to the rescue file."""
        text = encode(body, self.game)
        try:
            if self._written is not None and _stamp(self.path) not in (self._written, None):
                raise OSError(0, "changed by another program since it was loaded")
            write_atomic(self.path, text, keep_backup=True)
        except OSError as exc:
            self._fail(exc, text)
            return
        self._written = _stamp(self.path)
        self.unsaved_reason = None
        if self._failing is not None:
            self.note(f"moderator: saving to {self.path} works again")
            self._failing = None

    def _fail(self, exc: OSError, text: str) -> None:
        reason = exc.strerror or _short(exc)
        try:
            write_atomic(self.rescue, text)
            where = f"saved instead to {self.rescue} (resume with --game {self.rescue})"
            self.unsaved_reason = None
        except OSError as again:
            where = f"and not to {self.rescue} either ({again.strerror or _short(again)}): the game is only in memory"
            self.unsaved_reason = reason
        if self._failing != reason:
            self.note(f"moderator: cannot save to {self.path} ({reason}); the game goes on, {where}; "
                      "the save is retried after every change")  # fmt: skip
        self._failing = reason

    def __call__(self, journal: Journal[Any, Any]) -> None:
        """Save ``journal`` (a game engine's ``persist``)."""
        self.write(journal.body())

    def close(self) -> None:
        """Release the lock."""
        if self._lock is not None:
            with contextlib.suppress(OSError):
                self.lock_path.unlink()
            os.close(self._lock)
            self._lock = None
