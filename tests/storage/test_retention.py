"""Bounded growth (issue 22): the scheduled clean-up removes what is past its retention --
alert samples after 25 h (of any symbol, checked or not), finished jobs after 7 days, deliveries
after 30 days, handled events after 48 h -- and keeps what exactly-once and diagnosis need:
live and dead jobs, fresh rows. The job itself is registered and queued by every process."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import func, insert, select

from adapters.console import CollectingOutbound
from adapters.storage import migrate
from adapters.storage.deliveries import deliveries
from adapters.storage.engine import create_engine
from adapters.storage.jobs import jobs
from adapters.storage.price_alerts import samples
from adapters.storage.retention import remove_expired
from adapters.storage.tables import processed_events
from bot.jobs import build_runner
from bot.retention import EVERY, RETENTION_JOB, ensure_retention
from bot.settings import Settings
from bot.wiring import build_app
from core.clock import FixedClock
from core.jobs import JobOutcome
from tests.storage.conftest import scratch_pg_database

NOW = datetime(2026, 7, 13, 12, 0, tzinfo=UTC)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path / 'db' / 'deskmate.db'}"
        migrate.upgrade(url)
        yield url
        return
    with scratch_pg_database() as url:
        migrate.upgrade(url)
        yield url


def job(job_id: str, status: str, age: timedelta) -> dict[str, object]:
    at = NOW - age
    return {
        "id": job_id, "kind": "alert.check", "owner": None, "payload": "{}", "dedupe_key": None,
        "status": status, "due_at": at, "attempts": 1, "max_attempts": 5, "last_error": None,
        "lease_owner": None, "lease_token": None, "lease_expires_at": None,
        "created_at": at, "updated_at": at,
    }  # fmt: skip


def delivery(age: timedelta) -> dict[str, object]:
    return {
        "destination": "telegram:c:u:", "platform": "telegram", "chat_id": "c", "user_id": "u",
        "thread_id": None, "kind": "alert", "status": "sent", "error_code": None, "job_id": None,
        "created_at": NOW - age,
    }  # fmt: skip


async def test_the_clean_up_removes_what_is_past_its_retention_and_keeps_the_rest(db_url: str) -> None:
    engine = create_engine(db_url)
    hour, day = timedelta(hours=1), timedelta(days=1)
    try:
        async with engine.begin() as conn:
            await conn.execute(
                insert(samples),
                [
                    {"symbol": "BTCUSDT", "at": NOW - 26 * hour, "price": "1"},  # old
                    {"symbol": "DOGEUSDT", "at": NOW - 30 * day, "price": "1"},  # a symbol no longer checked
                    {"symbol": "BTCUSDT", "at": NOW - 2 * hour, "price": "2"},  # inside the day's window
                ],
            )
            await conn.execute(
                insert(jobs),
                [
                    job("done-old", "done", 8 * day),
                    job("done-new", "done", 2 * day),
                    job("dead-old", "dead", 90 * day),  # its error is the diagnosis
                    job("pending-old", "pending", 90 * day),  # live: never touched
                ],
            )
            await conn.execute(insert(deliveries), [delivery(31 * day), delivery(29 * day)])
            await conn.execute(
                insert(processed_events),
                [{"event_id": "old", "seen_at": NOW - 49 * hour}, {"event_id": "new", "seen_at": NOW - hour}],
            )

        removed = await remove_expired(engine, NOW)

        async with engine.connect() as conn:
            kept_samples = (await conn.execute(select(samples.c.price))).scalars().all()
            kept_jobs = sorted((await conn.execute(select(jobs.c.id))).scalars().all())
            kept_deliveries = (await conn.execute(select(func.count()).select_from(deliveries))).scalar()
            kept_events = (await conn.execute(select(processed_events.c.event_id))).scalars().all()
    finally:
        await engine.dispose()
    assert kept_samples == ["2"]
    assert kept_jobs == ["dead-old", "done-new", "pending-old"]
    assert kept_deliveries == 1 and kept_events == ["new"]
    assert {k: v for k, v in removed.items() if v} == {
        "price_alert_samples": 2,
        "jobs": 1,
        "deliveries": 1,
        "processed_events": 1,
    }


async def test_the_clean_up_is_one_recurring_job_run_by_a_tick(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'db' / 'deskmate.db'}"
    settings = Settings(_env_file=None, database_url=url, data_dir=tmp_path / "data", market="demo")  # type: ignore[call-arg]
    migrate.upgrade(url)
    clock = FixedClock(NOW)
    app = await build_app(settings, clock=clock)
    try:
        for _ in range(2):  # two job runners starting: one job
            await ensure_retention(app.jobs, NOW)
        assert await build_runner(app, CollectingOutbound()).run_due() == []  # not due yet
        clock.advance(6 * 3600)
        (run,) = await build_runner(app, CollectingOutbound()).run_due()
    finally:
        await app.aclose()
    assert (run.kind, run.outcome, run.next_due) == (RETENTION_JOB, JobOutcome.RESCHEDULED, NOW + 2 * EVERY)
