"""An expiry said in words ("for 24 hours", "今天有效", "good till cancelled") and a stop-limit
("stop at 80000 limit 79800", "止损80000限价79800"), read through the language layer's value
grammar and lexicon, summarized, confirmed and rested; on a live account an expiry is refused
plainly (the exchanges keep spot orders until cancelled). Book: BTC ask 90,000.00 / bid 89,990.00;
fee 0.1 %; 10,000 USDT; the clock stands at tests.fakes.NOW."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from core.markets import MarketCatalog
from core.reply import DetailsBlock, NoticeBlock, Status
from core.trading.model import OrderIntent, OrderStatus, Resting
from core.trading.orders import RestingOrders
from core.trading.service import TradingService
from core.workspace.order_expiry import expires_at, read_expiry
from tests.fakes import NOW
from tests.trading.conftest import TradeDesk, confirm_button, make_trade_desk
from tests.trading.fake_binance import FakeBinance
from tests.trading.test_live import AUDIT, account, service


def rows(reply: object) -> dict[str, str]:
    return dict(next(b for b in reply.blocks if isinstance(b, DetailsBlock)).rows)  # type: ignore[attr-defined]


def notices(reply: object) -> str:
    return " ".join(b.text for b in reply.blocks if isinstance(b, NoticeBlock))  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("limit buy 0.01 BTC at 85000 for 24 hours", "86400"),
        ("以 85000 挂单买 0.01 BTC，24小时有效", "86400"),
        ("以 85000 挂单买 0.01 BTC，今天有效", "today"),
        ("limit sell 0.5 ETH at 4000, today only", "today"),
        ("limit sell 0.5 ETH at 4000 good till cancelled", "gtc"),
        ("止损 80000 撤销前有效", "gtc"),
        ("stop loss 80000 for 3 days", "259200"),
        ("limit sell 0.5 ETH at 4000", None),
        ("limit buy 0.01 BTC at 85000 for -3 hours", "refused:sign:-3 hours"),
        ("limit buy 0.01 BTC at 85000 for 200 days", "expiry_range:200 days"),
        ("limit buy 0.01 BTC at 85000 for 30 seconds", "expiry_range:30 seconds"),
        ("以 85000 挂单买 0.01 BTC，30秒有效", "expiry_range:30秒"),
        ("止损 80000，30秒有效", "expiry_range:30秒"),  # the Chinese comma ends the price
        ("止损 80000，120秒有效", "120"),
        ("limit buy 0.01 BTC at 85000 for 1.5 seconds", "expiry_unread:for 1.5 seconds"),
        ("limit buy 0.01 BTC at 85000 until friday", "expiry_unread:until friday"),
        ("limit buy 0.01 BTC at 85000 until it fills", "gtc"),
        ("limit sell 0.5 ETH at 4000 until it's filled", "gtc"),
        ("以 85000 挂单买 0.01 BTC，直到成交", "gtc"),
        ("止损 80000，成交为止", "gtc"),
        ("止损 80000 有效期三十秒", "expiry_range:三十秒"),
    ],
)
def test_the_expiry_is_read_from_words(text: str, slot: str | None) -> None:
    assert read_expiry(text) == slot


def test_today_ends_at_the_next_utc_midnight() -> None:
    at = datetime(2026, 3, 5, 17, 30, tzinfo=UTC)
    assert expires_at("today", at) == datetime(2026, 3, 6, tzinfo=UTC)
    assert expires_at("gtc", at) is None and expires_at(None, at) is None
    assert expires_at("3600", at) == at + timedelta(hours=1)


async def place_limit(desk: TradeDesk, text: str) -> object:
    summary = await desk.chat.say(text)
    assert summary.route.action == "limit", summary.route
    assert summary.status is Status.AWAITING_CONFIRMATION, summary
    return summary


@pytest.mark.parametrize(
    ("text", "label", "until", "shown"),
    [
        ("limit buy 0.01 BTC at 85000 for 24 hours", "Good until", NOW + timedelta(hours=24), None),
        (
            "以 85000 挂单买 0.01 BTC，今天有效", "有效期",
            datetime.combine(NOW.date() + timedelta(days=1), datetime.min.time(), tzinfo=UTC), None,
        ),
        ("limit buy 0.01 BTC at 85000 good till cancelled", "Good until", None, "cancelled (GTC)"),
    ],
)  # fmt: skip
async def test_a_limit_order_rests_until_its_expiry_then_releases_its_funds(
    text: str, label: str, until: datetime | None, shown: str | None
) -> None:
    desk = make_trade_desk()
    summary = await place_limit(desk, text)
    expected = shown or until.strftime("%Y-%m-%d %H:%M UTC")  # type: ignore[union-attr]
    assert rows(summary)[label] == expected
    desk.clock.advance(180)  # Confirm pressed later: the expiry shown stays
    done = await desk.chat.press(confirm_button(summary))
    assert done.status is Status.COMPLETED, done
    (order,) = desk.orders.orders.values()
    assert order.expires_at == until and order.status is OrderStatus.OPEN
    resting = RestingOrders(TradingService(desk.orders, desk.market, MarketCatalog(), desk.clock))
    if until is None:
        assert (await resting.check("BTCUSDT", NOW + timedelta(days=400))).expired == []
        return
    assert (await resting.check("BTCUSDT", until - timedelta(seconds=1))).expired == []
    (gone,) = (await resting.check("BTCUSDT", until)).expired
    assert gone.status is OrderStatus.EXPIRED
    usdt = next(
        b for b in await desk.orders.paper_balances(order.account_id, Decimal(10000)) if b.asset == "USDT"
    )
    assert (usdt.free, usdt.locked) == (Decimal(10000), Decimal(0))  # the lock went back


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("limit buy 0.01 BTC at 85000 for 200 days", "200 days"),
        ("limit buy 0.01 BTC at 85000 for -3 hours", "-3 hours"),
        ("limit buy 0.01 BTC at 85000 for 30 seconds", "30 seconds"),  # never good till cancelled
        ("以 85000 挂单买 0.01 BTC，30秒有效", "30秒"),
        ("limit buy 0.01 BTC at 85000 until friday", "until friday"),
    ],
)
async def test_a_bad_expiry_is_refused_quoting_it_and_nothing_rests(text: str, said: str) -> None:
    desk = make_trade_desk()
    reply = await desk.chat.say(text)
    assert reply.status in (Status.FAILED, Status.NEEDS_INPUT), reply  # refused, or asked again
    assert said in notices(reply)
    assert desk.orders.orders == {}


async def test_an_expiry_asked_again_is_answered_in_words() -> None:
    desk = make_trade_desk()
    asked = await desk.chat.say("limit buy 0.01 BTC at 85000 for -3 hours")
    assert asked.status is Status.NEEDS_INPUT and "How long" in notices(asked), asked
    summary = await desk.chat.say("for 2 hours")
    assert summary.status is Status.AWAITING_CONFIRMATION, summary
    assert rows(summary)["Good until"] == (NOW + timedelta(hours=2)).strftime("%Y-%m-%d %H:%M UTC")


@pytest.mark.parametrize(
    ("buy", "text", "label"),
    [
        ("买 0.01 BTC", "给我的 BTC 设置止损80000限价79800", "止损限价"),
        ("buy 0.01 BTC", "stop at 80000 limit 79800 on my BTC", "Stop-limit"),
    ],
)
async def test_a_stop_limit_is_read_and_rests_with_its_limit(buy: str, text: str, label: str) -> None:
    desk = make_trade_desk()
    bought = await desk.chat.say(buy)
    await desk.chat.press(confirm_button(bought))
    summary = await desk.chat.say(text)
    assert (summary.route.skill, summary.route.action) == ("orders", "protect"), summary.route
    assert summary.status is Status.AWAITING_CONFIRMATION, summary
    assert label in rows(summary), rows(summary)
    done = await desk.chat.press(confirm_button(summary))
    assert done.status is Status.COMPLETED, done
    (order,) = [o for o in desk.orders.orders.values() if o.status is OrderStatus.OPEN]
    assert (order.order_type, order.trigger_price, order.limit_price) == (
        "stop_limit", Decimal(80000), Decimal(79800),
    )  # fmt: skip


async def test_a_stop_limit_whose_limit_is_above_its_stop_is_refused_with_both() -> None:
    desk = make_trade_desk()
    bought = await desk.chat.say("buy 0.01 BTC")
    await desk.chat.press(confirm_button(bought))
    reply = await desk.chat.say("stop at 80000 limit 80500 on my BTC")
    assert reply.status is Status.FAILED, reply
    assert "80500" in notices(reply) and "80000" in notices(reply)


async def test_a_live_order_with_an_expiry_is_refused_before_anything_is_sent() -> None:
    with FakeBinance() as fake:
        trading, _ = service(fake, 5.0)
        resting = RestingOrders(trading)
        intent = OrderIntent("buy", "BTCUSDT", "BTC", Decimal("0.001"), "base")
        spec = Resting("limit", limit_price=Decimal(85000), expires_at=NOW + timedelta(hours=24))
        plan = await resting.plan(account(), intent, (spec,))
        assert plan.rejection is not None and plan.rejection.reason == "expiry_live"
        (order,) = await resting.place(account(), plan, ("dmexp1",), AUDIT)
        assert order.status is OrderStatus.REJECTED and fake.order_posts == 0


@pytest.mark.parametrize(
    "text",
    ["给我的 BTC 设置止损 80000 30秒有效", "给我的 BTC 设置止损 80000，30秒有效", "BTC 止损 80000，30秒有效"],
)
async def test_a_stop_loss_with_too_short_an_expiry_is_refused_for_its_length(text: str) -> None:
    """The Chinese comma separates the clauses (never a comma decimal "80000,30"): the stop is
    read as 80,000 and the expiry as 30 seconds, refused for being under the 1-minute minimum."""
    desk = make_trade_desk()
    bought = await desk.chat.say("买 0.01 BTC")
    await desk.chat.press(confirm_button(bought))
    before = dict(desk.orders.orders)
    reply = await desk.chat.say(text)
    assert reply.status is Status.FAILED, reply  # never a stop good till cancelled
    said = notices(reply)
    assert "30秒" in said and "1 分钟到 90 天" in said and "逗号" not in said, said
    assert desk.orders.orders == before


async def test_a_stop_loss_said_without_its_coin_and_too_short_an_expiry_is_refused_for_its_length() -> None:
    desk = make_trade_desk()
    bought = await desk.chat.say("买 0.01 BTC")
    await desk.chat.press(confirm_button(bought))
    asked = await desk.chat.say("止损 80000，30秒有效")
    assert asked.status is Status.NEEDS_INPUT and "逗号" not in notices(asked), asked  # which coin?
    reply = await desk.chat.say("BTC")
    assert reply.status is Status.FAILED and "1 分钟到 90 天" in notices(reply), reply


async def test_a_stop_loss_with_an_expiry_in_seconds_over_the_minimum_rests_until_it() -> None:
    desk = make_trade_desk()
    bought = await desk.chat.say("买 0.01 BTC")
    await desk.chat.press(confirm_button(bought))
    summary = await desk.chat.say("BTC 止损 80000，120秒有效")
    assert summary.status is Status.AWAITING_CONFIRMATION, summary
    assert rows(summary)["止损"].startswith("80,000.00 USDT")
    assert rows(summary)["有效期"] == (NOW + timedelta(seconds=120)).strftime("%Y-%m-%d %H:%M UTC")


@pytest.mark.parametrize(
    ("text", "label", "shown"),
    [
        ("limit buy 0.01 BTC at 85000 until it fills", "Good until", "cancelled (GTC)"),
        ("以 85000 挂单买 0.01 BTC，直到成交", "有效期", "撤销前一直有效"),
    ],
)
async def test_until_it_fills_is_good_till_cancelled(text: str, label: str, shown: str) -> None:
    desk = make_trade_desk()
    summary = await desk.chat.say(text)
    assert summary.status is Status.AWAITING_CONFIRMATION, summary
    assert shown in rows(summary)[label]
    await desk.chat.press(confirm_button(summary))
    (order,) = desk.orders.orders.values()
    assert order.status is OrderStatus.OPEN and order.expires_at is None


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("limit buy 0.01 BTC at 85000 valid for 30 seconds", "expiry_range:30 seconds"),
        ("挂单 85000 买 0.01 BTC，有效30秒", "expiry_range:30秒"),  # "有效" before the number
        ("limit buy 0.01 BTC at 85000 valid for a fortnight", "expiry_unread:valid for a fortnight"),
        ("limit buy 0.01 BTC at 85000 for 3.5 sec", "expiry_unread:for 3.5 sec"),
        ("以 85000 挂单买 0.01 BTC，30秒钟有效", "expiry_range:30秒钟"),
    ],
)
def test_an_expiry_the_grammar_does_not_read_is_quoted_with_its_words(text: str, slot: str) -> None:
    """The words around such an expiry ("valid for", "有效", "seconds") are data
    (core/language/lexicon/phrases/expiry.toml), never a price or an amount."""
    assert read_expiry(text) == slot


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("limit buy 0.01 BTC at 85000 good for 1.5 hours", "5400"),
        ("limit sell 1 ETH at 4000 for 2.5 days", "216000"),
        ("limit buy 0.01 BTC at 85000 for 0.5 hours", "1800"),
        ("以 85000 挂单买 0.01 BTC，1.5天有效", "129600"),
        ("以 85000 挂单买 0.01 BTC，两个半小时有效", "9000"),
        ("止损 80000，有效期0.5小时", "1800"),
        ("limit buy 0.01 BTC at 85000 for 0.0001 hours", "refused:whole_seconds:0.0001 hours"),
    ],
)
def test_an_expiry_with_a_fraction_is_read_exactly(text: str, slot: str) -> None:
    """A fraction of a unit is its exact length, never cut to the whole units ("1.5 hours" was one
    hour, "0.5 hours" refused as under a minute, before session 40); a length that is no whole
    number of seconds is refused, quoting it."""
    assert read_expiry(text) == slot


@pytest.mark.parametrize(
    "text",
    [
        "buy 0.1 eth at 3500 limit, valid today",
        "limit sell 1 ETH at 4000 valid for today",
        "限价3500买0.1个以太坊，当天有效",
    ],
)
def test_valid_today_is_a_day_order(text: str) -> None:
    """ "valid today" was no expiry word: the order rested until cancelled (before session 40)."""
    assert read_expiry(text) == "today"
