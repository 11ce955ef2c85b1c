"""Several asks in one message get each answer in one reply, in the order asked; a risky one
still waits for its own confirmation (its buttons stay valid, across a restart too) while the
safe part is answered. A message is cut only where each clause routes on its own."""

from __future__ import annotations

import pytest

from core.reply import (
    BalanceBlock,
    Block,
    DetailsBlock,
    OrderBlock,
    PositionsBlock,
    QuoteBlock,
    Reply,
    Status,
)
from tests.conversation.conftest import Desk, codes, of


def kinds(reply: Reply) -> list[type[Block]]:
    """The reply's cards in order (notices and texts left out)."""
    return [
        type(b) for b in reply.blocks if isinstance(b, QuoteBlock | BalanceBlock | DetailsBlock | OrderBlock)
    ]


@pytest.mark.parametrize(("text", "locale"), [("比特币价格和余额", "zh"), ("BTC price and my balance", "en")])
async def test_a_price_and_the_balance_are_both_answered_in_order(desk: Desk, text: str, locale: str) -> None:
    reply = await desk.chat.say(text)
    assert reply.status is Status.COMPLETED and reply.locale == locale
    assert kinds(reply) == [QuoteBlock, BalanceBlock]
    (quote,) = of(reply, QuoteBlock)
    assert isinstance(quote, QuoteBlock) and quote.symbol == "BTCUSDT"
    assert reply.audience == "private"  # the balance is personal: the whole answer is
    assert desk.market.calls[0] == ("quote", "BTCUSDT")


@pytest.mark.parametrize(
    ("text", "confirm"),
    [("buy 0.01 BTC and show my balance", "yes"), ("买 0.01 BTC 并且查一下余额", "确认")],
)
async def test_an_order_waits_for_its_confirmation_while_the_balance_is_answered(
    desk: Desk, text: str, confirm: str
) -> None:
    reply = await desk.chat.say(text)
    assert reply.status is Status.AWAITING_CONFIRMATION
    assert "confirm_buy" in codes(reply)
    assert kinds(reply)[-1] is BalanceBlock  # asked second, shown second
    assert len(reply.buttons) == 2  # the order's confirm and cancel, nothing else
    assert desk.orders.orders == {}  # nothing placed before the confirmation
    done = await desk.chat.say(confirm)
    (order,) = of(done, OrderBlock)
    assert isinstance(order, OrderBlock) and order.status == "filled" and str(order.quantity) == "0.01"
    assert len(desk.orders.orders) == 1


async def test_the_confirm_button_of_a_split_message_works_after_a_restart(desk: Desk) -> None:
    reply = await desk.chat.say("buy 0.01 BTC and show my balance")
    confirm = reply.buttons[0]
    chat = desk.restart()
    done = await chat.press(confirm)
    (order,) = of(done, OrderBlock)
    assert isinstance(order, OrderBlock) and order.status == "filled"
    assert codes(await chat.press(confirm)) == ["button_used"]


@pytest.mark.parametrize(("text", "answer"), [("价格和余额", "ETH"), ("price and balance", "ETH")])
async def test_a_price_without_a_coin_asks_for_it_and_the_balance_is_answered(
    desk: Desk, text: str, answer: str
) -> None:
    reply = await desk.chat.say(text)
    assert reply.status is Status.NEEDS_INPUT
    assert kinds(reply) == [BalanceBlock]
    assert [b.label for b in reply.buttons][:3] == ["BTC", "ETH", "SOL"]  # the coin question's
    price = await desk.chat.say(answer)
    (quote,) = of(price, QuoteBlock)
    assert isinstance(quote, QuoteBlock) and quote.symbol == "ETHUSDT"


@pytest.mark.parametrize(
    "text",
    [
        "buy 0.01 BTC, show my balance and set up a DeepSeek model",
        "买 0.01 BTC，查一下余额，再配置一个 DeepSeek 模型",
    ],
)
async def test_a_second_task_to_open_waits_for_the_first(desk: Desk, text: str) -> None:
    reply = await desk.chat.say(text)
    assert reply.status is Status.AWAITING_CONFIRMATION
    assert "ask_waits" in codes(reply)
    assert len(reply.buttons) == 2  # only the order's: the waiting task shows none yet
    done = await desk.chat.press(reply.buttons[0])
    assert of(done, OrderBlock)
    assert codes(done) == ["order_filled", "offer_resume"]  # the model config to set up comes back


@pytest.mark.parametrize(
    ("text", "skill", "action"),
    [
        ("BTC and ETH prices", "price", "current"),  # the price skill takes both coins
        ("BTC 和 ETH 现在多少钱", "price", "current"),
        ("查询 SOL 当前价格和最近七天走势", "price", "both"),
        ("create a grid for ETH between 3000 and 4000", "strategy_management", "create"),
        ("创建一个ETH网格策略，区间3000到4000", "strategy_management", "create"),
        ("为什么余额和持仓对不上", "balance_position_diagnosis", "diagnose"),
        ("启动交易员 和平号", "trader_management", "start"),  # a name containing 和
        ("delete account rock and roll", "exchange_management", "delete"),  # one containing "and"
        ("加一个模拟账户，初始资金 5万U，名字叫 测试", "exchange_management", "create"),  # one request
        ("我的账户还有多少资金", "account_query", "balance"),  # 还有 as "left", no conjunction
        ("仓位和成交记录对不上", "balance_position_diagnosis", "diagnose"),  # one ask about both
    ],
)
async def test_one_ask_with_a_conjunction_is_not_cut(desk: Desk, text: str, skill: str, action: str) -> None:
    reply = await desk.chat.say(text)
    assert (reply.route.skill, reply.route.action) == (skill, action)
    assert not any(s.name == "several_asks" for s in reply.trace)


@pytest.mark.parametrize("text", ["余额和持仓", "my balance and positions"])
async def test_two_asks_of_one_skill_are_both_answered(desk: Desk, text: str) -> None:
    reply = await desk.chat.say(text)
    assert reply.status is Status.COMPLETED
    assert [type(b) for b in reply.blocks if isinstance(b, BalanceBlock | PositionsBlock)] == [
        BalanceBlock,
        PositionsBlock,
    ]


@pytest.mark.parametrize(
    ("text", "confirm"), [("buy 0.01 BTC and buy 0.01 ETH", "yes"), ("买 0.01 BTC，然后买 0.01 ETH", "确认")]
)
async def test_two_orders_are_confirmed_one_after_the_other(desk: Desk, text: str, confirm: str) -> None:
    first = await desk.chat.say(text)
    assert first.status is Status.AWAITING_CONFIRMATION and codes(first)[-1] == "ask_queued"
    assert first.route.slots["symbol"] == "BTCUSDT" and len(first.buttons) == 2
    done = await desk.chat.say(confirm)
    # The ETH order is offered next, at the price after the first filled, with its own buttons.
    assert codes(done)[:3] == ["order_filled", "ask_next", "confirm_buy"]
    assert done.status is Status.AWAITING_CONFIRMATION and len(done.buttons) == 2
    assert len(desk.orders.orders) == 1  # the second waits for its own confirmation
    second = await desk.chat.press(done.buttons[0])
    (order,) = of(second, OrderBlock)
    assert isinstance(order, OrderBlock) and order.symbol == "ETHUSDT" and len(desk.orders.orders) == 2
