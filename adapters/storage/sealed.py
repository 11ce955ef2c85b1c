"""Every column that holds encrypted secrets, and the key canary.

Secrets are sealed by the core's SecretBox before they reach storage, so this module never sees
a plain credential; it only knows *where* ciphertext lives, so that a key can be checked at
start-up and every sealed value re-encrypted under a new key (``deskmate secrets rotate``).

A table with sealed values registers them with ``register_sealed_column`` (deskmate's own are
registered by ``sealed_columns``, which every reader of the list calls):

- ``SealedForm.TOKEN``: the column is one ciphertext (model_configs.api_key);
- ``SealedForm.JSON``: the column is a JSON document; every string in it that is a ciphertext is
  sealed (exchange_accounts.credentials, and task slots inside conversation states).

The canary is one row holding a known value sealed with the current key: a different key cannot
open it, so a changed DESKMATE_SECRET_KEY or a lost key file is caught before anything is read or
written with the wrong key.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from functools import partial
from typing import TYPE_CHECKING, Any, cast

from sqlalchemy import Column, Integer, Table, Text, select, update
from sqlalchemy.engine import Connection

from adapters.storage.dialects import insert_for
from adapters.storage.migrate import migration_engine
from adapters.storage.runner import shared_runner
from adapters.storage.tables import METADATA, UTCDateTime, action_tokens, conversation_states
from core.secrets import is_sealed, sealed_key_id

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncEngine

CANARY_ID = 1
RESEAL_BATCH = 200  # rows per short transaction while re-sealing: writers wait at most one batch
MAX_PASSES = 10  # a pass re-reads what changed under it; the last finds nothing left to move


# One row: a known value sealed with the key every sealed column is under. A Core table: every
# start reads it (the key check), and an ORM class imported SQLAlchemy's ORM for that.
secret_canary = Table(
    "secret_canary",
    METADATA,
    Column("id", Integer, primary_key=True, autoincrement=False),
    Column("sealed", Text, nullable=False),
    Column("updated_at", UTCDateTime(), nullable=False),
)


class SealedForm(StrEnum):
    TOKEN = "token"  # noqa: S105 - the name of a form, not a password
    JSON = "json"


@dataclass(frozen=True, slots=True)
class SealedColumn:
    column: Column[Any]
    form: SealedForm

    @property
    def table(self) -> Table:
        return self.column.table

    @property
    def name(self) -> str:
        return f"{self.table.name}.{self.column.name}"


SEALED_COLUMNS: list[SealedColumn] = []


def register_sealed_column(column: Column[Any], form: SealedForm) -> None:
    """Declare that ``column`` holds ciphertext (in ``form``), so key checks and rotation see it."""
    if all(c.column is not column for c in SEALED_COLUMNS):
        SEALED_COLUMNS.append(SealedColumn(column, form))


def sealed_columns() -> list[SealedColumn]:
    """Every column holding ciphertext. Deskmate's own are registered here, at the first look,
    rather than when this module is imported: every start imports it to check the key, which
    reads only the canary, and importing the account and model tables (their ORM classes) was a
    part of every `deskmate ask`'s start."""
    from adapters.storage.exchange_accounts import exchange_accounts
    from adapters.storage.model_configs import model_configs

    register_sealed_column(model_configs.c.api_key, SealedForm.TOKEN)
    register_sealed_column(exchange_accounts.c.credentials, SealedForm.JSON)
    # Secret answers of a task still being filled in are sealed into its slots.
    register_sealed_column(conversation_states.c.state, SealedForm.JSON)
    register_sealed_column(action_tokens.c.payload, SealedForm.JSON)
    return SEALED_COLUMNS


def is_token(value: object) -> bool:
    return is_sealed(value)


def _tokens_in(value: object) -> list[str]:
    if is_token(value):
        return [cast(str, value)]
    if isinstance(value, dict):
        return [t for v in value.values() for t in _tokens_in(v)]
    if isinstance(value, list):
        return [t for v in value for t in _tokens_in(v)]
    return []


Reseal = Callable[[str], str | None]  # the value under the new key; None: cannot be opened


def _reseal_in(value: object, reseal: Reseal, unopened: list[str]) -> object:
    if is_token(value):
        new = reseal(cast(str, value))
        if new is None:
            unopened.append(cast(str, value))
            return value
        return new
    if isinstance(value, dict):
        return {k: _reseal_in(v, reseal, unopened) for k, v in value.items()}
    if isinstance(value, list):
        return [_reseal_in(v, reseal, unopened) for v in value]
    return value


def _tokens(sealed: SealedColumn, raw: str | None) -> list[str]:
    if raw is None:
        return []
    if sealed.form is SealedForm.TOKEN:
        return [raw] if raw else []
    try:
        return _tokens_in(json.loads(raw))
    except ValueError:
        return []


def _resealed(sealed: SealedColumn, raw: str, reseal: Reseal, unopened: list[str]) -> str:
    if sealed.form is SealedForm.TOKEN:
        return _reseal_in(raw, reseal, unopened) if raw else raw  # type: ignore[return-value]
    # Key order and non-ASCII text are kept as they were; only the ciphertexts change.
    return json.dumps(_reseal_in(json.loads(raw), reseal, unopened), ensure_ascii=False)


def read_canary(conn: Connection) -> str | None:
    return conn.execute(select(secret_canary.c.sealed).where(secret_canary.c.id == CANARY_ID)).scalar()


def claim_canary(conn: Connection, sealed: str, now: datetime) -> str:
    """Store ``sealed`` as the canary unless one exists (two first starts racing keep one); the
    stored canary either way."""
    insert = insert_for(conn.dialect.name)
    stmt = insert(secret_canary).values(id=CANARY_ID, sealed=sealed, updated_at=now)
    conn.execute(stmt.on_conflict_do_nothing(index_elements=[secret_canary.c.id]))
    stored = read_canary(conn)
    assert stored is not None
    return stored


def write_canary(conn: Connection, sealed: str, now: datetime) -> None:
    """Store the canary; replaces an existing one (rotation) or creates it (first start)."""
    c = secret_canary.c
    updated = conn.execute(
        update(secret_canary).where(c.id == CANARY_ID).values(sealed=sealed, updated_at=now)
    )
    if updated.rowcount == 0:
        conn.execute(secret_canary.insert().values(id=CANARY_ID, sealed=sealed, updated_at=now))


def sample_tokens(conn: Connection, limit: int = 3) -> list[str]:
    """A few stored ciphertexts (for a database sealed before the canary existed); [] if none."""
    found: list[str] = []
    for sealed in sealed_columns():
        pk = list(sealed.table.primary_key.columns)
        for raw in conn.execute(select(sealed.column).order_by(*pk)).scalars():
            found += _tokens(sealed, raw)
            if len(found) >= limit:
                return found[:limit]
    return found


@dataclass(frozen=True, slots=True)
class ResealReport:
    rows: dict[str, int]  # "table.column" -> rows rewritten
    values: int  # ciphertexts re-encrypted
    unopened: int  # ciphertexts no key could open (already unreadable), left as they were


class CanaryMoved(Exception):
    """The canary changed since it was read: another rotation runs (or ran) at the same time."""


def _reseal_batch(
    conn: Connection, sealed: SealedColumn, after: object, new_key_id: str, reseal: Reseal
) -> tuple[object, int, int, int, bool]:
    """Re-seal one batch of rows after primary key ``after``, each with a compare-and-set on the
    value read (a row changed meanwhile is left to the next pass). (last key, rows rewritten,
    values moved, values no key opens, whether a row changed under it)."""
    (pk,) = sealed.table.primary_key.columns
    query = select(pk, sealed.column).order_by(pk).limit(RESEAL_BATCH)
    if after is not None:
        query = query.where(pk > after)
    rows = conn.execute(query).all()
    rewritten = moved = unopened = 0
    missed = False
    for key, raw in rows:
        old = [t for t in _tokens(sealed, raw) if sealed_key_id(t) != new_key_id]
        if not old:
            continue
        lost: list[str] = []
        new = _resealed(sealed, raw, reseal, lost)
        unopened += len(lost)
        if len(lost) == len(old):
            continue  # nothing here any key opens
        cas = update(sealed.table).where(pk == key, sealed.column == raw).values({sealed.column.name: new})
        if conn.execute(cas).rowcount == 1:
            rewritten += 1
            moved += len(old) - len(lost)
        else:
            missed = True
    return (rows[-1][0] if rows else None), rewritten, moved, unopened, missed


async def reseal_database(
    engine: AsyncEngine, reseal: Reseal, new_key_id: str, canaries: tuple[str, str], now: datetime
) -> ResealReport:
    """Move every stored secret under the key ``new_key_id`` while other processes run.

    1. The canary switches from ``canaries[0]`` to ``canaries[1]`` (the new key's; a
       compare-and-set, CanaryMoved if another rotation got there first). From then on no process
       can store a value under another key (adapters/storage/key_fence.py).
    2. Every registered column is re-sealed in batches of short transactions, each row with a
       compare-and-set on the value read; a row written meanwhile is read again by the next pass,
       and passes run until one finds nothing left to move.
    """
    url = engine.url.render_as_string(hide_password=False)
    exclusive = migration_engine(url)  # SQLite: BEGIN IMMEDIATE, the write lock from the first read
    old_canary, new_canary = canaries

    def switch(conn: Connection) -> None:
        c = secret_canary.c
        stmt = update(secret_canary).where(c.id == CANARY_ID, c.sealed == old_canary)
        if conn.execute(stmt.values(sealed=new_canary, updated_at=now)).rowcount != 1:
            raise CanaryMoved("the key check changed while rotating: is another rotation running?")

    rows = {s.name: 0 for s in sealed_columns()}
    values = unopened = 0
    try:
        async with exclusive.begin() as conn:
            await conn.run_sync(switch)
        for _ in range(MAX_PASSES):
            changed = False
            unopened = 0
            for sealed in sealed_columns():
                after: object = None
                while True:
                    async with exclusive.begin() as conn:
                        batch = partial(_reseal_batch, sealed=sealed, after=after, new_key_id=new_key_id)
                        last, rewritten, moved, lost, missed = await conn.run_sync(batch, reseal=reseal)
                    rows[sealed.name] += rewritten
                    values += moved
                    unopened += lost
                    changed = changed or rewritten > 0 or missed
                    if last is None:
                        break
                    after = last
            if not changed:
                break
    finally:
        await exclusive.dispose()
    return ResealReport(rows, values, unopened)


@dataclass(frozen=True, slots=True)
class KeyCheckData:
    """What start-up needs to check a key: the canary, or (before there was one) a few
    ciphertexts already stored."""

    canary: str | None
    samples: list[str]

    @property
    def has_sealed_data(self) -> bool:
        return self.canary is not None or bool(self.samples)


async def key_check_data(engine: AsyncEngine) -> KeyCheckData:
    """Read on ``engine``'s shared runner (adapters.storage.runner.shared_runner; its owner
    closes it): on a SQLite file, on this thread with the sqlite3 driver, not on an aiosqlite
    connection opened for the one read every start makes."""

    def read(conn: Connection) -> KeyCheckData:
        canary = read_canary(conn)
        return KeyCheckData(canary, [] if canary is not None else sample_tokens(conn))

    return await shared_runner(engine).run(read, read_only=True)


async def claim_canary_async(engine: AsyncEngine, sealed: str, now: datetime) -> str:
    return await shared_runner(engine).run(lambda c: claim_canary(c, sealed, now))
