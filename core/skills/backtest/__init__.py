"""The backtest skill: how a dca or grid strategy would have done over history, in one turn."""

from __future__ import annotations

from core.skills.backtest.intents import INTENTS, SKILL
from core.skills.backtest.skill import ACTIONS, BacktestSkill
from core.skills.registry import HelpSpec, SkillSpec

__all__ = ["SPEC"]

SPEC = SkillSpec(
    name=SKILL,
    build=BacktestSkill,
    intents=INTENTS,
    intents_only=True,
    actions=ACTIONS,
    default_action="run",
    help=HelpSpec.of("help.backtest"),
)
