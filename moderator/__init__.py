"""moderator: an offline, voice-assisted moderator for social deduction games."""

from __future__ import annotations

__version__ = "0.1.0"
