"""The backtest skill: how a dca or grid strategy would have done over history, in one turn."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from core.services import Services
from core.skills.backtest.intents import INTENTS, SKILL
from core.skills.registry import HelpSpec, LazyActions, SkillSpec

if TYPE_CHECKING:
    from core.skills.backtest.skill import BacktestSkill
    from core.tasks.actions import ActionSpec

# What routing and the registry need is declared here; the skill's implementation is imported
# when it first runs (core.skills.spec.LazyActions).

__all__ = ["SPEC"]


def _actions() -> Mapping[str, ActionSpec[Any]]:
    from core.skills.backtest.skill import ACTIONS

    return ACTIONS


def _build(services: Services) -> BacktestSkill:
    from core.skills.backtest.skill import BacktestSkill

    return BacktestSkill(services)


SPEC = SkillSpec(
    name=SKILL,
    build=_build,
    intents=INTENTS,
    intents_only=True,
    actions=LazyActions(("run", "paper"), _actions),
    default_action="run",
    help=HelpSpec.of("help.backtest"),
)
