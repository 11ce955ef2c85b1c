"""The offline demo market: deterministic per (symbol, date), plausible, labelled demo."""

from __future__ import annotations

import asyncio
import itertools
import os
import subprocess
import sys
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path

import pytest

from adapters.demo_market import DemoMarket, demo_close
from core.clock import FixedClock
from core.market import HistoryWindow, history_window
from tests.cases import each

NOW = datetime(2026, 7, 13, 9, 30, 15, tzinfo=UTC)
ROOT = Path(__file__).resolve().parents[2]


async def test_source_is_demo_and_all_seven_days_are_present() -> None:
    market = DemoMarket(FixedClock(NOW))
    window = history_window(NOW)

    result = await market.get_daily_closes("BTCUSDT", window)

    assert market.source == "demo"
    assert [c.day for c in result.closes] == [date(2026, 7, d) for d in range(6, 13)]
    assert all(isinstance(c.close, Decimal) and c.close > 0 for c in result.closes)
    assert result.rejected == ()


async def test_closes_are_the_same_for_two_instances_and_any_window() -> None:
    day = date(2026, 7, 9)
    a = DemoMarket(FixedClock(NOW))
    b = DemoMarket(FixedClock(NOW + timedelta(days=30)))  # asked a month later

    week = await a.get_daily_closes("ETHUSDT", history_window(NOW))
    month = await b.get_daily_closes("ETHUSDT", HistoryWindow(date(2026, 6, 20), date(2026, 8, 1)))
    single = await b.get_daily_closes("ETHUSDT", HistoryWindow(day, day + timedelta(days=1)))

    week_by_day = {c.day: c.close for c in week.closes}
    month_by_day = {c.day: c.close for c in month.closes}
    assert week_by_day == {d: month_by_day[d] for d in week_by_day}
    assert single.closes[0].close == week_by_day[day] == demo_close("ETHUSDT", day)


async def test_symbols_and_days_differ() -> None:
    day = date(2026, 7, 9)
    assert demo_close("BTCUSDT", day) != demo_close("BTCUSDT", day + timedelta(days=1))
    assert demo_close("FOOUSDT", day) != demo_close("BARUSDT", day)


@pytest.mark.process
def test_closes_are_stable_across_processes() -> None:
    # hash() is salted per process; two interpreters with different seeds must still agree.
    code = "from datetime import date; from adapters.demo_market import demo_close; "
    code += "print(demo_close('SOLUSDT', date(2026, 7, 9)), demo_close('WIFUSDT', date(2027, 1, 1)))"
    outputs = set()
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        run = subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
        )
        outputs.add(run.stdout.strip())
    expected = f"{demo_close('SOLUSDT', date(2026, 7, 9))} {demo_close('WIFUSDT', date(2027, 1, 1))}"
    assert outputs == {expected}


@each(
    ("symbol", "low", "high"),
    [("BTCUSDT", 60_000, 120_000), ("ETHUSDT", 2_000, 5_000), ("SOLUSDT", 80, 250)],
)
def test_levels_are_plausible_over_years(symbol: str, low: int, high: int) -> None:
    closes = [demo_close(symbol, date(2025, 1, 1) + timedelta(days=i)) for i in range(3 * 365)]
    assert low <= min(closes) and max(closes) <= high
    # a market, not a constant: the price moves, but not wildly from one day to the next
    assert max(closes) / min(closes) > Decimal("1.2")
    assert all(abs(b / a - 1) < Decimal("0.08") for a, b in itertools.pairwise(closes))


def test_unknown_symbols_get_a_stable_positive_level() -> None:
    closes = [demo_close("PEPEUSDT", date(2026, 1, 1) + timedelta(days=i)) for i in range(60)]
    assert all(c > 0 for c in closes)
    assert closes == [demo_close("pepeusdt", date(2026, 1, 1) + timedelta(days=i)) for i in range(60)]


async def test_today_and_future_days_have_no_close() -> None:
    market = DemoMarket(FixedClock(NOW))
    result = await market.get_daily_closes("BTCUSDT", HistoryWindow(date(2026, 7, 11), date(2026, 7, 16)))
    assert [c.day for c in result.closes] == [date(2026, 7, 11), date(2026, 7, 12)]


async def test_quote_is_positive_near_the_latest_close_and_fixed_within_a_minute() -> None:
    clock = FixedClock(NOW)
    market = DemoMarket(clock)

    quote = await market.get_quote("BTCUSDT")

    assert quote.symbol == "BTCUSDT"
    assert isinstance(quote.price, Decimal) and quote.price > 0
    assert quote.price_type == "ask"
    assert quote.source == "demo"
    assert quote.fetched_at == NOW
    latest = demo_close("BTCUSDT", date(2026, 7, 12))
    assert abs(quote.price / latest - 1) <= Decimal("0.01")

    clock.advance(30)  # 09:30:45, same minute
    assert (await DemoMarket(clock).get_quote("BTCUSDT")).price == quote.price
    prices = set()
    for _ in range(5):
        clock.advance(60)
        prices.add((await market.get_quote("BTCUSDT")).price)
    assert len(prices) > 1  # it does tick from minute to minute


async def test_latency_makes_the_market_slow() -> None:
    market = DemoMarket(FixedClock(NOW), latency_seconds=0.05)
    loop = asyncio.get_running_loop()
    started = loop.time()
    await market.get_quote("BTCUSDT")
    assert loop.time() - started >= 0.04
    assert market.quote_calls == 1
