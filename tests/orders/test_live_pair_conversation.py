"""The take-profit + stop-loss pair on a live OKX or Bybit account by conversation (zh + en),
through the real Core and ccxt against the local fakes (nothing reaches the internet). OKX: one
OCO algo order, listed as the two orders the person asked for, cancelled together by either's
number. Bybit: refused plainly before any Confirm, nothing sent (its API places no spot OCO)."""

from __future__ import annotations

from decimal import Decimal

from core.reply import OrderBlock, Status
from core.tasks.audit import AuditEntry
from core.workspace.accounts import NewExchangeAccount
from tests.fakes import NOW
from tests.trading.conftest import TradeDesk, codes, confirm_button, make_trade_desk
from tests.trading.fake_bybit import FakeBybit
from tests.trading.fake_okx import FakeOkx
from tests.trading.test_live_okx_bybit import BOX, BYBIT, OKX, Venue, live

OWNER = "console:user-1"


async def with_account(venue: Venue, fake: FakeOkx | FakeBybit, name: str) -> TradeDesk:
    desk = make_trade_desk(live=live(venue, fake))
    creds = {k: BOX.encrypt(v) for k, v in venue.creds.items()}
    audit = AuditEntry(OWNER, "console:chat-1:user-1", NOW, "exchange_accounts", "create", None, None, "ok")
    await desk.workspace.accounts.create(
        NewExchangeAccount(OWNER, name, venue.exchange, creds, None, NOW), audit
    )
    return desk


def orders_of(reply: object) -> list[OrderBlock]:
    return [b for b in reply.blocks if isinstance(b, OrderBlock)]  # type: ignore[attr-defined]


async def test_the_pair_on_okx_is_its_oco_shown_as_two_and_cancelled_by_either_number() -> None:
    with FakeOkx() as okx:
        okx.balances["BTC"] = Decimal("0.01")
        desk = await with_account(OKX, okx, "okx主账户")
        summary = await desk.chat.say("用 okx主账户 给我的 BTC 止盈 95000 止损 80000")
        assert summary.status is Status.AWAITING_CONFIRMATION, summary
        assert "实盘" in str(summary) and okx.order_posts == 0  # nothing before the press
        done = await desk.chat.press(confirm_button(summary))
        assert codes(done) == ["order_open"], done
        assert [b.order_type for b in orders_of(done)] == ["take_profit", "stop_loss"]
        (sent,) = okx.order_bodies
        assert (sent["ordType"], sent["tpTriggerPx"], sent["slTriggerPx"], sent["sz"]) == (
            "oco", "95000", "80000", "0.01",
        )  # fmt: skip
        listed = await desk.chat.say("open orders")
        assert [(b.order_type, b.status) for b in orders_of(listed)] == [
            ("take_profit", "open"), ("stop_loss", "open"),
        ]  # fmt: skip
        stop_no = orders_of(listed)[1].order_no
        cancelled = await desk.chat.say(f"撤销 #{stop_no}")
        assert codes(cancelled) == ["orders_cancelled"], cancelled
        assert sorted(b.status for b in orders_of(cancelled)) == ["cancelled", "cancelled"]
        assert okx.algos[sent["algoClOrdId"]]["state"] == "canceled"
        assert codes(await desk.chat.say("我的挂单")) == ["no_open_orders"]


async def test_the_pair_on_bybit_is_refused_plainly_and_nothing_is_sent() -> None:
    with FakeBybit() as bybit:
        bybit.balances["BTC"] = Decimal("0.01")
        desk = await with_account(BYBIT, bybit, "bybit main")
        summary = await desk.chat.say("on bybit main take profit on my BTC at 95000 stop loss 80000")
        assert summary.status is Status.FAILED, summary  # said before any Confirm
        said = str(summary)
        assert "one-cancels-the-other" in said and "won't emulate" in said, said
        assert bybit.order_posts == 0
