"""guidance: how to get API keys (Binance, Binance Testnet, OKX, Bybit) and which permissions to
tick; API key, base URL and model name for DeepSeek, OpenAI, Qwen and Kimi; what paper trading
is. zh + en, model-free, from one data file per provider (topics/*.toml)."""

from __future__ import annotations

from core.skills.guidance.intents import INTENTS
from core.skills.guidance.skill import ACTIONS, SKILL, GuidanceRule, GuidanceSkill
from core.skills.registry import HelpSpec, RuleSpec, SkillSpec

__all__ = ["SPEC"]

SPEC = SkillSpec(
    name=SKILL,
    build=lambda services: GuidanceSkill(ACTIONS),
    intents=INTENTS,
    intents_only=True,  # its rule reads a guide's topic and aspect for its intent
    rules=(
        # Above the glossary (300): "币安API权限应该勾选哪些" names an API key but asks for a
        # walk-through, and "what is paper trading" gets the whole answer, not the one-liner.
        RuleSpec(
            "how-to guides", priority=305, build=lambda services: GuidanceRule(), emits=frozenset({"explain"})
        ),
    ),
    actions=ACTIONS,
    help=HelpSpec.of("help.guidance"),
)
