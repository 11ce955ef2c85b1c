"""Orders across processes and crashes (SQLite file and PostgreSQL): one fill whatever happens.

- kill -9 between the order's claim (its client order id stored, pending) and its fill: within
  the grace period the next turn, in another process, says "already handled"; after it, it finds
  the pending order, says it never filled and asks again; confirming fills it once, under the
  same client order id.
- Two processes pressing the same confirm button at the same instant: one fill.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from adapters.storage.audit_log import SqlAuditLog
from adapters.storage.engine import create_engine
from adapters.storage.trading import trading_fills, trading_orders
from tests.reliability.harness import Worker, notice_codes, together

pytestmark = pytest.mark.process  # starts other Python processes

LATER = 150  # seconds: past the 2-minute grace, before the 5-minute confirmation expires


@pytest.fixture(scope="module")
def carrying_on(db_url: str) -> Iterator[Worker]:
    w = Worker(db_url)
    yield w
    w.close()


def orders_of(url: str, user: str) -> tuple[list[Any], list[Any], list[str]]:
    owner = f"console:{user}"

    async def read() -> Any:
        engine = create_engine(url)
        try:
            async with engine.connect() as conn:
                orders = (
                    await conn.execute(trading_orders.select().where(trading_orders.c.owner == owner))
                ).all()
                ids = [o.id for o in orders]
                fills = (
                    await conn.execute(trading_fills.select().where(trading_fills.c.order_id.in_(ids)))
                ).all()
            audit = await SqlAuditLog(engine).recent(owner, limit=1000)
            return orders, fills, sorted(e.action for e in audit if e.skill == "trade_execution")
        finally:
            await engine.dispose()

    return asyncio.run(read())


def test_killed_inside_the_paper_orders_one_transaction(db_url: str, user: str, carrying_on: Worker) -> None:
    """A paper order is claimed, paid for and filled in one transaction: killed with its rows
    written but not committed, nothing of it is left (no pending order, no fill, no audit row);
    the same confirmation, asked again later, places it once under the same order id."""
    carrying_on.user = user
    doomed = Worker(db_url, user=user, crash_at="paper_order_uncommitted")
    shown = carrying_on.ask(say="buy 0.001 BTC")
    assert shown["status"] == "awaiting_confirmation", shown
    doomed.send({"press": shown["buttons"][0]["token"]})
    assert doomed.receive() is None and doomed.died_by_kill()
    doomed.close()
    orders, fills, actions = orders_of(db_url, user)
    assert orders == [] and fills == [] and "order" not in actions
    assert notice_codes(carrying_on.ask(say="确认")) == ["already_handled"]
    later = carrying_on.ask(say="确认", shift=LATER)
    assert notice_codes(later) == ["interrupted_not_run", "order_filled"], later
    orders, fills, actions = orders_of(db_url, user)
    assert [o.status for o in orders] == ["filled"] and len(fills) == 1  # one order id, one fill
    assert actions == ["fill", "open_paper_account", "order"]


def test_two_processes_press_one_confirm_button(db_url: str, user: str, carrying_on: Worker) -> None:
    carrying_on.user = user
    other = Worker(db_url, user=user, market_ms=15)
    try:
        shown = carrying_on.ask(say="buy 0.001 BTC")
        token = shown["buttons"][0]["token"]
        replies = together((carrying_on, {"press": token}), (other, {"press": token}))
        filled = [r for r in replies if "order_filled" in notice_codes(r)]
        assert len(filled) == 1, replies
        orders, fills, _ = orders_of(db_url, user)
        assert [o.status for o in orders] == ["filled"] and len(fills) == 1
    finally:
        other.close()
