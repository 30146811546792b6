"""The Fabled (and the Loric the storyteller puts in play the same way), from their rule texts (issue 26).

A Fabled is the storyteller's: it is in play ('add fabled <name>') but no player holds it. Its night
step, where it has one, is a step with no seat at its place in the official night order (the Djinn,
which has none, right after dusk on the first night); what it changes in the setup or the day is data
the rules read (the Sentinel's Outsiders, the Toymaker's evil info, the Spirit of Ivory's cap, a day
note); the rest is the storyteller's, said when it is added.
"""

from __future__ import annotations

from moderator.clocktower.rules.bag import count_problems
from tests.storyteller.helpers import Game
from tests.storyteller.test_edits import tb
from tests.tables import make_table, twelve_table

TB_DAY = {"poisoner": "seat 6", "monk": "seat 1", "fortuneteller": "seat 1 and seat 2"}


def _first_night_steps(game: Game, answers: dict[str, str] = TB_DAY) -> list[str]:
    """The steps the walk visits on the first night, in order, with 'next' where ``answers`` has none."""
    seen: list[str] = []
    for _ in range(40):
        step = game.prompt.step
        if step == "day":
            return seen
        seen.append(step)
        game.say(answers.get(step, "next") if not game.g.cursor or not game.g.cursor.seats else "next")
    raise AssertionError(seen)


def _with(*fabled: str) -> Game:
    game = tb()
    for f in fabled:
        game.say(f"add fabled {f}")
    return game


def _day_text(game: Game) -> str:
    game.to("day", TB_DAY)
    return game.prompt.text


# -- seatless night steps --------------------------------------------------------------------------


def test_the_angels_step_comes_first_on_the_first_night_only_with_the_angel() -> None:
    # Angel: "Something bad might happen to whoever is most responsible for the death of a new player."
    # The official first night wakes the Angel first (its Protected tokens by the new players).
    steps = _first_night_steps(_with("angel"))
    assert steps[:2] == ["dusk", "angel"]
    assert "angel" not in _first_night_steps(tb())


def test_the_angels_step_has_no_seat_and_says_its_tokens() -> None:
    game = _with("angel")
    game.say("next")  # dusk
    assert game.prompt.step == "angel" and game.prompt.seat is None
    assert "Protected" in game.prompt.text
    assert game.jsonl()[-1]["step"] == "angel"  # the JSON lines name the step as any other


def test_the_buddhists_step_and_its_day_note() -> None:
    # Buddhist: "For the first 2 minutes of each day, veteran players may not talk."
    game = _with("buddhist")
    assert _first_night_steps(_with("buddhist"))[:2] == ["dusk", "buddhist"]
    assert "first two minutes" in _day_text(game)
    assert "first two minutes" not in _day_text(tb())


def test_the_toymakers_step_comes_only_on_a_night_the_attack_could_end_the_game() -> None:
    # Toymaker: "The Demon may choose not to attack & must do this at least once per game." Its first night is
    # the Minion and Demon info; its other nights only matter on a final night.
    game = _with("toymaker")
    assert "toymaker" in _first_night_steps(game)
    game.say("end day")
    game.to("day", {"poisoner": "seat 6", "monk": "seat 1", "imp": "seat 3"})
    assert "toymaker" not in [e.get("step") for e in game.jsonl()]


def _imp(game: Game) -> int:
    return next(p.seat for p in game.g.players if p.character == "imp")


def test_the_toymakers_mark_lies_by_the_demon_until_it_rests() -> None:
    # Toymaker: "The Demon may choose not to attack & must do this at least once per game." The official
    # night sheet: "If a Demon attack could end the game, and the Demon is marked FINAL NIGHT: NO ATTACK, then
    # the Demon does not act tonight."
    game = _with("toymaker")
    assert game.g.player(_imp(game)).has_reminder("Final Night: No Attack", "toymaker")  # as it comes in
    game.to("day", TB_DAY)
    game.say("end day")
    game.to("imp", {"poisoner": "seat 6", "monk": "seat 1"})
    game.say("no")  # the Demon rests
    assert not game.g.player(_imp(game)).has_reminder("Final Night: No Attack", "toymaker")
    game.say("back")  # undone, the mark is back
    assert game.g.player(_imp(game)).has_reminder("Final Night: No Attack", "toymaker")


def test_the_toymaker_stops_a_marked_demons_game_ending_kill() -> None:
    game = Game(make_table("trouble-brewing", list("abcde"), ["imp", "poisoner", "monk", "empath", "chef"]))
    game.say("add fabled toymaker")
    game.to("day", {"poisoner": "seat 3"})
    game.say("seat 3 dies", "seat 4 dies")  # three alive: a kill tonight would end the game
    game.say("end day")
    game.to("toymaker")
    assert "Final Night: No Attack" in game.prompt.text
    game.say("next")
    assert not game.g.player(1).has_reminder("Final Night: No Attack", "toymaker")
    seen = []
    while game.prompt.step != "day":
        seen.append(game.prompt.step)
        game.say({"poisoner": "seat 5"}.get(game.prompt.step, "next"))
    assert "imp" not in seen  # the Toymaker's night text: "do not wake the Demon"
    assert game.g.player(5).alive and game.g.winner is None  # no kill: the game goes on


def test_the_toymaker_gives_evil_info_below_seven_players() -> None:
    # Toymaker: "Evil players get normal starting info." Five players get no Minion and Demon info
    # by the app's reading of the table; with the Toymaker they do.
    def five(*fabled: str) -> list[str]:
        game = Game(make_table("trouble-brewing", list("abcde"), ["imp", "poisoner", "monk", "empath", "chef"]))
        for f in fabled:
            game.say(f"add fabled {f}")
        return _first_night_steps(game, {"poisoner": "seat 3"})

    assert "minioninfo" not in five()
    assert {"minioninfo", "demoninfo"} <= set(five("toymaker"))


def test_the_duchess_wakes_her_visitors_on_other_nights_only() -> None:
    # Duchess: "Each day, 3 players may choose to visit you. At night*, each visitor learns how many
    # visitors are evil, but 1 gets false info."
    game = _with("duchess")
    assert "duchess" not in _first_night_steps(game)
    assert "Visitor" in game.prompt.text  # its day note: the visitors are marked by day
    game.say("put duchess visitor on seat 2", "put duchess visitor on seat 4", "put duchess visitor on seat 6")
    game.say("end day")
    game.to("duchess")
    assert game.prompt.seat is None and "False Info" in game.prompt.text
    assert game.prompt.truth == 1  # the Poisoner, seat 2, is the one evil visitor


def test_the_duchess_does_not_act_without_exactly_three_visitors() -> None:
    # "If exactly 3 visitors can't be decided upon, the Duchess doesn't act" (how to run it).
    game = _with("duchess")
    game.to("day", TB_DAY)
    game.say("put duchess visitor on seat 1", "put duchess visitor on seat 2", "end day")
    assert "duchess" not in _night_steps(game)


def _night_steps(game: Game) -> list[str]:
    seen: list[str] = []
    while game.prompt.step != "day" and len(seen) < 40:
        seen.append(game.prompt.step)
        game.say("next")
    return seen


def test_a_fabled_step_is_gone_to_by_name_only_when_in_play() -> None:
    game = _with("angel")
    game.say("go to angel")
    assert game.prompt.step == "angel"
    assert game.refused("go to buddhist")


def test_a_fabled_taken_out_of_play_no_longer_wakes() -> None:
    game = _with("angel")
    game.say("remove fabled angel")
    assert "angel" not in _first_night_steps(game)


# -- the Djinn: the script's jinxes, right after dusk -----------------------------------------------------


def test_the_djinn_on_the_twelve_script_shows_its_step_on_the_first_night() -> None:
    # Djinn: "Use the Djinn's special rule. All players know what it is." The official order has no
    # place for it: our step comes right after dusk. The bundled twelve script has no jinxes.
    game = Game(twelve_table())
    game.say("add fabled djinn")
    game.say("next")  # dusk
    assert game.prompt.step == "djinn"
    assert "no jinxes" in game.prompt.text
    game.say("next")
    assert game.prompt.step != "djinn"  # once, then the night goes on


def test_the_djinn_names_the_jinxes_of_the_script() -> None:
    # The twelve script with the Magician added: Lil' Monsta and the Magician are jinxed.
    table = make_table("twelve", list("abcdefg"), ["imp", "snakecharmer", "widow", "pixie", "fisherman",
                       "ravenkeeper", "cannibal"], add=["imp", "magician"], decide={"widow_know": "5"})  # fmt: skip
    game = Game(table)
    game.say("add fabled djinn", "next")
    assert game.prompt.step == "djinn"
    assert "Lil' Monsta & Magician" in game.prompt.text


def test_the_djinn_in_korean() -> None:
    game = Game(twelve_table("ko"), "ko")
    game.say("전설 지니 추가", "다음")
    assert game.prompt.step == "djinn" and "징크스가 없습니다" in game.prompt.text


# -- the Storm Catcher (Loric, put in play like a Fabled) ------------------------------------------------


def test_the_storm_catchers_character_is_marked_and_shown_to_evil() -> None:
    # Storm Catcher: "Name a good character. If in-play, they can only die by execution, but evil
    # players learn which player it is."
    game = _with("storm catcher")
    game.to("stormcatcher")
    assert game.prompt.seat is None and game.prompt.expects == ["character"]
    reply = game.say("soldier")
    assert "stormcatcher:Stormcaught" in game.tokens(7)
    assert any("show them seat 7" in line for line in reply.say), reply.say


def test_the_storm_catchers_player_survives_the_demon() -> None:
    game = _with("storm catcher")
    game.to("stormcatcher")
    game.say("empath")
    game.to("day", TB_DAY)
    game.say("end day")
    game.to("imp", {**TB_DAY, "monk": "seat 2"})
    game.say("seat 4")
    game.to("day", {**TB_DAY, "monk": "seat 2"})
    assert game.player(4).alive  # "they can only die by execution"


def test_the_storm_catcher_names_only_a_good_character() -> None:
    game = _with("storm catcher")
    game.to("stormcatcher")
    assert game.refused("poisoner")


def test_the_storm_catchers_character_not_in_play_marks_nobody() -> None:
    game = _with("storm catcher")
    game.to("stormcatcher")
    reply = game.say("ravenkeeper")
    assert not any(r.name == "Stormcaught" for p in game.g.players for r in p.reminders)
    assert any("not in play" in line for line in reply.say)


def test_a_fabled_or_loric_never_takes_a_seat() -> None:
    game = tb()
    assert game.refused("seat 3 is the storm catcher")
    assert game.refused("seat 3 is the djinn")


# -- the setup: the Sentinel, the Spirit of Ivory ---------------------------------------------------------


def test_the_sentinel_allows_one_outsider_more_or_fewer() -> None:
    # Sentinel: "There might be 1 extra or 1 fewer Outsider in play." Seven players ask for none.
    game = Game(make_table("trouble-brewing", list("abcdefg"),
                           ["imp", "poisoner", "butler", "empath", "chef", "fortuneteller", "soldier"]))  # fmt: skip
    assert any("Outsider" in p for p in count_problems(game.g, game.table.cat))
    game.say("add fabled sentinel")
    assert count_problems(game.g, game.table.cat) == []


def test_the_spirit_of_ivory_warns_of_a_second_extra_evil_player() -> None:
    # Spirit of Ivory: "There can't be more than 1 extra evil player." Two evil at the start (7 players).
    game = _with("spirit of ivory")
    game.say("seat 3 is evil")
    assert "at most 3" not in _day_text(game)  # one extra: allowed
    game = _with("spirit of ivory")
    game.say("seat 3 is evil", "seat 4 is evil")
    assert "4 players are evil now, and at most 3" in _day_text(game)


# -- the day's notes and the storyteller's own rulings ----------------------------------------------------


def test_the_doomsayers_note_by_day() -> None:
    # Doomsayer: "If 4 or more players live, each living player may publicly choose (once per game)
    # that a player of their own alignment dies." The storyteller picks who: the note says so.
    text = _day_text(_with("doomsayer"))
    assert "of the caller's alignment" in text and "four or more" in text


def test_a_living_player_calls_the_doomsayer_once_and_the_storyteller_picks_who_dies() -> None:
    game = _with("doomsayer")
    game.to("day", TB_DAY)
    game.say("seat 3 uses their ability")
    assert game.g.question is not None and "seats 3, 4, 5, 6, 7" in game.prompt.text
    assert game.refused("seat 1")  # the Imp is not of the Monk's alignment
    game.say("seat 5")
    assert not game.player(5).alive
    reply = game.say("seat 3 uses their ability")  # once per game
    assert any("no day ability" in line for line in reply.say)


def test_the_demon_calls_the_fiddlers_duel_and_the_winners_team_wins() -> None:
    game = _with("fiddler")
    game.to("day", TB_DAY)
    assert game.refused("seat 1 uses their ability on seat 2")  # the Poisoner: the Demon's own team
    game.say("seat 1 uses their ability on seat 5")
    assert game.g.question is not None and "The Fiddler's duel" in game.prompt.text
    game.say("seat 5")
    assert game.g.winner == "good"


def test_the_fibbins_false_information_is_taken_once() -> None:
    game = _with("fibbin")
    game.to("chef", TB_DAY)
    game.say("showed 2")  # the Chef's true number is 1 (the Imp and the Poisoner sit together)
    game.to("day", TB_DAY)
    game.say("end day")
    game.to("empath", TB_DAY)
    assert game.refused("showed 2")  # spent: sober and healthy, the truth again


def test_the_ferrymans_note_by_day() -> None:
    # Ferryman: "On the final day, all dead players regain their vote token."
    assert "vote token back" in _day_text(_with("ferryman"))


def test_the_fiddlers_note_by_day() -> None:
    # Fiddler: "Once per game, the Demon secretly chooses an opposing player: all players choose which of
    # these 2 players win."
    assert "duel" in _day_text(_with("fiddler"))


def test_the_hells_librarians_note_by_day() -> None:
    # Hell's Librarian: "Something bad might happen to whoever talks when the Storyteller has asked for silence."
    assert "Something Bad" in _day_text(_with("hell's librarian"))


def test_the_deus_ex_fiascos_note_by_day() -> None:
    # Deus ex Fiasco: "At least once per game, the Storyteller will make a mistake, correct it, and
    # publicly admit to it."
    assert "mistake" in _day_text(_with("deus ex fiasco"))


def test_the_fibbin_revolutionary_bootlegger_and_gardener_are_told_how_to_run_when_added() -> None:
    # Fibbin: "Once per game, 1 good player might get incorrect information."
    # Revolutionary: "2 neighbouring players are known to be the same alignment. Once per game, 1 of them
    # registers falsely." Bootlegger: the script's homemade rules. Gardener: the storyteller assigns
    # characters. None wakes: the storyteller runs them by hand, as their notes say.
    for name, words in (("fibbin", "No Ability"), ("revolutionary", "Aligned"), ("bootlegger", "homemade"),
                        ("gardener", "--require")):  # fmt: skip
        game = tb()
        reply = game.say(f"add fabled {name}")
        assert any(words in line for line in reply.say), (name, reply.say)
        assert _first_night_steps(game) == _first_night_steps(tb())


def test_every_fabled_is_described() -> None:
    cat = tb().table.cat
    storytellers = [c for c in cat.characters.values() if c.team == "fabled"]
    assert len(storytellers) == 14 and all(c.described for c in storytellers)
    assert all(cat[c].described for c in ("stormcatcher", "bootlegger", "gardener"))
