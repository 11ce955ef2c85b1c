"""A new request typed while a task waits for an answer is that request, answered, and the task
kept to go on with; a value that answers the question is still its answer (zh, en, zh-Hant).

Before, a look whose words hold a value of the shape asked ("btc 4h k线", "show the btc 4h chart"
while a strategy asked its interval; "backtest a btc dca 50u daily over 30d") was taken as the
answer: the strategy was created with that interval and the chart never came (a backtest
"… daily over 30d" alike)."""

from __future__ import annotations

import pytest

from core.state import TaskStatus
from tests.conversation.conftest import Desk, codes

INTERVAL_ZH = "创建一个btc定投策略，每次50u"
INTERVAL_EN = "create a dca strategy for btc, 50u each time"
INTERVAL_HANT = "建立一個btc定投策略，每次50u"


async def waiting(desk: Desk) -> str | None:
    state = await desk.states.load_state(desk.chat.key)
    task = state.active
    return task.asking if task is not None and task.status is TaskStatus.COLLECTING else None


@pytest.mark.parametrize(
    ("first", "asked", "turn", "route"),
    [
        (INTERVAL_ZH, "interval", "btc 4h k线", ("price", "history")),
        (INTERVAL_ZH, "interval", "btc最近7天走势", ("price", "history")),
        (INTERVAL_ZH, "interval", "看看btc的4小时k线", ("price", "history")),
        (INTERVAL_EN, "interval", "show the btc 4h chart", ("price", "history")),
        (INTERVAL_EN, "interval", "what did btc do in the last 4h", ("price", "history")),
        (INTERVAL_HANT, "interval", "btc 4h K線", ("price", "history")),
        ("创建一个btc定投策略", "quote_amount", "what's the btc price", ("price", "current")),
        ("买点eth", "amount", "btc价格多少", ("price", "current")),
        ("buy eth", "amount", "what's the btc price", ("price", "current")),
    ],
)
async def test_a_look_is_answered_and_the_question_asked_again(
    desk: Desk, first: str, asked: str, turn: str, route: tuple[str, str]
) -> None:
    await desk.chat.say(first)
    assert await waiting(desk) == asked
    reply = await desk.chat.say(turn)
    assert reply.route is not None and (reply.route.skill, reply.route.action) == route, (
        reply.route,
        codes(reply),
    )
    assert "strategy_created" not in codes(reply), codes(reply)
    assert codes(reply)[-2:] == ["back_to_task", f"ask_{asked}"], codes(reply)
    assert await waiting(desk) == asked


@pytest.mark.parametrize(
    ("first", "turn", "route"),
    [
        ("buy eth", "show my balance", ("account_query", "balance")),
        ("买点eth", "查一下余额", ("account_query", "balance")),
        ("创建一个定投策略", "删除交易员 rex", ("trader_management", "delete")),
        ("create a dca strategy", "sell 0.1 sol", ("trade_execution", "sell")),
        ("创建一个btc定投策略", "卖掉0.1个sol", ("trade_execution", "sell")),
    ],
)
async def test_a_request_of_another_kind_is_that_request_and_the_task_is_kept(
    desk: Desk, first: str, turn: str, route: tuple[str, str]
) -> None:
    await desk.chat.say(first)
    reply = await desk.chat.say(turn)
    assert reply.route is not None and (reply.route.skill, reply.route.action) == route, reply.route
    state = await desk.states.load_state(desk.chat.key)
    kept = [t for t in (state.active, *state.resume_stack) if t is not None]
    assert [t.status for t in kept] == [TaskStatus.INTERRUPTED], codes(reply)


@pytest.mark.parametrize(
    ("first", "answer", "code"),
    [
        (INTERVAL_ZH, "4h", "strategy_created"),
        (INTERVAL_EN, "4h?", "strategy_created"),
        (INTERVAL_ZH, "每4小时", "strategy_created"),
        (INTERVAL_HANT, "每天", "strategy_created"),
        ("创建一个btc定投策略", "每天买50U", "strategy_created"),
        ("create a dca strategy for btc", "50u", "ask_interval"),
        ("buy eth", "50u", "confirm_buy"),
        ("买点eth", "0.1", "confirm_buy"),
    ],
)
async def test_a_value_that_answers_is_the_answer(desk: Desk, first: str, answer: str, code: str) -> None:
    await desk.chat.say(first)
    reply = await desk.chat.say(answer)
    assert code in codes(reply), codes(reply)


@pytest.mark.parametrize(
    ("first", "answer", "code"),
    [
        ("buy eth", "买50u", "confirm_buy"),
        ("买点eth", "buy 50u", "confirm_buy"),
        ("買點eth", "買50u", "confirm_buy"),
        ("sell sol", "sell 0.1", "insufficient_balance"),
        ("卖点sol", "卖0.1个", "insufficient_balance"),
    ],
)
async def test_the_tasks_own_verb_with_the_value_asked_is_the_answer(
    desk: Desk, first: str, answer: str, code: str
) -> None:
    """Before, "买50u" while a buy of ETH asked how much set the ETH buy aside and started a new
    buy asking which coin."""
    await desk.chat.say(first)
    reply = await desk.chat.say(answer)
    assert code in codes(reply) and "task_parked" not in codes(reply), codes(reply)
    assert reply.route is not None and reply.route.slots["symbol"] in ("ETHUSDT", "SOLUSDT")


async def test_another_coin_with_the_verb_is_a_new_request(desk: Desk) -> None:
    await desk.chat.say("buy eth")
    reply = await desk.chat.say("买50u的btc")
    assert reply.route is not None and reply.route.slots["symbol"] == "BTCUSDT"
    assert "task_parked" in codes(reply), codes(reply)
