"""Strategy test fixtures: a migrated, empty database on each backend (PostgreSQL skips when
unreachable)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from adapters.storage import migrate
from tests.storage.conftest import _clear, scratch_pg_database


@pytest.fixture(scope="session")
def pg_strategies_url() -> Iterator[str]:
    with scratch_pg_database() as url:
        migrate.upgrade(url)
        yield url


def migrated(backend: str, request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A migrated, empty database of ``backend`` ("sqlite" or "postgresql")."""
    if backend == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path / 'db' / 'deskmate.db'}"
        migrate.upgrade(url)
        return url
    pg: str = request.getfixturevalue("pg_strategies_url")
    asyncio.run(_clear(pg))
    return pg


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return migrated(request.param, request, tmp_path)
