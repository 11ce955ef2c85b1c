"""What a check's firings cost the alert store (SQLite file and PostgreSQL): the firings are
claimed in one transaction, and each delivery is one statement (its start, with the previous
firing's outcome), plus the last outcome: a fixed cost per firing, whatever their number.
With the shipped token store and delivery log beside it, still one transaction a firing: the
cards' buttons are stored together, the destinations' pauses read together and the sent
cards' log rows written together (before: three more a firing).
Counted, so a regression fails here rather than in the benchmark."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.storage.deliveries import SqlDeliveryLog
from adapters.storage.engine import create_engine
from adapters.storage.price_alerts import SqlAlertStore, _sql
from adapters.storage.state_store import SqlStateStore
from core.clock import FixedClock
from core.jobs import JobContext, JobKinds, JobQueue
from core.jobs.memory import MemoryJobStore
from core.jobs.model import Job, JobStatus
from core.markets import MarketCatalog
from core.outbound import RecordedOutbound
from core.outbound.memory import MemoryDeliveryLog
from core.skills.price_alert.check import AlertChecker
from tests.storage.alert_worker import Market, Writer, alert_id
from tests.storage.statements import Built, Counted, built, counted
from tests.storage.test_price_alert_store import NOW, _seed

MAX_BUILT = 0  # statements the alert store builds during a check


async def _check(url: str, out: Path, *, shipped: bool = False, made: Built | None = None) -> Counted:
    """One check of BTCUSDT; ``shipped``: with the SQL token store (the cards' buttons) and
    delivery log, as `deskmate run` wires them."""
    engine = create_engine(url)
    store = SqlAlertStore(engine)
    clock = FixedClock(NOW)
    tokens = SqlStateStore(engine) if shipped else None
    deliveries = SqlDeliveryLog(engine) if shipped else MemoryDeliveryLog()
    checker = AlertChecker(store, Market(), MarketCatalog(), tokens)  # type: ignore[arg-type]
    outbound = RecordedOutbound(Writer(out, alert_id), deliveries, clock)
    queue = JobQueue(MemoryJobStore(), JobKinds(), clock)
    job = Job(
        "job-1", "price_alert.check", {"symbol": "BTCUSDT"}, JobStatus.RUNNING, NOW, 1, 5, NOW, NOW,
        lease_token="t1",
    )  # fmt: skip
    _sql()  # the store's statements are built on first use, once a process (not at import)
    try:
        with counted() as sql, built() as constructed:
            await checker.run(job, JobContext(job, NOW, clock, outbound, queue))
        if made is not None:
            made.count = constructed.count
        assert await checker.store.claim_triggers("BTCUSDT", "x", NOW, NOW) == []  # all finished
        return sql
    finally:
        await store.close()
        if isinstance(deliveries, SqlDeliveryLog):
            await deliveries.close()
        if tokens is not None:
            await tokens.close()
        await engine.dispose()


async def test_each_firing_is_one_write_of_the_alert_store(db_url: str, tmp_path: Path) -> None:
    n = 6
    await _seed(db_url, n)
    out = tmp_path / "sent.txt"
    made = Built()
    sql = await _check(db_url, out, made=made)
    assert len(out.read_text().split()) == n  # each card once
    # The alert store's statements are built once, not per alert or firing (a statement built
    # with its values, and its cache key, cost more CPU than SQLite's work for it).
    assert made.count <= MAX_BUILT, made.count
    # The alerts read, the price sample and the firings recorded; then the claim, one write
    # per firing (its start, with the previous one's outcome), the last one's outcome.
    assert sql.transactions == 3 + 1 + n + 1, sql.statements
    # Lapsed, claim; one a firing (its start of delivery and the previous one's outcome in one
    # statement: on PostgreSQL one round trip with no BEGIN / COMMIT; before: two statements in
    # a transaction, four round trips); the last one's outcome.
    assert len(sql.of("UPDATE price_alert_triggers")) == 2 + n + 1, sql.statements


async def test_a_firing_with_its_card_buttons_and_delivery_log_is_one_transaction(
    db_url: str, tmp_path: Path
) -> None:
    n = 6
    await _seed(db_url, n)
    out = tmp_path / "sent.txt"
    sql = await _check(db_url, out, shipped=True)
    assert len(out.read_text().split()) == n  # each card once
    # As above, and: the cards' buttons (one write), the destinations' pauses (one read), the
    # sent cards' log rows (one write). Before: a token write, a pause read and a log write
    # for each firing (3 + 1 + 4n + 1).
    pruned = len(sql.of("DELETE FROM deliveries"))  # the log prunes on its first write
    assert pruned <= 1
    assert sql.transactions == 3 + 1 + 3 + n + 1 + pruned, sql.statements
    assert len(sql.of("INSERT INTO action_tokens")) == 1, sql.statements
    assert len(sql.of("INSERT INTO deliveries")) == 1, sql.statements


async def test_a_checks_firings_are_one_insert_and_its_alerts_updated_by_what_changed(
    db_url: str, tmp_path: Path
) -> None:
    n = 6
    await _seed(db_url, n)
    sql = await _check(db_url, tmp_path / "sent.txt")
    # The firings recorded: one INSERT of every row (before: one a firing).
    [firings] = sql.of("INSERT INTO price_alert_triggers")
    assert firings in sql.many, sql.statements
    # Each alert's compare-and-set writes what the check changed, not the whole row again: on
    # PostgreSQL in one statement for them all (arrays of their values: one round trip, not
    # one an alert), on SQLite one each.
    updates = sql.of("UPDATE price_alerts ")
    assert len(updates) == (1 if db_url.startswith("postgresql") else n), sql.statements
    assert all("destination" not in u and "last_price" in u for u in updates), updates


@pytest.mark.process
def test_importing_the_alert_store_builds_no_statement() -> None:
    """Every command imports the store with the app's wiring; its statements are built when a
    check first runs, not at import (13 statements, ~15 ms of a cold start before)."""
    probe = (
        "import importlib\n"
        "import adapters.storage.audit_log, adapters.storage.runner, adapters.storage.tables\n"
        "import core.skills.price_alert.model, core.skills.price_alert.ports\n"
        "from tests.storage.statements import built\n"
        "with built() as made:\n"
        "    importlib.import_module('adapters.storage.price_alerts')\n"
        "print(made.count)\n"
    )
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=root, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "0"
