"""A clock time of day said in a message ("10点买0.1个btc", "三点五十", "晚上9点", "at 10pm", "9:30",
"22:00", "10 o'clock"): deskmate keeps no order for a set time, so the layer marks a one-off ask
said for one (core.routing.layer), and an action that changes something is refused, never done now.

Read only where it is plain: an hour of 0 to 24 before 点 (never a decimal, "一点五", "1点5个"; never
"一点" alone, "买一点btc" is a little), am / pm, hh:mm, o'clock. "at 10" alone is a price ("buy btc
at 85000"), and a number after 到 / 价 ("跌到10点") is left as it reads.
"""

from __future__ import annotations

import re
from typing import Final

_CN_HOUR: Final = r"(?:二十[一二三四]?|十[一二三四五六七八九]?|[零一二两三四五六七八九]|[0-9]{1,2})"
_CN_MINUTE: Final = (
    r"(?:钟|整|半|[一三]刻"
    r"|[0-5][0-9]分?|[0-9]分"
    r"|(?:[一二三四五]?十[一二三四五六七八九]?|零[一二三四五六七八九])分?|[一二三四五六七八九]分)"
)
_NUMERAL_CHARS: Final = "0-9.零一二两三四五六七八九十百千万亿"
# After a time: no more of a number ("一点五", "1点5万") nor a unit it would count ("1点50个eth").
_NOT_AFTER: Final = rf"(?![{_NUMERAL_CHARS}个枚颗u刀块元%倍])"
_CN_CLOCK: Final = re.compile(
    rf"(?<![{_NUMERAL_CHARS}])(?P<hour>{_CN_HOUR})点(?P<minute>{_CN_MINUTE})?{_NOT_AFTER}"
)
_EN_CLOCK: Final = re.compile(
    r"(?<![0-9a-z_.$:])(?:(?:1[0-2]|0?[1-9])(?::[0-5][0-9])?\s?(?:am|pm|a\.m\.?|p\.m\.?)(?![a-z])"
    r"|(?:1[0-2]|0?[1-9])\s?(?:o['’]?\s?clock|oclock)(?![a-z])"
    r"|(?:[01]?[0-9]|2[0-3]):[0-5][0-9](?![0-9a-z_.:%]))"
)
# A price's word right before the number ("跌到10点", "价格10点"): doubtful, left as it reads.
_PRICE_BEFORE: Final = re.compile(r"(?:到|价|价格|价位|@)\s*$")
# The part of the day said before it ("晚上9点", "下午三点"): quoted with the time.
_DAY_PART: Final = re.compile(r"(?:早上|早晨|上午|中午|下午|傍晚|晚上|夜里|半夜|凌晨|朝早|夜晚)\s*$")
_CN_DIGITS: Final = {c: i for i, c in enumerate("零一二三四五六七八九")} | {"两": 2}


def _cn_hour(hour: str) -> int:
    if hour.isdigit():
        return int(hour)
    if "十" not in hour:
        return _CN_DIGITS[hour]
    tens, _, ones = hour.partition("十")
    return (_CN_DIGITS[tens] if tens else 1) * 10 + (_CN_DIGITS[ones] if ones else 0)


def clock_span(norm: str) -> tuple[int, int] | None:
    """(start, end) of the first clock time of day in ``norm`` (the normalized message), the part of
    the day before it included; None when there is none plainly said."""
    found: list[tuple[int, int]] = []
    for match in _CN_CLOCK.finditer(norm):
        hour, minute = match.group("hour"), match.group("minute")
        if _cn_hour(hour) > 24 or (hour == "一" and minute is None):
            continue  # "3000点" is points; "买一点btc" is a little
        if _PRICE_BEFORE.search(norm, 0, match.start()):
            continue
        found.append(match.span())
    found += [m.span() for m in _EN_CLOCK.finditer(norm)]
    if not found:
        return None
    start, end = min(found)
    part = _DAY_PART.search(norm, 0, start)
    return (part.start() if part else start), end


# Hours and minutes with a colon ("9:30", "21:00", "9:30am"): the value grammar reads no number in
# them (core.language.value_runs), so no price nor amount is taken out of a time of day.
_HH_MM: Final = re.compile(r"(?<![0-9.:])(?:[01]?[0-9]|2[0-3]):[0-5][0-9](?![0-9:])")


def on_a_clock(norm: str, start: int, end: int) -> bool:
    """The digits at ``start``..``end`` of ``norm`` are a part of a time of day said with a colon or
    o'clock ("at 9:30", "at 10 o'clock": never a price of 10)."""
    near = norm[max(0, start - 3) : end + 9]
    if ":" not in near and "clock" not in near:
        return False
    said = (*_HH_MM.finditer(norm), *_EN_CLOCK.finditer(norm))
    return any(m.start() < end and start < m.end() for m in said)
