"""deskmate's own refusals are refused orders (issue 24): an order refused before any
confirmation (the 5 USDT minimum, a cap, the balance) is stored with its reason, so "why did my
order fail" explains it and the trade history lists it, in zh and en."""

from __future__ import annotations

from decimal import Decimal

import pytest

from core.reply import NoticeBlock, Status
from core.trading.model import OrderStatus
from core.trading.risk import RiskLimits
from tests.diagnosis.conftest import only
from tests.trading.conftest import codes, make_trade_desk

ASKS = {
    "zh": ("买 1U 的 BTC", "为什么我的订单失败了", "我的交易记录"),
    "en": ("buy 1 USDT of BTC", "why did my order fail", "show my trade history"),
}


@pytest.mark.parametrize("locale", ["zh", "en"])
async def test_an_order_below_the_minimum_is_a_refused_order_the_diagnosis_and_history_see(
    locale: str,
) -> None:
    buy, why, history = ASKS[locale]
    desk = make_trade_desk()
    refused = await desk.chat.say(buy)
    assert refused.status is Status.FAILED and "filter_failure" in codes(refused)
    (order,) = desk.orders.orders.values()
    assert order.status is OrderStatus.REJECTED and order.symbol == "BTCUSDT"
    assert (order.error_code, order.error_message) == ("-1013", "Filter failure: NOTIONAL")
    block = only(await desk.chat.say(why))
    assert block.cause_code == "min_notional"  # not "no failed order"
    assert "5" in " ".join(block.next_steps)
    shown = await desk.chat.say(history)
    assert shown.route.skill == "account_query" and shown.route.action == "trades"
    notes = [b for b in shown.blocks if isinstance(b, NoticeBlock) and b.code == "refused_orders"]
    assert len(notes) == 1 and "NOTIONAL" in notes[0].text
    assert ("被拒绝" in notes[0].text) if locale == "zh" else ("refused" in notes[0].text)


@pytest.mark.parametrize("locale", ["zh", "en"])
async def test_an_order_over_the_cap_is_recorded_with_the_caps_reason(locale: str) -> None:
    desk = make_trade_desk(RiskLimits(max_order_notional=Decimal(50)))
    await desk.chat.say("买 100 USDT 的 BTC" if locale == "zh" else "buy 100 USDT of BTC")
    (order,) = desk.orders.orders.values()
    assert order.status is OrderStatus.REJECTED and order.error_code == "cap_notional"
    block = only(await desk.chat.say(ASKS[locale][1]))
    assert block.cause_code == "risk_cap_notional"
