"""A remark told before an order asked in a later clause is the order's why, never its veto:
'trust me, buy eth', '心态崩了，帮我把eth全卖了' and 'i think i should sell, sell half my eth' went
nowhere (the remark made the whole message one). outside.remark takes verb.lose's
``unless_later``: an order's verb in a later clause (after a mark, or a space after Chinese)
makes the remark none. A remark alone, or with its trade in the same clause, stays a remark."""

from __future__ import annotations

from tests.cases import each
from tests.fakes import assert_routes_to as _is


@each(
    ("text", "action", "slots"),
    [
        ("trust me, buy eth", "buy", {"symbol": "ETHUSDT"}),
        ("信我 买btc", "buy", {"symbol": "BTCUSDT"}),
        ("心态崩了，帮我把eth全卖了", "sell", {"symbol": "ETHUSDT", "amount": "all"}),
        ("i think i should sell, sell half my eth", "sell", {"symbol": "ETHUSDT", "amount": "fraction:0.5"}),
        ("卖飞了 帮我买回来0.1个eth", "buy", {"symbol": "ETHUSDT", "amount": "base:0.1"}),
    ],
)
def test_an_order_after_a_remark_stands(text: str, action: str, slots: dict[str, object]) -> None:
    _is(text, "trade_execution", action, slots)


@each(
    "text",
    [
        "ETH今年實升到一萬啦信我",
        "早知道就不卖了，卖飞了",
        "又卖飞了",
        "shouldve bought the dip, sold too early",
        "mark my words btc to 200k",
    ],
)
def test_a_remark_alone_orders_nothing(text: str) -> None:
    _is(text, None)
