"""A grid strategy edited while its trader runs: the next tick rebuilds the levels from the new
parameters and carries the holdings over — a holding is not bought again on the level it now
belongs to, it is sold at the top of its new band, and one bought outside the new range is set
aside (never sold by the grid); the owner is told once."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from core.strategies import StrategyChanges
from core.traders.regrid import rebuild, signature
from tests.fakes import NOW
from tests.traders.conftest import AUDIT, OWNER, TraderDesk, grid, text_of


async def _price(desk: TraderDesk, mid: str, minutes: int) -> None:
    desk.market.prices["BTCUSDT"] = Decimal(mid) + 5
    desk.market.bids["BTCUSDT"] = Decimal(mid) - 5
    await desk.tick(NOW + timedelta(minutes=minutes))


async def _holding_level_1(desk: TraderDesk) -> Decimal:
    """Levels 80000 / 85000 / 90000 / 95000 / 100000; the price falls through 85000."""
    await desk.account()
    strategy = await desk.strategy("btc grid", grid(), default=True)
    reply = await desk.chat.say("create a trader named alpha and auto start it")
    assert "trader_started" in [getattr(b, "code", None) for b in reply.blocks]
    await desk.tick()  # armed at 89995
    await _price(desk, "84000", 1)
    [bought] = await desk.orders.trades("1", 10)
    assert bought.side == "buy"
    [trader] = await desk.traders.owned(OWNER)
    assert set(trader.memory["held"]) == {"1"}
    desk.strategy_id = strategy.id  # type: ignore[attr-defined]
    return bought.quantity


async def _edit(desk: TraderDesk, lower: str, upper: str, grids: int) -> None:
    changes = StrategyChanges(params=grid(lower, upper, grids))
    await desk.strategies.update(OWNER, desk.strategy_id, changes, NOW, AUDIT)  # type: ignore[attr-defined]


async def test_a_holding_moves_to_the_new_level_it_belongs_to(desk: TraderDesk) -> None:
    quantity = await _holding_level_1(desk)
    # New levels 84500 / 86500 / 88500 / 90500 / 92500: the holding bought near 85000 is level 0's.
    await _edit(desk, "84500", "92500", 4)
    await _price(desk, "86000", 2)  # rebuilt; nothing crossed that trades
    assert len(await desk.orders.trades("1", 10)) == 1
    [trader] = await desk.traders.owned(OWNER)
    assert trader.memory["held"] == {"0": format(quantity.normalize(), "f")}
    assert trader.memory["grid"]["levels"][0] == "84500"
    [told] = desk.said("trader_regrid")
    assert "alpha" in told.text and "84500" in told.text and "1 holding" in told.text
    await _price(desk, "84000", 3)  # falls through 84500: held already, not bought again
    assert len(await desk.orders.trades("1", 10)) == 1
    await _price(desk, "87000", 4)  # rises through 86500, the top of its band: sold
    sold, _ = await desk.orders.trades("1", 10)
    assert sold.side == "sell" and sold.quantity == quantity
    [trader] = await desk.traders.owned(OWNER)
    assert trader.memory["held"] == {} and len(desk.said("trader_regrid")) == 1  # told once


async def test_a_holding_outside_the_new_range_is_set_aside_and_never_sold(desk: TraderDesk) -> None:
    quantity = await _holding_level_1(desk)
    await _edit(desk, "86000", "96000", 5)  # levels 86000 ... 96000: 85000 lies below
    await _price(desk, "91000", 2)  # would have sold the old level 1 (top 90000)
    assert len(await desk.orders.trades("1", 10)) == 1  # nothing sold
    [trader] = await desk.traders.owned(OWNER)
    shown = format(quantity.normalize(), "f")
    assert trader.memory["held"] == {}
    assert trader.memory["set_aside"] == [{"symbol": "BTCUSDT", "quantity": shown, "bought_near": "85000"}]
    [told] = desk.said("trader_regrid")
    assert f"{shown} BTC" in told.text and "won't sell" in told.text
    await _price(desk, "97000", 3)  # above the new range: still nothing
    assert len(await desk.orders.trades("1", 10)) == 1
    status = await desk.chat.say("how is my trader alpha doing")
    assert f"Set aside (the grid won't sell): {shown} BTC (bought near 85000)" in text_of(status)


def test_rebuild_merges_holdings_in_one_band_and_leaves_unchanged_levels_alone() -> None:
    old = signature("BTCUSDT", [Decimal(x) for x in (80000, 82000, 84000, 86000)])
    new = signature("BTCUSDT", [Decimal(x) for x in (80000, 86000)])
    merged = rebuild(old, new, {"0": "0.1", "1": "0.2", "2": "0.3"})
    assert merged is not None and merged.held == {"0": "0.6"} and merged.carried == 3
    assert rebuild(old, old, {"0": "0.1"}) is None
    assert rebuild(None, new, {"0": "0.1"}) is None  # levels never recorded: taken as current
    other = rebuild(old, signature("ETHUSDT", [Decimal(1), Decimal(2)]), {"1": "0.2"})
    assert other is not None and other.held == {} and other.set_aside[0]["symbol"] == "BTCUSDT"
