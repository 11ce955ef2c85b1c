"""The Binance budget of alert checks: 1,000 alerts on 50 symbols cost 50 quotes per check round
(one bookTicker call per symbol, weight 2 each), however the alerts are spread, whatever fires."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from core.clock import FixedClock
from core.jobs import JobKinds, JobQueue, JobRunner
from core.jobs.memory import MemoryJobStore
from core.markets import MarketCatalog
from core.outbound import Destination, PlatformRouter, RecordedOutbound
from core.outbound.memory import MemoryDeliveryLog
from core.skills.price_alert.check import AlertChecker
from core.skills.price_alert.memory import MemoryAlertStore
from core.skills.price_alert.model import Alert, AlertSpec, AlertStatus
from core.skills.price_alert.skill import CHECK_EVERY, CHECK_JOB
from core.workspace.memory import MemoryWorkspace
from tests.alerts.conftest import Recorder
from tests.fakes import NOW, ScriptedMarket

SYMBOLS = [f"C{i:02d}USDT" for i in range(50)]
BOOK_TICKER_WEIGHT = 2  # GET /api/v3/ticker/bookTicker with one symbol (Binance spot API docs)
REQUEST_WEIGHT_PER_MINUTE = 6000  # Binance's REQUEST_WEIGHT limit per IP


async def test_a_thousand_alerts_on_fifty_symbols_cost_fifty_quotes_a_round() -> None:
    clock = FixedClock(NOW)
    market = ScriptedMarket(prices=dict.fromkeys(SYMBOLS, Decimal("100")), clock=clock)
    store = MemoryAlertStore(MemoryWorkspace().audit)
    for i in range(1000):
        symbol = SYMBOLS[i % 50]
        spec = (
            AlertSpec(symbol, "below", Decimal(90 - i % 7))
            if i % 3
            else AlertSpec(symbol, "move", Decimal(5), "1h", repeat=True, cooldown=timedelta(hours=1))
        )
        store.alerts[f"a{i:04d}"] = Alert(
            f"a{i:04d}", f"telegram:{i}", f"telegram:{i}:{i}:", Destination.direct("telegram", str(i)),
            spec, AlertStatus.ACTIVE, True, "en", "binance", NOW,
        )  # fmt: skip
    checker = AlertChecker(store, market, MarketCatalog(), None)
    jobs = JobQueue(MemoryJobStore(), JobKinds([checker.kind()]), clock)
    for symbol in SYMBOLS:
        await jobs.enqueue(CHECK_JOB, {"symbol": symbol}, dedupe_key=f"{CHECK_JOB}:{symbol}")
    sender = Recorder()
    router = PlatformRouter()
    router.attach("telegram", sender)
    runner = JobRunner(jobs.store, jobs.kinds, RecordedOutbound(router, MemoryDeliveryLog(), clock), clock)

    rounds = 4
    for n in range(rounds):
        if n == 2:  # every symbol falls: 667 level alerts fire at once, and the moves too
            market.prices = dict.fromkeys(SYMBOLS, Decimal("80"))
        assert len(await runner.run_due()) == 50
        clock.advance(CHECK_EVERY.total_seconds())

    quotes = [c for c in market.calls if c[0] == "quote"]
    assert len(quotes) == 50 * rounds  # one per symbol per round, never one per alert
    assert len(sender.sent) == 1000  # 667 levels and 333 moves of 20 %, each delivered once
    per_minute = 50 * BOOK_TICKER_WEIGHT * (60 / CHECK_EVERY.total_seconds())
    assert per_minute == 200 and per_minute / REQUEST_WEIGHT_PER_MINUTE < 0.04
