"""A correction of a field of the create in progress is taken even where another skill's rule also
reads it: "不对，初始资金是 5万U" while the paper account asks for its name changes the starting
balance and asks the name again. Before session 37 the balance diagnosis' rule read "初始资金" and
the create was parked ("已暂停"), the correction answered as a balance question. A message of
another skill that corrects nothing the task has ("不对，我的余额是多少") still leaves it."""

from __future__ import annotations

import pytest

from tests.workspace.conftest import codes, make_desk


@pytest.mark.parametrize(
    ("first", "fix", "balance"),
    [
        ("添加一个模拟账户", "不对，初始资金是 5万U", "50000"),
        ("新增一個模擬帳戶", "不對，初始資金是 5萬U", "50000"),
        ("add a paper account", "no wait, the starting balance is 50k USDT", "50000"),
        ("添加一个模拟账户", "等一下，初始资金改成 2万U", "20000"),
    ],
)
async def test_a_balance_corrected_while_the_name_is_asked(first: str, fix: str, balance: str) -> None:
    desk = make_desk()
    assert "ask_name" in codes(await desk.chat.say(first))
    reply = await desk.chat.say(fix)
    assert "corrected" in codes(reply) and "ask_name" in codes(reply), codes(reply)
    assert "task_parked" not in codes(reply), codes(reply)
    assert reply.route is not None and reply.route.skill == "exchange_management", reply.route
    assert reply.route.slots.get("paper_balance") == balance, reply.route


@pytest.mark.parametrize(
    ("first", "other"),
    [
        ("添加一个模拟账户", "不对，我的余额是多少"),
        ("新增一個模擬帳戶", "不對，我的餘額是多少"),
        ("add a paper account", "actually what's my balance"),
    ],
)
async def test_another_request_still_leaves_the_create(first: str, other: str) -> None:
    desk = make_desk()
    await desk.chat.say(first)
    reply = await desk.chat.say(other)
    assert "corrected" not in codes(reply), codes(reply)
    assert reply.route is not None and reply.route.skill != "exchange_management", reply.route


@pytest.mark.parametrize(
    ("first", "fix"),
    [
        ("添加一个 openai 模型配置", "不对，模型是 gpt-4o"),
        ("新增一個 openai 模型設定", "不對，模型是 gpt-4o"),
        ("add an openai model config", "no wait, the model is gpt-4o"),
    ],
)
async def test_a_model_corrected_mid_create(first: str, fix: str) -> None:
    """ "不对，模型是 gpt-4o" names the model: before, "模型" alone was no field of a correction and
    the model diagnosis' rule parked the create."""
    desk = make_desk()
    await desk.chat.say(first)
    reply = await desk.chat.say(fix)
    assert "corrected" in codes(reply) and "task_parked" not in codes(reply), codes(reply)
    assert reply.route is not None and reply.route.skill == "model_management", reply.route
    assert reply.route.slots.get("model") == "gpt-4o", reply.route


@pytest.mark.parametrize(
    ("first", "fix", "typed"),
    [
        ("添加一个模拟账户", "不对，初始资金是 -5万U", "-5万U"),
        ("新增一個模擬帳戶", "不對，初始資金是 -5萬U", "-5萬U"),
        ("add a paper account", "no wait, the starting balance is -50k USDT", "-50k USDT"),
        ("添加一个模拟账户", "初始资金改成 -2万U", "-2万U"),
    ],
)
async def test_a_refused_balance_correction_is_refused_quoting_it(first: str, fix: str, typed: str) -> None:
    """A balance the grammar refuses is said so, quoting it, and the task goes on: before, the
    balance rule parked the create ("不对，初始资金是 -5万U"), or the refusal quoted nothing."""
    desk = make_desk()
    await desk.chat.say(first)
    reply = await desk.chat.say(fix)
    assert "invalid_answer" in codes(reply) and "ask_name" in codes(reply), codes(reply)
    assert reply.route is not None and "paper_balance" not in reply.route.slots, reply.route
    assert any(typed in getattr(block, "text", "") for block in reply.blocks), reply.blocks
