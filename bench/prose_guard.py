"""The prose guard on the note's 4,800-character head (core.planner.guard): the worst of a few
hostile shapes, on the full catalog (a running bot) beside the built-in one (the planner's
default), in the same run."""

from __future__ import annotations

import statistics
import time
from datetime import UTC, datetime
from decimal import Decimal

from bot.catalog import bundled_catalog
from core.markets import MarketCatalog
from core.planner.facts import facts_of
from core.planner.guard import ProseGuard
from core.planner.plain import NOTE_LIMIT
from core.reply import QuoteBlock

HEAD = NOTE_LIMIT * 4  # what the note reads of a model's answer (core.planner.note)
SHAPES = {
    "prose": "BTC is $84,476.65 and 比特币现在 84000 美元左右。 dogecoin is at $0.50, ETH rose 3.2% today. ",
    "figures": "1.5 2,000 $3 4% ",  # one endless sentence of figures
    "capitals": "ABC DEF GHI 12.5 ",  # words in capitals: coins nobody listed
    "coin, figure": "BTC 1 ",
    "chinese": "狗狗币现在 0.5 美元，以太坊 3500 美元，比特币 84000 美元，",
    "words": "the price of doge and pepe and bonk is 0.5 dollars today and ",
}


def _worst(guard: ProseGuard, runs: int) -> tuple[str, float]:
    at = datetime(2026, 5, 1, tzinfo=UTC)
    facts = facts_of([QuoteBlock("BTCUSDT", "BTC", "USDT", Decimal("84476.65"), "ask", "binance", at)])
    worst = ("", 0.0)
    for name, unit in SHAPES.items():
        text = (unit * (HEAD // len(unit) + 1))[:HEAD]
        times = []
        for _ in range(runs):
            t0 = time.perf_counter()
            guard.check(text, facts, (), marker="(x)")
            times.append(time.perf_counter() - t0)
        median = statistics.median(times) * 1000
        if median > worst[1]:
            worst = (name, median)
    return worst


def bench_prose_guard(runs: int = 7) -> list[tuple[str, str]]:
    full, builtin = ProseGuard(bundled_catalog()), ProseGuard(MarketCatalog())
    full.coins_in("warm BTC")  # the name index is built on first use
    builtin.coins_in("warm BTC")
    (shape, ms), (base_shape, base_ms) = _worst(full, runs), _worst(builtin, runs)
    return [
        (
            f"prose guard, {HEAD:,} chars, worst shape (median of {runs}): full catalog / built-in",
            f"{ms:.0f} ms ({shape}) / {base_ms:.0f} ms ({base_shape})",
        )
    ]
