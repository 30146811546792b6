"""Voice packs without a sound card: the phrase inventory, splicing, the take checks, the guided
recording (its take source and keys are the seams), export and import, damaged and hostile files."""

from __future__ import annotations

import array
import io
import json
import math
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.hostile import zip_bomb
from bench.ko_lines import NAMES, korean_lines
from moderator.cli import main
from moderator.phrasebook import fixed_parts, phrases
from moderator.voice.audio import SAMPLE_RATE, rms, write_wav
from moderator.voice.pack import (
    COMMA_GAP,
    EMPTY,
    PEAK,
    SENTENCE_GAP,
    WORD_GAP,
    Pack,
    PackError,
    PackPrompts,
    Phrase,
    Take,
    check_name,
    check_take,
    export_pack,
    import_pack,
    key,
    levelled,
    list_packs,
    packs_dir,
    plan,
    record,
    remove_pack,
)


@pytest.fixture(autouse=True)
def own_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test its own user data folder."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data"


def tone(seconds: float, amplitude: float = 8000.0, hz: float = 220.0) -> bytes:
    n = round(seconds * SAMPLE_RATE)
    wave = (amplitude * math.sin(2 * math.pi * hz * i / SAMPLE_RATE) for i in range(n))
    return array.array("h", (max(-32768, min(32767, round(x))) for x in wave)).tobytes()


def fake_take(text: str) -> Take:
    return Take(text=text, kind="step", file="takes/0001.wav", sha256="0" * 64, seconds=1.0)


# --- the inventory -----------------------------------------------------------------------------------


def test_fixed_parts_leave_out_slots_and_the_words_glued_to_them() -> None:
    assert fixed_parts("{character}, {seat}번 {name}. {prompt}", "ko") == []
    assert fixed_parts("{who} 사망. 집 타일을 뒤집으세요. 살아있는 사람: {alive}명", "ko") == [
        "사망.", "집 타일을 뒤집으세요.", "살아있는 사람:"]  # fmt: skip
    assert fixed_parts("{tied}(이)가 동점이어서 무작위로 골랐습니다.", "ko") == ["동점이어서 무작위로 골랐습니다."]
    removing = "카드 제거. {count}명이므로 모든 카드를 사용합니다."
    assert fixed_parts(removing, "ko") == ["카드 제거.", "모든 카드를 사용합니다."]
    assert fixed_parts("{name}, seat {seat}", "en") == ["seat"]


def test_the_inventory_has_seats_characters_cards_and_steps_once_each() -> None:
    ko = phrases("ko")
    texts = [p.text for p in ko]
    assert texts[:15] == [f"{n}번" for n in range(1, 16)]
    assert {"뱀 조련사", "초공감자", "블러드 하운드", "모두 눈을 감아 주세요.", "깨우세요."} <= set(texts)
    assert len({key(t) for t in texts}) == len(texts)
    assert not [t for t in texts if "{" in t or "(이)" in t or "을(를)" in t]
    en = [p.text for p in phrases("en", ["twelve"])]
    assert "seat 15" in en and "Snake Charmer" in en and "Wake them." in en


def test_every_korean_line_is_assembled_from_the_inventory_but_its_slot_values() -> None:
    """With every phrase recorded, what is left for espeak-ng in the lines both games say is the
    slot values: names, numbers and words glued to them. In the night sheets, only the player names."""
    takes = {key(p.text): fake_take(p.text) for p in phrases("ko")}
    longest = max(len(k) for k in takes)
    words = left = 0
    for line in korean_lines(variants=1):
        pieces = plan(line.written, takes, longest)
        rest = [w for p in pieces if p.take is None for w in key(p.text)]
        words += len(key(line.written))
        left += len(rest)
        if "/night" in line.key and not line.key.startswith("growl"):
            assert set(rest) <= {n.casefold() for n in NAMES}, (line.written, rest)
    assert left / words < 0.1, (left, words)  # 229 of 2816 words when written: names, numbers, sample values


def test_english_night_sheets_leave_only_the_player_names_to_the_voice() -> None:
    import dataclasses

    from moderator.clocktower.rules.loader import default_catalogue
    from moderator.clocktower.rules.nightorder import night_sheet
    from moderator.clocktower.rules.scripts import bundled_scripts, load_script

    takes = {key(p.text): fake_take(p.text) for p in phrases("en")}
    longest = max(len(k) for k in takes)
    names = ["Ann", "Bill", "Mike", "Tom", "Ben", "Jack"]
    checked = 0
    for stem in bundled_scripts():
        script, scat = load_script(stem, default_catalogue())
        for night in (1, 2):
            for i, step in enumerate(night_sheet(script, scat, night, None)):
                if step.id in scat:
                    step = dataclasses.replace(step, seat=i % 15 + 1, player=names[i % len(names)])
                line = step.prompt(scat, "en")
                rest = {w for p in plan(line, takes, longest) if p.take is None for w in key(p.text)}
                assert rest <= {n.casefold() for n in names}, (line, rest)
                checked += 1
    assert checked > 50


# --- splicing ----------------------------------------------------------------------------------------


def test_a_line_is_covered_by_the_longest_takes_and_the_rest_is_text() -> None:
    recorded = ("3번", "뱀 조련사", "깨우세요.", "깨우세요. 한 명을", "한 명을 가리킵니다.")
    takes = {key(t): fake_take(t) for t in recorded}
    pieces = plan("뱀 조련사, 3번 Ann. 깨우세요. 한 명을 가리킵니다.", takes, 3)
    assert [(p.text, p.take is not None, p.gap) for p in pieces] == [
        ("뱀 조련사,", True, COMMA_GAP),
        ("3번", True, WORD_GAP),
        ("Ann.", False, SENTENCE_GAP),
        ("깨우세요. 한 명을", True, WORD_GAP),
        ("가리킵니다.", False, SENTENCE_GAP),
    ]
    assert [p.take is None for p in plan("Ann Ben", takes, 3)] == [True]
    assert plan("", takes, 3) == []


def test_spliced_audio_is_the_takes_the_gaps_and_the_voice_for_the_rest(tmp_path: Path) -> None:
    pack = Pack.create("p", "ko")
    a, b = tone(0.3), tone(0.2, hz=330)
    pack.add(Phrase("3번", "seat"), a, [])
    pack.add(Phrase("깨우세요."), b, [])
    said: list[str] = []

    class Voice:
        def get(self, text: str) -> Path:
            said.append(text)
            return write_wav(tmp_path / "v.wav", tone(0.1, hz=500), SAMPLE_RATE)

    prompts = PackPrompts(Pack.open("p"), Voice(), tmp_path / "cache")
    pcm = prompts.pcm("3번 Ann. 깨우세요.")
    word, sentence = bytes(2 * round(WORD_GAP * SAMPLE_RATE)), bytes(2 * round(SENTENCE_GAP * SAMPLE_RATE))
    assert pcm == a + word + tone(0.1, hz=500) + sentence + b
    assert said == ["Ann."]
    first = prompts.get("3번 Ann. 깨우세요.")
    assert prompts.get("3번 Ann. 깨우세요.") == first  # cached
    pack.add(Phrase("깨우세요."), tone(0.25, hz=330), [])  # a new take: a new rendering
    assert PackPrompts(Pack.open("p"), Voice(), tmp_path / "cache").get("3번 Ann. 깨우세요.") != first


# --- takes -------------------------------------------------------------------------------------------


def test_takes_are_levelled_to_the_voice_and_never_clip() -> None:
    assert round(rms(levelled(tone(0.5, amplitude=1000)))) in range(3150, 3250)
    loud = levelled(tone(0.5, amplitude=1000) + tone(0.01, amplitude=30000))  # a click: the peak wins
    assert max(abs(x) for x in array.array("h", loud)) <= PEAK
    assert levelled(bytes(100)) == bytes(100)


def test_take_checks() -> None:
    assert check_take(tone(1.0), "깨우세요", "깨우세요") == []
    assert check_take(b"", "깨우세요", None) == [EMPTY]
    assert "too quiet" in check_take(tone(1.0, amplitude=300), "깨우세요", None)[0]
    assert "clipped" in check_take(tone(1.0, amplitude=40000), "깨우세요", None)[0]
    assert "too long" in check_take(tone(9.0), "깨우세요", None)[0]
    assert "heard '바나나'" in check_take(tone(1.0), "깨우세요", "바나나")[0]


class Takes:
    """The seam: utterances as a microphone would give them."""

    def __init__(self, takes: list[bytes]) -> None:
        self.takes = takes

    def next(self, timeout: float | None = None) -> bytes | None:
        return self.takes.pop(0) if self.takes else None


def keys(answers: list[str]) -> Iterator[str]:
    yield from answers


def run(pack: Pack, items: list[Phrase], takes: list[bytes], answers: list[str]) -> str:
    out = io.StringIO()
    it = keys(answers)
    record(pack, items, Takes(takes), lambda: next(it, None), out, hear=lambda pcm: "")
    return out.getvalue()


def test_recording_keeps_skips_goes_back_records_again_and_resumes() -> None:
    items = [Phrase("1번", "seat"), Phrase("2번", "seat"), Phrase("깨우세요."), Phrase("모두 눈을 감아 주세요.")]
    pack = Pack.create("me", "ko")
    one, bad, two, two_again = tone(0.5), tone(0.5, amplitude=100), tone(0.6), tone(0.7)
    # 1번 kept; 2번 too quiet, recorded again, kept; back to 2번 and recorded once more; then stop.
    out = run(pack, items, [one, bad, two, two_again], ["", "", "", "r", "", "", "b", "", "", "q"])
    assert "too quiet" in out and "2 takes kept; 2 phrases left" in out
    on_disk = Pack.open("me")
    assert [t.text for t in on_disk.manifest.takes] == ["1번", "2번"]
    assert on_disk.pcm(on_disk.manifest.takes[1]) == levelled(two_again)
    # Resumed: starts at 깨우세요., which is skipped; the last one is kept; the input then ends.
    out = run(on_disk, items, [tone(0.8)], ["s", "", ""])
    assert "[3/4]" in out and "4 phrases" not in out
    final = Pack.open("me")
    assert final.manifest.skipped == ["깨우세요."]
    assert [t.text for t in final.manifest.takes] == ["1번", "2번", "모두 눈을 감아 주세요."]
    assert "every phrase is recorded or skipped" in run(final, items, [], [])


def test_an_empty_take_is_not_kept_and_the_input_ending_stops() -> None:
    pack = Pack.create("me", "ko")
    out = run(pack, [Phrase("1번", "seat")], [bytes(3200)], ["", ""])
    assert EMPTY in out and Pack.open("me").manifest.takes == []


# --- sharing ------------------------------------------------------------------------------------------


def made_pack(name: str = "club") -> Pack:
    pack = Pack.create(name, "ko", synthetic=True, source="tones")
    pack.add(Phrase("1번", "seat"), tone(0.3), [])
    pack.add(Phrase("깨우세요."), tone(0.4, hz=330), ["too long"])
    return pack


def test_export_then_import_on_a_fresh_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pack = made_pack()
    file = export_pack("club", tmp_path / "club.zip")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "elsewhere"))
    assert list_packs() == []
    copy = import_pack(file)
    assert copy.manifest == pack.manifest and list_packs() == ["club"]
    assert [copy.pcm(t) for t in copy.manifest.takes] == [pack.pcm(t) for t in pack.manifest.takes]
    with pytest.raises(PackError, match="already installed"):
        import_pack(file)
    assert import_pack(file, "club2").name == "club2"
    remove_pack("club2")
    assert list_packs() == ["club"]


def _zip(path: Path, members: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        for name, data in members.items():
            z.writestr(name, data)
    return path


def _members(tmp_path: Path) -> dict[str, bytes]:
    made_pack("src")
    with zipfile.ZipFile(export_pack("src", tmp_path / "src.zip")) as z:
        members = {n: z.read(n) for n in z.namelist()}
    remove_pack("src")
    return members


def _manifest(members: dict[str, bytes], **change: object) -> dict[str, bytes]:
    data = json.loads(members["manifest.json"])
    data.update(change)
    return {**members, "manifest.json": json.dumps(data).encode()}


def test_damaged_and_hostile_files_give_one_line_and_change_nothing(tmp_path: Path) -> None:
    good = _members(tmp_path)
    take = next(n for n in good if n.startswith("takes/"))
    takes = json.loads(good["manifest.json"])["takes"]
    sneaky = _manifest({**good, "takes/../../x.wav": good[take]}, takes=[{**takes[0], "file": "takes/../../x.wav"}])
    cases = {
        "not a zip": b"hello",
        "truncated": (tmp_path / "src.zip").read_bytes()[:200],
        "../ path": _zip(tmp_path / "a.zip", {**good, "../evil.wav": b"x"}).read_bytes(),
        "absolute path": _zip(tmp_path / "b.zip", {**good, "/tmp/evil.wav": b"x"}).read_bytes(),
        "a take named ../": _zip(tmp_path / "c.zip", sneaky).read_bytes(),
        "no manifest": _zip(tmp_path / "d.zip", {take: good[take]}).read_bytes(),
        "extra key": _zip(tmp_path / "e.zip", _manifest(good, owner="me")).read_bytes(),
        "bad name": _zip(tmp_path / "f.zip", _manifest(good, name="../x")).read_bytes(),
        "checksum": _zip(tmp_path / "g.zip", {**good, take: good[take][:-2] + b"\x01\x02"}).read_bytes(),
        "not audio": _zip(tmp_path / "h.zip", {**good, take: b"RIFFnope"}).read_bytes(),
        "missing take": _zip(tmp_path / "i.zip", {k: v for k, v in good.items() if k != take}).read_bytes(),
    }
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    for label, data in cases.items():
        file = tmp_path / "in.pack"
        file.write_bytes(data)
        with pytest.raises(PackError) as err:
            import_pack(file)
        assert "\n" not in str(err.value), label
        file.unlink()
    assert list_packs() == []
    after = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    assert [p for p in after if p not in before] in ([], [Path("data/moderator/voice-packs")]), label
    assert not (tmp_path / "evil.wav").exists() and not Path("/tmp/evil.wav").exists()


def test_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["voice-pack", "list"]) == 0
    assert "no voice packs yet" in capsys.readouterr().out
    made_pack()
    assert main(["voice-pack", "list"]) == 0
    assert "club  ko  2 takes  synthetic takes  read by tones" in capsys.readouterr().out
    assert main(["voice-pack", "export", "club", str(tmp_path / "c.zip")]) == 0
    assert main(["voice-pack", "remove", "club"]) == 0
    assert main(["voice-pack", "import", str(tmp_path / "nope.zip")]) == 2
    assert capsys.readouterr().err.strip().count("\n") == 0
    assert main(["voice-pack", "import", str(tmp_path / "c.zip")]) == 0
    assert main(["growl", "--players", "a,b,c,d", "--voice-pack", "nobody"]) == 2
    err = capsys.readouterr().err
    assert "no voice pack 'nobody' (installed: club)" in err and err.count("\n") == 1
    assert main(["growl", "--lang", "en", "--players", "a,b,c,d", "--voice-pack", "club"]) == 2
    assert "is in 'ko'; this game speaks 'en'" in capsys.readouterr().err
    assert packs_dir().is_dir()


@pytest.mark.parametrize("lie", [None, 100, 4 * 2**20 - 1])
def test_a_zip_bomb_is_refused_while_it_is_read(tmp_path: Path, lie: int | None) -> None:
    import tracemalloc

    bomb = zip_bomb(tmp_path / "bomb.zip", 64 * 2**20, lie)
    assert bomb.stat().st_size < 2**20  # small on disk
    tracemalloc.start()
    try:
        with pytest.raises(PackError) as err:
            import_pack(bomb)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 16 * 2**20, f"reading the bomb took {peak // 2**20} MB"
    assert "\n" not in str(err.value) and list_packs() == []


def test_a_name_with_a_newline_is_no_pack_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for bad in ("club\n", "club\nfake line", "\x1b[2J"):
        with pytest.raises(PackError, match="is not a pack name"):
            check_name(bad)
    made_pack()
    manifest = packs_dir() / "club" / "manifest.json"
    data = json.loads(manifest.read_text(encoding="utf-8"))
    manifest.write_text(json.dumps({**data, "source": "tones\nmoderator: fake line\x1b]0;PWNED\x07"}), encoding="utf-8")
    assert main(["voice-pack", "list"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "\x1b" not in out and "\u23ce" in out


def test_the_audio_commands_fail_in_one_line_without_their_device(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """No sound card (the device list is the seam): ``say`` suggests --out, ``voice-pack record`` refuses
    before it starts and leaves no pack."""
    import moderator.voice.speaker as speaker

    monkeypatch.setattr(speaker, "list_devices", lambda: [])
    main(["voice-pack", "list"])  # the settings file is made on a first run: its line is not the refusal's
    capsys.readouterr()
    assert main(["say", "hello", "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--out FILE.wav" in err and "Traceback" not in err
    assert main(["voice-pack", "record", "--lang", "ko", "--name", "nomic"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no microphone" in err
    assert "nomic" not in list_packs()
