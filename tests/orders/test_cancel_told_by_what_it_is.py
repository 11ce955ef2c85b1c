"""An open order cancelled by what it is, not its number ("cancel my 2.8k eth bid", "把那个3000的eth
买单取消"): before, the coin, side and price were dropped and the reply only asked for a number.
Now the orders that fit are looked up: one is named in a confirmation before it goes, several (or
none) are offered as buttons, and nothing open is said. Paper account through the real Core; book:
BTC ask 90,000.00, SOL 150.00."""

from __future__ import annotations

from decimal import Decimal

import pytest

from core.reply import Status
from core.trading.model import Order, OrderStatus
from core.trading.orders import RestingOrders
from core.workspace.accounts import ExchangeAccount
from tests.orders.test_orders_conversation import orders_of
from tests.trading.conftest import TradeDesk, codes, confirm_button, make_trade_desk

PLACED = ("limit buy 0.01 BTC at 80000", "limit buy 0.02 BTC at 85000", "limit buy 1 SOL at 100")
SELLING = ("buy 0.01 BTC", "limit sell 0.01 BTC at 95000")  # a BTC sell resting beside the buys


async def placed(desk: TradeDesk, *texts: str) -> None:
    for text in texts:
        summary = await desk.chat.say(text)
        done = await desk.chat.press(confirm_button(summary))
        assert codes(done) == ["order_open"], done


def still_open(desk: TradeDesk) -> list[tuple[str, Decimal]]:
    return sorted((o.symbol, o.quantity) for o in desk.orders.orders.values() if o.status is OrderStatus.OPEN)


@pytest.mark.parametrize(
    "text",
    [
        "cancel my 85k btc bid",
        "cancel the btc limit buy at 85000",
        "撤掉btc 85000的买单",
        "撤掉0.02个btc的限价买单",
        "cancel my limit buy at 85000",
    ],
)
async def test_the_one_order_that_fits_is_named_confirmed_then_cancelled(text: str) -> None:
    desk = make_trade_desk()
    await placed(desk, *PLACED)
    ask = await desk.chat.say(text)
    assert ask.route.skill == "orders" and ask.route.action == "cancel", ask.route
    assert ask.status is Status.AWAITING_CONFIRMATION, ask
    assert "0.02 BTC @ 85000" in str(ask), str(ask)
    assert len(still_open(desk)) == 3  # nothing cancelled before the press
    done = await desk.chat.press(confirm_button(ask))
    assert codes(done) == ["orders_cancelled"], done
    assert [(b.symbol, b.quantity) for b in orders_of(done)] == [("BTCUSDT", Decimal("0.02"))]
    assert still_open(desk) == [("BTCUSDT", Decimal("0.01")), ("SOLUSDT", Decimal("1"))]


# "cancel my btc buy": its side was dropped as the order's name was read, so every BTC order was
# offered for cancelling at once, sells too (a fixed bug: the side is kept as 买单 keeps its own).
@pytest.mark.parametrize("text", ["cancel my btc limit buy", "撤销我的btc买单", "cancel my btc buy"])
async def test_several_that_fit_are_offered_as_buttons_and_the_one_pressed_goes(text: str) -> None:
    desk = make_trade_desk()
    await placed(desk, *PLACED)
    bought = await desk.chat.say(SELLING[0])
    await desk.chat.press(confirm_button(bought))
    await placed(desk, SELLING[1])
    ask = await desk.chat.say(text)
    assert ask.status is Status.NEEDS_INPUT and codes(ask) == ["ask_order_no"], ask
    labels = [b.label for b in ask.buttons]
    assert len(labels) == 2 and all("BTC" in label and "Sell" not in label for label in labels), labels
    pick = next(b for b in ask.buttons if "@ 80000" in b.label)
    done = await desk.chat.press(pick.token)
    assert codes(done) == ["orders_cancelled"], done
    assert still_open(desk) == [
        ("BTCUSDT", Decimal("0.01")),
        ("BTCUSDT", Decimal("0.02")),
        ("SOLUSDT", Decimal("1")),
    ]


async def test_none_fitting_offers_every_open_order_and_cancels_nothing_unasked() -> None:
    desk = make_trade_desk()
    await placed(desk, *PLACED)
    ask = await desk.chat.say("cancel my btc limit buy at 70000")
    assert ask.status is Status.NEEDS_INPUT and codes(ask) == ["ask_order_no"], ask
    assert "No open order" in str(ask) and len(ask.buttons) == 3, ask
    assert len(still_open(desk)) == 3


async def test_nothing_open_is_said_and_nothing_asked() -> None:
    desk = make_trade_desk()
    reply = await desk.chat.say("取消我的btc限价买单")
    assert reply.status is Status.FAILED and codes(reply)[-1] == "nothing_to_cancel", reply
    assert not reply.buttons


async def test_a_number_still_cancels_that_order_at_once() -> None:
    desk = make_trade_desk()
    await placed(desk, *PLACED)
    first = orders_of(await desk.chat.say("open orders"))[0].order_no
    done = await desk.chat.say(f"cancel order #{first}")
    assert codes(done) == ["orders_cancelled"], done
    assert len(still_open(desk)) == 2


async def test_several_that_fit_are_listed_once_in_the_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """The skill's infer (is there one that fits?) and its ask (which of these?) read the same list:
    for a live account each listing is an exchange call, so the turn lists the open orders once."""
    desk = make_trade_desk()
    await placed(desk, *PLACED)
    calls: list[str] = []
    listing = RestingOrders.open_orders

    async def counted(self: RestingOrders, account: ExchangeAccount) -> list[Order]:
        calls.append(account.id)
        return await listing(self, account)

    monkeypatch.setattr(RestingOrders, "open_orders", counted)
    ask = await desk.chat.say("cancel my btc limit buy")
    assert ask.status is Status.NEEDS_INPUT and codes(ask) == ["ask_order_no"], ask
    assert len(ask.buttons) == 2, ask
    assert len(calls) == 1, calls
    calls.clear()
    done = await desk.chat.press(next(b for b in ask.buttons if "@ 80000" in b.label).token)
    assert codes(done) == ["orders_cancelled"], done
    assert still_open(desk) == [("BTCUSDT", Decimal("0.02")), ("SOLUSDT", Decimal("1"))]
