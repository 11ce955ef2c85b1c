"""The backtest skill: how a dca or grid strategy would have done over history, in one turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.services import Services
from core.skills.backtest.intents import INTENTS, SKILL
from core.skills.registry import HelpSpec, LazyActions, SkillSpec

if TYPE_CHECKING:
    from core.skills.backtest.skill import BacktestSkill

# What routing and the registry need is declared here; the skill's implementation is imported
# when it first runs (core.skills.spec.LazyActions).

__all__ = ["SPEC"]


def _build(services: Services) -> BacktestSkill:
    from core.skills.backtest.skill import BacktestSkill

    return BacktestSkill(services)


SPEC = SkillSpec(
    name=SKILL,
    build=_build,
    intents=INTENTS,
    intents_only=True,
    actions=LazyActions.at(("run", "paper"), "core.skills.backtest.skill:ACTIONS"),
    default_action="run",
    help=HelpSpec.of("help.backtest"),
)
