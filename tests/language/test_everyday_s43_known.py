"""Everyday chat (session 43, known misses on main). Each case failed before its fix, which is a
word in the lexicon data, a condition of a reader or a rule of the layer, never a pattern for the
one phrasing."""

from __future__ import annotations

from typing import Any

from tests.cases import each
from tests.fakes import asks_of as _asks
from tests.fakes import assert_routes_to as _routes_to

TRADERS = {"trader": ["alpha"]}


@each(
    "text",
    [
        # An order described by its side, size and price is the order to cancel: never placed, and
        # no number of it is its id.
        "cancel the limit buy for 0.1 btc at 80000",
        "cancel the sell order for 2 eth at 4000",
        "取消0.1个btc 80000的限价买单",
        "撤销80000买0.1个btc的限价单",
        "取消那个80000买0.1个btc的挂单",
        "撤銷0.1個btc 80000的限價買單",
    ],
)
def test_an_order_described_is_the_one_cancelled(text: str) -> None:
    _routes_to(text, "orders", "cancel", {"order_no": None})


@each(
    ("text", "skill", "action", "slots", "names"),
    [
        # bid / offer: a limit order's side, with a price after "at".
        ("bid 200 usdt for eth at 2800", "trade_execution", "limit",
         {"symbol": "ETHUSDT", "side": "buy", "limit_price": "2800", "amount": "quote:200"}, None),
        ("offer 0.5 eth at 4000", "trade_execution", "limit",
         {"symbol": "ETHUSDT", "side": "sell", "limit_price": "4000", "amount": "base:0.5"}, None),
        ("bid 0.1 btc at 80000", "trade_execution", "limit",
         {"symbol": "BTCUSDT", "side": "buy", "limit_price": "80000", "amount": "base:0.1"}, None),
        # A coin's move over a window is its price change.
        ("how much did btc move in the last 24h", "price", "current",
         {"symbols": ["BTCUSDT"], "change": True}, None),
        ("how far did sol move today", "price", "current", {"symbols": ["SOLUSDT"], "change": True}, None),
        # A level crossed ("broken 100k") is the price asked, no failure.
        ("has btc broken 100k yet", "price", "current", {"symbols": ["BTCUSDT"]}, None),
        ("has eth broke 4000 already", "price", "current", {"symbols": ["ETHUSDT"]}, None),
        ("has btc hit 100k yet", "price", "current", {"symbols": ["BTCUSDT"]}, None),
        # "pnl wise", "profit-wise", "money wise", 盈亏方面: about the profit.
        ("how am i doing this month pnl wise", "pnl", "report", {"period": "month"}, None),
        ("how am i doing money wise", "pnl", "report", {"view": "summary"}, None),
        ("profit-wise how was last week", "pnl", "report", {"period": "last_week"}, None),
        ("这个月盈亏方面怎么样", "pnl", "report", {"period": "month"}, None),
        ("這個月盈虧方面點樣", "pnl", "report", {"period": "month"}, None),
    ],
)  # fmt: skip
def test_known_family_routes(
    text: str, skill: str, action: str, slots: dict[str, Any], names: dict[str, list[str]] | None
) -> None:
    _routes_to(text, skill, action, slots, names=names)


@each(
    "text",
    [
        "bid 200 usdt for eth",  # no price: no limit order, nor a market one
        "offer 0.5 eth",
        "what is the bid for btc",
        "cancel my buy of 0.1 btc at 80000",  # the buy withdrawn: never placed
    ],
)
def test_bid_or_offer_without_a_price_orders_nothing(text: str) -> None:
    _routes_to(text, None)


@each(
    "text",
    ["start alpha then show me how it's doing", "pause alpha then tell me how it’s performing"],
)
def test_its_after_a_named_record_is_that_record(text: str) -> None:
    asks = _asks(text, TRADERS)
    assert [(a.skill, a.slots.get("target_ref")) for a in asks] == [
        ("trader_management", {"name": "alpha"}),
        ("trader_management", {"name": "alpha"}),
    ], asks
    assert asks[1].action == "query", asks


def test_its_a_remark_asks_nothing() -> None:
    asks = _asks("start alpha, it's fine", TRADERS)
    assert [(a.skill, a.action) for a in asks] == [("trader_management", "start")], asks


@each(
    ("text", "sides"),
    [
        ("买0.1个btc 再加上0.2个eth", ["buy", "buy"]),
        ("卖掉一半btc 再加仓eth 100u", ["sell", "buy"]),  # 加仓 is a word of its own: a next ask
    ],
)
def test_two_orders_stay_two(text: str, sides: list[str]) -> None:
    asks = _asks(text)
    assert [(a.skill, a.action) for a in asks] == [("trade_execution", s) for s in sides], asks


@each(
    ("text", "coin", "days"),
    [
        ("btc现价再加7天走势", "BTCUSDT", 7),
        ("btc現價再加7天走勢", "BTCUSDT", 7),
        ("eth价格再加上30天走势", "ETHUSDT", 30),
    ],
)
def test_zai_jia_adds_to_the_ask(text: str, coin: str, days: int) -> None:
    asks = _asks(text)
    assert [(a.skill, a.action) for a in asks] == [("price", "both")], asks
    assert asks[0].slots.get("symbols") == [coin] and asks[0].slots.get("days") == days, asks
