"""An account said not to be used ("buy 0.01 btc, not on paper", "不要用模拟盘，买0.01个btc"): every
other account of the person's is the one meant, asked which where there are several; where there
is none, nothing is done and the person is told so. Before session 57 the account said not to be
used was the one the order went to (the "not" unread)."""

from __future__ import annotations

import pytest

from core.reply import DetailsBlock, Reply, Status
from core.tasks.refs import Target, resolve
from tests.trading.conftest import OWNER, make_trade_desk, notices, open_account


def account_shown(reply: Reply) -> str:
    rows = dict(next(b for b in reply.blocks if isinstance(b, DetailsBlock)).rows)
    return str(rows.get("账户") or rows.get("Account"))


@pytest.mark.parametrize(
    "text", ["buy 0.01 btc, not on paper", "不要用模拟盘，买0.01个btc", "买0.01个btc，不是模拟账户"]
)
async def test_the_paper_account_said_not_is_never_the_one_traded(text: str) -> None:
    desk = make_trade_desk()
    await open_account(desk, "练手", "paper")
    await open_account(desk, "主力", "paper")
    reply = await desk.chat.say(text)
    # Both accounts are paper ones: there is no other, nothing is done and it is said.
    assert reply.status is Status.FAILED, notices(reply)
    assert "练手" in notices(reply) and desk.orders.orders == {}


@pytest.mark.parametrize(
    ("text", "left"), [("buy 0.01 btc not on 练手", "主力"), ("不要用主力账户买0.01个btc", "练手")]
)
async def test_the_account_named_not_leaves_the_other(text: str, left: str) -> None:
    desk = make_trade_desk()
    await open_account(desk, "练手", "paper")
    await open_account(desk, "主力", "paper")
    reply = await desk.chat.say(text)
    assert reply.status is Status.AWAITING_CONFIRMATION, notices(reply)
    assert account_shown(reply) == left


@pytest.mark.parametrize(
    "text", ["别用主力账户，买0.01个btc", "别用主力，买0.01个btc", "don't use 主力, buy 0.01 btc"]
)
async def test_a_name_told_not_before_the_order_leaves_the_other(text: str) -> None:
    """ "别用主力账户，买…": the name told not to be acted on is no target (core.language.told_names),
    and the order's account is every other one (before: the account was asked, 主力 among them)."""
    desk = make_trade_desk()
    await open_account(desk, "练手", "paper")
    await open_account(desk, "主力", "paper")
    reply = await desk.chat.say(text)
    assert reply.status is Status.AWAITING_CONFIRMATION, notices(reply)
    assert account_shown(reply) == "练手" and desk.orders.orders == {}


async def test_several_others_are_asked_which() -> None:
    desk = make_trade_desk()
    for name in ("练手", "主力", "备用"):
        await open_account(desk, name, "paper")
    reply = await desk.chat.say("buy 0.01 btc, not on 练手")
    assert reply.status is Status.NEEDS_INPUT, notices(reply)
    assert [b.label for b in reply.buttons][:2] == ["主力", "备用"]


async def test_a_newcomer_told_not_paper_gets_no_paper_account() -> None:
    desk = make_trade_desk()
    reply = await desk.chat.say("buy 0.01 btc, not on paper")
    assert reply.status is Status.FAILED and desk.orders.orders == {}
    assert await desk.workspace.accounts.owned(OWNER) == []


def test_resolve_excepts_the_account_said_not() -> None:
    targets = [Target("1", "main", ("binance",)), Target("2", "sandbox", ("paper",))]
    assert resolve({"except_alias": "paper"}, targets, None) == [targets[0]]
    assert resolve({"except_name": "main"}, targets, None) == [targets[1]]
    assert resolve({"except_alias": "okx"}, targets, None) == targets
