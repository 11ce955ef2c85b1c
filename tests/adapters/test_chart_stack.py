"""Several coins' charts as one picture (core.chart_png on the renderer's PNGs): the phone-width
snapshot of the stacked chart, and the source-line band the stacking relies on."""

from __future__ import annotations

import re

import pytest
from matplotlib.text import Text

from adapters.charts import chart_model
from adapters.charts.figure import FOOTER_BAND_PX, HEIGHT_PX, PHONE_WIDTH, WIDTH_PX, draw, render_png
from core.chart_png import DIVIDER_HEIGHT as DIVIDER
from core.chart_png import stack_charts
from core.i18n import Locale
from core.reply import ChartBlock, HistoryBlock, QuoteBlock
from tests.adapters.chart_fixtures import make_history, make_quote
from tests.adapters.test_charts import CASES, MIN_PHONE_TEXT_PX, visible_texts
from tests.chart_pngs import pixels

COINS: list[tuple[HistoryBlock, QuoteBlock | None]] = [
    (make_history(), make_quote()),
    (make_history(("3600", "3650.5", "3700", None, "3720", "3690", "3800"), symbol="ETHUSDT"), None),
    (
        make_history(("0.141", "0.142", "0.139", "0.138", "0.1405", "0.1411", "0.1401"), symbol="DOGEUSDT"),
        make_quote("0.14023", symbol="DOGEUSDT"),
    ),
]
# Latin words a Chinese chart may show: the pairs and "UTC".
ZH_LATIN = {"BTC", "ETH", "DOGE", "USDT", "UTC"}


@pytest.mark.parametrize("locale", ["en", "zh"])
@pytest.mark.parametrize("count", [2, 3])
def test_stacked_chart_is_each_coins_chart_at_phone_width(count: int, locale: Locale) -> None:
    models = [chart_model(history, quote, locale) for history, quote in COINS[:count]]
    singles = [render_png(model) for model in models]
    blocks = [
        ChartBlock(png, h.symbol, "binance", h.base) for png, (h, _) in zip(singles, COINS, strict=False)
    ]

    png = stack_charts(blocks)

    assert png is not None
    image = pixels(png)
    # As wide as one chart (so shown at the same scale on a phone), the source line said once.
    assert image.width == WIDTH_PX == 2 * PHONE_WIDTH
    assert image.height == count * HEIGHT_PX - (count - 1) * (FOOTER_BAND_PX - DIVIDER)
    top = 0
    for i, single in enumerate(singles):
        rows = HEIGHT_PX if i == count - 1 else HEIGHT_PX - FOOTER_BAND_PX
        panel = image.crop((0, top, WIDTH_PX, top + rows)).tobytes()
        assert panel == pixels(single).crop((0, 0, WIDTH_PX, rows)).tobytes(), f"panel {i}"
        top += rows + DIVIDER
    # Each panel is the coin's own chart: pair, price and change on top; no text under 11 pt on
    # a phone; every word in the reply's language.
    for model in models:
        texts = visible_texts(draw(model))
        shown = {t.get_text() for t in texts}
        assert {model.title, model.headline, model.change} <= shown
        for text in texts:
            assert float(text.get_fontsize()) * PHONE_WIDTH / WIDTH_PX >= MIN_PHONE_TEXT_PX, text.get_text()
            if locale == "zh":
                assert set(re.findall(r"[A-Za-z]+", text.get_text())) <= ZH_LATIN, text.get_text()


def source_line(footer: str, texts: list[Text]) -> Text:
    [line] = [t for t in texts if t.get_text() == footer]
    return line


@pytest.mark.parametrize("locale", ["en", "zh"])
@pytest.mark.parametrize("case", list(CASES))
def test_the_bottom_band_holds_the_source_line_and_nothing_else(case: str, locale: Locale) -> None:
    model = chart_model(*CASES[case], locale)
    fig = draw(model)
    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
    texts = visible_texts(fig)
    footer = source_line(model.footer, texts)
    assert footer.get_window_extent(renderer).y1 <= FOOTER_BAND_PX  # (y up from the bottom)
    for text in texts:
        if text is not footer:
            assert text.get_window_extent(renderer).y0 >= FOOTER_BAND_PX, text.get_text()
    (ax,) = fig.axes
    assert ax.get_window_extent(renderer).y0 >= FOOTER_BAND_PX


def test_charts_of_different_sources_each_keep_their_source_line() -> None:
    live = render_png(chart_model(*COINS[0], "en"))
    demo_history = make_history(symbol="ETHUSDT", source="demo")
    demo = render_png(chart_model(demo_history, None, "en"))

    png = stack_charts(
        [ChartBlock(live, "BTCUSDT", "binance", "BTC"), ChartBlock(demo, "ETHUSDT", "demo", "ETH")]
    )

    assert png is not None
    assert pixels(png).size == (WIDTH_PX, 2 * HEIGHT_PX + DIVIDER)
