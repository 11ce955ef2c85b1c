"""When an alert fires: on a crossing, never for merely being beyond its level; repeats after
the condition stopped holding and no sooner than the cooldown; moves against the price one
window ago."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from core.outbound.destination import Destination
from core.skills.price_alert.model import Alert, AlertSpec, AlertStatus, observe

T0 = datetime(2026, 7, 13, 12, 0, tzinfo=UTC)


def alert(spec: AlertSpec, *, armed: bool = True) -> Alert:
    return Alert(
        id="a1",
        owner="telegram:42",
        created_in="telegram:42:42:",
        destination=Destination.direct("telegram", "42"),
        spec=spec,
        status=AlertStatus.ACTIVE,
        armed=armed,
        locale="en",
        source="binance",
        created_at=T0,
    )


def run(
    start: Alert, prices: list[str], reference: str | None = None, step: int = 60
) -> tuple[Alert, list[int]]:
    """Observe ``prices`` one a minute; the indexes that fired."""
    fired = []
    current = start
    for i, price in enumerate(prices):
        now = T0 + timedelta(seconds=step * (i + 1))
        ref = Decimal(reference) if reference else None
        seen = observe(current, Decimal(price), ref, now, now, "binance")
        current = seen.alert
        if seen.trigger is not None:
            fired.append(i)
            assert seen.trigger.price == Decimal(price) and seen.trigger.id == f"a1:{current.fired}"
    return current, fired


BELOW = AlertSpec("BTCUSDT", "below", Decimal("80000"))
ABOVE = AlertSpec("ETHUSDT", "above", Decimal("5000"))


def test_below_fires_once_on_the_crossing_then_is_triggered() -> None:
    after, fired = run(alert(BELOW), ["81000", "80500", "79999.99", "79000", "81000", "79000"])
    assert fired == [2]
    assert after.status is AlertStatus.TRIGGERED and after.fired == 1


def test_touching_the_level_counts_as_crossing() -> None:
    assert run(alert(ABOVE), ["4999.99", "5000"])[1] == [1]


def test_already_beyond_at_the_first_look_does_not_fire_until_it_comes_back_and_crosses() -> None:
    unarmed = alert(BELOW, armed=False)  # set while BTC was already under 80,000
    assert run(unarmed, ["79000", "78000", "80001", "79500"])[1] == [3]


def test_repeating_fires_at_each_crossing_but_not_inside_the_cooldown() -> None:
    spec = replace(BELOW, repeat=True, cooldown=timedelta(minutes=10))
    prices = [
        "81000",
        "79000",
        "81000",
        "79000",
        "81000",
        "81000",
        "81000",
        "81000",
        "81000",
        "81000",
        "81000",
        "79000",
    ]
    after, fired = run(alert(spec), prices)
    # 1: fires; 3: crosses again 2 min later, inside the cooldown: nothing (and it stays
    # unarmed, so no late firing while it sits under); 11: crosses again past the cooldown.
    assert fired == [1, 11]
    assert after.status is AlertStatus.ACTIVE and after.fired == 2


def test_a_cooldown_does_not_queue_a_firing_for_later() -> None:
    spec = replace(BELOW, repeat=True, cooldown=timedelta(minutes=5))
    prices = ["81000", "79000", "81000", "79000"] + ["79000"] * 10
    assert run(alert(spec), prices)[1] == [1]


def test_percent_move_either_way_against_the_reference() -> None:
    spec = AlertSpec("SOLUSDT", "move", Decimal("5"), "24h")
    assert run(alert(spec), ["104", "104.99", "105", "110"], reference="100")[1] == [2]
    assert run(alert(spec), ["96", "95.01", "94.99"], reference="100")[1] == [2]
    assert run(alert(spec), ["150"], reference=None)[1] == []  # no reference: nothing to tell


def test_percent_move_repeats_after_it_calms_down() -> None:
    spec = AlertSpec("SOLUSDT", "move", Decimal("5"), "1h", repeat=True, cooldown=timedelta(minutes=5))
    prices = ["106", "107", "101", "101", "101", "101", "101", "106"]
    assert run(alert(spec), prices, reference="100")[1] == [0, 7]
