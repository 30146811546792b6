"""Putting the real voice parts together from config.toml: the recognizer, the two outputs, the
microphone, prompts rendered at game start; and the small commands (devices, say, transcribe)."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, TextIO

from moderator.commands.parse import Parser
from moderator.commands.phrases import Intent
from moderator.config import Config, confirm_below
from moderator.errors import Ambiguous, IllegalChoice, NotUnderstood
from moderator.i18n import Lang
from moderator.messages import msg
from moderator.paths import models_dirs
from moderator.session import Session
from moderator.voice.asr import Recognizer, load_recognizer
from moderator.voice.audio import SAMPLE_WIDTH, read_wav
from moderator.voice.errors import AudioFormatError, VoiceError
from moderator.voice.keys import stdin_reader
from moderator.voice.listen import MicUtterances
from moderator.voice.loop import VoiceLoop, run_keyboard_thread
from moderator.voice.mediakeys import MediaKeys, talk_key_paths
from moderator.voice.models import default_cache_dir, find_vosk_model_in, known_phrases
from moderator.voice.names import wake_phrases
from moderator.voice.pack import Pack, PackError, PackPrompts
from moderator.voice.speaker import AudioSpeaker, PromptCache, VoiceSettings, list_devices


def models_dir(config: Config, lang: Lang) -> Path:
    """The folder searched for a Vosk model of ``lang``: config.toml's ``asr.models``, else the first
    of the user's models folder and a checkout's models/ that holds one."""
    if config.asr.models:
        return Path(config.asr.models).expanduser()
    dirs = models_dirs()
    return next((d for d in dirs if find_vosk_model_in(d, lang) is not None), dirs[0])


def recognizer_for(lang: Lang, config: Config) -> Recognizer:
    """Load the recognizer for ``lang`` (with the measured rejection policy, asr.DEFAULT_POLICIES)."""
    return load_recognizer(lang, models_dir(config, lang))


def _device(value: str) -> int | str | None:
    if not value:
        return None
    return int(value) if value.isdigit() else value


def audio_available(config: Config) -> bool:
    """Whether there is an input and an output device to use."""
    try:
        devices = list_devices()
    except Exception:
        return False
    return any(int(str(d["inputs"])) > 0 for d in devices) and any(int(str(d["outputs"])) > 0 for d in devices)


def build_voice(session: Session, config: Config, console: TextIO = sys.stdout, *, pace: float = 1.0,
                ambience: bool = False) -> VoiceLoop:  # fmt: skip
    """The real voice loop for ``session``: model loaded, prompts rendered (with progress), microphone
    open (push-to-talk as config.toml says), outputs as config.toml says."""
    lang = session.lang
    console.write(f"voice: loading the {lang} model in the background …\n")
    loader = ThreadPoolExecutor(1, thread_name_prefix="model")
    loading: Future[Recognizer] = loader.submit(recognizer_for, lang, config)
    loader.shutdown(wait=False)  # the one load runs on; no thread is left waiting for more work
    voice = config.tts.get(lang)
    settings = VoiceSettings(voice.voice or None, voice.rate, voice.volume) if voice else VoiceSettings()
    cache = PromptCache(default_cache_dir() / "prompts", lang, settings)
    prompts = with_pack(cache, voice.pack if voice else "", lang, console)
    if lang == "ko" and config.tts.detail == "cue" and not (voice and voice.pack):
        console.write("voice: espeak-ng's Korean is hard to follow; the cues are clearer in your own voice: "
                      "`moderator voice-pack record --cues` (the seats and this script's characters, a few "
                      "minutes), then --voice-pack my-voice-ko\n")  # fmt: skip

    def progress(done: int, total: int) -> None:
        console.write(f"\rvoice: rendering prompts {done}/{total}")

    prompts.prerender(session.known_texts(), progress)
    console.write("\n")
    speaker = AudioSpeaker(prompts, _device(config.audio.public), _device(config.audio.private), ambience=ambience)
    listen = config.listen
    utterances = MicUtterances(_device(config.audio.input), push_to_talk=listen == "push")
    speaker.speaking = utterances.endpointer.muted  # half-duplex: the microphone drops what it hears while we speak
    calibration = _calibration(config, lang, console)
    wake = wake_phrase(config, lang, calibration) if listen == "wake" else ""
    # The first prompt is spoken while the model loads; the loop waits for it only to hear an answer.
    loop = VoiceLoop(session, loading, speaker, utterances, confirm_below=confirm_below(config, lang),
                     console=console, pace=pace, echo=True, calibration=calibration,
                     streaming=config.asr.streaming, early_end=lang in config.asr.early_end,
                     detail=config.tts.detail, wake=wake)  # fmt: skip
    if listen == "push":
        paths, problem = talk_key_paths(config.audio.talk_key)
        if paths:
            MediaKeys(paths, loop.post_key).start()  # daemon threads, as long as the devices are there
        console.write(f"voice: push to talk: press the headset's play/pause button{' or Space' if paths else ''}"
                      f", then speak one answer.\n" if paths else f"voice: push to talk: {problem}.\n")  # fmt: skip
    elif listen == "wake":
        console.write(f"voice: say {wake!r}, then one answer (or both together).\n")
    return loop


def wake_phrase(config: Config, lang: Lang, calibration: Any) -> str:
    """The wake phrase: config.toml's ``asr.wake_phrase``, else the one calibration chose, else the
    language's first (data/commands ``voice.wake``)."""
    chosen = getattr(calibration, "wake", None) if calibration is not None else None
    return config.asr.wake_phrase or chosen or wake_phrases(lang)[0]


def with_pack(cache: PromptCache, name: str, lang: Lang, console: TextIO) -> PromptCache | PackPrompts:
    """``cache`` with the recorded voice pack ``name`` spliced in (espeak-ng says what it lacks);
    ``cache`` alone when there is no pack, or it cannot be used (said on the console)."""
    if not name:
        return cache
    try:
        pack = Pack.open(name)
    except PackError as exc:
        console.write(f"voice: {exc}; speaking with espeak-ng only\n")
        return cache
    if pack.manifest.lang != lang:
        console.write(f"voice: voice pack {name!r} is in {pack.manifest.lang!r}, this game in {lang!r}: not used\n")
        return cache
    label = " (synthetic takes)" if pack.manifest.synthetic else ""
    console.write(f"voice: voice pack {name!r}{label}, {len(pack.manifest.takes)} takes; espeak-ng for the rest\n")
    return PackPrompts(pack, cache, cache.folder)


def _calibration(config: Config, lang: Lang, console: TextIO) -> Any:
    """The storyteller's stored :class:`~moderator.voice.calibrate.Calibration` for ``lang`` (None:
    off, or none yet, which is said once)."""
    if not config.asr.calibration:
        return None
    from moderator.voice.calibrate import load

    cal = load(lang)
    if cal is None:
        console.write(f"voice: {msg('not_calibrated')}\n")
    return cal


def play_by_voice(session: Session, config: Config, *, pace: float = 1.0, ambience: bool = False) -> int | None:
    """Run a game by voice, or say why not and return None (the keyboard takes over)."""
    if not audio_available(config):
        print(f"moderator: {msg('no_audio')}", file=sys.stderr)
        return None
    try:
        voice = build_voice(session, config, pace=pace, ambience=ambience)
    except (VoiceError, OSError, ImportError) as exc:
        print(f"moderator: {msg('voice_unavailable', reason=exc)}", file=sys.stderr)
        return None
    session.watch_elsewhere(voice.post_change)
    run_keyboard_thread(voice, stdin_reader)
    try:
        return voice.run()
    finally:
        voice.close()


def transcribe(path: Path, lang: Lang, parser: Parser, allowed: Sequence[Intent], config: Config) -> dict[str, object]:
    """Run the loop's recognizer on a WAV file, with ``parser``'s grammar for a step allowing ``allowed``.

    Raises:
        AudioFormatError: not a regular file (a folder, a pipe that would never end), not a WAV this reads, or
            no sound in it.
    """
    if not path.is_file():
        raise AudioFormatError(f"{path}: no such file" if not path.exists() else f"{path}: not a file")
    pcm, rate = read_wav(path)
    if len(pcm) < SAMPLE_WIDTH or rate <= 0:
        raise AudioFormatError(f"{path}: holds no sound")
    return hear_once(recognizer_for(lang, config), pcm, rate, parser, allowed)


def hear_once(rec: Recognizer, pcm: bytes, rate: int, parser: Parser, allowed: Sequence[Intent],
              numbers: Sequence[int] = range(0, 21)) -> dict[str, object]:  # fmt: skip
    """One utterance heard as a step allowing ``allowed`` hears it (``parser``'s closed grammar, the
    rejection policy), and the command it says: text, phrase, command, confidence, rejected, reason."""
    grammar, _ = known_phrases(parser.sentences(allowed, numbers=list(numbers)), rec.has_word)
    result = rec.recognize(pcm, rate, grammar)
    command = None
    if not result.rejected and result.phrase is not None:
        try:
            cmd = parser.parse(result.phrase, allowed)
            command = {"intent": cmd.intent, "seats": list(cmd.seats), "character": cmd.character,
                       "number": cmd.number, "value": cmd.value}  # fmt: skip
        except (NotUnderstood, Ambiguous, IllegalChoice):  # IllegalChoice: a seat this parser has no room for
            command = None
    return {
        "text": result.text,
        "phrase": result.phrase,
        "command": command,
        "confidence": min(result.confidences, default=0.0),
        "rejected": result.rejected or command is None,
        "reason": result.reason,
    }


def print_json(obj: object) -> None:
    print(json.dumps(obj, ensure_ascii=False))
