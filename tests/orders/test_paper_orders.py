"""Resting orders on the paper exchange (memory store): a limit rests and locks its funds, fills
on a check when the book crosses it and never before, at the limit or better; stop-loss and
take-profit sell a holding when the bid crosses; the pair cancels its other half; expiry and
cancelling release the funds; a trigger on the wrong side is refused with the numbers."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from core.tasks.audit import AuditEntry
from core.trading.memory import MemoryOrderStore
from core.trading.model import OrderStatus
from core.workspace.memory import MemoryWorkspace
from tests.fakes import NOW
from tests.orders.paper import AUDIT, PaperDesk, paper_desk


def desk() -> PaperDesk:
    return paper_desk(MemoryOrderStore(MemoryWorkspace().audit))


async def test_a_limit_buy_locks_its_funds_and_fills_only_when_the_ask_reaches_it() -> None:
    d = desk()
    plan, (order,) = await d.order("buy", "limit", "0.01", limit="85000")
    assert plan.rejection is None and order.status is OrderStatus.OPEN
    # 0.01 x 85000 = 850, + 0.1 % fee = 850.85 locked
    assert await d.usdt() == (Decimal("9149.15"), Decimal("850.85"))
    assert (await d.resting.check("BTCUSDT", NOW)).filled == []  # the ask is 90000
    d.book("BTCUSDT", "85010", "85000.5")
    assert (await d.resting.check("BTCUSDT", NOW)).filled == []  # still above the limit
    d.book("BTCUSDT", "84900", "84950")  # the ask came below it: filled at the better ask
    (filled,) = (await d.resting.check("BTCUSDT", NOW)).filled
    assert filled.status is OrderStatus.FILLED and filled.price == Decimal("84950")
    free, locked = await d.usdt()
    assert locked == 0 and free == Decimal("10000") - Decimal("849.5") - Decimal("0.8495")
    assert await d.coin("BTC") == (Decimal("0.01"), Decimal(0))
    assert (await d.resting.check("BTCUSDT", NOW)).filled == []  # once


async def test_a_limit_sell_locks_the_coin_and_fills_at_the_bid() -> None:
    d = desk()
    await d.buy_now("0.02")
    plan, (_order,) = await d.order("sell", "limit", "0.02", limit="95000")
    assert plan.rejection is None
    assert await d.coin("BTC") == (Decimal(0), Decimal("0.02"))
    d.book("BTCUSDT", "94999", "95001")
    assert (await d.resting.check("BTCUSDT", NOW)).filled == []
    d.book("BTCUSDT", "95100", "95101")
    (filled,) = (await d.resting.check("BTCUSDT", NOW)).filled
    assert filled.price == Decimal("95100")
    assert await d.coin("BTC") == (Decimal(0), Decimal(0))


async def test_locked_funds_cannot_be_spent_twice() -> None:
    d = desk()
    _, (first,) = await d.order("buy", "limit", "0.05", limit="85000", cid="dm1")  # 4254.25
    plan, (second,) = await d.order("buy", "limit", "0.07", limit="85000", cid="dm2")  # 5955.95
    assert first.status is OrderStatus.OPEN
    assert plan.rejection is not None and plan.rejection.code == "-2010"
    assert second.status is OrderStatus.REJECTED


async def test_risk_caps_count_the_funds_already_locked() -> None:
    d = desk()
    _, (first,) = await d.order("buy", "limit", "0.05", limit="85000", cid="dm1")  # 42.5 % of equity
    assert first.status is OrderStatus.OPEN
    plan, _ = await d.order("buy", "limit", "0.02", limit="85000", cid="dm2")  # 17 % more: 59.5 %
    assert plan.rejection is not None and plan.rejection.code == "cap_equity_share"
    assert plan.rejection.params["committed"] == "4254.25"


async def test_stop_loss_sells_the_holding_at_the_bid_once_it_falls_to_the_trigger() -> None:
    d = desk()
    await d.buy_now("0.01")
    plan, (order,) = await d.order("sell", "stop_loss", "1", unit="all", trigger="80000")
    assert plan.rejection is None and order.quantity == Decimal("0.01")
    d.book("BTCUSDT", "80001", "80002")
    assert (await d.resting.check("BTCUSDT", NOW)).filled == []
    d.book("BTCUSDT", "79900", "79901")  # gapped below: a market sell at the bid
    (filled,) = (await d.resting.check("BTCUSDT", NOW)).filled
    assert filled.price == Decimal("79900") and filled.order_type == "stop_loss"


async def test_a_trigger_on_the_wrong_side_is_refused_with_the_numbers() -> None:
    d = desk()
    await d.buy_now("0.01")
    plan, (order,) = await d.order("sell", "stop_loss", "1", unit="all", trigger="95000")
    assert plan.rejection is not None and plan.rejection.reason == "stop_above_bid"
    assert plan.rejection.params == {"trigger": "95000", "bid": "89990"}
    assert order.status is OrderStatus.REJECTED
    plan, _ = await d.order("sell", "take_profit", "1", unit="all", trigger="85000", cid="dm2")
    assert plan.rejection is not None and plan.rejection.reason == "take_profit_below_bid"


async def test_the_pair_take_profit_filling_cancels_the_stop_loss_and_the_coin_sells_once() -> None:
    d = desk()
    await d.buy_now("0.01")
    plan, orders = await d.order("sell", "take_profit", "1", unit="all", pair=("100000", "80000"))
    assert plan.rejection is None and [o.status for o in orders] == [OrderStatus.OPEN] * 2
    assert await d.coin("BTC") == (Decimal(0), Decimal("0.01"))  # one lock for both
    d.book("BTCUSDT", "100500", "100501")
    result = await d.resting.check("BTCUSDT", NOW)
    assert [o.order_type for o in result.filled] == ["take_profit"] and result.resting == 0
    stop = await d.store.order("dm1b")
    assert stop is not None and stop.status is OrderStatus.CANCELLED
    assert await d.coin("BTC") == (Decimal(0), Decimal(0))
    d.book("BTCUSDT", "70000", "70001")
    assert (await d.resting.check("BTCUSDT", NOW)).filled == []


async def test_cancelling_one_of_the_pair_cancels_both_and_releases_the_coin() -> None:
    d = desk()
    await d.buy_now("0.01")
    await d.order("sell", "take_profit", "1", unit="all", pair=("100000", "80000"))
    cancelled = await d.cancel("dm1b")
    assert sorted(o.client_order_id for o in cancelled) == ["dm1", "dm1b"]
    assert await d.coin("BTC") == (Decimal("0.01"), Decimal(0))
    assert await d.cancel("dm1") == []  # once


async def test_an_expired_order_releases_its_funds_and_never_fills() -> None:
    d = desk()
    await d.order("buy", "limit", "0.01", limit="85000", expires_at=NOW + timedelta(hours=24))
    later = NOW + timedelta(hours=24, seconds=1)
    d.book("BTCUSDT", "84000", "84001")
    result = await d.resting.check("BTCUSDT", later)
    assert [o.status for o in result.expired] == [OrderStatus.EXPIRED] and result.filled == []
    assert await d.usdt() == (Decimal("10000"), Decimal(0))


async def test_every_step_is_audited() -> None:
    workspace = MemoryWorkspace()
    d = paper_desk(MemoryOrderStore(workspace.audit))
    await d.order("buy", "limit", "0.01", limit="85000")
    d.book("BTCUSDT", "84900", "84950")
    await d.resting.check("BTCUSDT", NOW)
    actions = [e.action for e in await workspace.audit.recent("telegram:7")]
    assert sorted(actions) == ["fill", "order"]
    assert isinstance(AUDIT, AuditEntry)
