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
import threading
import time
from pathlib import Path

import pytest

from bench.fakes import simulate_room
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
    voice = Config().tts.get(lang)
    settings = VoiceSettings(voice.voice or None, voice.rate, voice.volume) if voice else VoiceSettings()
    cache = PromptCache(default_cache_dir() / "prompts", lang, settings)
    return b"".join(read_wav(cache.get(line))[0] for line in lines)


def test_a_night_on_real_audio_devices_keeps_the_headset_private(tmp_path: Path) -> None:
    """`moderator play` by voice on two output devices. The microphone named in the config does not
    exist, so the app says so and takes the keys (piped on stdin) at the same step. Every byte the
    table speaker played is a public line; the storyteller's prompts went only to the headset."""
    env = alsa_env(tmp_path)
    config = tmp_path / "config.toml"
    config.write_text('[general]\nlanguage = "en"\nsaves = "saves"\n[tts]\ndetail = "full"\n'
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



FIFO_ANSWERS = {
    "en": [("Night falls", "edit"), ("Say the change", "seat four is poisoned"), ("right?", "yes"),
           ("by your hand", None)],
    # a death: heard at every step
    "ko": [("밤이 됩니다", "자리 넷 사망"), ("맞습니까?", "맞아"), ("새벽에 알립니다", None)],
}  # fmt: skip
"""What the storyteller says after each line the app is heard to say (None: the last line awaited)."""


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_an_edit_by_voice_through_the_microphone(tmp_path: Path, lang: str) -> None:
    """`moderator play` by voice, the microphone a file-backed ALSA device reading a FIFO the test writes
    to as a storyteller would speak: after each line the app says, the next answer, in real time.
    "edit" opens a change (in Korean a death, heard at every step); it is read back on the headset; "yes"
    carries it out, into the save."""
    fifo = tmp_path / "mic.fifo"
    os.mkfifo(fifo)
    env = alsa_env(tmp_path, mic=fifo)
    config = tmp_path / "config.toml"
    config.write_text(f'[general]\nlanguage = "{lang}"\n[audio]\ninput = "mic"\npublic = "table"\n'
                      'private = "headset"\n[asr]\ncalibration = false\n')  # fmt: skip
    args = ["--config", str(config), "play", "--script", "twelve", "--players", "a,b,c,d,e,f,g", "--seed", "1",
            "--save", "game.json"]  # fmt: skip
    proc = subprocess.Popen([sys.executable, "-m", "moderator", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, env=env, cwd=tmp_path)  # fmt: skip
    out: list[str] = []
    threading.Thread(target=lambda: out.extend(proc.stdout or []), daemon=True).start()
    heard = []
    with open(fifo, "wb", buffering=0) as mic:  # the app's capture opens it for reading
        for said, answer in FIFO_ANSWERS[lang]:
            heard.append(_wait_for(out, said))
            if answer is not None:
                time.sleep(0.5)
                pcm, _ = read_wav(render(answer, lang, tmp_path / "answer.wav"))
                room = simulate_room(pcm, 16000, pad=0.6)
                for i in range(0, len(room), 3200):  # 0.1 s at a time, as the microphone hears it
                    mic.write(room[i : i + 3200])
                    time.sleep(0.1)
        proc.terminate()
    proc.wait(timeout=30)
    text = "".join(out)
    assert all(heard), text[-3000:]
    assert "Traceback" not in text
    saved = json.loads((tmp_path / "game.json").read_text())
    events = [e for x in saved["entries"] for e in x["events"]]
    if lang == "en":
        poisoned = {"kind": "add_reminder", "seat": 4, "source": "storyteller", "name": "Poisoned", "by_seat": None}
        assert poisoned in events
    else:
        assert any(e["kind"] == "die" and e["seat"] == 4 for e in events)
    assert (tmp_path / "headset.raw").stat().st_size > 0  # the read-back went to the headset


def _wait_for(out: list[str], text: str, timeout: float = 60) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if any(text in line for line in out):
            return True
        time.sleep(0.2)
    return False


def test_the_cues_sound_reaches_the_headset_only(tmp_path: Path) -> None:
    """With ``[tts] detail = "cue"`` (the default) each new step's sound plays on the headset, never on the
    table speaker, which still plays exactly the public lines."""
    from moderator.voice.speaker import earcon_pcm

    env = alsa_env(tmp_path)
    config = tmp_path / "config.toml"
    config.write_text('[general]\nlanguage = "en"\nsaves = "saves"\n'
                      '[audio]\ninput = "no-such-microphone"\npublic = "table"\nprivate = "headset"\n')  # fmt: skip
    run = moderator(["--config", str(config), "play", "--script", "twelve", "--players", "a,b,c,d,e,f,g",
                     "--seed", "1", "--save", "game.json"], env, "next\nnext\n", tmp_path)  # fmt: skip
    assert run.returncode == 0 and "Traceback" not in run.stderr + run.stdout, run.stderr
    public = [line.removeprefix("[table] ") for line in run.stdout.splitlines() if line.startswith("[table] ")]
    table, headset = (tmp_path / "table.raw").read_bytes(), (tmp_path / "headset.raw").read_bytes()
    assert table == played(public, "en")
    assert headset.count(earcon_pcm()) >= 2 and earcon_pcm() not in table
    assert "> Night falls." in run.stdout  # the cue, not the whole prompt
