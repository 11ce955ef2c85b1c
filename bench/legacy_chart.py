"""The chart renderer as it was before issue 11 (frozen copy, bench only: `make bench` baseline).

A fresh Figure per chart, matplotlib's tick machinery, English-only text, and PNG through
savefig("rgba") + Pillow at zlib level 3. Not used by the product; kept so every bench run
measures today's renderer beside the old one on the same machine.
"""

from __future__ import annotations

import io
import itertools
import math
from collections.abc import Sequence
from datetime import date
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Any

from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import Formatter, MaxNLocator
from matplotlib.transforms import blended_transform_factory
from PIL import Image

from core.reply import HistoryBlock

# Own month names: strftime("%b") follows the process locale and could produce non-ASCII text.
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_MAX_TICK_DECIMALS = 10


def date_label(day: date) -> str:
    """ "Jul 06": short enough for seven labels side by side on a phone."""
    return f"{_MONTHS[day.month - 1]} {day.day:02d}"


def plain(text: str) -> str:
    """Outside text made safe to draw: ASCII only (no font fallback needed) and "$" escaped
    (it would otherwise start matplotlib's mathtext)."""
    ascii_text = text.encode("ascii", "replace").decode("ascii")
    return ascii_text.replace("$", r"\$")


def price_decimals(value: Decimal) -> int:
    """How many decimals a price deserves: cents for big prices, ~4 significant digits for tiny ones."""
    magnitude = abs(value)
    if magnitude >= 1000:
        return 2
    if magnitude >= 1:
        return 4
    if magnitude == 0:
        return 2
    # 0.001234 -> adjusted() == -3 -> 6 decimals (four significant digits).
    return min(-magnitude.adjusted() + 3, 12)


def format_price(value: Decimal) -> str:
    """A Decimal price with thousands separators and no trailing zeros: 97250.50000000 -> "97,250.5"."""
    decimals = price_decimals(value)
    rounded = value.quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_EVEN)
    text = f"{rounded:,.{decimals}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


def tick_decimals(locs: Sequence[float]) -> int:
    """The fewest decimals that tell every tick apart exactly (ticks 150.0, 150.25 -> 2)."""
    finite = sorted({float(x) for x in locs if math.isfinite(x)})
    if len(finite) < 2:
        return 0 if not finite else price_decimals(Decimal(repr(finite[0])))
    step = min(b - a for a, b in itertools.pairwise(finite))
    decimals = max(0, -math.floor(math.log10(step)))
    while decimals < _MAX_TICK_DECIMALS and any(abs(round(x, decimals) - x) > step * 1e-6 for x in finite):
        decimals += 1
    return decimals


class PriceTickFormatter(Formatter):
    """Y tick labels such as "97,250.5" with one decimal count for the whole axis.

    A FuncFormatter sees one tick at a time; the decimals must come from all ticks together
    (0.25 steps need two decimals on every label), which ``set_locs`` provides.
    """

    def __init__(self) -> None:
        self._decimals = 0

    def set_locs(self, locs: Any) -> None:
        super().set_locs(locs)
        self._decimals = tick_decimals(list(locs))

    def __call__(self, x: float, pos: int | None = None) -> str:
        if not math.isfinite(x):
            return ""
        # Decimal from the float's repr, so the label shows the tick, not binary noise.
        value = Decimal(repr(float(x))).quantize(Decimal(1).scaleb(-self._decimals), rounding=ROUND_HALF_EVEN)
        if value == 0:
            value = abs(value)  # never "-0"
        return f"{value:,.{self._decimals}f}"


# 960x560 px: sharp on a phone (shown ~2.5x scaled down) with large fonts (>= 13 pt at 80 dpi); fewer
# pixels than 1200x700 cut text rasterizing and PNG encoding by about a third.
WIDTH_PX = 960
HEIGHT_PX = 560
DPI = 80
PNG_COMPRESS_LEVEL = 3

TITLE_PT = 24
SUBTITLE_PT = 16
TICK_PT = 16
ANNOTATION_PT = 16
GAP_PT = 15
FOOTER_PT = 13
NO_DATA_PT = 30
WATERMARK_PT = 110

TEXT_COLOR = "#1a1a1a"
MUTED_COLOR = "#5f6368"
LINE_COLOR = "#1565c0"
EXTREME_COLOR = "#0d3c7a"
GRID_COLOR = "#dde1e6"
GAP_FILL = "#eceff1"
GAP_HATCH = "#b0bec5"
GAP_TEXT = "#607d8b"
DEMO_COLOR = "#d84315"

DEMO_LABEL = "DEMO DATA"
NO_DATA_LABEL = "no data"
SEP = " \u00b7 "  # a middle dot; DejaVu Sans has it, so no extra font is needed


def chart_title(history: HistoryBlock) -> str:
    """ "BTCUSDT · 7 daily closes (UTC)", plus "DEMO DATA" for demo prices."""
    title = f"{plain(history.symbol)}{SEP}{len(history.points)} daily closes (UTC)"
    if history.is_demo:
        title += f"{SEP}{DEMO_LABEL}"
    return title


def chart_subtitle(history: HistoryBlock) -> str:
    """The date range, the quote currency and how many days are missing."""
    parts = []
    if history.points:
        parts.append(_date_range(history.points[0].date, history.points[-1].date))
    parts.append(f"prices in {plain(history.quote_asset)}")
    missing = sum(1 for p in history.points if p.close is None)
    if missing:
        parts.append(f"{missing} day{'s' if missing != 1 else ''} missing")
    return SEP.join(parts)


def source_line(history: HistoryBlock) -> str:
    # Short on purpose: on Agg every character costs render time.
    if history.is_demo:
        return "Source: demo market (simulated prices)"
    if history.source == "binance":
        return "Source: Binance spot, UTC daily candles"
    return f"Source: {plain(history.source)}"


def build_history_figure(history: HistoryBlock) -> Figure:
    """A line chart of the daily closes: gaps break the line and are shaded, high and low labelled."""
    fig = Figure(figsize=(WIDTH_PX / DPI, HEIGHT_PX / DPI), dpi=DPI, facecolor="white")
    FigureCanvasAgg(fig)  # attaches the Agg canvas to the figure
    ax = fig.add_subplot()

    points = history.points
    xs = list(range(len(points)))
    # NaN, not zero and not interpolated: matplotlib breaks the line at NaN.
    ys = [float(p.close) if p.close is not None else math.nan for p in points]
    present = [(i, p.close) for i, p in enumerate(points) if p.close is not None]

    fig.suptitle(
        chart_title(history),
        fontsize=TITLE_PT,
        fontweight="bold",
        color=DEMO_COLOR if history.is_demo else TEXT_COLOR,
        y=0.965,
    )
    # A figure text, not ax.set_title: an auto-positioned axes title costs a tight-bbox pass per draw.
    fig.text(0.5, 0.87, chart_subtitle(history), ha="center", fontsize=SUBTITLE_PT, color=MUTED_COLOR)
    fig.text(0.012, 0.015, source_line(history), fontsize=FOOTER_PT, color=MUTED_COLOR)

    ax.set_xlim(-0.6, max(len(points), 1) - 0.4)
    ax.set_xticks(xs, [date_label(p.date) for p in points])
    ax.tick_params(axis="both", labelsize=TICK_PT, colors=TEXT_COLOR, length=0, pad=8)
    for spine in ("top", "right", "left"):
        ax.spines[spine].set_visible(False)
    ax.spines["bottom"].set_color(GRID_COLOR)
    ax.grid(axis="y", color=GRID_COLOR, linewidth=1.2)
    ax.set_axisbelow(True)

    _mark_gaps(ax, [i for i, p in enumerate(points) if p.close is None], all_missing=not present)
    if present:
        ax.plot(
            xs,
            ys,
            color=LINE_COLOR,
            linewidth=3.5,
            marker="o",
            markersize=10,
            markerfacecolor="white",
            markeredgewidth=3,
            zorder=3,
        )
        _set_price_axis(ax, [c for _, c in present])
        _mark_extremes(ax, present, len(points))
    else:
        ax.set_ylim(0, 1)
        ax.set_yticks([])
        ax.text(
            0.5,
            0.5,
            f"No data for {'these days' if points else 'this period'}",
            transform=ax.transAxes,
            ha="center",
            va="center",
            fontsize=NO_DATA_PT,
            fontweight="bold",
            color=GAP_TEXT,
            zorder=4,
            bbox={"boxstyle": "round,pad=0.5", "facecolor": "white", "edgecolor": GAP_HATCH},
        )
    if history.is_demo:
        ax.text(
            0.5,
            0.5,
            DEMO_LABEL,
            transform=ax.transAxes,
            ha="center",
            va="center",
            rotation=18,
            fontsize=WATERMARK_PT,
            fontweight="bold",
            color=DEMO_COLOR,
            alpha=0.07,
            zorder=0,
        )
    _fit_left_margin(fig, ax)
    return fig


def render_png(history: HistoryBlock) -> bytes:
    """The chart as PNG bytes (blocking: call it from a worker thread, not the event loop)."""
    fig = build_history_figure(history)
    raw = io.BytesIO()
    fig.savefig(raw, format="rgba", dpi=DPI)
    # Encoded with Pillow rather than savefig(format="png"): RGB (the chart is opaque) at a lighter
    # zlib level is ~40% faster to encode than RGBA at level 6, for ~10% more bytes. No metadata,
    # so identical input gives identical bytes.
    image = Image.frombytes("RGBA", (WIDTH_PX, HEIGHT_PX), raw.getvalue())
    out = io.BytesIO()
    image.convert("RGB").save(out, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
    return out.getvalue()


def _date_range(first: date, last: date) -> str:
    if first.year == last.year:
        return f"{date_label(first)} - {date_label(last)}, {last.year}"
    return f"{date_label(first)}, {first.year} - {date_label(last)}, {last.year}"


def _mark_gaps(ax: Axes, indexes: Sequence[int], *, all_missing: bool) -> None:
    """Shade each missing day and say "no data" there, so a gap never reads as a price."""
    to_axes_y = blended_transform_factory(ax.transData, ax.transAxes)
    for i in indexes:
        ax.axvspan(i - 0.45, i + 0.45, facecolor=GAP_FILL, edgecolor=GAP_HATCH, hatch="//", lw=0, zorder=0)
        if not all_missing:  # one big centred label says it when nothing is there
            ax.text(
                i,
                0.5,
                NO_DATA_LABEL,
                transform=to_axes_y,
                ha="center",
                va="center",
                fontsize=GAP_PT,
                fontweight="bold",
                color=GAP_TEXT,
                zorder=2,
                bbox={"boxstyle": "round,pad=0.3", "facecolor": "white", "edgecolor": "none"},
            )
    for i, label in enumerate(ax.get_xticklabels()):
        if i in indexes:
            label.set_color(GAP_TEXT)


def _set_price_axis(ax: Axes, closes: Sequence[Decimal]) -> None:
    low, high = float(min(closes)), float(max(closes))
    span = high - low
    # Room above the high and below the low for their labels.
    pad = span * 0.3 if span > 0 else (abs(high) * 0.02 or 1.0)
    bottom = low - pad
    if low >= 0 > bottom:
        bottom = 0.0
    ax.set_ylim(bottom, high + pad)
    ax.yaxis.set_major_locator(MaxNLocator(nbins=6, steps=[1, 2, 2.5, 5, 10]))
    ax.yaxis.set_major_formatter(PriceTickFormatter())


def _mark_extremes(ax: Axes, present: Sequence[tuple[int, Decimal]], count: int) -> None:
    """Label the highest and the lowest close (the most recent one on ties) with their values;
    a lone close is labelled once."""
    high = max(c for _, c in present)
    low = min(c for _, c in present)
    high_i = max(i for i, c in present if c == high)
    low_i = max(i for i, c in present if c == low)
    if len(present) == 1:
        _annotate(ax, high_i, high, f"Close {format_price(high)}", above=True, count=count)
        return
    if high == low:
        _annotate(ax, high_i, high, f"High = Low {format_price(high)}", above=True, count=count)
        return
    _annotate(ax, high_i, high, f"High {format_price(high)}", above=True, count=count)
    _annotate(ax, low_i, low, f"Low {format_price(low)}", above=False, count=count)


def _annotate(ax: Axes, i: int, value: Decimal, text: str, *, above: bool, count: int) -> None:
    ax.plot([i], [float(value)], marker="o", markersize=12, color=EXTREME_COLOR, zorder=4)
    # At the edges, align the label inwards so it never runs off the plot.
    ha, dx = (
        ("left", -8)
        if i == 0 and count > 1
        else ("right", 8)
        if i == count - 1 and count > 1
        else ("center", 0)
    )
    ax.annotate(
        text,
        xy=(i, float(value)),
        xytext=(dx, 16 if above else -16),
        textcoords="offset points",
        ha=ha,
        va="bottom" if above else "top",
        fontsize=ANNOTATION_PT,
        fontweight="bold",
        color=EXTREME_COLOR,
        zorder=5,
        bbox={"boxstyle": "round,pad=0.3", "facecolor": "white", "edgecolor": EXTREME_COLOR, "lw": 1.5},
    )


def _fit_left_margin(fig: Figure, ax: Axes) -> None:
    """Leave just enough room left of the plot for the widest price label (cheaper than a layout engine)."""
    labels = (
        ax.yaxis.get_major_formatter().format_ticks(list(ax.get_yticks())) if ax.get_yticks().size else []
    )
    widest = max((len(label) for label in labels), default=0)
    char_px = TICK_PT * 0.62 * DPI / 72  # DejaVu Sans digits are ~0.62 em wide
    left_px = max(widest * char_px + 30, 40)
    fig.subplots_adjust(left=left_px / WIDTH_PX, right=0.975, top=0.83, bottom=0.13)
