"""Asks put one after another ("然后", "再", "then") are each read, even when the whole message
also routes: the whole read the first ask with a coin or a number of the next ("卖掉所有狗狗币，
然后设定比特币止损 80000" was a sell refused for two numbers; "删掉所有提醒，再给 btc 设个 90000 的提醒"
deleted only BTC's alerts). An order numbered with "#" ("cancel #12", "取消 #7 单") is that order's
cancel (it routed nowhere)."""

from __future__ import annotations

from typing import Any

import pytest

from core.conversation.reading import read_asks
from tests.fakes import full_router

ROUTER = full_router()


def asks(text: str) -> list[tuple[str, str | None, dict[str, Any]]]:
    return [(r.skill, r.action, dict(r.slots)) for r in read_asks(text, ROUTER)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "卖掉所有狗狗币，然后设定比特币止损 80000",
            [
                ("trade_execution", "sell", {"symbol": "DOGEUSDT", "amount": "all"}),
                ("orders", "protect", {"stop_loss": "80000", "symbol": "BTCUSDT"}),
            ],
        ),
        (
            "賣掉所有狗狗幣，然後設定比特幣停損 80000",
            [
                ("trade_execution", "sell", {"symbol": "DOGEUSDT", "amount": "all"}),
                ("orders", "protect", {"stop_loss": "80000", "symbol": "BTCUSDT"}),
            ],
        ),
        (
            "sell all my doge, then set a btc stop loss at 80000",
            [
                ("trade_execution", "sell", {"symbol": "DOGEUSDT", "amount": "all"}),
                ("orders", "protect", {"stop_loss": "80000", "symbol": "BTCUSDT"}),
            ],
        ),
        (
            "删掉所有提醒，再给 btc 设个 90000 的提醒",
            [
                ("price_alert", "delete", {}),
                ("price_alert", "create", {"symbol": "BTCUSDT", "level": "90000"}),
            ],
        ),
        (
            "delete all my alerts, then alert me when btc hits 90000",
            [
                ("price_alert", "delete", {}),
                ("price_alert", "create", {"symbol": "BTCUSDT", "level": "90000"}),
            ],
        ),
        (
            "先 cancel #12，再 limit sell 1 個 eth @ 4000",
            [
                ("orders", "cancel", {"order_no": "12"}),
                (
                    "trade_execution",
                    "limit",
                    {"symbol": "ETHUSDT", "side": "sell", "limit_price": "4000", "amount": "base:1"},
                ),
            ],
        ),
    ],
)
def test_asks_one_after_another_are_each_read(text: str, expected: list[Any]) -> None:
    read = asks(text)
    assert [(s, a) for s, a, _ in read] == [(s, a) for s, a, _ in expected]
    for (_, _, slots), (_, _, want) in zip(read, expected, strict=True):
        assert {k: slots.get(k) for k in want} == want


@pytest.mark.parametrize("text", ["cancel #12", "取消 #12", "取消 #12 单", "pls cancel #12", "撤销 #12"])
def test_an_order_numbered_with_a_sign_is_its_cancel(text: str) -> None:
    assert asks(text) == [("orders", "cancel", {"order_no": "12"})]


@pytest.mark.parametrize(
    "text",
    [
        "加一个模拟账户，初始资金 5万U",  # one request: the rest adds to it, no word of order
        "我想再买0.1个btc",  # 再 inside one ask: a piece routes nowhere
        "再来一次",
    ],
)
def test_one_ask_stays_one(text: str) -> None:
    assert len(asks(text)) <= 1
