"""The backtest picture (core.backtest.picture.BacktestCharts) in the house style: the price
chart's size, fonts and colours (adapters.charts.figure), phone first.

Top: each run's equity in USDT, buying and holding the first run's starting cash dashed, the
first run's buys and sells as green and red marks. Bottom: the first run's drawdown from its
peak. A demo history says so in the title. Drawn with matplotlib's object-oriented API in a
worker thread (never pyplot; a fresh figure each time: backtests are rare next to price charts).
Imported only when a picture is drawn (adapters.charts.backtest): matplotlib is not loaded at
start-up.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from datetime import datetime
from decimal import Decimal

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.dates import AutoDateLocator, DateFormatter, date2num
from matplotlib.figure import Figure

from adapters.charts.figure import (
    BOLD_FONT,
    DEMO_COLOR,
    DIRECTION_COLOR,
    DPI,
    GRID_COLOR,
    HEIGHT_PX,
    LINE_COLOR,
    MUTED_COLOR,
    REGULAR_FONT,
    TEXT_COLOR,
    WIDTH_PX,
    _font,
)
from core.backtest.picture import Series
from core.i18n import Locale, t

_OTHER_COLORS = ("#6a1b9a", "#00897b", "#ef6c00")
_HOLD_COLOR = "#9aa0a6"


def _x(times: Sequence[datetime]) -> list[float]:
    """Matplotlib's date numbers (days), so the date locator labels the axis."""
    return [float(date2num(at)) for at in times]  # type: ignore[no-untyped-call]


def _pct(value: Decimal, start: Decimal) -> float:
    return float((value - start) / start * 100) if start else 0.0


def _drawdowns(equity: Sequence[Decimal]) -> list[float]:
    peak = Decimal(0)
    out = []
    for value in equity:
        peak = max(peak, value)
        out.append(float((value - peak) / peak * 100) if peak > 0 else 0.0)
    return out


def draw(series: Sequence[Series], locale: Locale) -> bytes:
    first = series[0].result
    fig = Figure(figsize=(WIDTH_PX / DPI, HEIGHT_PX / DPI), dpi=DPI, facecolor="white")
    FigureCanvasAgg(fig)
    top = fig.add_axes((0.1, 0.36, 0.86, 0.5))
    bottom = fig.add_axes((0.1, 0.1, 0.86, 0.2), sharex=top)
    regular, bold = _font(REGULAR_FONT, 22), _font(BOLD_FONT, 32)
    title = t(locale, "backtest.picture.title", base=first.base)
    fig.text(0.04, 0.93, title, fontproperties=bold, color=TEXT_COLOR)
    if first.source == "demo":
        fig.text(
            0.96,
            0.93,
            t(locale, "backtest.picture.demo"),
            fontproperties=regular,
            color=DEMO_COLOR,
            ha="right",
        )
    times = _x([p.at for p in first.points])
    start = first.start_cash
    hold = [_pct(p.hold, start) for p in first.points]
    top.plot(times, hold, color=_HOLD_COLOR, lw=2, ls="--", label=t(locale, "backtest.picture.hold"))
    for n, run in enumerate(series):
        color = LINE_COLOR if n == 0 else _OTHER_COLORS[(n - 1) % len(_OTHER_COLORS)]
        pts = run.result.points
        label = f"{run.label} {run.result.return_pct:+.2f}%"
        start = run.result.start_cash  # returns, not USDT: runs of other sizes compare
        top.plot(
            _x([p.at for p in pts]), [_pct(p.equity, start) for p in pts], color=color, lw=2.5, label=label
        )
    by_time = {p.at: _pct(p.equity, first.start_cash) for p in first.points}
    where = dict(zip((p.at for p in first.points), times, strict=True))
    for side, marker in (("buy", "^"), ("sell", "v")):
        marks = [tr.at for tr in first.trades if tr.side == side]
        color = DIRECTION_COLOR["up" if side == "buy" else "down"]
        top.scatter(
            [where[m] for m in marks], [by_time[m] for m in marks], marker=marker, s=40, color=color, zorder=3
        )
    drawdown = _drawdowns([p.equity for p in first.points])
    bottom.fill_between(times, drawdown, 0, color=DIRECTION_COLOR["down"], alpha=0.25, lw=0)
    bottom.plot(times, drawdown, color=DIRECTION_COLOR["down"], lw=1.5)
    bottom.text(
        0.01,
        0.08,
        t(locale, "backtest.picture.drawdown"),
        transform=bottom.transAxes,
        fontproperties=regular,
        color=MUTED_COLOR,
    )
    small = _font(REGULAR_FONT, 20)
    for axes in (top, bottom):
        axes.grid(color=GRID_COLOR, lw=1)
        for spine in axes.spines.values():
            spine.set_visible(False)
        axes.tick_params(colors=MUTED_COLOR, length=0)
        for tick in (*axes.get_xticklabels(), *axes.get_yticklabels()):
            tick.set_fontproperties(small)
    top.tick_params(labelbottom=False)
    bottom.xaxis.set_major_locator(AutoDateLocator(maxticks=5))  # type: ignore[no-untyped-call]
    bottom.xaxis.set_major_formatter(DateFormatter("%m-%d"))  # type: ignore[no-untyped-call]
    legend = top.legend(loc="lower left", frameon=True, framealpha=0.9, edgecolor="white", prop=small)
    for text in legend.get_texts():
        text.set_color(TEXT_COLOR)
    fig.text(
        0.04,
        0.02,
        t(locale, "backtest.picture.footer", source=first.source),
        fontproperties=small,
        color=MUTED_COLOR,
    )
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=DPI)
    return out.getvalue()
