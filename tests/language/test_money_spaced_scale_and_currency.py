"""Money read exactly or not at all (issue 21), two gaps of the value grammar found by blind set J:

- a number and its multiplier with a space between ("8 萬", "1.5 k", "3 千") are one value, as
  glued ("8萬"); they were the digits alone (an alert at 8 for "跌破 8 萬", a limit price of 8, a
  buy of 1.5 BTC for "1.5 k usdt"). A lone digit after such a value ("8 萬 5": 85,000 or 80,000
  and a 5?) is refused, never read as either.
- money in a currency deskmate does not count in ("100 港幣", "100蚊", "50 eur") is refused
  quoting it; "100 蚊美金" / "100 块美金" are US dollars (USDT). "100 蚊美金 BTC" was 100 BTC."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.catalog import bundled_catalog
from core.coin_index import CoinIndex
from core.language.values import find_values
from tests.cases import each
from tests.fakes import shared_router

COINS = CoinIndex(bundled_catalog())


def _route(text: str) -> Any:
    route = shared_router().route(text)
    assert route is not None, text
    return route


@each(
    ("text", "level"),
    [
        ("比特幣跌破 8 萬通知我", "80000"),
        ("比特币跌破 8 万通知我", "80000"),
        ("比特币跌破 1.5 万提醒我", "15000"),
        ("alert me when btc drops below 80 k", "80000"),
        ("btc 跌破 8 萬 5 通知我", "refused:separators:8 萬 5"),
        ("btc 跌破 8万 5 通知我", "refused:separators:8万 5"),
    ],
)
def test_an_alert_level_with_a_spaced_multiplier(text: str, level: str) -> None:
    route = _route(text)
    assert (route.skill, route.action) == ("price_alert", "create"), route
    assert route.slots.get("level") == level, route


@each(
    ("text", "action", "slots"),
    [
        ("buy 1.5 k usdt of btc", "buy", {"amount": "quote:1500"}),  # was base:1.5
        ("买 3 千 u 的 btc", "buy", {"amount": "quote:3000"}),  # was base:3
        ("買 3 千 U 的比特幣", "buy", {"amount": "quote:3000"}),
        ("BTC 9 萬掛單賣 0.1 顆", "limit", {"limit_price": "90000", "amount": "base:0.1"}),
        ("在 8 万 挂单买 0.1 btc", "limit", {"limit_price": "80000", "amount": "base:0.1"}),  # was 8
        ("limit buy 0.1 btc at 85 k", "limit", {"limit_price": "85000", "amount": "base:0.1"}),
        ("BTC 9 萬 5 掛單賣 0.1 顆", "limit", {"limit_price": "refused:separators:9 萬 5"}),  # was 5
        ("买 8 万 5 的 btc", "buy", {"amount": "refused:separators:8 万 5"}),
    ],
)
def test_a_trade_with_a_spaced_multiplier(text: str, action: str, slots: dict[str, str]) -> None:
    route = _route(text)
    assert (route.skill, route.action) == ("trade_execution", action), route
    for name, value in slots.items():
        assert route.slots.get(name) == value, (name, route)


@each(
    ("text", "slots"),
    [
        ("创建btc定投策略 每天买 1.5 k u", {"quote_amount": "1500"}),
        ("建立 BTC 定投策略，每天買 1 千 U", {"quote_amount": "1000"}),
        ("创建一个 eth 网格 3 千 到 4 千 20格", {"lower": "3000", "upper": "4000"}),
        ("创建btc定投策略 每天买 100 港币", {"quote_amount": "refused:currency:100 港币"}),
    ],
)
def test_a_strategy_with_a_spaced_multiplier_or_another_currency(text: str, slots: dict[str, str]) -> None:
    route = _route(text)
    assert (route.skill, route.action) == ("strategy_management", "create"), route
    for name, value in slots.items():
        assert route.slots.get(name) == value, (name, route)


@each(
    ("text", "amount"),
    [
        ("幫我買 100 蚊美金 BTC", "quote:100"),  # was base:100
        ("1000蚊美金买eth", "quote:1000"),
        ("买 100 块美金的 btc", "quote:100"),
        ("幫我買 100 蚊 BTC", "refused:currency:100 蚊"),  # Hong Kong dollars: not USDT
        ("买 100 港币 btc", "refused:currency:100 港币"),  # was base:100
        ("買 100 港幣的比特幣", "refused:currency:100 港幣"),
        ("买 100 人民币的 btc", "refused:currency:100 人民币"),
        ("buy 50 eur of btc", "refused:currency:50 eur"),
        ("spend 100 eur on btc", "refused:currency:100 eur"),
    ],
)
def test_money_in_another_currency_is_refused_us_dollars_are_usdt(text: str, amount: str) -> None:
    route = _route(text)
    assert (route.skill, route.action) == ("trade_execution", "buy"), route
    assert route.slots.get("amount") == amount, route


def test_a_price_asked_in_another_currency_is_still_a_price() -> None:
    assert _route("btc 多少人民币").skill == "price"
    assert _route("btc price in eur").skill == "price"


@each("text", ["btc 5 k线", "看下 eth 4h k线", "5 kb", "top 5 kols"])
def test_a_k_that_is_no_thousand(text: str) -> None:
    assert all(v.number < 1000 for v in find_values(text, COINS)), find_values(text, COINS)


# -- properties: a number, spaces, its multiplier ---------------------------------------------------

numbers = st.decimals(min_value=Decimal("0.01"), max_value=Decimal("99999"), places=2, allow_nan=False).map(
    lambda d: d.normalize()
)
SCALES = (("万", 10_000), ("萬", 10_000), ("千", 1000), ("k", 1000), ("K", 1000))
SPACES = (" ", "  ", "\u3000", "\t")


@settings(max_examples=200, deadline=None)
@given(
    numbers,
    st.sampled_from(SCALES),
    st.sampled_from(SPACES),
    st.sampled_from(("", " U", "U", " usdt", "个比特币", " 通知我")),
    st.sampled_from(("", "跌破 ", "买 ", "at ", "below ")),
)
def test_a_multiplier_after_spaces_multiplies_exactly(
    value: Decimal, scale: tuple[str, int], space: str, after: str, before: str
) -> None:
    letter, size = scale
    if letter in "kK" and space != " ":
        return  # "k" counts after one space only
    text = f"{before}{format(value, 'f')}{space}{letter}{after}"
    found = [v for v in find_values(text, COINS) if v.kind != "date"]
    assert len(found) == 1, (text, found)
    assert found[0].number == value * size, (text, found)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(min_value=1, max_value=999),
    st.sampled_from(("万", "萬", "千")),
    st.sampled_from(SPACES),
    st.integers(min_value=1, max_value=9),
    st.sampled_from(("", " 通知我", " 挂单", "的btc")),
)
def test_a_lone_digit_after_a_spaced_multiplier_is_refused(
    high: int, scale: str, space: str, digit: int, after: str
) -> None:
    """ "8 萬 5", "8萬 5": the place below the multiplier, or a number of its own? Neither is read:
    a refusal, never 80,000 nor 5."""
    for text in (f"{high}{space}{scale}{space}{digit}{after}", f"{high}{scale}{space}{digit}{after}"):
        found = find_values(text, COINS)
        assert [(v.kind, v.reason) for v in found] == [("refused", "separators")], (text, found)


@pytest.mark.parametrize(
    ("text", "quoted", "answer"),
    [
        ("幫我買 100 蚊 BTC", "「100 蚊」不是 USDT", "100U"),
        ("buy 50 eur of btc", "“50 eur” is not USDT", "50 USDT"),
    ],
)
async def test_another_currency_is_said_and_asked_again(text: str, quoted: str, answer: str) -> None:
    from core.reply import NoticeBlock, Status
    from tests.trading.conftest import codes, make_trade_desk

    desk = make_trade_desk()
    reply = await desk.chat.say(text)
    said = "\n".join(b.text for b in reply.blocks if isinstance(b, NoticeBlock))
    assert codes(reply)[0] == "invalid_slot" and codes(reply)[-1] == "ask_amount", said
    assert quoted in said and desk.orders.orders == {}
    again = await desk.chat.say(answer)
    assert again.status is Status.AWAITING_CONFIRMATION
