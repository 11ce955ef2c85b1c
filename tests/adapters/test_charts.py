"""The history chart: what a user sees in the PNG, and how the renderer caches and threads it."""

from __future__ import annotations

import asyncio
import io
import math
import struct
import threading
import warnings
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

import numpy as np
import pytest
from matplotlib.figure import Figure
from matplotlib.image import imread
from matplotlib.lines import Line2D
from matplotlib.patches import Rectangle
from matplotlib.text import Annotation

from adapters.charts import MatplotlibChartRenderer, build_history_figure, format_price, render_png
from adapters.charts.figure import HEIGHT_PX, WIDTH_PX
from core.reply import HistoryBlock, HistoryPoint

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
FIRST_DAY = date(2026, 7, 6)
BTC_CLOSES = ("96100.25", "97250.50000000", None, "95010.1", "96500", "98003.99", "97800")


def make_history(
    closes: tuple[str | None, ...] = BTC_CLOSES,
    *,
    symbol: str = "BTCUSDT",
    source: str = "binance",
    first_day: date = FIRST_DAY,
) -> HistoryBlock:
    points = tuple(
        HistoryPoint(first_day + timedelta(days=i), None if c is None else Decimal(c))
        for i, c in enumerate(closes)
    )
    return HistoryBlock(
        symbol=symbol,
        base=symbol.removesuffix("USDT"),
        quote_asset="USDT",
        points=points,
        missing_dates=tuple(p.date for p in points if p.close is None),
        source=source,
        fetched_at=datetime.combine(first_day + timedelta(days=len(closes)), datetime.min.time(), UTC),
    )


def png_size(png: bytes) -> tuple[int, int]:
    # IHDR is always the first chunk: length(4) type(4) width(4) height(4).
    assert png[12:16] == b"IHDR"
    width, height = struct.unpack(">II", png[16:24])
    return width, height


def price_line(fig: Figure) -> Line2D:
    (ax,) = fig.axes
    lines = [line for line in ax.lines if len(line_data(line)) > 1]
    assert len(lines) == 1
    line = lines[0]
    assert isinstance(line, Line2D)
    return line


def line_data(line: Line2D) -> list[float]:
    """The y values a line draws (one-point lines mark the high and low)."""
    return [float(y) for y in np.asarray(line.get_ydata(), dtype=float)]


def axes_texts(fig: Figure) -> list[str]:
    (ax,) = fig.axes
    return [t.get_text() for t in ax.texts]


def visible_y_tick_labels(fig: Figure) -> list[str]:
    fig.canvas.draw()
    (ax,) = fig.axes
    low, high = ax.get_ylim()
    return [
        t.get_text() for t, y in zip(ax.get_yticklabels(), ax.get_yticks(), strict=True) if low <= y <= high
    ]


# --- the picture -----------------------------------------------------------------------------


def test_png_has_signature_and_phone_size() -> None:
    png = render_png(make_history())
    assert png.startswith(PNG_SIGNATURE)
    assert png_size(png) == (WIDTH_PX, HEIGHT_PX) == (960, 560)
    pixels = imread(io.BytesIO(png), format="png")
    assert pixels.shape[:2] == (560, 960)


def test_demo_history_says_demo_data_in_title_and_watermark() -> None:
    fig = build_history_figure(make_history(source="demo"))
    title = fig.get_suptitle()
    assert "BTCUSDT" in title
    assert "7 daily closes (UTC)" in title
    assert "DEMO DATA" in title
    assert "DEMO DATA" in axes_texts(fig)


def test_real_history_title_has_no_demo_label() -> None:
    fig = build_history_figure(make_history(source="binance"))
    assert "DEMO" not in fig.get_suptitle()
    assert not any("DEMO" in t for t in axes_texts(fig))
    assert any("Binance" in t.get_text() for t in fig.texts)


def test_every_date_is_labelled_on_the_x_axis() -> None:
    fig = build_history_figure(make_history())
    (ax,) = fig.axes
    labels = [t.get_text() for t in ax.get_xticklabels()]
    assert labels == ["Jul 06", "Jul 07", "Jul 08", "Jul 09", "Jul 10", "Jul 11", "Jul 12"]
    assert any("Jul 06 - Jul 12, 2026" in t.get_text() for t in fig.texts)


def test_dates_across_a_year_end_name_both_years() -> None:
    fig = build_history_figure(make_history(first_day=date(2025, 12, 29)))
    (ax,) = fig.axes
    assert [t.get_text() for t in ax.get_xticklabels()][2:4] == ["Dec 31", "Jan 01"]
    assert any("Dec 29, 2025 - Jan 04, 2026" in t.get_text() for t in fig.texts)


def test_missing_day_breaks_the_line_and_is_marked() -> None:
    fig = build_history_figure(make_history())
    ys = line_data(price_line(fig))
    assert math.isnan(ys[2])  # Jul 08 is missing: a break in the line
    assert 0 not in ys  # never drawn as zero
    assert ys[:2] == [96100.25, 97250.5]
    assert ys[3:] == [95010.1, 96500.0, 98003.99, 97800.0]  # nothing interpolated or shifted
    (ax,) = fig.axes
    gap_labels = [t for t in ax.texts if t.get_text() == "no data"]
    assert [t.get_position()[0] for t in gap_labels] == [2]
    bands = [p for p in ax.patches if isinstance(p, Rectangle)]
    assert len(bands) == 1
    assert bands[0].get_x() < 2 < bands[0].get_x() + bands[0].get_width()
    assert any("1 day missing" in t.get_text() for t in fig.texts)


def test_high_and_low_are_annotated_with_formatted_values() -> None:
    fig = build_history_figure(make_history())
    (ax,) = fig.axes
    notes = {a.get_text(): a.xy for a in ax.texts if isinstance(a, Annotation)}
    assert notes == {"High 98,003.99": (5, 98003.99), "Low 95,010.1": (3, 95010.1)}


def test_high_label_uses_exchange_decimals_without_trailing_zeros() -> None:
    closes = ("96100.25", "97250.50000000", "96000", "95010.1", "96500", "97000", "97100")
    fig = build_history_figure(make_history(closes))
    assert "High 97,250.5" in axes_texts(fig)


def test_y_tick_labels_have_thousands_separators() -> None:
    labels = visible_y_tick_labels(build_history_figure(make_history()))
    assert len(labels) >= 3
    assert all("," in label for label in labels), labels
    assert "97,000" in labels


def test_small_prices_keep_enough_decimals_to_differ() -> None:
    closes = ("0.00001234", "0.00001250", "0.00001199", "0.00001230", "0.0000124", "0.0000127", "0.0000126")
    fig = build_history_figure(make_history(closes, symbol="PEPEUSDT"))
    labels = visible_y_tick_labels(fig)
    assert len(set(labels)) == len(labels) >= 3, labels
    assert all(label.startswith("0.0000") for label in labels), labels
    assert "Low 0.00001199" in axes_texts(fig)


def test_sol_prices_ticks_are_distinct() -> None:
    closes = ("151.23", "152.9", "151.8", "150.7", "149.85", "150.4", "151.05")
    labels = visible_y_tick_labels(build_history_figure(make_history(closes, symbol="SOLUSDT")))
    assert len(set(labels)) == len(labels) >= 3, labels
    assert all(float(label.replace(",", "")) > 100 for label in labels)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("97250.50000000", "97,250.5"),
        ("98003.99", "98,003.99"),
        ("100000", "100,000"),
        ("1234.567", "1,234.57"),
        ("150.40000000", "150.4"),
        ("2.34567", "2.3457"),
        ("0.00001234", "0.00001234"),
    ],
)
def test_format_price(value: str, expected: str) -> None:
    assert format_price(Decimal(value)) == expected


def test_all_missing_renders_a_no_data_chart() -> None:
    history = make_history((None,) * 7, source="demo")
    fig = build_history_figure(history)
    (ax,) = fig.axes
    assert not [line for line in ax.lines if len(line_data(line)) > 1]  # no price line at all
    assert "No data for these days" in axes_texts(fig)
    assert len([p for p in ax.patches if isinstance(p, Rectangle)]) == 7
    png = render_png(history)
    assert png.startswith(PNG_SIGNATURE)
    assert png_size(png) == (960, 560)


def test_a_single_close_is_labelled_once() -> None:
    fig = build_history_figure(
        make_history((None, None, None, "3456.78", None, None, None), symbol="ETHUSDT")
    )
    notes = [a.get_text() for a in fig.axes[0].texts if isinstance(a, Annotation)]
    assert notes == ["Close 3,456.78"]
    assert axes_texts(fig).count("no data") == 6


def test_rendering_needs_no_extra_fonts() -> None:
    # A missing glyph (e.g. CJK text with the default font) shows up as a warning.
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        render_png(make_history(source="demo"))
        render_png(make_history((None,) * 7))
    assert [str(w.message) for w in caught] == []


def test_identical_input_gives_identical_bytes() -> None:
    assert render_png(make_history()) == render_png(make_history())


# --- the renderer: thread pool, cache, single-flight -------------------------------------------


@pytest.fixture
def renderer() -> Iterator[MatplotlibChartRenderer]:
    r = MatplotlibChartRenderer()
    yield r
    r.close()


async def test_render_history_returns_the_png(renderer: MatplotlibChartRenderer) -> None:
    png = await renderer.render_history(make_history(source="demo"))
    assert png.startswith(PNG_SIGNATURE)
    assert png_size(png) == (960, 560)


async def test_second_render_of_same_history_comes_from_cache(renderer: MatplotlibChartRenderer) -> None:
    first = await renderer.render_history(make_history())
    second = await renderer.render_history(make_history())
    assert second == first
    assert renderer.stats.renders == 1
    assert renderer.stats.cache_hits == 1


async def test_a_filled_gap_rerenders_the_same_day(renderer: MatplotlibChartRenderer) -> None:
    with_gap = make_history()
    filled = make_history(("96100.25", "97250.5", "96900", "95010.1", "96500", "98003.99", "97800"))
    first = await renderer.render_history(with_gap)
    second = await renderer.render_history(filled)
    assert second != first
    assert renderer.stats.renders == 2
    assert await renderer.render_history(filled) == second
    assert renderer.stats.renders == 2


async def test_cache_key_separates_source_symbol_and_day(renderer: MatplotlibChartRenderer) -> None:
    calls: list[HistoryBlock] = []

    def fake_render(history: HistoryBlock) -> bytes:
        calls.append(history)
        return PNG_SIGNATURE + f"{history.symbol}/{history.source}/{history.points[-1].date}".encode()

    r = MatplotlibChartRenderer(render_fn=fake_render)
    try:
        histories = [
            make_history(),
            make_history(source="demo"),
            make_history(symbol="ETHUSDT"),
            make_history(first_day=FIRST_DAY + timedelta(days=1)),
        ]
        outputs = [await r.render_history(h) for h in histories]
        assert len(set(outputs)) == 4
        assert [await r.render_history(h) for h in histories] == outputs
        assert len(calls) == 4
        assert r.stats.cache_hits == 4
    finally:
        r.close()


async def test_lru_evicts_the_least_recently_used_chart() -> None:
    calls: list[str] = []

    def fake_render(history: HistoryBlock) -> bytes:
        calls.append(history.symbol)
        return PNG_SIGNATURE + history.symbol.encode()

    r = MatplotlibChartRenderer(cache_size=2, render_fn=fake_render)
    try:
        btc, eth, sol = (make_history(symbol=s) for s in ("BTCUSDT", "ETHUSDT", "SOLUSDT"))
        await r.render_history(btc)
        await r.render_history(eth)
        await r.render_history(btc)  # BTC is now the most recent
        await r.render_history(sol)  # evicts ETH
        await r.render_history(btc)
        await r.render_history(eth)
        assert calls == ["BTCUSDT", "ETHUSDT", "SOLUSDT", "ETHUSDT"]
        assert r.stats.cached_entries == 2
    finally:
        r.close()


async def test_rendering_happens_off_the_event_loop_thread() -> None:
    seen: list[threading.Thread] = []

    def recording_render(history: HistoryBlock) -> bytes:
        seen.append(threading.current_thread())
        return render_png(history)

    r = MatplotlibChartRenderer(render_fn=recording_render)
    try:
        png = await r.render_history(make_history())
        assert png.startswith(PNG_SIGNATURE)
        assert len(seen) == 1
        assert seen[0] is not threading.current_thread()
        assert seen[0].name.startswith("chart-render")
    finally:
        r.close()


async def test_concurrent_identical_requests_share_one_render() -> None:
    release = threading.Event()
    calls: list[str] = []

    def slow_render(history: HistoryBlock) -> bytes:
        calls.append(history.symbol)
        release.wait(5)
        return PNG_SIGNATURE + b"chart"

    r = MatplotlibChartRenderer(render_fn=slow_render)
    try:
        tasks = [asyncio.create_task(r.render_history(make_history())) for _ in range(5)]
        await asyncio.sleep(0.05)  # all five are waiting on the one render
        release.set()
        results = await asyncio.gather(*tasks)
        assert results == [PNG_SIGNATURE + b"chart"] * 5
        assert calls == ["BTCUSDT"]
        assert r.stats.renders == 1
        assert r.stats.coalesced == 4
    finally:
        release.set()
        r.close()


async def test_a_cancelled_caller_does_not_cancel_the_shared_render() -> None:
    release = threading.Event()

    def slow_render(history: HistoryBlock) -> bytes:
        release.wait(5)
        return PNG_SIGNATURE + b"chart"

    r = MatplotlibChartRenderer(render_fn=slow_render)
    try:
        impatient = asyncio.create_task(r.render_history(make_history()))
        patient = asyncio.create_task(r.render_history(make_history()))
        await asyncio.sleep(0.05)
        impatient.cancel()
        release.set()
        assert await patient == PNG_SIGNATURE + b"chart"
        assert impatient.cancelled()
        assert r.stats.renders == 1
    finally:
        release.set()
        r.close()


async def test_a_failed_render_is_not_cached() -> None:
    attempts: list[int] = []

    def flaky_render(history: HistoryBlock) -> bytes:
        attempts.append(1)
        if len(attempts) == 1:
            raise RuntimeError("boom")
        return PNG_SIGNATURE + b"ok"

    r = MatplotlibChartRenderer(render_fn=flaky_render)
    try:
        with pytest.raises(RuntimeError, match="boom"):
            await r.render_history(make_history())
        assert await r.render_history(make_history()) == PNG_SIGNATURE + b"ok"
        assert len(attempts) == 2
    finally:
        r.close()


async def test_closed_renderer_serves_cache_but_draws_nothing_new() -> None:
    r = MatplotlibChartRenderer(render_fn=lambda h: PNG_SIGNATURE + h.symbol.encode())
    cached = await r.render_history(make_history())
    await r.aclose()
    assert await r.render_history(make_history()) == cached
    with pytest.raises(RuntimeError, match="closed"):
        await r.render_history(make_history(symbol="ETHUSDT"))


async def test_different_charts_render_in_parallel_threads(renderer: MatplotlibChartRenderer) -> None:
    histories = [make_history(source="demo", first_day=FIRST_DAY + timedelta(days=i)) for i in range(4)]
    pngs = await asyncio.gather(*(renderer.render_history(h) for h in histories))
    assert all(png_size(png) == (960, 560) for png in pngs)
    assert len(set(pngs)) == 4  # each shows its own dates
    assert renderer.stats.renders == 4
