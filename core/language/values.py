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
"""

from __future__ import annotations

import re
import unicodedata
from decimal import Decimal
from functools import cache, partial
from itertools import pairwise
from typing import TYPE_CHECKING, Final

from core.language.dates import date_spans
from core.language.lexicon import phrases
from core.language.normalize import simplified
from core.language.numbers import (
    LATIN_MULTIPLIERS,
    SCALE_CHARS,
    Reason,
    Unreadable,
    lone_digit_after_scale,
    numeral,
    said_runs,
    scaled,
    spaced_k,
)
from core.language.phrases import LATIN_LETTERS, placed
from core.language.refusals import REFUSED_PREFIX as REFUSED_PREFIX
from core.language.refusals import refusal_in as refusal_in
from core.language.refusals import refusal_message as refusal_message
from core.language.refusals import refused_slot as refused_slot
from core.language.shares import CN, CN_FOLD, parts, slashes
from core.language.steps import stepped
from core.language.value import UNIT_SECONDS as UNIT_SECONDS
from core.language.value import Kind as Kind
from core.language.value import Value as Value

if TYPE_CHECKING:
    from core.coin_index import CoinIndex

# -- the tables ------------------------------------------------------------------------------------

_MINUS, _LOOK_BACK = "-−–﹣", 24  # a sign's dashes; how far back a look-behind sees
_HYPHENATED = re.compile(r"(?<![\d.a-z])[a-z]+[-_]$")  # "gpt-4", not "80k-100k"
_FILLER_MARKS = str.maketrans("", "", "。.!！~～,，")  # and spaces: what says nothing around a number
_HEX_ID = re.compile(r"(?<![0-9a-z])(?P<h>#?)(?P<id>[0-9a-f]{8})(?![0-9a-z])")
# A mark only between digits; spaces only between digits and a multiplier ("8 萬": as "8萬").
_RUN = re.compile(rf"半|(?:\.\d|\d|[{CN}])(?:[\d{CN}]|[,._](?=\d)|(?<=\d)[^\S\n]+(?=[{SCALE_CHARS}]))*")

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


# -- reading ---------------------------------------------------------------------------------------

_NO_HALF, _AND_A_HALF = ("半仓", "半倉"), ("个半", "個半")  # "三天半": 3.5 days, "每2天半仓" not
# What may end a price right before 一个 / 一颗 (phrases/values.toml one_of): "85000一个", "3万一颗".
_BEFORE_ONE_OF: Final = frozenset("0123456789万千亿萬億")
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
        *(Value("date", start, end, "") for start, end in date_spans(norm)),  # core.language.dates
    ]
    found.sort(key=lambda v: (v.start, -(v.end - v.start)))
    kept: list[Value] = []
    for value in found:
        if kept and value.start < kept[-1].end:
            continue
        kept.append(value)
    return stepped(norm, _all_of_said(norm, kept))


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
    for start, end, key in _words(*_keyed("interval", "duration", "fraction")).every(norm):
        kind, number, unit, per = _said_value(key)
        out.append(Value(kind, start, end, norm[start:end], number, unit, per=per))
    return out


def _said_numbers(norm: str, coins: CoinIndex | None, mentions: dict[int, tuple[int, str]]) -> list[Value]:
    """Numbers said in English words, only with what they count ("one eth", "a hundred bucks",
    "five percent"), and "half a bitcoin" (0.5 BTC, not half of a balance)."""
    out: list[Value] = []
    for start, end, number, money in _said_runs(norm):
        said = norm[start:end]
        quote = _words(*_QUOTE).after(norm, end)
        if money and (quote is None or norm[quote[0] : quote[1]] == "$"):
            quote = (end, end, "quote")  # "two grand of btc": 2,000 USDT
        if quote is not None and norm[quote[0] : quote[1]] != "$" and norm[end : end + 1].isspace():
            out.append(Value("amount", start, quote[1], said, number, "quote"))
        elif (coin := _coin_join_at(norm, end, coins, mentions)) is not None:
            out.append(Value("amount", start, coin[0], said, number, "base", coin[1]))
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


def _said_runs(norm: str) -> list[tuple[int, int, Decimal, bool]]:
    """English numbers said in words, each one number with the words after it that make it one
    ("two hundred", "twenty-five": core.language.numbers.said_runs)."""
    hits: list[tuple[int, int, Decimal, str | None]] = [
        (s, e, Decimal(k.split()[1]), None) for s, e, k in _words(*_keyed("said")).every(norm)
    ]
    hits += [(s, e, *_said_value(k)[1:3]) for s, e, k in _words(*_keyed("scale")).every(norm)]
    return said_runs(norm, hits)


def _latin_duration(norm: str, pos: int) -> tuple[int, str] | None:
    """(end, unit) of a Latin duration word at ``pos``, a dash allowed before it ("30-day")."""
    at = _skip(norm, pos)
    hit = _words(*_DURATIONS).after(norm, at + (norm[at : at + 1] == "-"))
    return (hit[1], hit[2]) if hit is not None and norm[hit[0]] in LATIN_LETTERS else None


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
    from core.markets import NOT_A_COIN

    found = coins.find(norm) if coins is not None else ()
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


def _read_run(
    norm: str, start: int, end: int, coins: CoinIndex | None, mentions: dict[int, tuple[int, str]]
) -> Value | None:
    while end > start and norm[end - 1] in ",._":
        end -= 1  # "buy 1." / "100, then": the mark ends the sentence, not the number
    if (
        end - start > 1
        and norm[end - 2] in _BEFORE_ONE_OF
        and _words("one_of").after(norm, end - 1, space=False)
    ):
        end -= 1  # "85000一个", "3万一颗": one coin's price, "一个" none of its digits (not "十一个")
    if end == start:
        return None
    run = "".join(norm[start:end].split()).translate(CN_FOLD)  # "8 萬": 8万
    arabic_digits = any(c.isdigit() for c in run)
    before = norm[max(0, start - _LOOK_BACK) : start]  # what a look-behind pattern needs to see
    times_before = _words(*_TIMES_BEFORE).before(norm, start)  # "x2", "×2": a multiple
    ahead = norm[times_before - 1] if times_before else " "  # (0: at the start)
    if ahead.isascii() and not ahead.isspace() and ahead not in _MINUS:
        times_before = None  # "0x2f", "\x00": a word of its own only; "-x2" is refused (a sign)
    if times_before is None and before[-1:].isascii() and before[-1:].isalpha():
        return None  # "gpt4", "web3", "c98": part of a word
    if _HYPHENATED.search(before):
        return None  # "gpt-4", "usdt_2": part of a hyphenated word
    said_before = _back(norm, start)  # where the words before the number end
    ordinal = _words(*_ORDINAL).before(norm, said_before) is not None
    # "第2单", "3号单", "3号提醒"
    marks = ("ordinal_order_mark", "ordinal_alert_mark") if ordinal else ("order_mark", "alert_mark")
    mark = _words(*marks).after(norm, end)
    if ordinal and mark is None:
        return None  # "第一个": an ordinal
    # What the number says of itself.
    reason: Reason | None = None
    number = Decimal(0)
    try:
        number = numeral(run)
    except Unreadable as exc:
        if exc.reason is None and not arabic_digits:
            return None  # "一一", "千万别": no numeral
        reason = exc.reason or "separators"  # "85000一": digits typed are refused, never dropped
    if mark is not None and reason is None and number == number.to_integral_value():
        return Value("id", start, end, run, number, ident=str(int(number)))  # an order's or alert's number
    # Letters right after the digits: a multiplier ("1.5k", "2w"), an exponent ("1e9"), a unit.
    pos = end
    every = _words(*_EVERY).before(norm, said_before)  # where "every" / "每" starts
    at = pos + int(reason is None and arabic_digits and spaced_k(norm, pos))  # "1.5 k usdt" as "1.5k usdt"
    if reason is None and arabic_digits and norm[at : at + 1] in LATIN_MULTIPLIERS:
        letter = norm[at]
        weeks = letter == "w" and every is not None  # "every 2w" is every two weeks; "2w" alone is 20,000
        glued = (
            norm[at + 1 : at + 2] in LATIN_LETTERS  # a letter ("1.5kb"), not a Chinese word after "100k"
            and not _words(*_QUOTE).after(norm, at + 1)
            and not _coin_join_at(norm, at + 1, coins, mentions)
        )
        if not weeks and not glued:
            (number, reason), pos = scaled(number, LATIN_MULTIPLIERS[letter]), at + 1
    said = _words(*_keyed("scale")).after(norm, pos) if reason is None and arabic_digits else None
    if said is not None:  # "1 million usdt": the digits times the scale said, never the digits alone
        (number, reason), pos = scaled(number, _said_value(said[2])[1]), said[1]
    money = said is not None and _said_value(said[2])[2] == "quote"  # "5 grand": 5,000 in money
    exponent = _exponent(norm, pos) if arabic_digits else None
    if exponent is not None and not norm[exponent : exponent + 1].isdigit():
        reason, pos = "exponent", exponent
    # Before: a sign, a dollar sign.
    lead = start if times_before is None else times_before
    quote_before = money or _words(*_QUOTE_BEFORE).before(norm, said_before) is not None
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
    if times_before is not None:
        kind, unit = "multiple", "x"
    elif quote_before:
        kind, unit = "amount", "quote"
        after = _words(*_QUOTE).after(norm, pos)  # "$100 usdt": the unit said twice
        if after is not None and norm[after[0] : after[1]] != "$":
            tail = after[1]
    elif (other := _words("other_currency").after(norm, pos)) and not _words(*_QUOTE).after(norm, pos):
        tail, kind, unit, reason = other[1], "amount", "quote", reason or "currency"  # "100 港幣", "100蚊"
    elif (times := _words(*_TIMES).after(norm, pos, space=False)) is not None:  # "2x", "3倍"
        tail, kind, unit = times[1], "multiple", "x"
    elif (hit := _unit_at(norm, pos, run, every is not None or _past_before(norm, said_before))) is not None:
        tail, key = hit
        key = key.removeprefix("every_")  # "每3日", "每3月": an interval; "3日" a date
        once = every is None and key in _DURATIONS and _once_each(norm, tail)  # "4小时一次"
        kind, unit = _AFTER.get(key) or ("interval" if every is not None or once else "duration", key)
        if every is not None and reason is None:
            lead = min(lead, every)
        if unit in UNIT_SECONDS and norm[tail : tail + 1] == "半" and norm[tail : tail + 2] not in _NO_HALF:
            tail, number = tail + 1, number + Decimal("0.5")  # "两年半", "三天半": and a half
    elif norm[pos : pos + 2] in _AND_A_HALF and (hit := _unit_at(norm[pos] + norm[pos + 2 :], 0, run)):
        tail, kind, unit, number = pos + 1 + hit[0], "duration", hit[1], number + Decimal("0.5")  # 两个半小时
    elif hit := _coin_join_at(norm, pos, coins, mentions) or _counted_at_end(norm, pos, arabic_digits):
        tail, coin = hit  # "0.01个比特币"; "ETH 4000 賣 0.3 顆": coins counted, the coin said before
        kind, unit = "amount", "base"
        if reason is None and (small := _words(*_keyed("coin_unit")).after(norm, pos)) and small[1] == tail:
            number, reason = scaled(number, _said_value(small[2])[1])  # "1000 sats": 0.00001 BTC
    timed = _words(*_DATE).after(norm, tail) or _hour_at(norm, tail, number)
    if kind == "number" and reason is None and timed:
        return None  # "2024年", "3月", "5号", "10am", "9点整": a date or a time of day, no value here
    if (percent_of := _words(*_PERCENT_OF).before(norm, said_before)) is not None:  # 百分之五
        kind, unit, lead = "percent", "%", percent_of
    elif kind == "number" and run.isdigit() and _id_before(norm, said_before):
        return Value("id", start, end, run, number, ident=run)
    elif kind in ("number", "amount") and unit != "base" and _price_before(norm, lead):
        kind = "price"
    if not arabic_digits and kind == "number" and not _lone_chinese(run, norm, lead, tail):
        return None  # "一下", "两个账户": a Chinese numeral counts with a unit, or as a number said alone
    glued_word = tail < len(norm) and norm[tail].isascii() and norm[tail].isalnum()
    if glued_word and reason is None and kind in ("number", "price", "multiple"):
        return None  # "100usdc", "5mb", "2x3": digits glued to a word this grammar does not know
    if reason is not None:  # a price refused stays the price ("at -85000"): unit "price"
        unit = "price" if kind == "price" else unit
        return Value("refused", lead, tail, norm[lead:tail], number, unit, coin, reason=reason)
    return Value(kind, lead, tail, norm[lead:tail], number, unit, coin)


def _coin_join_at(
    norm: str, pos: int, coins: CoinIndex | None = None, mentions: dict[int, tuple[int, str]] | None = None
) -> tuple[int, str] | None:
    at = _skip(norm, pos)  # "0.01 个 比特币": a counting word may sit between
    join = _words(*_COIN_JOIN).after(norm, at, space=False)
    return _coin_at(norm, _skip(norm, join[1]) if join else at, coins, mentions or {})


def _worth_of(
    norm: str, pos: int, coins: CoinIndex | None, mentions: dict[int, tuple[int, str]]
) -> int | None:
    """Where the coin ends after a number with no unit, "的" and the coin ("买100的btc", "买0.5w的大饼"):
    the words say "that much of the coin" in money as often as in coins, so the amount is refused,
    asking which, never read as either."""
    word = _words(*_WORTH_OF).after(norm, _skip(norm, pos))
    coin = _coin_at(norm, _skip(norm, word[1]), coins, mentions) if word is not None else None
    return coin[0] if coin is not None else None


def _price_before(norm: str, at: int) -> bool:
    """A price word or mark right before ``at``: "at 85000", "@85000", "价格: $85000"."""
    at = _back(norm, at)
    at = _back(norm, at - 1) if norm[at - 1 : at] == "$" else at
    at = _back(norm, at - 1) if norm[at - 1 : at] in (":", "：") else at
    return at > 0 and _words(*_PRICE).before(norm, at) is not None


def _id_before(norm: str, at: int) -> bool:
    """An id's word or mark ending at ``at``: "#12", "id: 12", "no. 12", "编号12"."""
    if at > 0 and _words(*_ID).before(norm, at) is not None:
        return True
    mark = _back(norm, at - 1) if at > 0 and norm[at - 1] in ":：#" else 0  # after a Latin word alone
    start = _words(*_ID).before(norm, mark) if mark > 0 else None
    return start is not None and norm[start] in LATIN_LETTERS


def _exponent(norm: str, at: int) -> int | None:
    """The end of an exponent at ``at`` ("e9", "e+400", "e-5"), or None."""
    digits = at + 1 + (norm[at + 1 : at + 2] in ("+", "-"))
    end = next((i for i in range(digits, len(norm)) if not norm[i].isdecimal()), len(norm))
    return end if norm[at : at + 1] == "e" and end > digits else None


def _once_each(norm: str, at: int) -> bool:
    """Once in the duration ending at ``at`` ("4小时一次", "3天 买一次"), not once at all ("一次都没")."""
    once = _words("once_each").after(norm, at)
    return once is not None and _words("once_not").after(norm, once[1], space=False) is None


def _past_before(norm: str, at: int) -> bool:
    """A span back from now said right before the number ("过去 30 日", "近30日"): days, no date."""
    return _words("past").before(norm, at) is not None


def _unit_at(norm: str, pos: int, run: str = "", every: bool = False) -> tuple[int, str] | None:
    """(end, key) of the unit after the number ``run`` at ``pos``: "u", "%", "格", "天", "日" (after
    每: ``every``), "-day"; none after a year's number ("2024年": a date)."""
    hit, year = _words(*_UNITS).after(norm, pos), len(run) == 4 and run.isdigit()
    if hit is not None and (hit[2].startswith("every_") > every or (hit[2] == "y" and year)):
        return None
    if hit is not None and hit[2] == "grid" and run in ("一", "壹") and norm[pos : pos + 1] in ("个", "個"):
        return None  # "建一个网格策略": Chinese's "a" (a grid count is at least 2); "一格" is one
    return (hit[1], hit[2]) if hit is not None else _latin_duration(norm, pos)


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
    end = _back(norm, at)  # "负100" touches its number; "minus 5" is a word and a space
    word = _words(*_SIGN).before(norm, end)
    return word if word is not None and (norm[word] in LATIN_LETTERS) == (end < at) else None


def _lone_chinese(run: str, norm: str, lead: int, tail: int) -> bool:
    """A Chinese numeral with no unit counts when it is a number beyond doubt: written with a
    unit character and more than one character ("一百", "十二", "一万五", "一毛五"), or said alone ("五")."""
    if run == "半":
        return False  # "半" alone: half of what? (一半 / 半仓 are words of their own)
    if len(run) > 1 and any(c in "十百千万亿毛" for c in run) and norm[tail : tail + 1] != "分":
        return True
    if _counted_at_end(norm, tail, space=False):  # "买一个", "卖掉两个" ending the message
        return _words(*_COUNT_VERB).before(norm, _back(norm, lead)) is not None
    return not "".join((norm[:lead] + norm[tail:]).split()).translate(_FILLER_MARKS)


def _counted_at_end(
    norm: str, pos: int, counts: bool = True, *, space: bool = True
) -> tuple[int, str] | None:
    """(end, no coin) of a coin's counting word at ``pos`` ("个", "顆") that ends the message."""
    join = _words(*_COIN_JOIN).after(norm, pos, space=space) if counts else None
    return (
        (join[1], "") if join is not None and not norm[join[1] :].translate(_FILLER_MARKS).strip() else None
    )


def _hour_at(norm: str, tail: int, number: Decimal) -> bool:
    """A whole number of 0 to 24 before 点 ("明天9点整", "九点半", "9点钟") is a clock's hour, never a
    price level; "8万点" is a price in points (its number is past any hour)."""
    return norm.startswith(("点", "點"), tail) and number == number.to_integral_value() and 0 <= number <= 24
