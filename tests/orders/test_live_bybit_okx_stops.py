"""Stop orders on live Bybit and OKX accounts, through ccxt against the local fakes (nothing
reaches the internet). Bybit: its own spot TP/SL orders (orderFilter=tpslOrder) under deskmate's
orderLinkId; OKX: its own conditional orders (POST /api/v5/trade/order-algo) under deskmate's
algoClOrdId. Each placed once, listed among the open orders, cancelled by client order id, a
timeout looked up (never sent again), a trigger's fill written back once. The take-profit +
stop-loss pair: on OKX its own OCO algo order (one order under the take-profit leg's id, shown
as two, cancelled by either leg, the leg that fired written back); on Bybit refused before
anything is sent (its API places no spot OCO)."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

import pytest

from core.trading.model import OrderIntent, OrderStatus, OrderType, Resting
from core.trading.orders import RestingOrders
from tests.fakes import NOW
from tests.trading.fake_bybit import FakeBybit
from tests.trading.fake_okx import FakeOkx
from tests.trading.test_live_okx_bybit import AUDIT, BYBIT, OKX, account, service


@pytest.fixture
def bybit() -> Iterator[FakeBybit]:
    with FakeBybit() as server:
        server.balances["BTC"] = Decimal("0.01")
        yield server


async def place(
    resting: RestingOrders, kind: OrderType, cid: str, trigger: str, limit: str | None = None, venue=BYBIT
):  # type: ignore[no-untyped-def]
    intent = OrderIntent("sell", "BTCUSDT", "BTC", Decimal("0.001"), "base")
    spec = Resting(kind, limit_price=Decimal(limit) if limit else None, trigger_price=Decimal(trigger))
    plan = await resting.plan(account(venue), intent, (spec,))
    assert plan.rejection is None, plan.rejection
    (order,) = await resting.place(account(venue), plan, (cid,), AUDIT)
    return order


@pytest.mark.parametrize(
    ("kind", "trigger", "limit", "direction", "order_type"),
    [
        ("stop_loss", "80000", None, 2, "Market"),
        ("take_profit", "95000", None, 1, "Market"),
        ("stop_limit", "80000", "79800", 2, "Limit"),
    ],
)
async def test_a_bybit_stop_is_its_own_tpsl_order(
    bybit: FakeBybit, kind: OrderType, trigger: str, limit: str | None, direction: int, order_type: str
) -> None:
    trading, _ = service(BYBIT, bybit)
    resting = RestingOrders(trading)
    order = await place(resting, kind, "dmbyb1", trigger, limit)
    assert order.status is OrderStatus.OPEN
    (sent,) = bybit.order_bodies
    assert (sent["orderFilter"], sent["orderLinkId"], sent["triggerPrice"], sent["orderType"]) == (
        "tpslOrder", "dmbyb1", trigger, order_type,
    )  # fmt: skip
    assert bybit.tpsl["dmbyb1"]["triggerDirection"] == direction
    (listed,) = await resting.open_orders(account(BYBIT))
    assert listed.client_order_id == "dmbyb1" and listed.id == order.id
    cancelled = await resting.cancel(account(BYBIT), listed, AUDIT)
    assert [o.status for o in cancelled] == [OrderStatus.CANCELLED]
    assert bybit.tpsl["dmbyb1"]["orderStatus"] == "Deactivated"


async def test_a_bybit_stops_fill_is_written_back_once(bybit: FakeBybit) -> None:
    trading, orders = service(BYBIT, bybit)
    resting = RestingOrders(trading)
    await place(resting, "stop_loss", "dmbyb2", "80000")
    assert (await resting.sync_live(account(BYBIT), NOW)).filled == []
    bybit.trigger("dmbyb2", "79990.0", "0.07999")
    (filled,) = (await resting.sync_live(account(BYBIT), NOW)).filled
    assert (filled.status, filled.price, filled.fee, filled.fee_asset) == (
        OrderStatus.FILLED, Decimal("79990.0"), Decimal("0.07999"), "USDT",
    )  # fmt: skip
    assert (await resting.sync_live(account(BYBIT), NOW)).filled == []
    assert len(orders.trade_log[account(BYBIT).id]) == 1


async def test_a_bybit_stop_that_timed_out_is_looked_up_never_sent_again(bybit: FakeBybit) -> None:
    bybit.stall_orders, bybit.stall_seconds = True, 2.5
    trading, _ = service(BYBIT, bybit, 1.0)
    order = await place(RestingOrders(trading), "stop_loss", "dmbyb3", "80000")
    assert order.status is OrderStatus.OPEN and bybit.order_posts == 1


@pytest.fixture
def okx() -> Iterator[FakeOkx]:
    with FakeOkx() as server:
        server.balances["BTC"] = Decimal("0.01")
        yield server


@pytest.mark.parametrize(
    ("kind", "trigger", "limit", "fields"),
    [
        ("stop_loss", "80000", None, {"slTriggerPx": "80000", "slOrdPx": "-1"}),
        ("take_profit", "95000", None, {"tpTriggerPx": "95000", "tpOrdPx": "-1"}),
        ("stop_limit", "80000", "79800", {"slTriggerPx": "80000", "slOrdPx": "79800"}),
    ],
)
async def test_an_okx_stop_is_its_own_conditional_order(
    okx: FakeOkx, kind: OrderType, trigger: str, limit: str | None, fields: dict[str, str]
) -> None:
    trading, _ = service(OKX, okx)
    resting = RestingOrders(trading)
    order = await place(resting, kind, "dmokx1", trigger, limit, venue=OKX)
    assert order.status is OrderStatus.OPEN, order
    (sent,) = okx.order_bodies
    assert (sent["ordType"], sent["algoClOrdId"], sent["side"], sent["sz"]) == (
        "conditional",
        "dmokx1",
        "sell",
        "0.001",
    )
    assert {k: sent[k] for k in fields} == fields
    (listed,) = await resting.open_orders(account(OKX))
    assert (listed.client_order_id, listed.order_type, listed.id) == ("dmokx1", kind, order.id)
    cancelled = await resting.cancel(account(OKX), listed, AUDIT)
    assert [o.status for o in cancelled] == [OrderStatus.CANCELLED]
    assert okx.algos["dmokx1"]["state"] == "canceled"


async def test_an_okx_stops_fill_is_written_back_once(okx: FakeOkx) -> None:
    trading, orders = service(OKX, okx)
    resting = RestingOrders(trading)
    await place(resting, "stop_loss", "dmokx2", "80000", venue=OKX)
    assert (await resting.sync_live(account(OKX), NOW)).filled == []
    okx.trigger("dmokx2")  # the market sell it placed filled at the bid, 89,990
    (filled,) = (await resting.sync_live(account(OKX), NOW)).filled
    assert (filled.status, filled.quantity, filled.price, filled.fee_asset) == (
        OrderStatus.FILLED, Decimal("0.001"), Decimal("89990.0"), "USDT",
    )  # fmt: skip
    assert filled.fee == Decimal("0.08999")
    assert (await resting.sync_live(account(OKX), NOW)).filled == []
    assert len(orders.trade_log[account(OKX).id]) == 1


async def test_an_okx_stop_that_timed_out_is_looked_up_never_sent_again(okx: FakeOkx) -> None:
    okx.stall_orders, okx.stall_seconds = True, 2.5
    trading, _ = service(OKX, okx, 1.0)
    order = await place(RestingOrders(trading), "stop_loss", "dmokx3", "80000", venue=OKX)
    assert order.status is OrderStatus.OPEN and okx.order_posts == 1


PAIR = (
    Resting("take_profit", trigger_price=Decimal(95000), group_id="g"),
    Resting("stop_loss", trigger_price=Decimal(80000), group_id="g"),
)


async def place_pair(resting: RestingOrders, ids: tuple[str, str], venue=OKX):  # type: ignore[no-untyped-def]
    intent = OrderIntent("sell", "BTCUSDT", "BTC", Decimal("0.001"), "base")
    plan = await resting.plan(account(venue), intent, PAIR)
    assert plan.rejection is None, plan.rejection
    return await resting.place(account(venue), plan, ids, AUDIT)


async def test_the_pair_on_okx_is_one_oco_algo_order_shown_as_two_and_cancelled_by_either(
    okx: FakeOkx,
) -> None:
    trading, _ = service(OKX, okx)
    resting = RestingOrders(trading)
    placed = await place_pair(resting, ("dmokxtp1", "dmokxsl1"))
    assert [o.status for o in placed] == [OrderStatus.OPEN, OrderStatus.OPEN]
    (sent,) = okx.order_bodies  # one algo order for the pair, under the take-profit leg's id
    assert (sent["ordType"], sent["algoClOrdId"], sent["side"], sent["sz"]) == (
        "oco",
        "dmokxtp1",
        "sell",
        "0.001",
    )
    assert (sent["tpTriggerPx"], sent["tpOrdPx"], sent["slTriggerPx"], sent["slOrdPx"]) == (
        "95000",
        "-1",
        "80000",
        "-1",
    )
    listed = await resting.open_orders(account(OKX))
    assert sorted((o.client_order_id, o.order_type) for o in listed) == [
        ("dmokxsl1", "stop_loss"), ("dmokxtp1", "take_profit"),
    ]  # fmt: skip
    assert (await resting.sync_live(account(OKX), NOW)).resting == 2  # listed once, both rest
    stop = next(o for o in listed if o.order_type == "stop_loss")
    cancelled = await resting.cancel(account(OKX), stop, AUDIT)  # the leg OKX does not know by id
    assert sorted(o.client_order_id for o in cancelled) == ["dmokxsl1", "dmokxtp1"]
    assert {o.status for o in cancelled} == {OrderStatus.CANCELLED}
    assert okx.algos["dmokxtp1"]["state"] == "canceled" and okx.order_posts == 1


@pytest.mark.parametrize(
    ("leg", "filled", "other"), [("sl", "dmokxsl2", "dmokxtp2"), ("tp", "dmokxtp2", "dmokxsl2")]
)
async def test_the_okx_leg_that_fired_is_written_back_once_and_the_other_cancelled(
    okx: FakeOkx, leg: str, filled: str, other: str
) -> None:
    trading, orders = service(OKX, okx)
    resting = RestingOrders(trading)
    await place_pair(resting, ("dmokxtp2", "dmokxsl2"))
    assert (await resting.sync_live(account(OKX), NOW)).filled == []
    okx.trigger("dmokxtp2", leg)  # its market sell filled at the bid, 89,990
    result = await resting.sync_live(account(OKX), NOW)
    (done,) = result.filled
    assert (done.client_order_id, done.status, done.quantity, done.price) == (
        filled, OrderStatus.FILLED, Decimal("0.001"), Decimal("89990.0"),
    )  # fmt: skip
    assert orders.orders[other].status is OrderStatus.CANCELLED and result.resting == 0
    assert (await resting.sync_live(account(OKX), NOW)).filled == []
    assert len(orders.trade_log[account(OKX).id]) == 1


async def test_an_okx_pair_that_timed_out_is_looked_up_never_sent_again(okx: FakeOkx) -> None:
    okx.stall_orders, okx.stall_seconds = True, 2.5
    trading, _ = service(OKX, okx, 1.0)
    placed = await place_pair(RestingOrders(trading), ("dmokxtp3", "dmokxsl3"))
    assert [o.status for o in placed] == [OrderStatus.OPEN, OrderStatus.OPEN]
    assert okx.order_posts == 1 and okx.algos["dmokxtp3"]["ordType"] == "oco"


async def test_an_okx_pair_the_exchange_never_got_is_rejected_as_not_placed(okx: FakeOkx) -> None:
    okx.drop_orders, okx.stall_seconds = True, 2.5
    trading, _ = service(OKX, okx, 1.0)
    placed = await place_pair(RestingOrders(trading), ("dmokxtp4", "dmokxsl4"))
    assert {o.status for o in placed} == {OrderStatus.REJECTED} and okx.order_posts == 1
    assert placed[0].error_code == "not_placed"


async def test_the_pair_on_bybit_is_refused_plainly_before_anything_is_sent(bybit: FakeBybit) -> None:
    """Bybit's v5 API places spot orders of orderFilter Order, tpslOrder or StopOrder only, one
    trigger each; its spot OCO orders are made in its own app. Two TP/SL sells would not cancel
    each other, so the pair is refused at the plan (before any summary), never emulated."""
    trading, _ = service(BYBIT, bybit)
    resting = RestingOrders(trading)
    intent = OrderIntent("sell", "BTCUSDT", "BTC", Decimal("0.001"), "base")
    plan = await resting.plan(account(BYBIT), intent, PAIR)
    assert plan.rejection is not None and plan.rejection.code == "unsupported_order_type"
    assert "one-cancels-the-other" in plan.rejection.message
    placed = await resting.place(account(BYBIT), plan, ("dmbybtp", "dmbybsl"), AUDIT)
    assert {o.status for o in placed} == {OrderStatus.REJECTED} and bybit.order_posts == 0
