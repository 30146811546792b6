"""``[tts] detail = "cue"``: at a new step the storyteller's headset hears a short sound, whose turn it is,
any drunk or poisoned note and the truth to give; ``repeat`` (and a step said again) gives the whole
prompt. Driven by keys through the real engine; only the loudspeaker is a recording fake."""

from __future__ import annotations

import tomllib
from concurrent.futures import Future
from pathlib import Path

from bench.fakes import EARCON, RecordingSpeaker
from moderator.clocktower.rules.texts import step_texts
from moderator.clocktower.voice import ClocktowerSession
from moderator.config import Config
from moderator.i18n import Lang
from moderator.voice.asr import Recognizer
from moderator.voice.loop import VoiceLoop
from moderator.voice.speaker import earcon_pcm
from tests.tables import twelve_table


def keyed(lang: Lang, keys: list[str], detail: str = "cue") -> tuple[RecordingSpeaker, VoiceLoop]:
    table = twelve_table(lang)
    speaker = RecordingSpeaker()
    loop = VoiceLoop(ClocktowerSession(table, lang), Future[Recognizer](), speaker, None, detail=detail)  # type: ignore[arg-type]
    for key in keys:
        loop.post_key(key)
    loop.keys_ended()
    loop.run()
    return speaker, loop


def test_a_new_step_is_a_sound_and_its_cue_and_repeat_gives_the_whole_prompt() -> None:
    speaker, _ = keyed("en", ["next", "repeat"])
    pseudo = step_texts().pseudo
    said = speaker.said
    # dusk: the table hears its line in full; the headset a sound and "Night falls."
    assert said[0] == ("public", pseudo["dusk"].public("en"))  # type: ignore[misc]
    assert said[1:3] == [("private", EARCON), ("private", "Night falls.")]
    # the Minion info: the sound and its name (rendered before the night), then the truth to give, not
    # the instructions
    cue = said[3:6]
    assert cue[:2] == [("private", EARCON), ("private", "Minion info.")], said
    assert cue[2][1].startswith("True answer:") and "Wake the Minions" not in cue[2][1], said
    # repeat: the whole prompt, no sound
    assert said[6][0] == "private" and said[6][1].startswith(pseudo["minioninfo"].prompt("en")), said
    assert said.count(("private", EARCON)) == 2


def test_full_detail_says_every_prompt_in_full_without_a_sound() -> None:
    speaker, _ = keyed("en", ["next"], detail="full")
    assert EARCON not in [t for _, t in speaker.said]
    assert any(t.startswith(step_texts().pseudo["minioninfo"].prompt("en")) for _, t in speaker.said)


def test_a_players_cue_names_the_character_seat_and_player_and_says_they_are_poisoned() -> None:
    # seat 2 (the Snake Charmer, b) poisoned by hand, then on to the Snake Charmer's step
    table = twelve_table("en")
    steps = [table.prompt().step]
    session = ClocktowerSession(table, "en")
    speaker = RecordingSpeaker()
    loop = VoiceLoop(session, Future[Recognizer](), speaker, None, detail="cue")
    loop.post_key("seat 2 is poisoned")
    for _ in range(6):
        loop.post_key("next")
    loop.keys_ended()
    loop.run()
    steps.append(table.prompt().step)
    said = [t for _, t in speaker.said]
    assert "Snake Charmer, seat 2, b." in said, said
    after = said[said.index("Snake Charmer, seat 2, b.") + 1]
    assert said[said.index("Snake Charmer, seat 2, b.") - 1] == EARCON and after == "They are poisoned.", said


def test_korean_cues_read_as_korean() -> None:
    speaker, _ = keyed("ko", ["next"])
    said = [t for _, t in speaker.said]
    assert said[1:5] == [EARCON, "밤이 됩니다.", EARCON, "하수인 정보."] and said[5].startswith("참인 정보:"), said


def test_the_earcon_is_short_and_audible() -> None:
    pcm = earcon_pcm()
    seconds = len(pcm) / 2 / 16000
    assert 0.1 < seconds < 0.3
    peak = max(abs(int.from_bytes(pcm[i : i + 2], "little", signed=True)) for i in range(0, len(pcm), 2))
    assert 4000 < peak < 32767


def test_detail_is_a_setting_cue_by_default() -> None:
    assert Config().tts.detail == "cue"
    assert Config.model_validate(tomllib.loads('[tts]\ndetail = "full"\n')).tts.detail == "full"
    both = Config.model_validate(tomllib.loads('[tts]\ndetail = "cue"\n[tts.en]\nrate = 200\n')).tts
    assert both["en"].rate == 200 and both["ko"].rate == 170


def test_a_cue_pack_is_the_seats_the_scripts_characters_and_the_cue_words_a_few_minutes_of_reading() -> None:
    from moderator.clocktower.rules.loader import default_catalogue
    from moderator.clocktower.rules.scripts import load_script
    from moderator.phrasebook import cue_phrases, phrases

    script, cat = load_script("twelve", default_catalogue())
    langs: tuple[Lang, ...] = ("ko", "en")
    for lang in langs:
        cues = [p.text for p in cue_phrases(lang, ["twelve"])]
        assert {("3번" if lang == "ko" else "seat 3"), cat[script.ids[0]].name(lang)} <= set(cues)
        assert step_texts().pseudo["dusk"].cue(lang) in cues
        # a take is a few seconds: under five minutes of reading, against the whole pack's
        assert len(cues) * 5 < 300 < len(phrases(lang, ["twelve"])) * 5


def test_whose_turn_cues_are_rendered_before_the_night() -> None:
    """The cue of whose turn it is does not wait for espeak-ng at the step: it is among the texts rendered
    before the game (the truth and any status, which the night decides, follow as a line of their own)."""
    known = ClocktowerSession(twelve_table("en"), "en").known_texts()
    assert {"Night falls.", "Minion info.", "Snake Charmer, seat 2, b.", "Widow, seat 3, c."} <= set(known)


def test_the_closed_set_listener_hears_every_cue_as_words_of_the_model(
    ko_recognizer: Recognizer, en_recognizer: Recognizer
) -> None:
    """bench.cues' closed-set listener: every cue of every bundled script has a sentence of model words
    beginning with its character's (or step's) words, and no two cues share a sentence."""
    from bench.cues import cue_forms, cues, known_words
    from moderator.clocktower.rules.scripts import bundled_scripts

    assert known_words("새벽입니다", ko_recognizer.has_word) == ["새벽", "입니다"]
    assert known_words("qzxv", en_recognizer.has_word, split=False) == []
    for lang, rec in (("ko", ko_recognizer), ("en", en_recognizer)):
        for stem in bundled_scripts():
            seen: dict[str, str] = {}
            for cue in cues(stem, lang):  # type: ignore[arg-type]
                forms = cue_forms(cue, lang, rec)  # type: ignore[arg-type]
                assert forms, cue
                for form in forms:
                    assert all(rec.has_word(w) for w in form.split()), (cue, form)
                    assert seen.setdefault(form, cue) == cue, (form, cue, seen[form])


def test_the_closed_set_listener_picks_the_cue_said_and_nothing_from_silence(en_recognizer: Recognizer,
                                                                             tmp_path: Path) -> None:  # fmt: skip
    """Real espeak-ng speech through pocketsphinx: the cue said is picked among the script's; silence picks
    none."""
    from bench.cues import closed_set, cues
    from moderator.voice import read_wav, render
    from moderator.voice.audio import SAMPLE_RATE, resample

    night = cues("trouble-brewing", "en")
    pick = closed_set(night, "en", en_recognizer)
    for i in (4, 9, 14):
        pcm, rate = read_wav(render(night[i], "en", tmp_path / "cue.wav", rate=150))
        assert pick(resample(pcm, rate, SAMPLE_RATE)) == i, night[i]
    assert pick(b"\0\0" * SAMPLE_RATE) is None
