"""YAML as our data files mean it: only true/false are booleans (not yes/no/on/off, YAML 1.1 style)."""

from __future__ import annotations

import re
from typing import Any

import yaml


class _Loader(yaml.SafeLoader):
    """SafeLoader whose booleans are only true and false, so "yes", "no", "on" and "off" stay words."""


_Loader.yaml_implicit_resolvers = {
    key: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:bool"]
    for key, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.copy().items()
}
_Loader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)


def load_yaml(text: str) -> Any:
    """Parse YAML text.

    Raises:
        yaml.YAMLError: not valid YAML.
    """
    return yaml.load(text, Loader=_Loader)
