"""What a check's firings cost the alert store (SQLite file and PostgreSQL): the firings are
claimed in one transaction, and each delivery is one statement (its start, with the previous
firing's outcome), plus the last outcome: a fixed cost per firing, whatever their number.
With the shipped token store and delivery log beside it, still one transaction a firing: the
cards' buttons are stored together, the destinations' pauses read together and the sent
cards' log rows written together (before: three more a firing).
Counted, so a regression fails here rather than in the benchmark."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from asyncio import selector_events
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import asyncpg
import pytest
from sqlalchemy import event, select
from sqlalchemy.engine import make_url

from adapters.storage.deliveries import SqlDeliveryLog
from adapters.storage.engine import create_engine
from adapters.storage.price_alerts import SqlAlertStore, _sql
from adapters.storage.state_store import SqlStateStore
from adapters.storage.tables import action_tokens
from core.clock import FixedClock
from core.events import ConversationKey
from core.jobs import JobContext, JobKinds, JobQueue
from core.jobs.memory import MemoryJobStore
from core.jobs.model import Job, JobStatus
from core.markets import MarketCatalog
from core.outbound import RecordedOutbound
from core.outbound.memory import MemoryDeliveryLog
from core.ports import ClaimOutcome
from core.skills.price_alert.card import CARD_BUTTON_TTL
from core.skills.price_alert.check import AlertChecker
from tests.storage.alert_worker import Market, Writer, alert_id
from tests.storage.statements import Built, Counted, built, counted
from tests.storage.test_price_alert_store import NOW, _seed

MAX_BUILT = 0  # statements the alert store builds during a check


@contextmanager
def on_the_driver(sql: Counted) -> Iterator[None]:
    """Adds to ``sql`` the statements sent on an asyncpg connection itself (PostgreSQL), not
    through SQLAlchemy's execution (whose statements ``counted`` sees): a firing's start of
    delivery and outcome (adapters.storage.driven). Each alone in autocommit: a transaction."""
    with pytest.MonkeyPatch.context() as patch:
        for name in ("fetch", "execute"):
            sent = getattr(asyncpg.Connection, name)

            async def sending(conn: Any, query: str, *args: Any, _sent: Any = sent, **kwargs: Any) -> Any:
                if not query.upper().startswith(("BEGIN", "COMMIT", "ROLLBACK")):  # SQLAlchemy's own
                    text = query.strip().split("\n")[0]
                    sql.statements.append(text)
                    sql.grouped.append([text])
                    sql.transactions += 1
                return await _sent(conn, query, *args, **kwargs)

            patch.setattr(asyncpg.Connection, name, sending)
        yield


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
        with counted() as sql, on_the_driver(sql), built() as constructed:
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
    # On PostgreSQL the price sample is added in the record's statement (before: 3 + 1 + n + 1).
    pg = db_url.startswith("postgresql")
    assert sql.transactions == (2 if pg else 3) + 1 + n + 1, sql.statements
    # The claim (the lapsed marked lost and the waiting claimed in one UPDATE; before: two);
    # one a firing (its start of delivery and the previous one's outcome in one statement: on
    # PostgreSQL one round trip with no BEGIN / COMMIT; before: two statements in a transaction,
    # four round trips); the last one's outcome. On PostgreSQL the claim is in the statement that
    # reads the firings claimed with their alerts (a data-modifying WITH).
    assert len(sql.of("WITH took AS")) == (1 if pg else 0), sql.statements
    assert len(sql.of("UPDATE price_alert_triggers")) == (0 if pg else 1) + n + 1, sql.statements


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
    # for each firing (3 + 1 + 4n + 1). On PostgreSQL the buttons are written by the first
    # firing's start of delivery, in its statement (a data-modifying WITH): no write of their
    # own (before: 3 + 1 + 3 + n + 1).
    pg = db_url.startswith("postgresql")
    pruned = len(sql.of("DELETE FROM deliveries"))  # the log prunes on its first write
    assert pruned <= 1
    assert sql.transactions == (2 if pg else 3) + 1 + (2 if pg else 3) + n + 1 + pruned, sql.statements
    assert len(sql.of("INSERT INTO action_tokens")) == (0 if pg else 1), sql.statements
    assert len(sql.of("WITH issued AS")) == (1 if pg else 0), sql.statements
    assert len(sql.of("INSERT INTO deliveries")) == 1, sql.statements
    await _buttons_work(db_url, n)


async def _buttons_work(url: str, cards: int) -> None:
    """Each card's two buttons (re-arm, delete) stored, and pressed from the conversation its
    alert was set from: claimed, with its payload."""
    engine = create_engine(url)
    tokens = SqlStateStore(engine)
    try:
        async with engine.connect() as conn:
            rows = list(await conn.execute(select(action_tokens)))
        assert len(rows) == 2 * cards, rows
        assert all(r.used_at is None and r.expires_at - r.created_at == CARD_BUTTON_TTL for r in rows)
        row = rows[0]
        claim = await tokens.claim_token(row.token, ConversationKey.from_str(row.conversation_key), NOW)
        assert claim.outcome is ClaimOutcome.CLAIMED and claim.token is not None, claim
        assert claim.token.payload["kind"] in ("price_alert.rearm", "price_alert.delete")
        assert claim.token.created_at == NOW
    finally:
        await tokens.close()
        await engine.dispose()


async def test_a_checks_firings_are_one_insert_and_its_alerts_updated_by_what_changed(
    db_url: str, tmp_path: Path
) -> None:
    n = 6
    await _seed(db_url, n)
    sql = await _check(db_url, tmp_path / "sent.txt")
    if db_url.startswith("postgresql"):
        # Every alert's compare-and-set (arrays of their values: one round trip, not one an
        # alert) and the firings of those it changed, in one statement, with the price sample
        # (its insert and the prune: before, a statement of their own).
        [record] = sql.of("WITH pruned AS")
        assert record.startswith("WITH pruned AS"), sql.statements
        assert not sql.of("WITH changed AS") and not sql.of("INSERT INTO price_alert_samples"), sql.statements
        assert not sql.of("UPDATE price_alerts ") and not sql.of("INSERT INTO price_alert_triggers")
        return
    # The firings recorded: one INSERT of every row (before: one a firing).
    [firings] = sql.of("INSERT INTO price_alert_triggers")
    assert firings in sql.many, sql.statements
    # Each alert's compare-and-set writes what the check changed, not the whole row again.
    updates = sql.of("UPDATE price_alerts ")
    assert len(updates) == n, sql.statements
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


@contextmanager
def wire_writes(url: str) -> Iterator[list[int]]:
    """Writes to the PostgreSQL server's socket while inside, counted in the one-item list: one
    per round trip (asyncpg sends a statement's Bind, Execute and Sync, or a BEGIN, in one write,
    then waits for the answer)."""
    port = make_url(url).port or 5432
    transport_class: Any = vars(selector_events)["_SelectorSocketTransport"]  # asyncpg writes through it
    write = transport_class.write
    writes = [0]

    def counting(transport: Any, data: Any) -> None:
        peer = transport.get_extra_info("peername")
        if peer is not None and peer[1] == port:
            writes[0] += 1
        write(transport, data)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(transport_class, "write", counting)
        yield writes


async def test_a_check_on_postgresql_is_a_fixed_number_of_round_trips_and_one_a_firing(
    db_url: str, tmp_path: Path
) -> None:
    """On the wire: the alerts read, the check's compare-and-sets with its firings and the price
    sample (its insert and the prune), the claim (the lapsed marked lost, the waiting claimed, read
    with their alerts) are one round trip each, with no BEGIN or COMMIT around them; then one a
    firing (its start of delivery, with the previous one's outcome: on the server before its send,
    so a kill -9 never sends it twice) and the last one's outcome. Before: 3 + 4 + 4 + 5, n, 1;
    then 1 + 1 + 1 + 1, n, 1 (the sample a round trip of its own).
    The firings' statements share one connection from the pool (before: one checkout each)."""
    if not db_url.startswith("postgresql"):
        pytest.skip("round trips are PostgreSQL's")
    engine = create_engine(db_url, pool_size=1)  # one connection: each statement prepared once on it
    store = SqlAlertStore(engine)
    checker = AlertChecker(store, Market(), MarketCatalog(), None)  # type: ignore[arg-type]
    clock = FixedClock(NOW)
    out = tmp_path / "sent.txt"
    outbound = RecordedOutbound(Writer(out, alert_id), MemoryDeliveryLog(), clock)
    queue = JobQueue(MemoryJobStore(), JobKinds(), clock)
    job = Job(
        "job-1", "price_alert.check", {"symbol": "BTCUSDT"}, JobStatus.RUNNING, NOW, 1, 5, NOW, NOW,
        lease_token="t1",
    )  # fmt: skip
    try:
        counts, checkouts = [], []
        taken = [0]

        def checkout(*_: Any) -> None:
            taken[0] += 1

        event.listen(engine.sync_engine.pool, "checkout", checkout)
        for first, n in ((0, 2), (2, 2), (4, 6)):  # the first check prepares the statements
            await _seed(db_url, n, first=first)  # alerts of their own: those of the last check fired
            taken[0] = 0
            with wire_writes(db_url) as writes:
                await checker.run(job, JobContext(job, NOW, clock, outbound, queue))
            counts.append(writes[0])
            checkouts.append(taken[0])
        assert len(out.read_text().split()) == 10  # each card once
        # The price sample is in the record's statement (before: 4 + 2 + 1, 4 + 6 + 1).
        assert counts[1:] == [3 + 2 + 1, 3 + 6 + 1], counts
        # The alerts read, the record with the sample, the claim; the deliveries' one.
        assert checkouts[1:] == [3 + 1, 3 + 1], checkouts
    finally:
        await store.close()
        await engine.dispose()


async def test_a_shipped_check_s_buttons_pauses_and_log_are_one_round_trip_each(
    db_url: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """As `deskmate run` wires it (the SQL token store and delivery log): the destinations' pauses
    read are one statement, sent with no BEGIN / COMMIT, and the cards' buttons are stored by the
    first firing's start of delivery (before: three round trips each: 13 and 17, then one each:
    9 and 13, 8 and 12 with the price sample in the record's statement: 7 and 11, and the sent
    cards' log rows one more).

    The log has a connection of its own, as from `deskmate run`'s pool: its rows are written while
    the firings' one is held. (Until session 49 it shared the firings' one connection, so each
    check's log write waited the pool's 30 s and failed, logged: 90 s, and the rows unwritten.)"""
    if not db_url.startswith("postgresql"):
        pytest.skip("round trips are PostgreSQL's")
    engine = create_engine(db_url, pool_size=1)  # one connection: each statement prepared once on it
    log_engine = create_engine(db_url, pool_size=1)
    store, tokens, deliveries = SqlAlertStore(engine), SqlStateStore(engine), SqlDeliveryLog(log_engine)
    checker = AlertChecker(store, Market(), MarketCatalog(), tokens)  # type: ignore[arg-type]
    clock = FixedClock(NOW)
    out = tmp_path / "sent.txt"
    outbound = RecordedOutbound(Writer(out, alert_id), deliveries, clock)
    queue = JobQueue(MemoryJobStore(), JobKinds(), clock)
    job = Job(
        "job-1", "price_alert.check", {"symbol": "BTCUSDT"}, JobStatus.RUNNING, NOW, 1, 5, NOW, NOW,
        lease_token="t1",
    )  # fmt: skip
    try:
        counts = []
        for first, n in ((0, 2), (2, 2), (4, 6)):  # the first check prepares (and prunes the log)
            await _seed(db_url, n, first=first)
            with wire_writes(db_url) as writes:
                await checker.run(job, JobContext(job, NOW, clock, outbound, queue))
            counts.append(writes[0])
        assert len(out.read_text().split()) == 10  # each card once
        # As a check alone (4 + n + 1), and the pauses' read: the buttons are inserted by the
        # first firing's start of delivery, in its statement (before: a round trip of their own,
        # 4 + 2 + 2 + 1 and 4 + 2 + 6 + 1).
        # And the price sample in the record's statement (before: 4 + 1 + 2 + 1, 4 + 1 + 6 + 1).
        # Then the sent cards' log rows, one INSERT of them all.
        assert counts[1:] == [3 + 1 + 2 + 1 + 1, 3 + 1 + 6 + 1 + 1], counts
        assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []
    finally:
        await store.close()
        await deliveries.close()
        await tokens.close()
        await engine.dispose()
        await log_engine.dispose()
