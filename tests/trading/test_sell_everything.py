""" "清仓" / "sell everything" with no coin offers the coins the account holds (issue 24), and a
bare coin typed where the account is asked is taken as the coin while the task needs one ("最多能买
多少" -> "ETH"), never refused as an account name."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import pytest

from core.reply import NoticeBlock, Reply, Status
from core.tasks.audit import AuditEntry
from core.workspace.accounts import NewExchangeAccount
from tests.trading.conftest import OWNER, TradeDesk, confirm_button, make_trade_desk


async def bought(desk: TradeDesk, *orders: str) -> None:
    for text in orders:
        summary = await desk.chat.say(text)
        await desk.chat.press(confirm_button(summary))


def said(reply: Reply) -> str:
    return " ".join(b.text for b in reply.blocks if isinstance(b, NoticeBlock))


@pytest.mark.parametrize(("locale", "ask"), [("zh", "清仓"), ("en", "sell everything")])
async def test_selling_everything_without_a_coin_offers_the_coins_held(locale: str, ask: str) -> None:
    desk = make_trade_desk()
    await bought(desk, "buy 0.1 ETH", "buy 0.001 BTC")
    asked = await desk.chat.say(ask)
    assert asked.status is Status.NEEDS_INPUT
    assert [b.label for b in asked.buttons] == ["ETH", "BTC"]  # held, the larger first; no SOL
    summary = await desk.chat.press(asked.buttons[0])
    assert summary.status is Status.AWAITING_CONFIRMATION and "0.1 ETH" in str(summary.blocks)


@pytest.mark.parametrize(
    ("locale", "ask", "words"),
    [("zh", "清仓", "没有可卖的币"), ("en", "sell everything", "holds no coin to sell")],
)
async def test_selling_everything_with_nothing_held_says_so_and_ends(
    locale: str, ask: str, words: str
) -> None:
    """Nothing but USDT held: no coin buttons for coins the account does not have, no order."""
    desk = make_trade_desk()
    reply = await desk.chat.say(ask)
    assert reply.status is Status.FAILED and words in said(reply) and not reply.buttons
    assert [b.code for b in reply.blocks if isinstance(b, NoticeBlock)][-1] == "nothing_to_sell"
    assert not desk.orders.orders
    after = await desk.chat.say("ETH")  # no task is left waiting for a coin
    assert after.route.skill != "trade_execution" or after.route.action != "sell"


async def two_accounts(desk: TradeDesk) -> None:
    for name in ("测试", "备用"):
        now = datetime.now(UTC)
        audit = AuditEntry(OWNER, "test", now, "test", "create", None, None, "ok")
        await desk.workspace.accounts.create(
            NewExchangeAccount(OWNER, name, "paper", {}, Decimal(10000), now), audit
        )


@pytest.mark.parametrize(("locale", "ask"), [("zh", "最多能买多少"), ("en", "how much can I buy at most")])
async def test_a_coin_typed_for_the_account_question_is_the_coin(locale: str, ask: str) -> None:
    desk = make_trade_desk()
    await two_accounts(desk)
    first = await desk.chat.say(ask)
    assert [b.label for b in first.buttons] == ["测试", "备用"]
    coin = await desk.chat.say("ETH")
    assert coin.status is Status.NEEDS_INPUT and "ETH" in said(coin)
    assert "没有找到" not in said(coin) and "No exchange account" not in said(coin)
    assert [b.label for b in coin.buttons] == ["测试", "备用"]  # the account, asked again
    answer = await desk.chat.press(coin.buttons[0])
    assert answer.status is Status.COMPLETED and "ETH" in said(answer) and "测试" in said(answer)


async def test_the_coins_held_are_read_once_when_the_coin_is_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Asking which coin to sell reads the account's balances once (on a live account, one request
    to the exchange), whether it then offers the coins held or says there are none."""
    from core.trading.service import TradingService

    desk = make_trade_desk()
    await bought(desk, "buy 0.1 ETH")
    calls: list[str] = []
    real = TradingService.raw_balances

    async def counted(self: TradingService, account: object) -> object:
        calls.append("raw_balances")
        return await real(self, account)  # type: ignore[arg-type]

    monkeypatch.setattr(TradingService, "raw_balances", counted)
    asked = await desk.chat.say("清仓")
    assert [b.label for b in asked.buttons] == ["ETH"] and calls == ["raw_balances"]
