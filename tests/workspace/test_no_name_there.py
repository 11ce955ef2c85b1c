"""Words around an account that are no name of one (issue 21: names said back): where the account
is ("我在币安的账户"), or the asking words ("what's in my account"). Before session 35 these read an
account called "在币安的账户", "账户里" or "'s" and said the person had none, though the message
named none."""

from __future__ import annotations

import pytest

from core.reply import DetailsBlock, Reply, Status
from tests.trading.conftest import make_trade_desk, notices, open_account


def shown(reply: Reply) -> str:
    return " ".join(f"{b.title} {b.rows}" for b in reply.blocks if isinstance(b, DetailsBlock))


@pytest.mark.parametrize("text", ["查看我在币安的账户", "看看我在币安的账户", "what's in my binance account"])
async def test_where_their_account_is_names_their_account_there(text: str) -> None:
    desk = make_trade_desk()
    await open_account(desk, "测试", "paper")
    await open_account(desk, "主", "binance")
    reply = await desk.chat.say(text)
    assert reply.status is Status.COMPLETED, notices(reply)
    assert "主" in shown(reply), reply.blocks


@pytest.mark.parametrize(
    ("text", "word"), [("查看我在币安的账户", "在"), ("what's in my binance account", "'s")]
)
async def test_where_is_not_said_back_as_a_name(text: str, word: str) -> None:
    """No Binance account: the answer says so and lists theirs, the words around it not in the name."""
    desk = make_trade_desk()
    await open_account(desk, "测试", "paper")
    reply = await desk.chat.say(text)
    assert reply.status is Status.FAILED and "测试" in notices(reply), notices(reply)
    assert word not in notices(reply), notices(reply)


@pytest.mark.parametrize(
    "text",
    [
        "what's in my account",
        "whats in my account",
        "what’s in my account?",
        "我的账户里有什么",
        "查看我的账户里",
    ],
)
async def test_the_asking_words_name_no_account(text: str) -> None:
    desk = make_trade_desk()
    await open_account(desk, "测试", "paper")
    reply = await desk.chat.say(text)
    assert reply.status is Status.COMPLETED, notices(reply)
    assert "测试" in shown(reply), reply.blocks


@pytest.mark.parametrize(
    ("text", "name"), [("main账户有多少钱", "main"), ("how much money is in main", "main")]
)
async def test_an_account_named_opening_or_closing_a_question_is_theirs(text: str, name: str) -> None:
    """ "main账户有多少钱" (no 的) and "how much money is in main" are main's balance."""
    desk = make_trade_desk()
    await open_account(desk, "测试", "paper")
    await open_account(desk, name, "paper")
    reply = await desk.chat.say(text)
    assert reply.status is Status.COMPLETED, notices(reply)
    assert [getattr(b, "account", None) for b in reply.blocks if type(b).__name__ == "BalanceBlock"] == [name]


@pytest.mark.parametrize(
    "text", ["我的账户有多少钱", "账户有多少钱", "交易账户有多少钱", "how much money is in my account"]
)
async def test_a_balance_question_naming_no_account_is_the_default_one(text: str) -> None:
    desk = make_trade_desk()
    await open_account(desk, "测试", "paper")
    reply = await desk.chat.say(text)
    assert reply.status is Status.COMPLETED, notices(reply)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("what's in main", "positions"),
        ("how much is in main", "balance"),
        ("how much money is in main", "balance"),
    ],
)
async def test_an_account_of_theirs_asked_about_by_its_name_alone(text: str, action: str) -> None:
    """ "what's in main" with an account called main: that account's holdings or balance (it was
    "I can't help with that yet": no account word, only the name they gave it)."""
    desk = make_trade_desk()
    await open_account(desk, "测试", "paper")
    await open_account(desk, "main", "paper")
    reply = await desk.chat.say(text)
    assert reply.route.skill == "account_query" and reply.route.action == action, reply.route
    assert reply.route.slots["target_ref"]["name"] == "main", reply.route.slots
    assert reply.status is Status.COMPLETED, notices(reply)


@pytest.mark.parametrize("text", ["what is in main", "main里有什么", "main裡有什麼", "main里面有啥"])
async def test_what_is_in_an_account_of_theirs_is_its_holdings(text: str) -> None:
    """ "what is in main" and "main里有什么" with an account called main: its holdings (they were
    "I can't help with that yet"; only "what's in main" was read)."""
    desk = make_trade_desk()
    await open_account(desk, "测试", "paper")
    await open_account(desk, "main", "paper")
    reply = await desk.chat.say(text)
    assert reply.route.skill == "account_query" and reply.route.action == "positions", reply.route
    assert reply.route.slots["target_ref"]["name"] == "main", reply.route.slots
    assert reply.status is Status.COMPLETED, notices(reply)
