"""Lazy imports of the optional web stack (starlette, uvicorn, qrcode), with a clear install hint."""

from __future__ import annotations

import importlib
from types import ModuleType

from moderator.errors import ModeratorError


class WebDependencyError(ModeratorError):
    """A package the web page needs is not installed."""


_PIP = {"starlette": "starlette", "uvicorn": "uvicorn", "qrcode": "qrcode"}


def require(module: str, purpose: str) -> ModuleType:
    """Import ``module`` or raise :class:`WebDependencyError` saying how to install it.

    Raises:
        WebDependencyError: the package is missing.
    """
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        pip_name = _PIP.get(module.split(".")[0], module)
        raise WebDependencyError(
            f"{purpose} needs the Python package {pip_name!r}, which could not be loaded ({exc}). "
            f"Install the app's web extra: pip install {' '.join(_PIP.values())} (in the app's source folder: "
            "pip install '.[web]')"
        ) from exc
