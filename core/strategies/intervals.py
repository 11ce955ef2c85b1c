"""How often a strategy acts: "1h", "4h", "1d", "30m", "1w", and the ways people say it
("每天", "每4小时", "daily", "every 30 minutes").

An Interval is a whole number of minutes, hours, days or weeks; its canonical text ("4h") is what
is stored and shown, its ``seconds`` what the trader runtime schedules with.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal
from typing import Final

from core.language.normalize import fold
from core.language.picks import sole_value
from core.language.values import UNIT_SECONDS, Value, find_values

_UNIT_SECONDS: Final = {"m": 60, "h": 3600, "d": 86400, "w": 604800}
MIN_SECONDS: Final = 60  # one minute
MAX_SECONDS: Final = 30 * 86400  # a month: longer is not a schedule anyone means to test


@dataclass(frozen=True, slots=True)
class Interval:
    count: int
    unit: str  # "m" | "h" | "d" | "w"

    def __post_init__(self) -> None:
        if self.unit not in _UNIT_SECONDS or self.count < 1:
            raise ValueError(f"not an interval: {self.count}{self.unit}")

    @property
    def seconds(self) -> int:
        return self.count * _UNIT_SECONDS[self.unit]

    @property
    def delta(self) -> timedelta:
        return timedelta(seconds=self.seconds)

    @property
    def text(self) -> str:
        return f"{self.count}{self.unit}"

    def __str__(self) -> str:
        return self.text

    @classmethod
    def of(cls, text: str) -> Interval:
        """The interval of a canonical text ("4h"); ValueError for anything else."""
        if not _written(text):
            raise ValueError(f"not an interval: {text!r}")
        return cls(int(text[:-1]), text[-1])


def _written(text: str) -> bool:
    """Canonical: a count of one to six digits, no leading zero, and its unit ("4h", "30m", "1w").
    Typed so, a value is an interval without an "every" ("2w" alone is 20,000 to the value
    grammar, as an interval two weeks)."""
    count = text[:-1]
    return (
        text[-1:] in _UNIT_SECONDS and 0 < len(count) <= 6 and count[0] in "123456789" and count.isdecimal()
    )


def _of(value: Value) -> Interval | None:
    """The Interval of an interval or duration value: whole units, a month as 30 days."""
    count, unit = value.number, value.unit
    if unit == "mo":
        count, unit = count * 30, "d"
    if value.kind == "number":  # "1w" typed where an interval is meant
        count, unit = Decimal(value.typed[:-1]), "w"
    if count != count.to_integral_value() or not 1 <= count <= 999_999 or unit not in _UNIT_SECONDS:
        return None
    return Interval(int(count), unit)


def interval_of(value: Value) -> Interval | None:
    """The interval one value says: an interval ("every 2 days"), or a duration or number written
    like one ("4h", "1w"); read from the value, its text not read again."""
    if value.kind == "interval" or (value.kind in ("duration", "number") and _written(fold(value.typed))):
        return _of(value)
    return None


def interval_set(value: Value) -> Interval | None:
    """The interval a value says where only an interval can be meant (a strategy's new interval:
    "改成4小时", "every 2 days"): an interval or any duration, in whole units; None for another
    value or one not whole ("every 1.5 days")."""
    return _of(value) if value.kind in ("interval", "duration") and not value.refused else None


def interval_in(values: Sequence[Value]) -> Interval | None:
    """The interval values name ("每天买50U" -> 1d, "every 4 hours" -> 4h): the first interval said
    (None if no whole one: "every 1.5 days"), else a duration or number written like one ("4h")."""
    said = next((v for v in values if v.kind == "interval"), None)
    return interval_of(said) if said else next(filter(None, map(interval_of, values)), None)


def find_interval(text: str) -> Interval | None:
    return interval_in(find_values(fold(text)))


def refused_of(values: list[Value]) -> Value | None:
    """An interval said that cannot be read exactly ("every -2 days", "每-2天", "1e3 hours"): the
    value grammar's refusal, to be said back quoting it, never a default in its place."""
    return next((v for v in values if v.refused and v.unit in UNIT_SECONDS), None)


def parse_interval(text: str) -> Interval | None:
    """A typed answer to "how often?": "1h", "4 hours", "每天", "daily", "2天", "30分钟", "1w"."""
    norm = fold(text).strip("。.!！ ")
    value = sole_value(norm, ("interval", "duration", "number"))
    if value is not None and not value.refused and (value.kind != "number" or _written(value.typed)):
        return _of(value)
    return find_interval(norm)
