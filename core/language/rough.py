"""Amounts said only roughly, refused as approximate, quoting them: never read as a number of them.

    a few hundred / a couple hundred / a few grand      a few, then a scale
    几百块 / 好几千u / 十几u / 二十几个                    几, with a scale or after a numeral
    五六十u / 三四百块 / 两三个                            two numbers side by side
    一百多u / 100多块 / 十来个 / 百把块                    more than a number, then its unit
    50 or so bucks / 50ish usdt / 100 odd / 100k or so    a number, then a hedge after it
    10万左右 / 3000左右                                    about a number: a level or a sum

An alert's level and a limit's price said so are refused alike: after a price's word ("at 90000 or
so") the refusal is the price's (unit "price"); with no unit after it no coin's amount (unit "").

The words are data (phrases/values.toml: rough_few, rough_more); a unit said right after the rough
number is part of what is quoted ("几百块"), so a reader sees the amount it was meant as.
"""

from __future__ import annotations

import re
from functools import cache
from itertools import pairwise
from typing import Final

from core.language.numbers import CN_DIGITS, LATIN_MULTIPLIERS
from core.language.phrases import LATIN_LETTERS, Words
from core.language.shares import CN_FOLD
from core.language.value import Value
from core.language.value_runs import _price_before
from core.language.value_words import _COIN_JOIN, _QUOTE, _RUN, _keyed, _skip, _words

_CN_SCALES: Final = re.compile(r"[十百千万亿萬億]+")
_CN_NUMERAL: Final = re.compile(r"[\d一二两兩三四五六七八九十百千万亿萬億零〇]")
_FEW, _MORE, _ABOUT = ("rough_few",), ("rough_more",), ("rough_after",)
_NEIGHBOURS: Final = "[一二两兩三四五六七八][二三四五六七八九]"  # "五六十": two numerals one apart


@cache
def _maybe() -> re.Pattern[str]:
    """What a rough amount holds, built from the data's words (a word added there is looked for
    here too) and two neighbouring numerals: a text with none of it has none."""
    said = [w for key in (*_FEW, *_MORE, *_ABOUT) for w in Words(f"values.{key}").words]
    return re.compile("|".join([*map(re.escape, sorted(set(said), key=len, reverse=True)), _NEIGHBOURS]))


def rough_amounts(norm: str) -> list[Value]:
    """Every amount said roughly in ``norm`` (folded), refused as "approximate", in order."""
    if not _maybe().search(norm):
        return []  # most texts: none
    found = [*_few(norm), *_more(norm), *_side_by_side(norm), *_about(norm)]
    found.sort(key=lambda v: (v.start, -v.end))
    kept: list[Value] = []
    for value in found:
        if not kept or value.start >= kept[-1].end:
            kept.append(value)
    return kept


def _refused(norm: str, start: int, end: int, *, unit_needed: bool = False) -> Value | None:
    """The rough amount from ``start`` to ``end`` with the unit said right after it, or None when
    ``unit_needed`` and none is."""
    unit = "base"
    quote = _words(*_QUOTE, "other_currency").after(norm, end)  # "幾百蚊": the unit it was said in
    if quote is not None and norm[quote[0] : quote[1]] != "$":
        end, unit = quote[1], "quote"
    elif (join := _words(*_COIN_JOIN).after(norm, end, space=False)) is not None:
        end = join[1]
    elif unit_needed:
        return None
    elif norm[_skip(norm, end) : _skip(norm, end) + 1] not in LATIN_LETTERS:
        unit = ""  # "hits 100000 or so", "10万左右提醒我": no coin's amount, a level's maybe
    if _price_before(norm, start):
        unit = "price"  # "limit buy 0.1 btc at 90000 or so": the price said roughly
    return Value("refused", start, end, norm[start:end], unit=unit, reason="approximate")


def _scaled(norm: str, end: int) -> int:
    """Past a Latin multiplier typed right after a number ("100k or so": the k)."""
    if norm[end : end + 1] not in LATIN_MULTIPLIERS:
        return end
    glued = norm[end + 1 : end + 2].isalpha() and not _words(*_MORE).after(norm, end + 1, space=False)
    return end if glued else end + 1  # "100kish" too; never the k of a word ("100kb")


def _about(norm: str) -> list[Value]:
    """About a number, said after it ("10万左右", "3000左右u") or after its unit ("500u左右", "3个左右"):
    refused as approximate."""
    out: list[Value] = []
    for hit in _RUN.finditer(norm):
        at = _scaled(norm, hit.end())
        after = _words(*_ABOUT).after(norm, at)
        if after is not None and (value := _refused(norm, hit.start(), after[1])) is not None:
            out.append(value)
        elif (unit := _unit_then_about(norm, at)) is not None:
            end, kind = unit
            out.append(
                Value("refused", hit.start(), end, norm[hit.start() : end], unit=kind, reason="approximate")
            )
    return out


def _unit_then_about(norm: str, at: int) -> tuple[int, str] | None:
    """(end, unit) of a unit said right after a number and "about" right after it ("500u左右": USDT,
    "3个左右": coins), or None."""
    quote = _words(*_QUOTE, "other_currency").after(norm, at)
    if quote is not None and norm[quote[0] : quote[1]] != "$":
        unit, end = "quote", quote[1]
    elif (join := _words(*_COIN_JOIN).after(norm, at, space=False)) is not None:
        unit, end = "base", join[1]
    else:
        return None
    about = _words(*_ABOUT).after(norm, end)
    return None if about is None else (about[1], unit)


def _numeral_before(norm: str, at: int) -> int:
    """Where the Chinese numeral (or digits) ending at ``at`` starts (``at`` when none does)."""
    while at > 0 and _CN_NUMERAL.match(norm, at - 1):
        at -= 1
    return at


def _few(norm: str) -> list[Value]:
    """A few, then a scale ("a few hundred", "几百块"); 几 after a numeral ("十几u", "二十几个")."""
    out: list[Value] = []
    for start, end, _ in _words(*_FEW).every(norm):
        said = norm[start:end]
        if said.isascii():
            at = _skip(norm, end)
            scale = _words(*_keyed("scale")).after(norm, at)
            if scale is None and at > end and _scaled(norm, at) > at:
                scale = (at, at + 1, "")  # "a few k of eth": a multiplier as the scale's word
            if scale is not None and end < scale[0] and (value := _refused(norm, start, scale[1])):
                out.append(value)
            continue
        scales = _CN_SCALES.match(norm, end)
        before = _numeral_before(norm, start)
        if scales is not None:
            value = _refused(norm, before, scales.end())
        elif before < start:  # "十几u": some more than ten, with its unit; "3000幾": some 3,000
            value = _refused(norm, before, end, unit_needed=not _round_digits(norm[before:start]))
        else:
            value = None
        if value is not None:
            out.append(value)
    return out


def _round_digits(said: str) -> bool:
    """Digits ending in 0, two or more ("3000", "80"): 几 after them is some more ("3000幾": three
    thousand and something), a level or a sum with or without its unit; never the digit of a count."""
    return len(said) > 1 and said.isdigit() and said.endswith("0")


def _more(norm: str) -> list[Value]:
    """More than a number, then its unit ("一百多u", "100多块", "十来个", "百把块")."""
    out: list[Value] = []
    for hit in _RUN.finditer(norm):
        more = _words(*_MORE).after(norm, _scaled(norm, hit.end()))
        if more is None or (not norm[more[0]].isascii() and more[0] > hit.end()):
            continue  # "100 多": 多 glued to its number only
        if value := _refused(norm, hit.start(), more[1], unit_needed=not norm[more[0]].isascii()):
            out.append(value)
    return out


def _side_by_side(norm: str) -> list[Value]:
    """Two numbers one apart side by side, before a scale or a unit ("五六十u", "三四百", "两三个")."""
    out: list[Value] = []
    for hit in _RUN.finditer(norm):
        run = hit.group(0).translate(CN_FOLD)
        pairs = pairwise(run)
        if not any(CN_DIGITS.get(b, -1) == CN_DIGITS.get(a, -9) + 1 > 1 for a, b in pairs):
            continue
        if run[-1] in "十百千万亿":
            value = _refused(norm, hit.start(), hit.end())
        else:
            value = _refused(norm, hit.start(), hit.end(), unit_needed=True)
        if value is not None:
            out.append(value)
    return out
