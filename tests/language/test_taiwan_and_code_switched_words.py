"""Taiwan's order words and Chinese mixed with English: "停利" is a take-profit (as "停損" was
already a stop-loss), "未成交的訂單" the open orders, "pause 掉" a stop, "ip 不在 whitelist" an
exchange key's trouble, "还没 fill" an order not filled (lexicon data)."""

from __future__ import annotations

from tests.cases import each
from tests.fakes import shared_router


@each(
    ("text", "skill", "action", "slots"),
    [
        ("以太停利 5000 停損 3200", "orders", "protect", {"take_profit": "5000", "stop_loss": "3200"}),
        ("以太止盈 5000 止损 3200", "orders", "protect", {"take_profit": "5000", "stop_loss": "3200"}),
        ("BTC 停利設 100000", "orders", "protect", {"symbol": "BTCUSDT", "take_profit": "100000"}),
        ("什麼是停利", "glossary", "explain", {"term": "take_profit"}),
        ("停損是什麼意思", "glossary", "explain", {"term": "stop_loss"}),
        ("我有哪些未成交的訂單", "orders", "open_orders", {}),
        ("我有哪些未成交的订单", "orders", "open_orders", {}),
        ("binance 说 ip 不在 whitelist", "exchange_diagnosis", "diagnose", {"exchange": "binance"}),
        (
            "binance says my ip is not in the whitelist",
            "exchange_diagnosis",
            "diagnose",
            {"exchange": "binance"},
        ),
        ("我的 limit order 怎么还没 fill", "orders", "why_resting", {}),
        ("所有 bot 都 pause 掉", "trader_management", "stop", {"target_ref": {"all": "1"}}),
    ],
)
def test_taiwan_and_code_switched_words(text: str, skill: str, action: str, slots: dict[str, object]) -> None:
    route = shared_router().route(text)
    assert route is not None and (route.skill, route.action) == (skill, action)
    assert {k: route.slots.get(k) for k in slots} == slots
