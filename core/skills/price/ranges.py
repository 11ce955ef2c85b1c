"""Which history window a message asks for, and what deskmate serves instead when it is not one of
its windows: the last 7 (default), 14, 30 or 90 full UTC days.

"30 days" is served as asked, and "a month" / "past month" as those 30 days with one short line
saying so; "3 days" is not a window, so the answer says what is served and shows the nearest
one; a date ("2024-01-01") cannot be served at all (no past prices
by date), so the answer says so and shows the current price.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from core import lazy_re as re  # patterns compile on first use (start-up time)

SERVED_DAYS: Final = (7, 14, 30, 90)
DEFAULT_DAYS: Final = 7

_CN_NUMBERS: Final = {
    "一": 1, "两": 2, "兩": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
    "十": 10, "十四": 14, "二十": 20, "三十": 30, "六十": 60, "九十": 90, "半": 0,
}  # fmt: skip
_EN_NUMBERS: Final = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "twelve": 12, "fourteen": 14, "thirty": 30, "ninety": 90,
}  # fmt: skip
_EN_WORDS = "|".join(sorted(_EN_NUMBERS, key=len, reverse=True))
_CN_NUM = r"([0-9]{1,4}|" + "|".join(sorted(_CN_NUMBERS, key=len, reverse=True)) + ")"

# "7d" and "7 days" glue or not; a number word needs a space ("a week", never the "an"+"d" of "and").
_EN_SPAN = re.compile(
    rf"(?<![a-z0-9.])(?:([0-9]{{1,4}})[\s-]*|({_EN_WORDS})[\s-]+)"
    r"(days?|d|weeks?|w|months?|mo|years?|y|hours?|h|hrs?|minutes?|mins?|m)(?![a-z0-9])"
)
_CN_SPAN = re.compile(rf"{_CN_NUM}\s*(天|日|周|星期|个?月|年|小时|分钟)")
_DATE = re.compile(
    r"(?<![0-9])(?:20[0-9]{2}[-/.年][0-9]{1,2}(?:[-/.月][0-9]{1,2}日?)?|[0-9]{1,2}月[0-9]{1,2}[日号號])"
    r"|(?<![a-z])(?:on|at|since)\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+[0-9]{1,2}"
)
_WORDS: Final[tuple[tuple[re.Pattern[str], int, bool], ...]] = (
    # (pattern, days it means, exactly a served window)
    (re.compile(r"(?<![a-z])(?:fortnight|biweekly)(?![a-z])"), 14, True),
    (
        re.compile(
            r"(?<![a-z])(?:last|past|this|previous)\s+month(?![a-z])|(?<![a-z])monthly(?![a-z])|上个?月|本月|这个月|月线"
        ),
        30,
        False,
    ),
    (re.compile(r"(?<![a-z])(?:quarter|quarterly)(?![a-z])|季度|一季"), 90, False),
    (
        re.compile(
            r"(?<![a-z])(?:ytd|this year|last year|past year|yearly|annual)(?![a-z])|今年|去年|半年|一年"
        ),
        365,
        False,
    ),
    (re.compile(r"(?<![a-z])(?:hourly|intraday|minute|minutes)(?![a-z])|分时|小时线"), 0, False),
    (
        re.compile(r"(?<![a-z])(?:week|weekly|7d)(?![a-z])|一周|一星期|本周|这周|上周"),
        7,
        True,
    ),
)
_UNITS: Final = {
    "day": 1, "days": 1, "d": 1, "天": 1, "日": 1,
    "week": 7, "weeks": 7, "w": 7, "周": 7, "星期": 7,
    "month": 30, "months": 30, "mo": 30, "月": 30, "个月": 30,
    "year": 365, "years": 365, "y": 365, "年": 365,
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class RangeAsk:
    """What a message asked for: ``days`` served (one of SERVED_DAYS), and when it was not exactly
    a served window, what was asked (``asked``, the user's words) and why (``note``)."""

    days: int
    asked: str | None = None
    note: str | None = None  # "range_nearest" | "range_date" | "range_intraday"
    explicit: bool = False  # the message named a window at all


def nearest_served(days: int) -> int:
    """The served window closest to ``days`` (ties go to the shorter one)."""
    return min(SERVED_DAYS, key=lambda served: (abs(served - days), served))


def _count(word: str, table: dict[str, int]) -> int | None:
    if word.isdigit():
        return int(word)
    return table.get(word)


def read_range(norm: str) -> RangeAsk:
    """The window a normalized message asks for (DEFAULT_DAYS when it names none)."""
    date = _DATE.search(norm)
    if date:
        return RangeAsk(DEFAULT_DAYS, date.group(0).strip(), "range_date", explicit=True)
    for pattern, table in ((_EN_SPAN, _EN_NUMBERS), (_CN_SPAN, _CN_NUMBERS)):
        m = pattern.search(norm)
        if m is None:
            continue
        groups = [g for g in m.groups() if g is not None]
        number, unit = groups[0], groups[-1]
        if unit in (
            "h",
            "hour",
            "hours",
            "hr",
            "hrs",
            "m",
            "min",
            "mins",
            "minute",
            "minutes",
            "小时",
            "分钟",
        ):
            return RangeAsk(DEFAULT_DAYS, m.group(0), "range_intraday", explicit=True)
        count = _count(number, table)
        if count is None:
            continue
        days = (count or 0.5) * _UNITS[unit] if unit in _UNITS else None
        if days is None:
            continue
        days = int(days)
        if days in SERVED_DAYS and unit in ("day", "days", "d", "天", "日"):
            return RangeAsk(days, explicit=True)
        if days in SERVED_DAYS and unit in ("week", "weeks", "w", "周", "星期"):
            return RangeAsk(days, explicit=True)
        if days == 30 and unit in ("month", "months", "mo", "月", "个月", "個月"):
            return RangeAsk(30, m.group(0), "range_month", explicit=True)  # served, said in one line
        return RangeAsk(nearest_served(days), m.group(0), "range_nearest", explicit=True)
    for pattern, days, exact in _WORDS:
        m = pattern.search(norm)
        if m is None:
            continue
        if days == 0:
            return RangeAsk(DEFAULT_DAYS, m.group(0), "range_intraday", explicit=True)
        if exact:
            return RangeAsk(days, explicit=True)
        if days == 30:  # "past month", "上个月": the last 30 days, said in one short line
            return RangeAsk(30, m.group(0), "range_month", explicit=True)
        return RangeAsk(nearest_served(days), m.group(0), "range_nearest", explicit=True)
    return RangeAsk(DEFAULT_DAYS)


__all__ = ["DEFAULT_DAYS", "SERVED_DAYS", "RangeAsk", "nearest_served", "read_range"]
