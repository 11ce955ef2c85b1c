"""The SQL repositories on SQLite and PostgreSQL: uniqueness, the trader check, audit in the
change's own transaction, string ids, schema."""

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
from adapters.storage.exchange_accounts import exchange_accounts
from adapters.storage.tables import Base
from adapters.storage.traders import traders
from core.tasks.audit import AuditEntry
from core.tasks.errors import InUse, NameTaken, NotFound
from core.workspace.accounts import AccountChanges, NewExchangeAccount
from core.workspace.model_configs import ModelChanges, NewModelConfig
from tests.fakes import NOW
from tests.workspace.conftest import SqlWorkspace, audit_entry, sql_workspace

A, B = "console:alice", "console:bob"
WORKSPACE_TABLES = {"exchange_accounts", "model_configs", "traders", "audit_log"}


@pytest.fixture
async def engine(db_url: str) -> AsyncIterator[AsyncEngine]:
    eng = create_engine(db_url)
    yield eng
    await eng.dispose()


@pytest.fixture
def store(engine: AsyncEngine) -> SqlWorkspace:
    return sql_workspace(engine)


def new_account(owner: str, name: str, exchange: str = "binance") -> NewExchangeAccount:
    creds = {"api_key": "sealed-k", "api_secret": "sealed-s"} if exchange != "paper" else {}
    balance = Decimal("10000") if exchange == "paper" else None
    return NewExchangeAccount(owner, name, exchange, creds, balance, NOW)


def new_model(owner: str, name: str) -> NewModelConfig:
    return NewModelConfig(
        owner, name, "deepseek", "https://api.deepseek.com", "deepseek-chat", "sealed", True, NOW
    )


async def add_trader(engine: AsyncEngine, owner: str, name: str, **refs: str) -> None:
    async with engine.begin() as conn:
        values = {k: int(v) for k, v in refs.items()}  # the table keys behind the core's string ids
        await conn.execute(
            insert(traders).values(owner=owner, name=name, name_key=name, created_at=NOW, **values)
        )


async def test_accounts_round_trip_and_names_are_unique_per_owner(store: SqlWorkspace) -> None:
    accounts = store.accounts
    main = await accounts.create(new_account(A, "Main"), audit_entry(A))
    paper = await accounts.create(new_account(A, "练习", "paper"), audit_entry(A))
    assert main.id != paper.id and main.created_at == NOW and main.created_at.tzinfo is not None
    assert isinstance(main.id, str)  # ids are opaque strings in the core
    assert paper.paper_balance == Decimal("10000") and paper.credentials == {}
    with pytest.raises(NameTaken):
        await accounts.create(new_account(A, "ＭＡＩＮ"), audit_entry(A))  # width and case folded
    await accounts.create(new_account(B, "Main"), audit_entry(B))  # another person may use the name
    assert [a.name for a in await accounts.owned(A)] == ["Main", "练习"]
    assert await accounts.get(B, main.id) is None  # never across owners
    for not_ours in ("abc", "", "1e3", "٣", "99999999999999999999999"):
        assert await accounts.get(A, not_ours) is None  # an id that cannot be a key finds nothing


async def test_update_merges_credentials_and_checks_the_new_name(store: SqlWorkspace) -> None:
    accounts = store.accounts
    main = await accounts.create(new_account(A, "Main"), audit_entry(A))
    await accounts.create(new_account(A, "Spare"), audit_entry(A))
    later = NOW + timedelta(minutes=1)
    updated = await accounts.update(
        A, main.id, AccountChanges(credentials={"api_key": "sealed-k2"}), later, audit_entry(A, "update")
    )
    assert updated.credentials == {"api_key": "sealed-k2", "api_secret": "sealed-s"}
    assert updated.updated_at == later
    with pytest.raises(NameTaken):
        await accounts.update(A, main.id, AccountChanges(name="spare"), later, audit_entry(A, "update"))
    renamed = await accounts.update(
        A, main.id, AccountChanges(name="Primary"), later, audit_entry(A, "update")
    )
    assert renamed.name == "Primary"
    with pytest.raises(NotFound):
        await accounts.update(B, main.id, AccountChanges(name="x"), later, audit_entry(B, "update"))


async def test_delete_is_refused_while_a_trader_uses_the_account(
    store: SqlWorkspace, engine: AsyncEngine
) -> None:
    accounts = store.accounts
    acc = await accounts.create(new_account(A, "Main"), audit_entry(A))
    await add_trader(engine, A, "alpha", account_id=acc.id)
    await add_trader(engine, A, "beta", account_id=acc.id)
    with pytest.raises(InUse) as refused:
        await accounts.delete(A, acc.id, audit_entry(A, "delete"))
    assert refused.value.traders == ("alpha", "beta")
    assert await accounts.traders_using(A, acc.id) == ["alpha", "beta"]
    assert await accounts.get(A, acc.id) is not None
    # The foreign key backs the check up: the database itself refuses the orphaning delete.
    with pytest.raises(IntegrityError):
        async with engine.begin() as conn:
            await conn.execute(delete(exchange_accounts).where(exchange_accounts.c.id == int(acc.id)))
    async with engine.begin() as conn:
        await conn.execute(delete(traders))
    await accounts.delete(A, acc.id, audit_entry(A, "delete"))
    assert await accounts.owned(A) == []
    with pytest.raises(NotFound):
        await accounts.delete(A, acc.id, audit_entry(A, "delete"))


async def test_models_round_trip_and_delete_refusal(store: SqlWorkspace, engine: AsyncEngine) -> None:
    models = store.models
    cfg = await models.create(new_model(A, "deepseek"), audit_entry(A, skill="model_management"))
    assert cfg.enabled is True and cfg.api_key == "sealed"
    with pytest.raises(NameTaken):
        await models.create(new_model(A, "DeepSeek"), audit_entry(A, skill="model_management"))
    later = NOW + timedelta(hours=1)
    changes = ModelChanges(enabled=False, model="deepseek-reasoner")
    off = await models.update(A, cfg.id, changes, later, audit_entry(A, "update", "model_management"))
    assert (off.enabled, off.model, off.base_url) == (False, "deepseek-reasoner", "https://api.deepseek.com")
    await add_trader(engine, A, "gamma", model_id=cfg.id)
    with pytest.raises(InUse) as refused:
        await models.delete(A, cfg.id, audit_entry(A, "delete", "model_management"))
    assert refused.value.traders == ("gamma",)
    with pytest.raises(NotFound):
        await models.delete(B, cfg.id, audit_entry(B, "delete", "model_management"))


async def test_audit_log_newest_first_per_owner(store: SqlWorkspace) -> None:
    for minute, action in enumerate(("create", "update", "delete")):
        await store.audit.record(
            AuditEntry(
                A,
                "console:c:alice:",
                NOW + timedelta(minutes=minute),
                "exchange_management",
                action,
                "7",
                "Main",
                "ok",
                {"fields": "api_key"},
            )
        )
    await store.audit.record(AuditEntry(B, "x", NOW, "model_management", "create", None, None, "ok"))
    await store.audit.record(AuditEntry(B, "x", NOW, "order_management", "cancel", "ord-7f3a", "o", "ok"))
    entries = await store.audit.recent(A)
    assert [e.action for e in entries] == ["delete", "update", "create"]
    assert entries[0].detail == {"fields": "api_key"} and entries[0].at.tzinfo is not None
    assert entries[0].target_id == "7"
    assert {e.target_id for e in await store.audit.recent(B)} == {None, "ord-7f3a"}  # any aggregate's id


async def test_every_change_is_written_with_its_audit_row(store: SqlWorkspace) -> None:
    accounts = store.accounts
    acc = await accounts.create(new_account(A, "Main"), audit_entry(A))
    await accounts.update(A, acc.id, AccountChanges(name="Primary"), NOW, audit_entry(A, "update"))
    await accounts.delete(A, acc.id, audit_entry(A, "delete"))
    rows = [(e.action, e.target_id, e.target_name, e.outcome) for e in await store.audit.recent(A)]
    # The repository names the record it wrote, the created one included.
    assert rows == [
        ("delete", acc.id, "Primary", "ok"),
        ("update", acc.id, "Primary", "ok"),
        ("create", acc.id, "Main", "ok"),
    ]


async def _break_audit(engine: AsyncEngine) -> None:
    async with engine.begin() as conn:
        await conn.execute(text("ALTER TABLE audit_log RENAME TO audit_log_away"))


async def _mend_audit(engine: AsyncEngine) -> None:
    async with engine.begin() as conn:
        await conn.execute(text("ALTER TABLE audit_log_away RENAME TO audit_log"))


async def test_a_failing_audit_write_rolls_the_change_back(store: SqlWorkspace, engine: AsyncEngine) -> None:
    accounts, models = store.accounts, store.models
    acc = await accounts.create(new_account(A, "Main"), audit_entry(A))
    await _break_audit(engine)
    try:
        with pytest.raises(Exception):  # noqa: B017 - whatever the driver raises for a missing table
            await accounts.create(new_account(A, "Second"), audit_entry(A))
        with pytest.raises(Exception):  # noqa: B017
            await accounts.update(A, acc.id, AccountChanges(name="Renamed"), NOW, audit_entry(A, "update"))
        with pytest.raises(Exception):  # noqa: B017
            await accounts.delete(A, acc.id, audit_entry(A, "delete"))
        with pytest.raises(Exception):  # noqa: B017
            await models.create(new_model(A, "deepseek"), audit_entry(A, skill="model_management"))
    finally:
        await _mend_audit(engine)
    assert [a.name for a in await accounts.owned(A)] == ["Main"]  # nothing created, renamed or deleted
    assert await models.owned(A) == []
    assert [e.action for e in await store.audit.recent(A)] == ["create"]


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


async def test_the_aggregates_migration_keeps_audit_targets_as_text(db_url: str) -> None:
    await migrate.downgrade_async(db_url, "0003_workspace")  # audit target ids were integers
    eng = create_engine(db_url)
    try:
        async with eng.begin() as conn:
            await conn.execute(
                text(
                    "INSERT INTO audit_log (at, owner, actor, skill, action, target_id, target_name,"
                    " outcome, detail) VALUES (:at, 'o', 'a', 'exchange_management', 'delete', 7, 'Main',"
                    " 'ok', '{}')"
                ),
                {"at": NOW.replace(tzinfo=None)},
            )
    finally:
        await eng.dispose()
    await migrate.upgrade_async(db_url)
    eng = create_engine(db_url)
    try:
        audit = sql_workspace(eng).audit
        (old,) = await audit.recent("o")
        assert old.target_id == "7"  # converted, not lost
        await audit.record(AuditEntry("o", "a", NOW, "order_management", "cancel", "ord-1", "x", "ok"))
        assert {e.target_id for e in await audit.recent("o")} == {"7", "ord-1"}
    finally:
        await eng.dispose()
