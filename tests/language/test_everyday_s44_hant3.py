"""Asks of session 44 (hant3). A share ("全部", "all", "一半") is the amount of a trade only when it
is said of what is traded; said of the money lost or gone, or of orders, it is a remark's and the
buy asks how much (never buys with everything)."""

from __future__ import annotations

from typing import Any

from core.conversation.reading import read_asks
from tests.cases import each
from tests.corpus.expect import context
from tests.fakes import assert_routes_to as _is
from tests.fakes import shared_router


@each(
    ("text", "action", "symbol"),
    [
        ("钱全部亏了 再买点 BTC", "buy", "BTCUSDT"),
        ("USDT 全部没了 再买点 BTC", "buy", "BTCUSDT"),
        ("lost all my money, buy some btc", "buy", "BTCUSDT"),
        ("全部亏完了 帮我买点eth", "buy", "ETHUSDT"),
        ("錢全部蝕晒 再買啲 BTC", "buy", "BTCUSDT"),
        ("USDT 全部冇咗 再買啲 BTC", "buy", "BTCUSDT"),
        ("一半亏了 再买点 BTC", "buy", "BTCUSDT"),
        ("half my money is gone, buy some eth", "buy", "ETHUSDT"),
        ("all my usdt is gone buy some btc", "buy", "BTCUSDT"),
    ],
)
def test_a_share_of_the_money_lost_is_no_amount(text: str, action: str, symbol: str) -> None:
    _is(text, "trade_execution", action, {"symbol": symbol, "amount": None})


def test_all_orders_is_no_share_of_the_coin() -> None:
    routes = read_asks("cancel all orders and sell my sol", shared_router(), context({}), locale="en")
    assert [(r.skill, r.action) for r in routes] == [("orders", "cancel"), ("trade_execution", "sell")]
    assert "amount" not in routes[1].slots


@each(
    ("text", "action", "slots"),
    [
        ("全部买btc", "buy", {"amount": "all"}),
        ("买btc 全部", "buy", {"amount": "all"}),
        ("USDT全部买BTC", "buy", {"amount": "all"}),
        ("用全部USDT买BTC", "buy", {"amount": "all"}),
        ("buy btc with all my usdt", "buy", {"amount": "all"}),
        ("all my usdt to buy btc", "buy", {"amount": "all"}),
        ("all in btc", "buy", {"amount": "all"}),
        ("梭哈doge", "buy", {"amount": "all"}),
        ("全仓买入eth", "buy", {"amount": "all"}),
        ("把BTC全部卖掉", "sell", {"amount": "all"}),
        ("sell all my sol lol", "sell", {"amount": "all"}),
        ("一半仓位买btc", "buy", {"amount": "fraction:0.5"}),
        ("把一半的钱买成btc", "buy", {"amount": "fraction:0.5"}),
        ("sell half of my sol position", "sell", {"amount": "fraction:0.5"}),
        ("spend half on sol", "buy", {"amount": "refused:spent_not_usdt:half"}),
    ],
)
def test_a_share_of_what_is_traded_stays_the_amount(text: str, action: str, slots: dict[str, Any]) -> None:
    _is(text, "trade_execution", action, slots)


@each(
    "text",
    [
        "戶口顯示冇 BTC 但我尋日先買咗",
        "帳戶顯示沒有 ETH 可是我昨天有買",
        "显示没有 BTC 但我昨天买了",
        "余额显示0 但我今天充值了",
    ],
)
def test_shown_wrong_beside_a_buy_told_a_few_words_later(text: str) -> None:
    _is(text, "balance_position_diagnosis", "diagnose")


@each(
    ("text", "skill", "action"),
    [
        ("显示没有 BTC 但我想买", "trade_execution", "buy"),  # wanting, no act told
        ("查看账户", "exchange_management", "query"),
    ],
)
def test_but_i_alone_tells_nothing(text: str, skill: str, action: str) -> None:
    _is(text, skill, action)
