"""Recorded voice packs: a person's takes of the fixed phrases, spliced into the lines the app says.

A pack is a folder in the user's data folder (``voice-packs/<name>``): ``manifest.json`` (validated
by :class:`Manifest`, extra keys refused) and ``takes/*.wav`` (16 kHz mono 16-bit, trimmed to the
speech). It knows no game: the phrases to read come from the caller (moderator/phrasebook.py).

At play time :func:`plan` covers a line, word by word, with the longest recorded phrases; what no
take covers (a player's name, a number, a word glued to a slot) is one text-to-speech piece.
:class:`PackPrompts` renders the pieces one after the other, with a short silence between them and
a longer one after a sentence. Export and import move a pack as one zip file.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import shutil
import tempfile
import threading
import unicodedata
import zipfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Protocol, TextIO

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from moderator.i18n import Lang
from moderator.paths import user_data_dir
from moderator.voice.audio import SAMPLE_RATE, read_wav, rms, write_wav
from moderator.voice.errors import AudioFormatError, VoiceError

FORMAT = 1
Kind = Literal["step", "seat", "character", "card"]
NAME_RE = re.compile(r"^[\w][\w.-]{0,39}$")
_TAKE_FILE = re.compile(r"^takes/[0-9]{4,6}\.wav$")

SENTENCE_GAP = 0.25  # seconds after a piece that ends a sentence (as tts.SENTENCE_PAUSE)
COMMA_GAP = 0.12
WORD_GAP = 0.04
MAX_ARCHIVE_MEMBERS = 5000
MAX_TAKE_BYTES = 2 * 30 * SAMPLE_RATE + 1000  # 30 s
MAX_ARCHIVE_BYTES = 400 * 1024 * 1024
MAX_MANIFEST_BYTES = 4 * 1024 * 1024  # 5,000 takes at a few hundred bytes each


class PackError(VoiceError):
    """A voice pack that is missing, damaged or refused; the message is one line."""


@dataclass(frozen=True)
class Phrase:
    """One thing to read: its written form and what it is (a step's fixed part, a seat, a name)."""

    text: str
    kind: Kind = "step"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Take(_Model):
    text: str = Field(min_length=1, max_length=2000)
    kind: Kind
    file: str
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    seconds: float = Field(ge=0.0, le=30.0)
    warnings: list[str] = Field(default_factory=list)


class Manifest(_Model):
    format: Literal[1] = 1
    name: str
    lang: Lang
    synthetic: bool = False
    """Takes made by a machine (tests, benchmarks), not recorded by a person."""
    source: str = ""
    """Who or what read the takes."""
    takes: list[Take] = Field(default_factory=list)
    skipped: list[str] = Field(default_factory=list)


# --- words ------------------------------------------------------------------------------------------


def _norm(token: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFC", token).casefold() if ch.isalnum())


def key(text: str) -> tuple[str, ...]:
    """The words of ``text`` as a take is looked up: letters and digits only, case folded."""
    return tuple(w for w in (_norm(t) for t in text.split()) if w)


@dataclass(frozen=True)
class Piece:
    """One part of a spoken line: a recorded take (``take`` set) or text for the voice."""

    text: str
    take: Take | None
    gap: float
    """Silence after it, seconds."""


def _gap(raw: str) -> float:
    end = raw.rstrip("'\"’”」』)")
    if end.endswith((".", "?", "!", ":", ";")):
        return SENTENCE_GAP
    if end.endswith(","):
        return COMMA_GAP
    return WORD_GAP


def plan(text: str, takes: dict[tuple[str, ...], Take], longest: int) -> list[Piece]:
    """``text`` covered, left to right, by the longest recorded phrases; the words between them are
    text pieces. A word that is only a symbol goes with the piece before it."""
    raw = text.split()
    words = [_norm(t) for t in raw]
    pieces: list[Piece] = []
    pending: list[str] = []

    def flush() -> None:
        if pending:
            said = " ".join(pending)
            pieces.append(Piece(said, None, _gap(said)))
            pending.clear()

    i = 0
    while i < len(raw):
        found = None
        if words[i]:
            for n in range(min(longest, len(raw) - i), 0, -1):
                span = [w for w in words[i : i + n] if w]
                if not words[i + n - 1]:
                    continue  # a span ends on a word, not a symbol
                take = takes.get(tuple(span))
                if take is not None:
                    found = (n, take)
                    break
        if found is None:
            pending.append(raw[i])
            i += 1
            continue
        flush()
        n, take = found
        said = " ".join(raw[i : i + n])
        pieces.append(Piece(said, take, _gap(said)))
        i += n
    flush()
    return pieces


# --- packs on disk ----------------------------------------------------------------------------------


def packs_dir() -> Path:
    """Where the user's voice packs live: the platform data folder's ``voice-packs``."""
    return user_data_dir() / "voice-packs"


def check_name(name: str) -> str:
    if not NAME_RE.fullmatch(name) or name in {".", ".."}:
        raise PackError(f"{name!r} is not a pack name: use letters, digits, '-', '_' or '.' (at most 40)")
    return name


def _atomic_write(path: Path, text: str) -> None:
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
        _atomic_write(self.folder / "manifest.json", self.manifest.model_dump_json(indent=1))

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


def export_pack(name: str, file: Path) -> Path:
    """Write pack ``name`` to ``file`` (a zip: manifest.json and takes/)."""
    pack = Pack.open(name)
    if file.exists() and file.is_dir():
        raise PackError(f"{file} is a folder; name a file to write")
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
        _atomic_write(staging / "manifest.json", manifest.model_dump_json(indent=1))
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


# --- play time --------------------------------------------------------------------------------------


class Prompts(Protocol):
    """What renders a line to a WAV (the plain :class:`~moderator.voice.speaker.PromptCache`, or a pack)."""

    def get(self, text: str) -> Path: ...


class Prerendering:
    """Rendering every line before it is needed, through the class's own ``get``."""

    def get(self, text: str) -> Path:
        raise NotImplementedError

    def prerender(self, texts: Iterable[str], progress: Callable[[int, int], None] | None = None) -> None:
        """Render every text now (at game start), so nothing waits on synthesis at night."""
        todo = list(dict.fromkeys(t for t in texts if t.strip()))
        for i, text in enumerate(todo, start=1):
            self.get(text)
            if progress is not None:
                progress(i, len(todo))


class PackPrompts(Prerendering):
    """Lines spliced from a pack's takes, text-to-speech (``tts``) for each piece with no take.

    Same interface as :class:`~moderator.voice.speaker.PromptCache`; spliced lines are cached too.
    """

    def __init__(self, pack: Pack, tts: Prompts, folder: Path) -> None:
        self.pack = pack
        self.tts = tts
        self.folder = folder
        self._takes, self._longest = pack.lookup()
        self._digest = pack.digest()
        self._lock = threading.Lock()

    def plan(self, text: str) -> list[Piece]:
        return plan(text, self._takes, self._longest)

    def pcm(self, text: str) -> bytes:
        """The spliced audio of ``text`` (16 kHz)."""
        pieces = self.plan(text)
        out: list[bytes] = []
        for i, piece in enumerate(pieces):
            if piece.take is not None:
                out.append(self.pack.pcm(piece.take))
            else:
                pcm, rate = read_wav(self.tts.get(piece.text))
                if rate != SAMPLE_RATE:
                    raise PackError(f"text to speech gave {rate} Hz, want {SAMPLE_RATE}")
                out.append(pcm)
            if i < len(pieces) - 1:
                out.append(bytes(2 * round(piece.gap * SAMPLE_RATE)))
        return b"".join(out)

    def get(self, text: str) -> Path:
        voice = f"{getattr(self.tts, 'lang', '')}|{getattr(self.tts, 'settings', '')}"  # espeak-ng's part
        digest = hashlib.sha1(f"{self.pack.name}|{self._digest}|{voice}|{text}".encode()).hexdigest()[:20]
        path = self.folder / f"pack-{digest}.wav"
        with self._lock:
            if not path.is_file():
                self.folder.mkdir(parents=True, exist_ok=True)
                write_wav(path, self.pcm(text), SAMPLE_RATE)
        return path



# --- recording --------------------------------------------------------------------------------------

QUIET_RMS = 500.0  # speech below this level (16-bit RMS, about -36 dBFS) is too quiet to use
CLIP_LEVEL = 32000
CLIP_FRACTION = 0.001
MIN_SECONDS = 0.2
EMPTY = "empty: nothing was heard"
KEEP_SILENCE = 0.05  # seconds kept before and after the speech when a take is trimmed


def trim(pcm: bytes, rate: int = SAMPLE_RATE) -> bytes:
    """``pcm`` cut to its speech (10 ms frames within 35 dB of the loudest), a little silence kept."""
    frame = rate // 100 * 2
    levels = [rms(pcm[i : i + frame]) for i in range(0, len(pcm) - len(pcm) % 2, frame)]
    if not levels or max(levels) <= 0:
        return b""
    floor = max(levels) / 56.0  # 35 dB
    loud = [i for i, v in enumerate(levels) if v >= floor]
    pad = round(KEEP_SILENCE * 100)
    start, end = max(0, loud[0] - pad), min(len(levels), loud[-1] + 1 + pad)
    return pcm[start * frame : end * frame]


SPEECH_RMS = 3200.0  # about -20 dBFS: what espeak-ng's speech measures, so takes and its pieces match
PEAK = 30000


def levelled(pcm: bytes, target: float = SPEECH_RMS) -> bytes:
    """``pcm`` scaled to ``target`` RMS (its peak kept under :data:`PEAK`), so the takes of a pack
    and espeak-ng's pieces between them sound about as loud."""
    import array

    level = rms(pcm)
    if level <= 0:
        return pcm
    samples = array.array("h")
    samples.frombytes(pcm)
    peak = max(abs(x) for x in samples)
    gain = min(target / level, PEAK / max(peak, 1))
    return array.array("h", (max(-32768, min(32767, round(x * gain))) for x in samples)).tobytes()


def letters(text: str) -> int:
    return sum(ch.isalpha() for ch in text)


def check_take(pcm: bytes, said: str, heard: str | None) -> list[str]:
    """What is wrong with a take of ``said`` (the phrase as the voice says it): level, clipping,
    length, and what the recognizer heard (``heard``; None: not checked). Empty: it is fine."""
    import array

    problems: list[str] = []
    seconds = len(pcm) / 2 / SAMPLE_RATE
    if seconds < MIN_SECONDS:
        return [EMPTY]
    level = rms(pcm)
    if level < QUIET_RMS:
        problems.append(f"too quiet ({20 * math.log10(max(level, 1) / 32768):.0f} dBFS): come closer or speak up")
    samples = array.array("h")
    samples.frombytes(pcm)
    clipped = sum(1 for s in samples if abs(s) >= CLIP_LEVEL)
    if clipped > CLIP_FRACTION * len(samples):
        problems.append("clipped (too loud): move back or turn the input down")
    most = 2.0 + 0.35 * letters(said)
    if seconds > most:
        problems.append(f"too long ({seconds:.1f} s for {letters(said)} syllables)")
    if heard is not None:
        error = char_error(said, heard)
        if error > 0.5:
            problems.append(f"heard {heard!r} ({error:.0%} off): re-record if it was unclear")
    return problems


def char_error(ref: str, hyp: str) -> float:
    """Character error rate: edit distance over the reference's length, letters only (the benchmarks' measure)."""
    r = "".join(ch for ch in ref.lower() if ch.isalpha())
    h = "".join(ch for ch in hyp.lower() if ch.isalpha())
    if not r:
        return 0.0 if not h else 1.0
    row = list(range(len(h) + 1))
    for i, rc in enumerate(r, start=1):
        prev, row[0] = row[0], i
        for j, hc in enumerate(h, start=1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (rc != hc))
    return row[-1] / len(r)


class TakeSource(Protocol):
    """Where takes come from: the next utterance, or None (timeout, or the input ended)."""

    def next(self, timeout: float | None = None) -> bytes | None: ...


HELP = "Enter: record · s: skip · b: back · q: stop (everything so far is kept)"
AFTER = "Enter: keep · r: record again · b: back · q: stop"


def record(
    pack: Pack,
    phrases: Sequence[Phrase],
    takes: TakeSource,
    keys: Callable[[], str | None],
    out: TextIO,
    *,
    spoken: Callable[[str], str] = lambda s: s,
    hear: Callable[[bytes], str] | None = None,
    timeout: float = 15.0,
) -> int:
    """Guide a reader through ``phrases`` not yet in ``pack``: show each one (and how to say it),
    take the next utterance, check it, keep it (trimmed, its level evened out: :func:`levelled`), record it
    again, skip it or go back. The pack is
    saved after every take, so a session stopped anywhere resumes where it stopped.

    ``keys()`` is the reader's next line (None: the input ended, which stops). Returns the number
    of takes kept in this session."""
    done = pack.taken() | set(pack.manifest.skipped)
    todo = [p for p in phrases if p.text not in done]
    total = len(phrases)
    if not todo:
        out.write(f"voice pack {pack.name}: every phrase is recorded or skipped ({len(pack.manifest.takes)} takes)\n")
        return 0
    out.write(f"voice pack {pack.name}: {total - len(todo)} of {total} done; {len(todo)} to go. {HELP}\n")
    kept = 0
    i = 0
    while 0 <= i < len(todo):
        phrase = todo[i]
        said = spoken(phrase.text)
        hint = f"   (say: {said})" if said.replace(" ", "") != phrase.text.replace(" ", "") else ""
        out.write(f"[{total - len(todo) + i + 1}/{total}] {phrase.kind}: {phrase.text}{hint}\n> ")
        out.flush()
        answer = keys()
        if answer is None or answer.strip().lower() == "q":
            break
        choice = answer.strip().lower()
        if choice == "s":
            pack.skip(phrase.text)
            out.write("skipped\n")
            i += 1
            continue
        if choice == "b":  # the phrase before, to record again (its take stays until replaced)
            i = max(0, i - 1)
            continue
        out.write("listening… read it now\n")
        out.flush()
        pcm = takes.next(timeout)
        if pcm is None:
            out.write("heard nothing: check the microphone (`moderator doctor`), then Enter to try again\n")
            continue
        pcm = trim(pcm)
        problems = check_take(pcm, said, hear(pcm) if hear is not None and pcm else None)
        for problem in problems:
            out.write(f"  warning: {problem}\n")
        if not problems:
            out.write("  ok\n")
        out.write(f"{AFTER}\n> ")
        out.flush()
        after = keys()
        decision = (after or "").strip().lower()
        if decision == "r":
            continue
        if decision == "b":
            i = max(0, i - 1)
            continue
        if problems[:1] != [EMPTY]:
            pack.add(phrase, levelled(pcm), problems)
            kept += 1
        if after is None or decision == "q":
            break
        i += 1
    left = len([p for p in phrases if p.text not in pack.taken() | set(pack.manifest.skipped)])
    out.write(f"voice pack {pack.name}: {len(pack.manifest.takes)} takes kept; {left} phrases left"
              f"{' (run the same command to go on)' if left else ''}\n")  # fmt: skip
    return kept
