"""guidance: how to get API keys (Binance, Binance Testnet, OKX, Bybit) and which permissions to
tick; API key, base URL and model name for DeepSeek, OpenAI, Qwen and Kimi; what paper trading
is. zh + en, model-free, from one data file per provider (topics/*.toml)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.services import Services
from core.skills.guidance.intents import INTENTS, SKILL
from core.skills.registry import HelpSpec, LazyActions, SkillSpec

if TYPE_CHECKING:
    from core.skills.guidance.skill import GuidanceSkill

# What routing and the registry need is declared here; the skill's implementation is imported
# when it first runs (core.skills.spec.LazyActions).

__all__ = ["SPEC"]


ACTIONS = LazyActions.at(("explain",), "core.skills.guidance.skill:ACTIONS")


def _build(services: Services) -> GuidanceSkill:
    from core.skills.guidance.skill import GuidanceSkill

    return GuidanceSkill(ACTIONS)


SPEC = SkillSpec(
    name=SKILL,
    build=_build,
    intents=INTENTS,
    intents_only=True,  # its intent's fill reads a guide's topic and aspect
    actions=ACTIONS,
    help=HelpSpec.of("help.guidance"),
)
