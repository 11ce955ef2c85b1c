"""Everyday requests (session 44, money5): someone else's words told with a trade ("他说要买0.1个btc",
"he said buy 0.1 btc") are no order; a bare "stop" before its price after a take-profit is the
stop-loss ("eth: take profit 4200, stop 3300"); each is a word of the data or a reader's rule, so every
request built on it reads it; the guards are what each must not catch."""

from __future__ import annotations

from typing import Any

import pytest

from tests.fakes import assert_routes_to as _is

NAMES: dict[str, list[str]] = {"account": ["main"]}


@pytest.mark.parametrize(
    ("text", "skill", "action", "slots"),
    [
        # reported speech guards: one's own words said again, an order asked before the source told,
        # 说 inside another word
        ("我说了买0.1个btc", "trade_execution", "buy", {"symbol": "BTCUSDT", "amount": "base:0.1"}),
        ("帮我买0.1个btc 他说的", "trade_execution", "buy", {"symbol": "BTCUSDT", "amount": "base:0.1"}),
        ("buy 0.1 btc, he said so", "trade_execution", "buy", {"symbol": "BTCUSDT", "amount": "base:0.1"}),
        ("说明一下 买0.1个btc", "trade_execution", "buy", {"symbol": "BTCUSDT", "amount": "base:0.1"}),
        ("其他说明 买0.1个btc", "trade_execution", "buy", {"symbol": "BTCUSDT", "amount": "base:0.1"}),
        ("看完小说 买0.1个btc", "trade_execution", "buy", {"symbol": "BTCUSDT", "amount": "base:0.1"}),
        # each price with the word right before it: a bare "stop" is the stop-loss's beside a take-profit
        (
            "eth: take profit 4200, stop 3300",
            "orders",
            "protect",
            {"symbol": "ETHUSDT", "take_profit": "4200", "stop_loss": "3300"},
        ),
        (
            "eth: stop 3300, take profit 4200",
            "orders",
            "protect",
            {"take_profit": "4200", "stop_loss": "3300"},
        ),
        ("btc tp 100000 stop 80000", "orders", "protect", {"take_profit": "100000", "stop_loss": "80000"}),
        ("eth 止盈4200 止损3300", "orders", "protect", {"take_profit": "4200", "stop_loss": "3300"}),
        ("take profit 4200, stop -3300", "orders", "protect", {"stop_loss": "refused:sign:-3300"}),
        # guards: "stop" before no price stops a bot
        ("stop 2 bots", "trader_management", "stop", {}),
    ],
)
def test_routes(text: str, skill: str, action: str, slots: dict[str, Any]) -> None:
    _is(text, skill, action, slots, NAMES)


@pytest.mark.parametrize(
    "text",
    [
        # someone else's words told: never an order, even quoted after a mark
        "他说要买0.1个btc",
        "她说把eth全卖了",
        "他说，买0.1个btc",
        "群里说要卖掉eth",
        "有人说买100u的doge",
        "他让我买0.1个btc",
        "他說要買0.1個btc",
        "he said buy 0.1 btc",
        "she says sell all my eth",
        "someone said buy 100 usdt of doge",
        "my friend told me to buy 0.1 btc",
        "he told me to sell half my sol",
        # a bare "stop" with a price and no take-profit: no stop-loss guessed
        "stop 3300",
    ],
)
def test_no_route(text: str) -> None:
    _is(text, None, None, None, NAMES)
