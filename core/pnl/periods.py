"""UTC periods: today, this week (from Monday), this month, the last N days, and the buckets of a
day / week / month table. Every boundary is a UTC midnight: a fill at 23:59:59 UTC is that day's."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Literal

Grain = Literal["day", "week", "month"]


@dataclass(frozen=True, slots=True)
class Period:
    """[start, end) in UTC; ``start`` None: since the first fill. ``key``: what was asked
    ("all", "today", "yesterday", "week", "last_week", "month", "last_month", "year", "last_year",
    "days"), ``days``: N of "the last N days" (today counted as one of them)."""

    key: str
    start: datetime | None
    end: datetime
    days: int = 0
    bounded: bool = False  # True: ends at ``end`` (yesterday, last week); False: runs to now

    def holds(self, at: datetime) -> bool:
        # A period that runs to now holds a fill stamped this very instant (a clock's tick apart).
        return (self.start is None or at >= self.start) and (at < self.end or not self.bounded)


def midnight(day: date) -> datetime:
    return datetime.combine(day, time(), tzinfo=UTC)


def bucket_start(day: date, grain: Grain) -> date:
    if grain == "week":
        return day - timedelta(days=day.weekday())  # ISO weeks start on Monday
    if grain == "month":
        return day.replace(day=1)
    return day


def next_bucket(start: date, grain: Grain) -> date:
    if grain == "week":
        return start + timedelta(days=7)
    if grain == "month":
        return (start.replace(day=28) + timedelta(days=4)).replace(day=1)
    return start + timedelta(days=1)


def period(key: str, now: datetime, days: int = 0) -> Period:
    """The period asked for, ending now. Unknown keys are the whole history."""
    today = now.astimezone(UTC).date()
    if key == "today":
        return Period(key, midnight(today), now)
    if key == "yesterday":
        return Period(key, midnight(today - timedelta(days=1)), midnight(today), bounded=True)
    if key == "week":
        return Period(key, midnight(bucket_start(today, "week")), now)
    if key == "month":
        return Period(key, midnight(bucket_start(today, "month")), now)
    if key in ("last_week", "last_month"):
        grain: Grain = "week" if key == "last_week" else "month"
        this = bucket_start(today, grain)
        return Period(
            key, midnight(bucket_start(this - timedelta(days=1), grain)), midnight(this), bounded=True
        )
    if key == "year":
        return Period(key, midnight(today.replace(month=1, day=1)), now)
    if key == "last_year":
        start = today.replace(year=today.year - 1, month=1, day=1)
        return Period(key, midnight(start), midnight(today.replace(month=1, day=1)), bounded=True)
    if key == "days" and days > 0:
        return Period(key, midnight(today - timedelta(days=days - 1)), now, days)
    return Period("all", None, now)


def buckets(first: date, last: date, grain: Grain) -> list[date]:
    """Every bucket start from the one holding ``first`` to the one holding ``last``."""
    out: list[date] = []
    start = bucket_start(first, grain)
    while start <= last:
        out.append(start)
        start = next_bucket(start, grain)
    return out
