"""A bare "delete X" (no kind of record said) is resolved by what the person owns: the one kind
that has an X takes it (a strategy, a trader, a model config, or the exchange account as before);
several kinds -> a question with one button per kind, each starting that delete; none -> the
exchange account skill's not-found answer, naming the accounts (zh + en)."""

from __future__ import annotations

import pytest

from core.reply import Status
from core.traders.model import NewTrader
from tests.traders.conftest import AUDIT, OWNER, TraderDesk, codes, dca, text_of


async def _trader(desk: TraderDesk, name: str) -> None:
    account = await desk.account()
    strategy = await desk.strategy("定投", dca(), default=True)
    await desk.traders.create(
        NewTrader(OWNER, name, account.id, strategy.id, None, False, False, desk.clock.now()), AUDIT
    )


@pytest.mark.parametrize("text", ["delete grid1", "删除 grid1"])
async def test_a_strategy_s_name_deletes_the_strategy(desk: TraderDesk, text: str) -> None:
    await desk.account("main")
    await desk.strategy("grid1", dca())
    asked = await desk.chat.say(text)
    assert (asked.route.skill, asked.route.action) == ("strategy_management", "delete"), text_of(asked)
    assert asked.status is Status.AWAITING_CONFIRMATION
    done = await desk.chat.press(asked.buttons[0].token)
    assert done.status is Status.COMPLETED, text_of(done)
    assert [s.name for s in await desk.strategies.owned(OWNER)] == []
    assert [a.name for a in await desk.workspace.accounts.owned(OWNER)] == ["main"]


async def test_a_model_config_s_name_deletes_the_config(desk: TraderDesk) -> None:
    await desk.model("brain", "kimi")
    asked = await desk.chat.say("delete brain")
    assert (asked.route.skill, asked.route.action) == ("model_management", "delete"), text_of(asked)
    assert asked.status is Status.AWAITING_CONFIRMATION


async def test_a_trader_s_name_deletes_the_trader(desk: TraderDesk) -> None:
    await _trader(desk, "alpha")
    asked = await desk.chat.say("删除 alpha")
    assert (asked.route.skill, asked.route.action) == ("trader_management", "delete"), text_of(asked)


@pytest.mark.parametrize("text", ["delete main", "删除 main"])
async def test_an_account_s_name_still_deletes_the_account(desk: TraderDesk, text: str) -> None:
    await desk.account("main")
    await desk.strategy("grid1", dca())
    asked = await desk.chat.say(text)
    assert (asked.route.skill, asked.route.action) == ("exchange_management", "delete"), text_of(asked)
    assert asked.status is Status.AWAITING_CONFIRMATION


@pytest.mark.parametrize(
    ("text", "question", "labels"),
    [
        (
            "delete main",
            "More than one of your things is called “main”",
            ["exchange account “main”", "strategy “main”"],
        ),
        ("删除 main", "你有不止一个叫「main」的东西", ["交易所账户「main」", "策略「main」"]),
    ],
)
async def test_several_kinds_ask_with_a_button_each(
    desk: TraderDesk, text: str, question: str, labels: list[str]
) -> None:
    await desk.account("main")
    await desk.strategy("main", dca())
    asked = await desk.chat.say(text)
    assert asked.status is Status.NEEDS_INPUT and codes(asked) == ["ambiguous_kind"]
    assert question in text_of(asked) and [b.label for b in asked.buttons] == labels
    confirm = await desk.chat.press(asked.buttons[1].token)
    assert (confirm.route.skill, confirm.route.action) == ("strategy_management", "delete")
    assert confirm.status is Status.AWAITING_CONFIRMATION
    done = await desk.chat.press(confirm.buttons[0].token)
    assert done.status is Status.COMPLETED
    assert await desk.strategies.owned(OWNER) == []
    assert [a.name for a in await desk.workspace.accounts.owned(OWNER)] == ["main"]


async def test_no_match_anywhere_is_the_account_not_found(desk: TraderDesk) -> None:
    await desk.account("main")
    await desk.strategy("grid1", dca())
    reply = await desk.chat.say("delete nothing-here")
    assert (reply.route.skill, reply.route.action) == ("exchange_management", "delete")
    assert reply.status is Status.FAILED and codes(reply) == ["not_found"]
    assert "main" in text_of(reply)


async def test_an_alert_and_a_trader_of_one_name_ask_which(desk: TraderDesk) -> None:
    """ "delete dip buyer" with a trader and a price alert so called took the trader's delete, the
    alert never offered: now both are, as buttons, and the alert's deletes the alert alone."""
    await _trader(desk, "dip buyer")
    made = await desk.chat.say("alert me when btc < 80k, call it dip buyer")
    assert codes(made)[0] == "alert_created", text_of(made)
    asked = await desk.chat.say("delete dip buyer")
    assert asked.status is Status.NEEDS_INPUT and codes(asked) == ["ambiguous_kind"], text_of(asked)
    assert [b.label for b in asked.buttons] == ["trader “dip buyer”", "price alert “dip buyer”"]
    offered = await desk.chat.press(asked.buttons[1].token)
    assert (offered.route.skill, offered.route.action) == ("price_alert", "delete"), text_of(offered)
    assert codes(offered) == ["ask_alert"], text_of(offered)  # confirmed before it is deleted
    gone = await desk.chat.press(offered.buttons[0].token)
    assert codes(gone)[0] == "alert_deleted", text_of(gone)
    assert [t.name for t in await desk.traders.owned(OWNER)] == ["dip buyer"]


@pytest.mark.parametrize(
    ("kind", "text", "name"),
    [
        ("strategy", "模拟盘不要了 删了", "模拟盘"),
        ("trader", "模擬盤不要了 刪了", "模拟盘"),
        ("trader", "删掉模拟盘", "模拟盘"),
        ("strategy", "delete paper", "paper"),
    ],
)
async def test_a_record_named_as_the_paper_exchange_is_theirs(
    desk: TraderDesk, kind: str, text: str, name: str
) -> None:
    """ "模拟盘不要了 删了" with a strategy or trader called 模拟盘 offered to delete the paper
    exchange account (there was none: "no account called “paper”"): the record so named is the one
    deleted, confirmed first; the accounts are left alone."""
    if kind == "strategy":
        await desk.account("模拟账户")
        await desk.strategy(name, dca())
    else:
        await _trader(desk, name)  # on a paper account, 模拟账户
    asked = await desk.chat.say(text)
    skill = f"{kind}_management"
    assert (asked.route.skill, asked.route.action) == (skill, "delete"), text_of(asked)
    assert asked.status is Status.AWAITING_CONFIRMATION and name in text_of(asked)
    done = await desk.chat.press(asked.buttons[0].token)
    assert done.status is Status.COMPLETED, text_of(done)
    owned = desk.strategies if kind == "strategy" else desk.traders
    assert name not in [r.name for r in await owned.owned(OWNER)]
    assert [a.name for a in await desk.workspace.accounts.owned(OWNER)] == ["模拟账户"]


async def test_with_no_record_so_named_the_paper_account_is_confirmed(desk: TraderDesk) -> None:
    """With none so named it is the paper account: one is confirmed before it goes; of two, the
    question says the exchange as shown (「模拟账户」, not its key 「paper」), then confirms."""
    await desk.account("模拟账户")
    asked = await desk.chat.say("模拟盘不要了 删了")
    assert (asked.route.skill, asked.route.action) == ("exchange_management", "delete")
    assert asked.status is Status.AWAITING_CONFIRMATION and "模拟账户" in text_of(asked)
    assert [a.name for a in await desk.workspace.accounts.owned(OWNER)] == ["模拟账户"]

    await desk.account("测试")
    which = await desk.chat.say("模拟盘不要了 删了")
    assert which.status is Status.NEEDS_INPUT and "ambiguous_reference" in codes(which)
    assert "「模拟账户」" in text_of(which) and "paper" not in text_of(which)
    confirm = await desk.chat.press(which.buttons[1].token)
    assert confirm.status is Status.AWAITING_CONFIRMATION, text_of(confirm)
    assert len(await desk.workspace.accounts.owned(OWNER)) == 2  # nothing deleted unconfirmed


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("btc dca", "delete the btc dca strategy, it's not working"),
        ("btc定投", "删掉那个btc定投策略，不好用"),
        ("btc定投", "刪掉那個btc定投策略，不好用"),
    ],
)
async def test_a_delete_with_its_reason_deletes_confirmed(desk: TraderDesk, name: str, text: str) -> None:
    """ "delete the btc dca strategy, it's not working" went to the strategy's diagnosis, and
    "删掉那个btc定投策略，不好用" to nothing (不好 read as "don't"): the verb said is the ask, the
    complaint its reason; the delete is confirmed first. The complaint alone is still looked into."""
    await desk.account("main")
    await desk.strategy(name, dca())
    asked = await desk.chat.say(text)
    assert (asked.route.skill, asked.route.action) == ("strategy_management", "delete"), text_of(asked)
    assert asked.status is Status.AWAITING_CONFIRMATION and name in text_of(asked)
    assert [s.name for s in await desk.strategies.owned(OWNER)] == [name]
    told = await desk.chat.say(f"my {name} strategy is not working")
    assert told.route is not None and told.route.skill == "strategy_diagnosis", text_of(told)
