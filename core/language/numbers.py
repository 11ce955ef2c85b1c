"""Numerals as people type them, read to an exact Decimal or refused with the reason.

    100, 0.01, .5, 1,000, 1,000.25            Arabic digits; a comma groups exactly three digits
    一百, 两千, 十二, 一百零五, 一万五, 三百五    Chinese numerals (一万五 is 15,000, as it is said)
    5万, 1.5万, 3千, 1万5千, 1.5k, 2w           digits with a multiplier
    一毛五, 两毛, 5毛                          tenths said as 毛 (a dime: 一毛五 is 0.15, as prices are said)
    一点五, 零点零五, 一点五万                  a decimal point said as 点 (1.5, 0.05, 15,000)

A numeral that cannot be read exactly is a reason, never another number: "80000,5" and "0,5"
(a comma decimal), "3.000" or "80.500" (a point that may group thousands), "1.000.000" or
"1_000" (separators that are not a grouping), more than
``MAX_PLACES`` decimal places, a magnitude of ``MAX_MAGNITUDE`` or more. No float anywhere:
Decimals are built from the digits alone (``Decimal("nan")`` or ``Decimal("1_0")`` never runs).
"""

from __future__ import annotations

from decimal import Context, Decimal, Inexact, InvalidOperation, Overflow, Rounded, localcontext
from functools import lru_cache
from typing import Final, Literal, TypeAlias

# The bounds: no amount, price, count or percent deskmate deals in comes near them, so a value
# past them is a typo or a probe, refused rather than rounded.
MAX_MAGNITUDE: Final = Decimal(10) ** 15  # a quadrillion
MAX_PLACES: Final = 12  # decimal places (satoshi-level amounts use 8)
# Arithmetic on read values (a multiplier, a percent) is exact within the bounds (15 + 12 digits);
# should it ever not be, Inexact raises rather than rounding.
EXACT: Final = Context(prec=40, traps=[Inexact, Rounded, InvalidOperation, Overflow])

Reason: TypeAlias = Literal[
    "sign",
    "exponent",
    "comma_decimal",
    "dot_grouping",
    "separators",
    "magnitude",
    "precision",
    "two_numbers",
    "zero",
    "share",
    "currency",
    "unit",
    "step",
    "kept",
    "approximate",
]

CN_DIGITS: Final = {
    "零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8,
    "九": 9,
}  # fmt: skip
CN_SMALL: Final = {"十": 10, "百": 100, "千": 1000}
CN_BIG: Final = {"万": 10_000, "亿": 100_000_000}
DIME: Final = "毛"  # a tenth, last of a numeral: 一毛五 0.15, 两毛 0.2 ("狗狗币跌到一毛五")
# Hong Kong's tenth ("狗狗幣到3毫提醒我": 0.3, "兩毫五" 0.25), read as 毛; after a number that is no
# tenth's it is none of the number ("500毫秒": milli-, 500).
HK_DIME: Final = "毫"
CN_CHARS: Final = "".join(CN_DIGITS) + "".join(CN_SMALL) + "".join(CN_BIG) + DIME + HK_DIME
# A decimal point said ("一点五" 1.5, "零点零五" 0.05): between a whole number and single digits
# only, then at most one multiplier ("一点五万" 15,000); "三点五十" (3:50), "一万点五万" are no numeral.
POINT: Final = "点"
_POINT_SCALES: Final = {"千": Decimal(1000), "万": Decimal(10_000), "亿": Decimal(100_000_000)}
# A scale a 半 right after adds half of ("7万半": 75,000; "三千半": 3,500; "两百半": 250).
_HALF_SCALES: Final = {"百": Decimal(100), **_POINT_SCALES}
LATIN_MULTIPLIERS: Final = {"k": Decimal(1000), "w": Decimal(10_000)}
SCALE_CHARS: Final = "百千万亿萬億"  # a multiplier spaces may part from its digits ("8 萬": as "8萬")

_MARKS: Final = ",._"  # what may sit between digits as typed


class Unreadable(ValueError):
    """A numeral that is not read: ``reason`` says why (None: no numeral at all)."""

    def __init__(self, reason: Reason | None) -> None:
        super().__init__(reason or "not a numeral")
        self.reason = reason


def arabic(text: str) -> Decimal:
    """The exact value of Arabic digits ("1,000.25" -> 1000.25). Unreadable otherwise."""
    whole, dot, frac = text.partition(".")
    if (whole.isdecimal() or (dot and not whole)) and (not dot or frac.isdecimal()):
        if dot and _dot_grouped(whole, frac):
            raise Unreadable("dot_grouping")  # "3.000", "80.500": 3,000 where a point groups thousands
        return bounded(_digits(text))  # "100", "0.01", ".5"
    groups = whole.split(",")
    grouped = len(groups) > 1 and 0 < len(groups[0]) <= 3 and {len(g) for g in groups[1:]} == {3}
    if grouped and all(g.isdecimal() for g in groups) and (not dot or frac.isdecimal()):
        return bounded(_digits(text.replace(",", "")))  # "1,000", "1,000.25": groups of three
    if "," in text and "_" not in text and text.count(".") <= 1:
        raise Unreadable("comma_decimal")  # "80000,5", "0,5", "1,0000": not a grouping of three
    if text and all(c.isdecimal() or c in _MARKS for c in text):
        raise Unreadable("separators")  # "1.000.000", "1_000": read no way exactly
    raise Unreadable(None)


def _dot_grouped(whole: str, frac: str) -> bool:
    """A point before exactly three digits ending in 0, after one to three digits that start with
    no 0 ("3.000", "80.000", "3.500"): a thousands group as much of the world types it (3.000 is
    3,000), and as a decimal its last zero says nothing, so it is read neither way. "0.100",
    "1.25", "1.125" and "1,000.000" (a comma grouped first: the point is a decimal's) are read."""
    return len(frac) == 3 and frac.endswith("0") and 0 < len(whole) <= 3 and not whole.startswith("0")


def _digits(text: str) -> Decimal:
    """A Decimal from digits and at most one point, as ``arabic`` checked them: only then may
    Decimal() read the string (it would also take "NaN", "1e5", "1_000" or spaces, which are never
    numbers here). Decimal's own reading is exact and some 15 times faster than building the
    digits' tuple by hand, the same value with the same exponent ("0.010" keeps its places)."""
    return Decimal(text)


def bounded(value: Decimal) -> Decimal:
    """``value`` when it is within the bounds: Unreadable("magnitude" / "precision") otherwise."""
    if abs(value) >= MAX_MAGNITUDE:
        raise Unreadable("magnitude")
    exponent = value.as_tuple().exponent
    if isinstance(exponent, int) and -exponent > MAX_PLACES:
        raise Unreadable("precision")
    return value


def scaled(number: Decimal, by: Decimal) -> tuple[Decimal, Reason | None]:
    """``number`` times ``by`` ("1.5k", "1 million"), exact within the bounds, or why it is not."""
    try:
        with localcontext(EXACT):
            return bounded(number * by), None
    except Unreadable as exc:
        return number, exc.reason


def numeral(text: str) -> Decimal:
    """The exact value of a numeral run: Arabic, Chinese or both ("1.5万", "一万五", "1万5千")."""
    read = _read_numeral(text)
    if isinstance(read, Decimal):
        return read
    raise Unreadable(read[0])


@lru_cache(maxsize=256)
def _read_numeral(text: str) -> Decimal | tuple[Reason | None]:
    """``numeral``'s value, or why it is none: the same runs come back in a message's every reading
    (the tagger's, each reader's, parts of it), and a Chinese one costs ~15 us each time."""
    try:
        return _numeral(text)
    except Unreadable as exc:
        return (exc.reason,)


def _numeral(text: str) -> Decimal:
    if text == "半":
        return Decimal("0.5")  # "半个比特币": with a unit only (a lone 半 is no number, see values)
    if not any(c in CN_CHARS for c in text):
        return arabic(text)
    if text[-1] == "半":  # "7万半", "三千半": the number and half its last scale (75,000; 3,500)
        whole, scale = text[:-1], _HALF_SCALES.get(text[-2:-1])
        if scale is None or POINT in whole or "." in whole:
            raise Unreadable("separators")  # "7.5万半": never a guess
        return bounded(_numeral(whole) + scale / 2)
    if POINT in text:
        return _pointed(text)
    if HK_DIME in text:
        try:
            return _numeral(text.replace(HK_DIME, DIME))
        except Unreadable:
            if not (text.endswith(HK_DIME) and text[:-1].isdecimal()):
                raise  # "十毫": ten tenths, said no way exactly
            return _numeral(text[:-1])  # "500毫秒": no tenth
    with localcontext(EXACT):
        tokens = _tokens(text)
    if DIME in tokens:
        return bounded(_dimes(tokens))
    value = _chinese(tokens)
    return bounded(value)


def _pointed(text: str) -> Decimal:
    """A decimal said with 点 ("一点五", "零点零五", "1点5", "一点五万"): the whole before it, single
    digits after it, then at most one multiplier; Unreadable(None) for anything else ("三点五十",
    "一万点五万", "点五"), which is no numeral."""
    whole, _, after = text.partition(POINT)
    by = _POINT_SCALES.get(after[-1:]) if after else None
    digits = after[:-1] if by is not None else after
    if not whole or not digits or not all(c in CN_DIGITS or c in _DIGITS for c in digits):
        raise Unreadable(None)
    if by is not None and any(c in _POINT_SCALES or c in CN_BIG for c in whole):
        raise Unreadable(None)  # "一万点五万": two multipliers
    fraction = "".join(str(CN_DIGITS[c]) if c in CN_DIGITS else c for c in digits)
    with localcontext(EXACT):
        value = _numeral(whole) + Decimal(f"0.{fraction}")
        return bounded(value * by if by is not None else value)


def _tokens(text: str) -> list[Decimal | str]:
    """Digits (Decimal) and Chinese unit characters, in order."""
    out: list[Decimal | str] = []
    i = 0
    while i < len(text):
        end = _arabic_end(text, i)
        if end is not None:
            out.append(arabic(text[i:end]))
            i = end
            continue
        c = text[i]
        if c in CN_DIGITS:
            out.append(Decimal(CN_DIGITS[c]))
        elif c in CN_SMALL or c in CN_BIG or c == DIME:
            out.append(c)
        else:
            raise Unreadable(None)
        i += 1
    return out


def _dimes(tokens: list[Decimal | str]) -> Decimal:
    """Tenths said as 毛, one digit before it and at most one digit after (the hundredths, as
    people say it): 一毛五 0.15, 两毛 0.2, 5毛 0.5; anything else ("毛利", "十毛", "一毛零五") is no
    numeral."""
    if tokens[1:2] != [DIME] or len(tokens) > 3:
        raise Unreadable(None)
    digits = [t for i, t in enumerate(tokens) if i != 1]
    if not all(isinstance(d, Decimal) and d == d.to_integral_value() and 0 < d < 10 for d in digits):
        raise Unreadable(None)
    tenths, *hundredths = (Decimal(d) for d in digits)
    return tenths / 10 + sum(hundredths, Decimal(0)) / 100


def _arabic_end(text: str, at: int) -> int | None:
    """The end of the Arabic numeral at ``at``: digits with marks between them ("1,000.5"), or
    a point and digits (".5"); None when there is none."""
    end = at + 1
    if text[at].isdecimal():
        while end < len(text) and (text[end].isdecimal() or text[end] in _MARKS):
            end += 1
        while not text[end - 1].isdecimal():
            end -= 1  # "1,000." ends at its last digit
        return end
    while text[at] == "." and end < len(text) and text[end].isdecimal():
        end += 1
    return end if end > at + 1 else None


def _chinese(tokens: list[Decimal | str]) -> Decimal:
    """Chinese positional reading. A digit left after a unit with no 零 between is that unit's
    next place down, as people say it: 一万五 15000, 三百五 350, 两千三 2300; 一百零五 is 105."""
    total = Decimal(0)  # the sections closed by 万 / 亿
    section = Decimal(0)  # below the current 万
    digit: Decimal | None = None
    last_unit = 0  # the last unit's size: a following unit must be smaller
    last_big = 0
    zero_seen = False
    for token in tokens:
        if isinstance(token, Decimal):
            if digit is not None and digit != 0:
                raise Unreadable(None)  # "一二": two digits with no unit between
            if token == 0:
                zero_seen = True
            digit = token
            continue
        if token in CN_SMALL:
            size = CN_SMALL[token]
            if last_unit and size >= last_unit:
                raise Unreadable(None)  # "百千": units out of order
            if digit is None:
                if size != 10 or section or total:
                    raise Unreadable(None)  # a lone 百 / 千 ("千万别"); 十 alone leads ("十二")
                digit = Decimal(1)
            section += digit * size
            digit, last_unit, zero_seen = None, size, False
            continue
        size = CN_BIG[token]
        if last_big and size >= last_big:
            raise Unreadable(None)
        part = section + (digit or 0)
        if part == 0:
            raise Unreadable(None)  # "万一": no count before 万
        total += part * size
        section, digit, last_unit, last_big, zero_seen = Decimal(0), None, size, size, False
    if digit is not None:
        if last_unit and not zero_seen and digit == digit.to_integral_value() and 0 < digit < 10:
            section += digit * (last_unit // 10 if last_unit >= 10 else 1)
        elif last_unit and not zero_seen:
            raise Unreadable(None)  # "一万1.5": not how anyone says a number
        else:
            section += digit
    value = total + section
    if not tokens:
        raise Unreadable(None)
    return value


def spaced_k(text: str, at: int) -> bool:
    """ "k" after a number and one space ("1.5 k", "8 k usdt"): its thousands, as "1.5k" (not
    "5 k线", candles, nor "5 k-line"; "5 kb" is a word, as "5kb" is)."""
    after = text[at + 2 : at + 3]
    return text[at : at + 2] == " k" and not after.isdigit() and after not in ("-", "线", "線")


def place_below(
    text: str, at: int, number: Decimal, by: Decimal
) -> tuple[int, Decimal, Reason | None] | None:
    """The digits glued right after a Latin multiplier at ``at - 1`` ("1k2", "2k5", "1w5"): one digit
    is the place below it, as "1万5" is 15,000 ("1k2" 1,200, "2k5" 2,500, "1w5" 15,000); more digits
    ("1k25"), a decimal before the letter ("1.5k2") or a mark after the digit ("1k2.5") are read
    neither way: refused (separators), quoting all of it. (end, value, reason), or None: no digit."""
    end = at
    while end < len(text) and (
        text[end] in _DIGITS or (end > at and text[end] in _MARKS and text[end + 1 : end + 2] in _DIGITS)
    ):
        end += 1
    if end == at or text[at] not in _DIGITS:
        return None
    if end - at > 1 or number != number.to_integral_value():
        return end, number, "separators"
    value, reason = scaled(number + Decimal(text[at]) / 10, by)
    return end, value, reason


_DIGITS: Final = "0123456789"


def lone_digit_after_scale(text: str, end: int, start: int, stop: int) -> bool:
    """A lone digit (``text[start:stop]``) after a number ending at ``end`` in its multiplier,
    only spaces between ("8 萬 5", "8万 5"): the place below (85,000 as "8萬5" says) or a number of
    its own? Read neither way: refused."""
    return (
        text[end - 1 : end] in SCALE_CHARS
        and stop - start == 1
        and start > end
        and not text[end:start].strip()
    )


def plain(value: Decimal) -> str:
    """A Decimal as people write it: no exponent, no trailing zeros ("50", "0.01")."""
    return format(value.normalize(), "f") if value else "0"


def said_runs(
    norm: str, hits: list[tuple[int, int, Decimal, str | None]]
) -> list[tuple[int, int, Decimal, bool]]:
    """English numbers said in words from their words' places in ``norm`` (start, end, number,
    and for a scale word its unit, else None), each with the words after it that make it one
    number: "two hundred" (200), "one thousand five hundred" (1,500), "twenty-five", "three
    hundred and fifty"; a scale word ("hundred", "thousand") only after a number word; "two
    grand" is money (the last of each: whether a scale said it is)."""
    runs: list[tuple[int, int, Decimal, bool]] = []
    total = current = Decimal(0)
    start = end = -1
    money = False
    last: Decimal | None = None  # the number word before (None: a scale word)
    for s, e, number, scale in sorted(hits, key=lambda hit: (hit[0], -hit[1])):
        if s < end:
            continue  # "a hundred": the scale's word inside the number's
        between = norm[end:s].strip(" -")
        # After a scale any number, "and" between ("three hundred and fifty"); after tens a unit
        # ("twenty-five"); never two numbers side by side ("one two", "one and two").
        follows = scale is not None or (
            last is None
            if between == "and"
            else between == "" and (last is None or (last % 10 == 0 < last < 100 and number < 10))
        )
        if end < 0 or between not in ("", "and") or not follows:
            if end >= 0:
                runs.append((start, end, total + current, money))
            start = end = -1
            if scale is not None:
                continue  # a scale word with no number said before it
            start, total, current, money = s, Decimal(0), Decimal(0), False
        last = number if scale is None and number < 100 else None  # "one hundred" ends as a scale
        if scale is None:
            current += number
        elif number == 100:
            current = (current or Decimal(1)) * number
        else:
            total, current = total + (current or Decimal(1)) * number, Decimal(0)
            money = money or scale == "quote"
        end = e
    if end >= 0:
        runs.append((start, end, total + current, money))
    return runs
