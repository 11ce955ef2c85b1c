"""Years in the value grammar (zh, zh-Hant, en): "过去两年", "last 2 years", "1 year" are durations
of 365-day years, read exactly; "2024年" stays a date; "两年半" / "两个半小时" keep their half.
Before, years had no unit: "两年" and "2 years" were no value (a backtest dropped its window, P&L
found no period), "一年" was twelve 30-day months (360 days) and "两个半小时" half an hour."""

from __future__ import annotations

from decimal import Decimal

from core.language.values import find_values
from tests.cases import each
from tests.fakes import full_router


@each(
    ("text", "number", "unit"),
    [
        ("过去两年", "2", "y"),
        ("過去兩年", "2", "y"),
        ("last 2 years", "2", "y"),
        ("backtest over 1 year", "1", "y"),
        ("btc 1y chart", "1", "y"),
        ("过去一年", "1", "y"),
        ("over the past year", "1", "y"),
        ("两年半", "2.5", "y"),
        ("一年半", "1.5", "y"),
        ("两个半小时", "2.5", "h"),
        ("一个半月", "1.5", "mo"),
    ],
)
def test_years_and_halves_are_read_exactly(text: str, number: str, unit: str) -> None:
    durations = [v for v in find_values(text) if v.kind == "duration"]
    assert [(v.number, v.unit) for v in durations] == [(Decimal(number), unit)], durations


@each("text", ["2024年", "2024年1月", "每2天半仓买入"])
def test_a_year_s_number_is_no_duration(text: str) -> None:
    assert not [v for v in find_values(text) if v.kind == "duration"]


def test_a_year_is_365_days() -> None:
    (value,) = find_values("过去一年")
    assert value.seconds == 365 * 86400


@each(
    ("text", "days"),
    [
        ("过去一年的盈亏", "365"),
        ("my pnl over the last year", "365"),
        ("过去两年赚了多少", "refused:too_long:两年"),
        ("pnl for the last 2 years", "refused:too_long:2 years"),
    ],
)
def test_pnl_over_years_is_a_number_of_days_or_refused(text: str, days: str) -> None:
    route = full_router().route(text)
    assert route is not None and route.skill == "pnl", route
    assert route.slots.get("days") == days, route.slots


@each(
    ("text", "asked"),
    [("比特币过去两年的走势", "两年"), ("btc last 2 years", "2 years"), ("比特币近十年走势", "十年")],
)
def test_a_price_history_of_years_serves_the_nearest_window_said(text: str, asked: str) -> None:
    route = full_router().route(text)
    assert route is not None and route.action == "history", route
    assert route.slots.get("days") == 90
    assert route.slots.get("range_note") == {"code": "range_nearest", "asked": asked}
