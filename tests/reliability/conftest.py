"""Reliability fixtures: a fresh, migrated database per test on each backend, and a reader for
what ended up stored there."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from adapters.storage import migrate
from adapters.storage.engine import create_engine
from adapters.storage.state_store import SqlStateStore
from adapters.storage.workspace_store import SqlWorkspaceStore
from core.events import ConversationKey
from core.state import ConversationState
from core.workspace.ports import AuditEntry, ExchangeAccount
from tests.storage.conftest import scratch_pg_database

SHARED = ConversationKey("console", "shared", "u1")
OWNER = "console:u1"


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


def stored(url: str, key: ConversationKey = SHARED) -> tuple[ConversationState, list[ExchangeAccount], list[AuditEntry]]:
    """The conversation's saved state, the owner's accounts and audit log (newest first)."""

    async def read() -> Any:
        engine = create_engine(url)
        states = SqlStateStore(engine)
        try:
            workspace = SqlWorkspaceStore(engine)
            return (
                await states.load_state(key),
                await workspace.list_accounts(OWNER),
                await workspace.list_audit(OWNER, limit=10_000),
            )
        finally:
            await states.close()
            await engine.dispose()

    return asyncio.run(read())
