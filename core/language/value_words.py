"""The value grammar's words and tables (core.language.values): the phrases it reads around a
number (phrases/values.toml, by key), the patterns of a number's run, and a coin named right after
a number ("0.01 btc", "0.01个比特币")."""

from __future__ import annotations

import re
from decimal import Decimal
from functools import cache, partial
from typing import TYPE_CHECKING, Final

from core.language.lexicon import phrases
from core.language.numbers import SCALE_CHARS
from core.language.phrases import LATIN_LETTERS, placed
from core.language.shares import CN
from core.language.value import Kind

if TYPE_CHECKING:
    from core.coin_index import CoinIndex

# -- the tables ------------------------------------------------------------------------------------

_MINUS, _LOOK_BACK = "-−–﹣", 24  # a sign's dashes; how far back a look-behind sees
_HYPHENATED = re.compile(r"(?<![\d.a-z])[a-z]+[-_]$")  # "gpt-4", not "80k-100k"
_FILLER_MARKS = str.maketrans("", "", "。.!！~～,，")  # and spaces: what says nothing around a number
_HEX_ID = re.compile(r"(?<![0-9a-z])(?P<h>#?)(?P<id>[0-9a-f]{8})(?![0-9a-z])")
# What 半 starts a word of after a scale ("7万半仓": at 70,000 half the holding; "两万半年"), never the
# scale's half.
_HALF_OF: Final = "仓倉个個小年天月日周週分秒钟鐘价價"
# A mark only between digits; spaces only between digits and a multiplier ("8 萬": as "8萬").
# A said decimal point (点 / 點) only between numerals ("一点五", "零点零五": core.language.numbers).
_RUN = re.compile(
    rf"半|(?:\.\d|\d|[{CN}])(?:[\d{CN}]|[,._](?=\d)|[点點](?=[\d{CN}])|(?<=\d)[^\S\n]+(?=[{SCALE_CHARS}]))*"
    rf"(?:(?<=[{SCALE_CHARS}])半(?![{_HALF_OF}]))?"  # "7万半": and half that scale (not "半仓", "半小时")
)

# The words are data (core/language/lexicon/phrases/values.toml), found by the phrase matcher in
# one scan of the text (core.language.phrases.placed); each place asks for the words of some of
# its concepts, by their keys ("quote", "interval 1 d").
_QUOTE, _DURATIONS = ("quote",), ("m", "h", "d", "w", "mo", "y")
_UNITS: Final = (*_QUOTE, *_DURATIONS, "percent", "grid", "every_d", "every_mo")  # after a number
_AFTER: Final[dict[str, tuple[Kind, str]]] = {
    "quote": ("amount", "quote"), "percent": ("percent", "%"), "grid": ("count", "grid")
}  # fmt: skip
_DATE, _COIN_JOIN, _EVERY, _PRICE, _ID, _PERCENT_OF, _SIGN, _ORDINAL, _HALF_A = (
    (key,) for key in ("date", "coin_join", "every", "price", "id", "percent_of", "sign", "ordinal", "half a")
)
_ABBREVIATION: Final = ("abbreviation",)  # "w/": a unit's letter that is a word of its own
_YEAR_BEFORE: Final = ("year_before",)  # "in 2022": a year, no value
_COUNT_VERB: Final = ("count_verb",)  # "买一个": a count of coins at the message's end
_TIMES, _TIMES_BEFORE = ("times",), ("times_before",)  # a multiple: "2x", "3倍"; "x2"
_QUOTE_BEFORE: Final = ("quote_before",)  # money said before its number: "价值2000的比特币"
_WORTH_OF: Final = ("worth_of",)  # a bare number, then "的", then a coin: "买100的btc"
_words: Final = partial(placed, "values")  # the words of some keys: _words("quote")


def _skip(text: str, at: int) -> int:
    """``at`` past the spaces there."""
    return len(text) - len(text[at:].lstrip()) if text[at : at + 1].isspace() else at


def _back(text: str, at: int) -> int:
    """``at`` before the spaces that end ``text[:at]``."""
    return len(text[:at].rstrip()) if text[at - 1 : at].isspace() else at


@cache
def _keyed(*firsts: str) -> tuple[str, ...]:
    """The keys whose first word is one of ``firsts`` ("interval" -> "interval 1 d", ...)."""
    keys = (name.removeprefix("values.") for name in phrases("values").concepts)
    return tuple(key for key in keys if key.split()[0] in firsts)


def _said_value(key: str) -> tuple[Kind, Decimal, str, int]:
    """ "interval 1 d" -> ("interval", 1, "d", 1); "fraction 0.5" -> ("fraction", 0.5, "", 1);
    "fraction 1/3" -> ("fraction", 1, "", 3)."""
    kind, number, *unit = key.split()
    part, _, per = number.partition("/")
    return kind, Decimal(part), unit[0] if unit else "", int(per or 1)  # type: ignore[return-value]


def exponent_at(norm: str, at: int) -> int | None:
    """The end of an exponent at ``at`` ("e9", "e+400", "e-5"), or None."""
    if norm[at : at + 1] != "e":
        return None  # most numbers: no "e" after them, no look at what follows
    digits = at + 1 + (norm[at + 1 : at + 2] in ("+", "-"))
    end = next((i for i in range(digits, len(norm)) if not norm[i].isdecimal()), len(norm))
    return end if norm[at : at + 1] == "e" and end > digits else None


def other_dollar(norm: str, dollar: int) -> int | None:
    """Where another country's name for its dollars starts, glued before the dollar sign at
    ``dollar`` ("hk$500", "nt$ 3000"; "us$" is US dollars), or None."""
    return _words("dollar_other").before(norm, dollar)


def _latin_duration(norm: str, pos: int) -> tuple[int, str] | None:
    """(end, unit) of a Latin duration word at ``pos``, a dash allowed before it ("30-day")."""
    at = _skip(norm, pos)
    hit = _words(*_DURATIONS).after(norm, at + (norm[at : at + 1] == "-"))
    return (hit[1], hit[2]) if hit is not None and norm[hit[0]] in LATIN_LETTERS else None


def _coin_at(
    norm: str, at: int, coins: CoinIndex | None, mentions: dict[int, tuple[int, str]]
) -> tuple[int, str] | None:
    """(end, symbol) of a coin named right at ``at`` ("btc" of "0.01 btc", "比特币" of "0.01个比特币")."""
    if coins is None:
        return None
    if at in mentions:
        return mentions[at]
    if at < len(norm) and norm[at].isalpha() and norm[at].isascii():
        glued = coins.find(norm[at : at + 40])  # "0.01btc": glued to the digits, no word of its own
        if glued and glued[0].start == 0 and not glued[0].weak:
            return at + glued[0].end, glued[0].symbol
    return None


def _coin_join_at(
    norm: str, pos: int, coins: CoinIndex | None = None, mentions: dict[int, tuple[int, str]] | None = None
) -> tuple[int, str] | None:
    at = _skip(norm, pos)  # "0.01 个 比特币": a counting word may sit between
    join = _words(*_COIN_JOIN).after(norm, at, space=False)
    return _coin_at(norm, _skip(norm, join[1]) if join else at, coins, mentions or {})


def _quote_onto_coin(
    norm: str, pos: int, coins: CoinIndex | None, mentions: dict[int, tuple[int, str]]
) -> tuple[int, str] | None:
    """(end of the unit, symbol) of money's unit typed onto the coin it buys, as on a phone
    ("100ubtc", "50usdtsol": 100 USDT of BTC), where the letters are no coin's name whole ("100uni"
    is 100 UNI); never a unit glued to another word ("100usdc")."""
    if coins is None or not norm[pos : pos + 1].isalpha() or _coin_at(norm, pos, coins, mentions):
        return None
    for word in sorted(
        (w for w in _words(*_QUOTE).words if w.isalpha() and w.isascii()), key=len, reverse=True
    ):
        if norm.startswith(word, pos) and (coin := _coin_at(norm, pos + len(word), coins, mentions)):
            return pos + len(word), coin[1]
    return None


@cache
def _latin_quotes() -> tuple[str, ...]:
    """USDT's Latin words ("usdt", "usd", "u"), the longest first."""
    latin = (w for w in _words(*_QUOTE).words if w.isalpha() and w.isascii())
    return tuple(sorted(latin, key=len, reverse=True))


def _once_each(norm: str, at: int) -> bool:
    """Once in the duration ending at ``at`` ("4小时一次", "3天 买一次"), not once at all ("一次都没")."""
    once = _words("once_each").after(norm, at)
    return once is not None and _words("once_not").after(norm, once[1], space=False) is None


def _abbreviated(norm: str, at: int) -> bool:
    """A unit's or a scale's letter at ``at`` that is a word of its own ("0.2 w/ 15 grids": with)."""
    return _words(*_ABBREVIATION).after(norm, at, space=False) is not None
