"""How much a SQLite database grows per alert and per trader per day, after the clean-up.

Writes what the alert checks and trader ticks leave behind -- a price sample per checked symbol
every 30 s, a decision row per trader per hour (a realistic reason, legs and outcomes) -- through
simulated days, runs the scheduled clean-up (adapters/storage/retention.py) at the end of each
day, and reports the live bytes (pages in use, free pages excluded: SQLite reuses them) once
the retention windows are full. Rows go in with executemany: the row sizes are the real ones,
only the pace is not.

    python -m tools.storage_growth [--symbols 20] [--traders 20] [--days 35]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import insert, text
from sqlalchemy.ext.asyncio import AsyncEngine

from adapters.storage import migrate
from adapters.storage.engine import create_engine
from adapters.storage.price_alerts import samples
from adapters.storage.retention import remove_expired
from adapters.storage.traders import trader_decisions, traders

START = datetime(2026, 1, 1, tzinfo=UTC)
CHECK_EVERY = timedelta(seconds=30)
REASON = (
    "BTC held above the 20-period average with rising volume; the strategy's grid level at 94,500 "
    "was not reached, so no order this hour. RSI 56, no divergence; risk limits leave 120 USDT."
)
LEGS = json.dumps([{"side": "buy", "symbol": "BTCUSDT", "quote": "50"}])
OUTCOMES = json.dumps([{"status": "filled", "order_id": "dm1a2b3c4d5e", "quantity": "0.00052"}])


async def live_bytes(engine: AsyncEngine) -> int:
    async with engine.connect() as conn:
        pages = (await conn.execute(text("PRAGMA page_count"))).scalar_one()
        free = (await conn.execute(text("PRAGMA freelist_count"))).scalar_one()
        size = (await conn.execute(text("PRAGMA page_size"))).scalar_one()
    return int((pages - free) * size)


async def simulate(path: Path, symbols: int, trader_count: int, days: int) -> list[tuple[int, int]]:
    url = f"sqlite+aiosqlite:///{path}"
    migrate.upgrade(url)
    engine = create_engine(url)
    sizes: list[tuple[int, int]] = []
    try:
        sizes.append((0, await live_bytes(engine)))  # the empty schema, subtracted below
        async with engine.begin() as conn:
            await conn.execute(
                insert(traders).prefix_with("OR IGNORE"),
                [
                    {"owner": "telegram:1", "name": f"t{i}", "name_key": f"t{i}", "created_at": START}
                    for i in range(max(trader_count, 1))
                ],
            )
        for day in range(days):
            begin = START + timedelta(days=day)
            checks = int(timedelta(days=1) / CHECK_EVERY)
            rows = [
                {"symbol": f"S{s}USDT", "at": begin + i * CHECK_EVERY, "price": "94512.37000000"}
                for i in range(checks)
                for s in range(symbols)
            ]
            decisions = [
                {
                    "trader_id": t + 1,
                    "owner": "telegram:1",
                    "run": 1,
                    "tick": (begin + h * timedelta(hours=1)).isoformat(),
                    "at": begin + h * timedelta(hours=1),
                    "action": "hold",
                    "reason": REASON,
                    "legs": LEGS,
                    "outcomes": OUTCOMES,
                    "status": "done",
                    "error": None,
                    "tokens": 812,
                    "updated_at": begin + h * timedelta(hours=1),
                }
                for h in range(24)
                for t in range(trader_count)
            ]
            async with engine.begin() as conn:
                if rows:
                    await conn.execute(insert(samples), rows)
                if decisions:
                    await conn.execute(insert(trader_decisions), decisions)
            await remove_expired(engine, begin + timedelta(days=1))
            sizes.append((day + 1, await live_bytes(engine)))
    finally:
        await engine.dispose()
    return sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--symbols", type=int, default=20)
    parser.add_argument("--traders", type=int, default=20)
    parser.add_argument("--days", type=int, default=35)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        # Two runs: only symbols, only traders, so each figure is its own.
        alert_sizes = asyncio.run(simulate(Path(tmp) / "alerts.db", args.symbols, 0, 4))
        trader_sizes = asyncio.run(simulate(Path(tmp) / "traders.db", 0, args.traders, args.days))
    print(f"alert samples, {args.symbols} symbols checked every 30 s (live bytes after each day's clean-up):")
    for day, size in alert_sizes:
        print(f"  day {day}: {size / 2**20:.2f} MiB")
    steady = alert_sizes[-1][1] - alert_sizes[0][1]
    growth = (alert_sizes[-1][1] - alert_sizes[-2][1]) / args.symbols
    print(f"  per checked symbol: {steady / args.symbols / 1024:.0f} KiB kept (25 h of samples); "
          f"growth per day once full: {growth:+.0f} bytes")  # fmt: skip
    print(f"trader decisions, {args.traders} hourly traders:")
    for day, size in trader_sizes:
        if day in (1, 2, 10, 29, 30, 31, 32, args.days):
            print(f"  day {day}: {size / 2**20:.2f} MiB")
    first = (trader_sizes[10][1] - trader_sizes[1][1]) / 9 / args.traders
    late = (trader_sizes[-1][1] - trader_sizes[-4][1]) / 3 / args.traders
    kept = (trader_sizes[-1][1] - trader_sizes[0][1]) / args.traders / 2**20
    print(
        f"  per trader per day: {first / 1024:.1f} KiB while filling its 30 days, {late:+.0f} bytes once full"
    )
    print(f"  kept per trader: {kept:.2f} MiB")


if __name__ == "__main__":
    main()
