"""The order intents: a buy or a sell asked ("买 100 USDT 的 BTC", "sell half my eth"), read by the
trade rule (the amount, coin, account, a limit price), and everything on one coin ("梭哈大饼"),
which the layer reads itself when the rule does not."""

from __future__ import annotations

from core.language.intents import intent
from core.language.slots import Coins, Const, Number, Slots
from core.language.tagger import COIN

SKILL = "trade_execution"


# "梭哈大饼": all of the one coin named; "ape 100 usdt into pepe": a buy of the one coin named,
# with the one amount said (read exactly, or its refusal).
_ONE_COIN = Coins("symbol", only=True, need=True)
_ALL_IN = Slots(_ONE_COIN, Const("amount", "all"))
_APED = Slots(_ONE_COIN, Number("amount", ("amount", "fraction"), amount=True))


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
        fill=_ALL_IN,
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
        SKILL, "buy", need=["trade.ape", "filler.to", COIN], may=["trade.money"], avoid=NOT_ORDERS, fill=_APED
    ),
)
