"""Money read exactly or not at all (issue 21), a gap found by blind set L: a number with no unit,
then "的", then a coin ("买100的btc", "买0.5w的大饼") says "that much of the coin", in money as often
as in coins. It was read as coins (base:100 — 100 BTC; base:5000 — 5,000 BTC for 0.5万); it is
refused, asking which, and asked again. With a unit it is read as said; English's "of" is coins
("buy 0.02 of it")."""

from __future__ import annotations

import pytest

from bot.catalog import bundled_catalog
from core.coin_index import CoinIndex
from core.language.values import find_values
from core.reply import NoticeBlock, Reply, Status
from tests.cases import each
from tests.trading.conftest import TradeDesk, codes, make_trade_desk

COINS = CoinIndex(bundled_catalog())


@pytest.fixture
def desk() -> TradeDesk:
    return make_trade_desk()


def said(reply: Reply) -> str:
    return "\n".join(b.text for b in reply.blocks if isinstance(b, NoticeBlock))


@each(
    ("text", "typed"),
    [
        ("买100的btc", "100的btc"),
        ("买0.5w的大饼", "0.5w的大饼"),
        ("买5000的eth", "5000的eth"),
        ("買 100 的 比特幣", "100 的 比特幣"),
    ],
)
def test_a_number_of_a_coin_with_no_unit_is_refused(text: str, typed: str) -> None:
    refused = [v for v in find_values(text, COINS) if v.refused]
    assert [(v.reason, v.typed) for v in refused] == [("unit", typed)]


@each(
    ("text", "unit"),
    [
        ("买100u的btc", "quote"),  # a unit said: read as said
        ("买0.1个btc", "base"),
        ("buy 100 usdt of btc", "quote"),
        ("买两粒ETH", "base"),  # 粒: Hong Kong's counting word for coins
    ],
)
def test_with_its_unit_it_is_read(text: str, unit: str) -> None:
    amounts = [v for v in find_values(text, COINS) if v.kind == "amount"]
    assert [v.unit for v in amounts] == [unit], find_values(text, COINS)


def test_a_share_of_a_coin_is_no_number_of_it() -> None:
    [value] = find_values("卖掉百分之二十的比特币", COINS)
    assert (value.kind, value.number) == ("percent", 20)


@pytest.mark.parametrize(
    ("text", "quoted", "unit_word"),
    [
        ("买100的btc", "「100的btc」", "单位"),
        ("買 100 的 比特幣", "「100 的 比特幣」", "單位"),
    ],
)
async def test_asked_which_and_nothing_offered(
    desk: TradeDesk, text: str, quoted: str, unit_word: str
) -> None:
    reply = await desk.chat.say(text)
    assert reply.route.skill == "trade_execution", reply.route
    assert codes(reply)[0] == "invalid_slot" and codes(reply)[-1] == "ask_amount", said(reply)
    assert quoted in said(reply) and unit_word in said(reply)
    assert all("confirm" not in (b.label or "").lower() for b in reply.buttons)
    assert desk.orders.orders == {}
    answer = await desk.chat.say("100U" if not text.isascii() else "100 USDT")
    assert answer.status is Status.AWAITING_CONFIRMATION, said(answer)
