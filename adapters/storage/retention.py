"""How long the rows that pile up are kept, and the one clean-up that removes the rest.

Kept long enough for exactly-once and for diagnosis, then removed:

- price_alert_samples: 25 hours (the longest move window an alert reads is a day). The check
  also trims a symbol's samples as it adds one; this catches symbols no longer checked.
- jobs: finished (done) ones 7 days after they finished; dead ones stay (their error is the
  diagnosis) and live ones are never touched.
- deliveries: 30 days (what could not be delivered is told for that long).
- price_alert_triggers: delivered or told ones 30 days after they finished; one still waiting
  (pending, sending, delivering, blocked, paused) stays until it is delivered or told.
- trader_decisions: finished ones after 30 days (a trader's last error and recent decisions stay).
- processed_events 48 hours and action tokens 7 days (the state store's own retention).

Rows go in batches of BATCH, each its own short transaction, so a large clean-up never holds
SQLite's write lock for long.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial
from typing import TYPE_CHECKING, Any

from sqlalchemy import ColumnElement, Table, delete, select
from sqlalchemy.engine import Connection

from adapters.storage.deliveries import RETENTION as DELIVERY_RETENTION
from adapters.storage.deliveries import deliveries
from adapters.storage.jobs import DONE_RETENTION, jobs
from adapters.storage.price_alerts import SAMPLES_KEPT, samples, triggers
from adapters.storage.runner import transaction_runner
from adapters.storage.state_store import EVENT_RETENTION, TOKEN_RETENTION
from adapters.storage.tables import action_tokens, processed_events
from adapters.storage.traders import trader_decisions

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncEngine

BATCH = 5000
TRIGGER_RETENTION = timedelta(days=30)
DECISION_RETENTION = timedelta(days=30)
_FINISHED_TRIGGERS = ("sent", "told", "lost")


@dataclass(frozen=True, slots=True)
class Rule:
    table: Table
    key: ColumnElement[Any]  # the primary key column (batches are chosen by it)
    expired: Callable[[datetime], ColumnElement[bool]]  # the cutoff time -> the WHERE clause
    kept: timedelta

    @property
    def name(self) -> str:
        return self.table.name


def _done_job(cut: datetime) -> ColumnElement[bool]:
    return (jobs.c.status == "done") & (jobs.c.updated_at < cut)


def _finished_trigger(cut: datetime) -> ColumnElement[bool]:
    return triggers.c.status.in_(_FINISHED_TRIGGERS) & (triggers.c.finished_at < cut)


def _done_decision(cut: datetime) -> ColumnElement[bool]:
    return (trader_decisions.c.status == "done") & (trader_decisions.c.updated_at < cut)


RULES: tuple[Rule, ...] = (
    Rule(samples, samples.c.id, lambda cut: samples.c.at < cut, SAMPLES_KEPT),
    Rule(jobs, jobs.c.id, _done_job, DONE_RETENTION),
    Rule(deliveries, deliveries.c.id, lambda cut: deliveries.c.created_at < cut, DELIVERY_RETENTION),
    Rule(triggers, triggers.c.id, _finished_trigger, TRIGGER_RETENTION),
    Rule(trader_decisions, trader_decisions.c.id, _done_decision, DECISION_RETENTION),
    Rule(
        processed_events,
        processed_events.c.event_id,
        lambda cut: processed_events.c.seen_at < cut,
        EVENT_RETENTION,
    ),
    Rule(action_tokens, action_tokens.c.token, lambda cut: action_tokens.c.expires_at < cut, TOKEN_RETENTION),
)


def _delete_batch(conn: Connection, rule: Rule, cutoff: datetime) -> int:
    chosen = select(rule.key).where(rule.expired(cutoff)).limit(BATCH).scalar_subquery()
    return conn.execute(delete(rule.table).where(rule.key.in_(chosen))).rowcount


async def remove_expired(engine: AsyncEngine, now: datetime) -> dict[str, int]:
    """Delete every row past its retention (RULES); rows removed, by table."""
    runner = transaction_runner(engine)
    removed: dict[str, int] = {}
    try:
        for rule in RULES:
            cutoff = now - rule.kept
            total = 0
            while True:
                count = await runner.run(partial(_delete_batch, rule=rule, cutoff=cutoff))
                total += count
                if count < BATCH:
                    break
            removed[rule.name] = total
    finally:
        await runner.close()
    return removed
