"""A trade said after an alert in the same message belongs to the alert's condition ("ping me when
eth hits 4000 and sell half", "btc到10万提醒我 然后卖掉"): the alert is set, and the trade is a limit
order at its level where the way is said (a sell as it rises, a buy as it falls; "hits" says
none), else its price is refused quoting the level and asked; never placed now. A trade asked
first ("buy 0.1 btc and alert me at 100k") is two asks, as said."""

from __future__ import annotations

from core.conversation.reading import read_asks
from tests.cases import each
from tests.conversation.conftest import Desk, codes
from tests.fakes import shared_router


@each(
    ("text", "side", "level", "price"),
    [
        ("ping me when eth hits 4000 and sell half", "sell", "4000", "refused:after_alert:4000"),
        ("ping me when eth rises above 4000 and sell half", "sell", "4000", "4000"),
        ("text me if sol drops to 150 and buy 10 sol", "buy", "150", "150"),
        ("alert me at 100k for btc then sell everything", "sell", "100000", "refused:after_alert:100000"),
        ("notify me when btc hits 100k and buy 0.1 more", "buy", "100000", "refused:after_alert:100000"),
        ("btc到10万提醒我 然后卖掉", "sell", "100000", "refused:after_alert:100000"),
        ("eth到了3000提醒我再买点", "buy", "3000", "refused:after_alert:3000"),
        ("btc到10萬通知我 跟住賣晒", "sell", "100000", "refused:after_alert:100000"),
    ],
)
def test_the_trade_after_an_alert_waits_for_it(text: str, side: str, level: str, price: str) -> None:
    alert, trade = read_asks(text, shared_router())
    assert (alert.skill, alert.action, alert.slots["level"]) == ("price_alert", "create", level), alert
    assert (trade.skill, trade.action, trade.slots["side"]) == ("trade_execution", "limit", side), trade
    assert trade.slots["limit_price"] == price, trade


@each("text", ["alert me when btc drops below 80k so i can buy", "when eth hits 4000 sell half"])
def test_no_trade_now_is_read(text: str) -> None:
    asks = read_asks(text, shared_router())
    assert not [a for a in asks if a.skill == "trade_execution" and a.action in ("buy", "sell")], asks


def test_a_trade_asked_first_is_placed_as_asked() -> None:
    trade, alert = read_asks("buy 0.1 btc and alert me at 100k", shared_router())
    assert (trade.action, trade.slots["amount"]) == ("buy", "base:0.1")
    assert (alert.skill, alert.slots["level"]) == ("price_alert", "100000")


async def test_the_alert_is_set_and_nothing_is_sold(desk: Desk) -> None:
    reply = await desk.chat.say("btc到10万提醒我 然后卖掉")
    assert "alert_created" in codes(reply) and "invalid_slot" in codes(reply), (codes(reply), reply)
    assert "没有现在下单" in str(reply) and not desk.orders.orders


@each(
    ("text", "price"),
    [
        ("when sol hits 200 sell all, and tell me", "refused:after_alert:200"),
        ("when sol rises to 200 sell all, and tell me", "200"),
        ("sol到200全部賣晒 跟住通知我", "refused:after_alert:200"),
    ],
)
def test_an_order_at_a_level_then_tell_me_is_kept_beside_the_alert(text: str, price: str) -> None:
    trade, alert = read_asks(text, shared_router())
    assert (trade.action, trade.slots["limit_price"]) == ("limit", price), trade
    assert (alert.skill, alert.slots["level"]) == ("price_alert", "200"), alert
