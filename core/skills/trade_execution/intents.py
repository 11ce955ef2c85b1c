"""The order intents: a table (core/language/lexicon/intents/trade_execution.toml); a buy or a sell
is read by the trade rule, everything on one coin ("梭哈大饼") by the fills here when it does not."""

from __future__ import annotations

from core.language.intents import table
from core.language.slots import Coins, Const, Number, Slots

SKILL = "trade_execution"


# "梭哈大饼": all of the one coin named; "ape 100 usdt into pepe": a buy of the one coin named,
# with the one amount said (read exactly, or its refusal).
_ONE_COIN = Coins("symbol", only=True, need=True)
_ALL_IN = Slots(_ONE_COIN, Const("amount", "all"))
_APED = Slots(_ONE_COIN, Number("amount", ("amount", "fraction"), amount=True))
INTENTS = table(SKILL, "trade_execution", {"all_in": _ALL_IN, "aped": _APED}).intents
