"""The Clocktower subcommands: ``characters``, ``night-order``, ``setup`` and ``play``.

Wire them into moderator/cli.py with ``register(sub, voice, web)``; ``voice`` runs a session by voice
(the app's voice layer, handed in so this game imports nothing of audio), ``web`` serves the live
grimoire page beside it (``--web``; handed in the same way, so this game imports nothing of the web).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from moderator.cli_common import (
    PlayByVoice,
    Subparsers,
    WebOptions,
    add_web_arguments,
    input_lines,
    lang_of,
    live_saving,
    player_names,
    web_options,
)
from moderator.clocktower.frontend import TextLoop
from moderator.clocktower.grimoire.events import Event, Remember
from moderator.clocktower.grimoire.journal import Journal, load_state
from moderator.clocktower.grimoire.state import Grimoire
from moderator.clocktower.rules import keys
from moderator.clocktower.rules.bag import count_problems
from moderator.clocktower.rules.catalogue import Catalogue
from moderator.clocktower.rules.decisions import Proposal
from moderator.clocktower.rules.loader import default_catalogue
from moderator.clocktower.rules.news import told_at_dusk
from moderator.clocktower.rules.nightorder import night_sheet
from moderator.clocktower.rules.sane import grimoire_problem
from moderator.clocktower.rules.scripts import (
    Script,
    complete,
    load_script,
    missing_for_a_game,
    script_as_played,
)
from moderator.clocktower.rules.setup import setup_game
from moderator.clocktower.rules.texts import step_texts
from moderator.clocktower.table import Table
from moderator.clocktower.wording import Wording
from moderator.config import Config, autosave_path
from moderator.errors import DataError, SetupError, StateFileError
from moderator.i18n import LANGS, Lang
from moderator.messages import msg, set_lang
from moderator.savefile import read_bytes
from moderator.stateout import state_out_held, state_out_target

ServeWeb = Callable[[Table, TextLoop, WebOptions], None]
"""Start the live grimoire page on a game (in the background) and say where it is."""


def _script(args: argparse.Namespace, cat: Catalogue) -> tuple[Script, Catalogue]:
    script, cat = load_script(args.script, cat)
    added = _add_ids(args)
    if added:
        script = complete(script, cat, added)
    return script, cat


def cmd_characters(args: argparse.Namespace, config: Config) -> int:
    cat = default_catalogue()
    lang = lang_of(args, config)
    rows = sorted(cat.characters.values(), key=lambda c: (not c.described, c.team, c.id))
    if args.json:
        print(
            json.dumps(
                [
                    {
                        "id": c.id,
                        "name": c.name(lang),
                        "team": c.team,
                        "described": c.described,
                        "first_night": c.first_night,
                        "other_night": c.other_night,
                    }
                    for c in rows
                ],
                ensure_ascii=False,
                indent=1,
            )
        )
        return 0
    described = [c for c in rows if c.described]
    print(f"{len(rows)} characters; {len(described)} fully described (prompts, effects, Korean texts):")
    for c in rows:
        mark = "*" if c.described else " "
        print(f" {mark} {c.id:16} {c.team:10} {c.name(lang)}")
    print("* = fully described; the others run with a generic prompt.")
    return 0


def _night(value: str, g_night: int | None) -> int:
    if value == "first":
        return 1
    if value == "other":
        return max(2, (g_night or 0) + 1) if g_night else 2
    try:
        n = int(value)
    except ValueError as exc:
        raise SetupError(msg("bad_night", value=value)) from exc
    if n < 1:
        raise SetupError(msg("bad_night", value=value))
    return n


def cmd_night_order(args: argparse.Namespace, config: Config) -> int:
    lang = lang_of(args, config)
    cat = default_catalogue()
    g = load_state(Path(args.game)) if args.game else None
    if g is not None and not args.script:
        script, cat = load_script(g.script, cat)
    else:  # no script named: the one `play` would start on (config.toml's [game] script)
        args.script = args.script or config.game.script
        script, cat = _script(args, cat)
    if g is None and not args.all_in_play:
        args.all_in_play = True
    night = _night(args.night, g.night if g else None)
    steps = night_sheet(script, cat, night, None if args.all_in_play else g)
    if args.json:
        print(json.dumps([s.to_json(cat, lang) for s in steps], ensure_ascii=False, indent=1))
        return 0
    print(step_texts().flow.night_title(lang, script=script.name, night=night))
    for i, s in enumerate(steps, start=1):
        print(f"{i:2}. {s.prompt(cat, lang)}")
    return 0


def _pairs(raw: Sequence[str]) -> dict[str, str]:
    out = {}
    for item in raw:
        key, sep, value = item.partition("=")
        if not sep:
            raise SetupError(msg("setup_decide_form", item=item))
        out[key.strip()] = value.strip()
    return out


def _lacks(script: Script, missing: Sequence[str]) -> str:
    """Why a script cannot make a game: the teams it has none of."""
    teams = msg("setup_and_no").join(msg(f"setup_team_{t}") for t in missing)
    return msg("setup_script_lacks", script=script.name, teams=teams)


def cmd_setup(args: argparse.Namespace, config: Config) -> int:
    lang = lang_of(args, config)
    cat = default_catalogue()
    script, cat = _script(args, cat)
    missing = missing_for_a_game(script, cat)
    if missing:
        raise SetupError(_lacks(script, missing))
    names = player_names(args.players, lang_of(args, config))
    chars = [c.strip() for c in args.assign.split(",")] if args.assign else None
    events, bag, proposals = setup_game(
        script,
        cat,
        names,
        seed=args.seed,
        characters=chars,
        overrides=_pairs(args.decide),
        require=[c.strip() for c in args.require.split(",")] if args.require else None,
        outsider_shift=args.outsiders,
        extra_copies=args.copies,
        fabled=_fabled(args, cat),
    )
    journal = Journal.new(script.source, script.raw)
    g = journal.push("setup", [*events, *_added(args)])
    if args.out:
        with live_saving(Path(args.out), "clocktower", config, "game") as persist:
            assert persist is not None
            persist(journal)
        print(f"moderator: play it with: moderator play --game {args.out}", file=sys.stderr)
    if args.json:
        print(g.model_dump_json(by_alias=True, indent=1))
        return 0
    words = Wording(cat, lang)
    for line in words.grimoire_lines(g):
        print(line)
    for prop in proposals:
        print(_proposal_line(prop, g, words))
    for told in told_at_dusk(g, 1):  # what to announce before the game (the Djinn, the Revolutionary's pair)
        print(msg("note", text=told(lang)))
    for note in [*bag.notes, *count_problems(g, cat)]:
        print(msg("note", text=note))
    return 0


def _proposal_line(prop: Proposal, g: Grimoire, words: Wording) -> str:
    """A hidden decision the setup made, said for the storyteller: whose, what, the proposal and how to
    change it (``--decide ID=…``, the id being what the flag takes)."""

    def shown(option: str | None) -> str:
        if option is None:
            return "-"
        if option.isdigit() and int(option) in g.seats():
            return msg("setup_seat", seat=option, name=g.player(int(option)).name)
        return words.cat[option].name(words.lang) if option in words.cat else option

    def allowed(option: str) -> str:  # as --decide takes it: a seat, or a character's id (named)
        if option.isdigit() or option not in words.cat:
            return option
        return f"{option} ({words.cat[option].name(words.lang)})"

    return msg("setup_proposed", character=words.cat[prop.owner].name(words.lang), seat=prop.seat,
               prompt=prop.decision.prompt(words.lang), chosen=shown(prop.chosen), id=prop.decision.id,
               allowed=", ".join(allowed(o) for o in prop.options) or "-")  # fmt: skip


def _new_game(
    args: argparse.Namespace, cat: Catalogue, lang: Lang | None = None
) -> tuple[Journal, Script, Catalogue, list[str]]:
    """A new game as the command line asks, and what setup warns of (a bag by hand that is not the official one)."""
    script, cat = _script(args, cat)
    missing = missing_for_a_game(script, cat)
    if missing:
        raise SetupError(_lacks(script, missing))
    names = player_names(args.players, lang) if (args.players or "").strip() else []
    if not names:
        raise SetupError(msg("play_players_needed"))
    chars = [c.strip() for c in args.assign.split(",")] if args.assign else None
    overrides = _pairs(args.decide)
    events, bag, _ = setup_game(script, cat, names, seed=args.seed, characters=chars, overrides=overrides,
                                fabled=_fabled(args, cat))  # fmt: skip
    journal = Journal.new(script.source, script.raw)
    spoken = [Remember(key=keys.game_language(), value=lang)] if lang else []
    journal.push("setup", [*events, *_added(args), *spoken])
    warnings = [*bag.notes, *count_problems(journal.state(), cat)] if chars else []  # warned, not refused
    known = sorted({d.id for c in cat.characters.values() if c.data is not None for d in c.data.decisions})
    unknown = sorted(set(overrides) - set(known))
    if unknown:  # kept (a decision for a character made later is too), but a typo decides nothing: said
        warnings.append(msg("setup_unknown_decision", ids=", ".join(unknown), known=", ".join(known)))
    for note in warnings:
        print(f"moderator: {msg('warning', text=note)}", file=sys.stderr)
    return journal, script, cat, warnings


def _add_ids(args: argparse.Namespace) -> list[str]:
    """The character ids of --add, in order."""
    return [x.strip() for x in (getattr(args, "add", None) or "").split(",") if x.strip()]


def _fabled(args: argparse.Namespace, cat: Catalogue) -> list[str]:
    """The Fabled and Loric among the characters added (--add): put in play at setup, the storyteller's."""
    return [c for c in _add_ids(args) if c in cat and cat[c].team in ("fabled", "loric")]


def _added(args: argparse.Namespace) -> list[Event]:
    """The characters added to the script (--add), kept in the save: the script as played."""
    added = _add_ids(args)
    return [Remember(key=keys.script_added(), value=",".join(added))] if added else []


def _resume(path: Path, cat: Catalogue, given: str | None = None) -> tuple[Journal, Script, Catalogue, bool]:
    """A saved game (or a bare state file: then ``True``), with its script as played: the copy the save keeps,
    else the file it names, else ``given`` (``--script``: where it is now), with the characters --add added.

    Raises:
        StateFileError: the file is not a readable save or state (one line naming the fault).
    """
    try:
        doc = json.loads(read_bytes(path).decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        doc = None
    bare = isinstance(doc, dict) and "entries" not in doc  # a grimoire state, not a save
    journal = Journal(start=load_state(path)) if bare else Journal.load(path)
    try:
        script, cat = script_as_played(journal.start.script, journal.script, cat)
    except DataError:
        if not given:
            raise
        script, cat = load_script(given, cat)
    if (problem := grimoire_problem(state := journal.state(), cat)) is not None:  # a state made by hand, an old
        raise StateFileError(msg("state_unrunnable", path=path, why=problem))  # save's damaged entry: said, not run
    added = state.memory.get(keys.script_added(), "")
    if added:
        script = complete(script, cat, [x for x in added.split(",") if x])
    return journal, script, cat, bare


def cmd_play(args: argparse.Namespace, config: Config) -> int:
    lang = lang_of(args, config)
    cat = default_catalogue()
    bare = False
    warnings: list[str] = []
    if args.game:
        journal, script, cat, bare = _resume(Path(args.game), cat, args.script)
        kept = journal.state().memory.get(keys.game_language())
        if not args.lang and kept in LANGS:  # a resumed game keeps its own language
            lang = kept
            set_lang(lang)  # and the command line's lines follow it
    else:
        args.script = args.script or config.game.script
        args.players = args.players if args.players is not None else config.game.players  # "" is no players
        args.seed = args.seed if args.seed is not None else config.game.seed
        journal, script, cat, warnings = _new_game(args, cat, lang)
    # A resumed game goes on in its own file; a new live game is always saved: never a lost game.
    resumed = Path(args.game) if args.game and not bare else None
    target = Path(args.save) if args.save else resumed
    if target is None and (not args.input or bare):
        target = autosave_path(config, "game")
        if bare:  # a state file is a start, not a save: the game is saved where a new one would be
            print(f"moderator: {args.game} is a grimoire state, not a save: it is left as it is, and the game "
                  f"starts from it", file=sys.stderr)  # fmt: skip
    if args.state_out:  # checked before anything is written: never the save, a device or a stranger's file
        args.state_out = str(state_out_target(args.state_out, target))
    with state_out_held(args.state_out), live_saving(target, "clocktower", config, "game", resumed) as persist:
        table = Table(journal, script, cat, lang, persist=persist)
        if persist is not None:
            persist(journal)
        return _run(args, config, table, lang, target, warnings)


def _run(args: argparse.Namespace, config: Config, table: Table, lang: Lang, saved: Path | None = None,
         warnings: list[str] | None = None) -> int:  # fmt: skip
    state_out = Path(args.state_out) if args.state_out else None
    loop = TextLoop(table, lang, sys.stdout, jsonl=args.jsonl, state_out=state_out)
    loop.saved_at = saved
    loop.warnings = list(warnings or [])
    _serve_web(args, table, loop)
    if args.input:
        return loop.run(input_lines(args.input))
    voice: PlayByVoice | None = args.voice
    if not args.text and voice is not None:
        from moderator.clocktower.voice import ClocktowerSession

        loop.save_state()
        voiced = voice(ClocktowerSession(table, lang, loop), config)
        if voiced is not None:
            return voiced
    return loop.run(sys.stdin)


def _serve_web(args: argparse.Namespace, table: Table, loop: TextLoop) -> None:
    options = web_options(args)
    if options is None:
        return
    serve: ServeWeb | None = args.serve_web
    if serve is None:
        raise SetupError("this build of the app has no web page")
    serve(table, loop, options)


def register(sub: Subparsers, voice: PlayByVoice | None = None, web: ServeWeb | None = None) -> None:
    """Add ``characters``, ``night-order``, ``setup`` and ``play``; ``voice`` runs ``play`` by voice
    (without it, ``play`` uses the keyboard); ``web`` serves the page of ``play --web``."""
    p = sub.add_parser("characters", help="list the catalogue and which characters are fully described")
    p.add_argument("--lang", choices=["ko", "en"])
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_characters)

    p = sub.add_parser("night-order", help="print the night sheet")
    p.add_argument("--script", help="a script path or the name of a bundled script (default: the settings' script)")
    p.add_argument("--game", help="a state JSON (or saved game) to take the players from")
    p.add_argument("--all-in-play", action="store_true", help="every script character as in play")
    p.add_argument("--night", default="first", help="first, other, or a night number")
    p.add_argument("--add", help="characters to add to the script, comma-separated ids")
    p.add_argument("--lang", choices=["ko", "en"])
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_night_order)

    p = sub.add_parser("setup", help="set up a game: seats, characters, hidden decisions, bluffs")
    p.add_argument("--script", required=True)
    p.add_argument("--players", required=True, help="names, comma-separated, clockwise from seat 1")
    p.add_argument("--seed", type=int, help="make the random bag repeatable")
    p.add_argument("--assign", help="characters by hand, seat by seat, comma-separated ids")
    p.add_argument("--require", help="characters that must be in the bag")
    p.add_argument("--outsiders", type=int, help="the Outsider change chosen (Balloonist, Kazali …)")
    p.add_argument("--copies", type=int, help="extra copies chosen (Village Idiot)")
    p.add_argument("--decide", action="append", default=[], help="a hidden decision, id=seat or id=character")
    p.add_argument("--add", help="characters to add to the script, comma-separated ids (a Fabled or Loric: in play)")
    p.add_argument("--out", help="save the game (journal) here")
    p.add_argument("--lang", choices=["ko", "en"])
    p.add_argument("--json", action="store_true", help="print the state JSON")
    p.set_defaults(func=cmd_setup)

    p = sub.add_parser("play", help="run a game: the night steps, the day, the end")
    p.add_argument("--text", action="store_true", help="use the keyboard / text, not voice")
    p.add_argument("--script", help="a script path or the name of a bundled script")
    p.add_argument("--players", help="names, comma-separated, clockwise from seat 1")
    p.add_argument("--game", help="start from a saved game or a state JSON")
    p.add_argument("--seed", type=int)
    p.add_argument("--assign", help="characters by hand, seat by seat, comma-separated ids")
    p.add_argument("--decide", action="append", default=[], help="a hidden decision, id=seat or id=character")
    p.add_argument("--add", help="characters to add to the script, comma-separated ids (a Fabled or Loric: in play)")
    p.add_argument("--lang", choices=["ko", "en"])
    p.add_argument("--input", help="read utterances from this file, one per line")
    p.add_argument("--jsonl", action="store_true", help="one JSON object per prompt")
    p.add_argument("--state-out", help="rewrite the state JSON here after every step")
    p.add_argument("--save", help="save the game journal here after every change")
    add_web_arguments(p)
    p.set_defaults(func=cmd_play, voice=voice, serve_web=web)
