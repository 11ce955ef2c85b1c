"""The amount a buy or sell asks for is a value (zh + en): "100U?" / "100 USDT?" is its answer
("100U, right?"), as is the amount with the order's own coin ("0.01 BTC"); a sentence that says
more ("余额100U够不够", "is 100U enough") is no amount and goes where it belongs."""

from __future__ import annotations

import pytest

from core.reply import Status
from tests.trading.conftest import TradeDesk, codes


@pytest.mark.parametrize(
    ("start", "answer", "amount"),
    [
        ("买BTC", "100U?", "quote:100"),
        ("buy BTC", "100 USDT?", "quote:100"),
        ("买BTC", "0.01个比特币", "base:0.01"),
        ("buy BTC", "0.01 BTC", "base:0.01"),
    ],
)
async def test_an_amount_with_a_question_mark_or_the_coin_is_the_answer(
    desk: TradeDesk, start: str, answer: str, amount: str
) -> None:
    asked = await desk.chat.say(start)
    assert codes(asked)[-1] == "ask_amount", codes(asked)
    summary = await desk.chat.say(answer)
    assert summary.route.skill == "trade_execution", summary.route
    assert summary.status is Status.AWAITING_CONFIRMATION and summary.route.slots["amount"] == amount


@pytest.mark.parametrize(
    ("start", "other"),
    [("买BTC", "余额100U够不够"), ("买BTC", "0.01个以太坊"), ("buy BTC", "0.01 ETH")],
)
async def test_a_sentence_saying_more_or_another_coin_is_no_amount(
    desk: TradeDesk, start: str, other: str
) -> None:
    await desk.chat.say(start)
    reply = await desk.chat.say(other)
    assert "amount" not in reply.route.slots or reply.route.slots.get("symbol") != "BTCUSDT", reply.route
    state = await desk.core.store.load_state(desk.chat.key)
    task = state.active or state.resume_stack[-1]
    assert task.skill == "trade_execution" and "amount" not in task.slots


@pytest.mark.parametrize(("start", "answer"), [("buy BTC", "all"), ("买BTC", "全部"), ("buy BTC", "half")])
async def test_a_share_answering_a_buy_says_no_usdt_and_is_refused(
    desk: TradeDesk, start: str, answer: str
) -> None:
    """'How much BTC?' answered "all" is no USDT said: refused quoting it and asked again, never
    every USDT spent (only "all my usdt" / "全部U" spends it all)."""
    await desk.chat.say(start)
    reply = await desk.chat.say(answer)
    assert codes(reply)[-2:] == ["invalid_answer", "ask_amount"], codes(reply)
    state = await desk.core.store.load_state(desk.chat.key)
    task = state.active or state.resume_stack[-1]
    assert task.skill == "trade_execution" and "amount" not in task.slots


@pytest.mark.parametrize(
    ("start", "answer", "amount"),
    [("buy BTC", "half my usdt", "fraction:0.5"), ("买BTC", "一半的U", "fraction:0.5")],
)
async def test_a_share_of_the_usdt_answers_a_buy(
    desk: TradeDesk, start: str, answer: str, amount: str
) -> None:
    await desk.chat.say(start)
    summary = await desk.chat.say(answer)
    assert summary.status is Status.AWAITING_CONFIRMATION and summary.route.slots["amount"] == amount, codes(
        summary
    )


async def test_a_stop_set_as_a_percent_is_refused_and_its_price_asked(desk: TradeDesk) -> None:
    """'put a stop 10% under my entry on sol': refused quoting it, the price in USDT asked; a coin's
    name typed as that price is no price (it was taken as one, and the order failed on it)."""
    reply = await desk.chat.say("put a stop 10% under my entry on sol")
    assert codes(reply)[0] == "invalid_slot" and codes(reply)[-1] == "ask_stop_loss", codes(reply)
    again = await desk.chat.say("SOL")
    assert codes(again)[-1] == "ask_stop_loss", codes(again)
