"""The strategy skill's intents: a table (core/language/lexicon/intents/strategy_management.toml)."""

from __future__ import annotations

from core.language.intents import table

SKILL = "strategy_management"
INTENTS = table(SKILL, "strategy_management").intents
