"""What one due DCA trader's tick costs the database and the market, on the app `deskmate run`
builds (SQLite file and PostgreSQL): one transaction per tick of its own (its stop check,
decision, paper order and the trader's counters), the rest per claimed batch (the claimed ticks
read their traders, decisions, strategies, accounts and paper balances together, the pauses of
their owners together, and store their outcomes together), and one quote of the symbol per tick
run however many traders buy it.
The statements it runs are built once, not per tick (a statement built with its values cost more
CPU than SQLite's work: 188 built for 8 ticks before, 17 after, the rest per claimed batch).
The fill notices of the ticks claimed together are logged in one write (`deskmate tick`'s batch,
every due tick up to RunnerConfig.due_batch).
Counted, so a regression fails here rather than in the benchmark."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

from cryptography.fernet import Fernet

from adapters.console import CollectingOutbound
from bot.jobs import build_runner
from bot.settings import Settings
from bot.wiring import App, build_app
from core.clock import FixedClock
from core.jobs import JobOutcome
from core.strategies import STRATEGIES, DcaParams, Interval, NewStrategy
from core.tasks.audit import AuditEntry
from core.traders import runtime
from core.traders.model import NewTrader, TraderState
from core.traders.ports import TRADERS
from core.workspace.accounts import EXCHANGE_ACCOUNTS, NewExchangeAccount
from tests.storage.statements import Built, Counted, built, counted

T0 = datetime(2030, 1, 6, 9, 0, tzinfo=UTC)
DAY = timedelta(days=1)
# A tick's own: one transaction (its stop check, decision, paper order and the trader's counters).
# A claimed batch's (up to 4 ticks): its claim, its read (traders, decisions, strategies, accounts,
# paper balances and caps), the pauses of the owners it tells, the sent notices' log rows, and
# the jobs' outcomes.
PER_BATCH = 5
CLAIMED = 4  # the runner's default concurrency: ticks claimed together
MAX_STATEMENTS = 25
# A tick's own transaction on an account that bought before: the stop check, the decision read,
# its balances (lock, write), the order (inserted filled), the position (lock, write), the fill,
# the audit rows, the decision and the trader's counters.
STEADY_TICK = 11
# On PostgreSQL the fill, the position, the balances and the audit rows are one statement (WITH
# fill AS ..., position AS ..., balance0 AS ... INSERT INTO audit_log), and so are the decision
# and the trader's counters (WITH decision AS (INSERT INTO trader_decisions ...) UPDATE traders
# ...): 7 statements, not 9 (with BEGIN and COMMIT, 9 round trips, not 11).
STEADY_TICK_PG = 7
FILL = {"sqlite": "INSERT INTO trading_fills", "postgresql": "WITH fill AS"}
DECISION = {"sqlite": "INSERT INTO trader_decisions", "postgresql": "WITH decision AS"}
COUNTERS = {"sqlite": "UPDATE traders SET", "postgresql": "WITH decision AS"}


async def _app(url: str, tmp: Path, clock: FixedClock) -> App:
    settings = Settings(
        _env_file=None,
        database_url=url,
        data_dir=tmp / "data",
        secret_key=Fernet.generate_key().decode(),
        market="demo",
    )
    return await build_app(settings, clock=clock)


async def _traders(app: App, n: int, first: int, clock: FixedClock) -> None:
    """``n`` owners, each with a paper account, a daily 20 USDT BTC DCA and a running trader
    whose tick is due a day from now."""
    services = app.skills.services
    now = clock.now()
    for i in range(first, first + n):
        owner = f"console:user-{i}"
        audit = AuditEntry(owner, f"console:chat-{i}:user-{i}:", now, "test", "create", None, None, "ok")
        account = await services.get(EXCHANGE_ACCOUNTS).create(
            NewExchangeAccount(owner, "paper", "paper", {}, Decimal("10000"), now), audit
        )
        params = DcaParams("BTCUSDT", Decimal("20"), Interval.of("1d"), None)
        strategy = await services.get(STRATEGIES).create(NewStrategy(owner, "s", params, now, True), audit)
        traders = services.get(TRADERS)
        trader = await traders.create(
            NewTrader(owner, "t", account.id, strategy.id, None, False, False, now), audit
        )
        started = await traders.transition(
            owner, trader.id, (TraderState.STOPPED,), TraderState.RUNNING, now, None, new_run=True
        )
        assert started is not None
        await runtime.schedule(app.jobs, started, now + DAY, "en")


async def _tick(app: App, clock: FixedClock) -> tuple[int, Counted, int, Built]:
    """A day later, every trader's tick: how many ran, what they sent the database, the quotes
    the market was asked for, and the statements built."""
    clock.advance(DAY.total_seconds())
    market: Any = app.market
    inner = market.inner
    asked: list[str] = []
    real = inner.get_book

    async def get_book(symbol: str) -> Any:
        asked.append(symbol)
        return await real(symbol)

    inner.get_book = get_book
    try:
        with counted() as sql, built() as made:
            runs = await build_runner(app, CollectingOutbound()).run_due()
    finally:
        del inner.get_book
    assert [r.outcome for r in runs] == [JobOutcome.RESCHEDULED] * len(runs), runs
    return len(runs), sql, len(asked), made


async def test_a_dca_tick_costs_the_same_few_statements_per_trader_and_one_quote(
    db_url: str, tmp_path: Path
) -> None:
    clock = FixedClock(T0)
    app = await _app(db_url, tmp_path, clock)
    try:
        await _traders(app, 3, 0, clock)
        ran, few, quotes, _ = await _tick(app, clock)
        assert ran == 3 and quotes == 1
        await _traders(app, 6, 3, clock)  # due a day later, with the first three's next ticks
        ran, many, quotes, made = await _tick(app, clock)
        assert quotes == 1  # one quote of BTCUSDT for the nine ticks
        store: Any = app.jobs.store
        driven = dict(store._driven or {})  # PostgreSQL: the statements sent on the driver
        reschedule_many = store._sql.reschedule_many
    finally:
        await app.aclose()
    assert ran == 9
    pg = db_url.startswith("postgresql")
    backend = "postgresql" if pg else "sqlite"
    fill, recorded = FILL[backend], DECISION[backend]
    for sql, n in ((few, 3), (many, 9)):
        # One transaction a tick of its own, holding the whole tick: the stop check (the
        # trader's row lock), the decision, the order and its fill, and the trader's counters.
        ticks = sql.together(recorded)
        assert len(ticks) == n, ticks
        for tick in ticks:
            assert tick[0].startswith("UPDATE traders SET state=traders.state"), tick  # the stop check
            assert not any(s.startswith("UPDATE trading_orders") for s in tick), tick  # inserted filled
            for part in ("INSERT INTO trading_orders", fill, COUNTERS[backend]):
                assert any(s.startswith(part) for s in tick), (part, tick)
        # Nothing else of the ticks' is per tick: the rest is per claimed batch (and the last
        # claim, finding none, and at most one prune of finished rows).
        batches = -(-n // CLAIMED)
        assert sql.transactions <= n + PER_BATCH * batches + 2, (n, sql.transactions, sql.grouped)
        assert len(sql.statements) <= MAX_STATEMENTS * n, (n, len(sql.statements))
        assert len(sql.of(fill)) == n  # every trader bought, once
    # Linear: three times the traders, at most three times the statements.
    assert len(many.statements) <= 3 * len(few.statements), (len(few.statements), len(many.statements))
    # The nine due ticks are claimed together (RunnerConfig.due_batch; before: four at a time,
    # three batches), so what is per batch is once for them all.
    assert len(many.of("SELECT strategies")) == 1  # read per claimed batch, not per tick
    # The owners' pauses: per batch too (on PostgreSQL on the asyncpg connection itself, not
    # through SQLAlchemy: deliveries.ON_DRIVER; its log rows below too).
    assert len(many.of("SELECT paused_destinations")) == (0 if pg else 1)
    # Each job rescheduled once, in one write per batch: on PostgreSQL one statement for the
    # nine (arrays of their values), on SQLite one each.
    if db_url.startswith("postgresql"):
        # ... sent on the asyncpg connection itself (as the claim is), not through SQLAlchemy.
        assert reschedule_many in driven
        assert not many.of("UPDATE jobs") and not many.of("WITH picked"), many.statements
    else:
        assert len(many.of("UPDATE jobs SET payload")) == 9
        assert len(many.together("UPDATE jobs SET payload")) == 1
    # A tick of an account that bought before: its balance and position rows are there, not
    # "created" again, the order is inserted filled (not pending, then updated) and its two
    # audit rows are one write: 11 statements (before: 15, the first three traders' second
    # ticks here). Its first buy creates them.
    ticks = many.together(recorded)
    steady = [tick for tick in ticks if not any(s.startswith("INSERT INTO paper_balances") for s in tick)]
    assert len(steady) == 3, ticks
    assert all(len(tick) <= (STEADY_TICK_PG if pg else STEADY_TICK) for tick in steady), steady
    if pg:  # the fill, the position and the audit rows: one statement (before: three)
        for tick in steady:
            assert not [
                s for s in tick if s.startswith(("INSERT INTO trading_fills", "INSERT INTO audit_log"))
            ]
            assert not [
                s for s in tick if s.startswith(("UPDATE trading_positions", "UPDATE paper_balances"))
            ]
    # Built once (the batch's reads are built per claimed batch of 4): before, ~23 a tick.
    assert made.count <= 2 * ran, made.count
    # The fill notices' log rows: one write per claimed batch (4, 4, 1), not one a notice.
    assert len(many.of("INSERT INTO deliveries")) == (0 if pg else 1), many.statements
