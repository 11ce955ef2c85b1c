"""The price alerts' repository (core.skills.price_alert.ports.AlertStore) on SQLAlchemy Core.

Safe across processes (SQLite file or PostgreSQL):
- creating checks the destination's limit in the insert's transaction, after taking a lock on
  that destination (PostgreSQL: a transaction-scoped advisory lock on its key; SQLite: a write
  as the first statement takes the database's write lock), so two processes never both slip
  under the limit;
- an alert's name is unique among its destination's alerts by a unique index on (destination,
  name_key) (core.tasks.names.name_key: case and width folded): the check under the lock says so
  cleanly, and the index refuses whatever else would store a second one (NameInUse either way);
- a check's change to an alert is a compare-and-set on its version, and its firing is inserted
  in the same transaction under a unique id: one process records a firing, once;
- a firing is claimed for delivery by one UPDATE from ``pending`` (or from a claim older than
  the lease: its process vanished before sending it), marked ``delivering`` by its claimer just
  before the send (a compare-and-set: a lapsed claim taken over by another process is not sent
  by both), and finished only by its claimer; a ``delivering`` firing whose claimer vanished is
  marked ``lost``, never sent again (it may have arrived).

Decimals are stored as text (SQLite has no exact numeric type).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager, nullcontext
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from sqlalchemy import (
    Column,
    Connection,
    ForeignKey,
    Index,
    Integer,
    Row,
    String,
    Table,
    Update,
    and_,
    bindparam,
    case,
    delete,
    func,
    insert,
    literal_column,
    or_,
    select,
    text,
    union,
    update,
)
from sqlalchemy.exc import IntegrityError

from adapters.storage.audit_log import insert_audit
from adapters.storage.driven import Driven, DrivenRow, Held, on_driver
from adapters.storage.key_fence import sealed_in
from adapters.storage.runner import transaction_runner
from adapters.storage.tables import METADATA, UTCDateTime, action_tokens
from core.i18n import stored_locale
from core.outbound.destination import Destination
from core.ports import ActionToken
from core.skills.price_alert.model import Alert, AlertSpec, AlertStatus, Observation, Trigger
from core.skills.price_alert.ports import ClaimedTrigger, Comeback, LimitReached, NameInUse, TriggerOutcome
from core.tasks.audit import AuditEntry
from core.tasks.names import name_key

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

SAMPLES_KEPT = timedelta(hours=25)  # a day's window and a little
# PostgreSQL: a firing's start of delivery (the mark each send waits for) commits without waiting
# for its WAL to reach the disk (synchronous_commit off for that statement's transaction alone),
# as a turn's first statement does (state_store.BEGIN_COMMITS_LATER). What exactly-once rests on
# is unchanged: the mark is committed on the server before the send begins, visible at once to
# every other session (a claim in another process sees ``delivering`` and marks it lost, never
# sends it), and it lives in the server, not in this process: a kill -9 of this process at any
# point leaves it as with a flushed commit (test_a_process_killed_mid_send_leaves_no_duplicate_card).
# What it gives up: a crash of the PostgreSQL server itself (or of its OS, or a power loss)
# within the WAL writer's delay of the mark (wal_writer_delay, 200 ms by default; at most three
# times it) loses the mark, and that firing, claimed but unmarked, is sent again after the claim's
# lease: a duplicate card, never a lost one. SQLite gives the same guarantee for every write
# (journal_mode=WAL with synchronous=NORMAL: a process crash keeps a commit, a power loss may
# not). The window closes sooner: the server writes its WAL in order, so any later flushed commit
# on it (this check's delivery log rows, the last firing's outcome, the job's reschedule, or any
# other session's write) makes every mark before it durable. Accepted for an alert card (a second
# copy after a database crash, the one failure it does not cover); not for an order. It saves a
# disk flush a firing: 0.30-0.35 ms against 0.06 ms a mark on a quiet server, 4-6 ms against
# 0.06-0.15 ms while other work flushes the same disk (same run, /tmp microbenchmark, load ~13).
# False: every mark flushed before its send, as before.
MARK_COMMITS_LATER = True
# PostgreSQL: a check's card buttons are inserted by its first start of delivery, in the same
# statement (stores_buttons), not by a write of their own before it: a round trip less a check.
# False: the token store writes them, as before.
BUTTONS_WITH_FIRST_MARK = True
# PostgreSQL: a check that records its alerts adds its price sample in that statement (record's
# ``sample``), not in a statement of its own before it: a round trip less a firing check.
# False: add_sample's statement, as before.
SAMPLE_WITH_RECORD = True
# PostgreSQL: a check's record (its one statement) and its claim of the firings (claimed_once)
# are sent on the asyncpg connection itself (adapters.storage.driven), not through SQLAlchemy's execution,
# the rows read with SQLAlchemy's own result processors. False: SQLAlchemy's execution, as before.
RECORD_ON_DRIVER = True
CLAIM_ON_DRIVER = True
# PostgreSQL: a check's read of its symbol's active alerts (active_for, one statement) is sent on
# the asyncpg connection itself too, on a pooled connection of its own (as the claim is), its
# rows read with SQLAlchemy's result processors. False: SQLAlchemy's execution, as before.
ACTIVE_ON_DRIVER = True


log = logging.getLogger(__name__)


# The alerts, their firings and the prices seen: Core tables (not ORM classes), as every start
# makes this store and the ORM is not for a start to import.
alerts = Table(
    "price_alerts",
    METADATA,
    Column("id", String, primary_key=True),
    Column("owner", String, nullable=False),
    Column("created_in", String, nullable=False),
    Column("destination", String, nullable=False),  # Destination.as_str()
    Column("platform", String, nullable=False),
    Column("chat_id", String, nullable=True),
    Column("user_id", String, nullable=True),
    Column("thread_id", String, nullable=True),
    Column("symbol", String, nullable=False),
    Column("condition", String, nullable=False),  # above | below | move
    Column("level", String, nullable=False),
    Column("window", String, nullable=True),
    Column("repeat", Integer, nullable=False),
    Column("cooldown_seconds", Integer, nullable=True),
    Column("status", String, nullable=False),
    Column("armed", Integer, nullable=False),
    Column("locale", String, nullable=False),
    Column("source", String, nullable=False),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("version", Integer, nullable=False),
    Column("last_price", String, nullable=True),
    Column("checked_at", UTCDateTime(), nullable=True),
    Column("cooldown_until", UTCDateTime(), nullable=True),
    Column("fired", Integer, nullable=False),
    Column("paused_reason", String, nullable=True),
    Column("name", String, nullable=True),  # the person's name for it, as typed (cleaned)
    Column("name_key", String, nullable=True),  # its uniqueness key (core.tasks.names.name_key)
    Index("ix_price_alerts_symbol_status", "symbol", "status"),
    Index("ix_price_alerts_destination", "destination"),
    # One alert of a name per destination (NULLs, the unnamed, never clash): migration 0025.
    Index("uq_price_alerts_destination_name", "destination", "name_key", unique=True),
)

# One firing: recorded once (its id is "<alert>:<n>"), delivered once.
triggers = Table(
    "price_alert_triggers",
    METADATA,
    Column("id", String, primary_key=True),
    Column("alert_id", String, ForeignKey("price_alerts.id", ondelete="CASCADE"), nullable=False),
    Column("symbol", String, nullable=False),
    Column("price", String, nullable=False),
    Column("quoted_at", UTCDateTime(), nullable=False),
    Column("source", String, nullable=False),
    Column("reference", String, nullable=True),
    Column("fired_at", UTCDateTime(), nullable=False),
    # pending | sending (claimed) | delivering (its send begun) | sent | blocked | paused | lost | told
    Column("status", String, nullable=False),
    Column("claimer", String, nullable=True),
    Column("claimed_at", UTCDateTime(), nullable=True),
    Column("finished_at", UTCDateTime(), nullable=True),
    Index("ix_price_alert_triggers_symbol_status", "symbol", "status"),
)

# A price a check saw, for moves over a window.
samples = Table(
    "price_alert_samples",
    METADATA,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("symbol", String, nullable=False),
    Column("at", UTCDateTime(), nullable=False),
    Column("price", String, nullable=False),
    Index("ix_price_alert_samples_symbol_at", "symbol", "at"),
    sqlite_autoincrement=True,
)


class SqlAlertStore:
    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.dialect = engine.dialect.name
        # The read every message makes (paused alerts of its sender?) runs on the short-transaction
        # runner: one hop to a SQLite thread instead of aiosqlite's several.
        self._runner = transaction_runner(engine, inline_first=True)
        self._driven: dict[Any, Driven] = {}  # PostgreSQL: each statement sent on the driver (_on_driver)
        self._held = Held(engine)  # PostgreSQL: a check's deliveries on one connection (delivering)

    async def close(self) -> None:
        await self._runner.close()

    async def create(self, alert: Alert, limit: int, audit: AuditEntry) -> Alert | LimitReached | NameInUse:
        key = alert.destination.as_str()
        try:
            async with self.engine.begin() as conn:
                await self._lock_destination(conn, key)
                here = alerts.c.destination == key
                if alert.name is not None:
                    named = here & (alerts.c.name_key == name_key(alert.name))
                    if (await conn.execute(select(alerts.c.id).where(named))).first() is not None:
                        return NameInUse(alert.name)
                counted = select(func.count()).select_from(alerts).where(here)
                count = (await conn.execute(counted)).scalar_one()
                if count >= limit:
                    return LimitReached(limit)
                await conn.execute(insert(alerts).values(**_columns(alert)))
                await insert_audit(conn, audit)
        except IntegrityError:
            # The unique index: a second alert so named got in first (another writer than this
            # method's lock covers). Nothing of this one was stored.
            if alert.name is None:
                raise
            return NameInUse(alert.name)
        return alert

    async def _lock_destination(self, conn: AsyncConnection, key: str) -> None:
        if self.dialect == "postgresql":
            await conn.execute(
                text("SELECT pg_advisory_xact_lock(hashtext(:key))"), {"key": f"price_alerts:{key}"}
            )
        else:  # a write first: SQLite's write lock, held to the commit
            await conn.execute(
                update(alerts).where(alerts.c.destination == key).values(version=alerts.c.version)
            )

    async def get(self, alert_id: str) -> Alert | None:
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(alerts).where(alerts.c.id == alert_id))).first()
        return _alert(row) if row is not None else None

    async def for_destination(self, destination: Destination) -> list[Alert]:
        stmt = (
            select(alerts)
            .where(alerts.c.destination == destination.as_str())
            .order_by(alerts.c.created_at, alerts.c.id)
        )
        async with self.engine.connect() as conn:
            return [_alert(r) for r in await conn.execute(stmt)]

    async def delete(self, alert_id: str, audit: AuditEntry) -> bool:
        async with self.engine.begin() as conn:
            gone = (await conn.execute(delete(alerts).where(alerts.c.id == alert_id))).rowcount == 1
            if gone:
                await conn.execute(delete(triggers).where(triggers.c.alert_id == alert_id))
                await insert_audit(conn, audit)
        return gone

    async def rename(self, alert_id: str, name: str, audit: AuditEntry) -> Alert | NameInUse | None:
        # Its version is kept: a check's compare-and-set writes none of these columns.
        named = {"name": name, "name_key": name_key(name)}
        try:
            async with self.engine.begin() as conn:
                changed = await conn.execute(update(alerts).where(alerts.c.id == alert_id).values(**named))
                if changed.rowcount != 1:
                    return None
                await insert_audit(conn, audit)
                row = (await conn.execute(select(alerts).where(alerts.c.id == alert_id))).first()
        except IntegrityError:  # the unique index: another alert of its destination has the name
            return NameInUse(name)
        return _alert(row) if row is not None else None

    async def rearm(self, alert_id: str, now: datetime, audit: AuditEntry) -> Alert | None:
        async with self.engine.begin() as conn:
            changed = await conn.execute(
                update(alerts).where(alerts.c.id == alert_id).values(**_REARMED, version=alerts.c.version + 1)
            )
            if changed.rowcount != 1:
                return None
            await insert_audit(conn, audit)
            row = (await conn.execute(select(alerts).where(alerts.c.id == alert_id))).first()
        return _alert(row) if row is not None else None

    async def watched_symbols(self) -> list[str]:
        stmt = select(alerts.c.symbol).where(alerts.c.status == AlertStatus.ACTIVE.value).distinct()
        async with self.engine.connect() as conn:
            return sorted(r.symbol for r in await conn.execute(stmt))

    async def active_for(self, symbol: str) -> list[Alert]:
        stmt = _sql().active_for
        if ACTIVE_ON_DRIVER and self.dialect == "postgresql":
            records = await self._on_driver(stmt, {"_symbol": symbol}, fetch=True, held=False)
            return [_alert(r) for r in self._driven_of(stmt).rows(records)]

        def read(conn: Connection) -> list[Alert]:
            return [_alert(r) for r in conn.execute(stmt, {"_symbol": symbol})]

        # One statement: on PostgreSQL with no BEGIN / COMMIT around it (one round trip, not three).
        return await self._runner.run(read, read_only=True, single_statement=True)

    async def record(
        self,
        observations: Sequence[Observation],
        expected: dict[str, int],
        *,
        sample: tuple[str, datetime, Decimal] | None = None,
    ) -> list[Trigger]:
        # The check job's writes run on the short-transaction runner (one hop to a SQLite thread
        # per transaction, not aiosqlite's several per statement).
        sql = _sql()
        known = [seen for seen in observations if seen.alert.id in expected]
        symbol = {t.alert_id: o.alert.symbol for o in observations if (t := o.trigger)}
        folded = SAMPLE_WITH_RECORD and self.dialect == "postgresql" and bool(known)
        if sample is not None and not folded:
            await self.add_sample(*sample)
        if self.dialect == "postgresql" and known:
            # Every alert's compare-and-set and the firings of those it changed in one statement
            # over arrays of their values, with no BEGIN / COMMIT: one round trip, where one
            # UPDATE, the INSERT and the transaction around them took four. Atomic by itself.
            fired = [t for seen in known if (t := seen.trigger) is not None]
            params = {
                **_record_many(known, expected),
                **_triggers_many([_trigger_columns(t, symbol[t.alert_id]) for t in fired]),
            }
            stmt = sql.record_firing
            if folded and sample is not None:  # the price sample (and the prune) in it too
                stmt = sql.record_firing_sampled
                at = sample[1]
                params.update(
                    _s_symbol=sample[0],
                    _s_price=_text(sample[2]),
                    _s_at=at.astimezone(UTC).isoformat(),
                    _s_before=(at - SAMPLES_KEPT).astimezone(UTC).isoformat(),
                )

            def write_once(conn: Connection) -> list[Trigger]:
                # Another process saw one first (or it was deleted, re-armed, paused): not returned.
                stored = set(conn.execute(stmt, params).scalars())
                return [t for t in fired if t.id in stored]

            if RECORD_ON_DRIVER:  # on the asyncpg connection itself (_on_driver)
                stored = {row[0] for row in await self._on_driver(stmt, params, fetch=True)}
                return [t for t in fired if t.id in stored]
            return await self._runner.run(write_once, single_statement=True)

        def write(conn: Connection) -> list[Trigger]:
            stored: list[Trigger] = []
            for seen in known:
                alert = seen.alert
                version = expected[alert.id]
                params = {"_id": alert.id, "_version": version, "_next": version + 1, **_observed(alert)}
                if conn.execute(sql.record, params).rowcount != 1:
                    continue  # another process saw it first (or it was deleted, re-armed, paused)
                if seen.trigger is not None:
                    stored.append(seen.trigger)
            if stored:  # the firings whose alert was recorded here, in one statement
                conn.execute(sql.insert_trigger, [_trigger_columns(t, symbol[t.alert_id]) for t in stored])
            return stored

        return await self._runner.run(write)

    async def claim_triggers(
        self, symbol: str, claimer: str, now: datetime, stale_before: datetime
    ) -> list[ClaimedTrigger]:
        params = {"_symbol": symbol, "_stale": stale_before, "_now": now, "_claimer": claimer}

        sql = _sql()

        def claim_once(conn: Connection) -> list[ClaimedTrigger]:
            # PostgreSQL: the claim and the read of the firings with their alerts in one statement
            # (a data-modifying WITH), with no BEGIN / COMMIT: one round trip, where three
            # statements and the transaction around them took five.
            return _claimed(list(conn.execute(sql.claimed_once, params)), sql.took.c)

        def claim(conn: Connection) -> list[ClaimedTrigger]:
            # Claimed in one statement (a firing another process claimed meanwhile is left to it),
            # then read with their alerts, oldest first.
            took = list(conn.execute(sql.claim, params).scalars())
            if not took:
                return []
            return _claimed(list(conn.execute(sql.claimed, {"_ids": took})))

        if self.dialect == "postgresql":
            if CLAIM_ON_DRIVER:
                # On the asyncpg connection itself, on a connection of its own from the pool, not
                # the one held for the deliveries: held from here, it would be held across the
                # delivery log's read of the destinations' pauses, which then needs a second
                # connection at once (a pool of one waited out its timeout).
                driven = self._driven_of(sql.claimed_once)
                rows = await self._on_driver(sql.claimed_once, params, fetch=True, held=False)
                return _claimed(driven.rows(rows), sql.took.c)
            return await self._runner.run(claim_once, single_statement=True)
        return await self._runner.run(claim)

    async def finish_trigger(
        self, trigger_id: str, claimer: str, outcome: TriggerOutcome, now: datetime
    ) -> None:
        stmt, params = _finished(trigger_id, claimer, outcome, now)
        if self.dialect == "postgresql":
            await self._on_driver(stmt, params)
            return
        await self._runner.run(lambda conn: conn.execute(stmt, params), single_statement=True)

    async def begin_delivery(
        self,
        trigger_id: str,
        claimer: str,
        now: datetime,
        *,
        finished: tuple[str, TriggerOutcome] | None = None,
        buttons: Sequence[ActionToken] = (),
    ) -> bool:
        # One statement, with the previous firing's outcome when given: atomic by itself, sent
        # with no transaction around it on PostgreSQL (one round trip a firing, not four), on
        # the asyncpg connection itself (_on_driver).
        params: dict[str, Any] = {"_id": trigger_id, "_claimer": claimer, "_now": now}
        sql = _sql()
        if buttons:
            if finished is not None or self.dialect != "postgresql":
                raise ValueError(
                    "buttons go with a check's first start of delivery, where stores_buttons said so"
                )
            # The cards' buttons inserted in the same statement (a data-modifying WITH, run
            # whether or not the firing's claim still holds): stored before any card is sent.
            stmt, params = sql.begin_with_buttons, {**params, **_buttons_many(buttons)}
        elif finished is None:
            stmt = sql.begin_delivery
        elif finished[1] == "retry":
            stmt, params = sql.begin_after_retry, {**params, "_prev": finished[0]}
        else:
            stmt = sql.begin_after_finish
            params = {**params, "_prev": finished[0], "_outcome": finished[1]}

        if self.dialect == "postgresql":
            if MARK_COMMITS_LATER:
                stmt = sql.later[stmt]
            return any(row[0] == trigger_id for row in await self._on_driver(stmt, params, fetch=True))

        def begin(conn: Connection) -> bool:
            return trigger_id in conn.execute(stmt, params).scalars().all()

        return await self._runner.run(begin, single_statement=True)

    def stores_buttons(self, token_store: object, buttons: Sequence[ActionToken]) -> bool:
        """Whether ``buttons`` (a check's cards', issued on ``token_store``) can be written by the
        check's first start of delivery, in its statement, in place of a write of their own: on
        PostgreSQL, when the token store is the SQL one on this store's engine and no payload
        holds a sealed value (which the token store checks against the database's key in a
        transaction of its own). BUTTONS_WITH_FIRST_MARK False: never."""
        from adapters.storage.state_store import SqlStateStore

        return (
            BUTTONS_WITH_FIRST_MARK
            and self.dialect == "postgresql"
            and isinstance(token_store, SqlStateStore)
            and token_store.engine is self.engine
            # The payloads as they are (not their rows: built once, by the write).
            and not sealed_in([tok.payload for tok in buttons])
        )

    async def _on_driver(
        self, stmt: Any, params: dict[str, Any], *, fetch: bool = False, held: bool = True
    ) -> Any:
        """PostgreSQL: ``stmt`` alone in autocommit on the asyncpg connection itself (the same SQL
        and values, without SQLAlchemy's per-statement work: adapters.storage.driven); its rows
        when ``fetch``. A firing's start of delivery and outcome, one a firing."""
        driven = self._driven_of(stmt)
        args = driven.args(params)
        run = self._held.run if held else functools.partial(on_driver, self.engine)
        if fetch:
            return await run(lambda driver: driver.fetch(driven.sql, *args))
        return await run(lambda driver: driver.execute(driven.sql, *args))

    def _driven_of(self, stmt: Any) -> Driven:
        driven = self._driven.get(stmt)
        if driven is None:
            driven = self._driven[stmt] = Driven(stmt, self.engine.dialect)
        return driven

    def delivering(self) -> AbstractAsyncContextManager[None]:
        """PostgreSQL: the starts of delivery and outcomes within share one pooled connection
        (adapters.storage.driven.Held), taken at the first of them; SQLite: nothing to keep."""
        return self._held.holding() if self.dialect == "postgresql" else nullcontext()

    async def pause_destination(self, destination: Destination, reason: str, now: datetime) -> int:
        async with self.engine.begin() as conn:
            changed = await conn.execute(
                update(alerts)
                .where(
                    alerts.c.destination == destination.as_str(), alerts.c.status == AlertStatus.ACTIVE.value
                )
                .values(status=AlertStatus.PAUSED.value, paused_reason=reason, version=alerts.c.version + 1)
            )
        return int(changed.rowcount)

    async def paused_for(self, destinations: Sequence[Destination]) -> list[Alert]:
        keys = [d.as_str() for d in destinations]
        stmt = select(alerts).where(
            alerts.c.destination.in_(keys), alerts.c.status == AlertStatus.PAUSED.value
        )
        async with self.engine.connect() as conn:
            return [_alert(r) for r in await conn.execute(stmt)]

    async def awaiting_return(self) -> frozenset[str]:
        def read(conn: Connection) -> frozenset[str]:
            return frozenset(conn.execute(_sql().awaiting_return).scalars())

        return await self._runner.run(read, read_only=True)

    async def resume(self, destinations: Sequence[Destination], now: datetime) -> Comeback:
        keys = [d.as_str() for d in destinations]
        paused = and_(alerts.c.destination.in_(keys), alerts.c.status == AlertStatus.PAUSED.value)
        undelivered = (
            select(triggers, alerts)
            .join(alerts, alerts.c.id == triggers.c.alert_id)
            .where(alerts.c.destination.in_(keys), triggers.c.status.in_(_UNDELIVERED))
            .order_by(triggers.c.fired_at, triggers.c.id)
        )

        def read(conn: Connection) -> tuple[list[Row[Any]], list[Row[Any]]]:
            return list(conn.execute(select(alerts).where(paused))), list(conn.execute(undelivered))

        # The usual case: nothing, this one hop. A read: it must not take SQLite's write lock (every
        # conversation's first message after a start comes here, beside the turns' own writes).
        rows, missed_rows = await self._runner.run(read, read_only=True)
        if not rows and not missed_rows:
            return Comeback([], [])
        resumed: list[Alert] = []
        missed: list[ClaimedTrigger] = []
        async with self.engine.begin() as conn:
            for row in rows:
                changed = await conn.execute(
                    update(alerts)
                    .where(alerts.c.id == row.id, alerts.c.version == row.version)
                    .values(**_REARMED, version=row.version + 1)
                )
                if changed.rowcount == 1:  # a second process resuming them at once tells nobody twice
                    resumed.append(_alert(row))
            for row in missed_rows:
                trigger = _trigger(row)
                told = await conn.execute(
                    update(triggers)
                    .where(triggers.c.id == trigger.id, triggers.c.status.in_(_UNDELIVERED))
                    .values(status="told", finished_at=now)
                )
                if told.rowcount == 1:
                    missed.append(ClaimedTrigger(trigger, _alert(row)))
        return Comeback(resumed, missed)

    async def add_sample(self, symbol: str, at: datetime, price: Decimal) -> None:
        sql = _sql()
        row = {"symbol": symbol, "at": at, "price": _text(price)}
        old = {"_symbol": symbol, "_before": at - SAMPLES_KEPT}
        if self.dialect == "postgresql":  # one statement: one round trip, not four (BEGIN, COMMIT)
            both = {**row, **old}
            await self._runner.run(lambda conn: conn.execute(sql.sample_pruning, both), single_statement=True)
            return

        def write(conn: Connection) -> None:
            conn.execute(sql.insert_sample, row)
            conn.execute(sql.prune_samples, old)

        await self._runner.run(write)

    async def reference(self, symbol: str, at: datetime, within: timedelta) -> Decimal | None:
        before = (
            select(samples.c.price)
            .where(samples.c.symbol == symbol, samples.c.at <= at, samples.c.at >= at - within)
            .order_by(samples.c.at.desc(), samples.c.id.desc())
            .limit(1)
        )
        after = (
            select(samples.c.price)
            .where(samples.c.symbol == symbol, samples.c.at > at)
            .order_by(samples.c.at, samples.c.id)
            .limit(1)
        )
        async with self.engine.connect() as conn:
            found = (await conn.execute(before)).scalar_one_or_none()
            if found is None:
                found = (await conn.execute(after)).scalar_one_or_none()
        return Decimal(found) if found is not None else None

    async def trigger_status(self, trigger_id: str) -> str | None:
        async with self.engine.connect() as conn:
            return (
                await conn.execute(select(triggers.c.status).where(triggers.c.id == trigger_id))
            ).scalar_one_or_none()


_UNDELIVERED = ("blocked", "paused")  # firings that met a blocked destination: told when back
_REARMED: dict[str, Any] = {
    "status": AlertStatus.ACTIVE.value,
    "armed": 0,
    "last_price": None,
    "cooldown_until": None,
    "paused_reason": None,
}


def _text(value: Decimal) -> str:
    return format(value, "f")


def _columns(alert: Alert) -> dict[str, Any]:
    dest, spec = alert.destination, alert.spec
    return {
        "id": alert.id,
        "owner": alert.owner,
        "created_in": alert.created_in,
        "destination": dest.as_str(),
        "platform": dest.platform,
        "chat_id": dest.chat_id,
        "user_id": dest.user_id,
        "thread_id": dest.thread_id,
        "symbol": spec.symbol,
        "condition": spec.condition,
        "level": _text(spec.level),
        "window": spec.window,
        "repeat": int(spec.repeat),
        "cooldown_seconds": int(spec.cooldown.total_seconds()) if spec.cooldown is not None else None,
        "status": alert.status.value,
        "armed": int(alert.armed),
        "locale": alert.locale,
        "source": alert.source,
        "created_at": alert.created_at,
        "version": alert.version,
        "last_price": _text(alert.last_price) if alert.last_price is not None else None,
        "checked_at": alert.checked_at,
        "cooldown_until": alert.cooldown_until,
        "fired": alert.fired,
        "paused_reason": alert.paused_reason,
        "name": alert.name,
        "name_key": name_key(alert.name) if alert.name is not None else None,
    }


# The columns _alert reads, resolved once (not by attribute per row: ~25 lookups an alert), and
# a status by its stored value (a dict, not the enum's call).
_ALERT_READ = tuple(
    alerts.c[name]
    for name in (
        "symbol", "condition", "level", "window", "repeat", "cooldown_seconds", "last_price", "id",
        "owner", "created_in", "platform", "chat_id", "user_id", "thread_id", "status", "armed",
        "locale", "source", "created_at", "version", "checked_at", "cooldown_until", "fired",
        "paused_reason", "name",
    )
)  # fmt: skip
_STATUS = {status.value: status for status in AlertStatus}


def _alert(row: Row[Any] | DrivenRow) -> Alert:
    m = row._mapping
    (
        symbol, condition, level, window, repeat, cooldown, last, id_, owner, created_in,
        platform, chat_id, user_id, thread_id, status, armed, locale, source, created_at,
        version, checked_at, cooldown_until, fired, paused_reason, name,
    ) = [m[column] for column in _ALERT_READ]  # fmt: skip
    spec = AlertSpec(
        symbol=symbol,
        condition=condition,
        level=Decimal(level),
        window=window,
        repeat=bool(repeat),
        cooldown=timedelta(seconds=cooldown) if cooldown is not None else None,
    )
    return Alert(
        id=id_,
        owner=owner,
        created_in=created_in,
        destination=Destination(platform, chat_id, user_id, thread_id),
        spec=spec,
        status=_STATUS.get(status) or AlertStatus(status),
        armed=bool(armed),
        locale=stored_locale(locale),
        source=source,
        created_at=created_at,
        version=version,
        last_price=Decimal(last) if last is not None else None,
        checked_at=checked_at,
        cooldown_until=cooldown_until,
        fired=fired,
        paused_reason=paused_reason,
        name=name,
    )


def _observed(alert: Alert) -> dict[str, Any]:
    """The parameters of _RECORD: the columns a check changes."""
    return {
        "_v_last_price": _text(alert.last_price) if alert.last_price is not None else None,
        "_v_checked_at": alert.checked_at,
        "_v_armed": int(alert.armed),
        "_v_fired": alert.fired,
        "_v_cooldown_until": alert.cooldown_until,
        "_v_status": alert.status.value,
    }


def _record_many(known: Sequence[Observation], expected: dict[str, int]) -> dict[str, Any]:
    """The alerts' parameters of _RECORD_FIRING: each column's values, one per alert, in one order,
    as text (_texts)."""
    observed = [_observed(seen.alert) for seen in known]
    columns = {f"_{name}": _texts(o[f"_v_{name}"] for o in observed) for name in _OBSERVED}
    return {
        "_ids": [seen.alert.id for seen in known],
        "_versions": _texts(expected[seen.alert.id] for seen in known),
        **columns,
    }


def _triggers_many(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The firings' parameters of _RECORD_FIRING: each column's values, one per firing, as text."""
    return {f"_t_{name}": _texts(row[name] for row in rows) for name in _FIRING}


def _texts(values: Iterable[str | int | datetime | None]) -> list[str | None]:
    """Values of a TEXT[] parameter of _RECORD_FIRING, which casts them back in SQL: an integer
    in decimal, an instant in ISO 8601 in UTC with its offset (exact: microseconds kept), None as
    NULL. Only TEXT[]: asyncpg reads the server's description of any other array type (VARCHAR[],
    INTEGER[], TIMESTAMPTZ[]) with a query of its own the first time a connection prepares a
    statement taking it, 4-6 ms in the check (each pooled connection's first record)."""
    out: list[str | None] = []
    # An instant repeated (a check's time in every row: checked_at, fired_at, the buttons'
    # created_at and expires_at) is written out once.
    last: datetime | None = None
    last_text = ""
    for value in values:
        if isinstance(value, datetime):
            if value is not last:
                last, last_text = value, value.astimezone(UTC).isoformat()
            out.append(last_text)
        else:
            out.append(None if value is None else str(value))
    return out


def _buttons_many(buttons: Sequence[ActionToken]) -> dict[str, Any]:
    """The cards' buttons as parameters of _Statements.begin_with_buttons: each action_tokens
    column's values, one per button, as text (_texts)."""
    from adapters.storage.state_store import token_rows

    rows = token_rows(buttons)
    return {f"_b_{name}": _texts(row[name] for row in rows) for name in _BUTTON}


def _trigger_columns(trigger: Trigger, symbol: str) -> dict[str, Any]:
    return {
        "id": trigger.id,
        "alert_id": trigger.alert_id,
        "symbol": symbol,
        "price": _text(trigger.price),
        "quoted_at": trigger.quoted_at,
        "source": trigger.source,
        "reference": _text(trigger.reference) if trigger.reference is not None else None,
        "fired_at": trigger.fired_at,
        "status": "pending",
    }


def _trigger(row: Row[Any] | DrivenRow, c: Any = triggers.c) -> Trigger:
    """The firing of ``row``, whose columns are ``c`` (the table's, or a WITH's of its rows)."""
    m = row._mapping
    reference = m[c.reference]
    return Trigger(
        id=m[c.id],
        alert_id=m[c.alert_id],
        price=Decimal(m[c.price]),
        quoted_at=m[c.quoted_at],
        source=m[c.source],
        reference=Decimal(reference) if reference is not None else None,
        fired_at=m[c.fired_at],
    )


def _claimed(rows: Sequence[Row[Any] | DrivenRow], c: Any = triggers.c) -> list[ClaimedTrigger]:
    """The firings a claim took (``sending`` now), with their alerts; those it marked ``lost``
    logged. ``c``: the firings' columns in ``rows`` (as _trigger)."""
    claimed: list[ClaimedTrigger] = []
    for row in rows:
        if row._mapping[c.status] == "lost":
            log.warning(
                "alert firing %s: its send began and never finished (the process died); "
                "not sent again, it may not have arrived",
                row._mapping[c.id],
            )
        else:
            claimed.append(ClaimedTrigger(_trigger(row, c), _alert(row)))
    return claimed


def _finished(
    trigger_id: str, claimer: str, outcome: TriggerOutcome, now: datetime
) -> tuple[Update, dict[str, Any]]:
    """A claimed firing's delivery outcome (a retryable failure: pending again): the statement
    and its parameters."""
    params = {"_id": trigger_id, "_claimer": claimer}
    if outcome == "retry":
        return _sql().retry, params
    return _sql().finish, {**params, "_outcome": outcome, "_now": now}


# The check job's statements, built once, on first use (their values go as parameters: a
# statement built per call with its values, and its cache key, cost more CPU than SQLite's work
# for it). Not at import: building them took ~15 ms of every command's cold start, and most
# commands (`deskmate ask`) never run a check.
class _Statements:
    def __init__(self) -> None:
        a, t = alerts.c, triggers.c
        # Where a message may resume something: one read a minute per process (ResumePausedAlerts).
        self.awaiting_return = union(
            select(a.destination).where(a.status == AlertStatus.PAUSED.value),
            select(a.destination).join(triggers, t.alert_id == a.id).where(t.status.in_(_UNDELIVERED)),
        )
        self.active_for = (
            select(alerts)
            .where(a.symbol == bindparam("_symbol"), a.status == AlertStatus.ACTIVE.value)
            .order_by(a.created_at, a.id)
        )
        # What a check changes (core.skills.price_alert.model.observe); the rest of the row is as
        # the check read it (the compare-and-set on version says so), so it is not written again.
        self.record = (
            update(alerts)
            .where(a.id == bindparam("_id"), a.version == bindparam("_version"))
            .values(
                {
                    **{name: bindparam(f"_v_{name}", type_=alerts.c[name].type) for name in _OBSERVED},
                    "version": bindparam("_next"),
                }
            )
        )
        self.insert_trigger = insert(triggers)
        self.insert_sample = insert(samples)
        self.prune_samples = delete(samples).where(
            samples.c.symbol == bindparam("_symbol"),
            samples.c.at < bindparam("_before", type_=samples.c.at.type),
        )
        # PostgreSQL: both in one statement (the prune a data-modifying WITH; it sees the table
        # as it was before the insert, whose row it never removes).
        self.sample_pruning = insert(samples).add_cte(
            self.prune_samples.returning(samples.c.id).cte("pruned")
        )
        self.record_firing = text(_RECORD_FIRING)
        self.record_firing_sampled = text(_SAMPLED + _RECORD_FIRING.strip().removeprefix("WITH "))
        now = bindparam("_now", type_=t.claimed_at.type)
        stale = t.claimed_at < bindparam("_stale", type_=t.claimed_at.type)
        # The claim, in one UPDATE: a firing whose send began (``delivering``) before ``_stale``
        # and never finished is marked ``lost`` (its claimer vanished; it may have arrived: never
        # sent again); one waiting (``pending``, or claimed before ``_stale`` by a process that
        # vanished before sending it) is claimed, ``sending``. Its condition is checked again on
        # a row another process changed meanwhile: a firing it claimed is left to it.
        began = t.status == "delivering"
        claim = (
            update(triggers)
            .where(
                t.symbol == bindparam("_symbol"),
                # Not IN: an IN of values is expanded when run, which a statement sent on the
                # driver (CLAIM_ON_DRIVER) is not.
                or_(t.status == "pending", and_(or_(t.status == "sending", t.status == "delivering"), stale)),
            )
            .values(
                status=case((began, "lost"), else_="sending"),
                claimer=case((began, t.claimer), else_=bindparam("_claimer")),
                claimed_at=case((began, t.claimed_at), else_=now),
                finished_at=case((began, bindparam("_now", type_=t.finished_at.type)), else_=t.finished_at),
            )
        )
        self.claim = claim.returning(t.id)
        self.claimed = (
            select(triggers, alerts)
            .join(alerts, a.id == t.alert_id)
            .where(t.id.in_(bindparam("_ids", expanding=True)))
            .order_by(t.fired_at, t.id)
        )
        # PostgreSQL: the claim and the read of its rows with their alerts in one statement.
        self.took = claim.returning(*t).cte("took")
        self.claimed_once = (
            select(self.took, alerts)
            .join(alerts, a.id == self.took.c.alert_id)
            .order_by(self.took.c.fired_at, self.took.c.id)
        )
        this = t.id == bindparam("_id")
        mine = t.claimer == bindparam("_claimer")
        self.begin_delivery = (
            update(triggers)
            .where(this, mine, t.status == "sending")
            .values(status="delivering", claimed_at=now)
            .returning(t.id)
        )
        # Not IN: an IN of values is expanded when run, which a statement sent on the driver is not.
        claimed_now = or_(t.status == "sending", t.status == "delivering")
        self.retry = (
            update(triggers)
            .where(this, mine, claimed_now)
            .values(status="pending", claimer=None, claimed_at=None)
        )
        self.finish = (
            update(triggers)
            .where(this, mine, claimed_now)
            .values(status=bindparam("_outcome"), finished_at=bindparam("_now", type_=t.finished_at.type))
        )
        # A firing's start of delivery with the previous firing's outcome, in one statement (on
        # PostgreSQL one round trip in autocommit, where a transaction of the two took four):
        # the row ``_id`` as begin_delivery sets it, the row ``_prev`` as finish (or retry) does.
        either = or_(and_(this, t.status == "sending"), and_(t.id == bindparam("_prev"), claimed_now))
        self.begin_after_finish = (
            update(triggers)
            .where(mine, either)
            .values(
                status=case((this, "delivering"), else_=bindparam("_outcome")),
                claimed_at=case((this, now), else_=t.claimed_at),
                finished_at=case((this, t.finished_at), else_=bindparam("_now", type_=t.finished_at.type)),
            )
            .returning(t.id)
        )
        self.begin_after_retry = (
            update(triggers)
            .where(mine, either)
            .values(
                status=case((this, "delivering"), else_="pending"),
                claimer=case((this, t.claimer), else_=None),
                claimed_at=case((this, now), else_=None),
            )
            .returning(t.id)
        )
        # PostgreSQL: a check's first start of delivery with its cards' buttons (the token
        # store's action_tokens rows, as arrays of text: _buttons_many), in one statement.
        columns = ", ".join(_BUTTON)
        arrays = ", ".join(f"CAST(:_b_{name} AS TEXT[])" for name in _BUTTON)
        values: list[Any] = [
            literal_column(f"CAST(b.{name} AS TIMESTAMPTZ)" if name in _BUTTON_TIMES else f"b.{name}")
            for name in _BUTTON
        ]
        issued = (
            insert(action_tokens)
            .from_select(
                list(_BUTTON), select(*values).select_from(text(f"unnest({arrays}) AS b({columns})"))
            )
            .cte("issued")
        )
        self.begin_with_buttons = self.begin_delivery.add_cte(issued)
        # PostgreSQL: each start of delivery committed without waiting for its WAL to reach the
        # disk (MARK_COMMITS_LATER): the same statement, whose RETURNING sets synchronous_commit
        # off for its own transaction (set_config's is_local), the statement alone in autocommit.
        later = func.set_config("synchronous_commit", "off", True).label("commit_later")
        self.later: dict[Any, Any] = {
            stmt: stmt.returning(later)
            for stmt in (
                self.begin_delivery,
                self.begin_after_finish,
                self.begin_after_retry,
                self.begin_with_buttons,
            )
        }


_BUTTON = (
    "token", "group_id", "conversation_key", "platform", "chat_id", "user_id", "thread_id", "payload",
    "created_at", "expires_at",
)  # fmt: skip
_BUTTON_TIMES = ("created_at", "expires_at")
_OBSERVED = ("last_price", "checked_at", "armed", "fired", "cooldown_until", "status")
_FIRING = ("id", "alert_id", "symbol", "price", "quoted_at", "source", "reference", "fired_at")
# PostgreSQL: _Statements.record for many alerts at once, each under its own version, and the
# firings of the alerts it changed (another process's compare-and-set that won leaves this one's
# firing out), in one statement. Returns the firings stored.
_RECORD_FIRING = """
WITH changed AS (
    UPDATE price_alerts SET last_price = v.last_price, checked_at = CAST(v.checked_at AS TIMESTAMPTZ),
        armed = CAST(v.armed AS INTEGER), fired = CAST(v.fired AS INTEGER),
        cooldown_until = CAST(v.cooldown_until AS TIMESTAMPTZ), status = v.status,
        version = CAST(v.version AS INTEGER) + 1
    FROM unnest(
        CAST(:_ids AS TEXT[]), CAST(:_versions AS TEXT[]), CAST(:_last_price AS TEXT[]),
        CAST(:_checked_at AS TEXT[]), CAST(:_armed AS TEXT[]), CAST(:_fired AS TEXT[]),
        CAST(:_cooldown_until AS TEXT[]), CAST(:_status AS TEXT[])
    ) AS v(id, version, last_price, checked_at, armed, fired, cooldown_until, status)
    WHERE price_alerts.id = v.id AND price_alerts.version = CAST(v.version AS INTEGER)
    RETURNING price_alerts.id
)
INSERT INTO price_alert_triggers
    (id, alert_id, symbol, price, quoted_at, source, reference, fired_at, status)
SELECT f.id, f.alert_id, f.symbol, f.price, CAST(f.quoted_at AS TIMESTAMPTZ), f.source, f.reference,
    CAST(f.fired_at AS TIMESTAMPTZ), 'pending'
FROM unnest(
    CAST(:_t_id AS TEXT[]), CAST(:_t_alert_id AS TEXT[]), CAST(:_t_symbol AS TEXT[]),
    CAST(:_t_price AS TEXT[]), CAST(:_t_quoted_at AS TEXT[]), CAST(:_t_source AS TEXT[]),
    CAST(:_t_reference AS TEXT[]), CAST(:_t_fired_at AS TEXT[])
) AS f(id, alert_id, symbol, price, quoted_at, source, reference, fired_at)
WHERE f.alert_id IN (SELECT id FROM changed)
RETURNING price_alert_triggers.id
"""


# PostgreSQL: the check's price sample (add_sample: its insert, and the prune of the symbol's
# samples older than SAMPLES_KEPT, which sees the table as it was before the insert) as two more
# data-modifying WITHs of _RECORD_FIRING (SAMPLE_WITH_RECORD).
_SAMPLED = """
WITH pruned AS (
    DELETE FROM price_alert_samples
    WHERE symbol = CAST(:_s_symbol AS TEXT) AND at < CAST(CAST(:_s_before AS TEXT) AS TIMESTAMPTZ)
    RETURNING id
), sampled AS (
    INSERT INTO price_alert_samples (symbol, at, price)
    VALUES (CAST(:_s_symbol AS TEXT), CAST(CAST(:_s_at AS TEXT) AS TIMESTAMPTZ), CAST(:_s_price AS TEXT))
    RETURNING id
),
"""


@functools.cache
def _sql() -> _Statements:
    return _Statements()
