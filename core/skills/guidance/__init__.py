"""guidance: how to get API keys (Binance, Binance Testnet, OKX, Bybit) and which permissions to
tick; API key, base URL and model name for DeepSeek, OpenAI, Qwen and Kimi; what paper trading
is. zh + en, model-free, from one data file per provider (topics/*.toml)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.services import Services
from core.skills.guidance.intents import INTENTS, SKILL
from core.skills.registry import HelpSpec, LazyActions, RuleSpec, SkillSpec

if TYPE_CHECKING:
    from core.routing.router import Rule
    from core.skills.guidance.skill import GuidanceSkill

# What routing and the registry need is declared here; the skill's implementation is imported
# when it first runs (core.skills.spec.LazyActions).

__all__ = ["SPEC"]


ACTIONS = LazyActions.at(("explain",), "core.skills.guidance.skill:ACTIONS")


def _build(services: Services) -> GuidanceSkill:
    from core.skills.guidance.skill import GuidanceSkill

    return GuidanceSkill(ACTIONS)


def _rule(services: Services) -> Rule:
    from core.skills.guidance.rules import GuidanceRule

    return GuidanceRule()


SPEC = SkillSpec(
    name=SKILL,
    build=_build,
    intents=INTENTS,
    intents_only=True,  # its rule reads a guide's topic and aspect for its intent
    rules=(
        # Above the glossary (300): "币安API权限应该勾选哪些" names an API key but asks for a
        # walk-through, and "what is paper trading" gets the whole answer, not the one-liner.
        RuleSpec("how-to guides", priority=305, build=_rule, emits=frozenset({"explain"})),
    ),
    actions=ACTIONS,
    help=HelpSpec.of("help.guidance"),
)
