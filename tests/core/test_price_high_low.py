"""Prices: "BTC 24小时最高价", "btc 24h high", "ETH今天最低价", "what was eth's high today" are answered
with the 24-hour ticker's high and low on the quote card (the rolling 24 hours, said so), exactly
as the exchange gave them; when it gave none, that is said and no figure is made up. The demo
market's are labelled demo like everything it serves."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from adapters.console.render import render_json, render_text
from adapters.demo_market import DemoMarket
from core.clock import FixedClock
from core.reply import NoticeBlock, QuoteBlock, Reply, Status
from tests.core.test_price_day_change import chat_on, scripted
from tests.fakes import NOW


def notices(reply: Reply) -> list[NoticeBlock]:
    return [b for b in reply.blocks if isinstance(b, NoticeBlock)]


HIGHS_LOWS = {
    "BTCUSDT": (Decimal("91234.5"), Decimal("87654.32")),
    "ETHUSDT": (Decimal("3650.75"), Decimal("3480.1")),
}


@pytest.mark.parametrize(
    ("ask", "line"),
    [
        ("BTC 24小时最高价", "BTC 24 小时最高 / 最低：91,234.50 / 87,654.32 USDT"),
        ("ETH今天最低价", "ETH 24 小时最高 / 最低：3,650.75 / 3,480.10 USDT"),
        ("ETH今天最低價", "ETH 24 小時最高 / 最低：3,650.75 / 3,480.10 USDT"),  # zh-Hant: in traditional
        ("btc 24h high", "BTC 24h high / low: 91,234.50 / 87,654.32 USDT"),
        ("what was eth's high today", "ETH 24h high / low: 3,650.75 / 3,480.10 USDT"),
    ],
)
async def test_a_high_or_low_asked_is_shown_on_the_card_exactly(ask: str, line: str) -> None:
    _, chat = scripted(highs_lows=HIGHS_LOWS)
    reply = await chat.say(ask)
    assert reply.route.skill == "price" and reply.route.action == "current", reply.route
    assert reply.status is Status.COMPLETED
    [quote] = [b for b in reply.blocks if isinstance(b, QuoteBlock)]
    assert (quote.high_24h, quote.low_24h) == HIGHS_LOWS[quote.symbol]
    [shown] = [n for n in notices(reply) if n.code == "high_low"]
    assert line in shown.text
    assert "24" in shown.text and not any(n.code == "no_high_low" for n in notices(reply))
    # The rolling 24 hours, never claimed as the calendar day.
    assert "自然日" in shown.text or "not the calendar day" in shown.text


@pytest.mark.parametrize("ask", ["BTC 24小时最高价", "BTC 24小時最高價", "btc 24h high"])
async def test_no_high_or_low_from_the_exchange_is_said_and_none_invented(ask: str) -> None:
    _, chat = scripted()  # the ticker gave no (usable) high / low
    reply = await chat.say(ask)
    assert reply.status is Status.COMPLETED
    [quote] = [b for b in reply.blocks if isinstance(b, QuoteBlock)]
    assert quote.high_24h is None and quote.low_24h is None
    assert [n.code for n in notices(reply)] == ["no_high_low"]
    shown = render_text(reply)
    assert "91,234" not in shown and "high / low:" not in shown and "最高 / 最低：" not in shown


@pytest.mark.parametrize("ask", ["btc price", "比特币价格"])
async def test_a_plain_price_question_shows_no_high_low_line(ask: str) -> None:
    _, chat = scripted(highs_lows=HIGHS_LOWS)
    reply = await chat.say(ask)
    assert not notices(reply)
    [quote] = [b for b in reply.blocks if isinstance(b, QuoteBlock)]
    assert quote.high_24h == Decimal("91234.5")  # carried, shown only when asked


@pytest.mark.parametrize("ask", ["BTC 24小时最高价", "BTC 24小時最高價", "btc 24h high"])
async def test_the_demo_markets_high_and_low_are_labelled_demo(ask: str) -> None:
    clock = FixedClock(NOW)
    reply = await chat_on(DemoMarket(clock), clock).say(ask)
    [quote] = [b for b in reply.blocks if isinstance(b, QuoteBlock)]
    assert quote.is_demo and quote.high_24h is not None and quote.low_24h is not None
    assert quote.low_24h <= quote.price <= quote.high_24h
    codes = [n.code for n in notices(reply)]
    assert "high_low" in codes and "demo_data" in codes


def test_the_json_contract_carries_the_24h_high_and_low_only_when_known() -> None:
    quote = QuoteBlock("BTCUSDT", "BTC", "USDT", Decimal("90000"), "ask", "binance", NOW)
    known = replace(quote, high_24h=Decimal("91000.5"), low_24h=Decimal("87500"))
    (with_them,) = render_json(Reply(Status.COMPLETED, (known,), "en"))["blocks"]
    assert (with_them["high_24h"], with_them["low_24h"]) == ("91000.5", "87500")
    (without,) = render_json(Reply(Status.COMPLETED, (quote,), "en"))["blocks"]
    assert "high_24h" not in without and "low_24h" not in without  # never invented
