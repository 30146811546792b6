"""Lazy imports of the optional web stack (starlette, uvicorn, qrcode), with a clear install hint."""

from __future__ import annotations

import importlib
from types import ModuleType

from moderator.errors import ModeratorError
from moderator.messages import msg


class WebDependencyError(ModeratorError):
    """A package the web page needs is not installed."""


_PIP = {"starlette": "starlette", "uvicorn": "uvicorn", "qrcode": "qrcode"}


def require(module: str, purpose: str) -> ModuleType:
    """Import ``module`` or raise :class:`WebDependencyError` saying how to install it (``purpose``: the key of
    a data/messages.yaml line naming what needs it).

    Raises:
        WebDependencyError: the package is missing.
    """
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        pip_name = _PIP.get(module.split(".")[0], module)
        packages = " ".join(_PIP.values())
        raise WebDependencyError(
            msg("needs_web_package", purpose=msg(purpose), module=pip_name, reason=exc, packages=packages)
        ) from exc
