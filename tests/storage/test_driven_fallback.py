"""adapters.storage.driven reads SQLAlchemy's compiled internals to bind and read a statement
sent on the asyncpg connection itself. Where they are missing or not of the shape expected (a
new SQLAlchemy), each statement goes through SQLAlchemy's own execution instead, with the same
results: a check's record, claim, starts of delivery and outcomes give what they give natively."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from sqlalchemy import event, select
from sqlalchemy.ext.asyncio import AsyncEngine

from adapters.storage import driven, price_alerts
from adapters.storage.price_alerts import SqlAlertStore
from core.skills.price_alert.model import observe
from tests.fakes import NOW
from tests.storage.test_price_alert_store import an_alert, audit


class _Compiled:
    """A compiled statement whose internals have another shape."""

    def __init__(self, **attrs: Any) -> None:
        self.binds: dict[str, Any] = {}
        self.__dict__.update(attrs)


@pytest.mark.parametrize(
    "compiled",
    [
        _Compiled(_result_columns=[]),  # no _bind_processors
        _Compiled(_bind_processors=[], _result_columns=[]),  # not a mapping
        _Compiled(_bind_processors={}, _result_columns=[object()]),  # entries without objects
        _Compiled(_bind_processors={"x": 1}, _result_columns=[]),  # not a processor
    ],
)
def test_internals_of_another_shape_are_refused(compiled: _Compiled) -> None:
    if "x" in compiled.__dict__.get("_bind_processors", {}):
        compiled.binds["x"] = type("B", (), {"required": True, "effective_value": None})()
    with pytest.raises(driven.InternalsChanged):
        driven._internals(compiled, ["x"] if compiled.binds else [], None)


def _changed(*args: Any) -> Any:
    """SQLAlchemy's internals 'changed': every Driven built meanwhile falls back."""
    raise driven.InternalsChanged("_bind_processors: gone")


async def _check(engine: AsyncEngine, prefix: str) -> list[str]:
    """A check's store calls on the driver path, what they return, ids without ``prefix``."""
    store = SqlAlertStore(engine)
    lease = timedelta(minutes=2)
    out: list[Any] = []
    try:
        made = [replace(an_alert(i), id=f"{prefix}{i}") for i in range(3)]
        for alert in made:
            await store.create(alert, 10, audit())
        seen = [observe(a, Decimal("79000.5"), None, NOW, NOW, "binance") for a in made]
        out.append(await store.record(seen, {a.id: 1 for a in made}))
        out.append(await store.record(seen, {a.id: 1 for a in made}))  # the compare-and-set held
        async with store.delivering():
            claimed = await store.claim_triggers("BTCUSDT", "p1", NOW, NOW - lease)
            out.append(claimed)
            first, second, _ = claimed
            out.append(await store.begin_delivery(first.trigger.id, "p1", NOW))
            out.append(
                await store.begin_delivery(second.trigger.id, "p1", NOW, finished=(first.trigger.id, "sent"))
            )
            out.append(await store.begin_delivery(second.trigger.id, "p2", NOW))  # not its claim
            await store.finish_trigger(second.trigger.id, "p1", "retry", NOW)
        out.append([await store.trigger_status(c.trigger.id) for c in claimed])
        out.append(await store.claim_triggers("BTCUSDT", "p2", NOW, NOW - lease))
        statement = driven.Driven(
            select(price_alerts.alerts).where(price_alerts.alerts.c.id == made[0].id), engine.dialect
        )
        row = await driven.on_driver(engine, lambda d: d.fetchrow(statement.sql, *statement.args({})))
        out.append(statement.rows([row])[0]._mapping[price_alerts.alerts.c.version])
    finally:
        await store.close()
        async with engine.begin() as conn:
            for table in (price_alerts.triggers, price_alerts.alerts):
                await conn.execute(table.delete())
    return [repr(o).replace(prefix, "") for o in out]


async def test_a_check_falling_back_to_sqlalchemy_gives_what_it_gives_on_the_driver(
    engine: AsyncEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    if engine.dialect.name != "postgresql":
        pytest.skip("the driver path is PostgreSQL's")
    sent: list[str] = []

    def count(*args: Any) -> None:
        sent.append(args[2])

    event.listen(engine.sync_engine, "before_cursor_execute", count)
    native = await _check(engine, "native-")
    through_driver = len(sent)
    monkeypatch.setattr(driven, "_FALLBACK", {})
    monkeypatch.setattr(driven, "_internals", _changed)
    fell_back = await _check(engine, "fallback-")
    assert fell_back == native
    assert len(driven._FALLBACK) >= 5  # record, claim, the starts of delivery, the outcome, the read
    # The 9 sent on the driver (2 records, 2 claims, 3 starts of delivery, an outcome, a read)
    # went through SQLAlchemy's execution.
    assert len(sent) - through_driver == through_driver + 9


async def test_a_refusal_through_sqlalchemy_is_the_driver_s_and_keeps_the_connection(
    engine: AsyncEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    if engine.dialect.name != "postgresql":
        pytest.skip("the driver path is PostgreSQL's")
    from asyncpg.exceptions import UniqueViolationError
    from sqlalchemy import insert

    monkeypatch.setattr(driven, "_FALLBACK", {})
    monkeypatch.setattr(driven, "_internals", _changed)
    alert = an_alert(0)
    statement = driven.Driven(insert(price_alerts.alerts), engine.dialect)
    values = price_alerts._columns(alert)
    assert not statement.native
    async with engine.connect() as conn:
        await driven._on(conn, lambda d: d.execute(statement.sql, *statement.args(values)))
        with pytest.raises(UniqueViolationError):
            await driven._on(conn, lambda d: d.execute(statement.sql, *statement.args(values)))
        assert not conn.invalidated
        count = await driven._on(
            conn, lambda d: d.execute(driven.Driven(price_alerts.alerts.delete(), engine.dialect).sql)
        )
    assert count == "DELETE 1"
