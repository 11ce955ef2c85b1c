"""The order intents: a buy or a sell asked ("买 100 USDT 的 BTC", "sell half my eth"), read by the
trade rule (the amount, coin, account, a limit price), and everything on one coin ("梭哈大饼"),
which the layer reads itself when the rule does not."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.language import fills
from core.language.intents import intent
from core.language.tagger import COIN, Reading
from core.language.values import one_value

SKILL = "trade_execution"


def _all_in(reading: Reading) -> Mapping[str, Any] | None:
    symbols = fills.coins(reading)
    return {"symbol": symbols[0], "amount": "all"} if len(symbols) == 1 else None


def _aped(reading: Reading) -> Mapping[str, Any] | None:
    """ "ape 100 usdt into pepe": a buy of the one coin named, with the one amount said (read
    exactly, or its refusal)."""
    symbols = fills.coins(reading)
    if len(symbols) != 1:
        return None
    slots: dict[str, Any] = {"symbol": symbols[0]}
    amount = one_value(reading.spans(), ("amount", "fraction"), reading.text)
    if amount is not None:
        slots["amount"] = amount.amount_slot
    return slots


# What no order is about: a record (create a BTC trader), an alert, a problem.
NOT_ORDERS = (
    "noun.trader", "noun.strategy", "noun.account", "noun.model", "noun.alert", "verb.notify",
    "verb.fail", "ask.why",
)  # fmt: skip
# A buy or sell told of, not asked for: in the past ("去年买的以太坊"), or a loss ("亏麻了").
PAST = ("time.yesterday", "pnl.last_year", "pnl.last_week", "pnl.last_month", "verb.lose")

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
    # "我昨天买了0.1个比特币" tells what was done: an order is never placed yesterday.
    intent(SKILL, "buy", need=["verb.buy"], may=[COIN], avoid=PAST),
    intent(SKILL, "sell", need=["verb.sell"], may=[COIN], avoid=PAST),
    # An amount with other words (the reader reads the side only with an amount, else declines):
    # "get me 200 usdt of btc" (before a price on a tie), "add 50 usdt to my sol position",
    # "止盈一半ETH" (a share without a price; with one it is a take-profit order).
    intent(SKILL, "buy", need=["verb.give", COIN], may=["trade.money"], avoid=NOT_ORDERS, priority=1),
    intent(SKILL, "buy", need=["verb.create", "noun.holdings"], may=[COIN, "trade.money"], avoid=NOT_ORDERS),
    intent(SKILL, "sell", need=["order.take_profit", COIN], may=["verb.sell"], avoid=NOT_ORDERS),
    intent(
        SKILL, "buy", need=["trade.ape", "filler.to", COIN], may=["trade.money"], avoid=NOT_ORDERS, fill=_aped
    ),
)
