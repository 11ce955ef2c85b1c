"""What a chart shows, decided without matplotlib: every string and number of the picture.

``chart_model`` turns a history (and the current quote, when the answer has one) into a
``ChartModel``; the figure module only draws it. The model is also the render cache's key:
whatever changes the picture is in it, and nothing else is (e.g. not the fetch time of a
history), so equal models give equal PNGs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import UTC
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Literal

from adapters.charts.formatting import date_label, format_price, nice_ticks, plain, tick_labels
from adapters.charts.labels import label
from core.formatting import format_price as exact_price
from core.i18n import Locale
from core.reply import HistoryBlock, QuoteBlock

MAX_X_LABELS = 7  # a phone fits seven short date labels side by side
MAX_Y_TICKS = 5
MINUS = "\u2212"  # a real minus sign: as wide as "+", unlike a hyphen

Direction = Literal["up", "down", "flat"]


@dataclass(frozen=True, slots=True)
class Mark:
    """A labelled point: the high, the low, or a lone close."""

    index: int
    value: float
    text: str
    above: bool


@dataclass(frozen=True, slots=True)
class ChartModel:
    locale: Locale
    title: str  # "BTC/USDT"
    demo_badge: str | None  # "DEMO" / "演示" on demo prices
    headline: str | None  # the current price (or the last close); None without any close
    headline_label: str  # what the headline is: "Best ask · 12:30 UTC", "Last close · Jul 12"
    change: str | None  # "▲ +1,699.75 (+1.77%)": first to last close
    change_label: str  # "7-day change", or the two days it spans when an end is a gap
    direction: Direction
    closes: tuple[float | None, ...]  # one per day, oldest first; None is a gap, drawn as one
    x_labels: tuple[tuple[int, str], ...]  # (day index, label), at most MAX_X_LABELS
    y_range: tuple[float, float]
    y_ticks: tuple[tuple[float, str], ...]
    marks: tuple[Mark, ...]  # the high and the low (or one lone close)
    gap_label: str  # written on runs of missing days
    empty_label: str | None  # the whole window is missing
    footer: str


def chart_model(history: HistoryBlock, quote: QuoteBlock | None = None, locale: Locale = "en") -> ChartModel:
    if quote is not None and quote.symbol != history.symbol:
        raise ValueError(f"quote {quote.symbol} does not belong to the history of {history.symbol}")
    points = history.points
    present = [(i, p.close) for i, p in enumerate(points) if p.close is not None]
    closes = tuple(None if p.close is None else float(p.close) for p in points)

    headline: str | None = None
    headline_label = ""
    if quote is not None:
        headline = exact_price(quote.price)
        moment = quote.fetched_at.astimezone(UTC)
        headline_label = label(locale, "best_ask", time=f"{moment:%H:%M}")
    elif present:
        last_i, last_close = present[-1]
        headline = exact_price(last_close)
        headline_label = label(locale, "last_close", day=date_label(points[last_i].date, locale))

    change, change_label, direction = _change(history, present, locale)
    y_range, y_ticks = _y_axis([c for _, c in present])
    return ChartModel(
        locale=locale,
        title=plain(f"{history.base}/{history.quote_asset}"),
        demo_badge=label(locale, "demo_badge") if history.is_demo else None,
        headline=headline,
        headline_label=headline_label,
        change=change,
        change_label=change_label,
        direction=direction,
        closes=closes,
        x_labels=_x_labels(history, locale),
        y_range=y_range,
        y_ticks=y_ticks,
        marks=_marks(present, locale),
        gap_label=label(locale, "gap"),
        empty_label=label(locale, "all_missing") if not present else None,
        footer=_footer(history, locale),
    )


def _change(
    history: HistoryBlock, present: list[tuple[int, Decimal]], locale: Locale
) -> tuple[str | None, str, Direction]:
    """First to last close of the window, absolute and in percent."""
    if len(present) < 2:
        return None, label(locale, "no_change"), "flat"
    (first_i, first), (last_i, last) = present[0], present[-1]
    delta = last - first
    direction: Direction = "up" if delta > 0 else "down" if delta < 0 else "flat"
    arrow = {"up": "▲ ", "down": "▼ ", "flat": ""}[direction]
    sign = {"up": "+", "down": MINUS, "flat": ""}[direction]
    text = f"{arrow}{sign}{exact_price(abs(delta))}"
    if first > 0:
        pct = (abs(delta) / first * 100).quantize(Decimal("0.01"), rounding=ROUND_HALF_EVEN)
        text += f" ({sign}{pct:,.2f}%)"
    points = history.points
    if first_i == 0 and last_i == len(points) - 1:
        what = label(locale, "change_days", n=len(points))
    else:  # an end of the window is a gap: say which days the change spans
        what = label(
            locale,
            "change_between",
            first=date_label(points[first_i].date, locale),
            last=date_label(points[last_i].date, locale),
        )
    return text, what, direction


def _y_axis(closes: list[Decimal]) -> tuple[tuple[float, float], tuple[tuple[float, str], ...]]:
    if not closes:
        return (0.0, 1.0), ()
    low, high = float(min(closes)), float(max(closes))
    span = high - low
    # Room above the high and below the low for their labels. The range may reach below zero (a
    # coin near zero needs the room too), but no price label below zero is drawn.
    pad = span * 0.28 if span > 0 else (abs(high) * 0.02 or 1.0)
    bottom, top = low - pad, high + pad
    ticks = [t for t in nice_ticks(bottom, top, MAX_Y_TICKS) if bottom <= t <= top and (t >= 0 or low < 0)]
    return (bottom, top), tuple(zip(ticks, tick_labels(ticks), strict=True))


def _x_labels(history: HistoryBlock, locale: Locale) -> tuple[tuple[int, str], ...]:
    """Every day when they fit; else evenly spaced days, always ending on the last one."""
    count = len(history.points)
    step = max(1, math.ceil(count / MAX_X_LABELS))
    indexes = range(count - 1, -1, -step)
    return tuple((i, date_label(history.points[i].date, locale)) for i in sorted(indexes))


def _marks(present: list[tuple[int, Decimal]], locale: Locale) -> tuple[Mark, ...]:
    """The highest and the lowest close (the most recent one on ties); a lone close once."""
    if not present:
        return ()
    high = max(c for _, c in present)
    low = min(c for _, c in present)
    high_i = max(i for i, c in present if c == high)
    low_i = max(i for i, c in present if c == low)
    if len(present) == 1:
        return (Mark(high_i, float(high), label(locale, "close", price=format_price(high)), True),)
    if high == low:
        return (Mark(high_i, float(high), label(locale, "flat", price=format_price(high)), True),)
    return (
        Mark(high_i, float(high), label(locale, "high", price=format_price(high)), True),
        Mark(low_i, float(low), label(locale, "low", price=format_price(low)), False),
    )


def _footer(history: HistoryBlock, locale: Locale) -> str:
    if history.is_demo:
        return label(locale, "source_demo")
    if history.source == "binance":
        return label(locale, "source_binance")
    return label(locale, "source_other", source=plain(history.source))
