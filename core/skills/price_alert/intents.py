"""The price alerts' intents: a table (core/language/lexicon/intents/price_alert.toml)."""

from __future__ import annotations

from core.language.intents import table

SKILL = "price_alert"
INTENTS = table(SKILL, "price_alert").intents
