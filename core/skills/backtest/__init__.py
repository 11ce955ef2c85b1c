"""The backtest skill: how a dca or grid strategy would have done over history, in one turn."""

from __future__ import annotations

from core.skills.backtest.intents import INTENTS, SKILL
from core.skills.backtest.skill import ACTIONS, BacktestSkill
from core.skills.registry import HelpSpec, LocalText, SkillSpec

__all__ = ["SPEC"]

SPEC = SkillSpec(
    name=SKILL,
    build=BacktestSkill,
    intents=INTENTS,
    intents_only=True,
    actions=ACTIONS,
    default_action="run",
    help=HelpSpec(
        LocalText.of("help.backtest"),
        examples_zh=("回测一下每天买50U的BTC定投，过去90天",),
        examples_en=("how would a 20-level grid on SOL between 120 and 200 have done this month",),
    ),
)
