"""A deskmate process asking Binance through the market guard, for the two-process weight test.

    python -m tests.storage.weight_worker URL OUT GO CALLS BUDGET

Says it is ready, waits for GO (so two processes start together), then asks CALLS books (weight 2
each) within one UTC minute against a budget of BUDGET a minute shared through the database;
writes to OUT how many reached the (fake) exchange and how many were refused by the budget.
"""

from __future__ import annotations

import asyncio
import sys
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

from adapters.storage.engine import create_engine
from adapters.storage.market_blocks import SqlMarketBlockStore
from adapters.storage.market_weights import SqlMarketWeightStore
from core.clock import FixedClock
from core.market import MarketError, MarketErrorCode
from core.market_guard import MarketGuard
from tests.fakes import ScriptedMarket
from tests.storage.alert_worker import wait_for_start

MINUTE = datetime(2026, 7, 14, 10, 30, 5, tzinfo=UTC)  # both processes in the same minute


async def main(url: str, calls: int, budget: int) -> str:
    engine = create_engine(url)
    exchange = ScriptedMarket(prices={"BTCUSDT": Decimal("90000")}, bids={"BTCUSDT": Decimal("89990")})
    guard = MarketGuard(
        exchange, SqlMarketBlockStore(engine), FixedClock(MINUTE),
        weights=SqlMarketWeightStore(engine), weight_budget=budget,
    )  # fmt: skip
    refused = 0
    try:
        for _ in range(calls):
            try:
                await guard.get_book("BTCUSDT")
            except MarketError as exc:
                assert exc.code == MarketErrorCode.RATE_LIMITED
                refused += 1
    finally:
        await engine.dispose()
    return f"{len(exchange.calls)} {refused}"


if __name__ == "__main__":
    wait_for_start(Path(sys.argv[2]), Path(sys.argv[3]))
    Path(sys.argv[2]).write_text(asyncio.run(main(sys.argv[1], int(sys.argv[4]), int(sys.argv[5]))))
