"""The real audio path with no sound card: PortAudio (through sounddevice) on ALSA devices that are
backed by files. ``table`` and ``headset`` write what is played to a raw file each; ``mic`` reads
what it captures from one. PortAudio reads the ALSA configuration once, when it starts, so each
test runs the app in a fresh process with ``ALSA_CONFIG_PATH`` pointing at its own configuration.

libasound2 comes with libportaudio2 (.ci/run installs both); the ``file`` and ``null`` plugins are
part of libasound itself.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from moderator.config import Config
from moderator.voice import render
from moderator.voice.audio import read_wav
from moderator.voice.models import default_cache_dir
from moderator.voice.speaker import PromptCache, VoiceSettings

ALSA_SYSTEM = Path("/usr/share/alsa/alsa.conf")


def device(name: str, description: str, out: Path, infile: Path | None = None) -> str:
    source = f'  infile "{infile}"\n' if infile else ""
    return (
        f"pcm.{name} {{\n  type file\n  slave.pcm null\n  file \"{out}\"\n{source}  format raw\n"
        f'  hint {{ show on description "{description}" }}\n}}\n'
    )


def alsa_env(tmp: Path, mic: Path | None = None) -> dict[str, str]:
    """An environment whose PortAudio sees the file-backed devices ``table``, ``headset`` and ``mic``."""
    conf = tmp / "asound.conf"
    text = f"<{ALSA_SYSTEM}>\npcm.!default {{ type null }}\n"
    text += device("table", "table speaker", tmp / "table.raw")
    text += device("headset", "storyteller headset", tmp / "headset.raw")
    if mic is not None:
        text += device("mic", "microphone", Path(os.devnull), infile=mic)
    conf.write_text(text)
    return {**os.environ, "ALSA_CONFIG_PATH": str(conf), "PYTHONUNBUFFERED": "1", "PYTHONPATH": CHECKOUT}


CHECKOUT = str(Path(__file__).resolve().parents[2])
"""The fresh processes import this checkout's moderator (not whichever the environment has installed)."""


def moderator(args: list[str], env: dict[str, str], stdin: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "moderator", *args], input=stdin, env=env, cwd=cwd,
        capture_output=True, text=True, timeout=240,
    )  # fmt: skip


def played(lines: list[str], lang: str) -> bytes:
    """The PCM the app plays for ``lines``: its own prompt cache, with the settings config.toml gives."""
    voice = Config().tts.get(lang)  # type: ignore[call-overload]
    settings = VoiceSettings(voice.voice or None, voice.rate, voice.volume) if voice else VoiceSettings()
    cache = PromptCache(default_cache_dir() / "prompts", lang, settings)
    return b"".join(read_wav(cache.get(line))[0] for line in lines)


def test_a_night_on_real_audio_devices_keeps_the_headset_private(tmp_path: Path) -> None:
    """`moderator play` by voice on two output devices. The microphone named in the config does not
    exist, so the app says so and takes the keys (piped on stdin) at the same step. Every byte the
    table speaker played is a public line; the storyteller's prompts went only to the headset."""
    env = alsa_env(tmp_path)
    config = tmp_path / "config.toml"
    config.write_text('[general]\nlanguage = "en"\nsaves = "saves"\n'
                      '[audio]\ninput = "no-such-microphone"\npublic = "table"\nprivate = "headset"\n')  # fmt: skip
    keys = "next\nnext\nnext\n4\nnext\n"
    run = moderator(["--config", str(config), "play", "--script", "twelve", "--players", "a,b,c,d,e,f,g",
                     "--seed", "1", "--save", "game.json"], env, keys, tmp_path)  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr + run.stdout
    assert "audio input lost" in run.stdout and "keyboard" in run.stdout
    public = [line.removeprefix("[table] ") for line in run.stdout.splitlines() if line.startswith("[table] ")]
    private = [line.removeprefix("> ") for line in run.stdout.splitlines() if line.startswith("> ")]
    assert public and private
    table, headset = (tmp_path / "table.raw").read_bytes(), (tmp_path / "headset.raw").read_bytes()
    assert table == played(public, "en")  # the table speaker played the public lines and nothing else
    assert headset == played(private, "en")
    assert not any(line in public for line in private)
    journal = json.loads((tmp_path / "game.json").read_text())
    assert len(journal["entries"]) >= 2  # saved as it went


def test_growl_speaks_on_the_table_speaker_by_voice(tmp_path: Path) -> None:
    """`moderator growl` by voice: every line on the one table speaker, the keys beside it."""
    env = alsa_env(tmp_path)
    config = tmp_path / "config.toml"
    config.write_text('[general]\nlanguage = "en"\n[audio]\ninput = "no-such-microphone"\npublic = "table"\n'
                      'private = "table"\n[growl]\npace = 0\n')  # fmt: skip
    run = moderator(["--config", str(config), "growl", "--players", "a,b,c,d", "--state-out", "state.json",
                     "--save", "evening.json"], env, "next\nnext\nnext\n", tmp_path)  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr + run.stdout
    public = [line.removeprefix("[table] ") for line in run.stdout.splitlines() if line.startswith("[table] ")]
    assert len(public) >= 4 and not [line for line in run.stdout.splitlines() if line.startswith("> ")]
    assert (tmp_path / "table.raw").read_bytes() == played(public, "en")
    assert json.loads((tmp_path / "state.json").read_text())["step"] == "setup_deal"


def test_the_microphone_path_through_portaudio(tmp_path: Path) -> None:
    """A spoken answer captured through sounddevice (the `mic` device reads a raw file), cut by the
    endpointer and recognised by the real English model."""
    pcm, _ = read_wav(render("continue", "en", tmp_path / "continue.wav"))
    mic = tmp_path / "mic.raw"
    mic.write_bytes(bytes(16000) + pcm + bytes(64000))
    env = alsa_env(tmp_path, mic=mic)
    code = (
        "from moderator.config import Config\n"
        "from moderator.voice.app import recognizer_for\n"
        "from moderator.voice.listen import MicUtterances\n"
        "utterances = MicUtterances('mic')\n"
        "pcm = utterances.next(timeout=20)\n"
        "utterances.close()\n"
        "rec = recognizer_for('en', Config())\n"
        "result = rec.recognize(pcm or b'', 16000, ['continue', 'cancel', 'repeat', 'yes', 'no'])\n"
        "print(result.phrase, len(pcm or b''))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    phrase, length = run.stdout.split()
    assert phrase == "continue"
    assert 0.5 * len(pcm) < int(length) < len(pcm) + 32000  # one utterance: the word, not the silences
