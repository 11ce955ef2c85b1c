"""Issue 11's examples, in both languages: any listed coin, the names people use, never the wrong
coin, ranges, several coins, follow-ups, traditional Chinese, other quotes, a requested language."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest

from core.reply import HistoryBlock, NoticeBlock, QuoteBlock, Status
from tests.fakes import NOW, Chat, FakeCharts, ScriptedMarket, make_core


def quotes(reply) -> list[str]:
    return [b.symbol for b in reply.blocks if isinstance(b, QuoteBlock)]


def histories(reply) -> list[HistoryBlock]:
    return [b for b in reply.blocks if isinstance(b, HistoryBlock)]


def codes(reply) -> list[str]:
    return [b.code for b in reply.blocks if isinstance(b, NoticeBlock)]


def chat(market: ScriptedMarket | None = None) -> Chat:
    return Chat(make_core(market or ScriptedMarket(), charts=FakeCharts()))


# -- never the wrong coin --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "second", "word"),
    [
        ("eth price", "btcc price", "btcc"),
        ("sol price", "etherum price", "etherum"),
        ("BTC 价格", "姨汰价格", "姨汰"),
    ],
)
async def test_an_unknown_coin_after_another_is_never_that_coin(first: str, second: str, word: str) -> None:
    market = ScriptedMarket()
    c = chat(market)
    await c.say(first)
    market.calls.clear()
    reply = await c.say(second)
    assert reply.status is Status.NEEDS_INPUT and codes(reply) == ["unknown_coin"]
    assert reply.route.slots["unknown"] == word and reply.route.slots["symbol"] is None
    assert word in reply.blocks[0].text  # "I don't know the coin btcc"
    assert market.calls == []  # nothing was looked up in its place
    assert reply.buttons  # close matches to press


async def test_close_match_buttons_answer_the_coin_pressed() -> None:
    c = chat()
    reply = await c.say("etherum price")
    assert [b.label for b in reply.buttons][:1] == ["ETH"]
    pressed = await c.press(reply.buttons[0].token)
    assert pressed.status is Status.COMPLETED and quotes(pressed) == ["ETHUSDT"]


@pytest.mark.parametrize("text", ["WHAT IS THE PRICE?", "SHOW ME PRICES", "PRICE PLEASE"])
async def test_shouting_is_no_coin(text: str) -> None:
    reply = await chat().say(text)
    assert reply.status is Status.NEEDS_INPUT and "unknown" not in reply.route.slots


async def test_an_unknown_word_with_no_close_match_just_says_so() -> None:
    reply = await chat().say("QQQQQQ price")
    assert reply.status is Status.FAILED and codes(reply) == ["unknown_coin"]
    assert "QQQQQQ" in reply.blocks[0].text


@pytest.mark.parametrize(
    ("text", "symbol"),
    [
        ("bitcoin cash price", "BCHUSDT"),
        ("比特币现金价格", "BCHUSDT"),
        ("比特幣現金價格", "BCHUSDT"),
        ("ethereum classic price", "ETCUSDT"),
        ("以太经典价格", "ETCUSDT"),
        ("wbtc price", "WBTCUSDT"),
        ("wrapped bitcoin price", "WBTCUSDT"),
        ("币安币价格", "BNBUSDT"),
    ],
)
async def test_look_alikes_are_their_own_coin(text: str, symbol: str) -> None:
    reply = await chat().say(text)
    assert reply.status is Status.COMPLETED and quotes(reply) == [symbol]


@pytest.mark.parametrize(("text", "locale"), [("比特币ETF价格", "zh"), ("bitcoin etf price", "en")])
async def test_an_etf_is_not_a_coin(text: str, locale: str) -> None:
    market = ScriptedMarket()
    reply = await chat(market).say(text)
    assert reply.status is Status.FAILED and codes(reply) == ["not_a_coin"] and reply.locale == locale
    assert text.removesuffix("价格").removesuffix(" price") in reply.blocks[0].text  # as written
    assert market.calls == []


async def test_an_etf_typed_with_a_space_is_not_a_coin_either() -> None:
    # "比特币 ETF" read as no coin at all: the price of whatever came before would have answered.
    market = ScriptedMarket()
    reply = await chat(market).say("比特币 ETF 价格")
    assert reply.status is Status.FAILED and codes(reply) == ["not_a_coin"]
    assert "比特币 ETF" in reply.blocks[0].text and market.calls == []


# -- any listed coin, the names people use --------------------------------------------------


@pytest.mark.parametrize(
    ("text", "symbol"),
    [
        ("DOGE price", "DOGEUSDT"),
        ("xrp price", "XRPUSDT"),
        ("bnb price", "BNBUSDT"),
        ("PEPE 多少钱", "PEPEUSDT"),
        ("$btc", "BTCUSDT"),
        ("BTC/USDT price", "BTCUSDT"),
        ("btc-usdt price", "BTCUSDT"),
        ("BTCUSDT", "BTCUSDT"),
        ("Dogecoin price", "DOGEUSDT"),
        ("大饼多少钱", "BTCUSDT"),
        ("姨太价格", "ETHUSDT"),
        ("以太现在多少", "ETHUSDT"),
        ("狗狗币价格", "DOGEUSDT"),
        ("瑞波价格", "XRPUSDT"),
        ("狗狗幣價格", "DOGEUSDT"),
        ("ONE price", "ONEUSDT"),
        ("$HOT", "HOTUSDT"),
        ("how much is one ether?", "ETHUSDT"),
    ],
)
async def test_names_tickers_and_slang(text: str, symbol: str) -> None:
    reply = await chat().say(text)
    assert reply.route.skill == "price" and quotes(reply) == [symbol], reply


@pytest.mark.parametrize(
    "text", ["send me a link", "I have a ton of questions", "that's hot", "one more thing", "cats vs dogs"]
)
async def test_everyday_words_are_no_coin_without_a_price_question(text: str) -> None:
    assert (await chat().say(text)).route.skill is None


# -- ranges ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "days", "note"),
    [
        ("SOL last 30 days", 30, None),
        ("eth 14 days", 14, None),
        ("btc 90 day chart", 90, None),
        ("ETH 两周走势", 14, None),
        ("最近一个月比特币", 30, "range_month"),  # issue 24: 30 days directly, one short line
        ("btc price last month", 30, "range_month"),
        # s44: any whole number of days from 2 to 90 is served as asked (was the nearest, 7)
        ("give me 3 day btc history", 3, None),
        ("给我看3天的比特币走势", 3, None),
        ("btc past 3 days", 3, None),
        ("sol过去三天的走势", 3, None),
        ("eth last 10 days", 10, None),
        ("btc 45 days", 45, None),
        ("btc last 2 days", 2, None),
        ("BTC 三个月走势", 90, "range_month"),  # three months: read as 90 days, said
        ("btc 2 months", 60, "range_month"),
        ("btc last 120 days", 90, "range_nearest"),  # longer than served: the 90, said
        ("BTC 1h chart", 7, "range_intraday"),
    ],
)
async def test_ranges_served_and_nearest(text: str, days: int, note: str | None) -> None:
    reply = await chat().say(text)
    assert reply.status is Status.COMPLETED, reply
    (history,) = histories(reply)
    assert len(history.points) == days
    assert history.points[-1].date == NOW.date() - timedelta(days=1)  # today never included
    assert reply.route.slots["days"] == days
    if note is None:
        assert not {"range_nearest", "range_intraday", "range_date"} & set(codes(reply))
    else:
        assert codes(reply)[0] == note
        said = reply.blocks[0].text
        if note == "range_month":
            assert str(days) in said and "serve" not in said  # served as asked, one short line
        else:
            assert "2 to 90" in said if reply.locale == "en" else "2 到 90" in said
            assert "nearest" not in said and "最接近" not in said
        if note == "range_nearest":
            assert "longer than I serve" in said and "the last 90 days" in said


@pytest.mark.parametrize("text", ["btc last 1 day", "比特币最近1天走势", "/history btc 1"])
async def test_one_day_is_the_quote_with_its_day_change_said(text: str) -> None:
    """One day is no history (a 1-close chart says nothing): the quote card with its 24-hour
    change, and a line saying why."""
    reply = await chat().say(text)
    assert reply.status is Status.COMPLETED, reply
    assert not histories(reply) and reply.route.action == "current"
    assert codes(reply)[:2] == ["range_day", "day_change"]
    assert "2 to 90" in reply.blocks[0].text or "2 到 90" in reply.blocks[0].text


async def test_a_date_gets_the_current_price_and_says_why() -> None:
    for text in ("BTC price on 2024-01-01", "2024年1月1日的比特币价格"):
        reply = await chat().say(text)
        assert reply.status is Status.COMPLETED and quotes(reply) == ["BTCUSDT"]
        assert codes(reply)[0] == "range_date"


async def test_a_30_day_window_keeps_its_gaps() -> None:
    start = NOW.date() - timedelta(days=30)
    closes = {start + timedelta(days=i): Decimal(100 + i) for i in range(30) if i % 10}
    reply = await chat(ScriptedMarket(closes={"BTCUSDT": closes})).say("btc 30 days")
    (history,) = histories(reply)
    assert len(history.points) == 30 and len(history.missing_dates) == 3
    assert reply.status is Status.PARTIAL and "missing_days" in codes(reply)
    assert history.missing_dates[0] == start


# -- several coins ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "symbols"),
    [
        ("btc and eth price", ["BTCUSDT", "ETHUSDT"]),
        ("BTC 和 ETH 现在多少钱", ["BTCUSDT", "ETHUSDT"]),
        ("btc, eth and sol price", ["BTCUSDT", "ETHUSDT", "SOLUSDT"]),
        ("比特币、以太坊、狗狗币价格", ["BTCUSDT", "ETHUSDT", "DOGEUSDT"]),
    ],
)
async def test_up_to_three_coins_are_separate_cards_in_one_reply(text: str, symbols: list[str]) -> None:
    reply = await chat().say(text)
    assert reply.status is Status.COMPLETED and quotes(reply) == symbols


async def test_several_coins_history_gives_each_its_card() -> None:
    reply = await chat().say("btc and eth 7 day chart")
    assert [h.symbol for h in histories(reply)] == ["BTCUSDT", "ETHUSDT"]


async def test_more_than_three_coins_asks_to_narrow_down() -> None:
    market = ScriptedMarket()
    reply = await chat(market).say("btc eth sol doge price")
    assert reply.status is Status.NEEDS_INPUT and market.calls == []
    assert "3" in reply.blocks[0].text


# -- follow-ups, traditional Chinese, quotes, language ---------------------------------------


async def test_same_for_eth_keeps_the_kind_and_window() -> None:
    c = chat()
    await c.say("btc 30 days")
    reply = await c.say("same for eth")
    assert reply.route.action == "history" and [h.symbol for h in histories(reply)] == ["ETHUSDT"]
    assert len(histories(reply)[0].points) == 30


@pytest.mark.parametrize(
    ("first", "followup"), [("SOL last 30 days", "and now?"), ("SOL 最近30天走势", "现在呢")]
)
async def test_and_now_is_the_current_price_of_the_coin_just_shown(first: str, followup: str) -> None:
    c = chat()
    await c.say(first)
    reply = await c.say(followup)
    assert reply.route.action == "current" and quotes(reply) == ["SOLUSDT"]


async def test_same_for_in_chinese() -> None:
    c = chat()
    await c.say("比特币30天走势")
    reply = await c.say("以太坊也一样")
    assert reply.route.action == "history" and [h.symbol for h in histories(reply)] == ["ETHUSDT"]
    assert len(histories(reply)[0].points) == 30


@pytest.mark.parametrize("followup", ["那一个月呢", "and 30 days?"])
async def test_a_window_follow_up_keeps_the_coin(followup: str) -> None:
    c = chat()
    await c.say("比特币一周走势")
    reply = await c.say(followup)
    assert reply.route.action == "history" and [h.symbol for h in histories(reply)] == ["BTCUSDT"]
    assert len(histories(reply)[0].points) == 30


async def test_traditional_price_and_week_chart_answers_both() -> None:
    reply = await chat().say("BTC價格多少？順便給我看一週走勢圖")
    assert reply.route.action == "both" and quotes(reply) == ["BTCUSDT"] and len(histories(reply)) == 1


@pytest.mark.parametrize("text", ["ETH price in USDC", "ETH 用 USDC 计价多少", "以太坊多少人民币"])
async def test_another_quote_gets_the_usdt_only_notice(text: str) -> None:
    reply = await chat().say(text)
    assert quotes(reply) == ["ETHUSDT"] and "only_usdt" in codes(reply)


async def test_a_requested_reply_language_is_used() -> None:
    reply = await chat().say("比特币价格, 用英文回答")
    assert reply.locale == "en" and quotes(reply) == ["BTCUSDT"]
    back = await chat().say("BTC price, answer in Chinese")
    assert back.locale == "zh"
