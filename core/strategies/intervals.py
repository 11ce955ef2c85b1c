"""How often a strategy acts: "1h", "4h", "1d", "30m", "1w", and the ways people say it
("每天", "每4小时", "daily", "every 30 minutes").

An Interval is a whole number of minutes, hours, days or weeks; its canonical text ("4h") is what
is stored and shown, its ``seconds`` what the trader runtime schedules with.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from datetime import timedelta
from typing import Final

from core import lazy_re as re  # patterns compile on first use (start-up time)

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
        found = _CANONICAL.fullmatch(text)
        if not found:
            raise ValueError(f"not an interval: {text!r}")
        return cls(int(found.group(1)), found.group(2))


_CANONICAL = re.compile(r"([1-9]\d{0,5})([mhdw])")

_ZH_UNITS = {
    "分钟": "m", "分": "m", "小时": "h", "个小时": "h", "钟头": "h", "个钟头": "h", "时": "h",
    "天": "d", "日": "d", "周": "w", "星期": "w", "个星期": "w", "礼拜": "w", "个礼拜": "w",
}  # fmt: skip
_EN_UNITS = {
    "m": "m", "min": "m", "mins": "m", "minute": "m", "minutes": "m",
    "h": "h", "hr": "h", "hrs": "h", "hour": "h", "hours": "h",
    "d": "d", "day": "d", "days": "d", "w": "w", "wk": "w", "week": "w", "weeks": "w",
}  # fmt: skip
_ZH_NUM = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10,
           "十二": 12, "半": 0}  # fmt: skip
_EVERY_ZH = {"每天": "1d", "每日": "1d", "天天": "1d", "每小时": "1h", "每个小时": "1h", "每周": "1w",
             "每星期": "1w", "每个星期": "1w", "每礼拜": "1w", "每分钟": "1m", "每半小时": "30m",
             "每半个小时": "30m"}  # fmt: skip
_EVERY_EN = {"daily": "1d", "every day": "1d", "each day": "1d", "a day": "1d", "per day": "1d",
             "hourly": "1h", "every hour": "1h", "each hour": "1h", "an hour": "1h", "per hour": "1h",
             "weekly": "1w", "every week": "1w", "each week": "1w", "a week": "1w", "per week": "1w",
             "every minute": "1m", "every half hour": "30m", "every half an hour": "30m"}  # fmt: skip

_ZH_UNIT_RX = "|".join(sorted(map(re.escape, _ZH_UNITS), key=len, reverse=True))
_ZH_NUM_RX = "|".join(sorted(map(re.escape, _ZH_NUM), key=len, reverse=True))
_EN_UNIT_RX = "|".join(sorted(_EN_UNITS, key=len, reverse=True))
_COUNTED_ZH = re.compile(rf"每(?:隔)?\s*(?P<n>\d+|{_ZH_NUM_RX})?\s*(?P<u>{_ZH_UNIT_RX})(?:一次)?")
_COUNTED_EN = re.compile(rf"(?<![a-z0-9])(?:every|each)\s+(?P<n>\d+)\s*(?P<u>{_EN_UNIT_RX})(?![a-z])")
_BARE = re.compile(rf"(?<![a-z0-9.])(?P<n>\d+)\s*(?P<u>{_EN_UNIT_RX})(?![a-z0-9])")
_BARE_ZH = re.compile(rf"(?P<n>\d+|{_ZH_NUM_RX})\s*(?P<u>{_ZH_UNIT_RX})(?:一次)?")
_EVERY_EN_RX = re.compile(
    r"(?<![a-z])(?:"
    + "|".join(re.escape(k) for k in sorted(_EVERY_EN, key=len, reverse=True))
    + r")(?![a-z])"
)
_BARE_CANONICAL = re.compile(r"(?<![a-z0-9.])([1-9]\d{0,5})([mhdw])(?![a-z0-9])")
_EVERY_ZH_RX = re.compile("|".join(sorted(map(re.escape, _EVERY_ZH), key=len, reverse=True)))


def _norm(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def _counted(n: str | None, unit: str) -> Interval | None:
    if n is None:
        count = 1
    elif n.isdigit():
        count = int(n)
    else:
        count = _ZH_NUM.get(n, -1)
        if count == 0 and unit == "h":  # 半小时
            return Interval(30, "m")
    if count < 1 or count > 999_999:
        return None
    return Interval(count, unit)


def find_interval(text: str) -> Interval | None:
    """The interval a sentence names ("每天买50U" -> 1d, "every 4 hours" -> 4h), or None.
    A bare count needs an explicit every/每 unless it is written like "4h"."""
    return _interval_in(_norm(text))[0]


def without_interval(text: str) -> str:
    """The sentence (normalized) without the words ``find_interval`` reads ("买50U" of "每天买50U")."""
    norm = _norm(text)
    _, span = _interval_in(norm)
    return f"{norm[: span[0]]} {norm[span[1] :]}" if span else norm


def _interval_in(norm: str) -> tuple[Interval | None, tuple[int, int] | None]:
    for rx, table in ((_EVERY_ZH_RX, _EVERY_ZH), (_EVERY_EN_RX, _EVERY_EN)):
        hit = rx.search(norm)
        if hit:
            return Interval.of(table[hit.group(0)]), hit.span()
    zh = _COUNTED_ZH.search(norm)
    if zh:
        return _counted(zh.group("n"), _ZH_UNITS[zh.group("u")]), zh.span()
    en = _COUNTED_EN.search(norm)
    if en:
        return _counted(en.group("n"), _EN_UNITS[en.group("u")]), en.span()
    bare = _BARE_CANONICAL.search(norm)
    if bare:
        return Interval(int(bare.group(1)), bare.group(2)), bare.span()
    return None, None


def parse_interval(text: str) -> Interval | None:
    """A typed answer to "how often?": "1h", "4 hours", "每天", "daily", "2天", "30分钟"."""
    norm = _norm(text).strip("。.!！ ")
    if norm in _EVERY_ZH:
        return Interval.of(_EVERY_ZH[norm])
    if norm in _EVERY_EN:
        return Interval.of(_EVERY_EN[norm])
    for rx, units in ((_BARE, _EN_UNITS), (_BARE_ZH, _ZH_UNITS)):
        hit = rx.fullmatch(norm)
        if hit:
            return _counted(hit.group("n"), units[hit.group("u")])
    found = find_interval(norm)
    return found
