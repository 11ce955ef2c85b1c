""" "卖掉三分之一的sol", "sell a third of my sol", "sell 1/3 of my btc": a share with no exact
decimal is carried as a rational through the order sizing and rounded once, to the exchange's
step. Before, "1/3" and "三分之一" were refused ("separators") and "a third" was not read (the
amount asked again); a third of 0.3 on a 0.1 step computed from a rounded 0.333... would be 0.0."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from core.reply import DetailsBlock, Status
from core.trading.model import OrderIntent
from core.trading.sizing import budget_of, share_of
from core.workspace.trade_shares import amount_parts
from tests.trading.conftest import TradeDesk, confirm_button, order_of


def test_a_share_is_exact_until_the_step() -> None:
    assert share_of(Decimal("0.3"), Fraction(1, 3), Decimal("0.1")) == Decimal("0.1")
    assert share_of(Decimal("1"), Fraction(1, 3), Decimal("0.001")) == Decimal("0.333")
    assert share_of(Decimal("0.9"), Fraction(2, 3), Decimal("0.01")) == Decimal("0.6")
    assert share_of(Decimal("0.05"), Fraction(1, 3), Decimal("0.1")) == Decimal(0)
    assert budget_of(Decimal("100"), Fraction(1, 3)) == Decimal("33.33333333")


def test_an_amount_slot_carries_the_share_as_two_whole_numbers() -> None:
    assert amount_parts("fraction:1/3") == ("fraction", Decimal(1), 3)
    assert amount_parts("fraction:0.5") == ("fraction", Decimal("0.5"), 1)
    assert amount_parts("quote:100") == ("quote", Decimal(100), 1)
    for broken in ("fraction:1/0", "fraction:1/x", "fraction:/3"):
        with pytest.raises(ArithmeticError):
            amount_parts(broken)
    intent = OrderIntent("sell", "SOLUSDT", "SOL", Decimal(1), "fraction", 3)
    assert intent.share == Fraction(1, 3)
    assert OrderIntent("sell", "SOLUSDT", "SOL", Decimal("0.5"), "fraction").share == Fraction(1, 2)


@pytest.mark.parametrize(
    ("text", "part_label"),
    [
        ("卖掉三分之一的sol", "占可用 SOL 的比例"),
        ("sell a third of my sol", "Share of your free SOL"),
        ("sell 1/3 of my SOL", "Share of your free SOL"),
    ],
)
async def test_a_third_is_sold_exactly_and_the_summary_says_the_share(
    desk: TradeDesk, text: str, part_label: str
) -> None:
    bought = await desk.chat.say("buy 1 SOL")
    await desk.chat.press(confirm_button(bought))
    summary = await desk.chat.say(text)
    assert summary.status is Status.AWAITING_CONFIRMATION, summary
    assert summary.route.slots["amount"] == "fraction:1/3"
    rows = dict(next(b for b in summary.blocks if isinstance(b, DetailsBlock)).rows)
    assert rows[part_label] == "1/3"
    assert rows.get("数量", rows.get("Quantity")) == "0.333 SOL"
    done = await desk.chat.press(confirm_button(summary))
    assert order_of(done).quantity == Decimal("0.333")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("sell 4/3 of my sol", "“4/3” is no share of a holding"),
        ("卖掉三分之四的sol", "「三分之四」不是持仓的一部分"),
    ],
)
async def test_a_share_above_the_whole_is_refused_quoting_it(desk: TradeDesk, text: str, said: str) -> None:
    reply = await desk.chat.say(text)
    assert reply.status is Status.NEEDS_INPUT  # the amount asked again, nothing sized
    assert any(said in getattr(b, "text", "") for b in reply.blocks)
