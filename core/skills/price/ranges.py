"""Which history window a message asks for, and what deskmate serves instead when it is not one of
its windows: the last 7 (default), 14, 30 or 90 full UTC days.

"30 days" is served as asked, and "a month" / "past month" as those 30 days with one short line
saying so; "3 days" is not a window, so the answer says what is served and shows the nearest
one; a date ("2024-01-01") cannot be served at all (no past prices by date), so the answer says
so and shows the current price.

No pattern of its own: a number of days, weeks or months and a date are the value grammar's
(core.language.values: durations and dates), a span said as words is data (lexicon/phrases/span.toml).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from core.language.phrases import Words
from core.language.tagger import Reading
from core.language.values import UNIT_SECONDS, Value

SERVED_DAYS: Final = (7, 14, 30, 90)
DEFAULT_DAYS: Final = 7

EITHER: Final = Words("choice.or")  # two windows asked at once (phrases/choice.toml)
# Spans said as words (core/language/lexicon/phrases/span.toml), the first present deciding: the days
# each means and how it is served ("exact": as asked; "month": 30 days said in one line;
# "nearest": the nearest served window, said; "intraday": the default, said).
_SPANS: Final = (
    ("span.fortnight", 14, "exact"),
    ("span.month", 30, "month"),
    ("span.quarter", 90, "nearest"),
    ("span.year", 365, "nearest"),
    ("span.intraday", 0, "intraday"),
    ("span.week", 7, "exact"),
    ("span.days30", 30, "exact"),
    ("span.days90", 90, "exact"),
)


@dataclass(frozen=True, slots=True)
class RangeAsk:
    """What a message asked for: ``days`` served (one of SERVED_DAYS), and when it was not exactly
    a served window, what was asked (``asked``, the user's words) and why (``note``)."""

    days: int
    asked: str | None = None
    note: str | None = None  # "range_" + "nearest" | "month" | "date" | "intraday" | "refused" | "two"
    explicit: bool = False  # the message named a window at all


def nearest_served(days: int) -> int:
    """The served window closest to ``days`` (ties go to the shorter one)."""
    return min(SERVED_DAYS, key=lambda served: (abs(served - days), served))


def _said(value: Value) -> bool:
    """A duration, "a week" / "an hour" (an interval word, here a span), or a span the value grammar
    refused ("-30天", "1e3 days"): said back, never read as another window."""
    return (
        value.kind == "duration"
        or (value.kind == "interval" and value.typed.startswith(("a ", "an ")))
        or (value.refused and value.unit in UNIT_SECONDS)
    )


# Words before a span that are part of what was asked ("past month", "1 year" as typed).
_BEFORE_SPAN: Final = frozenset({"pnl.recent", "price.over"})


def _said_from(reading: Reading, values: list[Value], start: int) -> int:
    """Where the words asking for a span start: a number or "past" right before its word."""
    before = reading.text[:start].rstrip()
    number = next((v for v in values if v.kind == "number" and v.end == len(before)), None)
    if number is not None:
        return number.start
    tag = next((t for t in reading.tags if t.end == len(before) and t.end < start), None)
    return tag.start if tag is not None and tag.concepts & _BEFORE_SPAN else start


def read_range(reading: Reading, start: int = 0, end: int | None = None) -> RangeAsk:
    """The window the message (or its part ``start:end``) asks for (DEFAULT_DAYS when none)."""
    stop = len(reading.text) if end is None else end
    # Its dates, numbers and spans (the value grammar's, read once a message).
    values = [
        v
        for v in reading.spans()
        if start <= v.start and v.end <= stop and (v.kind in ("date", "number") or _said(v))
    ]
    date = next((v for v in values if v.kind == "date"), None)
    if date is not None:
        return RangeAsk(DEFAULT_DAYS, date.typed, "range_date", explicit=True)
    spans = [v for v in values if _said(v)]
    # "btc 24小时涨跌 30天走势": the 24 hours are the quote's change, the days the window asked
    span = next((v for v in spans if not _day_change(v)), None) if len(spans) > 1 else None
    span = span or next(iter(spans), None)
    if span is not None:
        asked = _two(reading.text, values, span)
        if asked is not None:  # "7 or 30 days", "7 天或 30 天": the first window, said so
            return replace(_span_range(span), asked=asked, note="range_two")
        return _span_range(span)
    inside = [t for t in reading.tags if start <= t.start and t.end <= stop]
    for concept, days, served in _SPANS:
        tag = next((t for t in inside if concept in t.concepts), None)
        if tag is None:
            continue
        return _served(days, served, reading.text[_said_from(reading, values, tag.start) : tag.end])
    return RangeAsk(DEFAULT_DAYS)


def _served(days: int, how: str, asked: str) -> RangeAsk:
    """The window served for ``days`` asked, as ``how`` says (see _SPANS; "refused": the default)."""
    if how == "exact":
        return RangeAsk(days, explicit=True)
    served = {"month": 30, "nearest": nearest_served(days)}.get(how, DEFAULT_DAYS)
    return RangeAsk(served, asked, f"range_{how}", explicit=True)


def days_range(number: Value) -> RangeAsk:
    """The window a bare number of days asks for ("/history sol 30"), or what is served instead,
    said quoting the number ("20000", "1.5", "-5")."""
    return _span_range(number if number.refused else replace(number, kind="duration", unit="d"))


def _day_change(span: Value) -> bool:
    """ "24小时", "24h": the span of the quote's own change, not a window of days."""
    return not span.refused and span.unit in ("m", "h") and span.number * UNIT_SECONDS[span.unit] == 86400


def _span_range(span: Value) -> RangeAsk:
    """The window a duration asks for, or what is served instead, said."""
    if span.refused or span.unit in ("m", "h"):
        return _served(DEFAULT_DAYS, "refused" if span.refused else "intraday", span.typed)
    days = int(span.number * UNIT_SECONDS[span.unit] / UNIT_SECONDS["d"])  # "1.5 weeks": 10 days
    if days in SERVED_DAYS and span.unit in ("d", "w"):
        return _served(days, "exact", span.typed)
    # "1 month": the 30 days served, said in one line
    return _served(days, "month" if days == 30 and span.unit == "mo" else "nearest", span.typed)


def _two(text: str, values: list[Value], span: Value) -> str | None:
    """Two windows joined by "or" around ``span`` ("7 or 30 days", "30d 或 90d"): the words of
    both, as typed; None when the span stands alone."""
    for other in values:
        if other is span or not (other.kind == "number" or _said(other)):
            continue
        first, last = (other, span) if other.end <= span.start else (span, other)
        between = text[first.end : last.start]
        if EITHER.search(between) is not None and not EITHER.sub("", between).strip():
            return text[first.start : last.end]
    return None


__all__ = ["DEFAULT_DAYS", "SERVED_DAYS", "RangeAsk", "days_range", "nearest_served", "read_range"]
