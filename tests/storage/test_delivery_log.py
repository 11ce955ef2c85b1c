"""The DeliveryLog contract on the memory fake, a SQLite file and PostgreSQL."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from adapters.storage import migrate
from adapters.storage.deliveries import SqlDeliveryLog
from adapters.storage.engine import create_engine
from core.outbound import DeliveryLog, DeliveryRecord, DeliveryStatus, Destination
from core.outbound.memory import MemoryDeliveryLog
from tests.storage.conftest import _clear

NOW = datetime(2026, 7, 13, 12, 0, tzinfo=UTC)
ALICE = Destination.direct("telegram", "42")
GROUP = Destination.chat("telegram", "-100777", "5")


@pytest.fixture(params=["memory", "sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> str | None:
    if request.param == "memory":
        return None
    if request.param == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path / 'deliveries.db'}"
        migrate.upgrade(url)
        return url
    pg: str = request.getfixturevalue("pg_migrated_url")
    asyncio.run(_clear(pg))
    return pg


@pytest.fixture
async def log(backend: str | None) -> AsyncIterator[DeliveryLog]:
    if backend is None:
        yield MemoryDeliveryLog()
        return
    engine = create_engine(backend)
    sql = SqlDeliveryLog(engine)
    try:
        yield sql
    finally:
        await sql.close()
        await engine.dispose()


def record(
    dest: Destination, status: DeliveryStatus, at: datetime, code: str | None = None, kind: str = "alert"
) -> DeliveryRecord:
    return DeliveryRecord(dest, kind, status, at, code, job_id="job-1" if kind == "alert" else None)


async def test_undelivered_lists_what_did_not_arrive_for_one_destination_oldest_first(
    log: DeliveryLog,
) -> None:
    await log.record(record(ALICE, DeliveryStatus.FAILED, NOW, "network_error", kind="fill"))
    await log.record(record(ALICE, DeliveryStatus.SENT, NOW + timedelta(seconds=1)))
    await log.record(
        record(ALICE, DeliveryStatus.BLOCKED, NOW + timedelta(seconds=2), "bot_blocked"), pause=True
    )
    await log.record(record(ALICE, DeliveryStatus.PAUSED, NOW + timedelta(seconds=3), "bot_blocked"))
    await log.record(record(GROUP, DeliveryStatus.FAILED, NOW + timedelta(seconds=4), "network_error"))

    found = await log.undelivered(ALICE, since=NOW)
    assert [(r.kind, r.status, r.error_code) for r in found] == [
        ("fill", DeliveryStatus.FAILED, "network_error"),
        ("alert", DeliveryStatus.BLOCKED, "bot_blocked"),
        ("alert", DeliveryStatus.PAUSED, "bot_blocked"),
    ]
    assert found[1].destination == ALICE and found[1].job_id == "job-1"
    assert found[1].created_at == NOW + timedelta(seconds=2)
    assert [r.status for r in await log.undelivered(ALICE, since=NOW + timedelta(seconds=3))] == ["paused"]
    [group] = await log.undelivered(GROUP, since=NOW)
    assert group.destination == GROUP  # thread and chat survive the round trip


async def test_a_pause_keeps_its_first_reason_until_resumed(log: DeliveryLog) -> None:
    assert await log.paused(ALICE) is None
    await log.record(record(ALICE, DeliveryStatus.BLOCKED, NOW, "bot_blocked"), pause=True)
    await log.record(
        record(ALICE, DeliveryStatus.BLOCKED, NOW + timedelta(hours=1), "user_deactivated"), pause=True
    )

    paused = await log.paused(ALICE)
    assert paused is not None
    assert (paused.destination, paused.reason, paused.paused_at) == (ALICE, "bot_blocked", NOW)
    assert await log.paused(GROUP) is None

    assert await log.resume(ALICE)
    assert await log.paused(ALICE) is None
    assert not await log.resume(ALICE)


async def test_two_processes_pausing_one_destination_at_once_make_one_pause(db_url: str) -> None:
    engines = [create_engine(db_url), create_engine(db_url)]
    logs = [SqlDeliveryLog(e) for e in engines]
    try:
        await asyncio.gather(
            *(
                logs[i % 2].record(record(ALICE, DeliveryStatus.BLOCKED, NOW, f"code{i}"), pause=True)
                for i in range(10)
            )
        )
        paused = await logs[0].paused(ALICE)
        assert paused is not None and paused.reason.startswith("code")
        assert len(await logs[1].undelivered(ALICE, NOW)) == 10  # every attempt is on record
    finally:
        for sql in logs:
            await sql.close()
        for e in engines:
            await e.dispose()


async def test_a_batch_s_log_rows_and_pauses_on_the_driver_read_as_through_sqlalchemy(
    backend: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PostgreSQL: a batch's log rows (one INSERT over arrays) and its read of the pauses go on
    the asyncpg connection itself (deliveries.ON_DRIVER), none through SQLAlchemy's execution;
    what is stored and read is what SQLAlchemy's execution stores and reads (UTC instants, the
    destinations' parts, NULLs), and a naive time is refused as UTCDateTime refuses it."""
    if backend is None or not backend.startswith("postgresql"):
        pytest.skip("the driver path is PostgreSQL's")
    from adapters.storage import deliveries
    from tests.storage.statements import counted

    engine = create_engine(backend)
    on_driver = SqlDeliveryLog(engine)
    monkeypatch.setattr(deliveries, "ON_DRIVER", False)
    through_sqlalchemy = SqlDeliveryLog(engine)
    thread = Destination("telegram", "-100", "7", "3")
    at = datetime(2026, 7, 13, 14, 0, tzinfo=timezone(timedelta(hours=2)))
    try:
        for n, log in enumerate((on_driver, through_sqlalchemy)):
            where = [Destination.direct("telegram", f"{n}1"), Destination("telegram", "-100", f"{n}", "3")]
            rows = [
                DeliveryRecord(where[0], "alert", DeliveryStatus.BLOCKED, at, "blocked", "job-1"),
                DeliveryRecord(where[1], "fill", DeliveryStatus.FAILED, at + timedelta(seconds=1)),
            ]
            with counted() as sql:
                await log.record_many(rows)
            assert bool(sql.of("INSERT")) is (log is through_sqlalchemy)  # (a prune: housekeeping)
            await log.record(rows[0], pause=True)
        await on_driver.record(DeliveryRecord(thread, "alert", DeliveryStatus.BLOCKED, at), pause=True)
        keys = [Destination.direct("telegram", "01"), Destination.direct("telegram", "11"), thread]
        with counted() as sql:
            driven = await on_driver.paused_among(keys)
        assert not sql.statements
        assert repr(driven) == repr(await through_sqlalchemy.paused_among(keys)) and len(driven) == 3
        for n in range(2):
            mine = await on_driver.undelivered(
                Destination.direct("telegram", f"{n}1"), at - timedelta(days=1)
            )
            theirs = await on_driver.undelivered(Destination("telegram", "-100", f"{n}", "3"), at)
            assert [(r.status, r.created_at, r.error_code, r.job_id) for r in mine] == [
                (DeliveryStatus.BLOCKED, at, "blocked", "job-1")
            ] * 2
            assert mine[0].created_at.tzinfo is UTC
            assert [(r.destination, r.kind, r.error_code, r.job_id) for r in theirs] == [
                (Destination("telegram", "-100", f"{n}", "3"), "fill", None, None)
            ]
        naive = DeliveryRecord(thread, "alert", DeliveryStatus.SENT, datetime(2026, 7, 13))
        with pytest.raises(ValueError, match="naive"):
            await on_driver.record_many([naive])
    finally:
        await on_driver.close()
        await through_sqlalchemy.close()
        await engine.dispose()
