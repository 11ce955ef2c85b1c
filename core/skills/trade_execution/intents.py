"""The order intents: a buy or a sell asked ("买 100 USDT 的 BTC", "sell half my eth"), read by the
trade rule (the amount, coin, account, a limit price), and everything on one coin ("梭哈大饼"),
which the layer reads itself when the rule does not."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.language import fills
from core.language.intents import intent
from core.language.tagger import COIN, Reading

SKILL = "trade_execution"


def _all_in(reading: Reading) -> Mapping[str, Any] | None:
    symbols = fills.coins(reading)
    return {"symbol": symbols[0], "amount": "all"} if len(symbols) == 1 else None


INTENTS = (
    intent(
        SKILL,
        "buy",
        need=[COIN, "amount.all_in"],
        may=["verb.buy"],
        avoid=["verb.sell", "noun.strategy", "noun.trader", "verb.fail", "verb.lose"],
        fill=_all_in,
        reader_first=True,
    ),
    intent(SKILL, "buy", need=["verb.buy"], may=[COIN]),
    intent(SKILL, "sell", need=["verb.sell"], may=[COIN]),
)
