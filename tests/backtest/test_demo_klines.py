"""The demo market's klines: deterministic, labelled demo, closed candles only."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from adapters.demo_market.market import DemoMarket, demo_close
from core.backtest.history import MemoryKlineCache, load
from core.backtest.model import window_before
from core.clock import FixedClock

NOW = datetime(2026, 12, 3, 16, 30, tzinfo=UTC)


async def test_the_same_window_gives_the_same_candles_and_a_day_closes_on_the_demo_close() -> None:
    window = window_before("BTCUSDT", "1h", NOW, 90)
    one = await load(window, DemoMarket(FixedClock(NOW)), MemoryKlineCache())
    two = await load(window, DemoMarket(FixedClock(NOW)), MemoryKlineCache())
    assert one.candles == two.candles and len(one.candles) == 2160 and one.gaps == ()
    assert one.source == "demo" and one.requests == 3
    midnight = next(c for c in one.candles if c.open_time == datetime(2026, 11, 20, 23, tzinfo=UTC))
    assert midnight.close == demo_close("BTCUSDT", date(2026, 11, 20))
    assert all(c.low <= min(c.open, c.close) and c.high >= max(c.open, c.close) for c in one.candles)


async def test_daily_demo_candles_end_with_yesterday() -> None:
    market = DemoMarket(FixedClock(NOW))
    window = window_before("ETHUSDT", "1d", NOW, 90)
    history = await load(window, market, MemoryKlineCache())
    assert len(history.candles) == 90
    assert history.candles[-1].open_time == datetime(2026, 12, 2, tzinfo=UTC)
    assert history.candles[-1].close == demo_close("ETHUSDT", date(2026, 12, 2))
    assert history.candles[0].open_time == datetime(2026, 12, 3, tzinfo=UTC) - timedelta(days=90)
