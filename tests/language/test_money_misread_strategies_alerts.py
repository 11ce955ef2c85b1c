"""Issue 21's money misreads in strategies and alerts, through the conversation engine (zh +
en): a value not read exactly ("-50U", "1e9U", "-3000", "-80000", "80000,5") is refused quoting
what was typed, the same question is asked again, and nothing is stored."""

from __future__ import annotations

import pytest

from core.reply import Status
from tests.alerts.conftest import AlertDesk, make_alert_desk, texts
from tests.strategies.desk import OWNER, StrategyDesk, strategy_desk
from tests.workspace.conftest import codes, text_of


@pytest.fixture
def desk() -> StrategyDesk:
    return strategy_desk()


@pytest.fixture
def alerts() -> AlertDesk:
    return make_alert_desk()


@pytest.mark.parametrize(
    ("text", "quoted", "asked", "answer"),
    [
        ("创建一个BTC定投策略，每天买-50U", "「-50U」", "ask_quote_amount", "50U"),
        ("create a DCA strategy for BTC, buy -50U every day", "“-50U”", "ask_quote_amount", "50U"),
        ("创建一个BTC定投策略，每天买1e9U", "「1e9U」", "ask_quote_amount", "50U"),
        ("create a DCA strategy for BTC, buy 1e9U every day", "“1e9U”", "ask_quote_amount", "50"),
        ("创建一个BTC定投策略，每天买50,5U", "「50,5U」", "ask_quote_amount", "50"),
        ("make a grid strategy for ETH between -3000 and 4000", "“-3000”", "ask_lower", "3000"),
        ("创建一个ETH网格策略，区间-3000到4000", "「-3000」", "ask_lower", "3000"),
    ],
)
async def test_a_strategy_value_not_read_exactly_is_refused_and_asked_again(
    desk: StrategyDesk, text: str, quoted: str, asked: str, answer: str
) -> None:
    await desk.refused_then_taken(text, quoted, asked, answer)


@pytest.mark.parametrize(
    ("start", "answer", "quoted"),
    [
        ("创建一个BTC定投策略", "-50U", "「-50U」"),
        ("create a DCA strategy for BTC", "-50", "“-50”"),
        ("创建一个BTC定投策略", "1e9", "「1e9」"),
        ("create a DCA strategy for BTC", "1e400 USDT", "“1e400 USDT”"),
        ("create a DCA strategy for BTC", "0,5", "“0,5”"),
        ("创建一个BTC定投策略", "50 60", "「50 60」"),
    ],
)
async def test_a_typed_strategy_amount_not_read_exactly_is_refused(
    desk: StrategyDesk, start: str, answer: str, quoted: str
) -> None:
    await desk.chat.say(start)
    reply = await desk.chat.say(answer)
    assert codes(reply) == ["invalid_answer", "ask_quote_amount"], text_of(reply)
    assert quoted in text_of(reply)


@pytest.mark.parametrize(
    ("text", "amount", "interval"),
    [
        ("创建一个BTC定投策略，每天买一百U", "100", "1d"),
        ("set up a DCA for BTC, 1.5k USDT daily", "1500", "1d"),
        ("创建一个BTC定投策略，每4小时买50刀", "50", "4h"),
        ("create a DCA strategy for BTC, buy 50 bucks every 4 hours", "50", "4h"),
    ],
)
async def test_a_strategy_amount_is_read_with_its_unit(
    desk: StrategyDesk, text: str, amount: str, interval: str
) -> None:
    reply = await desk.chat.say(text)
    assert reply.status is Status.COMPLETED, text_of(reply)
    (created,) = await desk.strategies.owned(OWNER)
    assert str(created.params.quote_amount) == amount  # type: ignore[union-attr]
    assert created.params.interval.text == interval  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ("alert me when BTC goes below -80000", "“-80000”"),
        ("当BTC跌破-80000时提醒我", "「-80000」"),
        ("alert me when BTC goes below 80000,5", "“80000,5”"),
        ("BTC跌破80000,5提醒我", "「80000,5」"),
        ("alert me when BTC drops below 8e4", "“8e4”"),
        ("/alert btc < -80000", "-80000"),
    ],
)
async def test_an_alert_level_not_read_exactly_is_refused_and_nothing_stored(
    alerts: AlertDesk, text: str, quoted: str
) -> None:
    reply = await alerts.say(text)
    assert reply.route.skill == "price_alert", reply.route
    assert reply.status is Status.FAILED, texts(reply)
    assert quoted in texts(reply)
    assert alerts.alerts.alerts == {}


# An /alert command's refusal quotes what was typed, as a sentence's does: it quoted the command's
# lowercased, simplified text ("1e5", "-30 min", "两次").
@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ("/alert 比特币 跌破 8E4", "「8E4」"),
        ("/alert 比特幣 跌破 80000 提醒我兩次", "兩次"),
        ("/alert ETH 5% 4小時內", "「4小時」"),
        ("/alert BTC > 1E5", "“1E5”"),
        ("/alert BTC > 80000 COOLDOWN -30 MIN", "“-30 MIN”"),
        ("/alert BTC > 80000 TWICE", "“TWICE”"),
    ],
)
async def test_an_alert_command_refusal_quotes_it_as_typed(alerts: AlertDesk, text: str, quoted: str) -> None:
    reply = await alerts.say(text)
    assert reply.status is Status.FAILED, texts(reply)
    assert quoted in texts(reply)
    assert alerts.alerts.alerts == {}


@pytest.mark.parametrize(
    ("text", "level"),
    [
        ("alert me when BTC goes below 80,000", "80000"),
        ("BTC跌破8万提醒我", "80000"),
        ("提醒我 BTC 跌到 八万", "80000"),
        ("alert me when BTC goes below 80k", "80000"),
        ("大饼破十万了叫我一声", "100000"),
    ],
)
async def test_an_alert_level_is_read_exactly(alerts: AlertDesk, text: str, level: str) -> None:
    reply = await alerts.say(text)
    assert reply.route.slots.get("level") == level, reply.route
    assert reply.status is Status.COMPLETED, texts(reply)


@pytest.mark.parametrize(
    ("text", "condition", "level"),
    [
        ("BTC到10万提醒我", "above", "100000"),
        ("set an alert for btc at 100k", "above", "100000"),
        ("BTC到8万提醒我", "below", "80000"),
        ("btc alert 80000", "below", "80000"),
    ],
)
async def test_a_level_with_no_direction_takes_the_side_the_price_is_not_on(
    alerts: AlertDesk, text: str, condition: str, level: str
) -> None:
    reply = await alerts.say(text)  # the price now is 90,000
    assert reply.status is Status.COMPLETED, texts(reply)
    (alert,) = alerts.alerts.alerts.values()
    assert (alert.spec.condition, str(alert.spec.level)) == (condition, level)


# A multiple is the value grammar's ("x2", "×3", "3倍"): the level is counted from the price now
# (90,000 in the desk). "x2" was no level at all and "×3" a level of 3.
@pytest.mark.parametrize(
    ("text", "level"),
    [("比特币 x2 提醒我", "180000"), ("比特幣到 ×3 提醒我", "270000"), ("alert me when BTC x2", "180000")],
)
async def test_a_multiple_is_counted_from_the_price_now(alerts: AlertDesk, text: str, level: str) -> None:
    reply = await alerts.say(text)
    assert reply.status is Status.COMPLETED, texts(reply)
    assert reply.route.slots.get("level") == level, reply.route


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ("比特币到 -x2 提醒我", "「-x2」"),
        ("比特幣漲到 1e1倍 提醒我", "「1e1倍」"),
        ("alert me when btc 1e1x", "“1e1x”"),
    ],
)
async def test_a_multiple_not_read_exactly_is_refused(alerts: AlertDesk, text: str, quoted: str) -> None:
    reply = await alerts.say(text)
    assert reply.status is Status.FAILED, texts(reply)
    assert quoted in texts(reply)
    assert alerts.alerts.alerts == {}
