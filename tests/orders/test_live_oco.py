"""The take-profit + stop-loss pair on a live Binance account: Binance's own OCO list (POST
/api/v3/orderList/oco), each leg under its client order id, through ccxt against the local fake
Binance. Listed as two open orders, cancelled together, a timeout looked up (never sent again),
one leg's fill written back once and the other cancelled with it. Nothing reaches the internet."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

import pytest

from core.trading.model import OrderIntent, OrderStatus, Resting
from core.trading.orders import RestingOrders
from tests.fakes import NOW
from tests.trading.fake_binance import FakeBinance
from tests.trading.test_live import AUDIT, account, service

PAIR = (
    Resting("take_profit", trigger_price=Decimal(95000), group_id="g1"),
    Resting("stop_loss", trigger_price=Decimal(80000), group_id="g1"),
)


@pytest.fixture
def fake() -> Iterator[FakeBinance]:
    with FakeBinance() as server:
        server.balances["BTC"] = Decimal("0.01")
        yield server


async def place_pair(resting: RestingOrders, ids: tuple[str, str] = ("dmtp1", "dmsl1")):  # type: ignore[no-untyped-def]
    intent = OrderIntent("sell", "BTCUSDT", "BTC", Decimal("0.001"), "base")
    plan = await resting.plan(account(), intent, PAIR)
    assert plan.rejection is None, plan.rejection
    return await resting.place(account(), plan, ids, AUDIT)


async def test_the_pair_is_binances_own_oco_list(fake: FakeBinance) -> None:
    trading, _ = service(fake)
    resting = RestingOrders(trading)
    orders = await place_pair(resting)
    assert [o.status for o in orders] == [OrderStatus.OPEN, OrderStatus.OPEN]
    assert fake.order_posts == 1  # one list, not two orders
    tp, sl = fake.orders["dmtp1"], fake.orders["dmsl1"]
    assert (tp["type"], tp["stopPrice"], sl["type"], sl["stopPrice"]) == (
        "TAKE_PROFIT", "95000", "STOP_LOSS", "80000",
    )  # fmt: skip
    assert tp["orderListId"] == sl["orderListId"] != -1
    listed = await resting.open_orders(account())
    assert sorted(o.client_order_id for o in listed) == ["dmsl1", "dmtp1"]
    cancelled = await resting.cancel(account(), listed[0], AUDIT)
    assert {o.status for o in cancelled} == {OrderStatus.CANCELLED} and len(cancelled) == 2
    assert (fake.orders["dmtp1"]["status"], fake.orders["dmsl1"]["status"]) == ("CANCELED", "CANCELED")


async def test_a_filled_leg_is_written_back_once_and_the_other_cancelled(fake: FakeBinance) -> None:
    trading, orders = service(fake)
    resting = RestingOrders(trading)
    await place_pair(resting, ("dmtp2", "dmsl2"))
    fake.fill_resting("dmsl2", "79990.00", "0.07999", "USDT")  # the stop fired; the take-profit expired
    result = await resting.sync_live(account(), NOW)
    (filled,) = result.filled
    assert (filled.client_order_id, filled.price, filled.fee) == (
        "dmsl2",
        Decimal("79990.00"),
        Decimal("0.07999"),
    )
    assert orders.orders["dmtp2"].status is OrderStatus.CANCELLED
    assert result.resting == 0 and len(orders.trade_log[account().id]) == 1
    assert (await resting.sync_live(account(), NOW)).filled == []


async def test_a_timed_out_pair_is_looked_up_never_sent_again(fake: FakeBinance) -> None:
    fake.stall_orders, fake.stall_seconds = True, 2.5
    trading, _ = service(fake, 1.0)
    orders = await place_pair(RestingOrders(trading), ("dmtp3", "dmsl3"))
    assert [o.status for o in orders] == [OrderStatus.OPEN, OrderStatus.OPEN]
    assert fake.order_posts == 1


async def test_a_pair_the_exchange_never_got_is_rejected_as_not_placed(fake: FakeBinance) -> None:
    fake.drop_orders, fake.stall_seconds = True, 2.5
    trading, _ = service(fake, 1.0)
    placed = await place_pair(RestingOrders(trading), ("dmtp4", "dmsl4"))
    assert {o.status for o in placed} == {OrderStatus.REJECTED} and fake.order_posts == 1
    assert placed[0].error_code == "not_placed"
