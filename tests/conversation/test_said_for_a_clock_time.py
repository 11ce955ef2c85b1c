"""A trade said with a clock time of day ("10点买0.1个btc", "at 10pm buy 0.1 btc", "三点五十买0.1个btc",
"buy 0.1 btc at 9:30", "晚上9点卖掉一半eth") was placed now as a market order. deskmate keeps no order for
a set time: the route carries the time (slot "later", reason "clock") and the trade is refused saying
why, suggesting a limit order or an alert; nothing is placed. A price said with "at" ("limit buy eth
at 3000", "buy btc at 85000") stays a price, "买一点btc" a little, "一点五个" a decimal."""

from __future__ import annotations

from core.conversation.reading import read_asks
from core.reply import Status
from tests.cases import each
from tests.conversation.conftest import Desk, codes, shown
from tests.fakes import shared_router


@each(
    ("text", "typed"),
    [
        ("10点买0.1个btc", "10点"),
        ("at 10pm buy 0.1 btc", "10pm"),
        ("三点五十买0.1个btc", "三点五十"),
        ("10点50买0.1个btc", "10点50"),
        ("buy 0.1 btc at 10pm", "10pm"),
        ("晚上9点卖掉一半eth", "晚上9点"),
        ("下午三点半买0.1个eth", "下午三点半"),
        ("buy 0.1 btc at 9:30", "9:30"),
        ("22:00卖掉0.1个eth", "22:00"),
        ("at 10 o'clock sell 0.5 sol", "10 o'clock"),
        ("sell my sol at 7am", "7am"),
    ],
)
def test_a_trade_said_for_a_clock_time_carries_it(text: str, typed: str) -> None:
    (ask,) = read_asks(text, shared_router())
    assert ask.skill == "trade_execution", ask
    assert ask.slots["later"] == f"refused:clock:{typed}", ask


@each(
    "text",
    [
        "limit buy eth at 3000",
        "buy btc at 85000",
        "sell 0.1 btc at 10",
        "limit sell sol at 12.30",
        "挂单10块买0.1个sol",
        "买一点btc",
        "买一点五个eth",
        "1点5个eth买入",
        "3000点买eth",
        "每天10点买10u btc",
    ],
)
def test_a_price_a_little_a_decimal_or_a_plan_carries_no_time(text: str) -> None:
    asks = read_asks(text, shared_router())
    assert asks and all("later" not in a.slots for a in asks), asks


async def test_a_trade_for_a_clock_time_is_refused_and_nothing_placed(desk: Desk) -> None:
    for text in ("10点买0.1个btc", "at 10pm buy 0.1 btc", "三点五十买0.1个btc", "buy 0.1 btc at 9:30"):
        reply = await desk.chat.say(text)
        assert reply.status is Status.FAILED and "later" in codes(reply), (text, reply)
        assert not reply.buttons and not desk.orders.orders, text
    en = await desk.chat.say("buy 0.1 btc at 10pm")
    assert "10pm" in shown(en) and "nothing was done" in shown(en) and "limit order" in shown(en)
    zh = await desk.chat.say("晚上9点卖掉一半eth")
    assert "「晚上9点」" in shown(zh) and "限价单" in shown(zh) and not desk.orders.orders


async def test_a_limit_price_said_with_at_is_still_offered(desk: Desk) -> None:
    reply = await desk.chat.say("limit buy 0.1 eth at 3000")
    assert reply.status is Status.AWAITING_CONFIRMATION, reply
