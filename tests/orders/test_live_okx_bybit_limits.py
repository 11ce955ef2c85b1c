"""Limit orders on live OKX and Bybit accounts, through ccxt against the local fakes (nothing
reaches the internet): a limit buy rests on the exchange's own book under deskmate's client order
id (OKX clOrdId, Bybit orderLinkId), is listed among the open orders matched with deskmate's
record, is cancelled by that id, a timeout is looked up by it (never sent again), and a fill on
the exchange is written back once."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest

from core.trading.model import OrderIntent, OrderStatus, Resting
from core.trading.orders import RestingOrders
from tests.fakes import NOW
from tests.trading.test_live_okx_bybit import AUDIT, BYBIT, OKX, Venue, account, service

VENUES = [pytest.param(OKX, id="okx"), pytest.param(BYBIT, id="bybit")]


@pytest.fixture(params=VENUES)
def venue(request: pytest.FixtureRequest) -> Venue:
    found: Venue = request.param
    return found


@pytest.fixture
def fake(venue: Venue) -> Iterator[Any]:
    with venue.make() as server:
        yield server


async def place_limit(resting: RestingOrders, venue: Venue, cid: str, price: str = "85000"):  # type: ignore[no-untyped-def]
    intent = OrderIntent("buy", "BTCUSDT", "BTC", Decimal("0.001"), "base")
    plan = await resting.plan(account(venue), intent, (Resting("limit", limit_price=Decimal(price)),))
    assert plan.rejection is None and plan.lock is None, plan.rejection  # the exchange holds the funds
    (order,) = await resting.place(account(venue), plan, (cid,), AUDIT)
    return order


async def test_a_limit_buy_rests_on_the_exchanges_book_is_listed_and_cancelled_by_its_id(
    venue: Venue, fake: Any
) -> None:
    trading, _ = service(venue, fake)
    resting = RestingOrders(trading)
    order = await place_limit(resting, venue, "dmlim1")
    assert order.status is OrderStatus.OPEN and fake.order_posts == 1
    (sent,) = fake.order_bodies
    assert sent[venue.client_id_field] == "dmlim1"
    assert str(sent.get("ordType") or sent.get("orderType")).lower() == "limit"
    assert Decimal(str(sent.get("px") or sent.get("price"))) == Decimal(85000)
    assert fake.resting["dmlim1"]["state"] == "open"
    (listed,) = await resting.open_orders(account(venue))
    assert (listed.client_order_id, listed.id, listed.order_type) == ("dmlim1", order.id, "limit")
    assert listed.limit_price == Decimal(85000)
    (cancelled,) = await resting.cancel(account(venue), listed, AUDIT)
    assert cancelled.status is OrderStatus.CANCELLED and fake.resting["dmlim1"]["state"] == "cancelled"
    assert await resting.open_orders(account(venue)) == []


async def test_a_limit_that_timed_out_is_looked_up_never_sent_again(venue: Venue, fake: Any) -> None:
    fake.stall_orders, fake.stall_seconds = True, 2.5
    trading, _ = service(venue, fake, 1.0)
    order = await place_limit(RestingOrders(trading), venue, "dmlim2")
    assert order.status is OrderStatus.OPEN and fake.order_posts == 1  # found resting there


async def test_a_limit_the_exchange_never_got_is_rejected_as_not_placed(venue: Venue, fake: Any) -> None:
    fake.drop_orders, fake.stall_seconds = True, 2.5
    trading, _ = service(venue, fake, 1.0)
    order = await place_limit(RestingOrders(trading), venue, "dmlim3")
    assert order.status is OrderStatus.REJECTED and order.error_code == "not_placed"
    assert fake.order_posts == 1


async def test_a_limit_filled_on_the_exchange_is_written_back_once(venue: Venue, fake: Any) -> None:
    trading, orders = service(venue, fake)
    resting = RestingOrders(trading)
    await place_limit(resting, venue, "dmlim4")
    assert (await resting.sync_live(account(venue), NOW)).filled == []
    fake.fill_limit("dmlim4", "0.085")  # the ask came down to 85,000: it filled whole there
    (filled,) = (await resting.sync_live(account(venue), NOW)).filled
    assert (filled.status, filled.quantity, filled.price, filled.fee) == (
        OrderStatus.FILLED, Decimal("0.001"), Decimal(85000), Decimal("0.085"),
    )  # fmt: skip
    assert (await resting.sync_live(account(venue), NOW)).filled == []
    assert len(orders.trade_log[account(venue).id]) == 1
