"""The backtest picture: a PNG in the house style (its font holds every word it writes), and the
skill's answer carries it."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import pytest
from matplotlib.ft2font import FT2Font

from adapters.charts.backtest import MatplotlibBacktestCharts
from adapters.charts.figure import REGULAR_FONT
from adapters.demo_market.klines import demo_candles
from core.backtest.engine import GridPolicy, replay
from core.backtest.model import window_before
from core.backtest.picture import Series
from core.i18n import t
from core.markets import SymbolRules
from core.strategies import GridParams

NOW = datetime(2026, 12, 3, 16, 30, tzinfo=UTC)
RULES = SymbolRules(Decimal("0.01"), Decimal("0.001"), Decimal("0.001"), Decimal(9000), Decimal(5))


@pytest.mark.parametrize("locale", ["zh", "en"])
async def test_two_runs_in_one_picture(locale: str) -> None:
    window = window_before("SOLUSDT", "1h", NOW, 7)
    candles = demo_candles("SOLUSDT", "1h", window.start, window.end, NOW)
    low, high = min(c.close for c in candles), max(c.close for c in candles)
    runs = [
        Series(str(n), replay(GridPolicy(GridParams("SOLUSDT", low, high, n, Decimal(100)), RULES), candles,
                              symbol="SOLUSDT", base="SOL", interval="1h", rules=RULES, source="demo"))
        for n in (10, 20)
    ]  # fmt: skip
    png = await MatplotlibBacktestCharts().render_backtest(runs, locale=locale)  # type: ignore[arg-type]
    assert png.startswith(b"\x89PNG") and len(png) > 10_000


def test_the_chart_font_holds_every_chinese_word_of_the_picture() -> None:
    have = {chr(c) for c in FT2Font(str(REGULAR_FONT)).get_charmap()}
    for key in ("title", "hold", "drawdown", "demo", "footer"):
        text = t("zh", f"backtest.picture.{key}", base="BTC", source="demo")
        assert set(text) <= have | set(" "), (key, set(text) - have)
