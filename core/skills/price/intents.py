"""The price skill's intents: a table (core/language/lexicon/intents/price.toml), a coin with words
asking its price or its chart, or the price words alone; the fill reads every coin named."""

from __future__ import annotations

from core.language.intents import table
from core.language.slots import Coins, Slots

SKILL = "price"
_COINS = Slots(Coins("symbols", all=True, need=True))  # every coin named, in order
INTENTS = table(SKILL, "price", {"coins": _COINS}).intents
