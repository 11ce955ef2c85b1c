"""Resting orders on a live account, through ccxt against the local fake Binance: a limit order
and the exchange's own STOP_LOSS / TAKE_PROFIT are placed under deskmate's client order id and
rest on its book; the open orders are the exchange's list; a cancel goes by client order id; a
timeout is looked up by that id, never sent again; an exchange without a type, and the pair,
are refused plainly before anything is sent. Nothing reaches the internet."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

import pytest

from core.trading.model import OrderIntent, OrderStatus, OrderType, Resting
from core.trading.orders import RestingOrders
from core.trading.ports import ExchangeError
from core.workspace.accounts import ExchangeAccount
from tests.fakes import NOW
from tests.trading.fake_binance import FakeBinance
from tests.trading.test_live import AUDIT, BOX, account, service


@pytest.fixture
def fake() -> Iterator[FakeBinance]:
    with FakeBinance() as server:
        yield server


def desk(fake: FakeBinance, timeout: float = 5.0) -> RestingOrders:
    trading, _ = service(fake, timeout)
    return RestingOrders(trading)


async def place(
    resting: RestingOrders,
    side: str,
    kind: OrderType,
    cid: str,
    *,
    limit: str | None = None,
    trigger: str | None = None,
    quantity: str = "0.001",
    acc: ExchangeAccount | None = None,
):  # type: ignore[no-untyped-def]
    intent = OrderIntent(side, "BTCUSDT", "BTC", Decimal(quantity), "base")  # type: ignore[arg-type]
    spec = Resting(
        kind,
        limit_price=Decimal(limit) if limit else None,
        trigger_price=Decimal(trigger) if trigger else None,
    )
    plan = await resting.plan(acc or account(), intent, (spec,))
    return plan, await resting.place(acc or account(), plan, (cid,), AUDIT)


async def test_a_live_limit_buy_rests_on_the_exchange_under_its_client_order_id(fake: FakeBinance) -> None:
    resting = desk(fake)
    plan, (order,) = await place(resting, "buy", "limit", "dmlim1", limit="85000")
    assert plan.rejection is None and plan.lock is None  # the exchange holds the funds, not deskmate
    assert order.status is OrderStatus.OPEN
    sent = fake.orders["dmlim1"]
    assert (sent["type"], sent["side"], sent["price"], sent["status"]) == ("LIMIT", "BUY", "85000", "NEW")
    (listed,) = await resting.open_orders(account())
    assert listed.client_order_id == "dmlim1" and listed.id == order.id  # matched with deskmate's record
    (cancelled,) = await resting.cancel(account(), listed, AUDIT)
    assert cancelled.status is OrderStatus.CANCELLED and fake.orders["dmlim1"]["status"] == "CANCELED"
    assert await resting.open_orders(account()) == []


@pytest.mark.parametrize(
    ("kind", "trigger", "binance"),
    [("stop_loss", "80000", "STOP_LOSS"), ("take_profit", "100000", "TAKE_PROFIT")],
)
async def test_live_stop_orders_are_binances_own(
    fake: FakeBinance, kind: OrderType, trigger: str, binance: str
) -> None:
    fake.balances["BTC"] = Decimal("0.01")
    resting = desk(fake)
    plan, (order,) = await place(resting, "sell", kind, "dmstop1", trigger=trigger)
    assert plan.rejection is None, plan.rejection
    assert order.status is OrderStatus.OPEN
    sent = fake.orders["dmstop1"]
    assert (sent["type"], sent["stopPrice"]) == (binance, trigger)
    (listed,) = await resting.open_orders(account())
    assert listed.order_type == kind and listed.trigger_price == Decimal(trigger)


async def test_a_live_stop_limit_is_binances_stop_loss_limit_with_both_prices(fake: FakeBinance) -> None:
    fake.balances["BTC"] = Decimal("0.01")
    resting = desk(fake)
    plan, (order,) = await place(resting, "sell", "stop_limit", "dmstop2", limit="79800", trigger="80000")
    assert plan.rejection is None and order.status is OrderStatus.OPEN, plan.rejection
    sent = fake.orders["dmstop2"]
    assert (sent["type"], sent["stopPrice"], sent["price"]) == ("STOP_LOSS_LIMIT", "80000", "79800")
    (listed,) = await resting.open_orders(account())
    assert (listed.order_type, listed.trigger_price, listed.limit_price) == (
        "stop_limit", Decimal(80000), Decimal(79800),
    )  # fmt: skip
    (cancelled,) = await resting.cancel(account(), listed, AUDIT)
    assert cancelled.status is OrderStatus.CANCELLED and fake.orders["dmstop2"]["status"] == "CANCELED"


async def test_an_open_order_placed_elsewhere_is_listed_and_cancellable(fake: FakeBinance) -> None:
    fake._rest({"type": "LIMIT", "side": "BUY", "symbol": "BTCUSDT", "newClientOrderId": "web_1",
                "quantity": "0.002", "price": "70000"})  # fmt: skip
    resting = desk(fake)
    (listed,) = await resting.open_orders(account())
    assert (listed.client_order_id, listed.quantity, listed.limit_price) == (
        "web_1",
        Decimal("0.002"),
        Decimal("70000"),
    )
    (cancelled,) = await resting.cancel(account(), listed, AUDIT)
    assert cancelled.status is OrderStatus.CANCELLED and fake.orders["web_1"]["status"] == "CANCELED"


async def test_a_timeout_is_looked_up_by_client_order_id_never_sent_again(fake: FakeBinance) -> None:
    fake.stall_orders, fake.stall_seconds = True, 2.5
    resting = desk(fake, timeout=1.0)
    _, (order,) = await place(resting, "buy", "limit", "dmslow", limit="85000")
    assert order.status is OrderStatus.OPEN  # the exchange has it
    assert fake.order_posts == 1  # the timeout was followed by a lookup, not a second POST


async def test_a_timeout_with_no_order_at_the_exchange_is_rejected_as_not_placed(fake: FakeBinance) -> None:
    fake.drop_orders, fake.stall_seconds = True, 2.5
    resting = desk(fake, timeout=1.0)
    _, (order,) = await place(resting, "buy", "limit", "dmlost", limit="85000")
    assert order.status is OrderStatus.REJECTED and order.error_code == "not_placed"
    assert fake.order_posts == 1


async def test_an_exchange_without_the_type_refuses_it_before_sending(fake: FakeBinance) -> None:
    bybit = ExchangeAccount("8", "console:u", "bybit main", "bybit", account().credentials, None, NOW, NOW)
    trading, _ = service(fake)
    client = trading.live.client(bybit)  # type: ignore[union-attr]
    with pytest.raises(ExchangeError) as caught:
        # Bybit's API places no spot OCO (OKX's and Binance's are their own pair orders)
        await client.pair_order(
            "BTCUSDT", Decimal("0.01"), ("dmtp", Decimal(95000)), ("dmsl", Decimal(80000)), "dl"
        )
    assert caught.value.fault == "unsupported" and caught.value.code == "unsupported_order_type"
    assert fake.order_posts == 0
    assert isinstance(BOX, object)
