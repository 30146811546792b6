"""The ``moderator`` command line: the app's own commands (validate, devices, say, transcribe) and
each game's subcommands, registered here. No game logic lives here; this is the one place that
hands the voice layer to the games."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from moderator import __version__
from moderator.cli_common import Handler, lang_of
from moderator.config import Config, ensure_user_config, load_config
from moderator.errors import ModeratorError, SetupError
from moderator.i18n import Lang, resolve_plurals
from moderator.messages import lang_in, msg, os_reason, set_lang
from moderator.paths import may_overwrite
from moderator.printable import PrintableStream, printable
from moderator.session import Session

_CALIBRATE = False
"""``play --calibrate`` / ``growl --calibrate``: calibrate to the storyteller's voice before the game."""


def play_by_voice(session: Session, config: Config, *, pace: float = 1.0, ambience: bool = False) -> int | None:
    """Run ``session`` by voice (the voice layer is loaded only now), or None for the keyboard. With no
    calibration to this user's voice, and a terminal to answer, calibration is offered once first
    (``--calibrate``: calibrate, asked before or not)."""
    from moderator.doctor import offer_calibration
    from moderator.voice.app import audio_available
    from moderator.voice.app import play_by_voice as run

    if audio_available(config):
        offer_calibration(config, session.lang, force=_CALIBRATE)
    return run(session, config, pace=pace, ambience=ambience)


def cmd_validate(args: argparse.Namespace, config: Config) -> int:
    from moderator.validate import validate  # every module of the rules: only for this command

    report = validate([Path(p) for p in args.paths], config=config)
    for line in report.checked:
        print(f"checked: {line}")
    for note in report.notes:
        print(f"note: {note}")
    for problem in report.problems:
        print(f"error: {problem}", file=sys.stderr)
    if report.problems:
        print(resolve_plurals(f"{len(report.problems)} problem(s)"), file=sys.stderr)
        return 1
    print("ok")
    return 0


def cmd_devices(args: argparse.Namespace, config: Config) -> int:
    from moderator.voice.speaker import list_devices

    devices = list_devices()
    if not devices:
        print("no audio devices")
    for d in devices:
        print(f"{d['index']:3}  in {d['inputs']}  out {d['outputs']}  {d['name']}")
    return 0


def cmd_say(args: argparse.Namespace, config: Config) -> int:
    from moderator.voice.app import _device, with_pack
    from moderator.voice.models import default_cache_dir
    from moderator.voice.speaker import AudioSpeaker, PromptCache, VoiceSettings

    lang = lang_of(args, config)
    voice = config.tts.get(lang)
    settings = VoiceSettings(voice.voice or None, voice.rate, voice.volume) if voice else VoiceSettings()
    cache = PromptCache(default_cache_dir() / "prompts", lang, settings)
    prompts = with_pack(cache, voice.pack if voice else "", lang, sys.stderr)
    if args.out:
        may_overwrite(Path(args.out), b"RIFF", "a WAV file")
        Path(args.out).write_bytes(prompts.get(args.text).read_bytes())
        print(args.out)
        return 0
    from moderator.voice.speaker import list_devices

    if not any(int(str(d["outputs"])) > 0 for d in list_devices()):
        raise SetupError("no audio output on this machine: write the line to a file instead, with --out FILE.wav")
    try:
        AudioSpeaker(prompts, _device(config.audio.public), _device(config.audio.private)).say(args.text, "private")
    except OSError as exc:
        raise SetupError(f"cannot play on the audio output ({exc}); write the line to a file: --out FILE.wav") from exc
    return 0


def cmd_transcribe(args: argparse.Namespace, config: Config) -> int:
    from moderator.clocktower.frontend import any_game_parser
    from moderator.commands.parse import INTENTS_FOR
    from moderator.voice.app import print_json, transcribe

    lang = lang_of(args, config)
    expects = [e.strip() for e in args.expects.split(",") if e.strip()]
    allowed = [i for e in expects for i in INTENTS_FOR.get(e, ())]
    result = transcribe(Path(args.file), lang, any_game_parser(lang), allowed, config)
    if args.json:
        print_json(result)
    else:
        print(f"{result['text']!r} -> {result['command']} (confidence {result['confidence']:.2f})")
    return 0


def cmd_voice_pack(args: argparse.Namespace, config: Config) -> int:
    """voice-pack record | list | export | import | remove."""
    from moderator.voice import pack as packs

    if args.action == "list":
        names = packs.list_packs()
        if not names:
            print(f"no voice packs yet (they are kept in {packs.packs_dir()}); record one with "
                  "`moderator voice-pack record`")  # fmt: skip
        for name in names:
            try:
                m = packs.Pack.open(name).manifest
            except packs.PackError as exc:
                print(f"{printable(name)}  damaged: {printable(str(exc))}")
                continue
            label = "  synthetic takes" if m.synthetic else ""
            source = f"  read by {printable(m.source)}" if m.source else ""
            print(f"{printable(name)}  {m.lang}  {len(m.takes)} takes{label}{source}")
        return 0
    if args.action == "export":
        print(packs.export_pack(args.name, Path(args.file)))
        return 0
    if args.action == "import":
        pack = packs.import_pack(Path(args.file), args.name)
        print(f"installed voice pack {pack.name!r} ({pack.manifest.lang}, {len(pack.manifest.takes)} takes); "
              f"use it with --voice-pack {pack.name} or [tts.{pack.manifest.lang}] pack = \"{pack.name}\"")  # fmt: skip
        return 0
    if args.action == "remove":
        packs.remove_pack(args.name)
        print(f"removed voice pack {args.name!r}")
        return 0
    return record_pack(args, config)


def record_pack(args: argparse.Namespace, config: Config) -> int:
    """Guide the reader through the phrases (moderator/phrasebook.py) on the configured microphone."""
    from moderator import phrasebook
    from moderator.korean import spoken
    from moderator.voice import pack as packs
    from moderator.voice.app import _device, recognizer_for
    from moderator.voice.errors import VoiceError
    from moderator.voice.listen import MicUtterances
    from moderator.voice.speaker import list_devices

    lang = lang_of(args, config)
    name = packs.check_name(args.name or f"my-voice-{lang}")
    if not any(int(str(d["inputs"])) > 0 for d in list_devices()):  # before anything is made
        raise packs.PackError("no microphone on this machine: a voice pack is recorded by reading into one")
    scripts = args.script or [config.game.script]
    phrases = phrasebook.cue_phrases(lang, scripts) if args.cues else phrasebook.phrases(lang, args.script)
    fresh = name not in packs.list_packs()
    if not fresh:
        pack = packs.Pack.open(name)
        if pack.manifest.lang != lang:
            raise packs.PackError(f"voice pack {name!r} is in {pack.manifest.lang!r}, not {lang!r}")
    else:
        pack = packs.Pack.create(name, lang, synthetic=args.synthetic, source=args.reader or "")
    hear = None
    try:
        rec = recognizer_for(lang, config)

        def hear(pcm: bytes) -> str:
            return rec.decode(pcm, 16000, None).text
    except (VoiceError, OSError, ImportError) as exc:
        print(f"moderator: takes are not transcribed ({exc})", file=sys.stderr)
    mic = MicUtterances(_device(config.audio.input))

    class Takes:
        def next(self, timeout: float | None = None) -> bytes | None:
            pcm = mic.next(timeout)
            if mic.error is not None:
                raise packs.PackError(f"audio input lost ({mic.error}); every take so far is kept")
            return pcm

    def keys() -> str | None:
        line = sys.stdin.readline()
        return line or None

    try:
        packs.record(pack, phrases, Takes(), keys, sys.stdout, spoken=spoken if lang == "ko" else str, hear=hear)
    finally:
        mic.close()
        if fresh and not pack.manifest.takes:  # nothing was recorded: no empty pack is left behind
            packs.remove_pack(name)
    return 0


def serve_clocktower(*args: Any, **kwargs: Any) -> Any:
    """``play --web``: the web front end, imported only when it is asked for."""
    from moderator.web.serve import serve_clocktower as serve

    return serve(*args, **kwargs)


def serve_growl(*args: Any, **kwargs: Any) -> Any:
    """``growl --web``: the web front end, imported only when it is asked for."""
    from moderator.web.serve import serve_growl as serve

    return serve(*args, **kwargs)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="moderator", description="Offline moderator for social deduction games.")
    parser.add_argument("--config", help="a settings file (default: your own, made on first run; see `doctor`)")
    parser.add_argument("--version", action="version", version=f"moderator {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("validate", help="check data/ and script files; list every problem")
    p.add_argument("paths", nargs="*", help="script files to check too")
    p.set_defaults(func=cmd_validate)

    from moderator.clocktower.cli import register as register_clocktower

    register_clocktower(sub, play_by_voice, serve_clocktower)

    p = sub.add_parser("devices", help="list the audio input and output devices")
    p.set_defaults(func=cmd_devices)

    p = sub.add_parser("say", help="speak a test phrase (on the private output)")
    p.add_argument("text")
    p.add_argument("--lang", choices=["ko", "en"])
    p.add_argument("--out", help="write the WAV here instead of playing it")
    p.set_defaults(func=cmd_say)

    p = sub.add_parser("transcribe", help="run the game's recognizer on a WAV file")
    p.add_argument("file")
    p.add_argument("--lang", choices=["ko", "en"])
    p.add_argument(
        "--expects",
        default="confirm,seat,two_seats,yesno,number,character,direction",
        help="what the step expects, comma-separated (confirm, seat, two_seats, …)",
    )
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_transcribe)

    from moderator.growl.cli import register as register_growl

    register_growl(sub, play_by_voice, serve_growl)
    for game in ("play", "growl", "say"):
        sub.choices[game].add_argument(
            "--voice-pack", metavar="NAME", help="speak with this recorded voice pack (espeak-ng for the rest)"
        )

    p = sub.add_parser("voice-pack", help="record, list, share and remove recorded voice packs")
    packs = p.add_subparsers(dest="action", required=True)
    r = packs.add_parser("record", help="read the fixed phrases once, take by take (resumes where it stopped)")
    r.add_argument("--lang", choices=["ko", "en"])
    r.add_argument("--script", action="append", help="a script whose character names to read (repeat; "
                   "default: the bundled scripts)")  # fmt: skip
    r.add_argument("--cues", action="store_true", help="only what the headset's cues say: the seats and the "
                   "script's characters (config.toml's, or --script), a few minutes of reading")  # fmt: skip
    r.add_argument("--name", help="the pack's name (default my-voice-LANG)")
    r.add_argument("--reader", help="who reads (kept in the pack)")
    r.add_argument("--synthetic", action="store_true", help="label the takes as machine-made (tests, benchmarks)")
    packs.add_parser("list", help="the installed packs")
    e = packs.add_parser("export", help="write a pack to one file to share")
    e.add_argument("name")
    e.add_argument("file")
    i = packs.add_parser("import", help="install a pack from a file")
    i.add_argument("file")
    i.add_argument("--name", help="install under this name instead of its own")
    d = packs.add_parser("remove", help="delete an installed pack")
    d.add_argument("name")
    p.set_defaults(func=cmd_voice_pack)

    from moderator.doctor import register as register_doctor

    register_doctor(sub)
    for game in ("play", "growl"):  # the voice's own option on each game by voice
        sub.choices[game].add_argument("--calibrate", action="store_true",
                                       help="calibrate to your voice before the game (by voice)")  # fmt: skip
    return parser


def with_voice_pack(config: Config, name: str, lang: Lang) -> Config:
    """``config`` speaking ``lang`` with the voice pack ``name`` (--voice-pack).

    Raises:
        PackError: no such pack, or it is not in ``lang``.
    """
    from moderator.voice.pack import Pack, PackError

    pack = Pack.open(name)
    if pack.manifest.lang != lang:
        raise PackError(f"voice pack {name!r} is in {pack.manifest.lang!r}; this game speaks {lang!r}")
    voice = config.tts[lang].model_copy(update={"pack": name})
    return config.model_copy(update={"tts": config.tts.with_voice(lang, voice)})


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; errors are printed as one clear line, never a traceback. Whatever it prints
    goes out printable (no raw control character from a name or a line reaches the terminal), and what
    is typed is read in any encoding (bytes that are not UTF-8 become replacement characters)."""
    for name, mode in (("stdin", "r"), ("stdout", "w"), ("stderr", "w")):  # started with one closed (`<&-`):
        if getattr(sys, name) is None:  # nothing is read from it, and what is written there goes nowhere
            setattr(sys, name, open(os.devnull, mode, encoding="utf-8"))  # noqa: SIM115 (open for the run)
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _printable(out), _printable(err)
    with contextlib.suppress(AttributeError, ValueError):  # a stream that cannot be reconfigured: as it is
        sys.stdin.reconfigure(errors="replace")  # type: ignore[union-attr]
    try:
        return _main(argv)
    finally:
        sys.stdout, sys.stderr = out, err


def _printable(stream: TextIO) -> TextIO | PrintableStream:
    return stream if isinstance(stream, PrintableStream) else PrintableStream(stream)


def _settings_lang() -> Lang:
    """The user's settings' language before the command line is read (English if they cannot be read)."""
    try:
        return load_config(None).general.language
    except (ModeratorError, OSError, ValueError):
        return "en"


def _main(argv: Sequence[str] | None) -> int:
    asked = lang_in(sys.argv[1:] if argv is None else argv)
    # the command line's own lines (argparse's too): --lang, else the settings' language
    set_lang(asked or _settings_lang())
    args = build_parser().parse_args(argv)
    try:
        made, fresh = ensure_user_config() if not args.config else (None, False)
        config = load_config(Path(args.config) if args.config else None)
        set_lang(asked or config.general.language)  # the game's, from here (a --config file's too)
        if fresh:
            print(f"moderator: {msg('settings_made', path=made)}", file=sys.stderr)
        if getattr(args, "voice_pack", None):
            config = with_voice_pack(config, args.voice_pack, lang_of(args, config))
        global _CALIBRATE
        _CALIBRATE = bool(getattr(args, "calibrate", False)) and args.command in ("play", "growl")
        if getattr(args, "web", False):  # before anything is saved: the page's packages are there
            from moderator.web._deps import require

            require("starlette", "for_web_page")
            require("uvicorn", "for_web_page")
        handler: Handler = args.func
        return handler(args, config)
    except ModeratorError as exc:
        print(f"moderator: {printable(str(exc))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"\nmoderator: {msg('stopped')}", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `moderator night-order … | head`: the reader has gone; end quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as exc:  # refused by the system where no command checked (stdout on a full disk): one line
        what = f"{exc.filename}: {os_reason(exc)}" if exc.filename else os_reason(exc)
        with contextlib.suppress(OSError, ValueError):
            print(f"moderator: {msg('os_stopped', what=printable(what))}", file=sys.stderr)
        return 1
