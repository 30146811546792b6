"""The app's own step texts (data/steps.yaml): pseudo-steps and the templates around prompts."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml
from pydantic import ValidationError

from moderator.errors import DataError
from moderator.i18n import Text
from moderator.paths import data_dir
from moderator.rules.schema import Model, Status


class PseudoStep(Model):
    prompt: Text
    public: Text | None = None


class Templates(Model):
    player_step: Text
    unseated_step: Text
    sheet_step: Text
    generic: Text
    acting_as: Text
    impaired: Text
    status: dict[Status, Text]


class StepTexts(Model):
    pseudo: dict[str, PseudoStep]
    templates: Templates


def read_step_texts(path: Path) -> StepTexts:
    """Parse data/steps.yaml.

    Raises:
        DataError: unreadable or of the wrong shape (the message names the file and key).
    """
    try:
        return StepTexts.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))
    except (OSError, yaml.YAMLError) as exc:
        raise DataError(f"{path}: cannot read: {exc}") from exc
    except ValidationError as exc:
        where = "; ".join(f"{'.'.join(str(x) for x in e['loc'])}: {e['msg']}" for e in exc.errors())
        raise DataError(f"{path}: {where}") from exc


@cache
def step_texts() -> StepTexts:
    """The step texts from data/, read once."""
    return read_step_texts(data_dir() / "steps.yaml")
