"""Skills are composed, not stacked: every skill class stands directly on its one base (the task
flow or the one-turn base), with no layer between them, and no skill is built on another skill.
What skills share is a function or a part they hold and call (core.workspace.records.Records,
core.workspace.record_actions, core.workspace.correcting, core.workspace.account_choice,
core.skills.diagnosis.common.finish), never a class to inherit from."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import core
import core.skills
from core.skills.base import OneShotSkill
from core.tasks.flow import TaskFlow

BASES = (TaskFlow, OneShotSkill)


def skill_classes() -> list[type]:
    found: dict[str, type] = {}
    for module in pkgutil.walk_packages(core.skills.__path__, "core.skills."):
        for _, cls in inspect.getmembers(importlib.import_module(module.name), inspect.isclass):
            if issubclass(cls, BASES) and cls not in BASES and cls.__module__ == module.name:
                found[f"{cls.__module__}.{cls.__qualname__}"] = cls
    return list(found.values())


def core_classes_over_a_base() -> dict[str, type]:
    """Every class in core/ that stands on a base, however deep (a family layer included)."""
    for module in pkgutil.walk_packages(core.__path__, "core."):
        importlib.import_module(module.name)
    found: dict[str, type] = {}
    pending: list[type] = list(BASES)
    while pending:
        for sub in pending.pop().__subclasses__():
            if sub.__module__.startswith("core."):
                found[f"{sub.__module__}.{sub.__qualname__}"] = sub
            pending.append(sub)
    return found


def chain(cls: type) -> list[type]:
    """The project's classes ``cls`` stands on, itself first (typing's and object left out)."""
    return [c for c in cls.__mro__ if c.__module__.startswith("core.")]


def test_the_skills_were_found() -> None:
    names = {cls.__name__ for cls in skill_classes()}
    assert {
        "TraderSkill",
        "StrategySkill",
        "ExchangeSkill",
        "ModelSkill",
        "PriceSkill",
        "TradeSkill",
        "AccountQuerySkill",
        "OrdersSkill",
        "ExchangeDiagnosisSkill",
    } <= names


def test_every_skill_is_exactly_one_class_over_its_base() -> None:
    stacked = {
        cls.__name__: [c.__name__ for c in chain(cls)]
        for cls in skill_classes()
        if len(cls.__bases__) != 1 or cls.__bases__[0] not in BASES or len(chain(cls)) != 2
    }
    assert stacked == {}


def test_nothing_in_core_is_a_layer_between_a_skill_and_its_base() -> None:
    """A family layer (a RecordSkill, an AccountFlow) cannot come back: every class in core/
    over a base is a skill of core.skills, and none is a base for another."""
    skills = {f"{cls.__module__}.{cls.__qualname__}" for cls in skill_classes()}
    over = core_classes_over_a_base()
    assert sorted(set(over) - skills) == []
    assert {name for name, cls in over.items() if cls.__subclasses__()} == set()


def test_no_skill_is_built_on_another_skill() -> None:
    classes = skill_classes()
    built_on = {
        cls.__name__: other.__name__
        for cls in classes
        for other in classes
        if cls is not other and issubclass(cls, other)
    }
    assert built_on == {}
