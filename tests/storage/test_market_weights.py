"""The per-minute request-weight budget shared by every process on the database
(core.market_guard.MarketGuard + adapters/storage/market_weights.py): two processes asking at
once together stay within it; a call that would pass it is not made."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from datetime import UTC, timedelta
from decimal import Decimal
from pathlib import Path

import pytest

from adapters.storage.engine import create_engine
from adapters.storage.market_blocks import SqlMarketBlockStore
from adapters.storage.market_weights import SqlMarketWeightStore
from core.clock import FixedClock
from core.market import MarketError, MarketErrorCode
from core.market_guard import MarketBlock, MarketGuard
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


async def test_a_call_reads_the_block_and_takes_its_weight_in_one_round_trip(db_url: str) -> None:
    """Before a call to the exchange, with the block's cached read stale: the block read, the
    weight taken and (a minute's first take) the old minutes pruned are one statement on
    PostgreSQL, one transaction on SQLite (before: three round trips, or three transactions).
    A block on in the store is not taken from and stops the call."""
    from tests.storage.statements import counted
    from tests.storage.test_alert_cost import wire_writes

    engine = create_engine(db_url)
    try:
        clock = FixedClock(MINUTE)
        exchange = ScriptedMarket(prices={"BTCUSDT": Decimal("90000")})
        weights, blocks = SqlMarketWeightStore(engine), SqlMarketBlockStore(engine)
        guard = MarketGuard(exchange, blocks, clock, weights=weights)
        minute = int(MINUTE.timestamp() // 60)
        await weights.take("binance", minute - 20, 2, 10)  # an old minute, pruned by the first take
        for _ in range(2):  # the first prepares the statement; the next is a new minute's first take
            clock.advance(60)
            with wire_writes(db_url) as writes, counted() as sql:
                await guard.get_quote("BTCUSDT")
        assert sql.transactions == 1, sql.statements
        if db_url.startswith("postgresql"):
            assert writes[0] == 1, writes
        assert await weights.used("binance", minute + 2) == 2
        assert await weights.used("binance", minute - 20) == 0  # pruned
        # Blocked by another process: refused, nothing taken, the exchange not called.
        await blocks.record_block(
            MarketBlock(
                "binance", clock.now() + timedelta(seconds=30), MarketErrorCode.RATE_LIMITED, clock.now()
            )
        )
        clock.advance(5)
        calls = len(exchange.calls)
        with pytest.raises(MarketError) as caught:
            await guard.get_quote("BTCUSDT")
        assert caught.value.code == MarketErrorCode.RATE_LIMITED and caught.value.retry_after == 25
        assert len(exchange.calls) == calls
        assert await weights.used("binance", minute + 2) == 2
    finally:
        await engine.dispose()
