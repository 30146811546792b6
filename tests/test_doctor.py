"""`moderator doctor` on a machine without a sound card, and on file-backed ALSA devices (the real
PortAudio path: see tests/voice/test_live.py), in a fresh process each."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from pathlib import Path

from moderator.voice import render
from moderator.voice.audio import read_wav
from tests.voice.test_live import CHECKOUT, alsa_env, played

CHECKS = ("files", "speech packages", "voice ko", "voice en", "model ko", "model en", "names")


def doctor(args: list[str], env: dict[str, str] | None, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Doctor in a fresh process, with user folders of its own: what it stores (a calibration) never
    reaches the other tests."""
    env = {**(env or os.environ), "XDG_CONFIG_HOME": str(cwd / "config"), "PYTHONPATH": CHECKOUT}
    env.setdefault("XDG_DATA_HOME", str(cwd / "data"))
    if env["XDG_DATA_HOME"] == os.environ.get("XDG_DATA_HOME"):
        env["XDG_DATA_HOME"] = str(cwd / "data")
    return subprocess.run([sys.executable, "-m", "moderator", *args], env=env, cwd=cwd, capture_output=True,
                          text=True, timeout=300)  # fmt: skip


def _noise(seconds: float, level: int = 40, seed: int = 0) -> bytes:
    rnd = random.Random(seed)
    n = int(seconds * 16000)
    return b"".join(rnd.randint(-level, level).to_bytes(2, "little", signed=True) for _ in range(n))


def _mix(speech: bytes, seed: int) -> bytes:
    """Speech with the same quiet room noise under it (a real microphone never gives digital silence)."""
    noise = _noise(len(speech) / 32000, seed=seed)
    out = bytearray()
    for i in range(0, len(speech), 2):
        s = int.from_bytes(speech[i : i + 2], "little", signed=True) + int.from_bytes(noise[i : i + 2], "little",
                                                                                     signed=True)  # fmt: skip
        out += max(-32768, min(32767, s)).to_bytes(2, "little", signed=True)
    return bytes(out)


def _a_session(tmp_path: Path) -> bytes:
    """What the microphone hears in a doctor session: the room, "continue" twice for the level, then the
    three spoken commands, then the room again."""
    words = [_mix(read_wav(render(w, "en", tmp_path / f"{w}.wav"))[0], seed=i)
             for i, w in enumerate(["continue", "seat three", "yes"])]  # fmt: skip
    voice = _noise(0.5) + words[0] + _noise(0.5) + words[0]
    voice += _noise(max(0.0, 3.0 - len(voice) / 32000))
    commands = b"".join(_noise(1.0) + w + _noise(1.5) for w in words)
    return _noise(2.0) + voice[: 3 * 32000] + commands + _noise(10.0)


def _doctor_hearing(tmp_path: Path, heard: bytes) -> subprocess.CompletedProcess[str]:
    """Doctor in English on file-backed devices whose microphone gives ``heard``."""
    mic = tmp_path / "mic.raw"
    mic.write_bytes(heard)
    env = alsa_env(tmp_path, mic=mic)
    config = tmp_path / "config.toml"
    config.write_text('[general]\nlanguage = "en"\n[audio]\ninput = "mic"\npublic = "table"\nprivate = "headset"\n')
    return doctor(["--config", str(config), "doctor", "--noise-seconds", "2", "--voice-seconds", "3"], env, tmp_path)


def test_doctor_without_a_sound_card_checks_the_rest(tmp_path: Path) -> None:
    run = doctor(["doctor", "--lang", "en"], None, tmp_path)
    assert "Traceback" not in run.stdout + run.stderr
    for name in CHECKS:
        assert f"] {name}" in run.stdout, name
    assert "verdict:" in run.stdout
    assert "no sound card" in run.stdout or "no sound system" in run.stdout or "] devices: " in run.stdout
    assert run.returncode == 0, run.stdout  # everything the app needs is there; the sound card is a warning


def test_doctor_on_file_backed_devices_hears_the_storyteller(tmp_path: Path) -> None:
    """The test lines reach each output, the room and the voice are measured, and the three spoken
    commands come back recognised by the real English model."""
    run = _doctor_hearing(tmp_path, _a_session(tmp_path))
    assert "Traceback" not in run.stdout + run.stderr
    assert run.returncode == 0, run.stdout + run.stderr
    out = run.stdout
    assert "[ok  ] devices: table speaker: table" in out and "headset: headset" in out and "microphone: mic" in out
    assert (tmp_path / "table.raw").read_bytes() == played(["This is the table speaker."], "en")
    assert (tmp_path / "headset.raw").read_bytes() == played(["This is the storyteller's headset."], "en")
    assert "[ok  ] voice level: room" in out
    assert "[ok  ] microphone band: " in out and "wideband" in out
    for said in ("continue", "seat three", "yes"):
        assert f"[ok  ] command '{said}': heard '{said}'" in out, out


def test_doctor_tells_a_telephone_band_microphone(tmp_path: Path) -> None:
    """A Bluetooth headset in its hands-free profile: the whole microphone stream (room and voice)
    comes through an 8 kHz channel. Doctor says so, and how to mend it; the commands are still tried."""
    from bench.band import telephone

    run = _doctor_hearing(tmp_path, telephone(_a_session(tmp_path)))
    assert "Traceback" not in run.stdout + run.stderr
    out = run.stdout
    assert "[WARN] microphone band: " in out and "telephone band" in out, out
    assert "fix: use a wired or USB headset" in out, out
    assert "command 'continue'" in out  # the commands are still tried


def test_doctor_fails_when_a_configured_device_is_missing(tmp_path: Path) -> None:
    env = alsa_env(tmp_path)
    config = tmp_path / "config.toml"
    config.write_text('[general]\nlanguage = "en"\n[audio]\ninput = "no-such-mic"\npublic = "table"\n')
    run = doctor(["--config", str(config), "doctor"], env, tmp_path)
    assert run.returncode == 1
    assert "[FAIL] devices: not found: microphone: no-such-mic" in run.stdout
    assert "verdict: NOT READY" in run.stdout and "fix:" in run.stdout


def test_doctor_calibrates_to_the_storyteller_on_file_backed_devices(tmp_path: Path) -> None:
    """`doctor --calibrate`: the storyteller says each form of each command word twice into the
    (file-backed) microphone; the real English model hears them, the level, forms and takes are stored
    in the user's data folder, and the next doctor reads them back. This storyteller says "undo" when
    asked for "cancel": "cancel" measures 0/2 on their voice, so the game listens for "undo" instead."""
    from bench.fakes import RecordingSpeaker
    from moderator.config import Config
    from moderator.voice.app import recognizer_for
    from moderator.voice.calibrate import load
    from moderator.voice.loop import VoiceLoop
    from tests.voice.test_names import NamesSession

    forms = ["continue", "next", "cancel", "undo", "repeat that", "say again", "yes", "yeah", "no", "nope", "nobody",
             "no one"]  # data/commands/en.yaml voice.calibrate, in order  # fmt: skip
    numbers = ["seat", "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
               "twelve", "thirteen", "fourteen", "fifteen"]  # voice.calibrate_words, then 0-15  # fmt: skip
    words = list(dict.fromkeys(["seat three", *forms, *numbers]))
    said = {w: _mix(read_wav(render(w, "en", tmp_path / f"{w}.wav"))[0], seed=i) for i, w in enumerate(words)}
    voice = _noise(0.5) + said["continue"] + _noise(0.5) + said["continue"]
    voice += _noise(max(0.0, 3.0 - len(voice) / 32000))
    commands = b"".join(_noise(1.0) + said[w] + _noise(1.5) for w in ["continue", "seat three", "yes"])
    spoken = ["undo" if w == "cancel" else w for w in forms]
    takes = b"".join(_noise(1.0) + said[w] + _noise(1.2) for w in spoken for _ in range(2))
    takes += b"".join(_noise(1.0) + said[w] + _noise(1.2) for w in numbers)  # --word-takes 1
    mic = tmp_path / "mic.raw"
    mic.write_bytes(_noise(2.0) + voice[: 3 * 32000] + commands + takes + _noise(10.0))
    env = {**alsa_env(tmp_path, mic=mic), "XDG_DATA_HOME": str(tmp_path / "data")}
    config = tmp_path / "config.toml"
    config.write_text('[general]\nlanguage = "en"\n[audio]\ninput = "mic"\npublic = "table"\nprivate = "headset"\n')
    args = ["--config", str(config), "doctor", "--noise-seconds", "2", "--voice-seconds", "3", "--calibrate",
            "--takes", "2", "--word-takes", "1"]  # fmt: skip
    run = doctor(args, env, tmp_path)
    assert "Traceback" not in run.stdout + run.stderr, run.stderr
    assert "] calibration: your level" in run.stdout, run.stdout
    stored = tmp_path / "data" / "moderator" / "calibration" / "en"
    wavs = len(list((stored / "takes").glob("*.wav")))
    assert (stored / "calibration.json").is_file() and wavs == 2 * len(forms) + len(numbers), wavs
    for word in numbers:  # each number's takes are listed; heard right or not, they are kept as takes
        assert re.search(rf"^ +{word} +[01]/1 takes$", run.stdout, re.M), run.stdout
    for word in ("continue", "undo", "repeat that", "yes", "nobody"):
        assert f"{word:<16} 2/2 kept" in run.stdout, run.stdout
    assert f"{'cancel':<16} 0/2 dropped" in run.stdout, run.stdout
    again = doctor(["doctor", "--no-audio", "--lang", "en"], env, tmp_path)
    assert "Traceback" not in again.stdout + again.stderr
    # the game listens for this storyteller's forms: "undo" for back, and no "cancel"
    cal = load("en", root=tmp_path / "data" / "moderator")
    assert cal is not None and cal.kept("back") == ["undo"]
    loop = VoiceLoop(NamesSession("en", {}), recognizer_for("en", Config()), RecordingSpeaker(), None,  # type: ignore[arg-type]
                     calibration=cal)  # fmt: skip
    grammar = loop.grammar(("seat", "no"))
    assert "undo" in grammar and "cancel" not in grammar and "continue" in grammar and "nobody" in grammar
    back = loop.hear(_mix(read_wav(render("undo", "en", tmp_path / "undo-2.wav", rate=160))[0], seed=99),
                     ("seat", "no"))  # fmt: skip
    assert back.command is not None and back.command.intent == "back", back.result
    # the takes of "seat" and "four", joined, judge "seat four" beside the recognizer: they agree
    four = loop.hear(_mix(read_wav(render("seat four", "en", tmp_path / "seat-four.wav", rate=160))[0], seed=98),
                     ("seat", "no"))  # fmt: skip
    assert four.command is not None and four.command.seats == (4,) and four.agreed, four.result


def test_doctor_tells_a_voice_too_quiet_for_the_game_to_start_listening(tmp_path: Path) -> None:
    """A quiet room and a low-gain headset: the voice is well over the room, but under the level the
    game starts an answer at. Doctor says so, and that calibrating makes the game listen at that level."""
    import array

    word = read_wav(render("continue", "en", tmp_path / "continue.wav"))[0]
    quiet = array.array("h", (round(x * 0.02) for x in array.array("h", word))).tobytes()
    voice = _noise(0.5, 8, 1) + quiet + _noise(0.5, 8, 2) + quiet + _noise(3.0, 8, 3)
    run = _doctor_hearing(tmp_path, _noise(2.0, 8, 4) + voice[: 3 * 32000] + _noise(20.0, 8, 5))
    assert "Traceback" not in run.stdout + run.stderr
    out = run.stdout
    assert "[WARN] voice level: " in out and "the game starts listening at" in out, out
    assert "moderator doctor --calibrate" in out, out
