"""The one grammar for values in what people type: every skill reads numbers through it.

``find_values(text, coins)`` returns typed spans, in order, with offsets into ``text`` as given:

    buy $100 of DOGE / 100$ / 50 bucks / 1.5k USDT / 买一百U  amount quote 100 / 100 / 50 / 1500 / 100
    0.01 BTC / 0.01个比特币 / 一个以太坊                        amount base 0.01 (coin BTCUSDT) / 1 ETH
    一万五 / 5万 / 十二 / 2w / 1,000 / １００                  number 15000 / 50000 / 12 / 20000 / 1000 / 100
    一半 / half / 半仓 ; all / 全部 / 全仓 / 梭哈 / everything   fraction 0.5 ; 1   (50% of -> percent 50)
    at 85000 / @85000 / 价格 85000                            price 85000
    5% / 百分之五 / 5 percent                                  percent 5
    2x / 3倍 / x2 / ×1.5                                       multiple 2 / 3 / 2 / 1.5 (unit "x")
    4h / 30 days / 一个月 / 两年 / 半小时                       duration (count, unit: m h d w mo y)
    every day / 每天 / daily / 每4小时 / every 4 hours         interval
    20 levels / 20格 / 二十个网格                               count 20 (unit "grid")
    #12 / id 12 / 编号12                                       id "12"

What cannot be read exactly is a span of kind "refused" with the reason, never another number:
a sign ("-100", "−0.01", "负100", "minus 5"), an exponent ("1e9", "1e400"), a comma decimal
("80000,5", "0,5"), separators that are no grouping ("1.000.000", "1_000"), a magnitude of 10^15 or
more, more than 12 decimal places (core.language.numbers). A refused span keeps what it would have
been (unit "quote" / "base", the coin; "price" at a price word) so a reader knows what was refused.
core.language.picks: ``one_value`` refuses two numbers where one is wanted; ``positive`` zero.

A value refused in a route's slots travels as the text ``refused_slot`` makes ("refused:sign:-100");
the task flow says the localized reason (``refusal_message``) and asks the same question again.

This module finds every value in a text; one run of digits or numerals is read by
core.language.value_runs, with the words and tables of core.language.value_words.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from decimal import Decimal
from functools import cache
from itertools import pairwise
from typing import TYPE_CHECKING, Final

from core.language.dates import date_spans
from core.language.normalize import simplified, unglued
from core.language.numbers import (
    Reason,
    Unreadable,
    lone_digit_after_scale,
    numeral,
    said_runs,
)
from core.language.refusals import REFUSED_PREFIX as REFUSED_PREFIX
from core.language.refusals import refusal_in as refusal_in
from core.language.refusals import refusal_message as refusal_message
from core.language.refusals import refused_slot as refused_slot
from core.language.rough import rough_amounts
from core.language.shares import parts, slashes
from core.language.steps import stepped
from core.language.value import UNIT_SECONDS as UNIT_SECONDS
from core.language.value import Kind as Kind
from core.language.value import Value as Value
from core.language.value_runs import (
    _and_a_half,
    _read_run,
    _worth_of,
)
from core.language.value_words import (
    _HALF_A,
    _HEX_ID,
    _QUOTE,
    _RUN,
    _coin_at,
    _coin_join_at,
    _keyed,
    _latin_duration,
    _said_value,
    _skip,
    _words,
)

if TYPE_CHECKING:
    from core.coin_index import CoinIndex

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
        return _unglued(text.lower(), range(len(text) + 1))
    whole = text.casefold()
    if len(whole) == len(text) and unicodedata.is_normalized("NFKC", text.replace(_CN_COMMA, "")):
        # The usual text (normalized already): no character changes length or form on its own
        # (casefold has no context, and a character of a normalized text is normalized alone).
        return _unglued(whole, range(len(text) + 1))
    out: list[str] = []
    where: list[int] = []
    for i, ch in enumerate(text):
        folded = ch if ch == _CN_COMMA else unicodedata.normalize("NFKC", ch).casefold()
        out.append(folded)
        where.extend([i] * len(folded))
    where.append(len(text))
    return _unglued("".join(out), where)


def _unglued(folded: str, where: Sequence[int]) -> tuple[str, list[int]]:
    """A trade's verb typed onto its amount ("buy0.01btc") read apart, as normalize reads it."""
    text, offsets = unglued(folded, where)
    return text, list(offsets)


# The last texts' values: a turn reads its message's values through the tagger's reading and the
# winning skill's reader. Keyed by the text and the coins' catalog (by identity) with its version,
# since a base amount's coin depends on the catalog; not by the coin index, since the skills'
# readers each hold an index of their own over the one catalog, and an index finds what its
# catalog lists (core.coin_index keeps its mentions so too).
_KEPT = 32
_SEEN: dict[tuple[str, object, int], tuple[Value, ...]] = {}


def find_values(text: str, coins: CoinIndex | None = None) -> list[Value]:
    """Every value in ``text``, in order, without overlaps; offsets are into ``text`` as given."""
    key = (text, None, -1) if coins is None else (text, coins.catalog, coins.catalog.version)
    kept = _SEEN.get(key)
    if kept is None:
        kept = tuple(_find_values(text, coins))
        _keep(_SEEN, key, kept)
    return list(kept)


# The same values by the folded text: a reader that reads the message as typed ("Limit sell 0.5
# ETH") finds what the tagger's normalized text ("limit sell 0.5 eth") had, at the same places.
_FOLDED: dict[tuple[str, object, int], tuple[Value, ...]] = {}


def whole_numbers(text: str) -> list[tuple[int, int, int, bool]]:
    """Each whole number typed in ``text`` as the grammar finds its runs (digits or Chinese
    numerals), with no word around it: (start, end, number, typed in digits). Not a decimal's part
    ("0.1"), a price's ("$3"), a word's ("v3", "gpt4") or what does not read exactly: record
    numbers in a list ("3号和4号", "三号和四号", core.tasks.numbered) are read from these."""
    out: list[tuple[int, int, int, bool]] = []
    for hit in _RUN.finditer(text):
        start, end, run = hit.start(), hit.end(), hit.group()
        before, after = text[start - 1 : start], text[end : end + 1]
        if (before.isascii() and (before.isalnum() or before in "_.$")) or (
            after.isascii() and after.isalnum()
        ):
            continue
        try:
            number = numeral(run)
        except Unreadable:
            continue
        if number == number.to_integral_value() and 0 <= number < 10**9:
            out.append((start, end, int(number), run.isdigit()))
    return out


def _keep(
    kept: dict[tuple[str, object, int], tuple[Value, ...]],
    key: tuple[str, object, int],
    found: tuple[Value, ...],
) -> None:
    if len(kept) >= _KEPT:
        kept.pop(next(iter(kept), key), None)
    kept[key] = found


def _find_values(text: str, coins: CoinIndex | None) -> list[Value]:
    norm, where = fold(text)
    key = (norm, None, -1) if coins is None else (norm, coins.catalog, coins.catalog.version)
    kept = _FOLDED.get(key)
    if kept is None:
        kept = tuple(_folded_values(norm, coins))
        _keep(_FOLDED, key, kept)
    return [_to_text(v, text, where) for v in kept]


def _folded_values(norm: str, coins: CoinIndex | None) -> list[Value]:
    found = [
        *_word_values(norm),
        *_hex_ids(norm),
        *slashes(norm),
        *parts(norm),
        *_numeral_values(norm, coins),
        *rough_amounts(norm),  # "几百块", "a few hundred": refused as approximate (core.language.rough)
        *(Value("date", start, end, "") for start, end in date_spans(norm)),  # core.language.dates
    ]
    found.sort(key=lambda v: (v.start, -(v.end - v.start)))
    kept: list[Value] = []
    for value in found:
        if kept and value.start < kept[-1].end:
            continue
        kept.append(value)
    return stepped(norm, _all_of_said(norm, _space_grouped(norm, kept)))


_SPACE_GROUPED: Final = re.compile(r"\d{1,3} \d{3}")


def _space_grouped(norm: str, values: list[Value]) -> list[Value]:
    """``values`` with two numbers typed as one grouped by a space ("100 200 usdt", "at 100 200",
    "每天定投100 200u") refused as two numbers: 100,200 as some write it, or two numbers? Read
    neither way, never one of them alone (the one with the unit took it: 200 USDT)."""
    out: list[Value] = []
    for v in values:
        last = out[-1] if out else None
        if (
            last is not None
            and last.kind in ("number", "price")
            and v.kind in ("number", "price", "amount")
            and _SPACE_GROUPED.fullmatch(norm[last.start : v.start] + norm[v.start : v.start + 3])
            and not norm[v.start + 3 : v.start + 4].isdigit()
        ):
            unit = "price" if last.kind == "price" else v.unit
            out[-1] = Value(
                "refused",
                last.start,
                v.end,
                norm[last.start : v.end],
                v.number,
                unit,
                v.coin,
                reason="two_numbers",
            )
            continue
        out.append(v)
    return out


def _all_of_said(norm: str, values: list[Value]) -> list[Value]:
    """``values`` without an "all" said right before the amount it is ("梭哈500U大饼", "all in 200
    usdt on sol", "全部0.5个btc"), or an all-in said right after money ("拿500u梭哈sol", "1000u全仓sol":
    the all-in is the buy of that money; "0.5个btc梭哈" stays two): that amount, exactly as typed, is
    the whole; never two."""
    if len(values) < 2:
        return values
    drop: set[int] = set()
    for k, (v, after) in enumerate(pairwise(values)):
        gap = norm[v.end : after.start].strip()
        if _whole(v) and _money(after) and gap in ("", "in"):
            drop.add(k)
        elif v.unit == "quote" and _money(v) and _whole(after) and not gap and _all_in_at(norm, after):
            drop.add(k + 1)
    return [v for k, v in enumerate(values) if k not in drop]


def _whole(value: Value) -> bool:
    return value.kind == "fraction" and value.number == 1 and value.per == 1


def _money(value: Value) -> bool:
    return value.kind == "amount" and value.unit in ("quote", "base")


def _all_in_at(norm: str, value: Value) -> bool:
    """The value is a word of going all in (lexicon amount.all_in: 梭哈, 全仓, all in)."""
    return simplified(norm[value.start : value.end]) in _all_in()  # 全倉 as 全仓


@cache
def _all_in() -> frozenset[str]:
    from core.language.lexicon import load

    return frozenset(load().concepts["amount.all_in"].words)


def _to_text(value: Value, text: str, where: list[int]) -> Value:
    start = where[value.start]
    end = where[value.end - 1] + 1 if value.end > value.start else start
    typed, v = text[start:end].strip(), value  # a Value made outright: replace() costs ten getattrs
    return Value(v.kind, start, end, typed, v.number, v.unit, v.coin, v.ident, v.reason, v.per)


def _word_values(norm: str) -> list[Value]:
    """Values said as words: "每天", "half an hour", "全仓" (phrases/values.toml)."""
    out: list[Value] = []
    emphasis = [(s, e) for s, e, _ in _words("no_share").every(norm)] if " all" in norm else []
    for start, end, key in _words(*_keyed("interval", "duration", "fraction")).every(norm):
        kind, number, unit, per = _said_value(key)
        if kind == "fraction" and any(s <= start and end <= e for s, e in emphasis):
            continue  # "no buy at all": no share
        out.append(Value(kind, start, end, norm[start:end], number, unit, per=per))
    return out


def _said_numbers(norm: str, coins: CoinIndex | None, mentions: dict[int, tuple[int, str]]) -> list[Value]:
    """Numbers said in English words, only with what they count ("one eth", "a hundred bucks",
    "five percent"), and "half a bitcoin" (0.5 BTC, not half of a balance)."""
    out: list[Value] = []
    for start, end, number, money, exact in _said_runs(norm):
        said = norm[start:end]
        if not exact:  # "one point twenty eth": neither 1 nor 20
            out.append(Value("refused", start, end, said, reason="separators"))
            continue
        quote = _words(*_QUOTE).after(norm, end)
        if money and (quote is None or norm[quote[0] : quote[1]] == "$"):
            quote = (end, end, "quote")  # "two grand of btc": 2,000 USDT
        if quote is not None and norm[quote[0] : quote[1]] != "$" and norm[end : end + 1].isspace():
            out.append(Value("amount", start, quote[1], said, number, "quote"))
        elif (coin := _coin_join_at(norm, end, coins, mentions)) is not None:
            out.append(Value("amount", start, coin[0], said, number, "base", coin[1]))
        elif (half := _and_a_half(norm, end, coins, mentions)) is not None:  # "one and a half eth"
            # no coin after it: the coin said before when it ends the message, else refused
            unread = not half[1] and half[0] < len(norm)  # "sell eth one and a half, now": coins or USDT?
            kind: Kind = "refused" if unread else "amount"
            number += Decimal("0.5")
            reason: Reason | None = "unit" if unread else None
            out.append(Value(kind, start, half[0], said, number, "base", half[1], reason=reason))
        elif (span := _latin_duration(norm, end)) is not None:  # "two weeks"
            out.append(Value("duration", start, span[0], "", number, span[1]))
        elif (pct := _words("percent").after(norm, end + (norm[end : end + 1] == "-"))) and pct[2] != "%":
            out.append(Value("percent", start, pct[1], said, number, "%"))  # "five percent", "five-percent"
    for start, end, _ in _words(*_HALF_A).every(norm):
        at = _skip(norm, end)
        coin = _coin_at(norm, at, coins, mentions) if at > end else None  # "half a" and a space
        if coin is not None:
            out.append(Value("amount", start, coin[0], norm[start:at], Decimal("0.5"), "base", coin[1]))
    return out


def _said_runs(norm: str) -> list[tuple[int, int, Decimal, bool, bool]]:
    """English numbers said in words, each one number with the words after it that make it one
    ("two hundred", "twenty-five": core.language.numbers.said_runs), and a decimal said with
    "point" ("one point five": 1.5); each with whether a scale said it is money and whether it
    reads exactly ("one point twenty": refused, never 1 nor 20)."""
    hits: list[tuple[int, int, Decimal, str | None]] = [
        (s, e, Decimal(k.split()[1]), None) for s, e, k in _words(*_keyed("said")).every(norm)
    ]
    hits += [(s, e, *_said_value(k)[1:3]) for s, e, k in _words(*_keyed("scale")).every(norm)]
    runs = [(*run, True) for run in said_runs(norm, hits)]
    points = _words("point").every(norm) if "point" in norm else []
    if not points:
        return runs
    digits = {s: (e, int(n)) for s, e, n, scale in hits if scale is None and n < 10}
    for point, after, _ in points:
        before = next((r for r in runs if r[1] <= point and not norm[r[1] : point].strip()), None)
        places, at, end = "", _skip(norm, after), after
        while at in digits and at > end:
            end, digit = digits[at]
            places, at = places + str(digit), _skip(norm, end)
        if not places and before is None:
            continue  # "point" alone: a word ("what's the point")
        start = point if before is None else before[0]
        if places:
            number = (Decimal(0) if before is None else before[2]) + Decimal(f"0.{places}")
            run = (start, end, number, False, before is None or before[2] == before[2].to_integral_value())
        else:  # "one point twenty": what follows the point is no digit said
            following = next((r for r in runs if r[0] >= after), None)
            run = (start, after if following is None else following[1], Decimal(0), False, False)
        runs = [r for r in runs if r[1] <= start or r[0] >= run[1]] + [run]
    return sorted(runs)


def _hex_ids(norm: str) -> list[Value]:
    """An alert's id ("#1a2b3c4d", "1a2b3c4d"): eight hex characters with a letter and a digit."""
    out: list[Value] = []
    for hit in _HEX_ID.finditer(norm):
        ident = hit.group("id")
        if hit.group("h") or (any(c.isdigit() for c in ident) and any(c.isalpha() for c in ident)):
            out.append(Value("id", hit.start(), hit.end(), hit.group(0), ident=ident))
    return out


def _numeral_values(norm: str, coins: CoinIndex | None) -> list[Value]:
    found = coins.find(norm) if coins is not None else ()
    mentions: dict[int, tuple[int, str]] = {}
    any_coin: dict[int, tuple[int, str]] = {}
    if found:  # the markets' module imported only for coins found (most texts name none)
        from core.markets import NOT_A_COIN

        mentions = {m.start: (m.end, m.symbol) for m in found if m.symbol != NOT_A_COIN and not m.weak}
        # after a number and 的 / of, a ticker that is also a word is the coin ("buy 400 of link")
        any_coin = {m.start: (m.end, m.symbol) for m in found if m.symbol != NOT_A_COIN}
    out: list[Value] = _said_numbers(norm, coins, mentions)
    for hit in _RUN.finditer(norm):
        value = _read_run(norm, hit.start(), hit.end(), coins, mentions)
        if value is None:
            continue
        last = out[-1] if out and out[-1].kind in ("number", "price") and value.kind == "number" else None
        if last and lone_digit_after_scale(norm, last.end, value.start, value.end):  # "8 萬 5": refused
            value = Value(
                "refused", out.pop().start, value.end, norm[last.start : value.end], reason="separators"
            )
        elif value.kind == "number" and (worth := _worth_of(norm, value.end, coins, any_coin)) is not None:
            value = Value(
                "refused", value.start, worth, norm[value.start : worth], value.number, reason="unit"
            )
        out.append(value)
    return out
