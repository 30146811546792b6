"""Recorded voice packs: a person's takes of the fixed phrases, spliced into the lines the app says.

A pack is a folder in the user's data folder (``voice-packs/<name>``): ``manifest.json`` (validated
by :class:`Manifest`, extra keys refused) and ``takes/*.wav`` (16 kHz mono 16-bit, trimmed to the
speech). It knows no game: the phrases to read come from the caller (moderator/phrasebook.py).

At play time :func:`plan` covers a line, word by word, with the longest recorded phrases; what no
take covers (a player's name, a number, a word glued to a slot) is one text-to-speech piece.
:class:`PackPrompts` renders the pieces one after the other, with a short silence between them and
a longer one after a sentence. Export and import move a pack as one zip file.

The package: ``manifest`` (what a pack holds), ``words`` (a line planned as takes and text),
``store`` (packs on disk), ``archive`` (export and import), ``splice`` (play time), ``takes`` (a
take trimmed, levelled and judged) and ``session`` (recording). Its names are all here.
"""

from moderator.voice.pack.archive import (
    MAX_ARCHIVE_BYTES,
    MAX_ARCHIVE_MEMBERS,
    MAX_TAKE_BYTES,
    export_pack,
    import_pack,
)
from moderator.voice.pack.manifest import FORMAT, MAX_MANIFEST_BYTES, NAME_RE, Kind, Manifest, PackError, Phrase, Take
from moderator.voice.pack.session import AFTER, HELP, TakeSource, record
from moderator.voice.pack.splice import PackPrompts, Prerendering, Prompts
from moderator.voice.pack.store import Pack, check_name, list_packs, packs_dir, remove_pack
from moderator.voice.pack.takes import (
    CLIP_FRACTION,
    CLIP_LEVEL,
    EMPTY,
    KEEP_SILENCE,
    MIN_SECONDS,
    PEAK,
    QUIET_RMS,
    SPEECH_RMS,
    char_error,
    check_take,
    letters,
    levelled,
    trim,
)
from moderator.voice.pack.words import COMMA_GAP, SENTENCE_GAP, WORD_GAP, Piece, key, plan

__all__ = [
    "AFTER",
    "CLIP_FRACTION",
    "CLIP_LEVEL",
    "COMMA_GAP",
    "EMPTY",
    "FORMAT",
    "HELP",
    "KEEP_SILENCE",
    "MAX_ARCHIVE_BYTES",
    "MAX_ARCHIVE_MEMBERS",
    "MAX_MANIFEST_BYTES",
    "MAX_TAKE_BYTES",
    "MIN_SECONDS",
    "NAME_RE",
    "PEAK",
    "QUIET_RMS",
    "SENTENCE_GAP",
    "SPEECH_RMS",
    "WORD_GAP",
    "Kind",
    "Manifest",
    "Pack",
    "PackError",
    "PackPrompts",
    "Phrase",
    "Piece",
    "Prerendering",
    "Prompts",
    "Take",
    "TakeSource",
    "char_error",
    "check_name",
    "check_take",
    "export_pack",
    "import_pack",
    "key",
    "letters",
    "levelled",
    "list_packs",
    "packs_dir",
    "plan",
    "record",
    "remove_pack",
    "trim",
]
