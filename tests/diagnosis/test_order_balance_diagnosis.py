"""order_execution_diagnosis over recorded orders (and pasted rejections) and
balance_position_diagnosis over a paper account's books and a live account's balances."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from decimal import Decimal

import pytest

from core.reply import Status
from core.tasks.audit import AuditEntry
from core.trading.model import Balance, NewOrder, OrderStatus, Rejection
from core.trading.ports import Settlement
from core.workspace.accounts import ExchangeAccount, NewExchangeAccount
from core.workspace.memory import MemorySecretBox
from tests.diagnosis.conftest import ScriptedExchanges, only, outcomes, steps_text
from tests.fakes import NOW
from tests.trading.conftest import OWNER, TradeDesk, confirm_button, make_trade_desk

AUDIT = AuditEntry(OWNER, "test", NOW, "trade_execution", "buy", None, None, "ok")


async def paper(desk: TradeDesk) -> ExchangeAccount:
    reply = await desk.chat.say("buy 100 USDT of BTC")
    await desk.chat.press(confirm_button(reply))
    (account,) = await desk.workspace.accounts.owned(OWNER)
    return account


async def recorded(
    desk: TradeDesk,
    account: ExchangeAccount,
    cid: str,
    quantity: str,
    status: OrderStatus,
    rejection: Rejection | None = None,
) -> None:
    new = NewOrder(
        cid, OWNER, account.id, account.name, "paper", "paper", "BTCUSDT", "buy", Decimal(quantity), NOW
    )
    await desk.orders.claim(new, AUDIT)
    if status is not OrderStatus.PENDING:
        await desk.orders.settle(cid, Settlement(status, rejection=rejection), "BTC", AUDIT)


@pytest.fixture
def desk() -> TradeDesk:
    return make_trade_desk()


async def test_a_lot_size_rejection_is_explained_with_the_symbols_rules(desk: TradeDesk) -> None:
    account = await paper(desk)
    rejection = Rejection("-1013", "Filter failure: LOT_SIZE", "min_qty")
    await recorded(desk, account, "dm" + "a" * 28, "0.000001", OrderStatus.REJECTED, rejection)
    for text, zh in (("为什么我的订单失败了", True), ("why was my BTC order rejected", False)):
        reply = await desk.chat.say(text)
        assert reply.route.skill == "order_execution_diagnosis" and reply.status is Status.COMPLETED
        block = only(reply)
        assert outcomes(block) == {"order": "failed", "filters": "failed", "balance": "ok"}
        assert block.cause_code == "lot_size"
        assert ("步长" if zh else "step") in block.next_steps[0]
        assert "0.00001" in steps_text(block)  # the symbol's step and minimum quantity


async def test_an_order_too_big_for_the_balance(desk: TradeDesk) -> None:
    account = await paper(desk)
    rejection = Rejection("-2010", "Account has insufficient balance for requested action.")
    await recorded(desk, account, "dm" + "b" * 28, "1", OrderStatus.REJECTED, rejection)
    block = only(await desk.chat.say("why did my order fail"))
    assert block.cause_code == "balance_short"  # the exchange's -2010, with the balance it saw
    balance = next(c for c in block.checks if c.name == "balance")
    assert balance.outcome == "failed" and "USDT" in balance.detail


async def test_a_cap_is_never_suggested_to_be_raised(desk: TradeDesk) -> None:
    account = await paper(desk)
    rejection = Rejection("cap_notional", "order notional above the account's cap", "max_order_notional")
    await recorded(desk, account, "dm" + "c" * 28, "0.01", OrderStatus.REJECTED, rejection)
    for text in ("为什么下单失败", "why did my order fail"):
        block = only(await desk.chat.say(text))
        assert block.cause_code == "risk_cap_notional"
        text_all = (block.cause + steps_text(block)).lower()
        assert "raise" not in text_all and "increase" not in text_all and "提高上限" not in text_all
        assert "smaller" in text_all or "调小" in text_all


async def test_an_unknown_and_a_stuck_order(desk: TradeDesk) -> None:
    account = await paper(desk)
    await recorded(desk, account, "dm" + "d" * 28, "0.001", OrderStatus.UNKNOWN)
    assert only(await desk.chat.say("why did my order fail")).cause_code == "order_unknown"
    stuck = "dm" + "e" * 28
    await recorded(desk, account, stuck, "0.001", OrderStatus.PENDING)
    desk.orders.orders[stuck] = replace(desk.orders.orders[stuck], created_at=NOW + timedelta(minutes=1))
    desk.clock.advance(600)
    block = only(await desk.chat.say(f"what happened to order {stuck}, it failed"))
    assert block.cause_code == "order_pending"


async def test_no_failed_order(desk: TradeDesk) -> None:
    await paper(desk)
    block = only(await desk.chat.say("为什么我的订单失败了"))
    assert block.cause_code == "no_failed_order" and "-2010" in steps_text(block)


async def test_another_persons_order_id_is_not_looked_at(desk: TradeDesk) -> None:
    account = await paper(desk)
    theirs = replace(account, id="999", owner="console:someone-else")
    rejection = Rejection("-2010", "Account has insufficient balance for requested action.")
    await recorded(desk, theirs, "dm" + "f" * 28, "1", OrderStatus.REJECTED, rejection)
    block = only(await desk.chat.say(f"why did order dm{'f' * 28} fail"))
    assert block.cause_code == "no_failed_order"


@pytest.mark.parametrize(
    ("text", "cause"),
    [
        ("下单报 -2010 余额不足", "insufficient_balance"),
        ('买 BTC 失败 {"code":-1013,"msg":"Filter failure: NOTIONAL"}', "min_notional"),
        ("my sell order got -1013 Filter failure: LOT_SIZE", "lot_size"),
    ],
)
async def test_pasted_order_rejections(desk: TradeDesk, text: str, cause: str) -> None:
    reply = await desk.chat.say(text)
    assert reply.route.skill == "order_execution_diagnosis"
    block = only(reply)
    assert block.checks[0].name == "pasted_error" and block.cause_code == cause
    if "BTC" in text:
        assert outcomes(block)["filters"] == "ok" and "0.00001" in steps_text(block)


# -- balances, positions, trade history -----------------------------------------------------------


async def test_a_paper_account_that_adds_up(desk: TradeDesk) -> None:
    await paper(desk)
    for text in ("为什么余额和持仓对不上", "my positions don't match my balance"):
        reply = await desk.chat.say(text)
        assert reply.route.skill == "balance_position_diagnosis"
        block = only(reply)
        assert outcomes(block) == {"balances": "ok", "positions": "ok", "history": "ok", "ledger": "ok"}
        assert block.cause_code == "balances_consistent"


async def test_paper_books_that_do_not_add_up_are_deskmates_fault(desk: TradeDesk) -> None:
    account = await paper(desk)
    books = desk.orders.balances[account.id]
    books["USDT"] = Balance("USDT", books["USDT"].free + Decimal(5))
    block = only(await desk.chat.say("why is my balance wrong"))
    assert outcomes(block)["ledger"] == "failed" and block.cause_code == "paper_ledger_mismatch"
    assert "maintainers" in steps_text(block)


async def test_a_live_account_traded_outside_deskmate() -> None:
    live = ScriptedExchanges(
        {"binance": {"balances": [Balance("USDT", Decimal(50)), Balance("ETH", Decimal(2))]}}
    )
    desk = make_trade_desk(live=live)
    box = MemorySecretBox()
    await desk.workspace.accounts.create(
        NewExchangeAccount(
            OWNER,
            "main",
            "binance",
            {"api_key": box.encrypt("k" * 64), "api_secret": box.encrypt("s" * 64)},
            None,
            NOW,
        ),
        AUDIT,
    )
    block = only(await desk.chat.say("我的币安账户余额和持仓对不上"))
    positions = next(c for c in block.checks if c.name == "positions")
    assert positions.outcome == "failed" and "ETH" in positions.detail
    assert block.cause_code == "traded_outside" and "ledger" not in outcomes(block)
