"""YAML as our data files mean it: only true/false are booleans (not yes/no/on/off, YAML 1.1 style).

Read with libyaml's C parser where PyYAML was built with it (ten times faster: start-up reads some
hundred data files), else with the pure-Python one; both resolve tags the same way (in Python)."""

from __future__ import annotations

import re
from typing import Any

import yaml

_Base: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Loader(_Base):  # type: ignore[valid-type,misc]
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
