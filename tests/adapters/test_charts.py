"""The drawn chart (a phone-width snapshot: size, legibility, no overlaps, gaps) and the renderer
(thread pool, cache keyed by the picture, single-flight)."""

from __future__ import annotations

import asyncio
import io
import math
import struct
import threading
import warnings
from collections.abc import Iterator
from datetime import timedelta

import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Rectangle
from matplotlib.text import Text
from PIL import Image

from adapters.charts import MatplotlibChartRenderer, chart_model
from adapters.charts.figure import HEIGHT_PX, PHONE_WIDTH, WIDTH_PX, draw, render_png
from adapters.charts.model import ChartModel
from adapters.charts.png import encode_rgb
from adapters.charts.text_cache import TextCachingRenderer
from core.i18n import Locale
from core.reply import HistoryBlock, QuoteBlock
from tests.adapters.chart_fixtures import FIRST_DAY, make_history, make_quote

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MIN_PHONE_TEXT_PX = 11  # smallest text height a phone shows comfortably (points at 390 wide)

# Charts a phone must show legibly: quotes and none, gaps, demo, tiny and huge prices.
CASES: dict[str, tuple[HistoryBlock, QuoteBlock | None]] = {
    "btc with quote and a gap": (make_history(), make_quote()),
    "btc last close": (make_history(), None),
    "demo pepe with gaps at both ends": (
        make_history(
            (None, "0.00001234", "0.00001250", None, None, "0.00001230", "0.0000127"),
            symbol="PEPEUSDT",
            source="demo",
        ),
        None,
    ),
    "tiny price, big rise": (
        make_history(
            ("0.00000101", "0.0000012", "0.0000015", "0.0000019", "0.0000031", "0.0000042", "0.0000088")
        ),
        make_quote("0.00000912345678"),
    ),
    "huge price, big fall": (
        make_history(
            ("1234567.89", "1200000", "1150000.5", "1100000", "1111111.11", "1050000", "1000001.23")
        ),
        make_quote("999999.99"),
    ),
    "one close": (make_history((None, None, None, "3456.78", None, None, None), symbol="ETHUSDT"), None),
    "nothing": (make_history((None,) * 7, source="demo"), None),
    "a month": (make_history(tuple(str(150 + (i * 7) % 11) for i in range(30)), symbol="SOLUSDT"), None),
    "a quarter with gaps": (
        make_history(
            tuple(None if i % 17 == 5 else str(150 + (i * 7) % 11) for i in range(90)), symbol="SOLUSDT"
        ),
        make_quote("151.5", symbol="SOLUSDT"),
    ),
    "a quarter, high first, low last": (
        make_history(tuple(str(250 - i) for i in range(90)), symbol="SOLUSDT"),
        None,
    ),
}


def png_size(png: bytes) -> tuple[int, int]:
    # IHDR is always the first chunk: length(4) type(4) width(4) height(4).
    assert png[12:16] == b"IHDR"
    width, height = struct.unpack(">II", png[16:24])
    return width, height


def visible_texts(fig: Figure) -> list[Text]:
    return [t for t in fig.findobj(Text) if t.get_visible() and t.get_text()]


def price_line(fig: Figure) -> Line2D:
    (ax,) = fig.axes
    lines = [line for line in ax.lines if len(line.get_xdata()) > 1]
    assert len(lines) == 1
    return lines[0]


def figure_of(history: HistoryBlock, quote: QuoteBlock | None = None, locale: Locale = "en") -> Figure:
    return draw(chart_model(history, quote, locale))


# --- the picture at phone width ----------------------------------------------------------------


@pytest.mark.parametrize("locale", ["en", "zh"])
@pytest.mark.parametrize("case", list(CASES))
def test_phone_snapshot_is_legible(case: str, locale: Locale) -> None:
    history, quote = CASES[case]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")  # a glyph missing from the font warns
        fig = figure_of(history, quote, locale)
        png = render_png(chart_model(history, quote, locale))
    assert [str(w.message) for w in caught] == []

    assert png.startswith(PNG_SIGNATURE)
    assert png_size(png) == (WIDTH_PX, HEIGHT_PX) == (2 * PHONE_WIDTH, 600)
    scale = PHONE_WIDTH / WIDTH_PX  # how much smaller a phone shows every pixel
    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
    (ax,) = fig.axes
    plot = ax.get_window_extent(renderer)
    boxes = []
    for text in visible_texts(fig):
        if text.axes is not None:  # clipped to the plot: it must lie inside, not be cut
            inside = text.get_window_extent(renderer)
            assert plot.x0 <= inside.x0 and inside.x1 <= plot.x1, text.get_text()
            assert plot.y0 <= inside.y0 and inside.y1 <= plot.y1, text.get_text()
        assert text.get_fontsize() * scale >= MIN_PHONE_TEXT_PX, (text.get_text(), text.get_fontsize())
        box = text.get_window_extent(renderer)
        assert box.x0 >= 0 and box.y0 >= 0, text.get_text()
        assert box.x1 <= WIDTH_PX and box.y1 <= HEIGHT_PX, text.get_text()
        boxes.append((text.get_text(), box))
    for i, (a, box_a) in enumerate(boxes):
        for b, box_b in boxes[i + 1 :]:
            assert not box_a.overlaps(box_b), f"{a!r} overlaps {b!r}"


def test_the_header_shows_pair_price_and_change() -> None:
    fig = figure_of(make_history(), make_quote(), "en")
    shown = {t.get_text() for t in visible_texts(fig)}
    assert {"BTC/USDT", "97,912.34", "Best ask·12:30 UTC", "▲ +1,699.75 (+1.77%)", "7-day change"} <= shown
    assert "BTCUSDT" not in shown


def test_a_zh_chart_is_written_in_chinese() -> None:
    fig = figure_of(make_history(source="demo"), make_quote(source="demo"), "zh")
    shown = {t.get_text() for t in visible_texts(fig)}
    assert {"演示", "最优卖价·12:30 UTC", "7日涨跌", "无数据", "最高 98,003.99", "最低 95,010.1"} <= shown
    assert "演示行情·模拟价格，非真实数据" in shown
    assert "07-08" in shown


def test_a_missing_day_breaks_the_line_and_is_shaded() -> None:
    fig = figure_of(make_history())
    ys = [float(y) for y in np.asarray(price_line(fig).get_ydata(), dtype=float)]
    assert math.isnan(ys[2])  # Jul 8 is missing: a break in the line
    assert 0 not in ys  # never drawn as zero
    assert ys[:2] == [96100.25, 97250.5]
    assert ys[3:] == [95010.1, 96500.0, 98003.99, 97800.0]  # nothing interpolated or shifted
    (ax,) = fig.axes
    bands = [p for p in ax.patches if isinstance(p, Rectangle)]
    assert len(bands) == 1
    assert bands[0].get_x() < 2 < bands[0].get_x() + bands[0].get_width()
    labels = [t for t in ax.texts if t.get_text() == "no data"]
    assert [t.get_position()[0] for t in labels] == [2]


def test_neighbouring_gaps_share_one_band() -> None:
    closes = ("1", None, None, "2", "3", None, "4")
    fig = figure_of(make_history(closes, symbol="XUSDT"))
    (ax,) = fig.axes
    assert len([p for p in ax.patches if isinstance(p, Rectangle)]) == 2
    assert len([t for t in ax.texts if t.get_text() == "no data"]) == 2


def test_all_missing_shows_one_big_no_data_label() -> None:
    fig = figure_of(make_history((None,) * 7, source="demo"))
    (_ax,) = fig.axes
    assert not price_line(fig).get_visible()
    shown = [t.get_text() for t in visible_texts(fig)]
    assert "No data for these days" in shown
    assert "no data" not in shown


def test_cached_texts_draw_exactly_what_matplotlib_would() -> None:
    history, quote = CASES["demo pepe with gaps at both ends"]
    fig = draw(chart_model(history, quote, "zh"))
    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
    assert isinstance(renderer, TextCachingRenderer) and renderer.cached_texts > 10
    first = np.asarray(fig.canvas.buffer_rgba()).copy()  # type: ignore[attr-defined]
    fig.canvas.draw()  # every text from the cache now
    again = np.asarray(fig.canvas.buffer_rgba()).copy()  # type: ignore[attr-defined]
    plain = FigureCanvasAgg(fig)  # matplotlib's own renderer
    plain.draw()
    assert np.array_equal(first, again)
    assert np.array_equal(first, np.asarray(plain.buffer_rgba()))


def test_png_is_exactly_the_drawn_pixels() -> None:
    rgba = np.random.default_rng(7).integers(0, 256, size=(5, 3, 4), dtype=np.uint8)
    png = encode_rgb(memoryview(rgba.tobytes()), 3, 5)
    decoded = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
    assert decoded.shape == (5, 3, 3)
    assert np.array_equal(decoded, rgba[:, :, :3])


def test_identical_models_give_identical_bytes_whatever_was_drawn_before() -> None:
    a = chart_model(make_history(), make_quote(), "en")
    b = chart_model(make_history((None,) * 7, source="demo"), None, "zh")
    first = render_png(a)
    render_png(b)  # the same template, reused: nothing of b may stay
    assert render_png(a) == first
    assert render_png(b) != first


# --- the renderer: thread pool, cache, single-flight -------------------------------------------


@pytest.fixture
def renderer() -> Iterator[MatplotlibChartRenderer]:
    r = MatplotlibChartRenderer()
    yield r
    r.close()


def fake(calls: list[ChartModel]) -> MatplotlibChartRenderer:
    def render(model: ChartModel) -> bytes:
        calls.append(model)
        return PNG_SIGNATURE + f"{model.title}/{model.locale}/{model.headline}/{len(calls)}".encode()

    return MatplotlibChartRenderer(render_fn=render)


async def test_render_history_returns_the_png(renderer: MatplotlibChartRenderer) -> None:
    png = await renderer.render_history(make_history(source="demo"), locale="zh")
    assert png.startswith(PNG_SIGNATURE)
    assert png_size(png) == (WIDTH_PX, HEIGHT_PX)


async def test_second_render_of_same_chart_comes_from_cache(renderer: MatplotlibChartRenderer) -> None:
    first = await renderer.render_history(make_history(), quote=make_quote())
    second = await renderer.render_history(make_history(), quote=make_quote())
    assert second == first
    assert renderer.stats.renders == 1
    assert renderer.stats.cache_hits == 1


async def test_language_quote_and_data_each_get_their_own_picture() -> None:
    calls: list[ChartModel] = []
    r = fake(calls)
    try:
        requests = [
            (make_history(), None, "en"),
            (make_history(), None, "zh"),
            (make_history(), make_quote("97912.34"), "en"),
            (make_history(), make_quote("97900"), "en"),
            (make_history(source="demo"), None, "en"),
            (make_history(symbol="ETHUSDT"), None, "en"),
            (make_history(first_day=FIRST_DAY + timedelta(days=1)), None, "en"),
            (
                make_history(("96100.25", "97250.5", "96900", "95010.1", "96500", "98003.99", "97800")),
                None,
                "en",
            ),
        ]
        outputs = [await r.render_history(h, quote=q, locale=loc) for h, q, loc in requests]  # type: ignore[arg-type]
        assert len(set(outputs)) == len(requests)
        again = [await r.render_history(h, quote=q, locale=loc) for h, q, loc in requests]  # type: ignore[arg-type]
        assert again == outputs
        assert len(calls) == len(requests)
        assert r.stats.cache_hits == len(requests)
    finally:
        r.close()


async def test_lru_evicts_the_least_recently_used_chart() -> None:
    calls: list[str] = []

    def fake_render(model: ChartModel) -> bytes:
        calls.append(model.title)
        return PNG_SIGNATURE + model.title.encode()

    r = MatplotlibChartRenderer(cache_size=2, render_fn=fake_render)
    try:
        btc, eth, sol = (make_history(symbol=s) for s in ("BTCUSDT", "ETHUSDT", "SOLUSDT"))
        for history in (btc, eth, btc, sol, btc, eth):  # BTC is used again before SOL evicts ETH
            await r.render_history(history)
        assert calls == ["BTC/USDT", "ETH/USDT", "SOL/USDT", "ETH/USDT"]
        assert r.stats.cached_entries == 2
    finally:
        r.close()


async def test_rendering_happens_off_the_event_loop_thread() -> None:
    seen: list[threading.Thread] = []

    def recording_render(model: ChartModel) -> bytes:
        seen.append(threading.current_thread())
        return render_png(model)

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

    def slow_render(model: ChartModel) -> bytes:
        calls.append(model.title)
        release.wait(5)
        return PNG_SIGNATURE + b"chart"

    r = MatplotlibChartRenderer(render_fn=slow_render)
    try:
        tasks = [asyncio.create_task(r.render_history(make_history(), locale="zh")) for _ in range(5)]
        await asyncio.sleep(0.05)  # all five are waiting on the one render
        release.set()
        results = await asyncio.gather(*tasks)
        assert results == [PNG_SIGNATURE + b"chart"] * 5
        assert calls == ["BTC/USDT"]
        assert r.stats.renders == 1
        assert r.stats.coalesced == 4
    finally:
        release.set()
        r.close()


async def test_a_cancelled_caller_does_not_cancel_the_shared_render() -> None:
    release = threading.Event()

    def slow_render(model: ChartModel) -> bytes:
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

    def flaky_render(model: ChartModel) -> bytes:
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
    r = MatplotlibChartRenderer(render_fn=lambda m: PNG_SIGNATURE + m.title.encode())
    cached = await r.render_history(make_history())
    await r.aclose()
    assert await r.render_history(make_history()) == cached
    with pytest.raises(RuntimeError, match="closed"):
        await r.render_history(make_history(symbol="ETHUSDT"))


async def test_the_warm_up_runs_once_and_can_be_waited_for_within_a_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from adapters.charts import renderer as renderer_module

    runs: list[int] = []
    importing = threading.Event()

    def slow_import() -> None:
        runs.append(1)
        importing.wait(10)

    monkeypatch.setattr(renderer_module, "_warm_up", slow_import)
    r = MatplotlibChartRenderer()
    try:
        first = r.warm_up()
        assert r.warm_up() is first  # a second caller (the console, then the platforms) waits on it
        assert await r.warmed(0.05) is False  # still importing: the wait is bounded
        importing.set()
        assert await r.warmed(5) is True
        assert runs == [1]
    finally:
        importing.set()
        await r.aclose()


async def test_different_charts_render_in_parallel_threads(renderer: MatplotlibChartRenderer) -> None:
    renderer.warm_up().result(timeout=30)
    histories = [make_history(source="demo", first_day=FIRST_DAY + timedelta(days=i)) for i in range(4)]
    pngs = await asyncio.gather(
        *(renderer.render_history(h, locale="zh" if i % 2 else "en") for i, h in enumerate(histories))
    )
    assert all(png_size(png) == (WIDTH_PX, HEIGHT_PX) for png in pngs)
    assert len(set(pngs)) == 4  # each shows its own dates
    assert renderer.stats.renders == 4
    # Drawn concurrently on shared templates, each is still exactly its own picture.
    for i, h in enumerate(histories):
        assert pngs[i] == render_png(chart_model(h, None, "zh" if i % 2 else "en"))


@pytest.mark.parametrize(
    "closes", [("96012.5", "94871.2", "97450.8"), ("0.1712", "0.165"), ("3012.4", None, "2950.1")]
)
def test_a_two_or_three_day_chart_renders_at_phone_size(closes: tuple[str | None, ...]) -> None:
    """s44: any window from 2 days; a 3-close chart (a gap in the middle too) is drawn whole."""
    png = render_png(chart_model(make_history(closes)))
    assert png.startswith(PNG_SIGNATURE) and png_size(png) == (WIDTH_PX, HEIGHT_PX)
