"""Protective orders, open orders and cancelling by conversation (zh + en), through the real Core
on a paper account. Book: BTC ask 90,000.00 / bid 89,990.00; SOL 150.00 / 149.98; fee 0.1 %."""

from __future__ import annotations

from decimal import Decimal

import pytest

from core.reply import DetailsBlock, OrderBlock, Status
from core.trading.model import OrderStatus
from tests.trading.conftest import TradeDesk, codes, confirm_button, make_trade_desk


async def holding(desk: TradeDesk, text: str) -> None:
    summary = await desk.chat.say(text)
    done = await desk.chat.press(confirm_button(summary))
    assert done.status is Status.COMPLETED, done


def rows(reply: object) -> dict[str, str]:
    return dict(next(b for b in reply.blocks if isinstance(b, DetailsBlock)).rows)  # type: ignore[attr-defined]


def orders_of(reply: object) -> list[OrderBlock]:
    return [b for b in reply.blocks if isinstance(b, OrderBlock)]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("buy", "text", "label", "shown"),
    [
        ("买 0.01 BTC", "给我的 BTC 设置止损 80000", "止损", "80,000.00 USDT (-11.10%)"),
        ("buy 2 SOL", "take profit on my SOL at 200", "Take-profit", "200.00 USDT (+33.35%)"),
    ],
)
async def test_a_protective_order_is_summarized_confirmed_and_rests(
    buy: str, text: str, label: str, shown: str
) -> None:
    desk = make_trade_desk()
    await holding(desk, buy)
    summary = await desk.chat.say(text)
    assert summary.route.skill == "orders" and summary.route.action == "protect", summary.route
    assert summary.status is Status.AWAITING_CONFIRMATION, summary
    assert rows(summary)[label] == shown
    assert ("市价卖出" if buy.startswith("买") else "sells at market") in str(
        summary
    )  # not "its price or better"
    done = await desk.chat.press(confirm_button(summary))
    assert codes(done) == ["order_open"], done
    (block,) = orders_of(done)
    assert block.status == "open" and block.trigger_price is not None


async def test_the_pair_rests_as_two_orders_sharing_one_lock() -> None:
    desk = make_trade_desk()
    await holding(desk, "buy 2 SOL")
    summary = await desk.chat.say("SOL 止盈 200 止损 120")
    assert summary.status is Status.AWAITING_CONFIRMATION, summary
    assert {"止盈", "止损", "冻结资金"} <= set(rows(summary))
    done = await desk.chat.press(confirm_button(summary))
    blocks = orders_of(done)
    assert [b.order_type for b in blocks] == ["take_profit", "stop_loss"]
    open_now = [o for o in desk.orders.orders.values() if o.status is OrderStatus.OPEN]
    assert len(open_now) == 2 and len({o.group_id for o in open_now}) == 1


@pytest.mark.parametrize("text", ["sol的挂单都清掉", "cancel my sol orders"])
async def test_a_coin_named_cancels_that_coins_orders_only(text: str) -> None:
    desk = make_trade_desk()
    for placed in ("limit buy 0.01 BTC at 80000", "limit buy 1 SOL at 100"):
        summary = await desk.chat.say(placed)
        await desk.chat.press(confirm_button(summary))
    ask = await desk.chat.say(text)
    assert ask.status is Status.AWAITING_CONFIRMATION, ask
    assert "SOL" in str(ask) and "BTC" not in str(ask), str(ask)
    done = await desk.chat.press(confirm_button(ask))
    assert codes(done) == ["orders_cancelled"], done
    assert [b.symbol for b in orders_of(done)] == ["SOLUSDT"]
    open_now = [o.symbol for o in desk.orders.orders.values() if o.status is OrderStatus.OPEN]
    assert open_now == ["BTCUSDT"]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("给我的 BTC 设置止损 95000", ("95000", "89990")),
        ("take profit on my BTC at 85000", ("85000", "89990")),
    ],
)
async def test_a_trigger_on_the_wrong_side_is_refused_with_the_numbers(
    text: str, words: tuple[str, ...]
) -> None:
    desk = make_trade_desk()
    await holding(desk, "buy 0.01 BTC")
    reply = await desk.chat.say(text)
    assert reply.status is Status.FAILED and codes(reply) == ["wrong_side"], reply
    for word in words:
        assert word in str(reply)


async def test_open_orders_then_cancel_one_by_number_and_all() -> None:
    desk = make_trade_desk()
    for text in ("以 85000 挂单买 0.01 BTC", "limit buy 0.02 BTC at 80000"):
        summary = await desk.chat.say(text)
        await desk.chat.press(confirm_button(summary))
    for text in ("我的挂单", "open orders"):
        listed = await desk.chat.say(text)
        assert listed.route.skill == "orders" and listed.route.action == "open_orders", listed.route
        assert len(orders_of(listed)) == 2
    first = orders_of(listed)[0].order_no
    done = await desk.chat.say(f"撤销 #{first}")
    assert codes(done) == ["orders_cancelled"], done
    assert [b.status for b in orders_of(done)] == ["cancelled"]
    ask = await desk.chat.say("cancel all my open orders")
    assert ask.status is Status.AWAITING_CONFIRMATION, ask
    done = await desk.chat.press(confirm_button(ask))
    assert codes(done) == ["orders_cancelled"] and len(orders_of(done)) == 1
    balances = {b.asset: b for b in desk.orders.balances[next(iter(desk.orders.balances))].values()}
    assert balances["USDT"].locked == 0 and balances["USDT"].free == Decimal("10000")
    empty = await desk.chat.say("我的挂单")
    assert codes(empty) == ["no_open_orders"]


@pytest.mark.parametrize("said", ["取消{}号和{}号单", "cancel order {} and {}", "cancel orders {} and {}"])
async def test_two_order_numbers_in_one_cancel_cancel_each(said: str) -> None:
    """ "取消3号和4号单" cancelled order 4 alone (session 41); then two numbers were refused quoting
    both. Now each number is its own ask, answered in order in one reply, as "删除3号和4号" is for
    records: both orders are cancelled, and no other."""
    desk = make_trade_desk()
    for text in ("limit buy 0.01 BTC at 85000", "limit buy 0.02 BTC at 80000", "limit buy 0.03 BTC at 75000"):
        summary = await desk.chat.say(text)
        await desk.chat.press(confirm_button(summary))
    first, second, third = (b.order_no for b in orders_of(await desk.chat.say("open orders")))
    reply = await desk.chat.say(said.format(first, second))
    assert codes(reply).count("orders_cancelled") == 2, reply
    still = [o.quantity for o in desk.orders.orders.values() if o.status is OrderStatus.OPEN]
    assert still == [Decimal("0.03")] and third not in (first, second), still


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (
            "why hasn't my limit order filled?",
            ("best ask, now 90,000.00", "fall 5.56% to 85,000.00", "until cancelled"),
        ),
        ("为什么我的挂单还没成交", ("卖一价 90,000.00", "下跌 5.56% 到 85,000.00")),
    ],
)
async def test_why_a_limit_order_has_not_filled_names_the_book_side_and_the_distance(
    text: str, words: tuple[str, ...]
) -> None:
    desk = make_trade_desk()
    summary = await desk.chat.say("以 85000 挂单买 0.01 BTC")
    await desk.chat.press(confirm_button(summary))
    reply = await desk.chat.say(text)
    assert reply.route.skill == "orders" and reply.route.action == "why_resting", reply.route
    said = str(reply)
    for word in words:
        assert word in said, said


async def test_why_with_nothing_open_says_how_the_last_one_ended() -> None:
    desk = make_trade_desk()
    summary = await desk.chat.say("limit buy 0.01 BTC at 85000")
    await desk.chat.press(confirm_button(summary))
    ask = await desk.chat.say("cancel all my open orders")
    await desk.chat.press(confirm_button(ask))
    reply = await desk.chat.say("why didn't my stop loss trigger")
    assert "cancelled" in str(reply), str(reply)


@pytest.mark.parametrize("text", ["cancel my stop loss on sol", "取消sol的止损"])
async def test_a_stop_loss_cancelled_by_its_kind_leaves_the_coins_limit_orders(text: str) -> None:
    desk = make_trade_desk()
    await holding(desk, "buy 2 SOL")
    for placed in ("limit buy 1 SOL at 100", "SOL 止损 120"):
        summary = await desk.chat.say(placed)
        await desk.chat.press(confirm_button(summary))
    ask = await desk.chat.say(text)
    assert ask.route.slots.get("order_type") == "stop_loss", ask.route
    done = await desk.chat.press(confirm_button(ask))
    assert codes(done) == ["orders_cancelled"], done
    assert [b.order_type for b in orders_of(done)] == ["stop_loss"]
    open_now = [o.order_type for o in desk.orders.orders.values() if o.status is OrderStatus.OPEN]
    assert open_now == ["limit"]
