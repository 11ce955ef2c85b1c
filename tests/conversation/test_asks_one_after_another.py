"""Asks put one after another ("然后", "再", "then") are each read, even when the whole message
also routes: the whole read the first ask with a coin or a number of the next ("卖掉所有狗狗币，
然后设定比特币止损 80000" was a sell refused for two numbers; "删掉所有提醒，再给 btc 设个 90000 的提醒"
deleted only BTC's alerts). An order numbered with "#" ("cancel #12", "取消 #7 单") is that order's
cancel (it routed nowhere)."""

from __future__ import annotations

from typing import Any

from core.conversation.reading import read_asks
from core.state import Recall, RecordRef
from tests.cases import each
from tests.corpus.expect import context
from tests.fakes import full_router

ROUTER = full_router()
PRICE_THEN_ALERT = [("price", "current", None), ("price_alert", "create", None)]


def asks(text: str) -> list[tuple[str, str | None, dict[str, Any]]]:
    return [(r.skill, r.action, dict(r.slots)) for r in read_asks(text, ROUTER)]


@each(
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


@each("text", ["cancel #12", "取消 #12", "取消 #12 单", "pls cancel #12", "撤销 #12"])
def test_an_order_numbered_with_a_sign_is_its_cancel(text: str) -> None:
    assert asks(text) == [("orders", "cancel", {"order_no": "12"})]


@each(
    "text",
    [
        "加一个模拟账户，初始资金 5万U",  # one request: the rest adds to it, no word of order
        "我想再买0.1个btc",  # 再 inside one ask: a piece routes nowhere
        "再来一次",
    ],
)
def test_one_ask_stays_one(text: str) -> None:
    assert len(asks(text)) <= 1


@each(
    ("text", "expected"),
    [
        (
            "停掉alpha然后删除它",
            [("trader_management", "stop", "alpha"), ("trader_management", "delete", "alpha")],
        ),
        (
            "停咗 alpha 再刪咗佢",
            [("trader_management", "stop", "alpha"), ("trader_management", "delete", "alpha")],
        ),
        (
            "stop alpha then delete it",
            [("trader_management", "stop", "alpha"), ("trader_management", "delete", "alpha")],
        ),
        ("看一下btc价格，然后给它设个90000的提醒", PRICE_THEN_ALERT),
        ("btc price and set an alert for it at 90000", PRICE_THEN_ALERT),
    ],
)
def test_a_pronoun_in_a_later_ask_is_what_the_ask_before_it_is_about(text: str, expected: list[Any]) -> None:
    """ "停掉alpha然后删除它" deleted an exchange account called "它" after stopping alpha; "stop alpha
    then delete it" lost the stop; "btc price and set an alert for it at 90000" lost the price."""
    read = [
        (r.skill, r.action, r.slots)
        for r in read_asks(text, ROUTER, context({"names": {"trader": ["alpha"]}}), locale="zh")
    ]
    assert [(s, a) for s, a, _ in read] == [(s, a) for s, a, _ in expected]
    for (_, _, slots), (_, _, name) in zip(read, expected, strict=True):
        if name is not None:
            assert slots["target_ref"] == {"name": name}
        else:
            assert slots.get("symbol", (slots.get("symbols") or [None])[0]) == "BTCUSDT"


@each("text", ["删除它", "把它删了", "刪咗佢", "delete it"])
def test_delete_it_is_the_record_last_spoken_of(text: str) -> None:
    """ "删除它" after trader alpha was an exchange account called "它" to delete."""
    recall = Recall(record=RecordRef(skill="trader_management", name="alpha"), record_latest=True)
    (route,) = read_asks(text, ROUTER, recall=recall, locale="zh")
    assert (route.skill, route.action, route.slots.get("target_ref")) == (
        "trader_management",
        "delete",
        {"name": "alpha"},
    )
