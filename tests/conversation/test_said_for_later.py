"""A one-off ask said for a time ahead ("buy 0.1 btc tomorrow", "明天帮我买0.1个btc", "聽日幫我賣晒eth",
"start gary on monday", "下周一停掉gary") was done at once. deskmate keeps no one-off action for later:
the route carries the time ahead (slot "later") and an action that changes something is refused with
the reason, nothing done. Now and today are now; a repeat is a plan; a time before is a story; a
deadline ("by tomorrow") may be met now. And a complaint about an alert ("没收到btc的提醒", "my btc
alert never fired") lists their alerts, never makes one."""

from __future__ import annotations

from core.conversation.reading import read_asks
from core.language.gazetteer import Gazetteer
from core.reply import Status
from core.routing.router import Route, RouteContext
from tests.cases import each
from tests.conversation.conftest import Desk, codes, shown
from tests.fakes import shared_router

GARY = RouteContext(names=Gazetteer.of({"trader": ["gary"]}))


@each(
    ("text", "skill", "action", "typed"),
    [
        ("buy 0.1 btc tomorrow", "trade_execution", "buy", "tomorrow"),
        ("sell half my sol tmr", "trade_execution", "sell", "tmr"),
        ("limit buy 0.1 btc at 90000 next week", "trade_execution", "limit", "next week"),
        ("明早卖掉一半eth", "trade_execution", "sell", "明早"),
        ("3天后卖掉eth", "trade_execution", "sell", "3天后"),
        ("聽日幫我賣晒eth", "trade_execution", "sell", "聽日"),
        ("cancel my btc orders tomorrow", "orders", "cancel", "tomorrow"),
        ("start gary on monday", "trader_management", "start", "on monday"),
        ("从明天开始启动gary", "trader_management", "start", "明天"),
        ("下周一停掉gary", "trader_management", "stop", "下周一"),
        # a span of time ahead: bought at once, stopped at once (the resume dropped) before
        ("buy 0.1 btc in 2 hours", "trade_execution", "buy", "in 2 hours"),
        ("stop gary in 30 minutes", "trader_management", "stop", "in 30 minutes"),
        ("pause gary for 2 hours", "trader_management", "stop", "for 2 hours"),
    ],
)
def test_a_one_off_ask_for_later_carries_its_time(text: str, skill: str, action: str, typed: str) -> None:
    (ask,) = read_asks(text, shared_router(), GARY)
    assert (ask.skill, ask.action) == (skill, action), ask
    assert ask.slots["later"] == f"refused:later:{typed}", ask


@each(
    "text",
    [
        "buy 0.1 btc now",
        "buy 0.1 btc today",
        "今天帮我买0.1个btc",
        "sell my eth by tomorrow",
        "明天前帮我卖掉eth",
        "every day buy 10 usdt of eth",
        "从明天开始每天买10u eth",
        "every monday buy 100 usdt of eth",
        "alert me if BTC moves 5% from now",
        "alert me if btc drops 5% in 1 hour",  # the alert's window
        "backtest eth dca for 90 days",  # the backtest's span
    ],
)
def test_now_a_deadline_and_a_repeat_carry_no_time_ahead(text: str) -> None:
    asks = read_asks(text, shared_router(), GARY)
    assert asks and all("later" not in a.slots for a in asks), asks


@each("text", ["I bought btc yesterday", "昨天买的btc明天卖", "明天再说"])
def test_a_story_or_a_put_off_stays_no_order(text: str) -> None:
    assert all(a.action not in ("buy", "sell") for a in read_asks(text, shared_router())), text


async def test_an_order_for_later_is_refused_saying_why(desk: Desk) -> None:
    reply = await desk.chat.say("buy 0.1 btc tomorrow")
    assert reply.status is Status.FAILED and "later" in codes(reply), reply
    assert "tomorrow" in shown(reply) and "nothing was done" in shown(reply)
    assert not reply.buttons and not desk.orders.orders
    zh = await desk.chat.say("明天帮我买0.1个btc")
    assert "later" in codes(zh) and "「明天」" in shown(zh) and not desk.orders.orders
    spanned = await desk.chat.say("buy 0.1 btc in 2 hours")  # bought at once before
    assert spanned.status is Status.FAILED and "later" in codes(spanned), spanned
    assert "in 2 hours" in shown(spanned) and not spanned.buttons and not desk.orders.orders


async def test_an_order_now_is_still_offered(desk: Desk) -> None:
    reply = await desk.chat.say("buy 100 usdt of btc now")
    assert reply.status is Status.AWAITING_CONFIRMATION, reply


@each(
    "text",
    [
        "没收到btc的提醒",
        "从昨天开始就没收到btc的提醒",
        "我设的btc提醒从昨天开始就没响",
        "my btc alert never fired",
        "個btc提醒冇響過",
        "my 100k btc alert never triggered",
    ],
)
def test_a_complaint_about_an_alert_lists_them(text: str) -> None:
    (ask,) = read_asks(text, shared_router())
    assert (ask.skill, ask.action) == ("price_alert", "query"), ask


async def test_a_complaint_about_an_alert_makes_none(desk: Desk) -> None:
    reply = await desk.chat.say("my btc alert never fired")
    assert codes(reply) == ["no_alerts"], reply


def test_a_models_task_for_later_carries_its_time_too() -> None:
    layer = shared_router().layer
    assert layer is not None
    task = Route("trade_execution", "buy", {"symbol": "BTCUSDT"})
    assert layer.ahead(task, "could you grab me some bitcoin tmrw").slots["later"] == "refused:later:tmrw"
    assert layer.ahead(task, "could you grab me some bitcoin") == task
