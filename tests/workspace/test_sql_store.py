"""SqlWorkspaceStore on SQLite and PostgreSQL: uniqueness, the trader check, audit, schema."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import AsyncIterator
from datetime import timedelta
from decimal import Decimal

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import delete, insert, inspect, text
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

import adapters.storage
from adapters.storage import migrate
from adapters.storage.engine import create_engine
from adapters.storage.tables import Base
from adapters.storage.workspace_store import SqlWorkspaceStore, exchange_accounts, traders
from core.workspace.ports import (
    AccountChanges,
    AuditEntry,
    InUse,
    ModelChanges,
    NameTaken,
    NewExchangeAccount,
    NewModelConfig,
    NotFound,
)
from tests.fakes import NOW

A, B = "console:alice", "console:bob"
WORKSPACE_TABLES = {"exchange_accounts", "model_configs", "traders", "audit_log"}


@pytest.fixture
async def engine(db_url: str) -> AsyncIterator[AsyncEngine]:
    eng = create_engine(db_url)
    yield eng
    await eng.dispose()


@pytest.fixture
def store(engine: AsyncEngine) -> SqlWorkspaceStore:
    return SqlWorkspaceStore(engine)


def new_account(owner: str, name: str, exchange: str = "binance") -> NewExchangeAccount:
    creds = {"api_key": "sealed-k", "api_secret": "sealed-s"} if exchange != "paper" else {}
    balance = Decimal("10000") if exchange == "paper" else None
    return NewExchangeAccount(owner, name, exchange, creds, balance, NOW)


def new_model(owner: str, name: str) -> NewModelConfig:
    return NewModelConfig(
        owner, name, "deepseek", "https://api.deepseek.com", "deepseek-chat", "sealed", True, NOW
    )


async def add_trader(engine: AsyncEngine, owner: str, name: str, **refs: int) -> None:
    async with engine.begin() as conn:
        await conn.execute(
            insert(traders).values(owner=owner, name=name, name_key=name, created_at=NOW, **refs)
        )


async def test_accounts_round_trip_and_names_are_unique_per_owner(store: SqlWorkspaceStore) -> None:
    main = await store.create_account(new_account(A, "Main"))
    paper = await store.create_account(new_account(A, "练习", "paper"))
    assert main.id != paper.id and main.created_at == NOW and main.created_at.tzinfo is not None
    assert paper.paper_balance == Decimal("10000") and paper.credentials == {}
    with pytest.raises(NameTaken):
        await store.create_account(new_account(A, "ＭＡＩＮ"))  # width and case folded
    await store.create_account(new_account(B, "Main"))  # another person may use the name
    assert [a.name for a in await store.list_accounts(A)] == ["Main", "练习"]
    assert await store.get_account(B, main.id) is None  # never across owners


async def test_update_merges_credentials_and_checks_the_new_name(store: SqlWorkspaceStore) -> None:
    main = await store.create_account(new_account(A, "Main"))
    await store.create_account(new_account(A, "Spare"))
    later = NOW + timedelta(minutes=1)
    updated = await store.update_account(
        A, main.id, AccountChanges(credentials={"api_key": "sealed-k2"}), later
    )
    assert updated.credentials == {"api_key": "sealed-k2", "api_secret": "sealed-s"}
    assert updated.updated_at == later
    with pytest.raises(NameTaken):
        await store.update_account(A, main.id, AccountChanges(name="spare"), later)
    renamed = await store.update_account(A, main.id, AccountChanges(name="Primary"), later)
    assert renamed.name == "Primary"
    with pytest.raises(NotFound):
        await store.update_account(B, main.id, AccountChanges(name="x"), later)


async def test_delete_is_refused_while_a_trader_uses_the_account(
    store: SqlWorkspaceStore, engine: AsyncEngine
) -> None:
    acc = await store.create_account(new_account(A, "Main"))
    await add_trader(engine, A, "alpha", account_id=acc.id)
    await add_trader(engine, A, "beta", account_id=acc.id)
    with pytest.raises(InUse) as refused:
        await store.delete_account(A, acc.id)
    assert refused.value.traders == ("alpha", "beta")
    assert await store.traders_using_account(A, acc.id) == ["alpha", "beta"]
    assert await store.get_account(A, acc.id) is not None
    # The foreign key backs the check up: the database itself refuses the orphaning delete.
    with pytest.raises(IntegrityError):
        async with engine.begin() as conn:
            await conn.execute(delete(exchange_accounts).where(exchange_accounts.c.id == acc.id))
    async with engine.begin() as conn:
        await conn.execute(delete(traders))
    await store.delete_account(A, acc.id)
    assert await store.list_accounts(A) == []
    with pytest.raises(NotFound):
        await store.delete_account(A, acc.id)


async def test_models_round_trip_and_delete_refusal(store: SqlWorkspaceStore, engine: AsyncEngine) -> None:
    cfg = await store.create_model(new_model(A, "deepseek"))
    assert cfg.enabled is True and cfg.api_key == "sealed"
    with pytest.raises(NameTaken):
        await store.create_model(new_model(A, "DeepSeek"))
    later = NOW + timedelta(hours=1)
    off = await store.update_model(A, cfg.id, ModelChanges(enabled=False, model="deepseek-reasoner"), later)
    assert (off.enabled, off.model, off.base_url) == (False, "deepseek-reasoner", "https://api.deepseek.com")
    await add_trader(engine, A, "gamma", model_id=cfg.id)
    with pytest.raises(InUse) as refused:
        await store.delete_model(A, cfg.id)
    assert refused.value.traders == ("gamma",)
    with pytest.raises(NotFound):
        await store.delete_model(B, cfg.id)


async def test_audit_log_newest_first_per_owner(store: SqlWorkspaceStore) -> None:
    for minute, action in enumerate(("create", "update", "delete")):
        await store.record_audit(
            AuditEntry(
                A,
                "console:c:alice:",
                NOW + timedelta(minutes=minute),
                "exchange_management",
                action,
                7,
                "Main",
                "ok",
                {"fields": "api_key"},
            )
        )
    await store.record_audit(AuditEntry(B, "x", NOW, "model_management", "create", None, None, "ok"))
    entries = await store.list_audit(A)
    assert [e.action for e in entries] == ["delete", "update", "create"]
    assert entries[0].detail == {"fields": "api_key"} and entries[0].at.tzinfo is not None
    assert len(await store.list_audit(B)) == 1


async def test_migration_creates_exactly_the_declared_schema(db_url: str, engine: AsyncEngine) -> None:
    assert await migrate.current_async(db_url) == migrate.head()
    for module in pkgutil.iter_modules(adapters.storage.__path__, "adapters.storage."):
        importlib.import_module(module.name)  # every table registered on Base, as Alembic sees them

    def diff(conn: Connection) -> list[object]:
        return list(compare_metadata(MigrationContext.configure(conn), Base.metadata))

    async with engine.connect() as conn:
        assert await conn.run_sync(diff) == []
        names = set(await conn.run_sync(lambda c: inspect(c).get_table_names()))
    assert names >= WORKSPACE_TABLES


async def test_downgrade_removes_the_workspace_tables(db_url: str) -> None:
    await migrate.downgrade_async(db_url, "0002_usage")
    eng = create_engine(db_url)
    try:
        async with eng.connect() as conn:
            names = set(await conn.run_sync(lambda c: inspect(c).get_table_names()))
            assert not names & WORKSPACE_TABLES
            assert (await conn.execute(text("select 1"))).scalar() == 1
    finally:
        await eng.dispose()
    await migrate.upgrade_async(db_url)
    assert await migrate.current_async(db_url) == migrate.head()
