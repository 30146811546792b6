"""Render the golden answer WAVs the voice-loop tests replay (espeak-ng through pyttsx3, 16 kHz).

pyttsx3's espeak driver does not give byte-identical audio from one run to the next, so the loop
tests replay these fixed files rather than fresh renders (the round-trip tests render afresh).
Run from the repository root: .venv/bin/python -m tests.voice.golden.make
"""

from __future__ import annotations

from pathlib import Path

from moderator.voice import render

HERE = Path(__file__).parent
ANSWERS: dict[str, list[str]] = {
    "ko": ["계속", "자리 넷", "아니요", "모더레이터", "모더레이터 계속"],
    "en": ["continue", "seat four", "yes", "no", "repeat", "moderator", "moderator continue"],
}


def name(text: str) -> str:
    return "_".join(text.split())


def main() -> None:
    """Render the answers that have no file yet (the others keep their bytes)."""
    for lang, texts in ANSWERS.items():
        for text in texts:
            path = HERE / lang / f"{name(text)}.wav"
            if not path.is_file():
                print(render(text, lang, path))


if __name__ == "__main__":
    main()
