"""A voice pack recorded, played in a game and shared, on the real audio path (file-backed ALSA
devices, as tests/voice/test_live.py): the takes are espeak-ng renderings fed through the `mic`
device (a synthetic pack, labelled so in its manifest), recorded with `moderator voice-pack record`,
then spoken by `moderator play --voice-pack` on the table and headset devices."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from moderator.config import Config
from moderator.korean import pronounced, spoken
from moderator.phrasebook import phrases
from moderator.voice import render
from moderator.voice.audio import read_wav
from moderator.voice.pack import Manifest, Pack, PackPrompts, Take, key, packs_dir, plan
from moderator.voice.speaker import PromptCache, VoiceSettings
from tests.voice.test_live import alsa_env, moderator

REPO = Path(__file__).resolve().parents[2]
PARTICLES = {"이", "가", "은", "는", "을", "를", "과", "와", "의", "에게", "으로", "로", "이며", "며"}
PLAYERS = ["Ann", "민준", "Bill", "서연", "Tom", "지우", "Ben"]
GAME = ["play", "--script", "twelve", "--players", ",".join(PLAYERS), "--seed", "1"]
KEYS = "next\n4\nnext\n"  # dusk; the Kazali: seat 4, then next with its Minion unsaid (asked once)


def _lines(stdout: str) -> tuple[list[str], list[str]]:
    rows = stdout.splitlines()
    public = [r.removeprefix("[table] ") for r in rows if r.startswith("[table] ")]
    private = [r.removeprefix("> ") for r in rows if r.startswith("> ") and not r.startswith("> [")]
    return public, private


def _take(text: str, folder: Path) -> bytes:
    """A synthetic reader: espeak-ng saying the phrase's spoken form in one breath."""
    said = pronounced(spoken(text))
    return read_wav(render(said, "ko", folder / f"{abs(hash(text))}.wav"))[0]


@pytest.mark.usefixtures("tts")
def test_a_pack_recorded_played_and_shared(tmp_path: Path) -> None:
    home = tmp_path / "home"
    folders = {"XDG_DATA_HOME": str(home / "data"), "XDG_CONFIG_HOME": str(home / "config"), "PYTHONPATH": str(REPO)}
    base = {**os.environ, **folders}
    # What the game says, from a keyboard run (no audio): the phrases its lines are made of are read.
    text_run = subprocess.run([sys.executable, "-m", "moderator", "--config", str(_config(tmp_path, "no-mic")),
                               *GAME, "--lang", "ko", "--text"], input=KEYS, env=base, cwd=tmp_path,
                              capture_output=True, text=True, timeout=120)  # fmt: skip
    assert text_run.returncode == 0, text_run.stderr
    refusals = [r.removeprefix("! ") for r in text_run.stdout.splitlines() if r.startswith("! ")]
    said = [line for part in _lines(text_run.stdout) for line in part] + refusals
    inventory = phrases("ko", ["twelve"])
    every = {key(p.text): Take(text=p.text, kind=p.kind, file="takes/0001.wav", sha256="0" * 64, seconds=1.0)
             for p in inventory}  # fmt: skip
    longest = max(len(k) for k in every)
    used_texts = {piece.take.text for line in said for piece in plan(line, every, longest) if piece.take}
    needed = [p for p in inventory if p.text in used_texts]
    assert 5 <= len(needed) < 40
    # The microphone file: each needed phrase read once; the first one first misread (a different phrase).
    wrong = next(p for p in inventory if p.kind == "step" and p not in needed and len(p.text) > 12)
    gap = bytes(2 * 16000)
    mic = gap + _take(wrong.text, tmp_path) + gap
    for p in needed:
        mic += _take(p.text, tmp_path) + gap
    (tmp_path / "mic.raw").write_bytes(mic + bytes(2 * 16000 * 3))
    keys: list[str] = []
    first = True
    for p in inventory:
        if p not in needed:
            keys.append("s")
        elif first:
            keys += ["", "r", "", ""]  # record, re-record the misread take, record, keep
            first = False
        else:
            keys += ["", ""]
    env = {**alsa_env(tmp_path, mic=tmp_path / "mic.raw"), **folders}
    config = _config(tmp_path, "mic")
    rec = moderator(["--config", str(config), "voice-pack", "record", "--lang", "ko", "--script", "twelve",
                     "--name", "club", "--synthetic", "--reader", "espeak-ng ko"], env, "\n".join(keys) + "\n",
                    tmp_path)  # fmt: skip
    assert rec.returncode == 0, rec.stderr + rec.stdout[-2000:]
    assert "Traceback" not in rec.stderr + rec.stdout
    assert "warning: heard" in rec.stdout  # the misread take was flagged by the transcription check
    assert rec.stdout.count("listening") == len(needed) + 1  # ... and recorded again
    manifest = json.loads((home / "data" / "moderator" / "voice-packs" / "club" / "manifest.json").read_text())
    assert manifest["synthetic"] is True and manifest["lang"] == "ko"
    assert sorted(t["text"] for t in manifest["takes"]) == sorted(p.text for p in needed)

    # The game by voice with the pack: the devices hear the recorded takes; espeak-ng only for the rest.
    no_mic = _config(tmp_path, "no-such-microphone")  # the keys answer (as in tests/voice/test_live.py)
    play = moderator(
        ["--config", str(no_mic), *GAME, "--voice-pack", "club", "--save", "game.json"], env, KEYS, tmp_path
    )
    assert play.returncode == 0, play.stderr
    assert "Traceback" not in play.stderr + play.stdout
    assert "voice pack 'club' (synthetic takes)" in play.stdout
    public, private = _lines(play.stdout)
    assert public and private
    table, headset = (tmp_path / "table.raw").read_bytes(), (tmp_path / "headset.raw").read_bytes()
    folder = home / "data" / "moderator" / "voice-packs" / "club"
    pack = Pack(folder, Manifest.model_validate_json((folder / "manifest.json").read_text()))
    prompts = _prompts(pack)
    assert table == b"".join(prompts.pcm(line) for line in public)
    # the headset: each new step's sound (cues are the default), then the lines, spliced from the pack
    from moderator.voice.speaker import earcon_pcm

    assert headset.count(earcon_pcm()) >= 1
    assert headset.replace(earcon_pcm(), b"") == b"".join(prompts.pcm(line) for line in private)
    used = 0
    for line in public + private:
        for piece in prompts.plan(line):
            if piece.take is not None:
                assert pack.pcm(piece.take) in (table if line in public else headset)
                used += 1
            else:  # espeak-ng only for what no take can be: names, with a particle glued on (서연을), and numbers
                names = {k.casefold() for k in PLAYERS}
                assert all(w in names or w.isdigit() or _name_with_particle(w, names) for w in key(piece.text)), piece
    assert used >= len(public + private)

    # Shared: exported, imported on a fresh data folder, the same takes.
    export = moderator(["voice-pack", "export", "club", str(tmp_path / "club.zip")], env, "", tmp_path)
    assert export.returncode == 0, export.stderr
    fresh = {**env, "XDG_DATA_HOME": str(tmp_path / "fresh")}
    imported = moderator(["voice-pack", "import", str(tmp_path / "club.zip")], fresh, "", tmp_path)
    assert imported.returncode == 0, imported.stderr
    listed = moderator(["voice-pack", "list"], fresh, "", tmp_path)
    assert f"club  ko  {len(needed)} takes  synthetic takes" in listed.stdout
    copy = tmp_path / "fresh" / "moderator" / "voice-packs" / "club"
    for take in manifest["takes"]:
        assert (copy / take["file"]).read_bytes() == (home / "data" / "moderator" / "voice-packs" / "club" /
                                                      take["file"]).read_bytes()  # fmt: skip


def _config(tmp: Path, mic: str) -> Path:
    path = tmp / f"config-{mic}.toml"
    path.write_text(f'[general]\nlanguage = "ko"\nsaves = "saves"\n[audio]\ninput = "{mic}"\npublic = "table"\n'
                    'private = "headset"\n[asr]\ncalibration = false\n')  # fmt: skip
    return path


def _prompts(pack: Pack) -> PackPrompts:
    voice = Config().tts["ko"]
    from moderator.voice.models import default_cache_dir

    cache = PromptCache(default_cache_dir() / "prompts", "ko", VoiceSettings(voice.voice or None, voice.rate,
                                                                             voice.volume))  # fmt: skip
    return PackPrompts(pack, cache, cache.folder)


def test_packs_dir_is_in_the_user_data_folder() -> None:
    assert packs_dir().parent.name == "moderator"


def _name_with_particle(word: str, names: set[str]) -> bool:
    """"서연을", "민준이": a player's name and a Korean particle written against it."""
    return any(word.startswith(n) and word[len(n):] in PARTICLES for n in names)
