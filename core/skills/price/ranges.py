"""Which history window a message asks for, and what deskmate serves instead when it cannot serve
it: any whole number of full UTC days from MIN_DAYS (2) to MAX_DAYS (90), 7 by default.

"3 days", "45 days", "two weeks" are served as asked; "a month" / "past month" / "2 months" as 30
or 60 days with one short line saying so (as "1.5 weeks" as its 10 whole days); longer than 90
days ("120 days", "1 year") is the last 90, said; one day ("1 day") is no history but the quote
with its 24-hour change, said; a date ("2024-01-01") cannot be served at all (no past prices by
date), so the answer says so and shows the current price.

No pattern of its own: a number of days, weeks or months and a date are the value grammar's
(core.language.values: durations and dates), a span said as words is data (lexicon/phrases/span.toml).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from core.language.normalize import has_cjk
from core.language.phrases import Words
from core.language.tagger import Reading
from core.language.values import UNIT_SECONDS, Value

MIN_DAYS: Final = 2  # one day is the quote's 24-hour change, not a history
MAX_DAYS: Final = 90  # the longest history served (one klines request of at most 1,000 days)
DEFAULT_DAYS: Final = 7

EITHER: Final = Words("choice.or")  # two windows asked at once (phrases/choice.toml)
# Spans said as words (core/language/lexicon/phrases/span.toml), the first present deciding: the days
# each means and how it is served ("exact": as asked; "month": those days said in one line;
# "nearest": the longest served, said; "intraday": the default, said).
_SPANS: Final = (
    ("span.fortnight", 14, "exact"),
    ("span.month", 30, "month"),
    ("span.quarter", 90, "month"),
    ("span.year", 365, "nearest"),
    ("span.intraday", 0, "intraday"),
    ("span.week", 7, "exact"),
    ("span.days30", 30, "exact"),
    ("span.days90", 90, "exact"),
)


@dataclass(frozen=True, slots=True)
class RangeAsk:
    """What a message asked for: ``days`` served (MIN_DAYS..MAX_DAYS), and when it was not
    exactly a whole number of days served, what was asked (``asked``, the user's words) and why
    (``note``: "range_day" asks for no history but the quote with its 24-hour change)."""

    days: int
    asked: str | None = None
    # "range_" + "nearest" (longer than served) | "month" (read as whole days) | "day" | "date" |
    # "intraday" | "refused" | "two"
    note: str | None = None
    explicit: bool = False  # the message named a window at all


def served(days: int) -> bool:
    """Whether a history of ``days`` full UTC days is served as asked."""
    return isinstance(days, int) and not isinstance(days, bool) and MIN_DAYS <= days <= MAX_DAYS


def _said(value: Value) -> bool:
    """A duration, "a week" / "an hour" (an interval word, here a span), or a span the value grammar
    refused ("-30天", "1e3 days"): said back, never read as another window."""
    return (
        value.kind == "duration"
        or (value.kind == "interval" and value.typed.startswith(("a ", "an ")))
        or (value.refused and value.unit in UNIT_SECONDS)
    )


_SIGH: Final = "filler.sigh"  # core/language/lexicon/filler.toml

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
    # A span inside a sigh ("what a week, what's doge at") is small talk, no window asked.
    sighs = [(t.start, t.end) for t in reading.tags if _SIGH in t.concepts]
    values = [
        v
        for v in reading.spans()
        if start <= v.start
        and v.end <= stop
        and (v.kind in ("date", "number") or _said(v))
        and not any(s <= v.start and v.end <= e for s, e in sighs)
        and not _told_of(reading, v)
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


def _told_of(reading: Reading, value: Value) -> bool:
    """Hours or minutes told of something done, no window asked: after a verb's 了 ("我解释了半小时",
    "等了两小时"), or before 的 and a thing no price word names ("开完一个两小时的会"); "最近两小时的走势"
    asks its window (served as days, said)."""
    if value.kind != "duration" or value.unit not in ("m", "h"):
        return False
    text = reading.text
    if text[: value.start].rstrip().endswith(("了", "咗")):
        return True
    after = value.end + len(text[value.end :]) - len(text[value.end :].lstrip())
    if text[after : after + 1] != "的":
        return False
    thing = after + 1
    return has_cjk(text[thing : thing + 1]) and not any(t.start == thing for t in reading.tags)


def _served(days: int, how: str, asked: str) -> RangeAsk:
    """The window served for ``days`` asked, as ``how`` says (see _SPANS; "refused": the default)."""
    if how in ("exact", "month") and days > MAX_DAYS:  # "120 days", "4 months": the longest, said
        how = "nearest"
    if how in ("exact", "month") and days < MIN_DAYS:  # "1 day", "半天": the quote's 24-hour change
        how = "day"
    if how == "exact":
        return RangeAsk(days, explicit=True)
    shown = {"month": days, "nearest": MAX_DAYS}.get(how, DEFAULT_DAYS)
    return RangeAsk(shown, asked, f"range_{how}", explicit=True)


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
    exact = span.number * UNIT_SECONDS[span.unit] / UNIT_SECONDS["d"]
    days = int(exact)  # "1.5 weeks": its 10 whole days, said
    whole = days == exact and span.unit in ("d", "w")
    # "1 month", "2 months": their 30 or 60 days served, said in one line; more than 90: the 90
    return _served(days, "exact" if whole else "month", span.typed)


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


__all__ = ["DEFAULT_DAYS", "MAX_DAYS", "MIN_DAYS", "RangeAsk", "days_range", "read_range", "served"]
