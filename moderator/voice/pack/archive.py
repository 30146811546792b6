"""A voice pack moved as one zip file: export, and an import that changes nothing unless every part
of the file checks out (its manifest, every member's path, size, audio and checksum)."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import tempfile
import zipfile
from pathlib import Path

from pydantic import ValidationError

from moderator.errors import DataError
from moderator.paths import may_overwrite
from moderator.voice.audio import SAMPLE_RATE, read_wav, write_wav
from moderator.voice.errors import AudioFormatError
from moderator.voice.pack.manifest import MAX_MANIFEST_BYTES, Manifest, PackError
from moderator.voice.pack.store import Pack, atomic_write, check_name, packs_dir

MAX_ARCHIVE_MEMBERS = 5000
MAX_TAKE_BYTES = 2 * 30 * SAMPLE_RATE + 1000  # 30 s
MAX_ARCHIVE_BYTES = 400 * 1024 * 1024
_TAKE_FILE = re.compile(r"^takes/[0-9]{4,6}\.wav$")


def export_pack(name: str, file: Path) -> Path:
    """Write pack ``name`` to ``file`` (a zip: manifest.json and takes/)."""
    pack = Pack.open(name)
    if file.exists() and file.is_dir():
        raise PackError(f"{file} is a folder; name a file to write")
    try:
        may_overwrite(file, b"PK", "a voice pack")
    except DataError as exc:
        raise PackError(str(exc)) from exc
    tmp = file.with_name(file.name + ".part")
    try:
        with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("manifest.json", pack.manifest.model_dump_json(indent=1))
            for take in pack.manifest.takes:
                z.write(pack.folder / take.file, take.file)
        tmp.replace(file)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise PackError(f"cannot write {file}: {exc}") from exc
    return file


def import_pack(file: Path, name: str | None = None) -> Pack:
    """Install the pack in ``file`` (as ``name``, else its own name). Nothing changes unless every
    part of it checks out: its manifest, every member's path, every take's audio and checksum.

    Raises:
        PackError: the file is missing, not a pack, damaged, or a pack of that name exists.
    """
    if not file.is_file():
        raise PackError(f"{file}: no such file")
    try:
        with zipfile.ZipFile(file) as z:
            manifest, takes = _checked_archive(z, file)
    except zipfile.BadZipFile as exc:
        raise PackError(f"{file}: not a voice pack file ({exc})") from exc
    except (OSError, EOFError, zipfile.LargeZipFile, NotImplementedError, RuntimeError) as exc:
        raise PackError(f"{file}: damaged voice pack file ({exc})") from exc
    if name is not None:
        manifest = manifest.model_copy(update={"name": check_name(name)})
    check_name(manifest.name)
    target = packs_dir() / manifest.name
    if target.exists():
        raise PackError(f"a voice pack named {manifest.name!r} is already installed; "
                        "remove it first or import with --name")  # fmt: skip
    packs_dir().mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".import-", dir=packs_dir()))
    try:
        (staging / "takes").mkdir()
        for take in manifest.takes:
            write_wav(staging / take.file, takes[take.file], SAMPLE_RATE)
        atomic_write(staging / "manifest.json", manifest.model_dump_json(indent=1))
        staging.replace(target)
    except OSError as exc:
        raise PackError(f"cannot install the voice pack: {exc}") from exc
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    return Pack(target, manifest)


def _member(z: zipfile.ZipFile, name: str, limit: int, file: Path) -> bytes:
    """A member's bytes, read in pieces and refused past ``limit`` whatever its header says.

    Raises:
        PackError: the member unpacks to more than ``limit`` bytes.
    """
    info = z.getinfo(name)
    if info.file_size > limit:
        raise PackError(f"{file}: {name} is larger than {limit // 1024} KB")
    out = bytearray()
    with z.open(info) as member:
        while chunk := member.read(65536):
            out += chunk
            if len(out) > limit:
                raise PackError(f"{file}: {name} unpacks to more than its {limit // 1024} KB limit")
    return bytes(out)


def _checked_archive(z: zipfile.ZipFile, file: Path) -> tuple[Manifest, dict[str, bytes]]:
    infos = z.infolist()
    if len(infos) > MAX_ARCHIVE_MEMBERS:
        raise PackError(f"{file}: too many files in the archive ({len(infos)})")
    if sum(i.file_size for i in infos) > MAX_ARCHIVE_BYTES:
        raise PackError(f"{file}: the archive unpacks to more than {MAX_ARCHIVE_BYTES // 2**20} MB")
    names = [i.filename for i in infos]
    for info in infos:
        n = info.filename
        if n != "manifest.json" and not _TAKE_FILE.match(n):
            raise PackError(f"{file}: unexpected path in the archive: {n!r}")
        if info.external_attr >> 28 == 0o12:  # a symbolic link
            raise PackError(f"{file}: a link in the archive: {n!r}")
    if len(set(names)) != len(names):
        raise PackError(f"{file}: a path appears twice in the archive")
    if "manifest.json" not in names:
        raise PackError(f"{file}: not a voice pack (no manifest.json)")
    try:
        data = json.loads(_member(z, "manifest.json", MAX_MANIFEST_BYTES, file).decode("utf-8"))
        manifest = Manifest.model_validate(data)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise PackError(f"{file}: the manifest is not JSON ({exc})") from exc
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(x) for x in first["loc"])
        raise PackError(f"{file}: not a voice pack manifest ({where}: {first['msg']})") from exc
    files = [t.file for t in manifest.takes]
    if len(set(files)) != len(files) or any(not _TAKE_FILE.match(f) for f in files):
        raise PackError(f"{file}: the manifest names a take file twice or outside takes/")
    if set(files) != set(names) - {"manifest.json"}:
        raise PackError(f"{file}: the archive's takes do not match its manifest")
    takes: dict[str, bytes] = {}
    for take in manifest.takes:
        info = z.getinfo(take.file)
        if info.file_size > MAX_TAKE_BYTES + 100:
            raise PackError(f"{file}: {take.file} is longer than 30 s")
        with tempfile.TemporaryDirectory(prefix="moderator-pack-") as tmp:
            path = Path(tmp) / "take.wav"
            path.write_bytes(_member(z, take.file, MAX_TAKE_BYTES + 100, file))
            try:
                pcm, rate = read_wav(path)
            except AudioFormatError as exc:
                raise PackError(f"{file}: {take.file} is not 16-bit mono WAV audio") from exc
        if rate != SAMPLE_RATE:
            raise PackError(f"{file}: {take.file} is {rate} Hz, want {SAMPLE_RATE}")
        if hashlib.sha256(pcm).hexdigest() != take.sha256:
            raise PackError(f"{file}: {take.file} does not match its checksum (damaged)")
        takes[take.file] = pcm
    return manifest, takes
