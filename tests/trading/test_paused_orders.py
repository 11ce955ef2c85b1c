"""A paused order's buttons (issue 24): starting another order says the first one is paused and
offers the way back; its confirm button, pressed late or while paused, names that order (the BTC
one), never the order open now (the ETH one)."""

from __future__ import annotations

import pytest

from core.reply import NoticeBlock, Reply, Status
from tests.trading.conftest import confirm_button, make_trade_desk

ORDERS = {
    "zh": ("买 100 USDT 的 BTC", "买 100 USDT 的 ETH", "「买入 BTC」", "「买入 ETH」", "回到「买入 BTC」"),
    "en": ("buy 100 USDT of BTC", "buy 100 USDT of ETH", "Buy BTC", "Buy ETH", "Back to Buy BTC"),
}


def texts(reply: Reply) -> list[str]:
    return [b.text for b in reply.blocks if isinstance(b, NoticeBlock)]


@pytest.mark.parametrize("locale", ["zh", "en"])
async def test_starting_another_order_says_the_first_is_paused_and_offers_it_back(locale: str) -> None:
    btc, eth, btc_name, _, back = ORDERS[locale]
    desk = make_trade_desk()
    await desk.chat.say(btc)
    second = await desk.chat.say(eth)
    assert second.status is Status.AWAITING_CONFIRMATION
    assert any(btc_name in text for text in texts(second)), texts(second)
    assert [b.label for b in second.buttons][-1] == back
    again = await desk.chat.press(second.buttons[-1])
    assert again.status is Status.AWAITING_CONFIRMATION
    assert "BTC" in " ".join(texts(again)) and "ETH" not in " ".join(texts(again))


@pytest.mark.parametrize("locale", ["zh", "en"])
async def test_an_expired_button_of_the_paused_order_names_that_order(locale: str) -> None:
    btc, eth, btc_name, eth_name, back = ORDERS[locale]
    desk = make_trade_desk()
    first = await desk.chat.say(btc)
    await desk.chat.say(eth)
    desk.clock.advance(6 * 60)  # past both confirmations' 5 minutes
    pressed = await desk.chat.press(confirm_button(first))
    assert pressed.status is Status.FAILED
    said = texts(pressed)
    assert btc_name in said[0] and eth_name not in said[0], said
    assert pressed.buttons[0].label == back
    assert not desk.orders.orders  # nothing placed


@pytest.mark.parametrize("locale", ["zh", "en"])
async def test_a_paused_orders_button_pressed_in_time_names_that_order(locale: str) -> None:
    btc, eth, btc_name, eth_name, _ = ORDERS[locale]
    desk = make_trade_desk()
    first = await desk.chat.say(btc)
    await desk.chat.say(eth)
    desk.clock.advance(60)
    pressed = await desk.chat.press(confirm_button(first))
    assert pressed.status is Status.AWAITING_CONFIRMATION  # shown again, nothing placed
    assert btc_name in texts(pressed)[0] and eth_name not in texts(pressed)[0]
