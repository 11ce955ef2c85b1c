"""Limit orders by conversation (zh + en): a summary with the limit, the quantity, the funds locked
and the distance from the price now, a Confirm button, then a resting order (never a market fill
at another price) that the order check fills when the ask comes down to it, with a fill card.

Book: BTC ask 90,000.00 / bid 89,990.00; ETH 3,500.00 / 3,499.50; fee 0.1 %; 10,000 USDT."""

from __future__ import annotations

from decimal import Decimal

import pytest

from core.markets import MarketCatalog
from core.reply import DetailsBlock, Status
from core.trading.model import OrderStatus
from core.trading.orders import RestingOrders
from core.trading.service import TradingService
from tests.fakes import NOW
from tests.trading.conftest import TradeDesk, codes, confirm_button, make_trade_desk, order_of


def said(reply: object) -> str:
    return str(reply)


@pytest.mark.parametrize(
    ("text", "side", "rows"),
    [
        ("以 85000 挂单买 0.01 BTC", "buy", {"限价单": "85,000.00 USDT (-5.56%)", "冻结资金": "850.85 USDT"}),
        (
            "place a limit buy for 0.01 BTC at 85000",
            "buy",
            {"Limit": "85,000.00 USDT (-5.56%)", "Funds locked": "850.85 USDT"},
        ),
    ],
)
async def test_a_limit_buy_is_summarized_confirmed_and_rests_with_its_funds_locked(
    text: str, side: str, rows: dict[str, str]
) -> None:
    desk = make_trade_desk()
    summary = await desk.chat.say(text)
    assert summary.route.skill == "trade_execution" and summary.route.action == "limit", summary.route
    assert summary.status is Status.AWAITING_CONFIRMATION, said(summary)
    shown = dict(next(b for b in summary.blocks if isinstance(b, DetailsBlock)).rows)
    for label, value in rows.items():
        assert shown[label] == value, shown
    assert desk.orders.orders == {}  # nothing before the press
    done = await desk.chat.press(confirm_button(summary))
    assert done.status is Status.COMPLETED, said(done)
    assert codes(done) == ["order_open"]
    block = order_of(done)
    assert block.status == "open" and block.order_type == "limit" and block.limit_price == Decimal("85000")
    (order,) = desk.orders.orders.values()
    assert order.status is OrderStatus.OPEN and order.locked_amount == Decimal("850.85")
    assert desk.orders.trade_log == {}  # no market fill at 90,000


async def test_a_limit_sell_of_eth_rests_until_the_bid_reaches_it() -> None:
    desk = make_trade_desk()
    buy = await desk.chat.say("buy 0.5 ETH")
    await desk.chat.press(confirm_button(buy))
    summary = await desk.chat.say("limit sell 0.5 ETH at 4000")
    assert summary.status is Status.AWAITING_CONFIRMATION, said(summary)
    done = await desk.chat.press(confirm_button(summary))
    assert order_of(done).status == "open"
    resting = RestingOrders(TradingService(desk.orders, desk.market, MarketCatalog(), desk.clock))
    assert (await resting.check("ETHUSDT", NOW)).filled == []
    desk.market.bids["ETHUSDT"] = Decimal("4000.5")
    desk.market.prices["ETHUSDT"] = Decimal("4001")
    (filled,) = (await resting.check("ETHUSDT", NOW)).filled
    assert filled.price == Decimal("4000.5")


async def test_a_refused_price_is_said_and_nothing_rests() -> None:
    desk: TradeDesk = make_trade_desk()
    reply = await desk.chat.say("limit buy 0.01 BTC at -85000")
    assert reply.status is not Status.AWAITING_CONFIRMATION
    assert all(not o.status.resting for o in desk.orders.orders.values())
