"""Alert names in the SQL store (migration 0025), on SQLite and PostgreSQL: a name is stored and
read back, unique among one destination's alerts whatever its case or width, refused as
NameInUse with nothing stored; the unique index itself refuses a second one (not a check then an
insert), so two engines naming one alert at once store it once; and a database at the previous
head keeps its alerts and firings through the upgrade (and the downgrade)."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path

import pytest
from sqlalchemy import insert, select, text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from adapters.storage import migrate
from adapters.storage.engine import create_engine
from adapters.storage.price_alerts import SqlAlertStore, alerts
from core.skills.price_alert.ports import LimitReached, NameInUse
from tests.storage.conftest import BACKENDS
from tests.storage.test_price_alert_store import ALICE, GROUP, an_alert, audit

PREVIOUS = "0024_market_weights"


async def test_a_name_is_stored_and_unique_in_its_destination(engine: AsyncEngine) -> None:
    store = SqlAlertStore(engine)
    try:
        dip = replace(an_alert(0), name="Dip Buyer")
        assert await store.create(dip, 10, audit()) == dip
        assert await store.get(dip.id) == dip
        # One name whatever its case, width or spacing: refused, nothing stored.
        for said in ("dip buyer", "ＤＩＰ ＢＵＹＥＲ", " dip  buyer "):
            assert await store.create(replace(an_alert(1), name=said), 10, audit()) == NameInUse(said)
        assert [a.id for a in await store.for_destination(ALICE)] == [dip.id]
        # Another destination (a group's alerts), and alerts with no name, never clash.
        assert await store.create(replace(an_alert(2, GROUP), name="dip buyer"), 10, audit()) != NameInUse(
            "dip buyer"
        )
        assert await store.create(an_alert(3), 10, audit()) == an_alert(3)
        assert await store.create(an_alert(4), 10, audit()) == an_alert(4)
        # A name taken is said before the limit; a free name over the limit is the limit.
        taken = replace(an_alert(5), name="dip buyer")
        assert await store.create(taken, 3, audit()) == NameInUse("dip buyer")
        assert await store.create(replace(an_alert(6), name="moon"), 3, audit()) == LimitReached(3)
        # Deleted, its name is free again.
        assert await store.delete(dip.id, audit("delete"))
        again = replace(an_alert(7), name="dip buyer")
        assert await store.create(again, 10, audit()) == again
    finally:
        await store.close()


async def test_a_rename_keeps_names_unique(engine: AsyncEngine) -> None:
    store = SqlAlertStore(engine)
    try:
        await store.create(replace(an_alert(0), name="dip buyer"), 10, audit())
        await store.create(replace(an_alert(1), name="moon call"), 10, audit())
        await store.create(replace(an_alert(2, GROUP), name="floor"), 10, audit())
        renamed = await store.rename("a0000000", "floor", audit("rename"))  # the group's is another place
        assert renamed is not None and not isinstance(renamed, NameInUse) and renamed.name == "floor"
        assert renamed.version == an_alert(0).version  # a check's compare-and-set is not disturbed
        assert await store.rename("a0000001", "FLOOR", audit("rename")) == NameInUse("FLOOR")
        assert (await store.get("a0000001")).name == "moon call"  # type: ignore[union-attr]
        assert await store.rename("a0000001", "Moon Call", audit("rename")) is not None  # its own, recased
        assert await store.rename("nope0000", "x", audit("rename")) is None
    finally:
        await store.close()


async def test_the_index_itself_refuses_a_second_alert_so_named(engine: AsyncEngine) -> None:
    """Past the store's own check (an insert of its row as another writer would): the database
    refuses it. Two unnamed alerts are still fine."""
    store = SqlAlertStore(engine)
    try:
        await store.create(replace(an_alert(0), name="抄底线"), 10, audit())
        async with engine.connect() as conn:
            row = dict((await conn.execute(select(alerts).where(alerts.c.id == "a0000000"))).one()._mapping)
        with pytest.raises(IntegrityError):
            async with engine.begin() as conn:
                await conn.execute(insert(alerts).values({**row, "id": "b0000000"}))
        async with engine.begin() as conn:
            await conn.execute(
                insert(alerts).values({**row, "id": "c0000000", "name": None, "name_key": None})
            )
            await conn.execute(
                insert(alerts).values({**row, "id": "d0000000", "name": None, "name_key": None})
            )
        assert [a.id for a in await store.for_destination(ALICE)] == ["a0000000", "c0000000", "d0000000"]
    finally:
        await store.close()


async def test_two_engines_naming_one_alert_at_once_store_it_once(db_url: str) -> None:
    engines = [create_engine(db_url) for _ in range(2)]
    stores = [SqlAlertStore(e) for e in engines]
    try:
        for round_ in range(5):
            name = f"dip buyer {round_}"
            results = await asyncio.gather(
                *(
                    stores[i % 2].create(replace(an_alert(round_ * 10 + i), name=name), 100, audit())
                    for i in range(6)
                )
            )
            made = [r for r in results if not isinstance(r, NameInUse)]
            assert len(made) == 1, results
            assert results.count(NameInUse(name)) == 5
        stored = await stores[0].for_destination(ALICE)
        assert sorted(a.name or "" for a in stored) == [f"dip buyer {n}" for n in range(5)]
    finally:
        for s, e in zip(stores, engines, strict=True):
            await s.close()
            await e.dispose()


@pytest.fixture(params=BACKENDS)
def previous_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database migrated to the revision before alert names."""
    if request.param == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path / 'old.db'}"
    else:
        url = request.getfixturevalue("pg_empty_url")
    migrate.upgrade(url, PREVIOUS)
    return url


_OLD_ALERT = """
INSERT INTO price_alerts (id, owner, created_in, destination, platform, chat_id, user_id, thread_id,
    symbol, condition, level, "window", repeat, cooldown_seconds, status, armed, locale, source,
    created_at, version, last_price, checked_at, cooldown_until, fired, paused_reason)
VALUES ('0ld00001', 'telegram:42', 'telegram:42:42:', :dest, 'telegram', NULL, '42', NULL,
    'BTCUSDT', 'below', '80000', NULL, 0, NULL, 'triggered', 0, 'zh', 'binance',
    '2026-12-01 09:00:00+00:00', 3, '79000', NULL, NULL, 1, NULL)
"""
_OLD_FIRING = """
INSERT INTO price_alert_triggers (id, alert_id, symbol, price, quoted_at, source, reference,
    fired_at, status)
VALUES ('0ld00001:1', '0ld00001', 'BTCUSDT', '79000', '2026-12-01 10:00:00+00:00', 'binance', NULL,
    '2026-12-01 10:00:00+00:00', 'sent')
"""


def test_upgrading_from_the_previous_head_keeps_every_alert(previous_url: str) -> None:
    async def seed() -> None:
        engine = create_engine(previous_url)
        try:
            async with engine.begin() as conn:
                await conn.execute(text(_OLD_ALERT), {"dest": ALICE.as_str()})
                await conn.execute(text(_OLD_FIRING))
        finally:
            await engine.dispose()

    async def read() -> tuple[dict[str, str | None], int]:
        engine = create_engine(previous_url)
        store = SqlAlertStore(engine)
        try:
            kept = await store.for_destination(ALICE)
            assert [(a.id, a.status.value, a.fired, a.version) for a in kept] == [
                ("0ld00001", "triggered", 1, 3)
            ]
            named = replace(an_alert(1), name="dip buyer")
            assert await store.create(named, 10, audit()) == named
            assert await store.create(replace(an_alert(2), name="Dip Buyer"), 10, audit()) == NameInUse(
                "Dip Buyer"
            )
            async with engine.connect() as conn:
                firings = (await conn.execute(text("SELECT count(*) FROM price_alert_triggers"))).scalar_one()
            return {a.id: a.name for a in await store.for_destination(ALICE)}, int(firings)
        finally:
            await store.close()
            await engine.dispose()

    asyncio.run(seed())
    migrate.upgrade(previous_url)
    assert migrate.current(previous_url) == migrate.HEAD_REVISION
    assert asyncio.run(read()) == ({"0ld00001": None, "a0000001": "dip buyer"}, 1)

    async def after_downgrade() -> tuple[int, int]:
        engine = create_engine(previous_url)
        try:
            async with engine.connect() as conn:
                kept = (await conn.execute(text("SELECT count(*) FROM price_alerts"))).scalar_one()
                firings = (await conn.execute(text("SELECT count(*) FROM price_alert_triggers"))).scalar_one()
            return int(kept), int(firings)
        finally:
            await engine.dispose()

    migrate.downgrade(previous_url, PREVIOUS)  # the names go; the alerts and their firings stay
    assert asyncio.run(after_downgrade()) == (2, 1)
