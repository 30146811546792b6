"""``python -m moderator``."""

from __future__ import annotations

from moderator.cli import main

raise SystemExit(main())
