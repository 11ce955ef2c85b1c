"""An answer to the strategy question that waits is that answer, even when another skill's rule
reads it too or it ends in a question mark (zh + en):

- "每天买50U" / "buy 50U every day" asked for a DCA amount fills the amount and the interval; no
  buy order starts (the trade rule also reads it);
- a message that says it turns away ("算了，先帮我买 100U 的 BTC", "actually, buy 100U of BTC
  first") still starts the order, the strategy kept on the resume stack;
- "1d?" typed for the interval is the interval; a real side question ("what's the minimum?",
  "最少多少？") is still answered aside and the question asked again.
"""

from __future__ import annotations

import pytest

from core.state import TaskStatus
from core.tasks.answers import is_switch, unasked
from tests.cases import each
from tests.strategies.desk import StrategyDesk, strategy_desk
from tests.workspace.conftest import codes, text_of


@pytest.fixture
def desk() -> StrategyDesk:
    return strategy_desk()


@pytest.mark.parametrize(
    ("start", "answer"),
    [
        ("创建一个BTC定投策略", "每天买50U"),
        ("create a DCA strategy for BTC", "buy 50U every day"),
        ("创建一个BTC定投策略", "每周买 50 USDT"),
        ("create a DCA strategy for BTC", "50U daily"),
    ],
)
async def test_a_sentence_answering_the_amount_fills_it_and_the_interval(
    desk: StrategyDesk, start: str, answer: str
) -> None:
    asked = await desk.chat.say(start)
    assert codes(asked) == ["ask_quote_amount"]
    reply = await desk.chat.say(answer)
    assert reply.route.skill == "strategy_management", reply.route
    assert "strategy_created" in codes(reply), codes(reply)
    (created,) = await desk.strategies.owned("console:user-1")
    assert created.kind == "dca" and str(created.params.quote_amount) == "50"  # type: ignore[union-attr]
    assert created.params.interval.text in ("1d", "1w")  # type: ignore[union-attr]
    state = await desk.core.store.load_state(desk.chat.key)
    assert state.resume_stack == []


@pytest.mark.parametrize(
    ("start", "answer", "interval"),
    [("新建一个策略", "每天买50U", "1d"), ("make a new strategy", "buy 50U every day", "1d")],
)
async def test_the_same_answer_after_choosing_kind_and_coin(
    desk: StrategyDesk, start: str, answer: str, interval: str
) -> None:
    await desk.chat.say(start)
    assert codes(await desk.chat.say("定投" if start.startswith("新") else "DCA")) == ["ask_symbol"]
    assert codes(await desk.chat.say("BTC")) == ["ask_quote_amount"]
    reply = await desk.chat.say(answer)
    assert reply.route.skill == "strategy_management" and reply.route.action == "create", reply.route
    assert reply.route.slots["quote_amount"] == "50" and reply.route.slots["interval"] == interval


@pytest.mark.parametrize(
    ("start", "switch"),
    [
        ("创建一个ETH定投策略", "算了，先帮我买 100U 的 BTC"),
        ("create a DCA strategy for ETH", "actually, buy 100U of BTC first"),
    ],
)
async def test_a_request_that_says_it_switches_still_starts_the_order(
    desk: StrategyDesk, start: str, switch: str
) -> None:
    await desk.chat.say(start)
    reply = await desk.chat.say(switch)
    assert (reply.route.skill, reply.route.action) == ("trade_execution", "buy"), reply.route
    state = await desk.core.store.load_state(desk.chat.key)
    (paused,) = state.resume_stack
    assert paused.skill == "strategy_management" and paused.status is TaskStatus.INTERRUPTED
    assert paused.asking == "quote_amount"


@pytest.mark.parametrize(
    ("start", "answer"),
    [("创建一个ETH定投策略，每次50U", "1d?"), ("create a DCA strategy for ETH, 50U per buy", "1d?"),
     ("创建一个ETH定投策略，每次50U", "每天？"), ("create an AI strategy for ETH", "4h?")],
)  # fmt: skip
async def test_a_value_with_a_question_mark_is_the_answer(
    desk: StrategyDesk, start: str, answer: str
) -> None:
    asked = await desk.chat.say(start)
    assert codes(asked) == ["ask_interval"]
    reply = await desk.chat.say(answer)
    assert reply.route.skill == "strategy_management", reply.route
    assert reply.route.slots["interval"] in ("1d", "4h")
    assert "ask_interval" not in codes(reply)


@pytest.mark.parametrize(
    ("start", "question"),
    [("创建一个ETH定投策略", "最少多少？"), ("create a DCA strategy for ETH", "what's the minimum?")],
)
async def test_a_real_side_question_is_still_answered_aside(
    desk: StrategyDesk, start: str, question: str
) -> None:
    await desk.chat.say(start)
    reply = await desk.chat.say(question)
    assert codes(reply)[-1] == "ask_quote_amount"  # answered aside, then the question again
    assert "quote_amount" not in reply.route.slots
    state = await desk.core.store.load_state(desk.chat.key)
    assert state.active is not None and state.active.asking == "quote_amount"


async def test_another_coin_in_the_sentence_is_no_answer_for_this_strategy(desk: StrategyDesk) -> None:
    await desk.chat.say("create a DCA strategy for ETH")
    reply = await desk.chat.say("buy 100U of BTC")
    assert (reply.route.skill, reply.route.action) == ("trade_execution", "buy"), reply.route


@each(
    ("text", "switch"),
    [("算了，先帮我买 100U 的 BTC", True), ("先帮我查下余额", True), ("actually, buy BTC", True),
     ("buy 100U of BTC instead", True), ("buy 100U of BTC first", True), ("每天买50U", False),
     ("buy 50U every day", False), ("first buy 50u", True), ("50U", False)],
)  # fmt: skip
def test_switch_markers(text: str, switch: bool) -> None:
    assert is_switch(text) is switch


@each(
    ("text", "value"),
    [("1d?", "1d"), ("每天？", "每天"), ("50 ?", "50"), ("what's the minimum?", None), ("?", None),
     ("是不是每天？", None), ("how often?", None)],
)  # fmt: skip
def test_unasked(text: str, value: str | None) -> None:
    assert unasked(text) == value


@pytest.mark.parametrize(
    ("start", "answer"),
    [("创建一个ETH网格策略", "3000到4000"), ("make a grid strategy for ETH", "between 3000 and 4000")],
)
async def test_a_range_answering_the_lower_price_fills_both(
    desk: StrategyDesk, start: str, answer: str
) -> None:
    assert codes(await desk.chat.say(start)) == ["ask_lower"]
    reply = await desk.chat.say(answer)
    assert codes(reply) == ["ask_grids"], codes(reply)
    assert (reply.route.slots["lower"], reply.route.slots["upper"]) == ("3000", "4000")


@pytest.mark.parametrize(
    ("start", "question"),
    [
        ("新建一个定投策略", "ETH价格？"),
        ("make a DCA strategy", "ETH price?"),
        ("新建一个定投策略", "ETH价格"),
    ],
)
async def test_a_price_question_naming_a_coin_stays_a_side_question(
    desk: StrategyDesk, start: str, question: str
) -> None:
    assert codes(await desk.chat.say(start)) == ["ask_symbol"]
    reply = await desk.chat.say(question)
    assert codes(reply)[-1] == "ask_symbol", codes(reply)  # the price, then the question again
    state = await desk.core.store.load_state(desk.chat.key)
    assert state.active is not None and state.active.asking == "symbol" and "symbol" not in state.active.slots


@pytest.mark.parametrize(
    ("start", "other"),
    [("创建一个BTC定投策略", "余额50U够不够"), ("create a DCA strategy for BTC", "is my balance 50U")],
)
async def test_a_sentence_about_something_else_is_no_amount(
    desk: StrategyDesk, start: str, other: str
) -> None:
    await desk.chat.say(start)
    reply = await desk.chat.say(other)
    assert "quote_amount" not in reply.route.slots or reply.route.skill != "strategy_management", reply.route
    state = await desk.core.store.load_state(desk.chat.key)
    paused = state.active or state.resume_stack[-1]
    assert paused.skill == "strategy_management" and "quote_amount" not in paused.slots


@pytest.mark.parametrize(
    ("start", "answer", "coin", "noted"),
    [
        ("新建一个定投策略", "每天买50U", "BTC", "已记下"),
        ("make a DCA strategy", "buy 50U every day", "ETH", "Noted"),
    ],
)
async def test_parameters_without_the_coin_asked_are_kept_and_the_coin_asked_again(
    desk: StrategyDesk, start: str, answer: str, coin: str, noted: str
) -> None:
    """No buy order starts (the trade rule reads the sentence too): the amount and the interval
    are the strategy's, and the coin is asked again."""
    assert codes(await desk.chat.say(start)) == ["ask_symbol"]
    reply = await desk.chat.say(answer)
    assert reply.route.skill == "strategy_management", reply.route
    assert codes(reply) == ["noted", "ask_symbol"], codes(reply)
    assert noted in text_of(reply)
    state = await desk.core.store.load_state(desk.chat.key)
    assert state.resume_stack == []
    assert state.active is not None and state.active.asking == "symbol"
    assert (state.active.slots["quote_amount"], state.active.slots["interval"]) == ("50", "1d")
    assert "strategy_created" in codes(await desk.chat.say(coin))
    (created,) = await desk.strategies.owned("console:user-1")
    assert str(created.params.quote_amount) == "50" and created.params.interval.text == "1d"  # type: ignore[union-attr]
