"""The value grammar (core.language.values): each typed value read exactly, or refused with the
reason; never another number. Cases from issue 21's money misreads and DESIGN section 10."""

from __future__ import annotations

from decimal import Decimal

from bot.catalog import bundled_catalog
from core.coin_index import CoinIndex
from core.language.picks import one_value, positive
from core.language.values import (
    Value,
    find_values,
    refusal_in,
    refusal_message,
    refused_slot,
)
from tests.cases import each

COINS = CoinIndex(bundled_catalog())


def read(text: str) -> list[tuple[str, str, str]]:
    """(kind, what it means, typed) of every value: "quote:100", "base:0.01 BTCUSDT", "sign"."""
    return [(v.kind, _meaning(v), v.typed) for v in find_values(text, COINS)]


def _meaning(v: Value) -> str:
    if v.refused:
        return str(v.reason)
    if v.kind == "amount":
        return f"{v.amount_slot} {v.coin}".strip()
    if v.kind in ("duration", "interval"):
        return f"{v.number}{v.unit}"
    if v.kind == "id":
        return v.ident
    if v.per != 1:
        return f"{v.number}/{v.per}"
    return format(v.number.normalize(), "f")


@each(
    ("text", "expected"),
    [
        # amounts with their unit: quote (USDT) before or after, a coin: base
        ("buy $100 of DOGE", [("amount", "quote:100", "$100")]),
        ("buy 100$ of SOL", [("amount", "quote:100", "100$")]),
        ("buy 50 bucks of eth", [("amount", "quote:50", "50 bucks")]),
        ("buy 2k worth of btc", [("amount", "quote:2000", "2k worth")]),  # "worth": money, never a price
        ("买价值2000的比特币", [("amount", "quote:2000", "2000")]),  # money, never 2,000 coins
        ("buy 1.5k USDT of BTC", [("amount", "quote:1500", "1.5k USDT")]),
        ("买一百U的以太坊", [("amount", "quote:100", "一百U")]),
        ("买100刀的sol", [("amount", "quote:100", "100刀")]),
        ("买 20 美元 的 BTC", [("amount", "quote:20", "20 美元")]),
        ("花 30块钱 买狗狗币", [("amount", "quote:30", "30块钱")]),
        ("一万五U", [("amount", "quote:15000", "一万五U")]),
        ("5万U", [("amount", "quote:50000", "5万U")]),
        ("2wU", [("amount", "quote:20000", "2wU")]),
        ("100 usd", [("amount", "quote:100", "100 usd")]),
        ("0.01 BTC", [("amount", "base:0.01 BTCUSDT", "0.01 BTC")]),
        ("0.01个比特币", [("amount", "base:0.01 BTCUSDT", "0.01个比特币")]),
        ("买0.01btc", [("amount", "base:0.01 BTCUSDT", "0.01btc")]),
        ("买两个比特币", [("amount", "base:2 BTCUSDT", "两个比特币")]),
        ("买半个比特币", [("amount", "base:0.5 BTCUSDT", "半个比特币")]),
        ("半天", [("duration", "0.5d", "半天")]),
        ("半", []),
        # numbers: Chinese, abbreviated, grouped, full width
        ("一百", [("number", "100", "一百")]),
        ("两千", [("number", "2000", "两千")]),
        ("十二", [("number", "12", "十二")]),
        ("一百零五", [("number", "105", "一百零五")]),
        ("1.5k", [("number", "1500", "1.5k")]),
        ("2w", [("number", "20000", "2w")]),
        # a digit glued after the multiplier is the place below it, as 1万5 is 15,000; more is refused
        ("1k2", [("number", "1200", "1k2")]),
        ("2k5", [("number", "2500", "2k5")]),
        ("1w5", [("number", "15000", "1w5")]),
        ("buy 1k2 usdt of btc", [("amount", "quote:1200", "1k2 usdt")]),
        ("1k25", [("refused", "separators", "1k25")]),
        ("1.5k2", [("refused", "separators", "1.5k2")]),
        ("1k2.5", [("refused", "separators", "1k2.5")]),
        ("1,000", [("number", "1000", "1,000")]),
        ("1,000,000.25", [("number", "1000000.25", "1,000,000.25")]),
        ("１００", [("number", "100", "１００")]),
        ("看一下", []),
        ("千万别买", []),
        # fractions
        ("一半", [("fraction", "0.5", "一半")]),
        ("sell half", [("fraction", "0.5", "half")]),
        ("半仓", [("fraction", "0.5", "半仓")]),
        ("sell all", [("fraction", "1", "all")]),
        ("全部", [("fraction", "1", "全部")]),
        ("全仓", [("fraction", "1", "全仓")]),
        ("梭哈", [("fraction", "1", "梭哈")]),
        ("everything", [("fraction", "1", "everything")]),
        ("1/4", [("fraction", "0.25", "1/4")]),
        ("四分之一", [("fraction", "0.25", "四分之一")]),
        ("卖出三成的ETH", [("fraction", "0.3", "三成")]),
        ("sell a quarter of my bnb", [("fraction", "0.25", "a quarter")]),
        ("三分之一", [("fraction", "1/3", "三分之一")]),
        ("卖三分之二的eth", [("fraction", "2/3", "三分之二")]),
        ("sell a third of my sol", [("fraction", "1/3", "a third")]),
        ("sell two thirds of my sol", [("fraction", "2/3", "two thirds")]),
        ("2/6", [("fraction", "1/3", "2/6")]),
        ("buy half a bitcoin", [("amount", "base:0.5 BTCUSDT", "half a bitcoin")]),
        ("buy one eth", [("amount", "base:1 ETHUSDT", "one eth")]),
        ("a hundred bucks of eth", [("amount", "quote:100", "a hundred bucks")]),
        ("80k-100k", [("number", "80000", "80k"), ("number", "100000", "100k")]),
        # prices, percents, durations, intervals, counts, ids
        (
            "limit buy 0.01 BTC at 85000",
            [("amount", "base:0.01 BTCUSDT", "0.01 BTC"), ("price", "85000", "85000")],
        ),
        ("5%", [("percent", "5", "5%")]),
        ("百分之五", [("percent", "5", "百分之五")]),
        ("5 percent", [("percent", "5", "5 percent")]),
        ("every day", [("interval", "1d", "every day")]),
        ("每天", [("interval", "1d", "每天")]),
        ("4h", [("duration", "4h", "4h")]),
        ("每4小时", [("interval", "4h", "每4小时")]),
        ("every 4 hours", [("interval", "4h", "every 4 hours")]),
        ("30 days", [("duration", "30d", "30 days")]),
        ("一个月", [("duration", "1mo", "一个月")]),
        ("半小时", [("duration", "30m", "半小时")]),
        ("every 2w", [("interval", "2w", "every 2w")]),
        ("20 levels", [("count", "20", "20 levels")]),
        ("20格", [("count", "20", "20格")]),
        ("二十个网格", [("count", "20", "二十个网格")]),
        ("#12", [("id", "12", "12")]),
        ("编号 7", [("id", "7", "7")]),
        # refused: quoting what was typed
        ("buy -100 USDT of BTC", [("refused", "sign", "-100 USDT")]),
        ("buy -0.01 BTC", [("refused", "sign", "-0.01 BTC")]),
        ("−0.01", [("refused", "sign", "−0.01")]),
        ("负100U", [("refused", "sign", "负100U")]),
        ("buy 1e9 USDT of BTC", [("refused", "exponent", "1e9 USDT")]),
        ("1e400", [("refused", "exponent", "1e400")]),
        ("每天买1e9U", [("interval", "1d", "每天"), ("refused", "exponent", "1e9U")]),
        ("每天买-50U", [("interval", "1d", "每天"), ("refused", "sign", "-50U")]),
        ("between -3000 and 4000", [("refused", "sign", "-3000"), ("number", "4000", "4000")]),
        ("below 80000,5", [("refused", "comma_decimal", "80000,5")]),
        ("0,5", [("refused", "comma_decimal", "0,5")]),
        ("1.000.000", [("refused", "separators", "1.000.000")]),
        ("1_000", [("refused", "separators", "1_000")]),
        ("1/3", [("fraction", "1/3", "1/3")]),
        ("4/3", [("refused", "share", "4/3")]),
        ("三分之四", [("refused", "share", "三分之四")]),
        ("1/0", [("refused", "share", "1/0")]),
        ("1000000000000000", [("refused", "magnitude", "1000000000000000")]),
        ("0.0000000000001", [("refused", "precision", "0.0000000000001")]),
        # a dash between numbers or inside a word is no sign
        ("3000-4000", [("number", "3000", "3000"), ("number", "4000", "4000")]),
        ("gpt-4", []),
        # digits right after letters are the word's ("gpt4", "web3"); a Chinese numeral right after
        # a coin typed with no space is its own number ("eth两周", "btc一千u")
        ("gpt4", []),
        ("web3 项目", []),
        ("eth一个礼拜走势", [("duration", "1w", "一个礼拜")]),
        ("btc三天", [("duration", "3d", "三天")]),
        ("买btc一千u", [("amount", "quote:1000", "一千u")]),
        # a date or a time of day is no value
        ("我2024年买了BTC", []),
        ("10am", []),
        ("跌破80000时提醒我", [("number", "80000", "80000")]),
        ("3月", []),
    ],
)
def test_each_value_is_read_exactly_or_refused(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert read(text) == expected


def test_offsets_point_into_the_text_as_typed() -> None:
    text = "ＢＵＹ　１００　ＵＳＤＴ of BTC"
    (value,) = find_values(text, COINS)
    assert text[value.start : value.end] == "１００　ＵＳＤＴ" == value.typed
    assert value.amount_slot == "quote:100"


def test_two_numbers_where_one_is_wanted_are_refused() -> None:
    text = "买 100 200 U"
    found = one_value(find_values(text, COINS), ("number", "amount"), text)
    assert found is not None and found.reason == "two_numbers" and found.typed == "100 200 U"


def test_zero_is_refused_where_a_positive_amount_is_needed() -> None:
    (value,) = find_values("0 USDT", COINS)
    refused = positive(value)
    assert refused.reason == "zero" and refused.typed == "0 USDT"


def test_a_refusal_travels_as_slot_text_and_is_said_in_both_languages() -> None:
    (value,) = find_values("buy -100 USDT of BTC", COINS)
    slot = value.amount_slot
    assert slot == refused_slot(value) == "refused:sign:-100 USDT"
    assert refusal_in(slot) == ("sign", "-100 USDT")
    assert refusal_in("quote:100") is None
    assert "“-100 USDT”" in refusal_message("en", "sign", "-100 USDT")
    assert "「-100 USDT」" in refusal_message("zh", "sign", "-100 USDT")


def test_no_float_reaches_a_value() -> None:
    for value in find_values("0.1 BTC 0.2U 1.5k 5% 一万五", COINS):
        assert isinstance(value.number, Decimal)
    assert find_values("0.1 btc", COINS)[0].number == Decimal("0.1")


# A multiple is a kind of its own ("2x", "3倍", "x2", "×1.5"), exact or refused quoting it; it was
# no value ("2x", "x2": digits glued to a word) or a bare number ("3倍", "×3" read as a price of 3).
@each(
    ("text", "expected"),
    [
        ("SOL 到 3倍", [("multiple", "3", "3倍")]),
        ("比特币到三倍提醒我", [("multiple", "3", "三倍")]),
        ("比特幣到兩倍提醒我", [("multiple", "2", "兩倍")]),
        ("比特幣 ×1.5", [("multiple", "1.5", "×1.5")]),
        ("alert me when BTC 2x", [("multiple", "2", "2x")]),
        ("alert me when BTC x2", [("multiple", "2", "x2")]),
        ("ETH 2X", [("multiple", "2", "2X")]),
        ("alert me when btc -2x", [("refused", "sign", "-2x")]),
        ("alert me when btc 1e1x", [("refused", "exponent", "1e1x")]),
        ("BTC 到 1,5倍", [("refused", "comma_decimal", "1,5倍")]),
        ("max2", []),  # part of a word
        ("0x2f", []),  # hex
        ("2xl", []),
    ],
)
def test_a_multiple_is_read_exactly_or_refused(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert read(text) == expected


@each(
    ("text", "expected"),
    [
        ("帮我建立一个网格策略", []),  # "a grid strategy": Chinese's article, no count
        ("幫我建立一個網格策略", []),
        ("建一个网格", []),
        ("一格", [("count", "1", "一格")]),
        ("二十个网格", [("count", "20", "二十个网格")]),
        ("创建一个网格策略，10个格子", [("count", "10", "10个格子")]),
        ("1个网格", [("count", "1", "1个网格")]),  # typed as a digit: read, and refused by the skill (2-200)
    ],
)
def test_a_grid_after_yige_is_an_article(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert read(text) == expected


def test_all_said_right_before_its_amount_is_that_amount() -> None:
    # "梭哈500U大饼" was refused as two amounts (all, and 500 USDT): the amount typed is the whole.
    (value,) = find_values("梭哈500U大饼", COINS)
    assert value.amount_slot == "quote:500"
    (value,) = find_values("all in 200 usdt on sol", COINS)
    assert value.amount_slot == "quote:200"
    # anything between them is two amounts still, never a guess
    assert len(find_values("sell all but 0.1 btc", COINS)) == 2


@each(
    ("text", "expected"),
    [
        ("回测 60日", [("duration", "60d", "60日")]),
        ("回测 60 日", [("duration", "60d", "60 日")]),
        ("half a day", [("duration", "0.5d", "half a day")]),
    ],
)
def test_a_span_no_date_or_half_of_a_day_reads_its_days(
    text: str, expected: list[tuple[str, str, str]]
) -> None:
    """No month has a 60th day: "60日" is 60 days (a backtest's span read none); half a day is 0.5 d."""
    assert read(text) == expected


@each("text", ["3月5日", "31日", "5000日元"])
def test_a_day_of_the_month_or_yen_is_no_span(text: str) -> None:
    assert all(kind != "duration" for kind, _, _ in read(text)), read(text)
