"""A reader that has gone (`moderator night-order … | head -1`) ends the command quietly."""

from __future__ import annotations

import os
import subprocess
import sys


def test_a_closed_pipe_ends_quietly() -> None:
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the first line is written
    cmd = [sys.executable, "-m", "moderator", "night-order", "--script", "twelve", "--all-in-play", "--night", "1"]
    try:
        run = subprocess.run(cmd, stdout=write, stderr=subprocess.PIPE, text=True, timeout=60)
    finally:
        os.close(write)
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr and "BrokenPipe" not in run.stderr
