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


# -- a finished request's buttons, and a side question that takes over -------------------------------

ENDED = {
    "zh": ("买 100 USDT 的 BTC", "比特币价格", "「买入 BTC」", "价格", "以太坊", "「ETH当前价格」"),
    "en": ("buy 100 USDT of BTC", "btc price", "Buy BTC", "what's the price", "ETH", "ETH price now"),
}


@pytest.mark.parametrize("locale", ["zh", "en"])
async def test_an_expired_button_of_a_finished_order_names_that_order(locale: str) -> None:
    order, price, name, *_ = ENDED[locale]
    desk = make_trade_desk()
    first = await desk.chat.say(order)
    desk.clock.advance(6 * 60)
    await desk.chat.say(price)  # the order's confirmation is over (said so), the price answered
    pressed = await desk.chat.press(confirm_button(first))
    assert pressed.status is Status.FAILED
    [said] = texts(pressed)
    assert name in said and ("过期" in said if locale == "zh" else "expired" in said), said
    assert [b.code for b in pressed.blocks] == ["button_expired"]  # the adapters drop the keyboard
    assert not desk.orders.orders


@pytest.mark.parametrize("locale", ["zh", "en"])
async def test_a_used_button_of_a_finished_order_names_that_order(locale: str) -> None:
    order, _, name, *_ = ENDED[locale]
    desk = make_trade_desk()
    first = await desk.chat.say(order)
    done = await desk.chat.press(confirm_button(first))
    assert done.status is Status.COMPLETED
    again = await desk.chat.press(first.buttons[1].token)  # its Cancel, spent with the confirm
    [said] = texts(again)
    assert name in said and ("用过" in said if locale == "zh" else "already used" in said), said
    assert len(desk.orders.orders) == 1


@pytest.mark.parametrize("locale", ["zh", "en"])
async def test_a_choice_button_of_a_finished_price_request_names_that_request(locale: str) -> None:
    *_, ask, coin, name = ENDED[locale]
    desk = make_trade_desk()
    asked = await desk.chat.say(ask)
    assert asked.status is Status.NEEDS_INPUT and asked.buttons[0].label == "BTC"
    answered = await desk.chat.say(coin)
    assert answered.status is Status.COMPLETED
    pressed = await desk.chat.press(asked.buttons[0])  # BTC, after the request was answered for ETH
    assert pressed.status is Status.FAILED
    [said] = texts(pressed)
    assert name in said and ("结束" in said if locale == "zh" else "over" in said), said


@pytest.mark.parametrize("locale", ["zh", "en"])
async def test_a_side_question_that_asks_back_says_the_order_is_paused(locale: str) -> None:
    order, _, name, ask, *_ = ENDED[locale]
    desk = make_trade_desk()
    await desk.chat.say(order)
    side = await desk.chat.say(ask)  # "which coin?": the price question takes over
    assert side.status is Status.NEEDS_INPUT
    assert any(name in text for text in texts(side)), texts(side)
    assert side.buttons[-1].label == ORDERS[locale][4]  # back to it
    back = await desk.chat.press(side.buttons[-1])
    assert back.status is Status.AWAITING_CONFIRMATION and "BTC" in " ".join(texts(back))


@pytest.mark.parametrize("locale", ["zh", "en"])
async def test_the_confirm_of_a_cancelled_order_names_that_order(locale: str) -> None:
    order, _, name, *_ = ENDED[locale]
    desk = make_trade_desk()
    first = await desk.chat.say(order)
    await desk.chat.say("取消" if locale == "zh" else "cancel")
    pressed = await desk.chat.press(confirm_button(first))
    [said] = texts(pressed)
    assert name in said and ("取消" in said if locale == "zh" else "cancelled" in said), said
    assert [b.code for b in pressed.blocks] == ["button_used"] and not desk.orders.orders


@pytest.mark.parametrize(
    ("locale", "sell", "ask"),
    [("zh", "清仓", "最多能买多少"), ("en", "sell everything", "how much can i buy at most")],
)
async def test_a_paused_request_still_missing_its_coin_is_named_without_a_gap(
    locale: str, sell: str, ask: str
) -> None:
    desk = make_trade_desk()
    await desk.chat.press(confirm_button(await desk.chat.say("buy 0.1 ETH")))
    await desk.chat.say(sell)  # which coin? (ETH held)
    second = await desk.chat.say(ask)
    parked = [text for text in texts(second) if "暂停" in text or "paused" in text]
    assert parked, texts(second)
    assert "「卖出」" in parked[0] if locale == "zh" else "  " not in parked[0] and " is paused" in parked[0]
    assert " 」" not in parked[0]
