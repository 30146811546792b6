"""Respelling of words espeak-ng says wrongly (a placeholder until the entries are measured)."""

from __future__ import annotations


def respell(text: str) -> str:
    """``text`` with the words espeak-ng gets wrong respelled."""
    return text
