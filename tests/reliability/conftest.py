"""Reliability fixtures: one migrated database per module and backend (each test talks as its own
user), and a reader for what ended up stored there."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from adapters.storage import migrate
from adapters.storage.audit_log import SqlAuditLog
from adapters.storage.engine import create_engine
from adapters.storage.exchange_accounts import SqlExchangeAccounts
from adapters.storage.state_store import SqlStateStore
from core.events import ConversationKey
from core.state import ConversationState
from core.tasks.audit import AuditEntry
from core.workspace.accounts import ExchangeAccount
from tests.storage.conftest import scratch_pg_database


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if request.param == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path_factory.mktemp('db') / 'deskmate.db'}"
        migrate.upgrade(url)
        yield url
        return
    with scratch_pg_database() as url:
        migrate.upgrade(url)
        yield url


@pytest.fixture
def user(request: pytest.FixtureRequest) -> str:
    """A user of this test alone: the module's tests share the database."""
    return request.node.name


def stored(url: str, user: str) -> tuple[ConversationState, list[ExchangeAccount], list[AuditEntry]]:
    """``user``'s conversation state (console, chat "shared"), accounts and audit log (newest first)."""
    owner = f"console:{user}"

    async def read() -> Any:
        engine = create_engine(url)
        states = SqlStateStore(engine)
        try:
            return (
                await states.load_state(ConversationKey("console", "shared", user)),
                await SqlExchangeAccounts(engine).owned(owner),
                await SqlAuditLog(engine).recent(owner, limit=10_000),
            )
        finally:
            await states.close()
            await engine.dispose()

    return asyncio.run(read())
