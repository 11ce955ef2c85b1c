"""The price alerts' SQL store on SQLite and PostgreSQL: limits, compare-and-set, firings
recorded and claimed once, pauses, samples; and two OS processes checking the same alerts at
once deliver each firing exactly once."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import asyncpg
import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from adapters.storage import migrate, price_alerts
from adapters.storage.audit_log import SqlAuditLog
from adapters.storage.engine import create_engine
from adapters.storage.price_alerts import SqlAlertStore
from core.outbound.destination import Destination
from core.skills.price_alert.model import Alert, AlertSpec, AlertStatus, observe
from core.skills.price_alert.ports import Comeback, LimitReached
from core.tasks.audit import AuditEntry
from tests.fakes import NOW

REPO = Path(__file__).resolve().parents[2]
ALICE = Destination.direct("telegram", "42")
GROUP = Destination.chat("telegram", "-1001")


def audit(action: str = "create") -> AuditEntry:
    return AuditEntry("telegram:42", "telegram:42:42:", NOW, "price_alert", action, "a", "BTC", "ok")


def an_alert(i: int, destination: Destination = ALICE, level: str = "80000") -> Alert:
    return Alert(
        id=f"a{i:07d}",
        owner="telegram:42",
        created_in="telegram:42:42:",
        destination=destination,
        spec=AlertSpec("BTCUSDT", "below", Decimal(level), repeat=i % 2 == 1, cooldown=timedelta(minutes=30)),
        status=AlertStatus.ACTIVE,
        armed=True,
        locale="zh",
        source="binance",
        created_at=NOW + timedelta(seconds=i),
        last_price=Decimal("81000"),
    )


async def test_round_trip_limit_and_audit(engine: AsyncEngine) -> None:
    store = SqlAlertStore(engine)
    try:
        assert await store.create(an_alert(0), 2, audit()) == an_alert(0)
        await store.create(an_alert(1), 2, audit())
        assert await store.create(an_alert(2), 2, audit()) == LimitReached(2)
        assert await store.create(an_alert(3, GROUP), 2, audit()) == an_alert(3, GROUP)  # another place
        assert [a.id for a in await store.for_destination(ALICE)] == ["a0000000", "a0000001"]
        assert await store.get("a0000001") == an_alert(1)
        assert len(await SqlAuditLog(engine).recent("telegram:42")) == 3
        assert await store.delete("a0000000", audit("delete")) is True
        assert await store.delete("a0000000", audit("delete")) is False
        assert await store.watched_symbols() == ["BTCUSDT"]
    finally:
        await store.close()


async def test_the_limit_holds_when_two_engines_create_at_once(db_url: str) -> None:
    engines = [create_engine(db_url) for _ in range(2)]
    stores = [SqlAlertStore(e) for e in engines]
    try:
        results = await asyncio.gather(
            *(stores[i % 2].create(an_alert(i), 5, audit()) for i in range(12)), return_exceptions=True
        )
        stored = await stores[0].for_destination(ALICE)
        assert len(stored) == 5
        assert sum(isinstance(r, Alert) for r in results) == 5
    finally:
        for s, e in zip(stores, engines, strict=True):
            await s.close()
            await e.dispose()


async def test_a_check_of_several_alerts_keeps_each_compare_and_set_its_own(engine: AsyncEngine) -> None:
    """A check records its alerts together (on PostgreSQL one statement for them all): each
    under its own version, so one another process changed first is not written nor fired, and
    the others are, with what the check saw."""
    store = SqlAlertStore(engine)
    try:
        alerts = [an_alert(i) for i in range(3)]
        for alert in alerts:
            await store.create(alert, 10, audit())
        at = NOW + timedelta(minutes=1)
        seen = [observe(a, Decimal("79000"), None, at, at, "binance") for a in alerts]
        assert all(s.trigger is not None for s in seen)
        stored = await store.record(seen, {alerts[0].id: 1, alerts[1].id: 7, alerts[2].id: 1})
        assert sorted(t.alert_id for t in stored) == [alerts[0].id, alerts[2].id]  # a0000001: stale
        after = [await store.get(a.id) for a in alerts]
        assert [(a.status, a.version, a.last_price, a.checked_at) for a in after if a is not None] == [
            (AlertStatus.TRIGGERED, 2, Decimal("79000"), at),
            (AlertStatus.ACTIVE, 1, Decimal("81000"), None),
            (AlertStatus.TRIGGERED, 2, Decimal("79000"), at),
        ]
        again = [seen[0], seen[2]]  # a second process with the versions they had: both changed
        assert await store.record(again, {alerts[0].id: 1, alerts[2].id: 1}) == []
    finally:
        await store.close()


async def test_a_check_recorded_on_a_fresh_postgresql_connection_asks_no_type_of_the_server(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PostgreSQL: the check's one statement takes its values as TEXT[] alone. Any other array
    type (VARCHAR[], INTEGER[], TIMESTAMPTZ[]) had asyncpg describe it with queries of its own the
    first time a connection prepared the statement: 4-6 ms of the firing check. The values read
    back are the ones recorded (instants to the microsecond, the cooldown, the firing's)."""
    if not db_url.startswith("postgresql"):
        pytest.skip("asyncpg's type introspection: PostgreSQL only")
    from asyncpg.connection import Connection

    async def introspect(*args: object, **kwargs: object) -> None:
        raise AssertionError("asyncpg described a type with a query of its own")

    engine = create_engine(db_url)  # fresh connections: no type described on them yet
    store = SqlAlertStore(engine)
    try:
        alert = an_alert(1)  # repeats, 30 minutes apart: its firing sets a cooldown
        await store.create(alert, 10, audit())
        at = NOW + timedelta(minutes=1, microseconds=123457)
        seen = observe(alert, Decimal("79000.5"), None, at, at - timedelta(microseconds=9), "binance")
        assert seen.trigger is not None and seen.alert.cooldown_until is not None
        monkeypatch.setattr(Connection, "_introspect_types", introspect)
        [trigger] = await store.record([seen], {alert.id: 1})
        monkeypatch.undo()
        assert trigger == seen.trigger
        after = await store.get(alert.id)
        assert after is not None and after == replace(seen.alert, version=2)
        [claimed] = await store.claim_triggers("BTCUSDT", "p1", at, at - timedelta(minutes=2))
        assert claimed.trigger == seen.trigger
    finally:
        await store.close()
        await engine.dispose()


async def test_a_firing_is_recorded_by_one_compare_and_set_and_claimed_once(engine: AsyncEngine) -> None:
    store = SqlAlertStore(engine)
    try:
        alert = an_alert(0)
        await store.create(alert, 10, audit())
        seen = observe(alert, Decimal("79000"), None, NOW, NOW, "binance")
        assert seen.trigger is not None
        [trigger] = await store.record([seen], {alert.id: 1})
        assert await store.record([seen], {alert.id: 1}) == []  # a second process with the old version
        stored = await store.get(alert.id)
        assert stored is not None and stored.status is AlertStatus.TRIGGERED and stored.version == 2

        [claimed] = await store.claim_triggers("BTCUSDT", "p1", NOW, NOW - timedelta(minutes=2))
        assert claimed.trigger == trigger and claimed.alert.id == alert.id
        assert await store.claim_triggers("BTCUSDT", "p2", NOW, NOW - timedelta(minutes=2)) == []
        await store.finish_trigger(trigger.id, "p2", "sent", NOW)  # not its claim: nothing
        assert await store.trigger_status(trigger.id) == "sending"
        await store.finish_trigger(trigger.id, "p1", "retry", NOW)
        [again] = await store.claim_triggers("BTCUSDT", "p2", NOW, NOW - timedelta(minutes=2))
        await store.finish_trigger(again.trigger.id, "p2", "sent", NOW)
        assert await store.trigger_status(trigger.id) == "sent"

        rearmed = await store.rearm(alert.id, NOW, audit("rearm"))
        assert rearmed is not None and rearmed.status is AlertStatus.ACTIVE and not rearmed.armed
    finally:
        await store.close()


async def test_a_claim_left_by_a_vanished_process_is_taken_after_the_lease(engine: AsyncEngine) -> None:
    store = SqlAlertStore(engine)
    try:
        alert = an_alert(0)
        await store.create(alert, 10, audit())
        await store.record([observe(alert, Decimal("79000"), None, NOW, NOW, "binance")], {alert.id: 1})
        assert len(await store.claim_triggers("BTCUSDT", "dead", NOW, NOW - timedelta(minutes=2))) == 1
        later = NOW + timedelta(minutes=1)
        assert await store.claim_triggers("BTCUSDT", "p2", later, later - timedelta(minutes=2)) == []
        later = NOW + timedelta(minutes=3)
        assert len(await store.claim_triggers("BTCUSDT", "p2", later, later - timedelta(minutes=2))) == 1
    finally:
        await store.close()


async def test_a_send_that_began_is_never_sent_again_and_a_lapsed_claim_is_sent_once(
    engine: AsyncEngine,
) -> None:
    store = SqlAlertStore(engine)
    lease = timedelta(minutes=2)
    try:
        for i in range(2):
            alert = an_alert(i)
            await store.create(alert, 10, audit())
            await store.record([observe(alert, Decimal("79000"), None, NOW, NOW, "binance")], {alert.id: 1})
        first, second = await store.claim_triggers("BTCUSDT", "dead", NOW, NOW - lease)
        assert await store.begin_delivery(first.trigger.id, "dead", NOW)  # its send began, then died
        later = NOW + timedelta(minutes=3)
        [taken] = await store.claim_triggers("BTCUSDT", "p2", later, later - lease)
        assert taken.trigger.id == second.trigger.id  # never begun: sent by the next claimer
        assert await store.trigger_status(first.trigger.id) == "lost"  # may have arrived: not again
        # The first claimer, alive after all, finds its lapsed claim taken: it does not send.
        assert not await store.begin_delivery(second.trigger.id, "dead", later)
        assert await store.begin_delivery(second.trigger.id, "p2", later)
        await store.finish_trigger(second.trigger.id, "dead", "sent", later)  # not its claim
        await store.finish_trigger(second.trigger.id, "p2", "sent", later)
        assert await store.trigger_status(second.trigger.id) == "sent"
        assert await store.claim_triggers("BTCUSDT", "p3", later + lease * 2, later + lease) == []
    finally:
        await store.close()


async def test_a_start_of_delivery_commits_later_for_its_own_statement_only(engine: AsyncEngine) -> None:
    """PostgreSQL: each firing's start of delivery commits without waiting for the disk
    (synchronous_commit off, price_alerts.MARK_COMMITS_LATER), for its own statement alone: the
    next statement on the same connection (the next firing's, the last outcome) is flushed as
    before, and the mark is visible at once to every other session (another process's claim)."""
    if engine.dialect.name != "postgresql":
        pytest.skip("synchronous_commit is PostgreSQL's")
    store = SqlAlertStore(engine)
    lease = timedelta(minutes=2)
    seen: list[tuple[str, list[Any]]] = []
    try:
        for i in range(2):
            alert = an_alert(i)
            await store.create(alert, 10, audit())
            await store.record([observe(alert, Decimal("79000"), None, NOW, NOW, "binance")], {alert.id: 1})
        first, second = await store.claim_triggers("BTCUSDT", "p1", NOW, NOW - lease)
        with pytest.MonkeyPatch.context() as patch:
            fetch = asyncpg.Connection.fetch

            async def fetching(conn: Any, query: str, *args: Any, **kwargs: Any) -> Any:
                rows = await fetch(conn, query, *args, **kwargs)
                seen.append((query, [dict(r) for r in rows]))
                return rows

            patch.setattr(asyncpg.Connection, "fetch", fetching)
            async with store.delivering():  # one connection for the check's deliveries
                assert await store.begin_delivery(first.trigger.id, "p1", NOW)
                # Committed and visible to another session (another connection) at once.
                assert await store.trigger_status(first.trigger.id) == "delivering"
                after = await store._held.run(lambda driver: driver.fetch("SHOW synchronous_commit"))
                assert await store.begin_delivery(
                    second.trigger.id, "p1", NOW, finished=(first.trigger.id, "sent")
                )
                also = await store._held.run(lambda driver: driver.fetch("SHOW synchronous_commit"))
        marks = [rows for query, rows in seen if query.startswith("UPDATE price_alert_triggers")]
        assert len(marks) == 2, seen
        # Off inside the mark's own transaction ...
        assert all(row["commit_later"] == "off" for rows in marks for row in rows), marks
        # ... and on again for the next statement on the same connection.
        assert after[0][0] == "on" and also[0][0] == "on"
        assert await store.trigger_status(first.trigger.id) == "sent"
        assert await store.trigger_status(second.trigger.id) == "delivering"
    finally:
        await store.close()


@pytest.mark.process
def test_a_process_killed_mid_send_leaves_no_duplicate_card(db_url: str, tmp_path: Path) -> None:
    """The first card went out and the process died before recording it; after the lease another
    process sends the cards never begun, and not that one (marked lost: at most once)."""
    asyncio.run(_seed(db_url, 3))
    out = tmp_path / "sent.txt"

    def check(at: datetime, *extra: str) -> int:
        args = [sys.executable, "-m", "tests.storage.alert_crash_worker", db_url, str(out), at.isoformat()]
        done = subprocess.run([*args, *extra], cwd=REPO, capture_output=True, text=True, timeout=120)
        assert done.returncode in (0, 9), done.stderr
        return done.returncode

    assert check(NOW, "die") == 9
    assert len(out.read_text().split()) == 1
    check(NOW + timedelta(minutes=1))  # the dead process's claims still hold
    assert len(out.read_text().split()) == 1
    check(NOW + timedelta(minutes=3))
    sent = out.read_text().split()
    assert sorted(sent) == [an_alert(i).id for i in range(3)], sent  # each card once


async def test_pause_and_resume_a_destination(engine: AsyncEngine) -> None:
    store = SqlAlertStore(engine)
    try:
        await store.create(an_alert(0), 10, audit())
        await store.create(an_alert(1), 10, audit())
        await store.create(an_alert(2, GROUP), 10, audit())
        assert await store.awaiting_return() == frozenset()
        assert await store.pause_destination(ALICE, "bot_blocked", NOW) == 2
        assert await store.awaiting_return() == {ALICE.as_str()}
        assert [a.id for a in await store.active_for("BTCUSDT")] == ["a0000002"]
        assert await store.resume([GROUP], NOW) == Comeback([], [])
        back = await store.resume([ALICE, GROUP], NOW)
        assert sorted(a.paused_reason or "" for a in back.resumed) == ["bot_blocked", "bot_blocked"]
        assert len(await store.active_for("BTCUSDT")) == 3
        assert await store.resume([ALICE], NOW) == Comeback([], [])  # told once
        assert await store.awaiting_return() == frozenset()
    finally:
        await store.close()


async def test_the_comeback_check_reads_without_taking_the_write_lock(tmp_path: Path) -> None:
    """Each conversation's first message after a start asks whether it has paused alerts: a plain
    read. Begun as a write (BEGIN IMMEDIATE) it took SQLite's one write lock, so in a burst of
    first messages the turns' own writes found the database locked and went to worker threads,
    and a writer holding the lock made it wait out busy_timeout (5 s) before answering."""
    path = tmp_path / "db" / "deskmate.db"
    migrate.upgrade(f"sqlite+aiosqlite:///{path}")
    engine = create_engine(f"sqlite+aiosqlite:///{path}")
    store = SqlAlertStore(engine)
    held, release = threading.Event(), threading.Event()

    def hold() -> None:  # another connection (another process's tick) writing meanwhile
        conn = sqlite3.connect(path, isolation_level=None)
        try:
            conn.execute("BEGIN IMMEDIATE")
            held.set()
            release.wait(10)
            conn.execute("COMMIT")
        finally:
            conn.close()

    writer = threading.Thread(target=hold, daemon=True)
    writer.start()
    try:
        assert held.wait(10)
        assert await asyncio.wait_for(store.resume([ALICE, GROUP], NOW), 2.0) == Comeback([], [])
    finally:
        release.set()
        writer.join(10)
        await store.close()
        await engine.dispose()


async def test_a_firing_that_met_a_blocked_destination_is_told_once_when_they_are_back(
    engine: AsyncEngine,
) -> None:
    store = SqlAlertStore(engine)
    try:
        alert = an_alert(0)
        await store.create(alert, 10, audit())
        [trigger] = await store.record(
            [observe(alert, Decimal("79000"), None, NOW, NOW, "binance")], {alert.id: 1}
        )
        [_claimed] = await store.claim_triggers("BTCUSDT", "p1", NOW, NOW - timedelta(minutes=2))
        await store.finish_trigger(trigger.id, "p1", "blocked", NOW)
        assert await store.awaiting_return() == {ALICE.as_str()}  # though no alert is paused
        back = await store.resume([ALICE], NOW)
        assert [m.trigger for m in back.missed] == [trigger] and back.resumed == []
        assert await store.trigger_status(trigger.id) == "told"
        assert await store.resume([ALICE], NOW) == Comeback([], [])
        assert await store.awaiting_return() == frozenset()
    finally:
        await store.close()


async def test_samples_give_the_price_one_window_ago(engine: AsyncEngine) -> None:
    store = SqlAlertStore(engine)
    try:
        slack = timedelta(minutes=20)
        assert await store.reference("SOLUSDT", NOW, slack) is None
        for minutes, price in ((0, "150"), (30, "151"), (60, "152"), (90, "153"), (300, "160")):
            await store.add_sample("SOLUSDT", NOW + timedelta(minutes=minutes), Decimal(price))
        assert await store.reference("SOLUSDT", NOW + timedelta(minutes=45), slack) == Decimal("151")
        assert await store.reference("SOLUSDT", NOW - timedelta(hours=1), slack) == Decimal(
            "150"
        )  # watched less
        # No check ran between 90 and 300 minutes: the price at 240 is unknown, never the 153 of 90.
        assert await store.reference("SOLUSDT", NOW + timedelta(minutes=240), slack) == Decimal("160")
        await store.add_sample("SOLUSDT", NOW + timedelta(hours=31), Decimal("170"))  # old ones pruned
        assert await store.reference("SOLUSDT", NOW + timedelta(minutes=45), slack) == Decimal("170")
    finally:
        await store.close()


async def test_a_sample_recorded_with_a_check_s_alerts_is_added_and_prunes_as_alone(
    engine: AsyncEngine,
) -> None:
    """record's ``sample`` (on PostgreSQL in the record's own statement) adds the price as
    add_sample does, the symbol's samples older than 25 h pruned, with the alerts recorded."""
    store = SqlAlertStore(engine)
    slack = timedelta(minutes=20)
    try:
        await store.add_sample("BTCUSDT", NOW, Decimal("150"))
        await store.add_sample("ETHUSDT", NOW, Decimal("3"))
        for i, hours in enumerate((1, 31)):
            alert = an_alert(i)
            await store.create(alert, 10, audit())
            at = NOW + timedelta(hours=hours)
            seen = observe(alert, Decimal("79000"), None, at, at, "binance")
            [fired] = await store.record([seen], {alert.id: 1}, sample=("BTCUSDT", at, Decimal(f"{hours}.5")))
            assert fired == seen.trigger
        assert await store.reference("BTCUSDT", NOW + timedelta(hours=1), slack) == Decimal("31.5")  # pruned
        assert await store.reference("BTCUSDT", NOW + timedelta(hours=31), slack) == Decimal("31.5")
        assert await store.reference("ETHUSDT", NOW, slack) == Decimal("3")  # another symbol's kept
    finally:
        await store.close()


def _wait(condition: object, within: float = 60.0) -> None:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return
        time.sleep(0.01)
    raise AssertionError("condition not met in time")


async def _seed(url: str, n: int, first: int = 0) -> None:
    """``n`` alerts (from the ``first``-th on) that fire once at the price of alert_worker.Market."""
    engine = create_engine(url)
    store = SqlAlertStore(engine)
    try:
        for i in range(first, first + n):
            await store.create(
                replace(an_alert(i), spec=replace(an_alert(i).spec, repeat=False)), first + n, audit()
            )
    finally:
        await store.close()
        await engine.dispose()


@pytest.mark.process
def test_two_processes_checking_at_once_deliver_each_firing_exactly_once(db_url: str, tmp_path: Path) -> None:
    asyncio.run(_seed(db_url, 40))
    go = tmp_path / "go"
    outs = [tmp_path / "a.txt", tmp_path / "b.txt"]
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.storage.alert_worker", db_url, str(out), str(go)],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for out in outs
    ]
    try:
        _wait(lambda: all(out.with_suffix(".ready").exists() for out in outs))
        go.touch()
        for proc in procs:
            _, err = proc.communicate(timeout=120)
            assert proc.returncode == 0, err
    finally:
        for proc in procs:
            proc.kill()
    sent = [line for out in outs if out.exists() for line in out.read_text().split()]
    counts = Counter(sent)
    assert len(counts) == 40 and set(counts.values()) == {1}, counts


async def test_a_record_and_claim_sent_on_the_driver_read_as_sqlalchemy_s(engine: AsyncEngine) -> None:
    """PostgreSQL: a check's record and its claim of the firings go on the asyncpg connection
    itself (RECORD_ON_DRIVER, CLAIM_ON_DRIVER); the firings and alerts built from its rows are
    those SQLAlchemy's execution of the same statement builds (same values, same types, UTC
    instants, exact decimals), and the firings those recorded."""
    if engine.dialect.name != "postgresql":
        pytest.skip("the driver path is PostgreSQL's")
    store = SqlAlertStore(engine)
    sql = price_alerts._sql()
    lease = timedelta(minutes=2)
    try:
        group = Destination("telegram", "-1001", "42", "7")
        made = [an_alert(i, GROUP if i % 3 == 0 else group if i % 3 == 1 else ALICE) for i in range(6)]
        made[1] = replace(made[1], last_price=None, spec=replace(made[1].spec, cooldown=None))
        made[2] = replace(made[2], spec=replace(made[2].spec, level=Decimal("80000.123456789")))
        for alert in made:
            await store.create(alert, 10, audit())
        fired = []
        for i, alert in enumerate(made):
            reference = Decimal("80500.10") if i % 2 else None
            quoted = NOW - timedelta(microseconds=123457 * (i + 1))
            seen = observe(alert, Decimal("79000.000001") - i, reference, NOW, quoted, "binance")
            assert seen.trigger is not None
            with pytest.MonkeyPatch.context() as patch:  # half through SQLAlchemy, half not
                patch.setattr(price_alerts, "RECORD_ON_DRIVER", i % 2 == 0)
                assert await store.record([seen], {alert.id: 1}) == [seen.trigger]
                assert await store.record([seen], {alert.id: 1}) == []  # the compare-and-set held
            fired.append(seen.trigger)
        params = {"_symbol": "BTCUSDT", "_stale": NOW - lease, "_now": NOW, "_claimer": "p1"}
        async with engine.connect() as conn:  # SQLAlchemy's execution, rolled back
            await conn.begin()
            by_sqlalchemy = price_alerts._claimed(
                list(await conn.execute(sql.claimed_once, params)), sql.took.c
            )
            await conn.rollback()
        async with store.delivering():
            on_driver = await store.claim_triggers("BTCUSDT", "p1", NOW, NOW - lease)
        assert sql.claimed_once in store._driven  # sent on the driver
        assert len(on_driver) == len(made)
        assert on_driver == by_sqlalchemy and repr(on_driver) == repr(by_sqlalchemy)  # tzinfo too
        by_id = {t.id: t for t in fired}
        for claimed in on_driver:
            assert repr(claimed.trigger) == repr(by_id[claimed.trigger.id])
            assert claimed.trigger.quoted_at.tzinfo is UTC
            stored = await store.get(claimed.alert.id)
            assert repr(claimed.alert) == repr(stored)
        assert await store.claim_triggers("BTCUSDT", "p2", NOW, NOW - lease) == []
    finally:
        await store.close()
