"""The equity curve (core.pnl.picture.EquityCharts) in the house style: the price chart's size,
fonts and colours (adapters.charts.figure), phone first, labels from adapters/charts/labels.py.

The daily equity in USDT, its running peak dashed, the fall below the peak shaded, the max drawdown
marked from its peak to its trough. A day without a snapshot is a gap: the line breaks there and
nothing is drawn across it. Drawn with matplotlib's object-oriented API, in a worker thread
(adapters.charts.equity), which imports this module only when the first picture is drawn.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from datetime import date, datetime, time, timedelta
from decimal import Decimal

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.dates import DateFormatter, DayLocator, date2num
from matplotlib.figure import Figure

from adapters.charts.figure import (
    BOLD_FONT,
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
from adapters.charts.labels import label
from core.i18n import Locale
from core.pnl.drawdown import Drawdown, Snapshot, underwater

_PEAK_COLOR = "#9aa0a6"
_NAN = float("nan")


def _x(day: date) -> float:
    return float(date2num(datetime.combine(day, time())))  # type: ignore[no-untyped-call]


def _series(snapshots: Sequence[Snapshot]) -> tuple[list[float], list[float], list[float]]:
    """x, equity and peak, with a NaN point on each missing day: the line breaks at a gap."""
    xs: list[float] = []
    equity: list[float] = []
    peak: list[float] = []
    last: date | None = None
    for day, value, top in underwater(snapshots):
        if last is not None and day - last > timedelta(days=1):
            xs.append(_x(last + timedelta(days=1)))
            equity.append(_NAN)
            peak.append(_NAN)
        xs.append(_x(day))
        equity.append(float(value))
        peak.append(float(top))
        last = day
    return xs, equity, peak


def draw(snapshots: Sequence[Snapshot], drawdown: Drawdown | None, kind: str, locale: Locale) -> bytes:
    snapshots = sorted(snapshots, key=lambda s: s.day)
    fig = Figure(figsize=(WIDTH_PX / DPI, HEIGHT_PX / DPI), dpi=DPI, facecolor="white")
    FigureCanvasAgg(fig)
    axes = fig.add_axes((0.14, 0.14, 0.82, 0.7))
    regular, bold, small = _font(REGULAR_FONT, 22), _font(BOLD_FONT, 32), _font(REGULAR_FONT, 20)
    title = label(locale, "equity_title", kind=label(locale, f"kind_{kind}"))
    fig.text(0.04, 0.93, title, fontproperties=bold, color=TEXT_COLOR)
    xs, equity, peak = _series(snapshots)
    down = DIRECTION_COLOR["down"]
    axes.plot(xs, peak, color=_PEAK_COLOR, lw=1.5, ls="--", label=label(locale, "peak"))
    # The equity never rises above its running peak: the band between them is the fall below it.
    axes.fill_between(xs, equity, peak, color=down, alpha=0.25, lw=0, label=label(locale, "below_peak"))
    axes.plot(xs, equity, color=LINE_COLOR, lw=2.5, marker="o", markersize=4)
    if drawdown is not None and drawdown.amount > 0:
        ends = {s.day: float(s.equity) for s in snapshots}
        axes.plot([_x(drawdown.peak_day), _x(drawdown.trough_day)],
                  [ends[drawdown.peak_day], ends[drawdown.trough_day]], color=down, lw=2, ls=":")  # fmt: skip
        share = format((drawdown.share * 100).quantize(Decimal("0.1")), "f")
        worst = label(locale, "max_drawdown", share=share, amount=f"-{drawdown.amount:,.2f}")
        fig.text(0.04, 0.88, worst, fontproperties=regular, color=down)
    axes.grid(color=GRID_COLOR, lw=1)
    for spine in axes.spines.values():
        spine.set_visible(False)
    axes.tick_params(colors=MUTED_COLOR, length=0)
    days = (snapshots[-1].day - snapshots[0].day).days if snapshots else 1
    axes.xaxis.set_major_locator(DayLocator(interval=max(1, -(-days // 4))))  # type: ignore[no-untyped-call]
    axes.xaxis.set_major_formatter(DateFormatter("%m-%d"))  # type: ignore[no-untyped-call]
    for tick in (*axes.get_xticklabels(), *axes.get_yticklabels()):
        tick.set_fontproperties(small)
    legend = axes.legend(loc="lower left", frameon=True, framealpha=0.9, edgecolor="white", prop=small)
    for text in legend.get_texts():
        text.set_color(TEXT_COLOR)
    fig.text(0.04, 0.03, label(locale, "equity_footer"), fontproperties=small, color=MUTED_COLOR)
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=DPI)
    return out.getvalue()
