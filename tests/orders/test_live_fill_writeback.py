"""A live resting order that fills on the exchange is seen and recorded exactly once: its fill at
the exchange's price, the fee from its trades, the position, the audit rows and its fill card —
through ccxt against the local fake Binance (nothing reaches the internet). One cancelled in the
exchange's app is closed. Two checks at once record a fill once."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import replace
from decimal import Decimal

import pytest

from core.clock import FixedClock
from core.jobs import JobKinds, JobQueue
from core.jobs.memory import MemoryJobStore
from core.jobs.model import DONE, LIVE_STATUSES, Job, JobStatus, Reschedule
from core.markets import MarketCatalog
from core.outbound.ports import DeliveryResult, DeliveryStatus
from core.skills.orders.check import LiveOrderChecker, OrderChecker
from core.skills.orders.skill import ACTIONS, OrdersSkill
from core.trading.model import OrderIntent, OrderStatus, Resting
from core.trading.orders import RestingOrders
from core.trading.service import TradingService
from core.workspace.account_choice import AccountDeps
from core.workspace.memory import MemoryAuditLog
from core.workspace.order_talk import LIVE_CHECK_JOB
from tests.fakes import NOW
from tests.trading.fake_binance import FakeBinance
from tests.trading.test_live import AUDIT, BOX, account, service


@pytest.fixture
def fake() -> Iterator[FakeBinance]:
    with FakeBinance() as server:
        yield server


async def rest_buy(resting: RestingOrders, cid: str, limit: str = "85000") -> None:
    intent = OrderIntent("buy", "BTCUSDT", "BTC", Decimal("0.001"), "base")
    plan = await resting.plan(account(), intent, (Resting("limit", limit_price=Decimal(limit)),))
    (order,) = await resting.place(account(), plan, (cid,), AUDIT)
    assert order.status is OrderStatus.OPEN, order


async def test_a_live_limit_fill_is_written_back_once(fake: FakeBinance) -> None:
    trading, orders = service(fake)
    resting = RestingOrders(trading)
    await rest_buy(resting, "dmwb1")
    first = await resting.sync_live(account(), NOW)
    assert (first.filled, first.resting) == ([], 1)  # still on the book: nothing recorded
    fake.fill_resting("dmwb1", "84990.00", "0.000001", "BTC")
    done = await resting.sync_live(account(), NOW)
    (filled,) = done.filled
    assert done.resting == 0
    assert (filled.status, filled.quantity, filled.price, filled.quote_amount) == (
        OrderStatus.FILLED, Decimal("0.001"), Decimal("84990.00"), Decimal("84.99"),
    )  # fmt: skip
    assert (filled.fee, filled.fee_asset) == (Decimal("0.000001"), "BTC")  # from the order's trades
    (trade,) = orders.trade_log[account().id]
    assert (trade.side, trade.quantity, trade.price) == ("buy", Decimal("0.001"), Decimal("84990.00"))
    position = orders.positions_by[account().id]["BTC"]
    assert position.quantity == Decimal("0.000999")  # the commission was paid in BTC
    actions = [e.action for e in orders.audit.entries]  # type: ignore[attr-defined]
    assert actions.count("fill") == 1
    assert [o.client_order_id for o in await orders.claim_notices("BTCUSDT")] == ["dmwb1"]
    again = await resting.sync_live(account(), NOW)  # the exchange still says FILLED: nothing new
    assert again.filled == [] and len(orders.trade_log[account().id]) == 1


async def test_two_checks_at_once_record_the_fill_once(fake: FakeBinance) -> None:
    trading, orders = service(fake)
    resting = RestingOrders(trading)
    await rest_buy(resting, "dmwb2")
    fake.fill_resting("dmwb2", "85000.00", "0.000001", "BTC")
    results = await asyncio.gather(*(resting.sync_live(account(), NOW) for _ in range(3)))
    assert sum(len(r.filled) for r in results) == 1
    assert len(orders.trade_log[account().id]) == 1


async def test_an_order_cancelled_in_the_exchanges_app_is_closed(fake: FakeBinance) -> None:
    trading, orders = service(fake)
    resting = RestingOrders(trading)
    await rest_buy(resting, "dmwb3")
    fake.orders["dmwb3"]["status"] = "CANCELED"
    result = await resting.sync_live(account(), NOW)
    assert [o.status for o in result.expired] == [OrderStatus.CANCELLED] and result.resting == 0
    assert orders.orders["dmwb3"].status is OrderStatus.CANCELLED
    assert account().id not in orders.trade_log


class Accounts:
    async def get(self, owner: str, account_id: str):  # type: ignore[no-untyped-def]
        acc = account()
        return acc if (owner, account_id) == (acc.owner, acc.id) else None


class Sent:
    def __init__(self) -> None:
        self.cards: list[object] = []


class Ctx:
    def __init__(self, sent: Sent) -> None:
        self.now = NOW
        self.sent = sent

    async def send(self, destination: object, reply: object, kind: str = "") -> DeliveryResult:
        self.sent.cards.append((destination, reply, kind))
        return DeliveryResult(DeliveryStatus.SENT)


async def test_the_live_check_job_sends_the_fill_card_once_and_ends(fake: FakeBinance) -> None:
    trading, orders = service(fake)
    resting = RestingOrders(trading)
    await rest_buy(resting, "dmwb4")
    cards = OrderChecker(resting, orders, MarketCatalog())
    checker = LiveOrderChecker(resting, Accounts(), cards)  # type: ignore[arg-type]
    sent = Sent()
    job = Job.__new__(Job)
    object.__setattr__(job, "payload", {"owner": account().owner, "account_id": account().id})
    waiting = await checker.run(job, Ctx(sent))  # type: ignore[arg-type]
    assert isinstance(waiting, Reschedule) and sent.cards == []
    fake.fill_resting("dmwb4", "85000.00", "0.000001", "BTC")
    assert await checker.run(job, Ctx(sent)) is DONE  # type: ignore[arg-type]
    assert len(sent.cards) == 1 and sent.cards[0][2] == "order_fill"
    assert checker.kind().name == LIVE_CHECK_JOB


async def test_a_partial_fill_then_a_cancel_there_keeps_the_part_that_filled(fake: FakeBinance) -> None:
    trading, orders = service(fake)
    resting = RestingOrders(trading)
    await rest_buy(resting, "dmwb5")
    fake.fill_resting("dmwb5", "85000.00", "0.0000005", "BTC")
    fake.orders["dmwb5"].update(status="CANCELED", executedQty="0.0005", cummulativeQuoteQty="42.5")
    fake.trades[-1].update(qty="0.0005", quoteQty="42.5")
    (done,) = (await resting.sync_live(account(), NOW)).filled
    assert (done.status, done.quantity, done.quote_amount, done.fee) == (
        OrderStatus.CANCELLED, Decimal("0.0005"), Decimal("42.5"), Decimal("0.0000005"),
    )  # fmt: skip
    assert [t.quantity for t in orders.trade_log[account().id]] == [Decimal("0.0005")]
    assert (await resting.sync_live(account(), NOW)).resting == 0


class Turn:
    """What the open-orders action reads of a turn: its texts."""

    locale = "en"

    def t(self, key: str, **params: object) -> str:
        return key


def orders_skill(trading: TradingService, jobs: JobQueue) -> OrdersSkill:
    deps = AccountDeps(Accounts(), trading, trading.orders, MarketCatalog(), jobs)  # type: ignore[arg-type]
    skill = OrdersSkill(ACTIONS, deps, BOX, MemoryAuditLog(), FixedClock(NOW))

    async def the_account(turn: object, task: object) -> object:
        return account()

    skill.account = the_account  # type: ignore[method-assign]
    skill.private_reply = lambda turn, task, status, blocks, **kw: (status, blocks)  # type: ignore[method-assign,assignment,misc]
    return skill


async def test_listing_a_live_accounts_open_orders_starts_its_check_once(fake: FakeBinance) -> None:
    """An order whose check ended (or placed before the write-back existed) is checked again once the
    person lists the account's open orders; two processes asking at once make one job."""
    trading, _ = service(fake)
    await rest_buy(RestingOrders(trading), "dmwb5")  # rested with no job queue: no check runs
    store = MemoryJobStore()
    kinds = JobKinds([LiveOrderChecker(RestingOrders(trading), Accounts(), None).kind()])  # type: ignore[arg-type]
    processes = [orders_skill(trading, JobQueue(store, kinds, FixedClock(NOW))) for _ in range(2)]
    await asyncio.gather(*(p.open_orders(Turn(), None) for p in processes))  # type: ignore[arg-type]
    (job,) = store.jobs.values()
    assert (job.kind, job.payload) == (LIVE_CHECK_JOB, {"owner": account().owner, "account_id": account().id})
    await processes[0].open_orders(Turn(), None)  # type: ignore[arg-type]
    assert len(store.jobs) == 1  # one is scheduled: none added
    store.jobs[job.id] = replace(job, status=JobStatus.DONE)  # that check ended
    await processes[1].open_orders(Turn(), None)  # type: ignore[arg-type]
    assert len(store.jobs) == 2 and sum(j.status in LIVE_STATUSES for j in store.jobs.values()) == 1


async def test_listing_a_live_account_with_none_of_deskmates_orders_starts_nothing(fake: FakeBinance) -> None:
    trading, _ = service(fake)
    store = MemoryJobStore()
    kinds = JobKinds([LiveOrderChecker(RestingOrders(trading), Accounts(), None).kind()])  # type: ignore[arg-type]
    skill = orders_skill(trading, JobQueue(store, kinds, FixedClock(NOW)))
    await skill.open_orders(Turn(), None)  # type: ignore[arg-type]
    assert store.jobs == {}
