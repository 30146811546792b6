"""The build maps the top-level data/ and config.toml into the package (moderator/_data/), so an
installed wheel finds its rules, scripts, phrases and default settings through importlib.resources.
Everything else about the build is in pyproject.toml."""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class BuildWithData(build_py):
    """build_py, then data/ and config.toml copied into the built package as moderator/_data/."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:  # an editable install reads data/ from the checkout itself
            return
        target = Path(self.build_lib) / "moderator" / "_data"
        shutil.copytree(ROOT / "data", target, dirs_exist_ok=True)
        shutil.copy2(ROOT / "config.toml", target / "config.toml")


setup(cmdclass={"build_py": BuildWithData})
