"""Voice packs on disk: a folder in the user's data folder (``voice-packs/<name>``) holding
``manifest.json`` and ``takes/*.wav`` (16 kHz mono 16-bit); a pack's takes added, dropped and read."""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Sequence
from pathlib import Path

from pydantic import ValidationError

from moderator.i18n import Lang
from moderator.paths import user_data_dir
from moderator.voice.audio import SAMPLE_RATE, read_wav, write_wav
from moderator.voice.pack.manifest import MAX_MANIFEST_BYTES, NAME_RE, Manifest, PackError, Phrase, Take
from moderator.voice.pack.words import key


def packs_dir() -> Path:
    """Where the user's voice packs live: the platform data folder's ``voice-packs``."""
    return user_data_dir() / "voice-packs"


def check_name(name: str) -> str:
    if not NAME_RE.fullmatch(name) or name in {".", ".."}:
        raise PackError(f"{name!r} is not a pack name: use letters, digits, '-', '_' or '.' (at most 40)")
    return name


def atomic_write(path: Path, text: str) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


def _read_manifest(path: Path) -> Manifest:
    try:
        if path.stat().st_size > MAX_MANIFEST_BYTES:
            raise PackError(f"{path}: the manifest is larger than {MAX_MANIFEST_BYTES // 2**20} MB")
        return Manifest.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise PackError(f"{path}: cannot read the manifest ({exc})") from exc
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(x) for x in first["loc"])
        raise PackError(f"{path}: not a voice pack manifest ({where}: {first['msg']})") from exc


class Pack:
    """A voice pack folder: its manifest and takes."""

    def __init__(self, folder: Path, manifest: Manifest) -> None:
        self.folder = folder
        self.manifest = manifest
        self._pcm: dict[str, bytes] = {}

    @property
    def name(self) -> str:
        return self.manifest.name

    @classmethod
    def create(cls, name: str, lang: Lang, *, synthetic: bool = False, source: str = "") -> Pack:
        folder = packs_dir() / check_name(name)
        (folder / "takes").mkdir(parents=True, exist_ok=True)
        pack = cls(folder, Manifest(name=name, lang=lang, synthetic=synthetic, source=source))
        pack.save()
        return pack

    @classmethod
    def open(cls, name: str) -> Pack:
        """The installed pack ``name``.

        Raises:
            PackError: there is none (the message lists those there are), or it is damaged.
        """
        folder = packs_dir() / check_name(name)
        manifest = folder / "manifest.json"
        if not manifest.is_file():
            have = ", ".join(list_packs()) or "none yet"
            raise PackError(f"no voice pack {name!r} (installed: {have}); see `moderator voice-pack list`")
        return cls(folder, _read_manifest(manifest))

    def save(self) -> None:
        atomic_write(self.folder / "manifest.json", self.manifest.model_dump_json(indent=1))

    def taken(self) -> set[str]:
        return {t.text for t in self.manifest.takes}

    def add(self, phrase: Phrase, pcm: bytes, warnings: Sequence[str]) -> Take:
        """Store a take of ``phrase`` (replacing an earlier one) and save the manifest at once."""
        self.drop(phrase.text)
        used = {t.file for t in self.manifest.takes}
        n = len(self.manifest.takes) + 1
        while f"takes/{n:04d}.wav" in used or (self.folder / f"takes/{n:04d}.wav").exists():
            n += 1
        file = f"takes/{n:04d}.wav"
        write_wav(self.folder / file, pcm, SAMPLE_RATE)
        take = Take(text=phrase.text, kind=phrase.kind, file=file, sha256=hashlib.sha256(pcm).hexdigest(),
                    seconds=round(len(pcm) / 2 / SAMPLE_RATE, 3), warnings=list(warnings))  # fmt: skip
        self.manifest.takes.append(take)
        if phrase.text in self.manifest.skipped:
            self.manifest.skipped.remove(phrase.text)
        self.save()
        return take

    def drop(self, text: str) -> None:
        """Forget the take of ``text`` (and its file), if any."""
        for take in [t for t in self.manifest.takes if t.text == text]:
            self.manifest.takes.remove(take)
            (self.folder / take.file).unlink(missing_ok=True)
        self.save()

    def skip(self, text: str) -> None:
        if text not in self.manifest.skipped:
            self.manifest.skipped.append(text)
        self.save()

    def pcm(self, take: Take) -> bytes:
        """The take's audio (16 kHz)."""
        if take.file not in self._pcm:
            pcm, rate = read_wav(self.folder / take.file)
            if rate != SAMPLE_RATE:
                raise PackError(f"{self.folder / take.file}: {rate} Hz, want {SAMPLE_RATE}")
            self._pcm[take.file] = pcm
        return self._pcm[take.file]

    def lookup(self) -> tuple[dict[tuple[str, ...], Take], int]:
        """The takes by their words, and the longest phrase's word count."""
        table = {key(t.text): t for t in self.manifest.takes if key(t.text)}
        return table, max((len(k) for k in table), default=0)

    def digest(self) -> str:
        """Changes whenever a take does (the spliced lines' cache key)."""
        body = "|".join(f"{t.text}={t.sha256}" for t in self.manifest.takes)
        return hashlib.sha1(body.encode()).hexdigest()[:12]


def list_packs() -> list[str]:
    folder = packs_dir()
    if not folder.is_dir():
        return []
    return sorted(p.name for p in folder.iterdir() if (p / "manifest.json").is_file())


def remove_pack(name: str) -> None:
    pack = Pack.open(name)
    shutil.rmtree(pack.folder)
