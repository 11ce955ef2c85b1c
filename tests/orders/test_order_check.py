"""The Binance budget of the order check: 1,000 resting paper orders on 50 symbols cost 50 book
calls per check round (one bookTicker per symbol, weight 2 each), however many orders rest and
whatever fills; each fill card is delivered once, through the outbound port, in the order's
language, to its owner's private chat."""

from __future__ import annotations

from decimal import Decimal

from core.clock import FixedClock
from core.jobs import JobKinds, JobQueue, JobRunner
from core.jobs.memory import MemoryJobStore
from core.markets import MarketCatalog
from core.outbound import PlatformRouter, RecordedOutbound
from core.outbound.memory import MemoryDeliveryLog
from core.reply import NoticeBlock, OrderBlock
from core.skills.orders.check import CHECK_EVERY, OrderChecker
from core.tasks.audit import AuditEntry
from core.trading.memory import MemoryOrderStore
from core.trading.model import NewOrder, Resting
from core.trading.orders import RestingOrders
from core.trading.resting import Lock
from core.trading.service import TradingService
from core.workspace.memory import MemoryWorkspace
from core.workspace.order_talk import CHECK_JOB
from tests.alerts.conftest import Recorder
from tests.fakes import NOW, ScriptedMarket

SYMBOLS = [f"C{i:02d}USDT" for i in range(50)]
BOOK_TICKER_WEIGHT = 2  # GET /api/v3/ticker/bookTicker with one symbol (Binance spot API docs)
REQUEST_WEIGHT_PER_MINUTE = 6000  # Binance's REQUEST_WEIGHT limit per IP


async def test_a_thousand_orders_on_fifty_symbols_cost_fifty_books_a_round() -> None:
    clock = FixedClock(NOW)
    market = ScriptedMarket(prices=dict.fromkeys(SYMBOLS, Decimal("100")), clock=clock)
    store = MemoryOrderStore(MemoryWorkspace().audit)
    for i in range(1000):
        symbol = SYMBOLS[i % 50]
        account = f"a{i % 20}"
        spec = Resting("limit", limit_price=Decimal(90 - i % 7), locale="zh" if i % 2 else "en")
        new = NewOrder(
            f"dm{i:04d}", f"telegram:{i % 20}", account, "paper", "paper", "paper", symbol, "buy",
            Decimal("1"), NOW, spec,
        )  # fmt: skip
        audit = AuditEntry(new.owner, "t", NOW, "orders", "order", None, None, "ok")
        await store.rest([new], Lock("USDT", Decimal("100")), Decimal("1000000"), audit)
    trading = TradingService(store, market, MarketCatalog(), clock)
    checker = OrderChecker(RestingOrders(trading), store, MarketCatalog())
    jobs = JobQueue(MemoryJobStore(), JobKinds([checker.kind()]), clock)
    for symbol in SYMBOLS:
        await jobs.enqueue(CHECK_JOB, {"symbol": symbol}, dedupe_key=f"{CHECK_JOB}:{symbol}")
    sender = Recorder()
    router = PlatformRouter()
    router.attach("telegram", sender)
    runner = JobRunner(jobs.store, jobs.kinds, RecordedOutbound(router, MemoryDeliveryLog(), clock), clock)

    rounds = 4
    for n in range(rounds):
        if n == 2:  # every ask falls to 83.5: every limit (84..90) is crossed at once
            market.prices = dict.fromkeys(SYMBOLS, Decimal("83.5"))
        assert len(await runner.run_due()) == (50 if n < 3 else 0)  # nothing rests after the fills
        clock.advance(CHECK_EVERY.total_seconds())

    books = [c for c in market.calls if c[0] == "book"]
    assert len(books) == 50 * 3  # one per symbol per round, never one per order
    assert len(sender.sent) == 1000  # each fill card once
    first = sender.sent[0]
    assert first.destination.is_direct and first.kind == "order_fill"
    notice = next(b for b in first.reply.blocks if isinstance(b, NoticeBlock))
    assert "83.5" in notice.text
    assert any(isinstance(b, OrderBlock) and b.status == "filled" for b in first.reply.blocks)
    assert {s.reply.locale for s in sender.sent} == {"zh", "en"}
    per_minute = 50 * BOOK_TICKER_WEIGHT * (60 / CHECK_EVERY.total_seconds())
    assert per_minute == 200 and per_minute / REQUEST_WEIGHT_PER_MINUTE < 0.04
