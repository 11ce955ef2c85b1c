"""A statement sent on the asyncpg connection itself (adapters.storage.driven): a connection the
server ended is never pooled again, whatever asyncpg calls the error (a terminated backend is a
PostgresError: AdminShutdownError, 57P01); one that only refused the statement is."""

from __future__ import annotations

from typing import Any

import pytest
from asyncpg.exceptions import AdminShutdownError, ConnectionDoesNotExistError, UniqueViolationError

from adapters.storage.driven import _on


class _Driver:
    def __init__(self, closed: bool) -> None:
        self.closed = closed

    def is_closed(self) -> bool:
        return self.closed


class _Conn:
    """What _on reads of SQLAlchemy's AsyncConnection: the driver's connection, invalidate()."""

    def __init__(self, closed: bool = False) -> None:
        self.driver = _Driver(closed)
        self.sync_connection: Any = type("S", (), {})()
        self.sync_connection.connection = type("C", (), {"driver_connection": self.driver})()
        self.invalidated = False

    async def invalidate(self) -> None:
        self.invalidated = True


async def _fails(exc: BaseException) -> _Conn:
    conn = _Conn()

    async def call(driver: Any) -> None:
        raise exc

    with pytest.raises(type(exc)):
        await _on(conn, call)  # type: ignore[arg-type]
    return conn


@pytest.mark.parametrize(
    "exc",
    [
        AdminShutdownError("terminating connection due to administrator command"),
        ConnectionDoesNotExistError("connection was closed in the middle of operation"),
        ConnectionResetError(),
    ],
)
async def test_a_connection_the_server_ended_is_not_pooled_again(exc: BaseException) -> None:
    assert (await _fails(exc)).invalidated


async def test_a_statement_the_server_refused_keeps_its_connection() -> None:
    assert not (await _fails(UniqueViolationError("duplicate key"))).invalidated


async def test_a_refusal_on_a_connection_that_closed_meanwhile_drops_it() -> None:
    conn = _Conn(closed=True)

    async def call(driver: Any) -> None:
        raise UniqueViolationError("duplicate key")

    with pytest.raises(UniqueViolationError):
        await _on(conn, call)  # type: ignore[arg-type]
    assert conn.invalidated
