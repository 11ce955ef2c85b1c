"""The smallest buy a pair allows, said with "the most I can buy" ("is 5u enough to buy btc").

Before: the answer gave only the most one could buy, and "buy 5u of btc" was then refused (5 USDT
floors to 0.00005 BTC, 4.42 USDT at 88,405, under the 5 USDT minimum order value) with nothing
having said what the least is. Figures as tests/trading/test_conversations.py's: BTC ask 90,000,
fee 0.1 %, BTC's step 0.00001 and minimum order value 5 USDT."""

from __future__ import annotations

from decimal import Decimal

from core.markets import SymbolRules
from core.trading.risk import RiskLimits
from core.trading.sizing import smallest_buy
from tests.cases import each
from tests.trading.conftest import codes, make_trade_desk

FEE = Decimal("0.001")


def rules(step: str, min_qty: str, min_notional: str) -> SymbolRules:
    return SymbolRules(Decimal("0.01"), Decimal(step), Decimal(min_qty), Decimal(9000), Decimal(min_notional))


@each(
    ("price", "step", "min_qty", "min_notional", "least", "cost"),
    [
        # 5 / 88,405.05 = 0.0000565..: 0.00005 is worth 4.42 (refused), so 0.00006 (5.3043 + fee).
        ("88405.05", "0.00001", "0.00001", "5", "0.00006", "5.3096073"),
        # The minimum value an exact number of steps: no step more.
        ("100", "0.01", "0.01", "5", "0.05", "5.005"),
        # The minimum quantity above what the value needs.
        ("3000", "0.001", "0.01", "5", "0.01", "30.03"),
        # No step given (0): the exact least.
        ("50", "0", "0", "5", "0.1", "5.005"),
    ],
)
def test_the_smallest_buy_meets_both_minimums_on_the_step(
    price: str, step: str, min_qty: str, min_notional: str, least: str, cost: str
) -> None:
    found, found_cost = smallest_buy(Decimal(price), FEE, rules(step, min_qty, min_notional))
    assert (found, found_cost) == (Decimal(least), Decimal(cost))
    assert found * Decimal(price) >= Decimal(min_notional) and found >= Decimal(min_qty)


async def test_the_most_one_can_buy_says_the_smallest_buy_too() -> None:
    for text, said in (
        ("is 5u enough to buy btc", "The smallest buy is 0.00006 BTC (about 5.41 USDT now, fee included)"),
        ("最多能买多少个BTC", "最小一笔可买 0.00006 BTC（现价约 5.41 USDT，含手续费）"),
    ):
        reply = await make_trade_desk().chat.say(text)
        assert reply.route.action == "max_buy" and codes(reply)[-1] == "max_buy", text
        assert said in reply.blocks[-1].text, reply.blocks[-1].text  # type: ignore[union-attr]


async def test_a_cap_under_the_smallest_buy_says_it_is_not_enough() -> None:
    desk = make_trade_desk(limits=RiskLimits(max_order_notional=Decimal(4)))
    reply = await desk.chat.say("how much btc can i buy")
    text = reply.blocks[-1].text  # type: ignore[union-attr]
    assert "That is not enough for the smallest buy, which is 0.00006 BTC (about 5.41 USDT now" in text, text
    assert "The smallest buy is" not in text
