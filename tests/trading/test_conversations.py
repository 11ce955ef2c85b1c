"""Trading by conversation (zh + en) through the real Core, on a paper account and a scripted book.

Figures: BTC ask 90,000.00 / bid 89,990.00; ETH 3,500.00 / 3,499.50; SOL 150.00 / 149.98; the
paper taker fee is 0.1 % in USDT; a newcomer's paper account starts with 10,000 USDT.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from core.events import ChatKind, ConversationKey
from core.reply import BalanceBlock, DetailsBlock, PositionsBlock, Status, TradesBlock
from core.trading.risk import RiskLimits
from tests.trading.conftest import OWNER, TradeDesk, codes, confirm_button, make_trade_desk, order_of
from tests.workspace.conftest import Chat


async def buy(desk: TradeDesk, text: str) -> tuple[object, object]:
    summary = await desk.chat.say(text)
    assert summary.status is Status.AWAITING_CONFIRMATION, summary
    done = await desk.chat.press(confirm_button(summary))
    return summary, done


@pytest.mark.parametrize(
    ("text", "action", "symbol", "amount"),
    [
        ("买 100 USDT 的 BTC", "buy", "BTCUSDT", "quote:100"),
        ("buy 0.01 BTC", "buy", "BTCUSDT", "base:0.01"),
        ("用模拟账户买0.01个比特币", "buy", "BTCUSDT", "base:0.01"),
        ("buy 100 USDT of ETH", "buy", "ETHUSDT", "quote:100"),
    ],
)
async def test_buy_phrasings_show_a_summary_routed_as_trade_execution(
    desk: TradeDesk, text: str, action: str, symbol: str, amount: str
) -> None:
    summary = await desk.chat.say(text)
    assert summary.route.skill == "trade_execution" and summary.route.action == action
    assert summary.route.slots["symbol"] == symbol and summary.route.slots["amount"] == amount
    assert summary.status is Status.AWAITING_CONFIRMATION
    assert summary.audience == "private"
    # A newcomer gets a paper account on first use, and is told so.
    assert codes(summary)[0] == "paper_account_opened"
    rows = dict(next(b for b in summary.blocks if isinstance(b, DetailsBlock)).rows)
    assert set(rows) >= {
        "方向",
        "交易对",
        "数量",
        "金额（约）",
        "当前卖一价",
        "预估手续费",
        "账户",
        "类型",
    } or set(rows) >= {
        "Side",
        "Symbol",
        "Quantity",
        "Amount (approx.)",
        "Current best ask",
        "Estimated fee",
        "Account",
        "Type",
    }
    assert [b.label for b in summary.buttons] in (["确认", "取消"], ["Confirm", "Cancel"])
    assert desk.orders.orders == {}  # nothing placed before the confirmation


async def test_buy_100_usdt_of_btc_fills_at_the_ask_with_the_fee_exact(desk: TradeDesk) -> None:
    summary, done = await buy(desk, "买 100 USDT 的 BTC")
    rows = dict(next(b for b in summary.blocks if isinstance(b, DetailsBlock)).rows)
    # 100 / (90000 * 1.001) = 0.001110... -> 0.00111 on the 0.00001 step
    assert rows["数量"] == "0.00111 BTC" and rows["当前卖一价"] == "90,000.00 USDT"
    assert rows["预估手续费"] == "0.0999 USDT" and rows["类型"] == "模拟盘（虚拟资金）"
    order = order_of(done)
    assert done.status is Status.COMPLETED and order.status == "filled" and order.kind == "paper"
    assert (order.quantity, order.price, order.quote_amount) == (
        Decimal("0.00111"),
        Decimal("90000.00000000"),
        Decimal("99.9000"),
    )
    assert (order.fee, order.fee_asset) == (Decimal("0.09990000"), "USDT")
    balances = {b.asset: b for b in desk.orders.balances["1"].values()}
    assert balances["USDT"].free == Decimal("10000") - Decimal("99.9") - Decimal("0.0999")  # 9899.0001
    assert balances["BTC"].free == Decimal("0.00111")
    actions = [(e.action, e.outcome) for e in desk.workspace.audit.entries]
    assert actions == [("open_paper_account", "ok"), ("order", "ok"), ("fill", "ok")]


async def test_sell_fills_at_the_bid_and_realizes_pnl_against_the_average_entry(desk: TradeDesk) -> None:
    await buy(desk, "buy 2 SOL")  # 300 USDT + 0.3 fee: cost 300.3, entry 150.15
    _, done = await buy(desk, "sell 0.5 SOL")
    order = order_of(done)
    assert (order.side, order.quantity, order.price) == ("sell", Decimal("0.5"), Decimal("149.98000000"))
    assert order.fee == Decimal("0.07499000")  # 74.99 * 0.001
    trades = await desk.orders.trades("1", 10)
    # 74.99 - 0.07499 = 74.91501 received; a quarter of the 300.3 cost closed: 75.075
    assert trades[0].realized_pnl == Decimal("-0.15999000")
    (position,) = await desk.orders.positions("1")
    assert (position.quantity, position.cost) == (Decimal("1.5"), Decimal("225.22500000"))
    assert position.avg_entry == Decimal("150.15")  # a sell does not move the entry


async def test_clear_eth_sells_the_whole_free_balance_and_half_sells_half(desk: TradeDesk) -> None:
    await buy(desk, "buy 0.5 ETH")
    summary = await desk.chat.say("清仓 ETH")
    assert summary.route.slots["amount"] == "all"
    done = await desk.chat.press(confirm_button(summary))
    assert order_of(done).quantity == Decimal("0.5")
    await buy(desk, "buy 3 SOL")
    summary = await desk.chat.say("sell half my SOL")
    assert summary.route.slots["amount"] == "fraction:0.5"
    done = await desk.chat.press(confirm_button(summary))
    assert order_of(done).quantity == Decimal("1.5")


async def test_selling_what_is_not_held_is_refused_with_binance_s_reason(desk: TradeDesk) -> None:
    reply = await desk.chat.say("sell 0.5 SOL")
    assert reply.status is Status.FAILED and codes(reply)[-1] == "insufficient_balance"
    assert "-2010 Account has insufficient balance for requested action." in reply.blocks[-1].text  # type: ignore[union-attr]
    # Nothing traded; the refusal is on record with its reason (issue 24).
    assert [(o.status.value, o.error_code) for o in desk.orders.orders.values()] == [("rejected", "-2010")]
    assert not desk.orders.trade_log


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("buy 0.000001 BTC", "数量 0.000001 低于最小下单量 0.00001（-1013 Filter failure: LOT_SIZE）。"),
        ("buy 0.000015 BTC", "数量 0.000015 不是步长 0.00001 的整数倍（-1013 Filter failure: LOT_SIZE）。"),
        ("买 3 USDT 的 BTC", "订单金额 2.7 USDT 低于最小金额 5 USDT（-1013 Filter failure: NOTIONAL）。"),
    ],
)
async def test_filter_rejections_are_binance_s_own(text: str, reason: str) -> None:
    desk = make_trade_desk()
    reply = await desk.chat.say(text + " 吧")
    assert reply.status is Status.FAILED and codes(reply)[-1] == "filter_failure"
    assert reply.blocks[-1].text == reason  # type: ignore[union-attr]


async def test_caps_refuse_clearly() -> None:
    desk = make_trade_desk(RiskLimits(max_order_notional=Decimal(1000)))
    reply = await desk.chat.say("buy 0.02 BTC")  # 1,800 USDT
    assert codes(reply)[-1] == "cap_notional"
    assert "cap per order" in reply.blocks[-1].text and "1000 USDT" in reply.blocks[-1].text  # type: ignore[union-attr]
    desk = make_trade_desk(RiskLimits(max_equity_share=Decimal("0.1")))
    reply = await desk.chat.say("buy 0.02 BTC")  # 18 % of 10,000
    assert codes(reply)[-1] == "cap_equity_share" and "18%" in reply.blocks[-1].text  # type: ignore[union-attr]
    assert [o.status.value for o in desk.orders.orders.values()] == ["rejected"]  # recorded, not traded


async def test_an_order_of_a_quarter_of_equity_needs_a_second_confirmation(desk: TradeDesk) -> None:
    summary = await desk.chat.say("buy 0.03 BTC")  # 2,700 USDT: 27 % of 10,000
    first = await desk.chat.press(confirm_button(summary))
    assert first.status is Status.AWAITING_CONFIRMATION and "confirm_twice" in codes(first)
    assert desk.orders.orders == {}
    assert (await desk.chat.press(summary.buttons[0].token)).status is Status.FAILED  # spent
    done = await desk.chat.press(confirm_button(first))
    assert order_of(done).status == "filled" and len(desk.orders.orders) == 1


async def test_a_small_order_needs_one_confirmation(desk: TradeDesk) -> None:
    summary = await desk.chat.say("buy 0.01 BTC")  # 9 %
    done = await desk.chat.press(confirm_button(summary))
    assert order_of(done).status == "filled"


async def test_a_price_move_beyond_the_tolerance_asks_again_and_the_fill_uses_the_new_price(
    desk: TradeDesk,
) -> None:
    summary = await desk.chat.say("buy 0.01 BTC")
    desk.market.prices["BTCUSDT"] = Decimal("91000.00")  # +1.11 %
    again = await desk.chat.press(confirm_button(summary))
    assert again.status is Status.AWAITING_CONFIRMATION and "price_moved" in codes(again)
    assert desk.orders.orders == {}
    desk.market.prices["BTCUSDT"] = Decimal("91500.00")  # +0.55 % from the new summary: within
    done = await desk.chat.press(confirm_button(again))
    assert order_of(done).price == Decimal("91500.00000000")


async def test_a_double_click_executes_once(desk: TradeDesk) -> None:
    summary = await desk.chat.say("buy 0.01 BTC")
    token = confirm_button(summary)
    first = await desk.chat.press(token)
    second = await desk.chat.press(token)
    assert order_of(first).status == "filled"
    assert second.status is Status.FAILED and codes(second) == ["button_used"]
    assert len(desk.orders.orders) == 1


async def test_another_user_cannot_confirm(desk: TradeDesk) -> None:
    summary = await desk.chat.say("buy 0.01 BTC")
    other = await desk.chat.press(confirm_button(summary), user_id="user-2")
    assert codes(other) == ["not_yours"] and desk.orders.orders == {}


async def test_balance_positions_trades_and_max_buy(desk: TradeDesk) -> None:
    await buy(desk, "buy 1 SOL")
    balance = await desk.chat.say("我的余额还有多少")
    assert balance.route.skill == "account_query" and balance.route.action == "balance"
    (block,) = [b for b in balance.blocks if isinstance(b, BalanceBlock)]
    assert [(a.asset, a.free) for a in block.assets] == [("USDT", Decimal("9849.85")), ("SOL", Decimal(1))]
    assert block.equity_usdt == Decimal("9999.83")  # 9849.85 + 1 x 149.98
    positions = await desk.chat.say("show my positions")
    (pos,) = [b for b in positions.blocks if isinstance(b, PositionsBlock)]
    item = pos.items[0]
    assert (item.symbol, item.quantity, item.avg_entry, item.price) == (
        "SOLUSDT",
        Decimal(1),
        Decimal("150.15000000"),
        Decimal("149.98"),
    )
    assert item.unrealized_pnl == Decimal("-0.17000000")
    trades = await desk.chat.say("最近的成交记录")
    (tr,) = [b for b in trades.blocks if isinstance(b, TradesBlock)]
    assert [(i.side, i.quantity, i.fee) for i in tr.items] == [("buy", Decimal(1), Decimal("0.15"))]
    most = await desk.chat.say("最多能买多少个ETH")
    assert most.route.action == "max_buy" and most.route.slots["symbol"] == "ETHUSDT"
    # min(balance: 9849.85 / (3500 x 1.001) -> 2.8114; cap 50 % of 9999.83 equity: 4999.915 / 3500 -> 1.4285)
    assert codes(most) == ["max_buy"] and "1.4285" in most.blocks[-1].text  # type: ignore[union-attr]
    assert "2.8114" in most.blocks[-1].text  # type: ignore[union-attr]


async def test_accounts_are_asked_with_buttons_when_several(desk: TradeDesk) -> None:
    await desk.chat.say("添加一个模拟账户")
    await desk.chat.say("A")
    await desk.chat.say("添加一个模拟账户")
    await desk.chat.say("B")
    ask = await desk.chat.say("buy 0.01 BTC")
    assert ask.status is Status.NEEDS_INPUT and [b.label for b in ask.buttons] == ["A", "B"]
    summary = await desk.chat.press(ask.buttons[1])
    assert summary.status is Status.AWAITING_CONFIRMATION
    named = await desk.chat.say("buy 0.01 BTC on my A account")
    assert named.status is Status.AWAITING_CONFIRMATION


async def test_trading_is_refused_in_groups(desk: TradeDesk) -> None:
    group = Chat(desk.core, ConversationKey("telegram", "g1", "user-1"), ChatKind.GROUP)
    for text in ("buy 0.01 BTC", "我的余额还有多少"):
        reply = await group.say(text)
        assert codes(reply) == ["private_only"] and reply.status is Status.FAILED
    assert desk.orders.orders == {} and await desk.workspace.accounts.owned(OWNER) == []
