"""The documentation: short READMEs that link each other, command tables that are current and parse,
and every ``moderator …`` line in a code block a command the app knows (``--help`` exits 0)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from moderator.commands.parse import Command, Parser
from moderator.i18n import Lang
from tools import gen_docs

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
READMES = {"README.md": "README.ko.md", "README.ko.md": "README.md"}
PAGES = sorted([*DOCS.glob("*.md"), ROOT / "README.md", ROOT / "README.ko.md", ROOT / "CONTRIBUTING.md"])


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(READMES))
def test_each_readme_is_short_and_links_the_other(name: str) -> None:
    lines = _read(ROOT / name).splitlines()
    assert len(lines) <= 120, f"{name} has {len(lines)} lines"
    top = "\n".join(lines[:5])
    assert f"]({READMES[name]})" in top, f"{name} does not link {READMES[name]} at the top"


def test_the_readme_keeps_the_command_ci_runs() -> None:
    # .ci/run greps README.md for this line, exactly, and runs it.
    assert "bash tools/bootstrap.sh && .venv/bin/python -m pytest" in _read(ROOT / "README.md").splitlines()
    assert "bash tools/bootstrap.sh && .venv/bin/moderator play" in _read(ROOT / "README.md").splitlines()


def test_every_link_between_the_pages_finds_its_file() -> None:
    for page in PAGES:
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", _read(page)):
            if "://" in target:
                continue
            assert (page.parent / target).exists(), f"{page.name} links {target}, which is not there"


@pytest.mark.parametrize("name", sorted(gen_docs.GENERATED))
def test_the_generated_tables_are_current(name: str) -> None:
    text = _read(DOCS / name)
    assert gen_docs.generated_part(text) == gen_docs.block(name), (
        f"docs/{name} is stale: run `python -m tools.gen_docs`"
    )


def _documented(name: str) -> list[tuple[Lang, str]]:
    """Every line the generated table of docs/``name`` shows, with the language of its column."""
    _, doc = gen_docs.GENERATED[name]
    a, b = gen_docs.columns(doc)
    langs: tuple[Lang, ...] = (a, b, a, b)  # typed, typed, said, said
    out: list[tuple[Lang, str]] = []
    for row in gen_docs.generated_part(_read(DOCS / name)).splitlines():
        cells = [c.strip() for c in row.strip().strip("|").split(" | ")]
        if not row.startswith("|") or len(cells) != 5 or not any("`" in c for c in cells[1:]):
            continue
        for lang, cell in zip(langs, cells[1:], strict=True):
            out += [(lang, line) for line in re.findall(r"`([^`]+)`", cell)]
    return out


@pytest.mark.parametrize("name", sorted(gen_docs.GENERATED))
def test_every_documented_line_gives_a_command_in_its_language(name: str) -> None:
    kind, _ = gen_docs.GENERATED[name]
    parsers: dict[Lang, Parser] = gen_docs.clocktower_parsers() if kind == "storyteller" else gen_docs.growl_parsers()
    lines = _documented(name)
    assert len(lines) > 40 if kind == "storyteller" else len(lines) > 20
    for lang, line in lines:
        assert isinstance(parsers[lang].parse(line), Command), line


@pytest.mark.parametrize("name", sorted(gen_docs.GENERATED))
def test_each_documented_line_is_the_command_of_its_row(name: str) -> None:
    kind, doc = gen_docs.GENERATED[name]
    if kind == "storyteller":
        parsers, rows = gen_docs.clocktower_parsers(), [r for _, rs in gen_docs.clocktower_rows(doc) for r in rs]
    else:
        parsers, rows = gen_docs.growl_parsers(), gen_docs.growl_rows(doc)
    for row in rows:
        for lang in parsers:
            for line in (*row.typed[lang], *row.said[lang]):
                assert parsers[lang].parse(line, [row.intent]).intent == row.intent, (lang, line)


def _subcommands() -> list[tuple[str, ...]]:
    """The subcommand words of every ``moderator …`` line in a code block of the pages."""
    found: set[tuple[str, ...]] = set()
    for page in PAGES:
        for block in re.findall(r"```[^\n]*\n(.*?)```", _read(page), flags=re.S):
            for line in block.splitlines():
                m = re.match(r"\s*(?:\$ )?(?:\S*/)?moderator\s+(.*)", line)
                if m is None:
                    continue
                words: list[str] = []
                for word in m.group(1).split():
                    if not re.fullmatch(r"[a-z][a-z-]*", word):
                        break
                    words.append(word)
                found.add(tuple(words))
    return sorted(found)


def test_the_pages_name_moderator_commands() -> None:
    assert ("play",) in _subcommands() and ("growl",) in _subcommands()


@pytest.mark.parametrize("words", _subcommands(), ids=lambda w: " ".join(w) or "(none)")
def test_every_moderator_line_in_the_docs_runs_with_help(words: tuple[str, ...]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "moderator", *words, "--help"], capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
