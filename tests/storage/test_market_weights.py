"""The per-minute request-weight budget shared by every process on the database
(core.market_guard.MarketGuard + adapters/storage/market_weights.py): two processes asking at
once together stay within it; a call that would pass it is not made."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from datetime import UTC
from decimal import Decimal
from pathlib import Path

import pytest

from adapters.storage.engine import create_engine
from adapters.storage.market_blocks import SqlMarketBlockStore
from adapters.storage.market_weights import SqlMarketWeightStore
from core.clock import FixedClock
from core.market import MarketError, MarketErrorCode
from core.market_guard import MarketGuard
from tests.fakes import ScriptedMarket
from tests.storage.weight_worker import MINUTE

REPO = Path(__file__).resolve().parents[2]


async def test_the_budget_refuses_without_calling_and_a_new_minute_has_its_own(db_url: str) -> None:
    engine = create_engine(db_url)
    try:
        clock = FixedClock(MINUTE)
        exchange = ScriptedMarket(prices={"BTCUSDT": Decimal("90000")}, bids={"BTCUSDT": Decimal("89990")})
        weights = SqlMarketWeightStore(engine)
        guard = MarketGuard(exchange, SqlMarketBlockStore(engine), clock, weights=weights, weight_budget=5)
        await guard.get_book("BTCUSDT")
        await guard.get_quote("BTCUSDT")  # 4 of 5 used
        with pytest.raises(MarketError) as caught:
            await guard.get_book("BTCUSDT")
        assert caught.value.code == MarketErrorCode.RATE_LIMITED
        assert caught.value.retry_after == 55  # the seconds left in the minute (it is hh:30:05)
        assert len(exchange.calls) == 2  # the refused one never reached the exchange
        minute = int(MINUTE.timestamp() // 60)
        assert await weights.used("binance", minute) == 4
        clock.advance(60)
        await guard.get_book("BTCUSDT")
        assert len(exchange.calls) == 3
    finally:
        await engine.dispose()


@pytest.mark.process
def test_two_processes_together_stay_within_the_budget(db_url: str, tmp_path: Path) -> None:
    go = tmp_path / "go"
    outs = [tmp_path / "a.txt", tmp_path / "b.txt"]
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.storage.weight_worker", db_url, str(out), str(go), "40", "50"],
            cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        for out in outs
    ]  # fmt: skip
    try:
        from tests.storage.test_price_alert_store import _wait

        _wait(lambda: all(out.with_suffix(".ready").exists() for out in outs))
        go.touch()
        for proc in procs:
            _, err = proc.communicate(timeout=120)
            assert proc.returncode == 0, err
    finally:
        for proc in procs:
            proc.kill()
    made, refused = zip(*(map(int, out.read_text().split()) for out in outs), strict=True)
    # 80 books of weight 2 asked against 50 a minute: exactly 25 reach the exchange, together.
    assert sum(made) == 25 and sum(refused) == 55, (made, refused)

    async def used() -> int:
        engine = create_engine(db_url)
        try:
            return await SqlMarketWeightStore(engine).used("binance", int(MINUTE.timestamp() // 60))
        finally:
            await engine.dispose()

    assert asyncio.run(used()) == 50
    assert MINUTE.tzinfo is UTC
