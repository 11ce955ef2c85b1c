"""The one grammar for values in what people type: every skill reads numbers through it.

``find_values(text, coins)`` returns typed spans, in order, with offsets into ``text`` as given:

    buy $100 of DOGE / 100$ / 50 bucks / 1.5k USDT / 买一百U  amount quote 100 / 100 / 50 / 1500 / 100
    0.01 BTC / 0.01个比特币 / 一个以太坊                        amount base 0.01 (coin BTCUSDT) / 1 ETH
    一万五 / 5万 / 十二 / 2w / 1,000 / １００                  number 15000 / 50000 / 12 / 20000 / 1000 / 100
    一半 / half / 半仓 ; all / 全部 / 全仓 / 梭哈 / everything   fraction 0.5 ; 1   (50% of -> percent 50)
    at 85000 / @85000 / 价格 85000                            price 85000
    5% / 百分之五 / 5 percent                                  percent 5
    4h / 30 days / 一个月 / 半小时                              duration (count, unit: m h d w mo)
    every day / 每天 / daily / 每4小时 / every 4 hours         interval
    20 levels / 20格 / 二十个网格                               count 20 (unit "grid")
    #12 / id 12 / 编号12                                       id "12"

What cannot be read exactly is a span of kind "refused" with the reason, never another number:
a sign ("-100", "−0.01", "负100", "minus 5"), an exponent ("1e9", "1e400"), a comma decimal
("80000,5", "0,5"), separators that are no grouping ("1.000.000", "1_000"), a magnitude of 10^15 or
more, more than 12 decimal places (core.language.numbers). A refused span keeps what it would have
been (unit "quote" / "base", the coin) so a reader knows it was the amount that was refused.
``one_value`` refuses two numbers where one is wanted; ``positive`` refuses zero.

A value refused in a route's slots travels as the text ``refused_slot`` makes ("refused:sign:-100");
the task flow says the localized reason (``refusal_message``) and asks the same question again.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal, localcontext
from typing import TYPE_CHECKING, Final, Literal, TypeAlias

from core.language.dates import date_spans
from core.language.numbers import (
    CN_CHARS,
    EXACT,
    LATIN_MULTIPLIERS,
    Reason,
    Unreadable,
    bounded,
    numeral,
    plain,
)

if TYPE_CHECKING:
    from core.coin_index import CoinIndex
    from core.i18n import Locale

Kind: TypeAlias = Literal[
    "amount", "number", "price", "percent", "fraction", "duration", "interval", "count", "id", "date",
    "refused",
]  # fmt: skip
UNIT_SECONDS: Final = {"m": 60, "h": 3600, "d": 86400, "w": 604800, "mo": 30 * 86400}


@dataclass(frozen=True, slots=True)
class Value:
    """One value in a text: its kind, where it is, what was typed and what it means."""

    kind: Kind
    start: int
    end: int
    typed: str  # the text as typed, quoted back in a refusal
    number: Decimal = Decimal(0)  # amount, number, price, percent (5 for 5%), fraction, count
    unit: str = ""  # amount: "quote" | "base"; duration / interval: m h d w mo; count: "grid"; "%"
    coin: str = ""  # a base amount's symbol ("BTCUSDT")
    ident: str = ""  # an id's text
    reason: Reason | None = None  # a refused value: why

    @property
    def refused(self) -> bool:
        return self.kind == "refused"

    @property
    def seconds(self) -> int:
        """A duration's or interval's length (a month is 30 days)."""
        return int(self.number) * UNIT_SECONDS[self.unit] if self.unit in UNIT_SECONDS else 0

    @property
    def slot(self) -> str:
        """The slot text of a number, price, percent or count ("80000"); a refusal's marker."""
        return refused_slot(self) if self.refused else plain(self.number)

    @property
    def amount_slot(self) -> str:
        """The canonical amount: "quote:100", "base:0.01", "all", "fraction:0.5"; or a refusal's marker."""
        if self.refused:
            return refused_slot(self)
        if self.kind == "fraction":
            return "all" if self.number == 1 else f"fraction:{plain(self.number)}"
        if self.kind == "percent":
            with localcontext(EXACT):
                share = self.number / 100
            return "all" if share == 1 else f"fraction:{plain(share)}"
        unit = "quote" if self.unit == "quote" else "base"
        return f"{unit}:{plain(self.number)}"


# -- slots: a refusal carried as text --------------------------------------------------------------

REFUSED_PREFIX: Final = "refused:"


def refused_slot(value: Value) -> str:
    """The slot text of a refused value: "refused:<reason>:<typed>"."""
    return f"{REFUSED_PREFIX}{value.reason or 'separators'}:{value.typed}"


def refusal_in(slot: object) -> tuple[str, str] | None:
    """(reason, typed) of a slot that carries a refusal, or None."""
    if not isinstance(slot, str) or not slot.startswith(REFUSED_PREFIX):
        return None
    reason, _, typed = slot[len(REFUSED_PREFIX) :].partition(":")
    return reason, typed


def refusal_message(locale: Locale, reason: str, typed: str) -> str:
    """Why a value was not read, quoting what was typed (zh / en)."""
    from core.i18n import has_message, t

    key = f"value.refused.{reason}"
    return t(locale, key if has_message(key) else "value.refused.separators", typed=typed)


# -- the tables ------------------------------------------------------------------------------------

_MINUS: Final = "-−–﹣"
_LOOK_BACK: Final = 24
_HYPHENATED = re.compile(r"(?<![\d.a-z])[a-z]+[-_]$")  # "gpt-4", not "80k-100k"
_FILLER_MARKS = re.compile(r"[\s。.!！~～,，]")
_CN = CN_CHARS + "兩萬億"
_CN_FOLD = str.maketrans({"兩": "两", "萬": "万", "億": "亿"})
_RUN = re.compile(rf"半|(?:\.\d|\d|[{_CN}])(?:[\d{_CN}]|[,._](?=\d))*")  # a mark only between digits
_QUOTE = re.compile(r"\s*(?:(?:usdt|usd|u|bucks?|dollars?)(?![a-z])|刀|美元|美金|块钱|塊錢|块|塊|元|\$)")
_PERCENT = re.compile(r"\s*(?:%|(?:percent|pct)(?![a-z])|个点|個點)")
_COUNT = re.compile(
    r"\s*(?:个网格|個網格|个格子|個格子|个格|個格|网格|網格|格子|格|(?:grid levels|levels|grids)(?![a-z]))"
)
_ZH_DURATION: Final = {
    "分钟": "m", "分鐘": "m", "个小时": "h", "個小時": "h", "小时": "h", "小時": "h", "个钟头": "h",
    "個鐘頭": "h", "钟头": "h", "鐘頭": "h", "天": "d", "个星期": "w", "個星期": "w", "星期": "w",
    "个礼拜": "w", "個禮拜": "w", "礼拜": "w", "禮拜": "w", "周": "w", "週": "w", "个月": "mo", "個月": "mo",
}  # fmt: skip
_ZH_EVERY_ONLY: Final = {"日": "d", "月": "mo"}  # "3日" / "3月" are dates unless after 每
_EN_DURATION: Final = {
    "minutes": "m", "minute": "m", "mins": "m", "min": "m", "m": "m", "hours": "h", "hour": "h",
    "hrs": "h", "hr": "h", "h": "h", "days": "d", "day": "d", "d": "d", "weeks": "w", "week": "w",
    "wks": "w", "wk": "w", "w": "w", "months": "mo", "month": "mo", "mo": "mo",
}  # fmt: skip


def _alternation(words: Iterable[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


_DURATION = re.compile(
    rf"\s*(?:(?P<zh>{_alternation(_ZH_DURATION)})|(?P<every>{_alternation(_ZH_EVERY_ONLY)})"
    rf"|-?\s*(?P<en>{_alternation(_EN_DURATION)})(?![a-z]))"  # "30 days", "30-day"
)
# (not 时 or 点: "跌破80000时" is "when it falls below 80000", "8万点" a price in points)
_DATE_AFTER = re.compile(r"\s*(?:年|月|日|号|號|(?:am|pm)(?![a-z]))")
_COIN_JOIN = re.compile(r"\s*(?:个|個|枚|颗|顆)?\s*")
_EVERY_BEFORE = re.compile(r"(?:每隔|每|(?<![a-z])(?:every|each))\s*$")
_PRICE_BEFORE = re.compile(
    r"(?:@|(?<![a-z])(?:at|price|priced at|limit)|价格|價格|价位|價位|挂单价|掛單價|限价|限價|单价|單價)"
    r"\s*[:：]?\s*\$?\s*$"
)
_ID_BEFORE = re.compile(r"(?:#|(?<![a-z])(?:id|no\.)\s*[:：#]?|编号|編號)\s*$")
_PERCENT_BEFORE = re.compile(r"百分之\s*$")
_SIGN_WORD = re.compile(r"(?:负|負|(?<![a-z])(?:minus|negative)\s+)$")
_EXPONENT = re.compile(r"e[+-]?\d+")
_ORDINAL = re.compile(r"第\s*$")
_SLASH = re.compile(r"(?<![\d.,])(?P<a>\d+)\s*/\s*(?P<b>\d+)(?![\d.,])")
_HEX_ID = re.compile(r"(?<![0-9a-z])(?P<h>#?)(?P<id>[0-9a-f]{8})(?![0-9a-z])")

_WORDS: Final[tuple[tuple[str, Kind, Decimal, str], ...]] = (
    # (word, kind, number, unit); longest wins where they overlap ("每半小时" over "半小时" over "半")
    *((w, "interval", Decimal(1), "d") for w in ("每天", "每日", "天天", "daily", "every day", "each day",
                                                 "per day", "a day")),
    *((w, "interval", Decimal(1), "h") for w in ("每小时", "每個小時", "每个小时", "每小時", "hourly",
                                                 "every hour", "each hour", "per hour", "an hour")),
    *((w, "interval", Decimal(1), "w") for w in ("每周", "每週", "每星期", "每个星期", "每個星期", "每礼拜",
                                                 "每禮拜", "weekly", "every week", "each week", "per week",
                                                 "a week")),
    *((w, "interval", Decimal(1), "m") for w in ("每分钟", "每分鐘", "every minute", "each minute")),
    *((w, "interval", Decimal(1), "mo") for w in ("每月", "每个月", "每個月", "monthly", "every month")),
    *((w, "interval", Decimal(30), "m") for w in ("每半小时", "每半個小時", "每半个小时", "每半小時",
                                                  "every half hour", "every half an hour")),
    *((w, "duration", Decimal(30), "m") for w in ("半小时", "半个小时", "半小時", "半個小時", "half an hour",
                                                  "half hour")),
    *((w, "duration", Decimal(1), u) for w, u in (("one hour", "h"), ("one day", "d"))),
    *((w, "fraction", Decimal("0.5"), "") for w in ("一半", "半仓", "半倉", "half")),
    *((w, "fraction", Decimal(1), "") for w in ("全部", "全仓", "全倉", "梭哈", "所有", "all", "everything")),
    *((w, "fraction", Decimal("0.25"), "") for w in ("a quarter", "one quarter", "quarter of")),
    *((w, "fraction", Decimal("0.75"), "") for w in ("three quarters",)),
)  # fmt: skip
_WORD_TABLE: Final = {w: (k, n, u) for w, k, n, u in _WORDS}
# Longest first; the Latin words share one pair of look-arounds and every word's first character
# is looked ahead for, so a position no word starts at is passed at once (7x faster than a pair
# of look-arounds per word, the same matches: a Latin and a Chinese word never start alike).
_BY_LENGTH = sorted(_WORD_TABLE, key=len, reverse=True)
_WORD_RX = re.compile(
    f"(?=[{''.join(sorted({re.escape(w[0]) for w in _BY_LENGTH}))}])"
    f"(?:(?<![a-z])(?:{'|'.join(re.escape(w) for w in _BY_LENGTH if w[0].isascii())})(?![a-z])"
    f"|{'|'.join(re.escape(w) for w in _BY_LENGTH if not w[0].isascii())})"
)


# -- reading ---------------------------------------------------------------------------------------


_CN_COMMA: Final = "，"  # a list's comma in Chinese ("3000到3001，200格"): never a grouping


def typed_text(text: str) -> str:
    """NFKC with collapsed spaces, except that a Chinese comma stays one (NFKC would make it ",")."""
    kept = _CN_COMMA.join(unicodedata.normalize("NFKC", part) for part in text.split(_CN_COMMA))
    return " ".join(kept.split())


def fold(text: str) -> tuple[str, list[int]]:
    """NFKC + casefold, character by character, with each folded character's place in ``text``
    (and one past the end): offsets found in the folded text map back to what was typed. A
    Chinese comma stays one: "3000，200" is two numbers, "3000,200" a comma decimal."""
    if text.isascii():
        return text.lower(), list(range(len(text) + 1))
    whole = text.casefold()
    if len(whole) == len(text) and unicodedata.is_normalized("NFKC", text.replace(_CN_COMMA, "")):
        # The usual text (normalized already): no character changes length or form on its own
        # (casefold has no context, and a character of a normalized text is normalized alone).
        return whole, list(range(len(text) + 1))
    out: list[str] = []
    where: list[int] = []
    for i, ch in enumerate(text):
        folded = ch if ch == _CN_COMMA else unicodedata.normalize("NFKC", ch).casefold()
        out.append(folded)
        where.extend([i] * len(folded))
    where.append(len(text))
    return "".join(out), where


# The last texts' values: a turn reads its message's values through the tagger's reading and the
# winning skill's reader. Keyed by the text and the coin index (by identity) with its catalog's
# version, since a base amount's coin depends on the catalog.
_KEPT = 32
_SEEN: dict[tuple[str, object, int], tuple[Value, ...]] = {}


def find_values(text: str, coins: CoinIndex | None = None) -> list[Value]:
    """Every value in ``text``, in order, without overlaps; offsets are into ``text`` as given."""
    key = (text, coins, -1 if coins is None else coins.catalog.version)
    kept = _SEEN.get(key)
    if kept is None:
        kept = tuple(_find_values(text, coins))
        if len(_SEEN) >= _KEPT:
            _SEEN.pop(next(iter(_SEEN), key), None)
        _SEEN[key] = kept
    return list(kept)


def _find_values(text: str, coins: CoinIndex | None) -> list[Value]:
    norm, where = fold(text)
    found = [
        *_word_values(norm),
        *_hex_ids(norm),
        *_slashes(norm),
        *_parts(norm),
        *_numeral_values(norm, coins),
        *(Value("date", start, end, "") for start, end in date_spans(norm)),  # core.language.dates
    ]
    found.sort(key=lambda v: (v.start, -(v.end - v.start)))
    kept: list[Value] = []
    for value in found:
        if kept and value.start < kept[-1].end:
            continue
        kept.append(value)
    return [_to_text(v, text, where) for v in kept]


def _to_text(value: Value, text: str, where: list[int]) -> Value:
    start = where[value.start]
    end = where[value.end - 1] + 1 if value.end > value.start else start
    return replace(value, start=start, end=end, typed=text[start:end].strip())


def _word_values(norm: str) -> list[Value]:
    out: list[Value] = []
    for hit in _WORD_RX.finditer(norm):
        kind, number, unit = _WORD_TABLE[hit.group(0)]
        out.append(Value(kind, hit.start(), hit.end(), hit.group(0), number, unit))
    return out


def _slashes(norm: str) -> list[Value]:
    """ "1/2", "1/4": a fraction when it is exact and at most 1; anything else ("1/3", "12/25") is
    refused rather than read as the two numbers around the slash."""
    out: list[Value] = []
    for hit in _SLASH.finditer(norm):
        a, b = Decimal(int(hit.group("a"))), Decimal(int(hit.group("b")))
        share: Decimal | None = None
        if 0 < a <= b:
            try:
                with localcontext(EXACT):
                    share = a / b
            except ArithmeticError:
                share = None  # 1/3: no exact decimal
        if share is None:
            out.append(Value("refused", hit.start(), hit.end(), hit.group(0), reason="separators"))
        else:
            out.append(Value("fraction", hit.start(), hit.end(), hit.group(0), share))
    return out


_PARTS = re.compile(rf"(?P<d>[\d{_CN}]+)\s*分之\s*(?P<n>[\d{_CN}]+)")  # 四分之一: one of four
_TENTHS = re.compile(r"(?<![\d.])(?P<n>[一二两三四五六七八九十]|[1-9]|10)\s*成(?![交本功为為员員立绩績长長])")
_EN_NUMBERS: Final = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
    "a hundred": 100, "one hundred": 100, "a thousand": 1000, "one thousand": 1000,
}  # fmt: skip
_EN_NUMBER = re.compile(rf"(?<![a-z])(?:{_alternation(_EN_NUMBERS)})(?![a-z])")
_HALF_A = re.compile(r"(?<![a-z])half an?\s+")


def _parts(norm: str) -> list[Value]:
    """ "四分之一" (a quarter), "三成" (three tenths): a fraction when exact and at most 1."""
    out: list[Value] = []
    for hit in _PARTS.finditer(norm):
        try:
            whole = numeral(hit.group("d").translate(_CN_FOLD))
            part = numeral(hit.group("n").translate(_CN_FOLD))
        except Unreadable:
            continue  # "百分之五" is a percent, read with the numbers
        try:
            with localcontext(EXACT):
                share = part / whole if 0 < part <= whole else None
        except ArithmeticError:
            share = None  # 三分之一: no exact decimal
        if share is None:
            out.append(Value("refused", hit.start(), hit.end(), hit.group(0), reason="separators"))
        else:
            out.append(Value("fraction", hit.start(), hit.end(), hit.group(0), share))
    for hit in _TENTHS.finditer(norm):
        with localcontext(EXACT):
            share = numeral(hit.group("n")) / 10
        out.append(Value("fraction", hit.start(), hit.end(), hit.group(0), share))
    return out


def _said_numbers(norm: str, coins: CoinIndex | None, mentions: dict[int, tuple[int, str]]) -> list[Value]:
    """Numbers said in English words, only with what they count ("one eth", "a hundred bucks"),
    and "half a bitcoin" (0.5 BTC, not half of a balance)."""
    out: list[Value] = []
    for hit in _EN_NUMBER.finditer(norm):
        number = Decimal(_EN_NUMBERS[hit.group(0)])
        quote = _QUOTE.match(norm, hit.end())
        if quote is not None and quote.group(0).strip() != "$" and quote.group(0)[:1].isspace():
            out.append(Value("amount", hit.start(), quote.end(), hit.group(0), number, "quote"))
        elif (coin := _coin_join_at(norm, hit.end(), coins, mentions)) is not None:
            out.append(Value("amount", hit.start(), coin[0], hit.group(0), number, "base", coin[1]))
        elif (span := _DURATION.match(norm, hit.end())) is not None and span.group("en"):  # "two weeks"
            out.append(Value("duration", hit.start(), span.end(), "", number, _EN_DURATION[span.group("en")]))
    for hit in _HALF_A.finditer(norm):
        coin = _coin_at(norm, hit.end(), coins, mentions)
        if coin is not None:
            out.append(Value("amount", hit.start(), coin[0], hit.group(0), Decimal("0.5"), "base", coin[1]))
    return out


def _hex_ids(norm: str) -> list[Value]:
    """An alert's id ("#1a2b3c4d", "1a2b3c4d"): eight hex characters with a letter and a digit."""
    out: list[Value] = []
    for hit in _HEX_ID.finditer(norm):
        ident = hit.group("id")
        if hit.group("h") or (any(c.isdigit() for c in ident) and any(c.isalpha() for c in ident)):
            out.append(Value("id", hit.start(), hit.end(), hit.group(0), ident=ident))
    return out


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


def _numeral_values(norm: str, coins: CoinIndex | None) -> list[Value]:
    mentions: dict[int, tuple[int, str]] = {}
    if coins is not None:
        from core.markets import NOT_A_COIN

        for m in coins.find(norm):
            if m.symbol != NOT_A_COIN and not m.weak:
                mentions[m.start] = (m.end, m.symbol)
    out: list[Value] = _said_numbers(norm, coins, mentions) if coins is not None else []
    for hit in _RUN.finditer(norm):
        value = _read_run(norm, hit.start(), hit.end(), coins, mentions)
        if value is not None:
            out.append(value)
    return out


def _read_run(
    norm: str, start: int, end: int, coins: CoinIndex | None, mentions: dict[int, tuple[int, str]]
) -> Value | None:
    while end > start and norm[end - 1] in ",._":
        end -= 1  # "buy 1." / "100, then": the mark ends the sentence, not the number
    if end == start:
        return None
    run = norm[start:end].translate(_CN_FOLD)
    arabic_digits = any(c.isdigit() for c in run)
    before = norm[max(0, start - _LOOK_BACK) : start]  # what a look-behind pattern needs to see
    if before[-1:].isascii() and before[-1:].isalpha():
        return None  # "gpt4", "web3", "c98": part of a word
    if _HYPHENATED.search(before):
        return None  # "gpt-4", "usdt_2": part of a hyphenated word
    if _ORDINAL.search(before):
        return None  # "第一个": an ordinal
    # What the number says of itself.
    reason: Reason | None = None
    number = Decimal(0)
    try:
        number = numeral(run)
    except Unreadable as exc:
        if exc.reason is None:
            return None  # "一一", "千万别": no numeral
        reason = exc.reason
    # Letters right after the digits: a multiplier ("1.5k", "2w"), an exponent ("1e9"), a unit.
    pos = end
    every = bool(_EVERY_BEFORE.search(before))
    if reason is None and arabic_digits and norm[pos : pos + 1] in LATIN_MULTIPLIERS:
        letter = norm[pos]
        rest = norm[pos + 1 :]
        weeks = letter == "w" and every  # "every 2w" is every two weeks; "2w" alone is 20,000
        glued = (
            "a" <= rest[:1] <= "z"  # a letter ("1.5kb"), not a Chinese word after "100k"
            and not _QUOTE.match(rest)
            and not _coin_join_at(norm, pos + 1, coins, mentions)
        )
        if not weeks and not glued:
            try:
                with localcontext(EXACT):
                    number = bounded(number * LATIN_MULTIPLIERS[letter])
            except Unreadable as exc:
                reason = exc.reason
            pos += 1
    exponent = _EXPONENT.match(norm, pos) if arabic_digits else None
    if exponent is not None and not norm[exponent.end() : exponent.end() + 1].isdigit():
        reason, pos = "exponent", exponent.end()
    # Before: a sign, a dollar sign.
    lead = start
    quote_before = False
    if lead > 0 and norm[lead - 1] == "$":
        quote_before, lead = True, lead - 1
    sign = _sign_before(norm, lead)
    if sign is not None:
        reason, lead = "sign", sign
        if not quote_before and lead > 0 and norm[lead - 1] == "$":
            quote_before, lead = True, lead - 1
    elif not quote_before:
        spaced = norm[:lead].rstrip(" ")
        if spaced.endswith("$"):
            quote_before, lead = True, len(spaced) - 1
    # After: the unit.
    kind: Kind = "number"
    unit = ""
    coin = ""
    tail = pos
    if quote_before:
        kind, unit = "amount", "quote"
        after = _QUOTE.match(norm, pos)  # "$100 usdt": the unit said twice
        if after is not None and after.group(0).strip() != "$":
            tail = after.end()
    elif (hit := _QUOTE.match(norm, pos)) is not None:
        kind, unit, tail = "amount", "quote", hit.end()
    elif (hit := _PERCENT.match(norm, pos)) is not None:
        kind, unit, tail = "percent", "%", hit.end()
    elif (hit := _COUNT.match(norm, pos)) is not None:
        kind, unit, tail = "count", "grid", hit.end()
    elif (hit := _DURATION.match(norm, pos)) is not None and (hit.group("every") is None or every):
        word = hit.group("zh") or hit.group("every") or hit.group("en")
        unit = _ZH_DURATION.get(word) or _ZH_EVERY_ONLY.get(word) or _EN_DURATION[word]
        kind, tail = ("interval" if every else "duration"), hit.end()
        if every and reason is None:
            lead = min(lead, start - len(_EVERY_BEFORE.search(before).group(0)))  # type: ignore[union-attr]
    elif (coin_hit := _coin_join_at(norm, pos, coins, mentions)) is not None:
        tail, coin = coin_hit
        kind, unit = "amount", "base"
    if kind == "number" and reason is None and _DATE_AFTER.match(norm, tail):
        return None  # "2024年", "3月", "5号", "10am": a date or a time of day, no value here
    if _PERCENT_BEFORE.search(before):
        kind, unit = "percent", "%"
        lead = start - (len(before) - before.rindex("百"))
    elif kind == "number" and _ID_BEFORE.search(before) and run.isdigit():
        return Value("id", start, end, run, number, ident=run)
    elif kind in ("number", "amount") and unit != "base" and _price_before(norm, lead):
        kind = "price"
    if not arabic_digits and kind == "number" and not _lone_chinese(run, norm, lead, tail):
        return None  # "一下", "两个账户": a Chinese numeral counts with a unit, or as a number said alone
    glued_word = tail < len(norm) and norm[tail].isascii() and norm[tail].isalnum()
    if glued_word and reason is None and kind in ("number", "price"):
        return None  # "3x", "100usdc", "5mb": digits glued to a word this grammar does not know
    if reason is not None:
        return Value("refused", lead, tail, norm[lead:tail], number, unit, coin, reason=reason)
    return Value(kind, lead, tail, norm[lead:tail], number, unit, coin)


def _coin_join_at(
    norm: str, pos: int, coins: CoinIndex | None = None, mentions: dict[int, tuple[int, str]] | None = None
) -> tuple[int, str] | None:
    join = _COIN_JOIN.match(norm, pos)
    at = join.end() if join is not None else pos
    return _coin_at(norm, at, coins, mentions or {})


def _price_before(norm: str, at: int) -> bool:
    """A price word or mark right before ``at``: "at 85000", "@85000", "价格 85000"."""
    return _PRICE_BEFORE.search(norm, max(0, at - _LOOK_BACK), at) is not None


def _sign_before(norm: str, at: int) -> int | None:
    """Where the sign before ``at`` starts ("-100", "- 100", "−0.01", "负100", "minus 5"), or None.
    A dash between two numbers ("3000-4000", "3000 - 4000") or inside a word ("gpt-4") is no sign."""
    j = at
    while j > 0 and norm[j - 1] == " ":
        j -= 1
    if j > 0 and norm[j - 1] in _MINUS:
        k = j - 1
        if k > 0 and (norm[k - 1].isdigit() or (norm[k - 1].isascii() and norm[k - 1].isalpha())):
            return None  # "3000-4000", "gpt-4", "80k-90k" (after a Chinese word it is a sign: "买-50U")
        before = norm[:k].rstrip()
        if j != at and before[-1:].isdigit():
            return None  # "3000 - 4000": a range
        return k
    tail = max(0, at - _LOOK_BACK)
    word = _SIGN_WORD.search(norm, tail, at)
    return word.start() if word is not None else None


def _lone_chinese(run: str, norm: str, lead: int, tail: int) -> bool:
    """A Chinese numeral with no unit counts when it is a number beyond doubt: written with a
    unit character and more than one character ("一百", "十二", "一万五"), or said alone ("五")."""
    if run == "半":
        return False  # "半" alone: half of what? (一半 / 半仓 are words of their own)
    if len(run) > 1 and any(c in "十百千万亿" for c in run) and norm[tail : tail + 1] != "分":
        return True
    return not _FILLER_MARKS.sub("", norm[:lead] + norm[tail:])


# -- helpers for readers ---------------------------------------------------------------------------


def one_value(values: Sequence[Value], kinds: Iterable[Kind], text: str = "") -> Value | None:
    """The one value of ``kinds`` (a refused one counts: it was meant as one), or None; two or
    more are refused as "two_numbers", quoting ``text`` from the first to the last."""
    wanted = set(kinds) | {"refused"}
    hits = [v for v in values if v.kind in wanted]
    if not hits:
        return None
    refused = next((v for v in hits if v.refused), None)
    if refused is not None:
        return refused
    if len(hits) > 1:
        typed = text[hits[0].start : hits[-1].end] if text else " ".join(v.typed for v in hits)
        return Value("refused", hits[0].start, hits[-1].end, typed, reason="two_numbers")
    return hits[0]


def positive(value: Value) -> Value:
    """``value``, or its refusal when it is zero where a positive amount is needed."""
    if not value.refused and value.number == 0 and value.kind not in ("id", "fraction"):
        return replace(value, kind="refused", reason="zero")
    return value


_AROUND = re.compile(r"[\s,，.。!！?？:：;；、~～+]+")


def sole_value(text: str, kinds: Iterable[Kind], coins: CoinIndex | None = None) -> Value | None:
    """The value ``text`` is made of ("50U", " 3,000 ", "20%"): None when it holds none of
    ``kinds`` or says words besides; a refusal when it is refused or holds two numbers."""
    wanted = set(kinds) | {"refused"}
    values = [v for v in find_values(text, coins) if v.kind in wanted]  # "50U daily": more than 50U
    rest = text
    for value in reversed(values):
        rest = f"{rest[: value.start]} {rest[value.end :]}"
    if _AROUND.sub("", rest):
        return None
    return one_value(values, kinds, text)
