"""Skills are composed, not stacked: a skill class sits on the task flow (or the one-turn base),
at most through its family's shared hooks (the record skills'), and no skill is built on another
skill. What one skill shares with another is a function or a part (core.workspace.record_actions,
core.workspace.correcting, core.workspace.account_choice, core.skills.diagnosis.common.finish)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import core.skills
from core.skills.base import OneShotSkill
from core.tasks.flow import TaskFlow
from core.workspace.records import RecordSkill

BASES = (TaskFlow, OneShotSkill)
FAMILIES = (RecordSkill,)  # the only layer allowed between a skill and its base


def skill_classes() -> list[type]:
    found: dict[str, type] = {}
    for module in pkgutil.walk_packages(core.skills.__path__, "core.skills."):
        for _, cls in inspect.getmembers(importlib.import_module(module.name), inspect.isclass):
            if issubclass(cls, BASES) and cls not in (*BASES, *FAMILIES) and cls.__module__ == module.name:
                found[f"{cls.__module__}.{cls.__qualname__}"] = cls
    return list(found.values())


def chain(cls: type) -> list[type]:
    """The project's classes ``cls`` stands on, itself first (typing's and object left out)."""
    return [c for c in cls.__mro__ if c.__module__.startswith("core.")]


def test_the_skills_were_found() -> None:
    names = {cls.__name__ for cls in skill_classes()}
    assert {"TraderSkill", "StrategySkill", "PriceSkill", "TradeSkill", "ExchangeDiagnosisSkill"} <= names


def test_every_skill_is_at_most_one_family_layer_over_its_base() -> None:
    stacked = {
        cls.__name__: [c.__name__ for c in chain(cls)]
        for cls in skill_classes()
        if not (
            len(chain(cls)) == 2
            or (len(chain(cls)) == 3 and chain(cls)[1] in FAMILIES and chain(cls)[2] in BASES)
        )
    }
    assert stacked == {}


def test_no_skill_is_built_on_another_skill() -> None:
    classes = skill_classes()
    built_on = {
        cls.__name__: other.__name__
        for cls in classes
        for other in classes
        if cls is not other and issubclass(cls, other)
    }
    assert built_on == {}
