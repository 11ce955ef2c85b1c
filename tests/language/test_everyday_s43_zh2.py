"""Everyday Chinese phrasings that routed wrong (session 43, second pass): a past trade of one's own
told as a remark placed an order; a newcomer asking how to start using this bot started a trader; a
limit order's word with its side (挂买单) read no side; which orders are unfilled, and a year's total
P&L, went nowhere. Each fix is a rule or lexicon words for a family of phrasings."""

from __future__ import annotations

from typing import Any

from tests.cases import each
from tests.fakes import assert_routes_to as _is


@each(
    "text",
    [
        "我卖了eth哈哈",
        "我2017年买了点btc，到现在还拿着哈哈",
        "我刚卖了eth",
        "我已经買了sol",
        "今天买了点sol哈哈",
        "我把eth卖了哈哈",
        "我2017年买的btc",
    ],
)
def test_own_trade_told_is_no_order(text: str) -> None:
    _is(text, None, None, {})


@each(
    ("text", "skill", "action", "slots"),
    [
        # Asked, not told: the trades
        ("我买了多少", "account_query", "trades", {}),
        ("我买了什么", "account_query", "trades", {}),
        ("我卖了几个eth", "account_query", "trades", {"symbol": "ETHUSDT"}),
        ("我还拿着多少btc", "account_query", "positions", {}),
        # Orders with 了 are still orders
        ("帮我把eth卖了", "trade_execution", "sell", {"symbol": "ETHUSDT"}),
        ("把btc全卖了", "trade_execution", "sell", {"symbol": "BTCUSDT", "amount": "all"}),
        ("eth卖了吧", "trade_execution", "sell", {"symbol": "ETHUSDT"}),
        ("帮我买点btc", "trade_execution", "buy", {"symbol": "BTCUSDT"}),
    ],
)
def test_asked_or_ordered_with_le(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    _is(text, skill, action, slots)


@each(
    "text",
    [
        "新手應該點開始用呢個bot",
        "新手应该怎么开始用这个bot",
        "怎么开始用这个机器人",
        "我想开始用这个bot",
        "how should a beginner start using this bot",
    ],
)
def test_starting_to_use_this_bot(text: str) -> None:
    _is(text, "guidance", "explain", {"topic": "start"})


def test_starting_a_trader_is_still_a_start() -> None:
    _is("开始交易员 alpha", "trader_management", "start", {"target_ref": {"name": "alpha"}})


@each(
    ("text", "slots"),
    [
        (
            "比特幣 95000 掛買單 0.01 顆",
            {"symbol": "BTCUSDT", "side": "buy", "limit_price": "95000", "amount": "base:0.01"},
        ),
        (
            "以太 3000 掛賣單 0.5 顆",
            {"symbol": "ETHUSDT", "side": "sell", "limit_price": "3000", "amount": "base:0.5"},
        ),
        (
            "挂买单 比特币 95000 0.01个",
            {"symbol": "BTCUSDT", "side": "buy", "limit_price": "95000", "amount": "base:0.01"},
        ),
    ],
)
def test_limit_order_word_with_its_side(text: str, slots: dict[str, Any]) -> None:
    _is(text, "trade_execution", "limit", slots)


def test_cancelling_a_limit_buy_is_no_order() -> None:
    _is("撤掉挂买单", "orders", "cancel", {})


@each("text", ["有咩單未成交", "有什么单没成交", "还有哪些单没成交", "有啥订单没成交"])
def test_which_orders_are_unfilled(text: str) -> None:
    _is(text, "orders", "open_orders", {})


@each(
    ("text", "period"),
    [
        ("今年的總盈虧", "year"),
        ("今年总盈亏", "year"),
        ("本月总收益", "month"),
        ("去年的累计收益", "last_year"),
    ],
)
def test_total_pnl_of_a_period(text: str, period: str) -> None:
    _is(text, "pnl", "report", {"period": period})


@each(("text", "days"), [("BTC 現價同7日走勢圖", 7), ("eth 現價同埋30日走勢", 30), ("btc现价和7日走势", 7)])
def test_price_and_chart_joined_by_tung(text: str, days: int) -> None:
    _is(text, "price", "both", {"days": days})
