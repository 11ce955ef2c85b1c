"""An exchange account's wallets said in a request ("现货账户", "futures account"): no account's
name. Before, "现货账户的余额" looked for an account called 现货账户 and said there was none, and
"buy 0.01 btc on my futures account" for one called "futures". deskmate reads and trades spot:
the spot wallet is the account itself, a question about another wallet answers the spot wallet
and says so, an order in another wallet is refused, never placed on spot in its place."""

from __future__ import annotations

import pytest

from core.reply import BalanceBlock, PositionsBlock, Status
from tests.trading.conftest import make_trade_desk
from tests.trading.conftest import notices as said
from tests.trading.conftest import open_account as account


@pytest.mark.parametrize(
    "text", ["现货账户的余额", "現貨帳戶的餘額", "show my spot account balance", "spot wallet balance"]
)
async def test_the_spot_wallet_is_the_account(text: str) -> None:
    desk = make_trade_desk()
    await account(desk, "测试", "paper")
    reply = await desk.chat.say(text)
    assert reply.status is Status.COMPLETED, said(reply)
    assert [b.account for b in reply.blocks if isinstance(b, BalanceBlock)] == ["测试"], reply.blocks
    assert not said(reply), said(reply)


@pytest.mark.parametrize(
    ("text", "block", "note"),
    [
        ("合约账户有多少钱", BalanceBlock, "合约账户"),
        ("合約帳戶的持倉", PositionsBlock, "合約帳戶"),
        ("资金账户余额", BalanceBlock, "资金账户"),
        ("futures account balance", BalanceBlock, "futures wallet"),
        ("my futures account positions", PositionsBlock, "futures wallet"),
        ("funding wallet balance", BalanceBlock, "funding wallet"),
    ],
)
async def test_another_wallet_asked_about_answers_spot_and_says_so(text: str, block: type, note: str) -> None:
    desk = make_trade_desk()
    await account(desk, "测试", "paper")
    reply = await desk.chat.say(text)
    assert reply.status is Status.COMPLETED, said(reply)
    assert [b.account for b in reply.blocks if isinstance(b, block)] == ["测试"], reply.blocks
    assert note in said(reply) and any(w in said(reply) for w in ("现货", "現貨", "spot")), said(reply)


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("用合约账户买0.01 btc", "合约账户"),
        ("用合約帳戶買0.01 btc", "合約帳戶"),
        ("buy 0.01 btc on my futures account", "futures wallet"),
        ("sell half my eth on my margin account", "margin wallet"),
    ],
)
async def test_an_order_in_another_wallet_is_refused_not_placed_on_spot(text: str, word: str) -> None:
    desk = make_trade_desk()
    await account(desk, "测试", "paper")
    reply = await desk.chat.say(text)
    assert reply.status is Status.FAILED, said(reply)
    assert word in said(reply), said(reply)
    assert not reply.buttons, reply.buttons  # nothing to confirm: no order summary


@pytest.mark.parametrize("text", ["用现货账户买0.01 btc", "buy 0.01 btc on my spot account"])
async def test_an_order_in_the_spot_wallet_is_the_accounts(text: str) -> None:
    desk = make_trade_desk()
    await account(desk, "测试", "paper")
    reply = await desk.chat.say(text)
    assert reply.status is Status.AWAITING_CONFIRMATION, said(reply)
    assert reply.route.slots["target_ref"]["name"] == "测试", reply.route.slots


@pytest.mark.parametrize("text", ["buy 0.01 btc on my futures account", "futures account balance"])
async def test_an_account_of_theirs_called_futures_is_that_account(text: str) -> None:
    desk = make_trade_desk()
    await account(desk, "测试", "paper")
    await account(desk, "futures", "paper")
    reply = await desk.chat.say(text)
    assert reply.route.slots["target_ref"]["name"] == "futures", reply.route.slots
    assert reply.status in (Status.COMPLETED, Status.AWAITING_CONFIRMATION), said(reply)


@pytest.mark.parametrize(
    ("text", "note"),
    [
        ("what's in my futures account", "futures wallet"),
        ("what is in my margin wallet", "margin wallet"),
        ("我的合约账户里有什么", "合约账户"),
        ("合约账户里面有啥", "合约账户"),
        ("我的合約帳戶裡有什麼", "合約帳戶"),
    ],
)
async def test_what_is_in_another_wallet_is_the_spot_holdings_and_says_so(text: str, note: str) -> None:
    """Before session 37 these showed the account's details with no word of the wallet asked about,
    as if the futures wallet were the account."""
    desk = make_trade_desk()
    await account(desk, "测试", "paper")
    reply = await desk.chat.say(text)
    assert reply.status is Status.COMPLETED, said(reply)
    assert [b.account for b in reply.blocks if isinstance(b, PositionsBlock)] == ["测试"], reply.blocks
    assert note in said(reply) and any(w in said(reply) for w in ("现货", "現貨", "spot")), said(reply)


@pytest.mark.parametrize("text", ["what's in my spot account", "我的现货账户里有什么"])
async def test_what_is_in_the_spot_wallet_is_the_accounts_holdings(text: str) -> None:
    desk = make_trade_desk()
    await account(desk, "测试", "paper")
    reply = await desk.chat.say(text)
    assert reply.status is Status.COMPLETED, said(reply)
    assert [b.account for b in reply.blocks if isinstance(b, PositionsBlock)] == ["测试"], reply.blocks
    assert not said(reply), said(reply)
