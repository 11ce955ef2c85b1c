"""One run of digits or Chinese numerals read as a value (core.language.values): what the number
says of itself (a multiplier, an exponent, a sign), the words before it (a price, an id, "$") and
after it (its unit, a coin): an amount, a price, a duration, or a refusal with its reason."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Final

from core.language.clock import on_a_clock
from core.language.day_counts import days_not_date
from core.language.normalize import has_cjk
from core.language.numbers import (
    CN_BIG,
    CN_DIGITS,
    CN_SMALL,
    DIME,
    LATIN_MULTIPLIERS,
    POINT,
    Reason,
    Unreadable,
    numeral,
    place_below,
    scaled,
    spaced_k,
)
from core.language.phrases import LATIN_LETTERS, Words
from core.language.shares import CN_FOLD
from core.language.value import UNIT_SECONDS, Kind, Value
from core.language.value_words import (
    _AFTER,
    _COIN_JOIN,
    _COUNT_VERB,
    _DATE,
    _DURATIONS,
    _EVERY,
    _FILLER_MARKS,
    _HYPHENATED,
    _ID,
    _LOOK_BACK,
    _MINUS,
    _ORDINAL,
    _PERCENT_OF,
    _PRICE,
    _QUOTE,
    _QUOTE_BEFORE,
    _RUN,
    _SIGN,
    _TIMES,
    _TIMES_BEFORE,
    _UNITS,
    _WORTH_OF,
    _YEAR_BEFORE,
    _abbreviated,
    _back,
    _coin_at,
    _coin_join_at,
    _keyed,
    _latin_duration,
    _once_each,
    _quote_onto_coin,
    _said_value,
    _skip,
    _words,
    exponent_at,
    other_dollar,
)

if TYPE_CHECKING:
    from core.coin_index import CoinIndex


def _a_year(run: str) -> bool:
    """Four digits a year of this age may be: 1990 to 2039."""
    return len(run) == 4 and run.isdigit() and _YEARS[0] <= int(run) <= _YEARS[1]


_YEARS: Final = (1990, 2039)
_POINTS: Final = ("点", "點")  # a decimal point said
_NO_HALF, _AND_A_HALF = ("半仓", "半倉"), ("个半", "個半")  # "三天半": 3.5 days, "每2天半仓" not
# What may end a price right before 一个 / 一颗 (phrases/values.toml one_of): "85000一个", "3万一颗".
_BEFORE_ONE_OF: Final = frozenset("0123456789万千亿萬億")


def _read_run(
    norm: str, start: int, end: int, coins: CoinIndex | None, mentions: dict[int, tuple[int, str]]
) -> Value | None:
    while end > start and norm[end - 1] in ",._":
        end -= 1  # "buy 1." / "100, then": the mark ends the sentence, not the number
    if (
        end - start > 1
        and norm[end - 2] in _BEFORE_ONE_OF
        and _words("one_of", "one_word").after(norm, end - 1, space=False)
    ):
        end -= 1  # "85000一个", "3万一颗": one coin's price, "一个" none of its digits (not "十一个");
        # "150一直": a word's 一
    if end == start:
        return None
    run = "".join(norm[start:end].split()).translate(CN_FOLD)  # "8 萬": 8万
    if POINT in run and _clock_said(norm, end, run):
        return None  # "三点五分", "9点30", "一点一点": a time of day or no number, never a decimal
    if on_a_clock(norm, start, end):
        return None  # "buy 0.1 btc at 9:30", "9:30买": a time of day, never a price of 9 nor 30
    if _hour_of_day(norm, start, end, run):
        return None  # "remind me about eth at 8 tonight": a time of day, never a price of 8
    arabic_digits = any(c.isdigit() for c in run)
    before = norm[max(0, start - _LOOK_BACK) : start]  # what a look-behind pattern needs to see
    times_before = _words(*_TIMES_BEFORE).before(norm, start)  # "x2", "×2": a multiple
    ahead = norm[times_before - 1] if times_before else " "  # (0: at the start)
    if ahead.isascii() and not ahead.isspace() and ahead not in _MINUS:
        times_before = None  # "0x2f", "\x00": a word of its own only; "-x2" is refused (a sign)
    if times_before is None and before[-1:].isascii() and before[-1:].isalpha() and arabic_digits:
        return None  # "gpt4", "web3", "c98": part of a word; a Chinese numeral is its own ("eth两周")
    if _HYPHENATED.search(before):
        return None  # "gpt-4", "usdt_2": part of a hyphenated word
    said_before = _back(norm, start)  # where the words before the number end
    ordinal = _words(*_ORDINAL).before(norm, said_before) is not None
    # "第2单", "3号单", "3号提醒"
    marks = ("ordinal_order_mark", "ordinal_alert_mark") if ordinal else ("order_mark", "alert_mark")
    mark = _words(*marks).after(norm, end) or (None if ordinal else _withdrawn_mark(norm, said_before, end))
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
    pointed = run[0] in CN_DIGITS and norm[start - 1 : start] in _POINTS  # "买点五个eth"
    if pointed and reason is None:
        reason = "separators"  # 0.5 as said ("点五"), or "some" (买点) and five? Read neither way
    if mark is not None and reason is None and number == number.to_integral_value():
        return Value("id", start, end, run, number, ident=str(int(number)))  # an order's or alert's number
    # Letters right after the digits: a multiplier ("1.5k", "2w"), an exponent ("1e9"), a unit.
    pos = end
    every = _words(*_EVERY).before(norm, said_before)  # where "every" / "每" starts
    at = pos + int(reason is None and arabic_digits and spaced_k(norm, pos))  # "1.5 k usdt" as "1.5k usdt"
    if (
        reason is None
        and arabic_digits
        and norm[at : at + 1] in LATIN_MULTIPLIERS
        and not _abbreviated(norm, at)
    ):
        letter = norm[at]
        weeks = letter == "w" and every is not None  # "every 2w" is every two weeks; "2w" alone is 20,000
        glued = (
            norm[at + 1 : at + 2] in LATIN_LETTERS  # a letter ("1.5kb"), not a Chinese word after "100k"
            and not _words(*_QUOTE).after(norm, at + 1)
            and not _coin_join_at(norm, at + 1, coins, mentions)
        )
        if not weeks and not glued:
            below = place_below(norm, at + 1, number, LATIN_MULTIPLIERS[letter])  # "1k2": 1,200
            if below is not None:
                pos, number, reason = below
            else:
                (number, reason), pos = scaled(number, LATIN_MULTIPLIERS[letter]), at + 1
    if (
        reason is None
        and arabic_digits
        and pos == end
        and (big := _money_scale(norm, start, end, said_before, mentions))
    ):
        below = place_below(norm, big[0], number, big[1])  # "2m5": 2,500,000
        (pos, number, reason) = below if below is not None else (big[0], *scaled(number, big[1]))
    said = _words(*_keyed("scale")).after(norm, pos) if reason is None and arabic_digits else None
    if said is not None:  # "1 million usdt": the digits times the scale said, never the digits alone
        (number, reason), pos = scaled(number, _said_value(said[2])[1]), said[1]
    money = said is not None and _said_value(said[2])[2] == "quote"  # "5 grand": 5,000 in money
    exponent = exponent_at(norm, pos) if arabic_digits else None
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
    if quote_before and norm[lead : lead + 1] == "$" and (country := other_dollar(norm, lead)) is not None:
        lead, reason = country, reason or "currency"  # "HK$500", "NT$ 3000": another country's dollars
    if pointed and lead == start:
        lead -= 1  # the refusal quotes the 点 too
    # After: the unit.
    counts = arabic_digits or _words(*_COUNT_VERB).before(norm, said_before) is not None  # "买一千个"
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
    elif (money_of := _money_of(norm, pos)) is not None:  # "1万5的u的btc": 15,000 USDT, never 15,000 coins
        tail, kind, unit, reason = money_of[0], "amount", "quote", reason or money_of[1]
    elif onto := _quote_onto_coin(norm, pos, coins, mentions):  # "100ubtc": 100 USDT of BTC
        (tail, coin), kind, unit = onto, "amount", "quote"
    elif (
        hit := _unit_at(
            norm, pos, run, every is not None or days_not_date(norm, run, start, pos, said_before)
        )
    ) is not None:
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
    elif hit := _and_a_half(norm, pos, coins, mentions):
        tail, coin = hit  # "一个半eth", "卖一个半", "1 and a half eth": coins and a half, never the half
        kind, unit, number = "amount", "base", number + Decimal("0.5")
        reason = reason or (None if coin or tail == len(norm) else "unit")  # "sell eth 1 and a half"
    elif hit := _coin_join_at(norm, pos, coins, mentions) or _counted_at_end(norm, pos, counts):
        tail, coin = hit  # "0.01个比特币"; "ETH 4000 賣 0.3 顆", "xrp买一千个": coins counted
        kind, unit = "amount", "base"
        if reason is None and (small := _words(*_keyed("coin_unit")).after(norm, pos)) and small[1] == tail:
            number, reason = scaled(number, _said_value(small[2])[1])  # "1000 sats": 0.00001 BTC
        elif coin and (bought := _coin_worth_of(norm, tail, coins, mentions)) is not None:
            # "buy 100 usdc of eth": ETH paid for in another coin, not USDT: refused, the coin bought kept
            (tail, coin), reason = bought, reason or "currency"
        if reason is None and coin and _price_before(norm, lead) and not _order_kind_before(norm, lead):
            # "buy at 150 sol", "止损设在150 sol", "以150 sol的价格买入": after a price's word, the price,
            # the coin after it whose it is (never 150 coins bought); in another coin named besides
            # ("sell eth at 0.05 btc"), a price in coins: refused, never read as USDT
            others = any(symbol != coin for _, symbol in mentions.values())
            kind, unit, coin, reason = "price", "", "", "currency" if others else None
    if kind == "number" and reason is None and run.endswith(DIME) and norm[pos : pos + 1] == "钱":
        tail, kind, unit = pos + 1, "amount", "quote"  # "五毛钱的狗狗币": half a 块 (USDT), no coins
    if kind == "amount" and unit == "quote" and reason is None and norm[tail - 1 : tail] in _YUAN:
        dimes = _dimes_after(norm, tail)  # "一块五" 1.5, "3块5" 3.5, "两块五毛" 2.5: never the 块 alone
        if dimes is not None:
            tail, tenths, reason = dimes
            number += tenths
    timed = _words(*_DATE).after(norm, tail) or _hour_at(norm, tail, number)
    if kind == "number" and reason is None and timed:
        return None  # "2024年", "3月", "5号", "10am", "9点整": a date or a time of day, no value here
    year = kind == "number" and reason is None and _a_year(run)
    if year and _words(*_YEAR_BEFORE).before(norm, said_before) is not None:
        return None  # "liquidated once in 2022": a year, no value here
    if (percent_of := _words(*_PERCENT_OF).before(norm, said_before)) is not None:  # 百分之五
        kind, unit, lead = "percent", "%", percent_of
    elif kind == "number" and run.isdigit() and _id_before(norm, said_before):
        return Value("id", start, end, run, number, ident=run)
    elif kind in ("number", "amount") and unit != "base" and _price_before(norm, lead):
        kind = "price"
    if not arabic_digits and kind == "number" and not _lone_chinese(run, norm, lead, tail):
        return None  # "一下", "两个账户": a Chinese numeral counts with a unit, or as a number said alone
    glued_word = (
        tail < len(norm) and norm[tail].isascii() and norm[tail].isalnum() and not _abbreviated(norm, tail)
    )
    if glued_word and reason is None and kind in ("number", "price", "multiple"):
        return None  # "100usdc", "5mb", "2x3": digits glued to a word this grammar does not know
    if (
        reason is None
        and kind in ("amount", "number")
        and (kept := _words("kept").before(norm, _back(norm, lead))) is not None
    ):
        reason, lead = (
            "kept",
            kept,
        )  # "卖掉eth只留0.5个", "sell eth but keep 0.5": kept, never the amount sold
    if reason is not None:  # a price refused stays the price ("at -85000"): unit "price"
        unit = "price" if kind == "price" else unit
        return Value("refused", lead, tail, norm[lead:tail], number, unit, coin, reason=reason)
    return Value(kind, lead, tail, norm[lead:tail], number, unit, coin)


def _hour_of_day(norm: str, start: int, end: int, run: str) -> bool:
    """A whole hour of 1 to 12 said after "at" / "around" with a part of the day right after it
    ("at 8 tonight", "around 7 in the morning", "at 8 before work"): a time (phrases/values.toml)."""
    if not run.isdigit() or not 1 <= int(run) <= 12 or not norm[end : end + 1].isspace():
        return False
    return (
        _words("clock_at").before(norm, _back(norm, start)) is not None
        and _words("day_part").after(norm, end) is not None
    )


def _clock_said(norm: str, end: int, run: str) -> bool:
    """A run said with 点 ending at ``end`` is a time of day, or no number: a clock's word after it
    ("三点五分", "9点30分"), another 点 ("一点一点"), or Arabic digits with an hour before the 点
    ("9点30", "0点5"; a multiplier after makes it money: "1点5万")."""
    if norm[end : end + 1] in _POINTS or _words("clock").after(norm, end, space=False) is not None:
        return True
    whole, _, after = run.partition(POINT)
    hour = whole.isdigit() and int(whole) <= 24
    return any(c.isdigit() for c in run) and hour and after[-1:] not in "千万亿"


def _and_a_half(
    norm: str, at: int, coins: CoinIndex | None, mentions: dict[int, tuple[int, str]]
) -> tuple[int, str] | None:
    """(end, coin) of a half more and the coin after a count ending at ``at``: "个半" and the coin
    ("一个半eth") or the message's end ("卖一个半": no coin, the end), "and a half" and the coin ("one
    and a half eth", "2 and a half sol"; no coin after it: its end, no coin, which the caller
    refuses: that many coins or USDT?); None otherwise."""
    if norm[at : at + 2] in _AND_A_HALF:
        after = at + 2
        if not norm[after:].translate(_FILLER_MARKS).strip():
            return len(norm), ""
        return _coin_at(norm, _skip(norm, after), coins, mentions)
    said = _words("and a half").after(norm, at)
    if said is None:
        return None
    return _coin_at(norm, _skip(norm, said[1]), coins, mentions) or (said[1], "")  # no coin: refused


def _money_scale(
    norm: str, start: int, end: int, said_before: int, mentions: dict[int, tuple[int, str]]
) -> tuple[int, Decimal] | None:
    """(end, million or billion) of a letter glued to the digits ending at ``end`` ("2m", "2.5M",
    "3b", "2mn": phrases/values.toml money_scale) where the number is money: a money unit after it,
    "$" or a price word or a word of money_before before it, a coin and a word of money_after_coin
    before it ("btc到2m"), the first bound of a range so read before it ("2m到3m"), or a digit after
    it ("2m5"); else None, and "m" stays minutes ("5m chart", "every 2m", "from 1m to 5m")."""
    end += norm[end : end + 2][:1] == " " != norm[end + 1 : end + 2]  # one space: "12 m usdt"
    hit = _words(*_keyed("money_scale")).after(norm, end, space=False)
    for glued in (2, 1) if hit is None else ():  # "2mu", "2bnu", "2musdt": a money unit glued on
        if _words(*_QUOTE).after(norm, end + glued, space=False):
            hit = hit or _words(*_keyed("money_scale")).after(norm[: end + glued], end, space=False)
    if hit is None or _abbreviated(norm, hit[0]):
        return None
    letter_end, by = hit[1], _said_value(hit[2])[1]
    money = (
        norm[letter_end : letter_end + 1].isdigit()
        or _words(*_QUOTE).after(norm, letter_end) is not None
        or _money_said_before(norm, start, said_before, mentions)
        or _money_bound_before(norm, said_before, mentions)
    )
    return (letter_end, by) if money else None


def _money_said_before(norm: str, start: int, said_before: int, mentions: dict[int, tuple[int, str]]) -> bool:
    """The words before the number starting at ``start`` make it money: "$", money's word, a word of
    money_before, a price word, or a coin and a word of money_after_coin."""
    return (
        norm[:start].rstrip().endswith("$")
        or _words(*_QUOTE_BEFORE).before(norm, said_before) is not None
        or _words("money_before").before(norm, said_before) is not None
        or _price_before(norm, start)
        or _coin_price_before(norm, said_before, mentions)
    )


def _coin_price_before(norm: str, said_before: int, mentions: dict[int, tuple[int, str]]) -> bool:
    """A coin, then a word of money_after_coin, right before the number ("btc到2m", "btc from 2m");
    or spaces where a reader blanked the coin's name out, its length kept (core.language.fills.blank:
    the alert reader reads "   到2m提醒我"), a message's own spaces being single."""
    word = _words("money_after_coin").before(norm, said_before)
    if word is None:
        return False
    coin_end = _back(norm, word)
    return any(end == coin_end for end, _ in mentions.values()) or norm[max(0, word - 2) : word] == "  "


def _money_bound_before(norm: str, said_before: int, mentions: dict[int, tuple[int, str]]) -> bool:
    """A range's join right before the number, after a first bound read as money ("btc网格 2m到3m",
    "grid btc from 1万 to 1m": a grid's word, or a coin and "from", before it; or its own letter
    read as million)."""
    join = _words("money_range_join").before(norm, said_before)
    if join is None:
        return False
    bound = _bound_before(norm, _back(norm, join))
    if bound is None:
        return False
    start, end, lettered = bound
    if _money_said_before(norm, start, _back(norm, start), mentions):
        return True
    return lettered and _money_scale(norm, start, end, _back(norm, start), mentions) is not None


def _bound_before(norm: str, at: int) -> tuple[int, int, bool] | None:
    """(start, end of its first digits, letters after them) of the number typed right before ``at``
    as one word ("2m", "1 mn", "1,000", "1万", "1 million", "1k1", "1e1", "-1"), or None."""
    start = at
    while start > 0 and (
        norm[start - 1] in _BOUND_CHARS or (norm[start - 1] == " " and norm[start - 2 : start - 1].isdigit())
    ):
        start -= 1
    word = norm[start:at].rstrip(" ")
    lead = len(word) - len(word.lstrip(_MINUS))
    digits = len(word[lead:]) - len(word[lead:].lstrip("0123456789.,"))
    if not any(c.isdigit() for c in word[lead : lead + digits]):
        return None
    end = start + lead + digits
    return start, end, any(c in _LATIN_LOWER for c in word[lead + digits :])


_LATIN_LOWER = "abcdefghijklmnopqrstuvwxyz"
_BOUND_CHARS = frozenset(f"0123456789.,万千百亿萬億{_LATIN_LOWER}{_MINUS}")


def _worth_of(
    norm: str, pos: int, coins: CoinIndex | None, mentions: dict[int, tuple[int, str]]
) -> int | None:
    """Where the coin ends after a number with no unit, "的" and the coin ("买100的btc", "买0.5w的大饼"):
    the words say "that much of the coin" in money as often as in coins, so the amount is refused,
    asking which, never read as either. So with a word this grammar does not know between ("buy 1
    sat of btc", "买10万聪的比特币"): a unit unread, refused, never that many coins."""
    unknown = (
        () if _CENTS.after(norm, pos) is not None else _unknown_unit(norm, pos)
    )  # cents: core.language.cents
    for at in (pos, *unknown):
        coin = _coin_worth_of(norm, at, coins, mentions)
        if coin is not None:
            return coin[0]
    return None


_CENTS: Final = Words("alert.cents")  # "50 cents of doge": money, read by core.language.cents


def _unknown_unit(norm: str, pos: int) -> tuple[int, ...]:
    """Where a word right after a number may end: a Latin word ("sat" of "1 sat of btc"), one or two
    Chinese characters ("聪" of "10万聪的比特币"); none for a digit, a mark or a word the lexicon knows
    ("挂185沽光的sol": 沽光 sells)."""
    from core.language.word_scan import scan  # only after a number, a word and a coin: not at import

    at = pos + (norm[pos : pos + 1] == " ")
    end = at
    while end < len(norm) and norm[end] in _LATIN_LOWER:
        end += 1
    said = norm[at : at + 2]
    ends = (end,) if end > at else tuple(at + n for n in (1, 2) if all(map(has_cjk, said[:n])))
    return tuple(e for e in ends if not _RUN.search(norm[at:e]) and not scan(norm[at:e]))


_YUAN: Final = "块塊"
_COUNTERS: Final = "个個颗顆枚只張张份"  # "五块一个": a count after the digit, no tenths


def _dimes_after(norm: str, at: int) -> tuple[int, Decimal, Reason | None] | None:
    """The tenths said right after 块 ("一块五", "3块5", "两块五毛"): (end, tenths, None); more than
    one digit there ("1块50") is refused, never dropped; None when no digit follows."""
    digit = norm[at : at + 1]
    value = CN_DIGITS.get(digit, int(digit) if digit.isdigit() else None)
    if value is None:
        return None
    end = at + 1 + (norm[at + 1 : at + 2] == DIME)
    more = norm[end : end + 1]
    counter = norm[end + 1 : end + 2]
    counted = bool(counter) and counter in _COUNTERS and more in CN_DIGITS  # "3块5一颗": 3.5 each
    if more and not counted and (more.isdigit() or more in CN_DIGITS or more in CN_SMALL or more in CN_BIG):
        return end + 1, Decimal(0), "separators"
    if more and more in _COUNTERS:
        return None  # "五块一个": five each, a count after it, no tenths
    return end, Decimal(value) / 10, None


def _coin_worth_of(
    norm: str, pos: int, coins: CoinIndex | None, mentions: dict[int, tuple[int, str]]
) -> tuple[int, str] | None:
    """(end, symbol) of the coin said after "of" / 的 at ``pos`` ("100 usdc of eth": ETH)."""
    word = _words(*_WORTH_OF).after(norm, _skip(norm, pos))
    return _coin_at(norm, _skip(norm, word[1]), coins, mentions) if word is not None else None


def _money_of(norm: str, pos: int) -> tuple[int, Reason | None] | None:
    """(end, reason) of money's unit said after 的 / 嘅 ("买1万5的u的btc", "100嘅usdt嘅eth"): so
    much money, never so many coins; a currency deskmate does not count in is refused ("100的港币")."""
    word = _words(*_WORTH_OF).after(norm, pos)
    if word is None or norm[word[0]].isascii():
        return None  # "buy 400 of link": "of" is no unit's join
    if (quote := _words(*_QUOTE).after(norm, word[1])) is not None and norm[quote[0]] != "$":
        return quote[1], None
    other = _words("other_currency").after(norm, word[1])
    return (other[1], "currency") if other is not None else None


def _withdrawn_mark(norm: str, said_before: int, end: int) -> tuple[int, int, str] | None:
    """A bare 号 after the number ending at ``end``, the number withdrawn ("撤3号", "撤掉3号", "撤单3号";
    "3号撤了", "把3号撤咗" with nothing else before it): an order's number, as "3号单" is. After a
    withdraw word it ends the ask (the message, a mark, a particle: "撤3号吧"); going on it is a date
    ("撤3号的单", "撤3号之前的单"), as it is said before the withdraw after other words ("我3号撤了单",
    "上个月3号撤了"). The last of a list said so ("撤3号和4号") is one too: both refused together,
    never order 3 alone."""
    mark = _words("bare_mark").after(norm, end)
    if mark is None:
        return None
    tail = mark[1]
    if _words("withdraw").after(norm, tail) is not None:
        first = not norm[:said_before].strip()
        return mark if first or _words("withdrawn_first").before(norm, said_before) is not None else None
    withdrawn = _words("withdraw").before(norm, said_before) is not None
    if withdrawn and _words("not_withdraw").before(norm, said_before) is not None:
        return None  # "回撤3号": a drawdown
    listed = _words("alert_mark").before(norm, said_before) is not None  # "撤3号和4号": the list's last
    if not withdrawn and not listed:
        return None  # "3号": a date
    if tail == len(norm) or not norm[tail].isalnum():
        return mark  # "撤3号", "撤3号，然后…"
    return mark if _words("bare_mark_end").after(norm, tail) is not None else None


def _price_before(norm: str, at: int) -> bool:
    """A price word or mark right before ``at``: "at 85000", "@85000", "价格: $85000"."""
    at = _back(norm, at)
    at = _back(norm, at - 1) if norm[at - 1 : at] == "$" else at
    at = _back(norm, at - 1) if norm[at - 1 : at] in (":", "：") else at
    return at > 0 and _words(*_PRICE).before(norm, at) is not None


def _order_kind_before(norm: str, at: int) -> bool:
    """A price's word naming an order's kind right before ``at`` ("limit 2 eth", "限价2个eth")."""
    return _words("order_kind").before(norm, _back(norm, at)) is not None


def _id_before(norm: str, at: int) -> bool:
    """An id's word or mark ending at ``at``: "#12", "id: 12", "no. 12", "编号12"."""
    if at > 0 and _words(*_ID).before(norm, at) is not None:
        return True
    mark = _back(norm, at - 1) if at > 0 and norm[at - 1] in ":：#" else 0  # after a Latin word alone
    start = _words(*_ID).before(norm, mark) if mark > 0 else None
    return start is not None and norm[start] in LATIN_LETTERS


def _unit_at(norm: str, pos: int, run: str = "", every: bool = False) -> tuple[int, str] | None:
    """(end, key) of the unit after the number ``run`` at ``pos``: "u", "%", "格", "天", "日" (after
    每: ``every``), "-day"; none after a year's number ("2024年": a date)."""
    if _abbreviated(norm, _skip(norm, pos)):
        return None
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
    unit character or a point and more than one character ("一百", "十二", "一万五", "一毛五", "一毫五",
    "零点一五"), or said alone ("五")."""
    if run == "半":
        # "半" alone: half of what? (一半 / 半仓 are words of their own); counted and ending a buy or
        # a sale ("以太坊限价3100买入半个", "sol卖半个"), half a coin, as "买一个" is one
        return (
            bool(_counted_at_end(norm, tail, space=False))
            and _words(*_COUNT_VERB).before(norm, _back(norm, lead)) is not None
        )
    if len(run) > 1 and any(c in "十百千万亿毛毫点" for c in run) and norm[tail : tail + 1] != "分":
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
