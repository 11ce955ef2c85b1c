"""A named account, trader or strategy that does not exist is said back with what the person has
(issue 24), never replaced by another of their records or a new paper account: "buy 100 USDT of
BTC on Main", "主账户的余额", "create a trader using strategy Foo", "诊断交易员Foo"."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import pytest

from core.reply import DiagnosisBlock, NoticeBlock, Reply, Status
from core.tasks.audit import AuditEntry
from core.workspace.accounts import NewExchangeAccount
from tests.traders.conftest import dca
from tests.traders.conftest import make_desk as make_trader_desk
from tests.trading.conftest import OWNER, TradeDesk, make_trade_desk


async def paper(desk: TradeDesk, name: str) -> None:
    now = datetime.now(UTC)
    audit = AuditEntry(OWNER, "test", now, "test", "create", None, None, "ok")
    await desk.workspace.accounts.create(
        NewExchangeAccount(OWNER, name, "paper", {}, Decimal(10000), now), audit
    )


def said(reply: Reply) -> str:
    return " ".join(b.text for b in reply.blocks if isinstance(b, NoticeBlock))


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("buy 100 USDT of BTC on Main", "Main"),
        ("用主账户买 100 USDT 的 BTC", "主账户"),
        ("主账户的余额", "主账户"),
        ("balance of Main", "Main"),
        # Read before session 35 as no account at all: the order went to 测试, the default one.
        ("用 alpha2 账户买 100u btc", "alpha2"),
        ("use account main to buy btc 10u", "main"),
        ("show positions of my Main account", "Main"),
        # Read before session 35 as no account at all: the default account's balance answered.
        ("main账户有多少钱", "main"),
        ("查一下main账户有多少钱", "main"),
        ("how much money is in main", "main"),
        ("how much money is in Main?", "Main"),
    ],
)
async def test_an_account_they_do_not_have_is_said_back_with_theirs(text: str, name: str) -> None:
    desk = make_trade_desk()
    await paper(desk, "测试")
    reply = await desk.chat.say(text)
    assert reply.status is Status.FAILED
    assert name in said(reply) and "测试" in said(reply), said(reply)
    assert not any(type(b).__name__ == "BalanceBlock" for b in reply.blocks)  # not 测试's balance
    assert desk.orders.orders == {} and len(await desk.workspace.accounts.owned(OWNER)) == 1


@pytest.mark.parametrize(
    "text", ["查一下主账户的余额", "帮我看看主账户的持仓", "use account 主账户 to buy 10 usdt of btc"]
)
async def test_the_words_asking_are_no_part_of_the_account_named(text: str) -> None:
    """ "查一下主账户的余额" is 主账户's balance: before session 35 it named an account
    "查一下主账户", said back as one they do not have (and "use account …" named none)."""
    desk = make_trade_desk()
    await paper(desk, "测试")
    await paper(desk, "主账户")
    reply = await desk.chat.say(text)
    assert "查一下" not in said(reply) and "看看" not in said(reply), said(reply)
    assert reply.status is not Status.FAILED, said(reply)


@pytest.mark.parametrize(
    ("text", "name"), [("buy 100 USDT of BTC on Main", "Main"), ("主账户的余额", "主账户")]
)
async def test_a_named_account_is_never_a_new_paper_account(text: str, name: str) -> None:
    desk = make_trade_desk()
    reply = await desk.chat.say(text)
    assert reply.status is Status.FAILED and name in said(reply)
    assert await desk.workspace.accounts.owned(OWNER) == []  # no paper account opened in its place


@pytest.mark.parametrize(
    "text",
    ["create a trader named beta using strategy Foo", "用Foo策略建一个交易员叫beta"],
)
async def test_a_trader_on_a_strategy_they_do_not_have_is_not_created(text: str) -> None:
    desk = make_trader_desk()
    await desk.account()
    await desk.strategy("btc dca", dca(), default=True)
    reply = await desk.chat.say(text)
    assert reply.status is Status.FAILED
    assert "Foo" in said(reply) and "btc dca" in said(reply)
    assert await desk.traders.owned(desk.owner) == []


async def diagnosed_with_alpha(text: str) -> list[DiagnosisBlock]:
    """The diagnosis blocks ``text`` gets from someone with an account, the strategy "btc dca"
    and the trader "alpha"."""
    desk = make_trader_desk()
    await desk.account()
    await desk.strategy("btc dca", dca(), default=True)
    await desk.chat.say("create a trader named alpha")
    return [b for b in (await desk.chat.say(text)).blocks if isinstance(b, DiagnosisBlock)]


@pytest.mark.parametrize("text", ["诊断交易员Foo", "diagnose trader Foo", "diagnose strategy Foo"])
async def test_a_diagnosis_of_a_trader_or_strategy_they_do_not_have_checks_none_in_its_place(
    text: str,
) -> None:
    [block] = await diagnosed_with_alpha(text)
    assert block.cause_code == "named_missing" and "Foo" in block.cause
    assert ("alpha" if "strategy" not in text else "btc dca") in block.cause
    assert "·" not in block.title  # no trader or strategy of theirs checked instead


@pytest.mark.parametrize(
    ("text", "name", "theirs"),
    [
        ("诊断交易员 机器人一号", "机器人一号", "alpha"),
        ("为什么交易员 机器人一号 不工作", "机器人一号", "alpha"),
        ("交易员 机器人一号 为什么一直不下单", "机器人一号", "alpha"),
        ("诊断交易员「机器人一号」", "机器人一号", "alpha"),
        ("why is trader robot one not trading", "robot one", "alpha"),
        ("诊断策略 网格一号", "网格一号", "btc dca"),
        ("diagnose strategy 'eth grid'", "eth grid", "btc dca"),
    ],
)
async def test_an_unquoted_or_chinese_name_they_do_not_have_is_said_back(
    text: str, name: str, theirs: str
) -> None:
    [block] = await diagnosed_with_alpha(text)
    assert block.cause_code == "named_missing", block
    assert f"「{name}」" in block.cause or f"“{name}”" in block.cause, block.cause
    assert theirs in block.cause


@pytest.mark.parametrize(
    ("text", "said", "code"),
    [
        (
            "诊断交易员 机器人一号",
            "你没有叫「机器人一号」的交易员（你还没有任何交易员）",
            "trader_named_none",
        ),
        (
            "diagnose trader robot one",
            "You have no trader called “robot one” (you have none yet)",
            "trader_named_none",
        ),
        ("诊断策略 网格一号", "你没有叫「网格一号」的策略（你还没有任何策略）", "strategy_named_none"),
        ("diagnose strategy 'eth grid'", "You have no strategy called “eth grid”", "strategy_named_none"),
    ],
)
async def test_a_named_one_with_none_at_all_is_said_back_too(text: str, said: str, code: str) -> None:
    desk = make_trader_desk()
    [block] = [b for b in (await desk.chat.say(text)).blocks if isinstance(b, DiagnosisBlock)]
    assert block.cause_code == code and block.cause.startswith(said), block.cause


@pytest.mark.parametrize(
    "text", ["交易员为什么不下单", "why won't my trader start", "为什么我的网格策略不成交"]
)
async def test_a_request_that_names_none_checks_theirs(text: str) -> None:
    blocks = await diagnosed_with_alpha(text)
    assert blocks and all(b.cause_code != "named_missing" for b in blocks)


@pytest.mark.parametrize("text", ["删除币安的账户", "delete binance's account"])
async def test_an_account_named_by_its_exchange_with_a_possessive_is_theirs(text: str) -> None:
    """ "币安的账户" / "binance's account" is their Binance account: before session 35 the 的 / 's
    stayed on the name, and no account of theirs was found."""
    desk = make_trade_desk()
    now = datetime.now(UTC)
    audit = AuditEntry(OWNER, "test", now, "test", "create", None, None, "ok")
    await desk.workspace.accounts.create(NewExchangeAccount(OWNER, "主", "binance", {}, None, now), audit)
    reply = await desk.chat.say(text)
    assert reply.status is Status.AWAITING_CONFIRMATION, said(reply)
    assert "主" in said(reply) or any("主" in getattr(b, "text", "") for b in reply.blocks)
