"""``--state-out``: the state JSON a game rewrites after every step, for other tools. It is written only
where it cannot harm: a file that is absent or a state this app wrote, never a save, its .bak or its lock."""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path

from moderator.messages import msg, os_reason
from moderator.savefile import MAX_BYTES, LiveSave, SaveError, backup_of, no_constant, same_file


def state_out_target(raw: str, save: Path | None) -> Path:
    """Where ``--state-out`` may write: a file that is absent, or a state file this app wrote (a JSON
    object of players, never a save); never the game's own save, never a device, a pipe or a folder,
    and never one of those through a symbolic link. The real path is returned: a link to a state file
    has its target rewritten, not the link.

    Raises:
        SaveError: one line naming the file and why it is left alone.
    """
    if "\x00" in raw or not raw.strip():
        raise SaveError(msg("state_out_bad_name", path=repr(raw)))
    path = Path(raw)
    real = Path(os.path.realpath(path))
    if save is not None and (real == Path(os.path.realpath(save)) or same_file(real, save)):
        raise SaveError(msg("state_out_is_save", path=path))
    if save is not None and real in {Path(os.path.realpath(p)) for p in (backup_of(save), LiveSave.lock_of(save))}:
        raise SaveError(msg("state_out_is_backup", path=path))
    try:
        info = real.stat()
    except FileNotFoundError:
        return real
    except OSError as exc:
        raise SaveError(msg("cannot_read", path=path, reason=os_reason(exc))) from exc
    if not stat.S_ISREG(info.st_mode):
        raise SaveError(msg("state_out_not_file", path=path))
    if info.st_size and not _is_state_file(real, info.st_size):
        raise SaveError(msg("state_out_not_state", path=path))
    return real


@contextlib.contextmanager
def state_out_held(path: str | None) -> Iterator[None]:
    """While the block runs, ``--state-out`` is this process's: a second running game naming the same file
    is refused (it would write its players over this game's).

    Raises:
        SaveError: another moderator writes that state file now.
    """
    if not path:
        yield
        return
    real = Path(path)
    lock = real.with_name(f".{real.name}.state-lock")
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o644)  # never a link's target
    except OSError:  # a folder that cannot be written: the state file's own write will say why
        yield
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            raise SaveError(msg("state_out_in_use", path=path)) from exc
        try:
            yield
        finally:
            with contextlib.suppress(OSError):
                lock.unlink()
    finally:
        os.close(fd)


def _is_state_file(path: Path, size: int) -> bool:
    """Whether ``path`` holds a state this app writes with ``--state-out``: a JSON object with a list of
    players and no journal (a save has ``start`` and ``entries``)."""
    if size > MAX_BYTES:
        return False
    try:
        doc = json.loads(path.read_bytes().decode("utf-8"), parse_constant=no_constant)
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return False
    return isinstance(doc, dict) and isinstance(doc.get("players"), list) and not {"start", "entries"} & doc.keys()
