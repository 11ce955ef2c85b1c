"""Shares said as numbers, for the value grammar (core.language.values): "1/2", "1/4" (a slash
between two whole numbers), "四分之一" (one of four), "三成" (three tenths). A share is a fraction
when it is exact and at most 1; anything else ("4/3", "1/0") is refused, never read as the two
numbers around it. Also the Chinese numeral characters both grammars read (traditional ones too)."""

from __future__ import annotations

import re
from decimal import Decimal, localcontext
from fractions import Fraction

from core.language.numbers import CN_CHARS, EXACT, Unreadable, numeral
from core.language.value import Value

CN = CN_CHARS + "兩萬億"  # the Chinese numeral characters, traditional ones too
CN_FOLD = str.maketrans({"兩": "两", "萬": "万", "億": "亿", "點": "点"})
_SLASH = re.compile(r"(?<![\d.,])(?P<a>\d+)\s*/\s*(?P<b>\d+)(?![\d.,])")


def slashes(norm: str) -> list[Value]:
    """ "1/2", "1/4", "1/3": a fraction when it is at most 1; anything else ("4/3", "1/0") is refused
    rather than read as the two numbers around the slash."""
    return [_share(hit, Decimal(hit.group("a")), Decimal(hit.group("b"))) for hit in _SLASH.finditer(norm)]


def _share(hit: re.Match[str], part: Decimal, whole: Decimal) -> Value:
    """The fraction ``part`` of ``whole`` said at ``hit`` when it is at most 1, else refused: a
    decimal when exact (1/4: 0.25), else kept in lowest terms (2/6, 三分之一: 1 per 3)."""
    if not 0 < part <= whole or part != part.to_integral_value() or whole != whole.to_integral_value():
        return Value("refused", hit.start(), hit.end(), hit.group(0), reason="share")
    share, per = Fraction(int(part), int(whole)), 1
    try:
        with localcontext(EXACT):
            number = Decimal(share.numerator) / share.denominator
    except ArithmeticError:
        number, per = Decimal(share.numerator), share.denominator  # 1/3, 三分之一: no exact decimal
    return Value("fraction", hit.start(), hit.end(), hit.group(0), number, per=per)


_PARTS = re.compile(rf"(?P<d>[\d{CN}]+)\s*分之\s*(?P<n>[\d{CN}]+)")  # 四分之一: one of four
_TENTHS = re.compile(
    r"(?<![\d.])(?P<n>[一二两兩三四五六七八九十]|[1-9]|10)\s*成(?![交本功为為员員立绩績长長])"
)  # 三成, 兩成


def parts(norm: str) -> list[Value]:
    """ "四分之一" (a quarter), "三成" (three tenths): a fraction when exact and at most 1."""
    out: list[Value] = []
    for hit in _PARTS.finditer(norm):
        try:
            whole = numeral(hit.group("d").translate(CN_FOLD))
            part = numeral(hit.group("n").translate(CN_FOLD))
        except Unreadable:
            continue  # "百分之五" is a percent, read with the numbers
        out.append(_share(hit, part, whole))
    for hit in _TENTHS.finditer(norm):
        with localcontext(EXACT):
            share = numeral(hit.group("n").translate(CN_FOLD)) / 10
        out.append(Value("fraction", hit.start(), hit.end(), hit.group(0), share))
    return out
